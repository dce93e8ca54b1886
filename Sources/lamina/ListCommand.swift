import ArgumentParser
import LaminaScenes

extension Lamina {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the scenes and what they show.")

        func run() throws {
            for d in SceneCatalog.all {
                let name = d.name.padding(toLength: 13, withPad: " ", startingAt: 0)
                print("\(name) \(Int(d.size.width))x\(Int(d.size.height)) pt, \(d.duration) s — \(d.summary)")
            }
        }
    }
}

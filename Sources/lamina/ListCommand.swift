import ArgumentParser
import LaminaScenes

extension Lamina {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the scenes and what they show.")

        @Flag(name: .shortAndLong, help: "Also list each scene's keys, commands and pointer gestures in `lamina view`.")
        var verbose = false

        func run() throws {
            for d in SceneCatalog.all {
                let name = d.name.padding(toLength: 13, withPad: " ", startingAt: 0)
                print("\(name) \(Int(d.size.width))x\(Int(d.size.height)) pt, \(d.duration) s — \(d.summary)")
                guard verbose else { continue }
                for c in d.commands {
                    print("    key \(c.key)  \(c.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(c.summary)")
                }
                for g in d.gestures { print("    \(g.action): \(g.summary)") }
                print("    ?      help overlay (its buttons run the commands); Esc quits")
            }
        }
    }
}

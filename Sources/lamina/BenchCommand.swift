import ArgumentParser
import Foundation
import LaminaScenes
import QuartzCore

extension Lamina {
    struct Bench: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Time frame rendering of the benchmark and demo scenes (build with -c release).",
            discussion: """
            Each scene is brought to its first key time, then the same frame is rendered --frames times \
            (evaluation of presented values, render tree, compositing); the median and minimum are printed \
            in milliseconds. Raster peers (Skia, Blend2D, Cairo) are compared by the LaminaBench executable \
            and bench/compare.sh.
            """)

        @Option(help: "Frames to time per scene.")
        var frames: Int = 15

        @Argument(help: "Scene names (default: the benchmark scenes and every demo).")
        var scenes: [String] = []

        func run() throws {
            #if DEBUG
            FileHandle.standardError.write(Data("lamina: a debug build times pixel loops ~10x slower; use `swift run -c release lamina bench`\n".utf8))
            #endif
            guard frames > 0, frames <= 10_000 else { throw CLIError("--frames must be in 1...10000") }
            let list = try scenes.isEmpty ? SceneCatalog.benchmarks + SceneCatalog.all : scenes.map(SceneCatalog.require)
            print("scene              pixels       median ms   min ms")
            for d in list {
                let g = try FrameGeometry(sceneSize: d.size, scale: 1, size: nil)
                let runner = SceneRunner(scene: d.make())
                runner.advance(to: d.keyTimes.first ?? 0)
                // One stream, as a window or video would use: caches carry over between frames.
                let stream = LayerFrameStream()
                _ = try SceneRendering.frame(runner, g, stream: stream)
                var times: [Double] = []
                for _ in 0..<frames {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try SceneRendering.frame(runner, g, stream: stream)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                times.sort()
                let name = d.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                let px = "\(g.pixelWidth)x\(g.pixelHeight)".padding(toLength: 12, withPad: " ", startingAt: 0)
                print("\(name) \(px) \(String(format: "%9.2f", times[times.count / 2]))  \(String(format: "%7.2f", times[0]))")
            }
        }
    }
}

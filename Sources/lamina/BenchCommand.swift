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
            in milliseconds. With --over A..B the frames are instead --frames evenly spaced scene times from \
            A to B seconds (an animation as it plays: nothing repeats, so per-frame caches only help what \
            really stays still); advancing the scene between frames (its script, drawing) is not timed. \
            Every frame is redrawn whole unless --incremental is given: then each frame redraws only its \
            damage (what changed since the last frame, as a window does; a repeated frame costs almost \
            nothing). \
            Raster peers (Skia, Blend2D, Cairo) are compared by the LaminaBench executable and \
            bench/compare.sh.
            """)

        @Option(help: "Frames to time per scene.")
        var frames: Int = 15

        @Option(help: "Time evenly spaced frames over scene times A..B (seconds) instead of one frame.")
        var over: String?

        @Option(help: "Pixels per point (2 draws the 1920x1080-point benchmark scenes at 3840x2160).")
        var scale: Double = 1

        @Flag(help: "Redraw only each frame's damage, as a window does (default: whole frames).")
        var incremental = false

        @Argument(help: "Scene names (default: the benchmark scenes and every demo).")
        var scenes: [String] = []

        func run() throws {
            #if DEBUG
            FileHandle.standardError.write(Data("lamina: a debug build times pixel loops ~10x slower; use `swift run -c release lamina bench`\n".utf8))
            #endif
            guard frames > 0, frames <= 10_000 else { throw CLIError("--frames must be in 1...10000") }
            let span = try over.map(Self.parseSpan)
            let list = try scenes.isEmpty ? SceneCatalog.benchmarks + SceneCatalog.all : scenes.map(SceneCatalog.require)
            print("scene              pixels       median ms   min ms")
            for d in list {
                let g = try FrameGeometry(sceneSize: d.size, scale: scale, size: nil)
                let runner = SceneRunner(scene: d.make())
                runner.advance(to: span?.from ?? d.keyTimes.first ?? 0)
                // One renderer (the runner's), as a window or video would use: caches carry over
                // between frames.
                _ = try SceneRendering.frame(runner, g)
                var times: [Double] = []
                for k in 0..<frames {
                    if let span { runner.advance(to: span.from + (span.to - span.from) * Double(k + 1) / Double(frames)) }
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try SceneRendering.frame(runner, g, redrawAll: !incremental)
                    times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
                }
                times.sort()
                let name = d.name.padding(toLength: 18, withPad: " ", startingAt: 0)
                let px = "\(g.pixelWidth)x\(g.pixelHeight)".padding(toLength: 12, withPad: " ", startingAt: 0)
                print("\(name) \(px) \(String(format: "%9.2f", times[times.count / 2]))  \(String(format: "%7.2f", times[0]))")
            }
        }

        /// "A..B" seconds, finite, A ≤ B.
        static func parseSpan(_ text: String) throws -> (from: Double, to: Double) {
            let parts = text.components(separatedBy: "..")
            guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), a.isFinite, b.isFinite, a >= 0, a <= b
            else { throw CLIError("--over must be A..B seconds with 0 ≤ A ≤ B (got \(text))") }
            return (a, b)
        }
    }
}

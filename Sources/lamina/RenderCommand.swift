import ArgumentParser
import Foundation
import LaminaScenes
import QuartzCore

extension Lamina {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render a scene or a JSON layer archive to PNG, PNG frames, or video.",
            discussion: """
            -o decides the output: FILE.png (one frame, at --time), FILE.mp4 or FILE.gif (a video, needs \
            ffmpeg), anything else is a directory of frame-NNNNN.png files. --frames A..B (frame indices at \
            --fps, both included) splits long renders across machines.
            """)

        @Argument(help: "A scene name (see `lamina list`) or a .json layer archive.")
        var input: String

        // `.unconditional`: "--time -1" reaches validate() (a clear message) instead of being
        // taken for an option.
        @Option(parsing: .unconditional, help: "Scene time in seconds for a single frame.")
        var time: Double?

        @Option(help: "Frame indices A..B at --fps (both included).")
        var frames: FrameRange?

        @Option(help: "Frames per second for frame ranges and videos.")
        var fps: Double = 30

        @Option(help: "Output size in pixels, WxH (the scene is scaled to fit and centred).")
        var size: PixelSize?

        @Option(help: "Pixels per point (ignored with --size).")
        var scale: Double = 1

        @Option(name: .shortAndLong, help: "Output: FILE.png, FILE.mp4, FILE.gif or a directory.")
        var output: String

        @Flag(help: "Let a JSON archive read image files outside its own folder (absolute paths, ..).")
        var allowFileAccess = false

        @Option(help: "MiB of pixel memory a render may hold at once: decoded images and offscreen surfaces (default: a quarter of physical memory).")
        var memoryLimit: Int?

        func validate() throws {
            if time != nil && frames != nil { throw ValidationError("use --time or --frames, not both") }
            if let time, !time.isFinite || time < 0 { throw ValidationError("--time must be a non-negative number") }
            if let memoryLimit, memoryLimit < 1 || memoryLimit > 1 << 30 { throw ValidationError("--memory-limit must be a number of MiB from 1 to \(1 << 30)") }
        }

        func run() throws {
            // One budget for everything this render decodes and draws.
            guard let memoryLimit else { return try render() }
            try RenderMemory.withLimit(memoryLimit << 20) { try render() }
        }

        private func render() throws {
            let kind = OutputKind(path: output)
            if input.lowercased().hasSuffix(".json") {
                guard case .png(let path) = kind else { throw CLIError("an archive renders one frame: use -o FILE.png") }
                guard frames == nil else { throw CLIError("--frames is for scenes; an archive renders one frame at --time") }
                let image = try SceneRendering.archive(at: input, time: time ?? 0, scale: scale, size: size,
                                                       allowFileAccess: allowFileAccess)
                try SceneRendering.write(image, to: path)
                print(path)
                return
            }
            let d = try SceneCatalog.require(input)
            let g = try FrameGeometry(sceneSize: d.size, scale: scale, size: size)
            switch kind {
            case .png(let path):
                guard frames == nil else { throw CLIError("--frames needs a directory or video output, not \(path)") }
                let t = time ?? d.keyTimes.first ?? 0
                try SceneRendering.write(try SceneRendering.stills(d, times: [t], g)[0].image, to: path)
                print(path)
            case .directory(let dir):
                if let t = time {
                    try SceneRendering.makeDirectory(dir)
                    let path = "\(dir)/\(d.name)-\(SceneRendering.timeLabel(t)).png"
                    try SceneRendering.write(try SceneRendering.stills(d, times: [t], g)[0].image, to: path)
                    print(path)
                } else {
                    let range = try frames ?? SceneRendering.wholeRange(d, fps: fps)
                    let n = try SceneRendering.frames(d, range: range, fps: fps, g, into: dir, label: d.name)
                    print("\(n) frames in \(dir)/")
                }
            case .video(let path):
                guard time == nil else { throw CLIError("--time renders one frame: use -o FILE.png") }
                _ = try VideoExport.requireFFmpeg()
                let range = try frames ?? SceneRendering.wholeRange(d, fps: fps)
                _ = try OutputFiles.checkedFolder(of: path)
                let dir = NSTemporaryDirectory() + "lamina-\(ProcessInfo.processInfo.processIdentifier)-\(d.name)"
                try Cleanup.shared.removing(dir) {
                    try SceneRendering.frames(d, range: range, fps: fps, g, into: dir, label: d.name)
                    try VideoExport.encode(frames: dir, range: range, fps: fps, output: path)
                }
                print(path)
            }
        }
    }
}

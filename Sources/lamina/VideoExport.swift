import Foundation
import LaminaScenes

/// Encodes a scene to video by piping PNG frames through ffmpeg, when ffmpeg is installed.
enum VideoExport {
    static func ffmpegPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Renders `descriptor` at `fps` into a temporary folder, then encodes `output` (H.264 MP4,
    /// or whatever the extension asks ffmpeg for).
    static func export(_ descriptor: SceneDescriptor, fps: Double, scale: CGFloat, output: String) throws {
        guard let ffmpeg = ffmpegPath() else {
            throw CLIError.failed("ffmpeg not found: apt-get install ffmpeg (or use `lamina frames` for PNG frames)")
        }
        let dir = NSTemporaryDirectory() + "lamina-frames-\(ProcessInfo.processInfo.processIdentifier)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try SceneRendering.renderFrames(descriptor, fps: fps, scale: scale, directory: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-y", "-loglevel", "error", "-framerate", String(fps), "-i", "\(dir)/frame-%05d.png",
                             "-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", output]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError.failed("ffmpeg failed with status \(process.terminationStatus)")
        }
    }
}

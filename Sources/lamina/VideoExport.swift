import Foundation

/// Encodes numbered PNG frames to a video with ffmpeg, when ffmpeg is installed.
enum VideoExport {
    static func ffmpegPath() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for dir in paths where FileManager.default.isExecutableFile(atPath: "\(dir)/ffmpeg") {
            return "\(dir)/ffmpeg"
        }
        return nil
    }

    static func requireFFmpeg() throws -> String {
        guard let path = ffmpegPath() else {
            throw CLIError("ffmpeg not found: apt-get install ffmpeg (or render PNG frames with -o DIR/)")
        }
        return path
    }

    /// Encodes `directory/frame-%05d.png` (starting at `firstFrame`) into `output`: H.264 MP4,
    /// a palette-optimised GIF, or whatever else ffmpeg makes of the extension.
    static func encode(frames directory: String, firstFrame: Int, fps: Double, output: String) throws {
        let ffmpeg = try requireFFmpeg()
        var args = ["-y", "-loglevel", "error", "-framerate", String(fps), "-start_number", String(firstFrame),
                    "-i", "\(directory)/frame-%05d.png"]
        if output.lowercased().hasSuffix(".gif") {
            args += ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", output]
        } else {
            args += ["-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", output]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = args
        do {
            try process.run()
        } catch {
            throw CLIError("cannot run \(ffmpeg): \(error.localizedDescription)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CLIError("ffmpeg failed (status \(process.terminationStatus)) writing \(output)")
        }
    }
}

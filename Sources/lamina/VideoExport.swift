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

    /// Encodes the numbered frames of `range` in `directory` (named by
    /// `SceneRendering.frameName`) into `output`: H.264 MP4, a palette-optimised GIF, or whatever
    /// else ffmpeg makes of the extension.
    static func encode(frames directory: String, range: FrameRange, fps: Double, output: String) throws {
        try encode(frames: directory, first: range.first, digits: SceneRendering.frameDigits(range), fps: fps, output: output)
    }

    /// Encodes `directory/frame-N.png` (N zero-padded to `digits`, from `first` on) into `output`.
    ///
    /// ffmpeg never sees the terminal: it gets `-nostdin` and /dev/null as standard input (in
    /// its own process group, reading a terminal would stop it with SIGTTIN and hang the
    /// render). It writes to a temporary beside `output`, renamed over it only on success, so a
    /// failed or interrupted encode leaves an existing video untouched; it is terminated if
    /// lamina is interrupted; its error output is part of the error when it fails.
    static func encode(frames directory: String, first: Int, digits: Int, fps: Double, output: String) throws {
        let ffmpeg = try requireFFmpeg()
        let temporary = try OutputFiles.temporaryPath(for: output)
        var args = ["-nostdin", "-y", "-loglevel", "error", "-framerate", String(fps), "-start_number", String(first),
                    "-i", "\(directory)/frame-%0\(digits)d.png"]
        if output.lowercased().hasSuffix(".gif") {
            args += ["-vf", "split[a][b];[a]palettegen[p];[b][p]paletteuse", temporary]
        } else {
            args += ["-pix_fmt", "yuv420p", "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", temporary]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = args
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try Cleanup.shared.removing(temporary) {
            try Cleanup.shared.supervising(process) {
                do {
                    try process.run()
                } catch {
                    throw CLIError("cannot run \(ffmpeg): \(error.localizedDescription)")
                }
                // Read before waiting: a full pipe would block ffmpeg.
                let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                process.waitUntilExit()
                guard process.terminationStatus == 0, process.terminationReason == .exit else {
                    let how = process.terminationReason == .exit ? "status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
                    throw CLIError("ffmpeg failed (\(how)) writing \(output)\(message.isEmpty ? "" : ": \(message)")")
                }
            }
            try OutputFiles.commit(temporary, to: output)
        }
    }
}

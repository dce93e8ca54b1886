import Foundation
import Testing

/// The `lamina` executable as a person runs it: under a terminal, interrupted by signals.
/// Each test runs the binary `swift test` built beside the test bundle, with a time limit.
@Suite(.serialized) struct CLIProcessTests {
    /// The built `lamina` next to this test bundle (same build folder).
    static var lamina: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina")
    }

    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-proc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func names(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    /// Runs `executable` with `arguments` in `directory`, stdin from /dev/null, and returns its
    /// exit status and output; kills it after `timeout` seconds (status -1 then).
    private func run(_ executable: String, _ arguments: [String], in directory: URL, path: String? = nil,
                     timeout: TimeInterval, signal: (after: TimeInterval, number: Int32)? = nil) throws -> (status: Int32, output: String) {
        let result = try runChildProcess(URL(fileURLWithPath: executable), arguments, in: directory,
                                         environment: path.map { ["PATH": $0] } ?? [:], signal: signal, timeout: timeout)
        return (result.status, result.output)
    }

    /// A stand-in for ffmpeg that behaves like the real one where it matters: given a terminal
    /// on standard input it waits for it (the real one reads keys, and in another process group
    /// is stopped by SIGTTIN: the render never ends); without `-nostdin` it refuses.
    private func fakeFFmpeg(in dir: URL) throws -> URL {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = """
        #!/bin/sh
        if [ -t 0 ]; then sleep 120; exit 1; fi
        case " $* " in *" -nostdin "*) ;; *) echo "fake ffmpeg: called without -nostdin" >&2; exit 3;; esac
        for last; do :; done
        printf 'fake video' > "$last"
        """
        let url = bin.appendingPathComponent("ffmpeg")
        try Data(script.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return bin
    }

    /// The README's `lamina render transitions -o transitions.mp4`, typed in a terminal, used
    /// to hang for ever: ffmpeg inherited the terminal as its standard input.
    @Test(.timeLimit(.minutes(3)))
    func videoUnderATerminalFinishes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir)
        try Data("old video".utf8).write(to: dir.appendingPathComponent("t.mp4"))
        let command = "\(Self.lamina.path) render implicit --frames 0..1 --fps 10 -o t.mp4"
        // `script` gives the command a pseudo-terminal as its standard input and output.
        let result = try run("/usr/bin/script", ["-qec", command, "/dev/null"], in: dir,
                             path: "\(bin.path):/usr/bin:/bin", timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect((try? Data(contentsOf: dir.appendingPathComponent("t.mp4"))) == Data("fake video".utf8))
        #expect(names(dir) == ["bin", "t.mp4"], "no temporaries left beside the video")
    }

    /// The same for a GIF (ffmpeg's one-pass palette filter): finishes under a terminal and
    /// replaces the old file whole.
    @Test(.timeLimit(.minutes(3)))
    func gifUnderATerminalFinishes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir)
        try Data("old gif".utf8).write(to: dir.appendingPathComponent("t.gif"))
        let command = "\(Self.lamina.path) render implicit --frames 0..1 --fps 10 -o t.gif"
        let result = try run("/usr/bin/script", ["-qec", command, "/dev/null"], in: dir,
                             path: "\(bin.path):/usr/bin:/bin", timeout: 60)
        #expect(result.status == 0, "\(result.output)")
        #expect((try? Data(contentsOf: dir.appendingPathComponent("t.gif"))) == Data("fake video".utf8))
        #expect(names(dir) == ["bin", "t.gif"], "no temporaries left beside the GIF")
    }

    /// `lamina view --headless` under a terminal runs its frames and exits: nothing in it waits
    /// for the terminal (no display: DISPLAY is removed, so no window is tried either).
    @Test(.timeLimit(.minutes(3)))
    func headlessViewUnderATerminalFinishes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let command = "env -u DISPLAY -u WAYLAND_DISPLAY \(Self.lamina.path) view implicit --headless --frames 3 -o last.png"
        let result = try run("/usr/bin/script", ["-qec", command, "/dev/null"], in: dir, timeout: 90)
        #expect(result.status == 0, "\(result.output)")
        #expect(names(dir) == ["last.png"], "the last frame is written, nothing else")
    }

    /// ffmpeg's own error output is part of lamina's message, and the old video survives.
    @Test(.timeLimit(.minutes(3)))
    func aFailingEncoderIsReportedAndTheOldVideoKept() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let ffmpeg = bin.appendingPathComponent("ffmpeg")
        try Data("#!/bin/sh\nfor last; do :; done\nprintf partial > \"$last\"\necho 'Encoder not found' >&2\nexit 1\n".utf8).write(to: ffmpeg)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: ffmpeg.path)
        try Data("old video".utf8).write(to: dir.appendingPathComponent("t.mp4"))
        let result = try run(Self.lamina.path, ["render", "implicit", "--frames", "0..1", "-o", "t.mp4"], in: dir,
                             path: "\(bin.path):/usr/bin:/bin", timeout: 90)
        #expect(result.status != 0)
        #expect(result.output.contains("Encoder not found"), "\(result.output)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("t.mp4")) == Data("old video".utf8))
        #expect(names(dir) == ["bin", "t.mp4"])
    }

    /// SIGTERM in the middle of a render: the existing output is intact (old, or new and
    /// complete), no temporary is left, and the exit status says which signal.
    @Test(.timeLimit(.minutes(3)))
    func anInterruptedRenderKeepsTheOldFileAndLeavesNothingBehind() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = Data("old image".utf8)
        try old.write(to: dir.appendingPathComponent("out.png"))
        let result = try run(Self.lamina.path, ["render", "sketch-fold", "--scale", "3", "-o", "out.png"], in: dir,
                             timeout: 120, signal: (after: 1.5, number: SIGTERM))
        let now = try Data(contentsOf: dir.appendingPathComponent("out.png"))
        if result.status == 0 {
            #expect(now.starts(with: [0x89, 0x50, 0x4E, 0x47]), "finished before the signal: a whole PNG")
        } else {
            #expect(result.status == 128 + SIGTERM, "\(result.output)")
            #expect(now == old)
        }
        #expect(names(dir) == ["out.png"])
    }

    /// Interrupting a video render removes its scratch folder of frames.
    @Test(.timeLimit(.minutes(3)))
    func anInterruptedVideoRemovesItsScratchFrames() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir)
        let process = Process()
        process.executableURL = Self.lamina
        process.arguments = ["render", "page-curl", "--fps", "60", "-o", dir.appendingPathComponent("v.mp4").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["PATH": "\(bin.path):/usr/bin:/bin"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let scratch = NSTemporaryDirectory() + "lamina-\(process.processIdentifier)-page-curl"
        // Wait until frames are being written, then interrupt.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: scratch) { Thread.sleep(forTimeInterval: 0.05) }
        #expect(FileManager.default.fileExists(atPath: scratch), "the render started writing frames")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(!FileManager.default.fileExists(atPath: scratch))
        #expect(names(dir) == ["bin"])
    }
}

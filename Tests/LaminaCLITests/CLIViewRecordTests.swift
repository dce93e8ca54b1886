import Foundation
import Testing
@testable import lamina
import LaminaScenes

/// `lamina view SCENE --record FILE` (issue 23 point 4): the frames the window presents, one
/// per refresh, encoded as `lamina render` encodes videos; and `--time T`, a window opened
/// paused at scene time T. Each test runs the built binary, as a person does.
///
/// Most use a stand-in ffmpeg that keeps the frames it is given (`RECORD_COPY`) and the frame
/// rate, so they check lamina's part everywhere; `realFFmpegMakesAVideoOfTheRightLength`
/// checks the video itself with the real ffmpeg and ffprobe, and skips without them.
@Suite(.serialized) struct CLIViewRecordTests {
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    private func names(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    /// A stand-in ffmpeg: checks that the frames of its `-i` pattern are numbered 0…n-1 with
    /// no gap and that the last is a whole PNG (ends in its IEND chunk; exits 4 or 5 if not),
    /// copies them into `$RECORD_COPY` when that is set, and writes "fps N frames M" to its
    /// output (the last argument); fails with `status` (after writing part of its output)
    /// when non-zero.
    private func fakeFFmpeg(in dir: URL, status: Int = 0) throws -> URL {
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let script = """
        #!/bin/sh
        fps=""; pattern=""; prev=""
        for a; do
          [ "$prev" = "-framerate" ] && fps="$a"
          [ "$prev" = "-i" ] && pattern="$a"
          prev="$a"; last="$a"
        done
        if [ \(status) -ne 0 ]; then printf partial > "$last"; echo 'Encoder libx264 not found' >&2; exit \(status); fi
        src=$(dirname "$pattern")
        n=$(ls "$src" | grep -c '^frame-.*\\.png$')
        if [ "$n" -gt 0 ]; then
          final=$(printf '%s/frame-%08d.png' "$src" $((n - 1)))
          [ -f "$final" ] || { echo "fake ffmpeg: $n frames but no $final" >&2; exit 4; }
          tail -c 8 "$final" | grep -q IEND || { echo "fake ffmpeg: $final is cut short" >&2; exit 5; }
        fi
        if [ -n "$RECORD_COPY" ]; then
          mkdir -p "$RECORD_COPY"
          find "$src" -maxdepth 1 -name 'frame-*.png' -exec cp -t "$RECORD_COPY" {} +
        fi
        printf 'fps %s frames %s' "$fps" "$n" > "$last"
        """
        let url = bin.appendingPathComponent("ffmpeg")
        try Data(script.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return bin
    }

    /// Runs lamina in `dir` with `environment` added, standard input from `stdin` (or
    /// /dev/null); sends `signal` after `after` seconds when given; kills it after `timeout`.
    private func lamina(_ arguments: [String], in dir: URL, environment: [String: String] = [:], stdin: String? = nil,
                        signal: (after: TimeInterval, number: Int32)? = nil,
                        timeout: TimeInterval = 240) throws -> (status: Int32, output: String, pid: Int32) {
        try runChildProcess(CLIProcessTests.lamina, arguments, in: dir, environment: environment, stdin: stdin,
                            signal: signal, timeout: timeout)
    }

    /// The offline render (`lamina render --time t`) of `scene` at scale 1.
    private func offline(_ scene: String, at t: Double) throws -> RGBImage {
        let d = try SceneCatalog.require(scene)
        let g = try FrameGeometry(sceneSize: d.size, scale: 1, size: nil)
        return try RGBImage(try SceneRendering.stills(d, times: [t], g)[0].image)
    }

    /// 30 frames, a tap (2 frames: down, up), 58 frames: 90 turns of the 60 Hz headless window.
    private let script = "frames 30\ntap 240 160\nframes 58\n"

    /// A headless scripted record: one frame per turn (90 at 60 fps: 1.5 s), the first the
    /// scene at its start as the offline renderer draws it, the last different (the tap
    /// moved the red square); the old file replaced whole, no temporaries left.
    @Test(.timeLimit(.minutes(5)))
    func headlessScriptedRecordHasOneFramePerTurn() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir)
        let copy = dir.appendingPathComponent("copy")
        try Data("old video".utf8).write(to: dir.appendingPathComponent("out.mp4"))
        let result = try lamina(["view", "implicit", "--headless", "--input", "-", "--frames", "0", "--record", "out.mp4"],
                                in: dir, environment: ["PATH": "\(bin.path):/usr/bin:/bin", "RECORD_COPY": copy.path],
                                stdin: script)
        #expect(result.status == 0, "\(result.output)")
        let written = String(decoding: try Data(contentsOf: dir.appendingPathComponent("out.mp4")), as: UTF8.self)
        #expect(written == "fps 60.0 frames 90", "\(written)")
        #expect(result.output.contains("out.mp4: 90 frames at 60 fps"), "\(result.output)")
        #expect(names(dir) == ["bin", "copy", "out.mp4"], "no temporaries beside the video")
        let frames = names(copy)
        #expect(frames.count == 90)
        #expect(frames.first == "frame-00000000.png")
        let first = try RGBImage(png: copy.appendingPathComponent(try #require(frames.first)))
        let last = try RGBImage(png: copy.appendingPathComponent(try #require(frames.last)))
        let atZero = try offline("implicit", at: 0)
        #expect(first.width == atZero.width && first.height == atZero.height)
        let startDifference = first.meanAbsoluteDifference(to: atZero)
        #expect(startDifference < 3, "first frame vs the offline render at t = 0: \(startDifference)")
        #expect(last.meanAbsoluteDifference(to: first) > 3, "the tap moved the square in what the window shows")
        let scratch = NSTemporaryDirectory() + "lamina-\(result.pid)-record-implicit"
        #expect(!FileManager.default.fileExists(atPath: scratch), "the scratch frames are removed")
    }

    /// A failing encoder: its message, a non-zero exit, the old video untouched, nothing left.
    @Test(.timeLimit(.minutes(3)))
    func aFailingEncoderFailsTheRecordAndKeepsTheOldVideo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir, status: 1)
        try Data("old video".utf8).write(to: dir.appendingPathComponent("out.mp4"))
        let result = try lamina(["view", "implicit", "--headless", "--frames", "5", "--record", "out.mp4"], in: dir,
                                environment: ["PATH": "\(bin.path):/usr/bin:/bin"])
        #expect(result.status != 0)
        #expect(result.output.contains("ffmpeg failed") && result.output.contains("Encoder libx264 not found"), "\(result.output)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("out.mp4")) == Data("old video".utf8))
        #expect(names(dir) == ["bin", "out.mp4"])
    }

    /// No ffmpeg, or an output that is not a video: a clear error before any window opens.
    @Test func recordNeedsFFmpegAndAVideoName() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let noFFmpeg = try lamina(["view", "implicit", "--headless", "--record", "out.mp4"], in: dir,
                                  environment: ["PATH": empty.path])
        #expect(noFFmpeg.status != 0)
        #expect(noFFmpeg.output.contains("ffmpeg not found"), "\(noFFmpeg.output)")
        let bin = try fakeFFmpeg(in: dir)
        let png = try lamina(["view", "implicit", "--headless", "--record", "out.png"], in: dir,
                             environment: ["PATH": "\(bin.path):/usr/bin:/bin"])
        #expect(png.status != 0)
        #expect(png.output.contains("--record writes a video"), "\(png.output)")
        #expect(names(dir) == ["bin", "empty"])
    }

    /// Ctrl-C while recording stops the window and still writes the video: the frames shown
    /// until then, complete; a status of 0; no temporaries.
    @Test(.timeLimit(.minutes(3)))
    func interruptingARecordFinishesTheVideo() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir)
        // No copy of the frames: headless, tens of thousands can be recorded before the signal.
        let result = try lamina(["view", "implicit", "--headless", "--frames", "1000000", "--record", "out.gif"], in: dir,
                                environment: ["PATH": "\(bin.path):/usr/bin:/bin"],
                                signal: (after: 4, number: SIGINT), timeout: 120)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("finishing the recording"), "\(result.output)")
        let written = String(decoding: (try? Data(contentsOf: dir.appendingPathComponent("out.gif"))) ?? Data(), as: UTF8.self)
        #expect(written.hasPrefix("fps 60.0 frames "), "\(written)")
        let count = Int(written.dropFirst("fps 60.0 frames ".count)) ?? 0
        #expect(count > 0 && count < 1_000_000, "\(written)")
        #expect(result.output.contains("out.gif: \(count) frames at 60 fps"), "\(result.output)")
        #expect(names(dir) == ["bin", "out.gif"])
    }

    /// A real SDL window (under Xvfb) recorded while an input script plays in real time, until
    /// Escape, typed by xdotool, closes it: exit 0, a video of at least the script's frames and
    /// at most the window's lifetime at 60 fps, its first frame the scene at t = 0.
    @Test(.timeLimit(.minutes(3)), .enabled(if: realWindowShotsCanRun(),
                                            "needs LAMINA_CLI_WINDOW_TEST=1, DISPLAY (e.g. Xvfb), xwd and xdotool"))
    func recordingARealWindowUntilEscape() throws {
        // One real window of these tests on the display at a time (see `realDisplay`).
        try realDisplay.withLock { try recordARealWindowUntilEscape() }
    }

    private func recordARealWindowUntilEscape() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bin = try fakeFFmpeg(in: dir)
        let copy = dir.appendingPathComponent("copy")
        let process = Process()
        process.executableURL = CLIProcessTests.lamina
        process.arguments = ["view", "implicit", "--input", "-", "--record", "out.mp4"]
        process.currentDirectoryURL = dir
        process.environment = ProcessInfo.processInfo.environment
            .merging(["PATH": "\(bin.path):/usr/bin:/bin", "RECORD_COPY": copy.path]) { $1 }
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let started = Date()
        try process.run()
        input.fileHandleForWriting.write(Data(script.utf8))
        try input.fileHandleForWriting.close()
        func xdotool(_ arguments: [String]) throws -> String {
            String(decoding: try toolOutput("/usr/bin/xdotool", arguments), as: UTF8.self)
        }
        let id = try #require(try xdotool(["search", "--sync", "--pid", String(process.processIdentifier)])
            .split(separator: "\n").first.map(String.init))
        Thread.sleep(forTimeInterval: 4)
        // Sent to the window itself: the pointer's window may be another test's.
        _ = try xdotool(["key", "--window", id, "Escape"])
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let lifetime = Date().timeIntervalSince(started)
        #expect(process.terminationStatus == 0)
        let frames = names(copy)
        #expect(frames.count >= 90 && Double(frames.count) <= (lifetime + 1) * 60, "\(frames.count) frames in \(lifetime) s")
        let written = String(decoding: (try? Data(contentsOf: dir.appendingPathComponent("out.mp4"))) ?? Data(), as: UTF8.self)
        #expect(written == "fps 60.0 frames \(frames.count)", "\(written)")
        let first = try RGBImage(png: copy.appendingPathComponent(try #require(frames.first)))
        let difference = first.meanAbsoluteDifference(to: try offline("implicit", at: 0))
        #expect(difference < 3, "first frame vs the offline render at t = 0: \(difference)")
        #expect(names(dir) == ["bin", "copy", "out.mp4"])
    }

    /// The real encoder: an H.264 MP4 whose frame count and rate ffprobe reads as recorded
    /// (90 frames at 60 fps), whose first frame, decoded by ffmpeg, is the offline render at
    /// t = 0 up to compression; and a GIF.
    @Test(.timeLimit(.minutes(5)), .enabled(if: VideoExport.ffmpegPath() != nil
                                              && FileManager.default.isExecutableFile(atPath: "/usr/bin/ffprobe"),
                                              "needs ffmpeg and ffprobe (apt-get install ffmpeg)"))
    func realFFmpegMakesAVideoOfTheRightLength() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try lamina(["view", "implicit", "--headless", "--input", "-", "--frames", "0", "--record", "out.mp4"],
                                in: dir, stdin: script)
        #expect(result.status == 0, "\(result.output)")
        let video = dir.appendingPathComponent("out.mp4")
        func tool(_ path: String, _ arguments: [String]) throws -> String {
            String(decoding: try toolOutput(path, arguments), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let probe = try tool("/usr/bin/ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                  "-show_entries", "stream=r_frame_rate,nb_read_frames,width,height",
                                                  "-of", "default=noprint_wrappers=1", video.path])
        #expect(probe.contains("r_frame_rate=60/1"), "\(probe)")
        #expect(probe.contains("nb_read_frames=90"), "\(probe)")
        #expect(probe.contains("width=480") && probe.contains("height=320"), "\(probe)")
        let firstPNG = dir.appendingPathComponent("first.png")
        _ = try tool(try #require(VideoExport.ffmpegPath()), ["-nostdin", "-v", "error", "-i", video.path, "-frames:v", "1", firstPNG.path])
        let first = try RGBImage(png: firstPNG)
        let difference = first.meanAbsoluteDifference(to: try offline("implicit", at: 0))
        #expect(difference < 6, "first decoded frame vs the offline render at t = 0: \(difference)")

        let gif = try lamina(["view", "implicit", "--headless", "--frames", "12", "--record", "out.gif"], in: dir)
        #expect(gif.status == 0, "\(gif.output)")
        let bytes = try Data(contentsOf: dir.appendingPathComponent("out.gif"))
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
    }

    /// `--time T` headless: the frame written is the one `lamina render --time T` draws (the
    /// window's badge aside), and a different time's is not.
    @Test(.timeLimit(.minutes(3)))
    func pausedAtATimeShowsTheOfflineFrameOfThatTime() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (scene, t) in [("implicit", 1.5), ("page-curl", 1.6)] {
            let png = dir.appendingPathComponent("\(scene).png")
            var settings = SceneViewer.Settings()
            settings.headless = true
            settings.pausedAt = t
            settings.output = png.path
            try SceneViewer.run(try SceneCatalog.require(scene), settings: settings)
            let shown = try RGBImage(png: png)
            let same = shown.meanAbsoluteDifference(to: try offline(scene, at: t))
            let other = shown.meanAbsoluteDifference(to: try offline(scene, at: t - 0.5))
            #expect(same < 1.5, "\(scene) at \(t): \(same)")
            #expect(other > same * 2, "\(scene): \(other) at another time vs \(same)")
        }
        for arguments in [["implicit", "--time", "-1"], ["implicit", "--time", "nan"], ["implicit", "--time", "1", "--input", "x"],
                          ["implicit", "--time", "1", "--record", "x.mp4"], ["implicit", "--record", ""]] {
            #expect(throws: (any Error).self, "\(arguments)") { _ = try Lamina.View.parse(arguments) }
        }
        #expect((try? Lamina.View.parse(["implicit", "--time", "2.5"]))?.time == 2.5)
        var bad = SceneViewer.Settings()
        bad.pausedAt = 1
        bad.record = dir.appendingPathComponent("x.mp4").path
        #expect(throws: (any Error).self) { try SceneViewer.run(try SceneCatalog.require("implicit"), settings: bad) }
    }
}

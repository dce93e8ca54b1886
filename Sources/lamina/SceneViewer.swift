import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// `lamina view`: a scene in a window (SDL2, or headless when there is no display), its
/// script played in real time, then yours to touch: drag to draw, tap, two-finger tap
/// (Alt-click), pinch (Alt-drag or Ctrl-wheel on a desktop), each scene command on its key,
/// `?` for the help overlay; Escape or closing quits. An input script (`--input`) replays an
/// interaction instead of the scene's script: in real time in a window, frame by frame headless.
///
/// `--record FILE` records what the window shows into a video (`RecordingWindow`, encoded by
/// `VideoExport` as `lamina render` does); `--time T` opens the scene paused at scene time T.
enum SceneViewer {
    struct Settings {
        var headless = false
        /// Headless only: how many frames to run (after the input script, if any) before stopping.
        var frames = 240
        /// Headless only: where to write the last frame.
        var output: String?
        var playsScript = true
        /// An `InputScript` to replay once the window is up.
        var inputScript: String?
        /// A video (`.mp4`, `.gif`, `.webm`) to record the window's frames into.
        var record: String?
        /// Scene time in seconds to open the scene paused at (see `holdPaused`).
        var pausedAt: Double?
        /// Show the debug overlay from the start (`d` toggles it, `o` the damage outlines).
        var overlay = false
        /// Print the frame statistics (`FrameTimingLog.Summary`) when the window closes.
        var stats = false
        /// Close the window after this many seconds (headless: run this many seconds of
        /// frames at the refresh rate, unless `frames` was given).
        var duration: Double?
    }

    /// SDL keycodes of the viewer's own keys: `d` toggles the debug overlay, `o` the damage
    /// outlines (and the overlay with them). No scene command uses them (`SceneCommand.reservedKeys`).
    static let overlayKey: Int32 = 100, outlinesKey: Int32 = 111

    /// Largest input script read (a script is text a person writes; 16 MB is far beyond that).
    static let maxInputBytes = 16 << 20

    /// The text of `path`, or of standard input for "-".
    static func readInput(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: path) else {
                throw CLIError("cannot read the input script \(path)")
            }
            data = read
        }
        guard data.count <= maxInputBytes else { throw CLIError("the input script is larger than 16 MB") }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError("the input script is not UTF-8 text") }
        return text
    }

    /// Shows `descriptor` until the window closes (headless: for the frames asked) and returns
    /// the window's scene, for tests to inspect. With `settings.record`, then encodes what the
    /// window showed; the first Ctrl-C (SIGINT, SIGTERM, SIGHUP) ends the window, not the
    /// recording.
    @discardableResult
    static func run(_ descriptor: SceneDescriptor, settings: Settings) throws -> SceneWindow {
        if settings.pausedAt != nil, settings.inputScript != nil || settings.record != nil {
            throw CLIError("--time opens the scene paused: it goes with neither --input nor --record")
        }
        guard let record = settings.record else { return try show(descriptor, settings: settings, recording: nil).0 }
        guard case .video = OutputKind(path: record) else {
            throw CLIError("--record writes a video: use FILE.mp4, FILE.gif or FILE.webm, not \(record)")
        }
        _ = try VideoExport.requireFFmpeg()
        _ = try OutputFiles.checkedFolder(of: record)
        let dir = NSTemporaryDirectory() + "lamina-\(getpid())-record-\(descriptor.name)"
        return try Cleanup.shared.removing(dir) {
            try SceneRendering.makeDirectory(dir)
            let stop = StopRequest()
            let (shown, recorder) = try Cleanup.shared.stoppingOnInterrupt({ stop.request() }) {
                try show(descriptor, settings: settings, recording: (dir, stop))
            }
            guard let recorder else { return shown }
            let count = try recorder.finish()
            guard count > 0 else { throw CLIError("the window showed no frame: nothing to record into \(record)") }
            try VideoExport.encode(frames: dir, first: 0, digits: FrameRecorder.digits, fps: recorder.fps, output: record)
            print("\(record): \(count) frames at \(recorder.fps.formatted()) fps")
            return shown
        }
    }

    private static func show(_ descriptor: SceneDescriptor, settings: Settings,
                             recording: (directory: String, stop: StopRequest)?) throws -> (SceneWindow, FrameRecorder?) {
        let opened = try WindowFactory.open(title: "Lamina — \(descriptor.name)", size: descriptor.size,
                                            headless: settings.headless)
        // Whatever happens, the real window goes before the recording is encoded.
        defer { opened.window.close() }
        let isHeadless = opened.window is HeadlessWindow
        let recorder = recording.map { FrameRecorder(directory: $0.directory, fps: opened.window.refreshRate) }
        var window = opened.window
        if let recorder, let recording { window = RecordingWindow(window, recorder: recorder, stop: recording.stop) }
        // Headless and paused windows run on a clock that moves only when told.
        let clock: FrameClock = isHeadless || settings.pausedAt != nil ? ManualFrameClock(now: 1000) : SystemFrameClock()
        // A real window takes the script's events beside the device's.
        let injecting = isHeadless ? nil : InjectingWindow(window)
        let shown = SceneWindow(descriptor, window: injecting ?? window, clock: clock,
                                playsScript: settings.playsScript)
        let host = shown.host
        let openedAt = clock.now
        host.eventObserver = { event in
            guard case .key(let key) = event.kind, key.isDown else { return }
            if key.keyCode == KeyCode.escape { host.window.close() }
            guard !key.isRepeat, !event.modifiers.contains(.control), !event.modifiers.contains(.alt) else { return }
            if key.keyCode == SceneViewer.overlayKey {
                host.showsDebugOverlay.toggle()
            } else if key.keyCode == SceneViewer.outlinesKey {
                host.showsDamageOutlines.toggle()
                if host.showsDamageOutlines { host.showsDebugOverlay = true }
            }
        }
        if settings.overlay { host.showsDebugOverlay = true }
        if !isHeadless {
            print("Lamina — \(descriptor.name): drag to draw, click to tap, Alt-click for a two-finger tap, Alt-drag to pinch, ? for keys and buttons, Esc to quit")
        }
        if let script = settings.inputScript {
            let target: InputInjecting? = injecting ?? (opened.window as? HeadlessWindow)
            guard let target else { throw CLIError("this window cannot take scripted input") }
            let input = ScriptedInput(host: host, injectingInto: target)
            do {
                // `;` separates commands like a newline (as LaminaApplication's LAMINA_INPUT).
                try InputScript.run(script.replacingOccurrences(of: ";", with: "\n"), on: input)
            } catch let error as InputScript.Error {
                host.window.close()
                throw CLIError("\(error)")
            }
        }
        if let t = settings.pausedAt, let manual = clock as? ManualFrameClock {
            runPaused(shown, to: t, clock: manual, playsScript: settings.playsScript)
            if !isHeadless { holdPaused(host, at: t) }
        } else if isHeadless {
            host.runFrames(settings.inputScript == nil ? max(1, settings.frames) : settings.frames)
        } else if let duration = settings.duration {
            // From the window's opening: a replayed input script's time counts.
            let end = openedAt + duration
            host.run(while: { clock.now < end })
        } else {
            host.run()
        }
        if settings.stats {
            print("stats: " + host.frameLog.summary.line(refreshRate: host.window.refreshRate))
            fflush(nil)
        }
        if isHeadless, let path = settings.output, let headless = opened.window as? HeadlessWindow {
            guard let frame = headless.lastFrame else { throw CLIError("no frame was shown, nothing to write to \(path)") }
            try SceneRendering.write(frame, to: path)
            print(path)
        }
        return (shown, recorder)
    }

    /// Runs the scene from its start to scene time `t` as `SceneRunner` (the offline renderer)
    /// does: a turn on every refresh slot and at every scripted input's own time, the last at
    /// exactly `t` and the only one drawn — so the frame shown is the one
    /// `lamina render --time t` draws.
    static func runPaused(_ shown: SceneWindow, to t: Double, clock: ManualFrameClock, playsScript: Bool) {
        let host = shown.host, origin = clock.now
        var stops: Set<Double> = [max(0, t)]
        let interval = host.refreshInterval
        var k = 1.0
        while k * interval < t, k < 216_000 { stops.insert(k * interval); k += 1 }
        if playsScript {
            for step in shown.scene.script where step.time > 0 && step.time < t { stops.insert(step.time) }
        }
        let times = stops.sorted()
        for (i, s) in times.enumerated() {
            clock.set(origin + s)
            // Only the frame at `t` is drawn: drawing the ones on the way is the slow part and
            // changes nothing the scene does (the offline renderer draws none of them either).
            host.runTurn(drawing: i == times.count - 1)
        }
    }

    /// Keeps a real window open on its paused frame until it closes: input is still handled
    /// (the clock stands, so nothing animates), and the frame is presented again every half
    /// second, so a window mapped or exposed after the first present is painted. Once it has
    /// been presented twice, "paused at T s" goes to standard output (what a test waits for
    /// before taking a screenshot).
    private static func holdPaused(_ host: WindowHost, at t: Double) {
        let wall = SystemFrameClock()
        var lastPresent = wall.now, presents = 0
        while host.window.isOpen {
            host.runTurn()
            if wall.now - lastPresent >= 0.5 {
                lastPresent = wall.now
                host.setNeedsRender()
                presents += 1
                if presents == 2 {
                    print("paused at \(t) s")
                    fflush(nil)
                }
            }
            wall.wait(until: wall.now + host.refreshInterval)
        }
    }
}

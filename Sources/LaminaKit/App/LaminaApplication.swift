import Foundation
import QuartzCore

/// The entry point for an app outside the Lamina package: one window with a root `View`,
/// shown by the compositor, and the run loop that drives it (Lamina's UIApplication and
/// UIWindow in one object).
///
///     let app = try LaminaApplication(title: "Demo", size: CGSize(width: 480, height: 320))
///     app.rootView.addSubview(View(frame: CGRect(x: 40, y: 40, width: 100, height: 100)))
///     app.run()
///
/// The window is an SDL2 window when SDL2 loads and a display is there; otherwise a
/// *headless* window (frames kept in memory), after a message on standard error saying why.
/// Geometry is in points: the root view's frame is the window's content area, origin at the
/// top-left, y down; on a HiDPI display the frames are rendered at the display's pixel scale.
///
/// Headless runs are finite and deterministic: `run()` renders a fixed number of frames on a
/// simulated clock (one refresh interval, 1/60 s, per frame) instead of waiting for a close
/// that cannot come. Environment variables tune it without changing the app:
///
/// - `LAMINA_HEADLESS=1`: skip SDL and render headless even when a display is available.
/// - `LAMINA_FRAMES=N`: frames `run()` renders headless (default 120, two seconds); with a
///   window, `run()` returns after N frames instead of waiting for the window to close.
/// - `LAMINA_OUTPUT=path.png`: write the last frame there when `run()` ends.
/// - `LAMINA_INPUT="tap 100 120; wait 0.6"`: synthetic input played headless before the
///   remaining frames (the `lamina` tool's input-script commands — `tap x y [fingers]`,
///   `drag x0 y0 x1 y1 [steps]`, `pinch cx cy d0 d1 [steps]`, `wait seconds`, `frames n`, `key
///   code` — separated by newlines or `;`, in window points and seconds).
///
/// Headless time is simulated: inside the run loop (gesture, display-link and timer callbacks)
/// everything sees the frame's time, but code outside it — after a headless `run()` returned —
/// evaluates presentation layers at the system clock's time, which the simulated clock has
/// run ahead of; compare model values there, or read presentation values in a callback.
///
/// Threading: create the application, change views and run it on one thread (the main
/// thread, as with UIKit); gesture, display-link and timer callbacks run on that thread,
/// inside the run loop's turn, so changes they make show in the next frame.
public final class LaminaApplication {
    /// The view filling the window; add your views to it. Its bounds are the window's content
    /// area in points (origin top-left, y down), and follow the window when it is resized.
    public let rootView: View
    /// Whether frames go to memory instead of a window on screen (no display, SDL2 missing,
    /// or asked for).
    public let isHeadless: Bool
    /// The SDL error that made the application fall back to headless, in words (nil when an
    /// SDL window opened or headless was asked for).
    public let headlessReason: String?

    let host: WindowHost
    private let headlessWindow: HeadlessWindow?
    private let renderer: CompositorFrameRenderer

    /// Frames `run()` renders headless when `LAMINA_FRAMES` is not set: two seconds at 60 Hz.
    public static let defaultHeadlessFrameCount = 120

    /// Opens a window of `size` points titled `title` (headless when `headless` is true, when
    /// `LAMINA_HEADLESS=1`, or when no SDL2 window can be opened). Throws a `LaminaError` for
    /// a size that is not finite and positive or larger than 16384 pixels a side.
    public convenience init(title: String = "Lamina", size: CGSize, headless: Bool = false) throws {
        let environment = ProcessInfo.processInfo.environment
        try self.init(title: title, size: size, headless: headless || environment["LAMINA_HEADLESS"] == "1",
                      sdlLibrary: SDLLibrary.defaultName)
    }

    /// The designated initialiser; `sdlLibrary` is the name passed to dlopen (tests give a
    /// missing one to exercise the fallback).
    package init(title: String, size: CGSize, headless: Bool, sdlLibrary: String) throws {
        let opened: WindowFactory.Result
        do {
            opened = try WindowFactory.open(title: title, size: size, headless: headless, sdlLibrary: sdlLibrary)
        } catch let error as WindowError {
            throw LaminaError(description: error.description)
        }
        let headlessWindow = opened.window as? HeadlessWindow
        self.headlessWindow = headlessWindow
        isHeadless = headlessWindow != nil
        headlessReason = opened.fallbackReason?.description
        // Headless frames run on a simulated clock that starts at the real media time, so
        // animation timing is exact and code reading CACurrentMediaTime() before the first
        // frame sees nearly the same time.
        let clock: FrameClock = isHeadless ? ManualFrameClock(now: SystemFrameClock().now) : SystemFrameClock()
        renderer = CompositorFrameRenderer()
        rootView = View()
        host = WindowHost(window: opened.window, renderer: renderer, clock: clock, rootView: rootView)
    }

    /// The window title (kept, but not shown, when headless).
    public var title: String {
        get { host.title }
        set { host.title = newValue }
    }

    /// The window's content area in points.
    public var size: CGSize { host.window.pointSize }

    /// Device pixels per point of the window (1 on ordinary displays, 2 on most HiDPI ones).
    public var scale: CGFloat { host.window.scale }

    /// The colour shown where no layer draws (black by default, as an empty UIKit window).
    public var backgroundColor: CGColor? {
        get { renderer.background }
        set {
            renderer.background = newValue
            host.setNeedsRender()
        }
    }

    /// The media time of the current frame in seconds (the timebase of `CACurrentMediaTime()`,
    /// simulated when headless): what animations and display links are timed against.
    public var currentTime: CFTimeInterval { host.clock.now }

    /// The display's refresh interval in seconds (1/60 when headless).
    public var refreshInterval: CFTimeInterval { host.refreshInterval }

    /// Whether the window is still open; `run()` returns once it is not.
    public var isRunning: Bool { host.window.isOpen }

    // MARK: Running

    /// Runs the app. With a window on screen: until the user closes it or `quit()` is called,
    /// one turn per display refresh (input, timers, display links, the transaction commit,
    /// animations, then a frame when something changed) — or for `LAMINA_FRAMES` frames when
    /// that is set (a smoke test under Xvfb). Headless: plays `LAMINA_INPUT`, renders until
    /// `LAMINA_FRAMES` frames (default 120) have run, and returns. Either way it then writes
    /// the last frame to `LAMINA_OUTPUT` when set. Problems with those variables are reported
    /// on standard error and the rest of the run goes on.
    public func run() {
        run(environment: ProcessInfo.processInfo.environment)
    }

    /// `run()` with the `LAMINA_*` settings read from `environment` (tests pass their own).
    package func run(environment: [String: String]) {
        var frameLimit: Int?
        if let text = environment["LAMINA_FRAMES"] {
            if let n = Int(text.trimmingCharacters(in: .whitespaces)), n >= 0 {
                frameLimit = min(n, InputScript.maxCount)
            } else {
                report("LAMINA_FRAMES=\(text) is not a frame count; ignored")
            }
        }
        var message: String
        if isHeadless {
            let frames = frameLimit ?? Self.defaultHeadlessFrameCount
            let start = statisticsTurnCount
            if let script = environment["LAMINA_INPUT"] {
                do { try playInput(script) } catch { report("LAMINA_INPUT: \(error)") }
            }
            runFrames(max(0, frames - (statisticsTurnCount - start)))
            message = "LaminaKit: ran \(statisticsTurnCount - start) frames headless"
        } else {
            if environment["LAMINA_INPUT"] != nil { report("LAMINA_INPUT is played only headless; ignored") }
            if let frames = frameLimit { runFrames(frames) } else { host.run() }
            message = "LaminaKit: window run ended"
        }
        if let path = environment["LAMINA_OUTPUT"], !path.isEmpty {
            do {
                try writeFrame(toPNG: path)
                message += "; last frame written to \(path)"
            } catch {
                message += "; could not write \(path): \(error)"
            }
        } else if isHeadless {
            message += " (set LAMINA_OUTPUT=frame.png to save the last one)"
        } else {
            return
        }
        report(message)
    }

    /// Runs `count` turns (frames) and returns. Headless, each advances the simulated clock by
    /// one refresh interval and returns at once; with a window on screen, they are paced on
    /// the display's refresh like `run()`, stopping early if the window closes.
    public func runFrames(_ count: Int) {
        guard count > 0 else { return }
        if isHeadless {
            host.runFrames(count)
        } else {
            var remaining = count
            host.run(while: {
                remaining -= 1
                return remaining >= 0
            })
        }
    }

    /// Plays synthetic input on the headless window, frame by frame (see `LAMINA_INPUT` in
    /// the type's documentation for the commands; `;` separates commands like a newline).
    /// Throws when the application is not headless, or names the bad line of the script.
    public func playInput(_ script: String) throws {
        guard let input = ScriptedInput(host: host) else {
            throw LaminaError(description: "synthetic input needs a headless application")
        }
        try InputScript.run(script.replacingOccurrences(of: ";", with: "\n"), on: input)
    }

    /// Closes the window: `run()` returns after the current turn.
    public func quit() {
        host.window.close()
    }

    /// Writes a PNG of what the window shows now (the last frame presented, headless;
    /// otherwise the layer tree rendered at `currentTime`), at the window's pixel size.
    public func writeFrame(toPNG path: String) throws {
        if let frame = headlessWindow?.lastFrame {
            try PNGFile.write(frame, to: path)
            return
        }
        try PNGFile.write(host.renderCurrentFrame(), to: path)
    }

    // MARK: Callbacks

    /// Calls `link` once per display frame from the next turn until it is invalidated. The
    /// same as Apple's `link.add(to: .main, forMode: .common)`, which also fires in step with
    /// this application's frames while it exists.
    public func add(_ link: CADisplayLink) {
        link.add(to: host)
    }

    /// Runs `block` once, `delay` seconds from now, and then every `interval` seconds when
    /// one is given (until the returned timer is invalidated). Negative or non-finite delays
    /// count as 0; a non-positive interval makes a one-shot timer.
    @discardableResult
    public func schedule(after delay: CFTimeInterval, repeating interval: CFTimeInterval? = nil,
                         _ block: @escaping (RunLoopTimer) -> Void) -> RunLoopTimer {
        host.schedule(after: delay, repeating: interval, block)
    }

    /// Called with every key press and release, after the views' `keyDown`/`keyUp` (the
    /// responder chain) had it: app-wide keys, e.g. quitting on Escape.
    public var keyHandler: ((KeyEvent, KeyModifiers) -> Void)? {
        didSet {
            guard let handler = keyHandler else {
                host.eventObserver = nil
                return
            }
            host.eventObserver = { event in
                if case .key(let key) = event.kind { handler(key, event.modifiers) }
            }
        }
    }

    private var statisticsTurnCount: Int { host.statistics.turnCount }

    private func report(_ message: String) {
        FileHandle.standardError.write(Data((message.hasPrefix("LaminaKit") ? message : "LaminaKit: \(message)").utf8 + [10]))
    }
}

/// An error from LaminaKit's public API, in words a user can act on (e.g. "invalid window
/// size 0.0x320.0 points at scale 1.0: …").
public struct LaminaError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, with the values involved, in words a user can act on.
    public let description: String

    /// An error that reads `description`.
    public init(description: String) {
        self.description = description
    }
}

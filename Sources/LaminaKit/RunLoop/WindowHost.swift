import Foundation
import QuartzCore

/// Shows a layer tree in a window and runs its turns: Lamina's UIApplication + UIWindow + run
/// loop in one object.
///
/// A turn (`runTurn()`), all at one media time `t = clock.now` (`MediaClock` is overridden to
/// `t` for the turn, so transactions, animations and presentation agree):
///  1. input: up to `maxEventsPerTurn` events from the window — resize and close handled here,
///     the rest routed to views and gesture recognizers (the rest of a storm waits for the
///     next turn, so a flood never freezes a frame);
///  2. timers that are due: the host's own, then one non-blocking pass of the Foundation run
///     loop of the thread the host runs on, which fires due Foundation `Timer`s scheduled on
///     it and — on the main thread, an app's case — runs the blocks queued on
///     `DispatchQueue.main` (`async`, and `asyncAfter` whose deadline has passed), as UIKit's
///     main run loop does between frames (their deadlines are wall-clock time, not the host's
///     clock);
///  3. display links due at this refresh slot (before the commit, so their changes are in
///     this frame): links added to the host, and `CADisplayLink`s added to the host's run
///     loop (`RunLoop.main` by default), whose `DisplayLinkDriver` the host feeds — through
///     QuartzCore's public API — instead of its fallback timer while the host lives;
///  4. `CARenderer.beginFrame(atTime:)` of the host's renderer (QuartzCore's public host API):
///     the implicit transaction of the turn commits, so every change made in steps 1–3
///     animates together (seed 002: "Core Animation commits the transaction at the end of each
///     run-loop turn"), then the animation clock runs — start/stop callbacks, removal on
///     completion, completion blocks — and what those changed commits too;
///  5. render and present, but only when the renderer reports damage (`updateBounds()`: a
///     commit touched the tree, an animation is running or stopped in this turn's tick, the
///     window changed size) or `setNeedsRender()` asked (the debug overlay, when shown, is
///     updated and committed just before); then `endFrame()`. The renderer redraws only the
///     damage into its kept frame and the window uploads only the rectangles that changed
///     (`FrameRenderer.renderFrame(of:…present:)`, `WindowFrame`, `FrameUploader`); each
///     frame's duration, refresh slot and damage go into `frameLog`.
///
/// `run()` repeats turns, pacing them on the refresh grid (`origin + n / refreshRate`) with
/// `clock.wait(until:)`. Tests instead advance a `ManualFrameClock` and call `runTurn()`.
package final class WindowHost {
    package let window: WindowBackend
    package let renderer: FrameRenderer
    package let clock: FrameClock
    /// The root of the shown tree: its frame is the window's content area, in points.
    package let rootLayer: CALayer
    /// Most input events handled in one turn.
    package var maxEventsPerTurn = 2000
    /// Called with every input event after routing (keys, wheel, pointer) — app-level handling.
    package var eventObserver: ((InputEvent) -> Void)?
    /// Called on a close request; the default closes the window (which ends `run()`).
    package var closeHandler: ((WindowHost) -> Void)?
    package private(set) var statistics = FrameStatistics()
    /// When set, the window title shows the frame counters (`FrameStatistics.summary`) after
    /// `title`, refreshed twice a second.
    package var showsStatisticsInTitle = false {
        didSet { if !showsStatisticsInTitle { window.title = title } }
    }
    /// Draws the debug overlay (`DebugOverlay`: frame-pacing graph, frame time, drops, damage)
    /// as the topmost sublayers of the root.
    package var showsDebugOverlay = false {
        didSet {
            guard showsDebugOverlay != oldValue else { return }
            atCurrentTime {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                if showsDebugOverlay {
                    let overlay = DebugOverlay()
                    debugOverlay = overlay
                    rootLayer.addSublayer(overlay.outlines)
                    rootLayer.addSublayer(overlay.container)
                    lastOverlayTextTime = -.infinity
                } else {
                    debugOverlay?.outlines.removeFromSuperlayer()
                    debugOverlay?.container.removeFromSuperlayer()
                    debugOverlay = nil
                }
                CATransaction.commit()
            }
        }
    }
    private(set) var debugOverlay: DebugOverlay?
    /// With the debug overlay shown, outlines the rectangles the previous frame changed (its
    /// damage, in the overlay's colour). The outlines are layers of the tree, so they are
    /// damage themselves: with them on, a frame's damage includes the previous outlines.
    package var showsDamageOutlines = false
    /// Every frame presented: durations, presentation times, drops and damage
    /// (`lamina view --stats`).
    package private(set) var frameLog = FrameTimingLog()
    /// The rectangles the last frame presented changed, in pixels.
    private var lastDamage: [FrameRect] = []
    /// When the overlay's figures were last written, and how often they are (seconds).
    private var lastOverlayTextTime: CFTimeInterval = -.infinity
    static let overlayTextInterval: CFTimeInterval = 0.25
    /// The window title without the statistics.
    package var title: String {
        didSet { window.title = title }
    }
    private var lastTitleUpdate: CFTimeInterval = -.infinity

    /// Routes pointer, touch and keyboard events to views (`TouchRouter` when a root view is
    /// shown).
    package var router: InputRouter?

    /// Links added to the host directly (`LaminaApplication.add(_:)`).
    package let displayLinkDriver = DisplayLinkDriver()
    /// The driver of the run loop the host runs on: `CADisplayLink.add(to:forMode:)` on that
    /// run loop fires in step with the host's frames.
    private let runLoopDriver: DisplayLinkDriver?
    private var timers: [RunLoopTimer] = []
    /// Shows `rootLayer` through QuartzCore's public host API: commits, the animation clock,
    /// damage, and the frames `renderer` draws (`bounds` follows the window).
    package let layerRenderer: CARenderer
    private var needsRender = true
    /// The next frame is drawn and uploaded whole (after a change of scale).
    private var needsWholeFrame = false
    private var wasAnimating = false
    /// When the last turn with nothing to draw ran (clock seconds): the slots up to it were
    /// not dropped (see `render`).
    private var lastIdleTurnTime: CFTimeInterval?
    private var lastFrameIndex: Int64?
    /// Media time of refresh slot 0.
    private let frameOrigin: CFTimeInterval

    /// `runLoop` is the run loop whose `CADisplayLink`s the host fires (nil: none; tests pass
    /// a run loop of their own so parallel hosts do not share one).
    package init(window: WindowBackend, renderer: FrameRenderer, clock: FrameClock = SystemFrameClock(),
                 rootLayer: CALayer = CALayer(), runLoop: RunLoop? = .main) {
        runLoopDriver = runLoop.map { DisplayLinkDriver.driver(for: $0) }
        runLoopDriver?.attachHost()
        self.window = window
        self.renderer = renderer
        self.clock = clock
        self.rootLayer = rootLayer
        title = window.title
        frameOrigin = clock.now
        let size = window.pointSize, scale = window.scale
        let layerRenderer = CARenderer(bounds: CGRect(origin: .zero, size: size), scale: scale)
        self.layerRenderer = layerRenderer
        MediaClock.withTime(clock.now) {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            rootLayer.frame = CGRect(origin: .zero, size: size)
            rootLayer.contentsScale = scale
            CATransaction.commit()
            // Attaching commits the tree: from now on it has presentation layers and
            // implicit animations.
            layerRenderer.layer = rootLayer
        }
    }

    deinit {
        runLoopDriver?.detachHost()
    }

    /// A host showing `rootView` (whose layer becomes the root layer), with input routed to
    /// the view tree by a `TouchRouter`.
    package convenience init(window: WindowBackend, renderer: FrameRenderer, clock: FrameClock = SystemFrameClock(),
                             rootView: View, runLoop: RunLoop? = .main) {
        self.init(window: window, renderer: renderer, clock: clock, rootLayer: rootView.layer, runLoop: runLoop)
        rootView.rootHost = self
        router = TouchRouter(rootView: rootView)
    }

    /// The root view when the host was made with one.
    package var rootView: View? { (router as? TouchRouter)?.rootView }

    /// The display's refresh interval in seconds.
    package var refreshInterval: CFTimeInterval {
        let hz = window.refreshRate
        return hz.isFinite && hz > 0 ? 1 / hz : 1.0 / 60
    }

    /// Asks for a render in the next turn even if nothing changed (e.g. after the renderer's
    /// own caches were dropped).
    package func setNeedsRender() { needsRender = true }

    // MARK: Display links and timers

    /// Number of display links added to the host directly.
    package var displayLinkCount: Int { displayLinkDriver.linkCount }

    /// Runs `block` once `delay` seconds from now (and then every `interval` seconds if given).
    @discardableResult
    package func schedule(after delay: CFTimeInterval, repeating interval: CFTimeInterval? = nil,
                          _ block: @escaping (RunLoopTimer) -> Void) -> RunLoopTimer {
        let d = delay.isFinite ? max(0, delay) : 0
        let timer = RunLoopTimer(fireTime: clock.now + d, interval: interval, block: block)
        timers.append(timer)
        return timer
    }

    /// Runs `body` at the clock's current time as media time — for code outside a turn (set-up,
    /// tests) that makes model changes or reads presentation layers.
    package func atCurrentTime<R>(_ body: () throws -> R) rethrows -> R {
        try MediaClock.withTime(clock.now, body)
    }

    // MARK: Turns

    /// One turn at `clock.now` (see the type's documentation for the steps).
    ///
    /// `drawing: false` runs every step but the render and present (step 5): the damage is
    /// kept, so the next drawing turn draws. For jumping to a time without drawing the frames
    /// on the way (`lamina view --time`), as the offline renderer does.
    package func runTurn(drawing: Bool = true) {
        let now = clock.now
        MediaClock.withTime(now) { turn(at: now, drawing: drawing) }
    }

    private func turn(at now: CFTimeInterval, drawing: Bool = true) {
        statistics.turnCount += 1
        guard window.isOpen else { return }

        let events = window.pollEvents(now: now, limit: max(1, maxEventsPerTurn))
        statistics.eventCount += events.count
        handle(events)
        guard window.isOpen else { return }
        router?.update(at: now)

        timers.removeAll { !$0.isValid }
        for timer in timers.sorted(by: { $0.fireTime < $1.fireTime }) { _ = timer.fireIfDue(now: now) }
        Self.runMainQueueAndFoundationTimers()

        tickDisplayLinks(at: now)

        followWindow()
        layerRenderer.beginFrame(atTime: now)
        // Damage includes the frame in which an animation ends: its end state is rendered in
        // this turn. A finite next frame time now means an animation runs (or a change came).
        let damaged = !layerRenderer.updateBounds().isEmpty
        let animating = layerRenderer.nextFrameTime().isFinite
        if (needsRender || damaged) && !drawing {
            needsRender = true
        } else if needsRender || damaged {
            render(at: now, continuous: animating && wasAnimating)
        } else {
            statistics.idleTurnCount += 1
            // Nothing changed in this slot: the frame shown is the right one, none is late.
            lastIdleTurnTime = now
        }
        layerRenderer.endFrame()
        // After the frame, a finite next frame time means animations still run.
        wasAnimating = layerRenderer.nextFrameTime().isFinite
        if showsStatisticsInTitle, now - lastTitleUpdate >= 0.5 {
            lastTitleUpdate = now
            window.title = "\(title) — \(statistics.summary)"
        }
    }

    /// Handles resize and close itself; hands runs of other events to the router together.
    private func handle(_ events: [InputEvent]) {
        var pending: [InputEvent] = []
        func flush() {
            guard !pending.isEmpty else { return }
            router?.deliver(pending)
            if let eventObserver { for e in pending { eventObserver(e) } }
            pending.removeAll()
        }
        for event in events {
            switch event.kind {
            case .resized(let size):
                flush()
                resizeRoot(to: size)
                eventObserver?(event)
            case .closeRequested:
                flush()
                if let closeHandler { closeHandler(self) } else { window.close() }
                guard window.isOpen else { return }
            default:
                pending.append(event)
            }
        }
        flush()
    }

    private func resizeRoot(to size: CGSize) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        rootLayer.frame = CGRect(origin: .zero, size: size)
        rootLayer.contentsScale = window.scale
        CATransaction.commit()
        needsRender = true
    }

    /// The renderer draws the window's pixels: the root's frame origin at the top-left,
    /// `window.pixelSize` at `window.scale` (a resize changes its bounds, which is damage).
    private func followWindow() {
        let px = window.pixelSize, scale = window.scale
        if layerRenderer.scale != scale {
            // A new scale redraws everything: the next frame is uploaded whole.
            needsWholeFrame = true
            needsRender = true
        }
        layerRenderer.scale = scale
        layerRenderer.bounds = CGRect(origin: rootLayer.frame.origin,
                                      size: CGSize(width: CGFloat(px.width) / scale, height: CGFloat(px.height) / scale))
    }

    /// The frame of the tree at the current time, drawn by `renderer` at the window's size
    /// (what `LaminaApplication.writeFrame(toPNG:)` saves of a window on screen).
    package func renderCurrentFrame() throws -> CGImage {
        try atCurrentTime {
            followWindow()
            let px = window.pixelSize
            return try renderer.renderFrame(of: layerRenderer, at: clock.now, pixelWidth: px.width,
                                            pixelHeight: px.height, scale: window.scale)
        }
    }

    /// The refresh slot of `now` on the grid starting at `frameOrigin`.
    private func frameIndex(at now: CFTimeInterval) -> Int64 {
        let i = ((now - frameOrigin) / refreshInterval + 1e-6).rounded(.down)
        return i.isFinite ? Int64(max(-1e15, min(1e15, i))) : 0
    }

    private func tickDisplayLinks(at now: CFTimeInterval) {
        let index = frameIndex(at: now)
        if let last = lastFrameIndex, index <= last { return }
        lastFrameIndex = index
        let frameTime = frameOrigin + Double(index) * refreshInterval
        displayLinkDriver.displayFrame(at: frameTime, duration: refreshInterval)
        runLoopDriver?.displayFrame(at: frameTime, duration: refreshInterval)
    }

    private func render(at now: CFTimeInterval, continuous: Bool) {
        if let overlay = debugOverlay {
            if let last = statistics.lastFrameTime { overlay.record(interval: now - last, refreshInterval: refreshInterval) }
            // The figures change a few times a second (redrawing text every frame would cost
            // more than the frames it measures); the outlines every frame.
            var summary: String?
            if now - lastOverlayTextTime >= Self.overlayTextInterval || now < lastOverlayTextTime {
                summary = overlayText(at: now)
                lastOverlayTextTime = now
            }
            overlay.show(summary: summary, damage: lastDamage, scale: window.scale, outlines: showsDamageOutlines)
            CATransaction.flush()
        }
        needsRender = false
        let px = window.pixelSize
        // Apple's way to ask for a region regardless of damage: the whole window.
        if needsWholeFrame { layerRenderer.addUpdate(layerRenderer.bounds) }
        var damage: [FrameRect] = [], fraction = 0.0
        do {
            try renderer.renderFrame(of: layerRenderer, at: now, pixelWidth: px.width, pixelHeight: px.height,
                                     scale: window.scale) { frame in
                try window.present(frame)
                damage = frame.updatedRects
                fraction = frame.updatedFraction
            }
        } catch {
            statistics.renderErrorCount += 1
            let text = "\(error)"
            if statistics.lastRenderError != text {
                FileHandle.standardError.write(Data("LaminaKit: frame not shown: \(text)\n".utf8))
            }
            statistics.lastRenderError = text
            return
        }
        needsWholeFrame = false
        // The window took the frame: its duration and refresh slot count from here.
        let presentedAt = clock.now
        var dropped = 0
        if let last = statistics.lastFrameTime {
            statistics.lastFrameInterval = now - last
            if continuous, let lastPresent = frameLog.frames.last?.presentedAt {
                // Slots whose turns had nothing to draw (an animation holding still) were
                // served by the frame already shown: only the slots since the later of the last
                // present and the last idle turn are missed.
                let served = max(lastPresent, lastIdleTurnTime ?? lastPresent)
                dropped = FrameTimingLog.missedSlots(from: served, to: presentedAt, refreshInterval: refreshInterval,
                                                     origin: frameOrigin)
            }
        }
        frameLog.append(FrameTimingLog.Frame(presentedAt: presentedAt, duration: max(0, presentedAt - now),
                                             droppedBefore: dropped, damageRectCount: damage.count,
                                             damageFraction: fraction))
        statistics.droppedFrameCount += dropped
        statistics.lastFrameTime = now
        statistics.renderedFrameCount += 1
        lastDamage = damage
    }

    /// The overlay's line: frame time (median of the last second, ms), dropped frames so
    /// far, and the last frame's damage (rectangles and % of the window).
    private func overlayText(at now: CFTimeInterval) -> String {
        let recent = frameLog.recent(seconds: 1, endingAt: now).map { $0.duration * 1000 }
        let last = frameLog.frames.last
        return String(format: "%.1f ms  dropped %d  damage %d rects %.1f %%",
                      FrameTimingLog.median(recent), statistics.droppedFrameCount,
                      last?.damageRectCount ?? 0, (last?.damageFraction ?? 0) * 100)
    }

    /// Real iOS code hands work to the main thread with `DispatchQueue.main.async`/`asyncAfter`
    /// and `Timer.scheduledTimer`; on Linux those run only when something runs the run loop,
    /// and the host's loop is its thread's loop (the main loop in an app). One pass, never
    /// waiting (`before: .distantPast`), so a timer that has only just come due may fire on the
    /// next turn. `RunLoop.current` is `RunLoop.main` on the main thread, whose passes also
    /// drain `DispatchQueue.main`.
    static func runMainQueueAndFoundationTimers() {
        _ = RunLoop.current.run(mode: .default, before: .distantPast)
    }

    /// Runs turns until the window closes or `shouldContinue` returns false, one per refresh
    /// slot (a turn that overran its slot is followed at once by the next slot's turn).
    package func run(while shouldContinue: () -> Bool = { true }) {
        while window.isOpen, shouldContinue() {
            let start = clock.now
            runTurn()
            let next = frameOrigin + Double(frameIndex(at: start) + 1) * refreshInterval
            clock.wait(until: next)
        }
    }

    /// Test and offline driver: runs `count` turns, advancing a manual clock by one refresh
    /// interval before each. Does nothing with other clocks.
    package func runFrames(_ count: Int) {
        guard let manual = clock as? ManualFrameClock else { return }
        for _ in 0..<max(0, count) {
            manual.advance(by: refreshInterval)
            runTurn()
        }
    }
}

import Foundation

/// A timer synchronised with the display's refresh: Apple's `CADisplayLink`.
///
/// Added to a run loop (`add(to: .main, forMode: .common)`), its callback runs once per
/// display frame — or once every k frames when `preferredFramesPerSecond` or
/// `preferredFrameRateRange` asks for a lower rate (k = the display rate divided by the
/// requested rate, rounded, at least 1: 30 on a 60 Hz display runs every other frame) — on
/// that run loop's thread. Who fires it is the run loop's `DisplayLinkDriver`: a Lamina host
/// (LaminaKit's window host) drives it once per frame of its window, in the host's turn before
/// the implicit transaction commits, so changes made in the callback show in that frame; with
/// no host, a Foundation timer on the run loop drives it at 60 Hz (see `DisplayLinkDriver`).
///
/// Times are media time in seconds (`CACurrentMediaTime()`'s clock): `timestamp` is the
/// display frame the callback runs for (on the refresh grid), `targetTimestamp` the frame the
/// result will be shown at (`timestamp + k · duration`: time animations by it), `duration`
/// the display's refresh interval.
///
/// Swift on Linux has no Objective-C runtime, so Apple's `init(target: Any, selector:
/// Selector)` cannot exist: `CADisplayLink(target: self, selector: #selector(step))` becomes
/// `CADisplayLink(target: self, selector: Self.step)` (a method reference, target held
/// weakly) or `CADisplayLink { link in … }`. As on Apple's platforms, a run loop keeps an
/// added link alive until `invalidate()`; a link whose target is gone invalidates itself.
open class CADisplayLink {
    private var handler: ((CADisplayLink) -> Void)?
    /// Media time (seconds) of the display frame this callback runs for; 0 before the first.
    public private(set) var timestamp: CFTimeInterval = 0
    /// Media time (seconds) at which the frame being prepared will be shown.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The display's refresh interval in seconds; 0 before the first callback.
    public private(set) var duration: CFTimeInterval = 0
    /// Desired callbacks per second; 0 (the default) means the display's rate. Negative values
    /// count as 0. Ignored while `preferredFrameRateRange` is not `.default`.
    open var preferredFramesPerSecond: Int = 0
    /// The desired rate range (iOS 15); when not `.default`, the link runs at its preferred
    /// rate (else its maximum) and `preferredFramesPerSecond` is ignored.
    open var preferredFrameRateRange: CAFrameRateRange = .default
    /// A paused link is not called, and does not catch up when resumed.
    open var isPaused = false
    /// Apple's deprecated frame interval: call every n-th frame (n < 1 counts as 1). Used only
    /// when neither `preferredFramesPerSecond` nor `preferredFrameRateRange` is set.
    @available(*, deprecated, message: "use preferredFramesPerSecond")
    open var frameInterval: Int {
        get { legacyFrameInterval }
        set { legacyFrameInterval = newValue }
    }
    private var legacyFrameInterval = 1
    /// False once `invalidate()` ran, or the target of the target-selector form is gone.
    /// (Lamina extension: Apple's link has no such property.)
    public private(set) var isValid = true
    /// The drivers (run loops or hosts) this link is added to, with the run-loop modes.
    private var schedules: [(driver: DisplayLinkDriver, modes: Set<RunLoop.Mode>)] = []

    /// A link that calls `handler` each frame (Lamina's portable form of target-selector).
    public init(handler: @escaping (CADisplayLink) -> Void) {
        self.handler = handler
    }

    /// Target-selector with a method reference: `CADisplayLink(target: self, selector:
    /// Self.step)` calls `self.step(link)` each frame. The target is held weakly.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        self.init(handler: { [weak target] link in
            guard let target else { link.invalidate(); return }
            selector(target)(link)
        })
    }

    /// Target-selector for a method without parameters: `CADisplayLink(target: self,
    /// selector: Self.tick)` calls `self.tick()`.
    public convenience init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        self.init(handler: { [weak target] link in
            guard let target else { link.invalidate(); return }
            selector(target)()
        })
    }

    /// Calls the link each frame of `runloop` while it runs in `mode` (any mode: Lamina's
    /// drivers fire links at refresh time whatever the mode). Adding to a second mode of the
    /// same run loop does not make the link fire twice. Ignored once invalidated.
    open func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        add(to: DisplayLinkDriver.driver(for: runloop), mode: mode)
    }

    /// Stops calling the link from `runloop` in `mode`; once it is in no mode of that run loop,
    /// the run loop lets go of it.
    open func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        let driver = DisplayLinkDriver.driver(for: runloop)
        guard let i = schedules.firstIndex(where: { $0.driver === driver }) else { return }
        schedules[i].modes.remove(mode)
        if schedules[i].modes.isEmpty {
            schedules.remove(at: i)
            driver.remove(self)
        } else {
            driver.updateModes(for: self, schedules[i].modes)
        }
    }

    /// Removes the link from every run loop and releases its target: it never fires again.
    open func invalidate() {
        isValid = false
        handler = nil
        let drivers = schedules.map(\.driver)
        schedules.removeAll()
        for driver in drivers { driver.remove(self) }
    }

    /// Adds the link to `driver` under `mode` (Lamina extension, for hosts: a host keeps a
    /// driver of its own, `DisplayLinkDriver()`, for links added to it rather than to a run
    /// loop, and fires them with `displayFrame(at:duration:)`; such a driver uses `.common`).
    /// Ignored once invalidated; adding twice fires the link once.
    public func add(to driver: DisplayLinkDriver, mode: RunLoop.Mode = .common) {
        guard isValid else { return }
        if let i = schedules.firstIndex(where: { $0.driver === driver }) {
            schedules[i].modes.insert(mode)
            driver.updateModes(for: self, schedules[i].modes)
        } else {
            schedules.append((driver, [mode]))
            driver.add(self, modes: [mode])
        }
    }

    /// Display frames per callback at `refreshRate` Hz.
    func frameStride(refreshRate: Double) -> Int {
        guard refreshRate.isFinite, refreshRate > 0 else { return 1 }
        let requested: Double?
        if !preferredFrameRateRange.isEqual(to: .default) {
            requested = preferredFrameRateRange.requestedRate
        } else if preferredFramesPerSecond > 0 {
            requested = Double(preferredFramesPerSecond)
        } else {
            return max(1, min(legacyFrameInterval, 1_000_000))
        }
        guard let rate = requested else { return 1 }
        return Int(max(1, min((refreshRate / rate).rounded(), 1_000_000)))
    }

    /// Runs the callback for the display frame at `frameTime` (media time, seconds) of a
    /// display refreshing every `interval` seconds, when the link is due: valid, not paused,
    /// and at least its stride of frames after its last call. Returns whether it ran.
    @discardableResult
    func fire(frameTime: CFTimeInterval, interval: CFTimeInterval) -> Bool {
        guard isValid, !isPaused, frameTime.isFinite, interval.isFinite, interval > 0 else { return false }
        let stride = frameStride(refreshRate: 1 / interval)
        // Half a frame of slack: frame times on the grid are sums of rounded doubles.
        if let last = lastFrameTime, frameTime < last + (Double(stride) - 0.5) * interval { return false }
        lastFrameTime = frameTime
        timestamp = frameTime
        duration = interval
        targetTimestamp = frameTime + Double(stride) * interval
        handler?(self)
        return true
    }
    private var lastFrameTime: CFTimeInterval?
}

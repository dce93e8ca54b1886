import Foundation

/// What fires display links: the display's refresh as seen by one run loop (Lamina extension,
/// public so that any host — LaminaKit's or your own — can drive `CADisplayLink`s).
///
/// Every run loop has one driver (`DisplayLinkDriver.driver(for:)`), which
/// `CADisplayLink.add(to:forMode:)` adds links to. A driver is fed frames in one of two ways:
///
/// - **By a host.** A host that presents frames calls `attachHost()` once, then
///   `displayFrame(at:duration:)` once per display frame with that frame's time on its refresh
///   grid, on the run loop's thread, at the point of its turn where callbacks belong (LaminaKit
///   calls it before the turn's transaction commit). Links then fire in step with the host's
///   frames, at its refresh rate and on its (possibly simulated) clock. `detachHost()` undoes it.
/// - **On its own**, while no host is attached and it has links: a repeating Foundation
///   `Timer` scheduled on the run loop (in every mode a link was added with) at
///   `fallbackRefreshRate`, so a link fires under a plain `RunLoop.main.run(until:)`. Each fire
///   reads `CACurrentMediaTime()` and snaps it to the refresh grid. QuartzCore owns no thread
///   and reads no clock itself here: the run loop's timer paces the calls, and the time is
///   `CACurrentMediaTime()`, the one clock QuartzCore exposes, which tests and offline
///   rendering override through `MediaClock` (DESIGN: nothing below LaminaKit reads a wall
///   clock except through that function).
///
/// A driver made with `init()` belongs to no run loop and never schedules a timer: a host's
/// private list of links (LaminaKit's `WindowHost` keeps one for links added to it directly).
/// Drivers are thread-safe; links fire on the thread that calls `displayFrame` (or runs the
/// run loop).
public final class DisplayLinkDriver: @unchecked Sendable {
    /// The refresh rate (Hz) of the timer that drives links when no host is attached.
    public static let fallbackRefreshRate: Double = 60

    private let lock = NSLock()
    private weak var runLoop: RunLoop?
    private var entries: [(link: CADisplayLink, modes: Set<RunLoop.Mode>)] = []
    private var hostCount = 0
    private var timers: [RunLoop.Mode: Timer] = [:]
    private var gridOrigin: CFTimeInterval?

    private static let registry = LockedValue<[ObjectIdentifier: DisplayLinkDriver]>([:])

    /// A driver of its own, tied to no run loop (fed only by `displayFrame(at:duration:)`).
    public init() {}

    private init(runLoop: RunLoop) { self.runLoop = runLoop }

    /// The driver of `runLoop` (made on first use, then always the same object).
    public static func driver(for runLoop: RunLoop) -> DisplayLinkDriver {
        registry.withLock { drivers in
            let key = ObjectIdentifier(runLoop)
            if let driver = drivers[key], driver.runLoop === runLoop { return driver }
            let driver = DisplayLinkDriver(runLoop: runLoop)
            drivers[key] = driver
            return driver
        }
    }

    /// The number of links added (and not yet removed or invalidated).
    public var linkCount: Int {
        lock.lock(); defer { lock.unlock() }
        return entries.count
    }

    /// Whether a host is attached (the fallback timer is then off).
    public var isHosted: Bool {
        lock.lock(); defer { lock.unlock() }
        return hostCount > 0
    }

    /// A host starts feeding frames: the fallback timer stops. Calls nest (each needs a
    /// `detachHost()`).
    public func attachHost() {
        lock.lock(); hostCount += 1; lock.unlock()
        updateTimers()
    }

    /// A host stops feeding frames; with none left, the fallback timer resumes if links remain.
    public func detachHost() {
        lock.lock(); hostCount = max(0, hostCount - 1); lock.unlock()
        updateTimers()
    }

    /// Fires every link due at the display frame at media time `frameTime` (seconds) of a
    /// display refreshing every `duration` seconds. A link fires at most once per frame time
    /// (two hosts feeding one driver do not double it) and never for a time earlier than its
    /// last; non-finite times and non-positive durations are ignored. Links invalidated or
    /// added during the callbacks take effect from the next frame.
    public func displayFrame(at frameTime: CFTimeInterval, duration: CFTimeInterval) {
        guard frameTime.isFinite, duration.isFinite, duration > 0 else { return }
        lock.lock()
        let links = entries.map(\.link)
        lock.unlock()
        for link in links { link.fire(frameTime: frameTime, interval: duration) }
    }

    // MARK: Links (called by CADisplayLink)

    func add(_ link: CADisplayLink, modes: Set<RunLoop.Mode>) {
        lock.lock()
        if !entries.contains(where: { $0.link === link }) { entries.append((link, modes)) }
        lock.unlock()
        updateTimers()
    }

    func updateModes(for link: CADisplayLink, _ modes: Set<RunLoop.Mode>) {
        lock.lock()
        if let i = entries.firstIndex(where: { $0.link === link }) { entries[i].modes = modes }
        lock.unlock()
        updateTimers()
    }

    func remove(_ link: CADisplayLink) {
        lock.lock()
        entries.removeAll { $0.link === link }
        lock.unlock()
        updateTimers()
    }

    // MARK: The fallback timer

    /// Schedules one timer per mode in use when the driver has a run loop, links and no host;
    /// invalidates the rest.
    private func updateTimers() {
        lock.lock()
        let wanted: Set<RunLoop.Mode> = runLoop != nil && hostCount == 0
            ? entries.reduce(into: []) { $0.formUnion($1.modes) } : []
        var stale: [Timer] = []
        for (mode, timer) in timers where !wanted.contains(mode) {
            stale.append(timer)
            timers[mode] = nil
        }
        var fresh: [(RunLoop.Mode, Timer)] = []
        for mode in wanted where timers[mode] == nil {
            let timer = Timer(timeInterval: 1 / Self.fallbackRefreshRate, repeats: true) { [weak self] _ in
                self?.timerFired()
            }
            timers[mode] = timer
            fresh.append((mode, timer))
        }
        let runLoop = self.runLoop
        lock.unlock()
        for timer in stale { timer.invalidate() }
        for (mode, timer) in fresh { runLoop?.add(timer, forMode: mode) }
    }

    /// One fallback frame: the current media time snapped down to the 60 Hz grid that starts
    /// at the first fire.
    private func timerFired() {
        let interval = 1 / Self.fallbackRefreshRate
        let now = CACurrentMediaTime()
        lock.lock()
        let origin = gridOrigin ?? now
        gridOrigin = origin
        lock.unlock()
        let index = ((now - origin) / interval + 1e-6).rounded(.down)
        displayFrame(at: origin + max(0, index) * interval, duration: interval)
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Seconds, as Core Foundation's `CFTimeInterval` (a `Double`). Foundation on Linux does not
/// export the Core Foundation name, so QuartzCore provides it for source compatibility.
public typealias CFTimeInterval = Double

/// The current absolute media time in seconds, as Apple's `CACurrentMediaTime()`.
///
/// Reads `MediaClock`: a monotonic system clock by default (seconds since an arbitrary origin,
/// like `mach_absolute_time`), or the time that tests and offline rendering inject. This is
/// the only place in QuartzCore that may read a system clock.
public func CACurrentMediaTime() -> CFTimeInterval {
    MediaClock.now
}

/// The source of absolute media time (§7.1): what `CACurrentMediaTime()` returns. Lamina
/// extension, public so that a host of its own — an offline renderer, a test, a window that
/// paces frames on a simulated clock — can make time an input (DESIGN §4.5). Apple's
/// platforms have no such control: there media time is always the system's.
///
/// Media time matters beyond drawing: a transaction's commit stamps the begin time of the
/// animations it adds with the current media time, and `presentation()` evaluates animations
/// at it, so a host that renders frame n at `t = n / fps` runs its model changes, commits and
/// frames with media time set to `t`.
///
/// - `MediaClock.withTime(t) { ... }` sets the time for the code in the closure on the current
///   task/thread only (nested calls: the innermost wins) — what tests use, so parallel tests
///   never see each other's clocks.
/// - `MediaClock.setManualTime(t)` sets it process-wide (offline rendering of frame n sets
///   `t = n / fps`); `MediaClock.useSystemClock()` returns to the monotonic clock.
///
/// Times are absolute media time in seconds. Non-finite times are refused: `withTime` then
/// runs its closure on the clock in effect, `setManualTime` leaves the clock as it was; both
/// report the refusal through `LayerDiagnostics`. Thread-safe.
public enum MediaClock {
    /// A time injected for the current task; wins over everything else.
    @TaskLocal package static var override: CFTimeInterval?

    private static let state = LockedValue<CFTimeInterval?>(nil)

    /// The current absolute media time in seconds (the value `CACurrentMediaTime()` returns).
    public static var now: CFTimeInterval {
        if let t = override { return t }
        if let t = state.value { return t }
        return systemTime()
    }

    /// Runs `body` with media time frozen at `t` (seconds) on the current task/thread, then
    /// returns its result; other threads keep their clock.
    public static func withTime<R>(_ t: CFTimeInterval, _ body: () throws -> R) rethrows -> R {
        guard t.isFinite else {
            LayerDiagnostics.report(.invalidValue(operation: "MediaClock.withTime", detail: "\(t) is not a finite media time; the current clock is kept"))
            return try body()
        }
        return try $override.withValue(t, operation: body)
    }

    /// Freezes media time at `t` (seconds) for the whole process until changed again (except
    /// inside `withTime`, which wins on its task).
    public static func setManualTime(_ t: CFTimeInterval) {
        guard t.isFinite else {
            LayerDiagnostics.report(.invalidValue(operation: "MediaClock.setManualTime", detail: "\(t) is not a finite media time; the clock is unchanged"))
            return
        }
        state.value = t
    }

    /// Returns to the monotonic system clock.
    public static func useSystemClock() { state.value = nil }

    private static func systemTime() -> CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1_000_000_000
    }
}

/// A value behind a lock, for the few process-wide settings QuartzCore keeps.
package final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    package init(_ value: Value) { stored = value }

    package var value: Value {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); stored = newValue; lock.unlock() }
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock(); defer { lock.unlock() }
        return try body(&stored)
    }
}

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

/// The source of absolute media time (§7.1). Time is an input (DESIGN §4.5):
///
/// - `MediaClock.$override.withValue(t) { ... }` sets the time for the code in the closure on
///   the current task/thread only — what tests use, so parallel tests never see each other's
///   clocks.
/// - `MediaClock.setManualTime(t)` sets it process-wide (offline rendering of frame n sets
///   `t = n / fps`); `MediaClock.useSystemClock()` returns to the monotonic clock.
package enum MediaClock {
    /// A time injected for the current task; wins over everything else.
    @TaskLocal package static var override: CFTimeInterval?

    private static let state = LockedValue<CFTimeInterval?>(nil)

    /// The current absolute media time in seconds.
    package static var now: CFTimeInterval {
        if let t = override { return t }
        if let t = state.value { return t }
        return systemTime()
    }

    /// Freezes media time at `t` for the whole process until changed again.
    package static func setManualTime(_ t: CFTimeInterval) { state.value = t }

    /// Returns to the monotonic system clock.
    package static func useSystemClock() { state.value = nil }

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

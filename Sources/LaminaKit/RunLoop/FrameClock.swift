import Foundation
import QuartzCore
#if canImport(Glibc)
import Glibc
#endif

/// Where a window host gets the time (DESIGN §4.5: time is an input).
///
/// `now` is media time in seconds — the timebase of `CACurrentMediaTime()` and of every event
/// timestamp; each host turn runs with `MediaClock` overridden to the clock's `now`, so
/// transactions, animations and presentation layers all see one time per turn.
/// `wait(until:)` is how the run loop paces frames: the system clock sleeps, the manual clock
/// jumps.
package protocol FrameClock: AnyObject {
    var now: CFTimeInterval { get }
    /// Returns no earlier than `deadline` (immediately when it has passed).
    func wait(until deadline: CFTimeInterval)
}

/// The monotonic system clock (CLOCK_MONOTONIC, the default `CACurrentMediaTime()` source).
package final class SystemFrameClock: FrameClock {
    package init() {}

    package var now: CFTimeInterval {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return CFTimeInterval(ts.tv_sec) + CFTimeInterval(ts.tv_nsec) / 1_000_000_000
    }

    package func wait(until deadline: CFTimeInterval) {
        let remaining = deadline - now
        guard remaining.isFinite, remaining > 0 else { return }
        // Never sleep more than a second at once: a bad deadline must not hang the app.
        usleep(useconds_t(min(remaining, 1) * 1_000_000))
    }
}

/// A clock that moves only when told: tests and offline rendering drive the host with it,
/// frame by frame, without sleeping.
package final class ManualFrameClock: FrameClock {
    package private(set) var now: CFTimeInterval

    package init(now: CFTimeInterval = 0) {
        self.now = now.isFinite ? now : 0
    }

    /// Moves the time forward by `seconds` (negative or non-finite steps are ignored: media
    /// time never runs backwards).
    package func advance(by seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        now += seconds
    }

    /// Jumps to `time` if it is later than now.
    package func set(_ time: CFTimeInterval) {
        guard time.isFinite, time > now else { return }
        now = time
    }

    package func wait(until deadline: CFTimeInterval) { set(deadline) }
}

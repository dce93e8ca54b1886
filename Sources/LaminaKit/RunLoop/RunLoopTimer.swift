import Foundation
import QuartzCore

/// A timer run by a `WindowHost` during its turns (after input, before display links).
///
/// `fireTime` is media time in seconds. A repeating timer that fell behind (a long frame)
/// fires once and moves to its next due time after now, as Foundation's timers skip missed
/// fires rather than bunching them.
public final class RunLoopTimer {
    /// Media time (seconds) of the next fire.
    public private(set) var fireTime: CFTimeInterval
    /// Seconds between fires, or nil for a one-shot timer.
    public let interval: CFTimeInterval?
    /// False once invalidated or, for a one-shot timer, fired.
    public private(set) var isValid = true
    private var block: ((RunLoopTimer) -> Void)?

    init(fireTime: CFTimeInterval, interval: CFTimeInterval?, block: @escaping (RunLoopTimer) -> Void) {
        self.fireTime = fireTime
        // A non-positive or non-finite interval would fire forever in one turn: one-shot.
        if let i = interval, i.isFinite, i > 0 { self.interval = max(i, 0.0001) } else { self.interval = nil }
        self.block = block
    }

    /// Stops the timer; it is dropped at the host's next turn.
    public func invalidate() {
        isValid = false
        block = nil
    }

    /// Runs the timer if due at `now`; returns whether it ran.
    func fireIfDue(now: CFTimeInterval) -> Bool {
        guard isValid, fireTime <= now else { return false }
        block?(self)
        if let interval, isValid {
            let behind = ((now - fireTime) / interval).rounded(.down) + 1
            fireTime += behind * interval
        } else {
            invalidate()
        }
        return true
    }
}

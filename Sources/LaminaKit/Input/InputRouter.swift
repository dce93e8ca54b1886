import Foundation
import QuartzCore

/// What a `WindowHost` hands input to during a turn (after it handled resize and close).
package protocol InputRouter: AnyObject {
    /// One event, in the order the window reported them.
    func deliver(_ event: InputEvent)
    /// Several events in order (a turn's worth); routers may group simultaneous finger moves.
    func deliver(_ events: [InputEvent])
    /// Once per turn after the events, at the turn's media time: time-driven input work
    /// (long-press timers, multi-tap timeouts, the end of a wheel pinch).
    func update(at time: CFTimeInterval)
}

extension InputRouter {
    package func deliver(_ events: [InputEvent]) {
        for e in events { deliver(e) }
    }
}

import Foundation
import QuartzCore

/// Recognises a press held still (Lamina's UILongPressGestureRecognizer). Continuous.
///
/// It begins when `numberOfTouchesRequired` fingers have been down for
/// `minimumPressDuration` seconds without moving more than `allowableMovement` points (checked
/// every turn, so it begins without any event); then reports changed on movement and ends on
/// lift-off. Before it began, lifting, moving too far or too many fingers fail it.
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// A recognizer calling `handler` with itself (so its own properties are at hand) at each
    /// state change that reports: began, changed, ended and cancelled.
    override public init(handler: ((LongPressGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler.map { action in { if let r = $0 as? LongPressGestureRecognizer { action(r) } } })
    }

    /// Seconds the fingers must stay down before it begins.
    public var minimumPressDuration: CFTimeInterval = 0.5
    /// Fingers that must be down (values below 1 count as 1).
    public var numberOfTouchesRequired = 1
    /// Points a finger may move before the press begins without failing it.
    public var allowableMovement: CGFloat = 10

    private var pressStart: CFTimeInterval?

    /// True: a long press reports began, changed… ended.
    override public var isContinuous: Bool { true }

    override func touchesBegan(_ touches: [Touch], at time: CFTimeInterval) {
        guard state == .possible else { return }
        if trackedTouches.count > max(1, numberOfTouchesRequired) {
            transition(to: .failed)
        } else if trackedTouches.count == max(1, numberOfTouchesRequired) {
            pressStart = time
        }
    }

    override func touchesMoved(_ touches: [Touch], at time: CFTimeInterval) {
        switch state {
        case .possible:
            for t in touches where t.locationInWindow.distance(to: t.startLocationInWindow) > allowableMovement {
                transition(to: .failed)
                return
            }
            update(at: time)
        case .began, .changed:
            transition(to: .changed)
        default:
            break
        }
    }

    override func touchesEnded(_ touches: [Touch], at time: CFTimeInterval) {
        if state.isActive { transition(to: .ended) } else if state == .possible { transition(to: .failed) }
    }

    override func update(at time: CFTimeInterval) {
        guard state == .possible, let start = pressStart, time - start >= minimumPressDuration,
              trackedTouches.count == max(1, numberOfTouchesRequired) else { return }
        transition(to: .began)
    }

    override func reset() {
        super.reset()
        pressStart = nil
    }
}

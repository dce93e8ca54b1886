import Foundation
import QuartzCore

/// Follows two fingers turning about each other (Lamina's UIRotationGestureRecognizer).
/// Continuous. Alt-drag around the window centre drives it on desktops.
///
/// `rotation` is in radians, positive clockwise on screen (y down, as a positive
/// `transform.rotation.z` turns a layer), accumulated move by move so it can pass ±π;
/// setting it re-bases the gesture (the incremental idiom `rotation = 0`). `velocity` is
/// radians per second over the last change. It begins once the fingers turned by more than
/// `hysteresis` radians, ends when either finger lifts, and fails if one lifts first.
public final class RotationGestureRecognizer: GestureRecognizer {
    /// A recognizer calling `handler` with itself (so its own properties are at hand) at each
    /// state change that reports: began, changed, ended and cancelled.
    override public init(handler: ((RotationGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler.map { action in { if let r = $0 as? RotationGestureRecognizer { action(r) } } })
    }

    /// Radians the fingers must turn before the rotation begins (about 3°).
    public var hysteresis: CGFloat = 0.05

    private var lastAngle: CGFloat?
    private var accumulated: CGFloat = 0
    private var base: CGFloat = 0
    private var rate = GestureVelocity()
    /// Radians per second over the last change (positive: clockwise on screen).
    public var velocity: CGFloat { rate.perSecond }

    /// True: a rotation reports began, changed… ended.
    override public var isContinuous: Bool { true }

    /// Radians turned since the gesture started (or since it was last set), positive
    /// clockwise on screen; setting it re-bases the gesture.
    public var rotation: CGFloat {
        get { base + accumulated }
        set {
            guard newValue.isFinite else { return }
            base = newValue
            accumulated = 0
            rate.rebase(newValue)
        }
    }

    private func fingerAngle() -> CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let a = trackedTouches[0].locationInWindow, b = trackedTouches[1].locationInWindow
        guard a != b else { return nil }
        let angle = atan2(b.y - a.y, b.x - a.x)
        return angle.isFinite ? angle : nil
    }

    override func touchesBegan(_ touches: [Touch], at time: CFTimeInterval) {
        guard state == .possible, lastAngle == nil, let angle = fingerAngle() else { return }
        lastAngle = angle
        rate.start(rotation, at: time)
    }

    override func touchesMoved(_ touches: [Touch], at time: CFTimeInterval) {
        guard let previous = lastAngle, let angle = fingerAngle() else { return }
        // The smallest turn from the previous angle, so crossing ±π does not jump by 2π.
        var delta = angle - previous
        if delta > .pi { delta -= 2 * .pi } else if delta < -.pi { delta += 2 * .pi }
        accumulated += delta
        lastAngle = angle
        continueTwoFingerGesture(pastHysteresis: abs(accumulated) > hysteresis) { rate.sample(rotation, at: time) }
    }

    override func touchesEnded(_ touches: [Touch], at time: CFTimeInterval) { endTwoFingerGesture() }

    override func reset() {
        super.reset()
        lastAngle = nil
        accumulated = 0
        base = 0
        rate = GestureVelocity()
    }
}

import Foundation
import QuartzCore

/// Follows two fingers moving apart or together (Lamina's UIPinchGestureRecognizer; seed
/// 000's foldWithPinch). Continuous.
///
/// `scale` is the current distance between the first two fingers divided by their distance
/// when the second went down (so 0.5 is "half as far apart"); setting it re-bases the
/// gesture so that the current distance reads as the new value (UIKit's incremental idiom
/// `scale = 1`). `velocity` is scale per second between the last two changes. It begins once
/// the distance has changed by more than `hysteresis` points, ends when either finger lifts,
/// is cancelled with its touches, and fails if a finger lifts before it began. Extra fingers
/// are followed for `location(in:)` but do not change the scale.
public final class PinchGestureRecognizer: GestureRecognizer {
    /// A recognizer calling `handler` with itself (so its own properties are at hand) at each
    /// state change that reports: began, changed, ended and cancelled.
    override public init(handler: ((PinchGestureRecognizer) -> Void)? = nil) {
        super.init(handler: handler.map { action in { if let r = $0 as? PinchGestureRecognizer { action(r) } } })
    }

    /// Points the finger distance must change before the pinch begins.
    public var hysteresis: CGFloat = 4

    private var startDistance: CGFloat?
    private var scaleBase: CGFloat = 1
    private var currentDistance: CGFloat = 0
    private var rate = GestureVelocity()
    /// Scale factor per second over the last change (negative while pinching in).
    public var velocity: CGFloat { rate.perSecond }

    /// True: a pinch reports began, changed… ended.
    override public var isContinuous: Bool { true }

    /// Current finger distance over the starting distance (1 before the second finger).
    public var scale: CGFloat {
        get {
            guard let d0 = startDistance, d0 > 0 else { return scaleBase }
            return currentDistance / d0 * scaleBase
        }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            if startDistance != nil, currentDistance > 0 { startDistance = currentDistance }
            scaleBase = newValue
            rate.rebase(newValue)
        }
    }

    private func fingerDistance() -> CGFloat? {
        guard trackedTouches.count >= 2 else { return nil }
        let d = trackedTouches[0].locationInWindow.distance(to: trackedTouches[1].locationInWindow)
        return d.isFinite ? d : nil
    }

    override func touchesBegan(_ touches: [Touch], at time: CFTimeInterval) {
        guard state == .possible, startDistance == nil, let d = fingerDistance() else { return }
        // Two fingers on one spot have no scale to speak of: treat 0 as 1 pt.
        startDistance = max(d, 1)
        currentDistance = startDistance ?? 1
        rate.start(scale, at: time)
    }

    override func touchesMoved(_ touches: [Touch], at time: CFTimeInterval) {
        guard let d0 = startDistance, let d = fingerDistance() else { return }
        currentDistance = max(d, 0)
        continueTwoFingerGesture(pastHysteresis: abs(d - d0) > hysteresis) { rate.sample(scale, at: time) }
    }

    override func touchesEnded(_ touches: [Touch], at time: CFTimeInterval) { endTwoFingerGesture() }

    override func reset() {
        super.reset()
        startDistance = nil
        scaleBase = 1
        currentDistance = 0
        rate = GestureVelocity()
    }
}

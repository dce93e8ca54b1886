import Foundation
import QuartzCore

/// A continuous gesture value's rate between its last two changes (a pinch's scale per
/// second, a rotation's radians per second).
struct GestureVelocity {
    private var last: (time: CFTimeInterval, value: CGFloat)?
    /// Value units per second over the last change; 0 until two samples.
    private(set) var perSecond: CGFloat = 0

    /// The first sample (when the gesture's fingers went down).
    mutating func start(_ value: CGFloat, at time: CFTimeInterval) { last = (time, value) }

    /// The value was set from outside (re-basing): the next rate is measured from `value`.
    mutating func rebase(_ value: CGFloat) { last = last.map { ($0.time, value) } }

    mutating func sample(_ value: CGFloat, at time: CFTimeInterval) {
        if let last, time > last.time { perSecond = (value - last.value) / CGFloat(time - last.time) }
        last = (time, value)
    }
}

extension GestureRecognizer {
    /// A two-finger continuous gesture's move: it begins once the fingers went past its
    /// hysteresis, then reports every change; `sample` records the velocity first.
    func continueTwoFingerGesture(pastHysteresis: Bool, sample: () -> Void) {
        switch state {
        case .possible:
            guard pastHysteresis else { return }
            sample()
            transition(to: .began)
        case .began, .changed:
            sample()
            transition(to: .changed)
        default:
            break
        }
    }

    /// A finger lifted: an active two-finger gesture ends; one that lost a finger before it
    /// began fails.
    func endTwoFingerGesture() {
        if state.isActive {
            transition(to: .ended)
        } else if state == .possible, trackedTouches.count < 2 {
            transition(to: .failed)
        }
    }
}

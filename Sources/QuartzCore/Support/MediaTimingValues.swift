// The CAMediaTiming values every timed object stores — layers (LayerProperties), animations
// (CAAnimation) and emitter cells (CAEmitterCell) — declared once, with Apple's defaults and
// the one conversion to the compositor's timing node.
import Foundation
import LaminaCompositor

/// The eight CAMediaTiming values of a layer, an animation or an emitter cell, with Apple's
/// defaults (`speed` 1, everything else 0, false or `.removed`). Times are seconds in the
/// parent's time space (`beginTime`) or in local time (`timeOffset`, `duration`,
/// `repeatDuration`).
package struct MediaTimingValues: Hashable, Sendable {
    package var beginTime: CFTimeInterval = 0
    package var duration: CFTimeInterval = 0
    package var speed: Float = 1
    package var timeOffset: CFTimeInterval = 0
    package var repeatCount: Float = 0
    package var repeatDuration: CFTimeInterval = 0
    package var autoreverses = false
    package var fillMode: CAMediaTimingFillMode = .removed

    package init() {}

    /// The compositor's timing node for these values (duration as given: ≤ 0 resolves to
    /// the evaluator's default duration; an unknown fill mode acts as `.removed`).
    package var mediaTiming: MediaTiming {
        MediaTiming(beginTime: beginTime, duration: duration, speed: Double(speed), timeOffset: timeOffset,
                    repeatCount: Double(repeatCount), repeatDuration: repeatDuration, autoreverses: autoreverses,
                    fillMode: FillMode(rawValue: fillMode.rawValue) ?? .removed)
    }
}

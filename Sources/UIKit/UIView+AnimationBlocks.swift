import Foundation
import QuartzCore
import LaminaKit

// UIKit's pre-iOS 4 animation API (deprecated since iOS 13, still common in older code and in
// seed 002's listing 7.5): a block opened by `beginAnimations(_:context:)`, configured by the
// `setAnimation…` calls and closed by `commitAnimations()`. It is the same engine as
// `animate(withDuration:…)` (LaminaKit's View+Animation.swift).

extension UIView {
    /// Opens an animation block until `commitAnimations()`; view changes in between animate
    /// (UIKit's defaults: 0.2 s, ease-in-ease-out). `animationID` and `context` are unused.
    public class func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        View.beginAnimations(animationID, context: context)
    }

    /// Closes the innermost `beginAnimations` block; its changes start animating at the commit.
    public class func commitAnimations() { View.commitAnimations() }

    /// The open block's duration, seconds.
    public class func setAnimationDuration(_ duration: TimeInterval) { View.setAnimationDuration(duration) }

    /// The open block's delay, seconds.
    public class func setAnimationDelay(_ delay: TimeInterval) { View.setAnimationDelay(delay) }

    /// The open block's timing curve.
    public class func setAnimationCurve(_ curve: AnimationCurve) {
        View.setAnimationCurve(options: AnimationOptions(rawValue: UInt(curve.rawValue) << 16))
    }

    /// Repetitions of the open block's animations: any count above 0 repeats them for ever
    /// (Lamina's block engine has no finite repeat count; UIKit repeats `repeatCount` times).
    public class func setAnimationRepeatCount(_ repeatCount: Float) { View.setAnimationRepeats(repeatCount > 0) }

    /// Whether the open block's animations play backwards after forwards.
    public class func setAnimationRepeatAutoreverses(_ repeatAutoreverses: Bool) {
        View.setAnimationRepeatAutoreverses(repeatAutoreverses)
    }

    /// Whether the open block's animations start from what is on screen.
    public class func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        View.setAnimationBeginsFromCurrentState(fromCurrentState)
    }
}

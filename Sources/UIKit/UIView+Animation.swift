import Foundation
import QuartzCore
import LaminaKit

// UIKit's block animations, over LaminaKit's engine (LaminaKit/View/View+Animation.swift and
// its keyframe and transition files): the layer delegate of every view answers property
// changes inside a block with the block's CAAnimation. See those files for the exact
// animations made (key paths, durations, curves, fromValue, springs, keyframes, transitions).

extension UIView {
    /// UIKit's `UIView.AnimationOptions` (UIKit's bits; see LaminaKit's `View.AnimationOptions`
    /// for which are honoured).
    public typealias AnimationOptions = View.AnimationOptions
    /// UIKit's `UIView.KeyframeAnimationOptions`.
    public typealias KeyframeAnimationOptions = View.KeyframeAnimationOptions

    /// UIKit's animation curves (the curve bits of `AnimationOptions`, shifted down).
    public enum AnimationCurve: Int, Sendable {
        /// UIKit's animation curves: ease-in-ease-out (slow at both ends), ease-in (slow start), ease-out (slow end) and linear (even pacing).
        case easeInOut, easeIn, easeOut, linear
    }

    /// Animates the view changes `animations` makes: each animatable property changed on a
    /// view's layer gets a `CABasicAnimation` of `duration` seconds with the options' curve
    /// (default ease-in-ease-out), from the old value (the presented one with
    /// `beginFromCurrentState`), starting `delay` seconds after the commit.
    /// `completion(finished)` runs when they all stopped; `finished` is false when one was
    /// removed or replaced before its end.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        View.animate(withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay: 0, options: [], animations:completion:)`.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        View.animate(withDuration: duration, animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay: 0, options: [], animations:completion: nil)`.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        View.animate(withDuration: duration, animations: animations)
    }

    /// A spring animation: each change gets a `CASpringAnimation` lasting `duration`, with
    /// damping ratio `dampingRatio` and initial velocity `velocity` (distance per second,
    /// relative to the whole change). The ratio → stiffness/damping mapping is documented on
    /// LaminaKit's `View.animate(withDuration:delay:usingSpringWithDamping:…)`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        View.animate(withDuration: duration, delay: delay, usingSpringWithDamping: dampingRatio,
                     initialSpringVelocity: velocity, options: options, animations: animations, completion: completion)
    }

    /// A keyframe animation: `addKeyframe(withRelativeStartTime:relativeDuration:animations:)`
    /// calls inside `animations` make one `CAKeyframeAnimation` per changed property.
    public class func animateKeyframes(withDuration duration: TimeInterval, delay: TimeInterval,
                                       options: KeyframeAnimationOptions = [], animations: @escaping () -> Void,
                                       completion: ((Bool) -> Void)? = nil) {
        View.animateKeyframes(withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// One keyframe of the enclosing `animateKeyframes` block (times are fractions of its
    /// duration).
    public class func addKeyframe(withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
                                  animations: @escaping () -> Void) {
        View.addKeyframe(withRelativeStartTime: frameStartTime, relativeDuration: frameDuration, animations: animations)
    }

    /// Shows the changes `animations` makes to `view` through a CATransition chosen by the
    /// options' transition style (cross-dissolve → fade, flips → "oglFlip", curls → page curl;
    /// see LaminaKit's `View.transition(with:…)`).
    public class func transition(with view: UIView, duration: TimeInterval, options: AnimationOptions = [],
                                 animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        View.transition(with: view.backing, duration: duration, options: options, animations: animations, completion: completion)
    }

    /// Replaces `fromView` by `toView` in `fromView`'s superview (at its place; `fromView` is
    /// removed) — or, with `showHideTransitionViews`, hides `fromView` and shows `toView` —
    /// through a transition on the superview's layer, as `transition(with:…)`. With no
    /// superview to transition in, the change applies at once and `completion(true)` runs.
    public class func transition(from fromView: UIView, to toView: UIView, duration: TimeInterval,
                                 options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let swap = {
            if options.contains(.showHideTransitionViews) {
                fromView.isHidden = true
                toView.isHidden = false
            } else if let parent = fromView.superview, toView !== fromView {
                parent.insertSubview(toView, aboveSubview: fromView)
                fromView.removeFromSuperview()
            }
        }
        guard let container = fromView.superview ?? toView.superview else {
            View.performWithoutAnimation(swap)
            completion?(true)
            return
        }
        View.transition(with: container.backing, duration: duration, options: options.subtracting(.allowAnimatedContent),
                        animations: swap, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations off, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        View.performWithoutAnimation(actionsWithoutAnimation)
    }

    /// Whether animation blocks animate (on this thread).
    public class var areAnimationsEnabled: Bool { View.areAnimationsEnabled }

    /// Turns animation blocks on or off (on this thread); off, changes apply at once.
    public class func setAnimationsEnabled(_ enabled: Bool) { View.areAnimationsEnabled = enabled }

    /// The duration of the animation block being run (0 outside one).
    public class var inheritedAnimationDuration: TimeInterval { View.inheritedAnimationDuration }
}

import Foundation
import QuartzCore

extension View {
    /// UIKit's `transition(with:duration:options:animations:completion:)`: the changes
    /// `animations` makes to `view` and its subviews appear through a `CATransition` on
    /// `view`'s layer, chosen by the options' transition style:
    ///
    /// | UIKit style | CATransition (Lamina) |
    /// |---|---|
    /// | `transitionCrossDissolve` | `.fade` |
    /// | `transitionFlipFromLeft/Right/Top/Bottom` | `.flip` ("oglFlip") with subtype `.fromLeft/Right/Top/Bottom` (that edge comes toward the viewer) |
    /// | `transitionCurlUp` | `.pageCurl` from the bottom edge |
    /// | `transitionCurlDown` | `.pageUnCurl` toward the bottom edge |
    /// | none | no transition: the changes apply at once |
    ///
    /// The property changes of the block are not animated themselves unless the options
    /// include `allowAnimatedContent`. The curve, repeat and autoreverse options apply to the
    /// transition; `completion(finished)` as for `animate`.
    public static func transition(with view: View, duration: TimeInterval, options: AnimationOptions = [],
                                  animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        let animated = options.contains(.allowAnimatedContent)
        ViewAnimation.run(duration: duration, delay: 0, options: options, kind: .basic, animations: {
            if animated { animations?() } else { performWithoutAnimation { animations?() } }
        }, completion: completion) { context in
            ViewAnimation.addTransition(to: view.layer, context: context)
        }
    }

    /// UIKit's `transition(from:to:duration:options:completion:)`: replaces `fromView` by
    /// `toView` in `fromView`'s superview (at its place; `fromView` is removed) — or, with
    /// `showHideTransitionViews`, hides `fromView` and shows `toView`, which must then already
    /// be in the tree — through a transition on the superview's layer, as
    /// `transition(with:…)`. Nothing happens when `fromView` has no superview and
    /// `showHideTransitionViews` is not given (there is nowhere to put `toView`), except the
    /// completion.
    public static func transition(from fromView: View, to toView: View, duration: TimeInterval,
                                  options: AnimationOptions = [], completion: ((Bool) -> Void)? = nil) {
        let container = fromView.superview ?? toView.superview
        ViewAnimation.run(duration: duration, delay: 0, options: options, kind: .basic, animations: {
            performWithoutAnimation {
                if options.contains(.showHideTransitionViews) {
                    fromView.isHidden = true
                    toView.isHidden = false
                } else if let parent = fromView.superview, toView !== fromView {
                    let index = parent.subviews.firstIndex { $0 === fromView } ?? parent.subviews.count
                    parent.insertSubview(toView, at: index)
                    fromView.removeFromSuperview()
                }
            }
        }, completion: completion) { context in
            if let container { ViewAnimation.addTransition(to: container.layer, context: context) }
        }
    }
}

extension ViewAnimation {
    /// The CATransition type and subtype for UIKit's transition style bits (see the table on
    /// `View.transition(with:…)`); nil for none.
    static func transitionType(style: UInt) -> (CATransitionType, CATransitionSubtype?)? {
        switch style {
        case 1: return (.flip, .fromLeft)
        case 2: return (.flip, .fromRight)
        case 3: return (.pageCurl, .fromBottom)
        case 4: return (.pageUnCurl, .fromBottom)
        case 5: return (.fade, nil)
        case 6: return (.flip, .fromTop)
        case 7: return (.flip, .fromBottom)
        default: return nil
        }
    }

    static func addTransition(to layer: CALayer, context: Context) {
        guard context.duration > 0, let (type, subtype) = transitionType(style: context.options.transitionStyle) else { return }
        let transition = CATransition()
        transition.type = type
        transition.subtype = subtype
        configure(transition, for: layer, context: context)
        layer.add(transition, forKey: kCATransition)
    }
}

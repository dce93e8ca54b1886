import Foundation
import QuartzCore

extension View {
    /// Options of an animation block: UIKit's `UIView.AnimationOptions`, with UIKit's bit layout
    /// (options in bits 0–9, the curve in bits 16–17, the transition style in bits 20–22, the
    /// preferred frame rate in bits 24–27), so values built from raw bits mean the same thing.
    ///
    /// Honoured: `beginFromCurrentState`, `repeat`, `autoreverse`, `overrideInheritedDuration`,
    /// `overrideInheritedCurve`, `overrideInheritedOptions`, the curves, the transition styles
    /// (in `transition(with:…)`), `allowAnimatedContent` and `showHideTransitionViews`.
    /// Accepted and stored without effect: `layoutSubviews` (lay out explicitly with
    /// `layoutIfNeeded()` inside the block — the animation then follows), `allowUserInteraction`
    /// (Lamina never blocks touches on animating views) and the preferred frame rates.
    public struct AnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out subviews at commit time so layout changes animate (stored only, see above).
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// Let animating views take touches (Lamina always does).
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from the presented value of a property that is animating (else the model value).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run each cycle forward then backward.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// In a nested block, use this block's duration instead of the outer block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// In a nested block, use this block's curve instead of the outer block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// In a transition, animate the property changes of the block too (else they apply at
        /// once and only the transition animates).
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// In `transition(from:to:…)`, hide `from` and show `to` instead of removing and adding.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// In a nested block, do not inherit the outer block's repeat and autoreverse.
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// Curves (one at a time): slow at both ends (the default), slow start, slow end, even.
        public static let curveEaseInOut = AnimationOptions([])
        /// Slow at the start, then faster.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Fast at the start, slowing at the end.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Even pacing.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// Transition styles for `transition(with:…)` and `transition(from:to:…)` (one at a time).
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        /// Flip about the vertical axis, the right edge coming toward the viewer.
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        /// Curl the old content up like a page.
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        /// Curl the new content down like a page.
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        /// Cross-fade from the old content to the new.
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        /// Flip about the horizontal axis, the top edge coming toward the viewer.
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        /// Flip about the horizontal axis, the bottom edge coming toward the viewer.
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// Preferred frame rates (stored only: Lamina animates at the display's rate).
        public static let preferredFramesPerSecondDefault = AnimationOptions([])
        /// Prefer 60 frames per second (stored only).
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        /// Prefer 30 frames per second (stored only).
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        static let curveMask: UInt = 3 << 16
        static let transitionMask: UInt = 7 << 20

        /// The timing function the curve bits name.
        var curve: CAMediaTimingFunctionName {
            View.timingFunctionName(curveBits: rawValue)
        }

        /// The transition style bits (0: none).
        var transitionStyle: UInt { (rawValue & Self.transitionMask) >> 20 }
    }

    /// Options of `animateKeyframes`: UIKit's `UIView.KeyframeAnimationOptions`. The common
    /// options share `AnimationOptions`' bits (and the curve bits 16–17 are read the same way:
    /// the curve applies to the whole animation); the calculation mode is bits 10–12.
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        /// The raw value, as Apple's SDK defines it.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Lay out subviews at commit time so layout changes animate (stored only, as `AnimationOptions.layoutSubviews`).
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        /// Let animating views take touches (Lamina always does).
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        /// Start from the presented values of running animations rather than the model values.
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        /// Repeat the animation for ever.
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        /// Run the animation backward after each forward pass (use with `repeat`).
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        /// In a nested block, use this block's duration instead of the outer block's.
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        /// In a nested block, do not inherit the outer block's repeat and autoreverse.
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// How values between keyframes are computed (CAKeyframeAnimation's calculation modes).
        public static let calculationModeLinear = KeyframeAnimationOptions([])
        /// Each keyframe's values hold until the next keyframe (`CAAnimationCalculationMode.discrete`).
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// Constant speed across the keyframes; their start times are ignored (`.paced`).
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth spline through the keyframes (`.cubic`).
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// The cubic spline at constant speed (`.cubicPaced`).
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The keyframe animation's calculation mode.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 7 {
            case 1: return .discrete
            case 2: return .paced
            case 3: return .cubic
            case 4: return .cubicPaced
            default: return .linear
            }
        }
    }

    static func timingFunctionName(curveBits raw: UInt) -> CAMediaTimingFunctionName {
        switch (raw >> 16) & 3 {
        case 1: return .easeIn
        case 2: return .easeOut
        case 3: return .linear
        default: return .easeInEaseOut
        }
    }
}

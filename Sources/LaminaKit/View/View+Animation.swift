import Foundation
import QuartzCore

extension View {
    /// Options of an animation block (UIKit's UIView.AnimationOptions, the ones Lamina honours).
    /// The curve is a 2-bit field, as in UIKit: ease-in-out (the default), ease-in, ease-out,
    /// linear.
    public struct AnimationOptions: OptionSet, Sendable {
        /// UIKit's bit layout: options in the low bits, the curve in bits 16–17.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Start from the presented value of a property that is animating (else the model value).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat forever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Run each cycle forward then backward.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// In a nested block, use this block's duration instead of the outer block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// In a nested block, use this block's curve instead of the outer block's.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 7)

        /// Curves (one at a time): slow at both ends (the default), slow start, slow end, even.
        public static let curveEaseInOut = AnimationOptions([])
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        fileprivate var curve: CAMediaTimingFunctionName {
            switch (rawValue >> 16) & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInEaseOut
            }
        }
    }

    /// Animates the changes `animations` makes to views: inside the block, view-backed layers
    /// get a `CABasicAnimation` for each animatable property changed, with `duration` seconds,
    /// the options' curve (default ease-in-ease-out), `fillMode = .both` and the old value as
    /// `fromValue`, starting `delay` seconds after the commit (reference §5.3.2).
    ///
    /// The block runs inside `CATransaction.begin()/commit()`, so its animations start together
    /// when the turn's transaction commits (§6.10). Layers that are not a view's keep their
    /// transaction's duration (§5.3.3). Nested blocks inherit the outer block's duration and
    /// curve unless the options override them. `completion(finished)` runs once every
    /// animation the block added has stopped (at the commit when it added none); `finished` is
    /// false when one of them was removed or replaced before its end (e.g. by a later block
    /// animating the same property). A duration that is zero, negative or not finite applies
    /// the changes without animation.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                                options: AnimationOptions = [], animations: () -> Void,
                                completion: ((Bool) -> Void)? = nil) {
        let outer = ViewAnimation.stack.contexts.last
        let outcome = ViewAnimation.Outcome(parent: outer?.outcome)
        var context = ViewAnimation.Context(duration: duration.isFinite ? max(0, duration) : 0,
                                            delay: delay.isFinite ? max(0, delay) : 0,
                                            options: options, outcome: outcome)
        if let outer, outer.duration > 0 {
            if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                context.options = context.options.subtracting(.curveLinear).union(AnimationOptions(rawValue: outer.options.rawValue & (3 << 16)))
            }
        }
        CATransaction.begin()
        if let completion { CATransaction.setCompletionBlock { completion(outcome.allFinished) } }
        ViewAnimation.stack.contexts.append(context)
        animations()
        ViewAnimation.stack.contexts.removeLast()
        CATransaction.commit()
    }

    /// Runs `actions` with view animations off, even inside an animation block.
    public static func performWithoutAnimation(_ actions: () -> Void) {
        ViewAnimation.stack.contexts.append(ViewAnimation.Context(duration: 0, delay: 0, options: [], outcome: nil))
        actions()
        ViewAnimation.stack.contexts.removeLast()
    }

    /// Whether the current thread is inside an animation block that animates.
    public static var areAnimationsActive: Bool {
        (ViewAnimation.stack.contexts.last?.duration ?? 0) > 0
    }
}

/// The animation blocks open on the current thread, and the action views give their layers.
enum ViewAnimation {
    struct Context {
        var duration: TimeInterval
        var delay: TimeInterval
        var options: View.AnimationOptions
        /// Hears whether the block's animations finished (nil: no animation block).
        var outcome: Outcome?
    }

    /// The delegate of a block's animations: remembers whether any was removed before its end,
    /// which is what the completion's `finished` argument reports (an enclosing block hears it
    /// too, since its completion waits for the inner block's animations).
    final class Outcome: CAAnimationDelegate {
        private(set) var allFinished = true
        private let parent: Outcome?

        init(parent: Outcome?) { self.parent = parent }

        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
            guard !flag else { return }
            var o: Outcome? = self
            while let current = o {
                current.allFinished = false
                o = current.parent
            }
        }
    }

    final class Stack {
        var contexts: [Context] = []
    }

    private static let threadKey = "org.lamina.LaminaKit.viewAnimations"

    /// This thread's stack (blocks, like transactions, are per thread).
    static var stack: Stack {
        let dict = Thread.current.threadDictionary
        if let s = dict[threadKey] as? Stack { return s }
        let s = Stack()
        dict[threadKey] = s
        return s
    }

    /// What a view answers for its layer: NSNull (stop the search, no animation) outside an
    /// animating block or for keys that do not animate; otherwise the block's animation.
    static func action(for layer: CALayer, forKey key: String) -> CAAction? {
        guard let context = stack.contexts.last, context.duration > 0,
              let property = type(of: layer).propertyTable[key], property.implicitlyAnimates
        else { return NSNull() }
        let animation = CABasicAnimation(keyPath: key)
        if context.options.contains(.beginFromCurrentState) {
            animation.fromValue = AnimationEngine.presentedValue(forKey: key, on: layer) ?? property.get(layer)
        } else {
            // The action is looked up before the new value is stored: this is the old value.
            animation.fromValue = property.get(layer)
        }
        animation.duration = context.duration
        animation.timingFunction = CAMediaTimingFunction(name: context.options.curve)
        animation.fillMode = .both
        animation.delegate = context.outcome
        if context.options.contains(.repeat) { animation.repeatCount = .infinity }
        if context.options.contains(.autoreverse) { animation.autoreverses = true }
        if context.delay > 0 {
            animation.beginTime = layer.localTime(fromAbsolute: CACurrentMediaTime()) + context.delay
        }
        return animation
    }
}

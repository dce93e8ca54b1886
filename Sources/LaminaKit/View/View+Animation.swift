import Foundation
import QuartzCore

// UIKit's block animations for views (UIView.animate and friends). One engine serves every
// variant: a block pushes a `ViewAnimation.Context` (duration, delay, options, kind) on this
// thread's stack, runs inside `CATransaction.begin()/commit()`, and the views' layer delegate
// (`View.action(for:forKey:)`) answers each property change with the animation the innermost
// context asks for — a basic animation, a spring, or (keyframe blocks) nothing yet while the
// change is recorded and turned into one CAKeyframeAnimation per property when the block ends.

extension View {
    /// Animates the changes `animations` makes to views: inside the block, view-backed layers
    /// get a `CABasicAnimation` for each animatable property changed, with `duration` seconds,
    /// the options' curve (default ease-in-ease-out), `fillMode = .both` and the old value as
    /// `fromValue`, starting `delay` seconds after the commit (reference §5.3.2).
    ///
    /// The block runs inside `CATransaction.begin()/commit()`, so its animations start together
    /// when the turn's transaction commits (§6.10). Layers that are not a view's keep their
    /// transaction's duration (§5.3.3). Nested blocks inherit the outer block's duration, curve
    /// and repeat/autoreverse unless the options override them. `completion(finished)` runs
    /// once every animation the block added has stopped (at the commit when it added none);
    /// `finished` is false when one of them was removed or replaced before its end (e.g. by a
    /// later block animating the same property, or the view leaving its window). A duration
    /// that is zero, negative or not finite applies the changes without animation.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval = 0,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        ViewAnimation.run(duration: duration, delay: delay, options: options, kind: .basic,
                          animations: animations, completion: completion)
    }

    /// `animate(withDuration:…)` with a spring (UIKit's
    /// `animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:options:…)`):
    /// each change gets a `CASpringAnimation` whose `duration` is `duration` as given.
    ///
    /// `dampingRatio` is ζ (1: no overshoot, smaller: more oscillation; clamped to
    /// 0.01…10, NaN counts as 1); `velocity` is the initial speed in units of the whole
    /// change per second (1: the full distance in one second), as `CASpringAnimation`'s
    /// `initialVelocity`. The spring is chosen so that it settles (its envelope falls below
    /// 0.1 % of the distance) at `duration`: mass 1, natural frequency
    /// ω₀ = ln(1000) / (duration · r) where r is the slowest decay rate per unit ω₀ — ζ for
    /// ζ < 1, ζ − √(ζ² − 1) otherwise — then `stiffness = ω₀²` and `damping = 2ζω₀`. UIKit
    /// does not document its mapping; this one keeps its two observable promises: the duration
    /// is the animation's, and ζ is the damping ratio.
    public static func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                               usingSpringWithDamping dampingRatio: CGFloat,
                               initialSpringVelocity velocity: CGFloat,
                               options: AnimationOptions = [], animations: () -> Void,
                               completion: ((Bool) -> Void)? = nil) {
        let spring = ViewAnimation.Spring(dampingRatio: dampingRatio, velocity: velocity, duration: duration)
        ViewAnimation.run(duration: duration, delay: delay, options: options, kind: .spring(spring),
                          animations: animations, completion: completion)
    }

    /// Runs `actions` with view animations off, even inside an animation block — animation
    /// blocks inside `actions` included (UIKit turns `areAnimationsEnabled` off meanwhile).
    public static func performWithoutAnimation(_ actions: () -> Void) {
        let stack = ViewAnimation.stack
        let wasEnabled = stack.animationsEnabled
        stack.animationsEnabled = false
        stack.contexts.append(ViewAnimation.Context(duration: 0, delay: 0, options: [], outcome: nil, kind: .basic))
        actions()
        stack.contexts.removeLast()
        stack.animationsEnabled = wasEnabled
    }

    /// Whether view animation blocks animate on this thread (UIKit's
    /// `areAnimationsEnabled`/`setAnimationsEnabled(_:)`); when false, blocks apply their
    /// changes at once and completions still run (with `finished` true).
    public static var areAnimationsEnabled: Bool {
        get { ViewAnimation.stack.animationsEnabled }
        set { ViewAnimation.stack.animationsEnabled = newValue }
    }

    /// Whether the current thread is inside an animation block that animates.
    public static var areAnimationsActive: Bool {
        (ViewAnimation.stack.contexts.last?.duration ?? 0) > 0 && areAnimationsEnabled
    }
}

/// The animation blocks open on the current thread, and the action views give their layers.
enum ViewAnimation {
    /// What a block makes of each property change.
    enum Kind {
        case basic
        case spring(Spring)
        /// Changes are recorded, animations built when the block ends.
        case keyframes(KeyframeRecorder)
    }

    struct Context {
        var duration: TimeInterval
        var delay: TimeInterval
        var options: View.AnimationOptions
        /// Hears whether the block's animations finished (nil: no animation block).
        var outcome: Outcome?
        var kind: Kind
    }

    /// A spring's constants for a damping ratio and a settling duration (see
    /// `View.animate(withDuration:delay:usingSpringWithDamping:…)` for the mapping).
    struct Spring {
        var stiffness: CGFloat
        var damping: CGFloat
        var initialVelocity: CGFloat

        init(dampingRatio: CGFloat, velocity: CGFloat, duration: TimeInterval) {
            let zeta = dampingRatio.isNaN ? 1 : min(10, max(0.01, dampingRatio))
            let t = duration.isFinite && duration > 0 ? CGFloat(duration) : 1
            let rate = zeta < 1 ? zeta : zeta - (zeta * zeta - 1).squareRoot()
            let omega = CGFloat(log(1000.0)) / (t * rate)
            stiffness = omega * omega
            damping = 2 * zeta * omega
            initialVelocity = velocity.isFinite ? velocity : 0
        }
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
        var animationsEnabled = true
        /// How many of `contexts` are begin/commit blocks still open (the innermost ones).
        var openBlocks = 0
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

    /// Opens a block: the context with inherited values, a transaction with the completion,
    /// `animations`, then `finish` (still inside the transaction) and the commit.
    static func run(duration: TimeInterval, delay: TimeInterval, options: View.AnimationOptions, kind: Kind,
                    animations: () -> Void, completion: ((Bool) -> Void)?, finish: (Context) -> Void = { _ in }) {
        let outer = stack.contexts.last
        let outcome = Outcome(parent: outer?.outcome)
        var context = Context(duration: duration.isFinite ? max(0, duration) : 0,
                              delay: delay.isFinite ? max(0, delay) : 0,
                              options: options, outcome: outcome, kind: kind)
        if !stack.animationsEnabled { context.duration = 0 }
        if let outer, outer.duration > 0, context.duration > 0 {
            if !options.contains(.overrideInheritedDuration) { context.duration = outer.duration }
            if !options.contains(.overrideInheritedCurve) {
                context.options = View.AnimationOptions(rawValue: (context.options.rawValue & ~View.AnimationOptions.curveMask)
                                                        | (outer.options.rawValue & View.AnimationOptions.curveMask))
            }
            if !options.contains(.overrideInheritedOptions) {
                context.options.formUnion(outer.options.intersection([.repeat, .autoreverse]))
            }
        }
        CATransaction.begin()
        if let completion { CATransaction.setCompletionBlock { completion(outcome.allFinished) } }
        stack.contexts.append(context)
        animations()
        finish(context)
        stack.contexts.removeLast()
        CATransaction.commit()
    }

    /// What a view answers for its layer: NSNull (stop the search, no animation) outside an
    /// animating block or for keys that do not animate; otherwise the block's animation (or,
    /// in a keyframe block, NSNull after recording the change).
    static func action(for layer: CALayer, forKey key: String) -> CAAction? {
        guard stack.animationsEnabled, let context = stack.contexts.last, context.duration > 0,
              type(of: layer).animatesImplicitly(forKey: key)
        else { return NSNull() }
        let old = layer.value(forKey: key)
        let start = context.options.contains(.beginFromCurrentState)
            ? (presentedValue(forKey: key, on: layer) ?? old) : old
        let animation: CABasicAnimation
        switch context.kind {
        case .keyframes(let recorder):
            recorder.noteChange(layer: layer, key: key, startValue: start)
            return NSNull()
        case .spring(let s):
            let spring = CASpringAnimation(keyPath: key)
            spring.mass = 1
            spring.stiffness = s.stiffness
            spring.damping = s.damping
            spring.initialVelocity = s.initialVelocity
            animation = spring
        case .basic:
            animation = CABasicAnimation(keyPath: key)
        }
        // The action is looked up before the new value is stored: `old` is the old value.
        animation.fromValue = start
        configure(animation, for: layer, context: context)
        return animation
    }

    /// The value of `key` as `layer` is seen now (its presentation layer), when an animation of
    /// that property is attached; nil otherwise (then presented and model values agree). A
    /// block with `.beginFromCurrentState` starts from it.
    static func presentedValue(forKey key: String, on layer: CALayer) -> Any? {
        func animates(_ animation: CAAnimation?) -> Bool {
            if let group = animation as? CAAnimationGroup { return group.animations?.contains(where: animates) ?? false }
            guard let path = (animation as? CAPropertyAnimation)?.keyPath else { return false }
            return path == key || path.hasPrefix(key + ".")
        }
        guard let keys = layer.animationKeys(), keys.contains(where: { animates(layer.animation(forKey: $0)) }) else {
            return nil
        }
        return layer.presentation()?.value(forKey: key)
    }

    /// Duration, curve, fill, delegate, repetition and delay common to every block animation.
    static func configure(_ animation: CAAnimation, for layer: CALayer, context: Context) {
        animation.duration = context.duration
        animation.timingFunction = CAMediaTimingFunction(name: context.options.curve)
        animation.fillMode = .both
        animation.delegate = context.outcome
        if context.options.contains(.repeat) { animation.repeatCount = .infinity }
        if context.options.contains(.autoreverse) { animation.autoreverses = true }
        if context.delay > 0 {
            animation.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) + context.delay
        }
    }
}

// UIKit's pre-block animation API (`beginAnimations(_:context:)` … `commitAnimations()`,
// seed 002's listing 7.5): the same engine, with the block opened and closed by two calls and
// configured in between.
extension View {
    /// Opens an animation block that lasts until `commitAnimations()`: changes to views in
    /// between animate with the block's settings (UIKit's defaults: 0.2 s, ease-in-ease-out,
    /// no delay), which the `setAnimation…` calls change. Blocks nest; each begin needs its
    /// commit on the same thread. `animationID` and `context` are accepted and unused.
    public static func beginAnimations(_ animationID: String?, context: UnsafeMutableRawPointer?) {
        ViewAnimation.begin(duration: 0.2)
    }

    /// Closes the innermost `beginAnimations` block (and its transaction); does nothing when
    /// none is open.
    public static func commitAnimations() { ViewAnimation.commitOpenBlock() }

    /// The open block's duration in seconds (ignored outside `beginAnimations`).
    public static func setAnimationDuration(_ duration: TimeInterval) {
        ViewAnimation.modifyOpenBlock { $0.duration = duration.isFinite ? max(0, duration) : 0 }
    }

    /// The open block's delay in seconds.
    public static func setAnimationDelay(_ delay: TimeInterval) {
        ViewAnimation.modifyOpenBlock { $0.delay = delay.isFinite ? max(0, delay) : 0 }
    }

    /// The open block's curve, as an `AnimationOptions` curve (`.curveEaseIn`…).
    public static func setAnimationCurve(options curve: AnimationOptions) {
        ViewAnimation.modifyOpenBlock {
            $0.options = AnimationOptions(rawValue: ($0.options.rawValue & ~AnimationOptions.curveMask)
                                          | (curve.rawValue & AnimationOptions.curveMask))
        }
    }

    /// Whether the open block repeats for ever (UIKit's repeat count > 0 repeats that often;
    /// Lamina's block engine repeats for ever or not at all).
    public static func setAnimationRepeats(_ repeats: Bool) {
        ViewAnimation.modifyOpenBlock { if repeats { $0.options.insert(.repeat) } else { $0.options.remove(.repeat) } }
    }

    /// Whether the open block's animations play backwards after forwards.
    public static func setAnimationRepeatAutoreverses(_ autoreverses: Bool) {
        ViewAnimation.modifyOpenBlock {
            if autoreverses { $0.options.insert(.autoreverse) } else { $0.options.remove(.autoreverse) }
        }
    }

    /// Whether the open block's animations start from what is on screen.
    public static func setAnimationBeginsFromCurrentState(_ fromCurrentState: Bool) {
        ViewAnimation.modifyOpenBlock {
            if fromCurrentState { $0.options.insert(.beginFromCurrentState) } else { $0.options.remove(.beginFromCurrentState) }
        }
    }
}

extension ViewAnimation {
    /// Opens a begin/commit block: a context and a transaction left open until the commit.
    static func begin(duration: TimeInterval) {
        let outer = stack.contexts.last
        var context = Context(duration: duration, delay: 0, options: [], outcome: Outcome(parent: outer?.outcome), kind: .basic)
        if !stack.animationsEnabled { context.duration = 0 }
        CATransaction.begin()
        stack.contexts.append(context)
        stack.openBlocks += 1
    }

    /// Changes the innermost context when it is an open begin/commit block.
    static func modifyOpenBlock(_ change: (inout Context) -> Void) {
        guard stack.openBlocks > 0, var context = stack.contexts.popLast() else { return }
        change(&context)
        if !stack.animationsEnabled { context.duration = 0 }
        stack.contexts.append(context)
    }

    /// Closes the innermost begin/commit block.
    static func commitOpenBlock() {
        guard stack.openBlocks > 0, !stack.contexts.isEmpty else { return }
        stack.openBlocks -= 1
        stack.contexts.removeLast()
        CATransaction.commit()
    }
}

extension View {
    /// The duration of the innermost animating block on this thread (0 outside one), UIKit's
    /// `inheritedAnimationDuration`.
    public static var inheritedAnimationDuration: TimeInterval {
        areAnimationsActive ? (ViewAnimation.stack.contexts.last?.duration ?? 0) : 0
    }
}

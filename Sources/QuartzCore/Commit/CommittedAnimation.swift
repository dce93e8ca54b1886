import Foundation
import LaminaCompositor

// Animations as the retained render tree keeps them: plain values copied out of the attached
// animations' runtimes at commit, so a frame evaluates them without reading a CAAnimation or
// a CALayer. The per-frame math is the model's (`FastPlan.apply`, then
// `AnimationEngine.applyGeneral`): the same values by construction.

/// The general-path half of a committed animation: the compiled spec and what the general path
/// reads, copied from the runtime at commit, plus its own transform-component cache (never
/// shared with the runtime, so the model thread and a render thread never write one cache).
///
/// Immutable after commit except `componentCache`, which only the committed tree's evaluation
/// writes (under its lock).
package final class CommittedGeneralAnimation: GeneralAnimationSource, @unchecked Sendable {
    package let spec: AnimationSpec
    package let properties: [AnimatedProperty]
    package let rotatesAlongPath: Bool
    package let isTransformComponent: Bool
    package let previous: AnimatableValue?
    package var componentCache: (matrix: CATransform3D, value: AnimatableValue, editor: TransformComponentEditor?)?

    /// A snapshot of `runtime` as it is now (its begin time stamped by the commit).
    package init(_ runtime: AnimationRuntime) {
        spec = runtime.spec
        properties = runtime.properties
        rotatesAlongPath = runtime.rotatesAlongPath
        isTransformComponent = runtime.isTransformComponent
        previous = runtime.previous
    }

    /// Whether the animation writes a property that is not a `DirectField` (subclass or custom
    /// properties, contents, shadowPath): its layer then needs a detached copy to evaluate on.
    package var writesExtras: Bool { properties.contains { $0.accessor.field == nil } }
}

/// One committed animation of a layer, in the order added: the shortcut when the animation has
/// one (hot, plain data), else the general path. `AnimationPlanStep` with its runtime replaced
/// by a snapshot. A class, immutable after commit: a frame reading a step out of the schedule
/// pays a retain, not a copy of the shortcut's values (measured: copying the struct through
/// its value witness cost a third of the evaluation).
package final class CommittedStep: @unchecked Sendable {
    /// The shortcut with the begin time stamped at commit; nil: the general path.
    package let fast: FastPlan?
    /// The values of a keyframe shortcut (immutable).
    package let keyframes: FastKeyframes?
    /// The `LayerProperties` fields the step writes.
    package let writes: DirectFieldSet
    package let general: CommittedGeneralAnimation

    /// The committed form of a plan step (one that presents a value).
    package init(_ step: AnimationPlanStep) {
        fast = step.fast
        keyframes = step.keyframes
        writes = step.writes
        general = CommittedGeneralAnimation(step.runtime)
    }

    /// Applies the step at `t` (its layer's local time) to `target`, as `AnimationPlanStep`
    /// applies to the model's targets.
    @inline(__always)
    package func apply<Target: PresentationTarget>(to target: inout Target, at t: Double) {
        target.prepare(writes)
        if fast?.apply(to: &target, at: t, keyframes: keyframes) == true { return }
        AnimationEngine.applyGeneral(general, to: &target, at: t)
    }
}

/// A transition attached to a layer, as committed: the compositor's style, the "before"
/// snapshot taken when it was added, and its timing (`AnimationEngine.transitionProgress`).
package struct CommittedTransition: Sendable {
    package let style: TransitionStyle
    package let before: RenderSnapshot
    package let spec: AnimationSpec
    package let startProgress: Double
    package let endProgress: Double

    /// The transition running on `layer` (key `kCATransition`), when it has a snapshot and is
    /// committed; nil otherwise (as `RenderTransition(model:at:)` finds it).
    package init?(layer: CALayer) {
        guard let transition = layer.animationEntries.animation(forKey: kCATransition) as? CATransition,
              let before = transition.beforeSnapshot, let runtime = transition.runtime, runtime.isCommitted
        else { return nil }
        style = TransitionStyle(transition)
        self.before = before
        spec = runtime.spec
        startProgress = Double(transition.startProgress)
        endProgress = Double(transition.endProgress)
    }

    /// The transition at `parentTime` (the local time of the layer's superlayer; absolute media
    /// time without one), or nil when it has no effect then.
    package func render(atParentTime parentTime: Double) -> RenderTransition? {
        guard let p = AnimationEngine.progress(of: spec, at: parentTime) else { return nil }
        return RenderTransition(style: style, progress: startProgress + (endProgress - startProgress) * p, before: before)
    }
}

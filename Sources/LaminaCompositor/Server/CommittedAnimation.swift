import CoreGraphics

// Animations as the render server keeps them: plain values (compiled specs, shortcut plans,
// property accessors), copied out of the model's attached animations at commit (QuartzCore's
// Commit/CommittedAnimation+Layer.swift) or built by hand, so a frame evaluates them without
// reading a model animation or layer. The per-frame math is `FastPlan.apply`, then
// `PresentationEvaluation.applyGeneral`; the model's presentation layers read its results
// (CommittedRenderTree+Presentation.swift).

/// The general-path half of a committed animation: the compiled spec and what the general path
/// reads, plus its own transform-component cache (never shared with the model's runtime, so
/// the model thread and a render thread never write one cache).
///
/// Immutable after commit except `componentCache`, which only the committed tree's evaluation
/// writes (under its lock).
package final class CommittedGeneralAnimation: @unchecked Sendable {
    package let spec: AnimationSpec
    package let properties: [AnimatedProperty]
    package let rotatesAlongPath: Bool
    package let isTransformComponent: Bool
    /// The presented value when the animation was added (basic animations without from, to
    /// and by values run from it to the value underneath).
    package let previous: AnimatableValue?
    package var componentCache: (matrix: CATransform3D, value: AnimatableValue, editor: TransformComponentEditor?)?

    package init(spec: AnimationSpec, properties: [AnimatedProperty], rotatesAlongPath: Bool,
                 isTransformComponent: Bool, previous: AnimatableValue?) {
        self.spec = spec
        self.properties = properties
        self.rotatesAlongPath = rotatesAlongPath
        self.isTransformComponent = isTransformComponent
        self.previous = previous
    }

    /// Whether the animation writes a property that is not a `DirectField` (subclass or custom
    /// properties, contents, shadowPath): its layer then keeps a model copy to evaluate on.
    package var writesExtras: Bool { properties.contains { $0.accessor.field == nil } }
}

/// One committed animation of a layer, in the order added: the shortcut when the animation has
/// one (hot, plain data), else the general path. A class, immutable after commit: a frame
/// reading a step out of the schedule pays a retain, not a copy of the shortcut's values
/// (measured: copying the struct through its value witness cost a third of the evaluation).
package final class CommittedStep: @unchecked Sendable {
    /// The shortcut with its begin time stamped; nil: the general path.
    package let fast: FastPlan?
    /// The values of a keyframe shortcut (immutable).
    package let keyframes: FastKeyframes?
    /// The fields the step writes (what a `PresentedLayerValues` must hold before it applies).
    package let writes: DirectFieldSet
    package let general: CommittedGeneralAnimation
    /// The model animation the step was copied from (its runtime object's identity), when the
    /// model committed it: what `CommittedRenderTree.removeSteps(madeFrom:)` finds it by. Only
    /// compared, never dereferenced; while the step is held, its animation is either still
    /// attached (alive) or removed since the last commit, which then drops the step.
    package let source: ObjectIdentifier?

    package init(fast: FastPlan?, keyframes: FastKeyframes?, writes: DirectFieldSet, general: CommittedGeneralAnimation,
                 source: ObjectIdentifier? = nil) {
        self.fast = fast
        self.keyframes = keyframes
        self.writes = writes
        self.general = general
        self.source = source
    }

    /// The step of an animation of `spec` (its begin time final: the parent time at which it
    /// starts) writing `properties`, compiled as the model compiles an attached animation: the
    /// shortcut when the spec has one for the first property's field, the fields written, the
    /// general path's inputs. `previous`: the presented value when it was added.
    package convenience init(spec: AnimationSpec, properties: [AnimatedProperty], rotatesAlongPath: Bool = false,
                             previous: AnimatableValue? = nil) {
        let isTransformComponent = PresentationEvaluation.isTransformComponent(spec)
        let made = properties.first?.accessor.field.flatMap {
            FastPlan.make(spec, field: $0, isTransformComponent: isTransformComponent)
        }
        self.init(fast: made?.plan, keyframes: made?.keyframes,
                  writes: Self.writes(of: properties, rotatesAlongPath: rotatesAlongPath),
                  general: CommittedGeneralAnimation(spec: spec, properties: properties, rotatesAlongPath: rotatesAlongPath,
                                                     isTransformComponent: isTransformComponent, previous: previous))
    }

    /// The fields an animation writing `properties` writes (a path animation with a rotation
    /// mode also turns the presented `transform`).
    package static func writes(of properties: [AnimatedProperty], rotatesAlongPath: Bool) -> DirectFieldSet {
        var writes = DirectFieldSet()
        for p in properties { if let f = p.accessor.field { writes.insert(DirectFieldSet(f)) } }
        if rotatesAlongPath { writes.insert(DirectFieldSet(.transform)) }
        return writes
    }

    /// Applies the step at `t` (its layer's local time) to `target`.
    @inline(__always)
    package func apply(to target: inout CommittedLayerTarget, at t: Double) {
        target.prepare(writes)
        if fast?.apply(to: &target, at: t, keyframes: keyframes) == true { return }
        PresentationEvaluation.applyGeneral(general, to: &target, at: t)
    }
}

/// A transition attached to a layer, as committed: the compositor's style, the "before"
/// snapshot taken when it was added, and its timing.
package struct CommittedTransition: Sendable {
    package let style: TransitionStyle
    package let before: RenderSnapshot
    package let spec: AnimationSpec
    package let startProgress: Double
    package let endProgress: Double

    package init(style: TransitionStyle, before: RenderSnapshot, spec: AnimationSpec,
                 startProgress: Double, endProgress: Double) {
        self.style = style
        self.before = before
        self.spec = spec
        self.startProgress = startProgress
        self.endProgress = endProgress
    }

    /// The transition at `parentTime` (the local time of the layer's superlayer; absolute media
    /// time without one), or nil when it has no effect then: the spec's timing (stage 2 and its
    /// timing function) mapped onto `startProgress…endProgress` (reference §10.5).
    package func render(atParentTime parentTime: Double) -> RenderTransition? {
        guard let p = PresentationEvaluation.progress(of: spec, at: parentTime) else { return nil }
        return RenderTransition(style: style, progress: startProgress + (endProgress - startProgress) * p, before: before)
    }
}

import CoreGraphics

/// The render server's animation evaluation over the compositor's timing math: the general
/// path (`applyGeneral`), transform components (TransformComponentEvaluation.swift) and the
/// progress of a timed spec. The shortcuts are `FastPlan` (FastBasicEvaluation.swift).
///
/// One code for every consumer: a committed render tree evaluates its plain-data animations
/// here, for its frames and for the model's presentation layers alike
/// (`CommittedRenderTree.forEachPresentedNode`), so both get the same values by construction.
///
/// Time: `t` is the parent time of the animation (its layer's local time, reference §7.1.2);
/// a group's children run in the group's local time (done by `AnimationSpec.apply`).
package enum PresentationEvaluation {
    /// The general path: `AnimationSpec.apply` on each property the animation writes, on top
    /// of what `target` holds so far (so additive animations add to it and sub-key animations
    /// set their component of it).
    package static func applyGeneral(_ animation: CommittedGeneralAnimation, to target: inout CommittedLayerTarget,
                                     at t: Double) {
        let properties = animation.properties
        if animation.isTransformComponent {
            guard case .transform(let m)? = target.read(properties[0]) else { return }
            let r = applyTransformComponent(animation.spec, at: t, to: m, runtime: animation)
            if r != m { target.write(properties[0], .transform(r)) }
            return
        }
        for i in properties.indices {
            guard let underlying = target.read(properties[i]) ?? properties[i].neutral else { continue }
            let value = animation.spec.apply(at: t, property: properties[i].accessor.key, to: underlying,
                                             previous: animation.previous)
            if value != underlying { target.write(properties[i], value) }
        }
        if animation.rotatesAlongPath, let angle = animation.spec.pathRotation(at: t) {
            let m = TransformMath.concat(TransformBuilder.rotationZ(angle), target.matrix(.transform))
            target.writeFast(.transform, .transform(m))
        }
    }

    /// The progress of `spec` at parent time `t` (stage-2 timing, then the timing function), or
    /// nil when the animation has no effect then.
    @inline(__always)
    package static func progress(of spec: AnimationSpec, at t: Double) -> Double? {
        guard let sample = spec.timing.sample(atParentTime: t, defaultDuration: spec.defaultDuration) else { return nil }
        let x = sample.fraction
        return spec.timingFunction?.progress(at: x) ?? x
    }
}

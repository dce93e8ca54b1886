import Foundation

/// A QuartzCore-side shortcut for the animation most layers run: a basic animation with both
/// `fromValue` and `toValue` of an inline kind (number, point, size, rect, colour), not
/// additive or cumulative, without a value function, on a whole property or on a scalar
/// transform component ("transform.rotation.z").
///
/// Its value does not depend on the underlying value, so it needs neither a read of the
/// property nor the general `AnimationSpec.evaluate` (which copies the large value enums of
/// its `kind` on every call). The math is the same — the compositor's stage-2 timing
/// (`MediaTiming.sample`), its timing curve, then linear interpolation — and
/// `FastBasicEvaluationTests` checks it against `AnimationSpec.apply` on a grid of times.
package enum FastBasic {
    case scalar(Double, Double)
    case point(CGPoint, CGPoint)
    case size(CGSize, CGSize)
    case rect(CGRect, CGRect)
    case color(RGBAColor, RGBAColor)

    /// The shortcut for `spec`, or nil when the general path is needed.
    package init?(_ spec: AnimationSpec) {
        guard case .basic(let from?, let to?, nil) = spec.kind, !spec.isAdditive, !spec.isCumulative,
              spec.valueFunction == nil, let keyPath = spec.keyPath else { return nil }
        if let sub = keyPath.subKey {
            // Only scalar transform components (the engine sets them into the matrix).
            guard AnimationEngine.isTransformComponent(spec), sub != .translation else { return nil }
        }
        switch (from, to) {
        case (.scalar(let a), .scalar(let b)): self = .scalar(a, b)
        case (.point(let a), .point(let b)) where keyPath.subKey == nil: self = .point(a, b)
        case (.size(let a), .size(let b)) where keyPath.subKey == nil: self = .size(a, b)
        case (.rect(let a), .rect(let b)) where keyPath.subKey == nil: self = .rect(a, b)
        case (.color(let a), .color(let b)) where keyPath.subKey == nil: self = .color(a, b)
        default: return nil
        }
    }

    /// The value at progress `p` (after the timing function), as `AnimatableValue.lerp`.
    @inline(__always)
    package func value(at p: Double) -> AnimatableValue {
        switch self {
        case .scalar(let a, let b): return .scalar(a + (b - a) * p)
        case .point(let a, let b):
            let s = CGFloat(p)
            return .point(CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s))
        case .size(let a, let b):
            let s = CGFloat(p)
            return .size(CGSize(width: a.width + (b.width - a.width) * s, height: a.height + (b.height - a.height) * s))
        case .rect(let a, let b):
            let s = CGFloat(p)
            return .rect(CGRect(x: a.origin.x + (b.origin.x - a.origin.x) * s, y: a.origin.y + (b.origin.y - a.origin.y) * s,
                                width: a.size.width + (b.size.width - a.size.width) * s,
                                height: a.size.height + (b.size.height - a.size.height) * s))
        case .color(let a, let b): return .color(RGBAColor.lerp(a, b, p))
        }
    }
}

/// A `FastBasic` animation with its timing and its property's accessors, ready for a frame.
package struct FastPlan {
    package let values: FastBasic
    package var timing: MediaTiming
    package let curve: TimingCurve?
    package let defaultDuration: Double
    /// Set for transform components: the sub-key set into the (identity) transform.
    package let transformComponent: SubKeyPath?
    package let read: (CALayer) -> AnimatableValue?
    package let write: (CALayer, AnimatableValue) -> Void
    /// For transform components: the runtime whose general path runs when the transform
    /// underneath is not the identity.
    package var runtime: AnimationRuntime?

    /// Evaluates into `target` at parent time `t`. Returns false when the general path must
    /// run instead (a transform component over a non-identity transform).
    @inline(__always)
    package func apply(to target: CALayer, at t: Double) -> Bool {
        if let sub = transformComponent {
            guard case .transform(let m)? = read(target), CATransform3DIsIdentity(m) else { return false }
            guard let p = progress(at: t) else { return true }
            if let direct = AnimationEngine.identity(setting: sub, to: values.value(at: p)) { write(target, .transform(direct)) }
            return true
        }
        if let p = progress(at: t) { write(target, values.value(at: p)) }
        return true
    }

    @inline(__always)
    package func progress(at t: Double) -> Double? {
        guard let sample = timing.sample(atParentTime: t, defaultDuration: defaultDuration) else { return nil }
        let x = sample.fraction
        return curve?.progress(at: x) ?? x
    }
}

extension AnimationEngine {
    /// The progress of `spec` at parent time `t` (stage-2 timing, then the timing function), or
    /// nil when the animation has no effect then.
    @inline(__always)
    package static func progress(of spec: AnimationSpec, at t: Double) -> Double? {
        guard let sample = spec.timing.sample(atParentTime: t, defaultDuration: spec.defaultDuration) else { return nil }
        let x = sample.fraction
        return spec.timingFunction?.progress(at: x) ?? x
    }
}

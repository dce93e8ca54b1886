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

/// A `FastBasic` animation with its timing and the layer field it writes, ready for a frame.
/// Plain data (no references), so the per-frame loop copies it without reference counting.
package struct FastPlan {
    package let values: FastBasic
    package var timing: MediaTiming
    package let curve: TimingCurve?
    package let defaultDuration: Double
    /// Set for transform components: the sub-key set into the (identity) transform.
    package let transformComponent: SubKeyPath?
    package let field: DirectField
    /// The animation's index in the layer's `animationEntries` (for the general path).
    package var entryIndex = 0

    /// Evaluates into `target` at parent time `t`. Returns false when the general path must
    /// run instead (a transform component over a non-identity transform).
    @inline(__always)
    package func apply(to target: CALayer, at t: Double) -> Bool {
        if let sub = transformComponent {
            let m = field == .sublayerTransform ? target.props.sublayerTransform : target.props.transform
            guard CATransform3DIsIdentity(m) else { return false }
            guard let p = progress(at: t) else { return true }
            if let direct = AnimationEngine.identity(setting: sub, to: values.value(at: p)) {
                field.write(.transform(direct), to: target)
            }
            return true
        }
        if let p = progress(at: t) { field.write(values.value(at: p), to: target) }
        return true
    }

    @inline(__always)
    package func progress(at t: Double) -> Double? {
        guard let sample = timing.sample(atParentTime: t, defaultDuration: defaultDuration) else { return nil }
        let x = sample.fraction
        return curve?.progress(at: x) ?? x
    }
}

/// The CALayer fields the shortcut writes directly.
package enum DirectField: UInt8, CaseIterable {
    case bounds, position, zPosition, anchorPoint, anchorPointZ, transform, sublayerTransform, opacity
    case cornerRadius, borderWidth, shadowOpacity, shadowOffset, shadowRadius, contentsRect, contentsCenter
    case contentsScale, rasterizationScale, minificationFilterBias, backgroundColor, borderColor, shadowColor

    /// Stores `value` when it has the field's kind (NaN numbers are dropped, as the setters
    /// refuse them).
    @inline(__always)
    package func write(_ value: AnimatableValue, to layer: CALayer) {
        switch (self, value) {
        case (.bounds, .rect(let r)): layer.props.bounds = r
        case (.position, .point(let p)) where !p.x.isNaN && !p.y.isNaN: layer.props.position = p
        case (.anchorPoint, .point(let p)) where !p.x.isNaN && !p.y.isNaN: layer.props.anchorPoint = p
        case (.transform, .transform(let m)): layer.props.transform = m
        case (.sublayerTransform, .transform(let m)): layer.props.sublayerTransform = m
        case (.shadowOffset, .size(let s)): layer.props.shadowOffset = s
        case (.contentsRect, .rect(let r)): layer.props.contentsRect = r
        case (.contentsCenter, .rect(let r)): layer.props.contentsCenter = r
        case (.backgroundColor, .color(let c)): layer.props.backgroundColor = c.cgColor
        case (.borderColor, .color(let c)): layer.props.borderColor = c.cgColor
        case (.shadowColor, .color(let c)): layer.props.shadowColor = c.cgColor
        case (_, .scalar(let v)) where !v.isNaN:
            switch self {
            case .zPosition: layer.props.zPosition = CGFloat(v)
            case .anchorPointZ: layer.props.anchorPointZ = CGFloat(v)
            case .opacity: layer.props.opacity = Float(v)
            case .cornerRadius: layer.props.cornerRadius = CGFloat(v)
            case .borderWidth: layer.props.borderWidth = CGFloat(v)
            case .shadowOpacity: layer.props.shadowOpacity = Float(v)
            case .shadowRadius: layer.props.shadowRadius = CGFloat(v)
            case .contentsScale: layer.props.contentsScale = CGFloat(v)
            case .rasterizationScale: layer.props.rasterizationScale = CGFloat(v)
            case .minificationFilterBias: layer.props.minificationFilterBias = Float(v)
            default: break
            }
        default: break
        }
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

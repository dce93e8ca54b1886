import CoreGraphics

/// The render server's shortcut for the animations most layers run, on a whole property or on a
/// scalar transform component ("transform.rotation.z"), none additive or cumulative or with a
/// value function:
/// - a basic or spring animation with both `fromValue` and `toValue` of an inline kind
///   (number, point, size, rect, colour);
/// - a keyframe animation with `values` of numbers or points (any calculation mode).
///
/// Their values do not depend on the underlying value, so they need neither a read of the
/// property nor the general `AnimationSpec.evaluate` (which copies the large value enums of
/// its `kind` on every call). The math is the same — the compositor's stage-2 timing
/// (`MediaTiming.sample`), its timing curve (the spring's p(t) for springs), then linear
/// interpolation or `KeyframeTrack.value(at:)` — and `AnimationFastPathTests` and
/// `CommittedPresentationTests` check it against `AnimationSpec.apply` and `presentation()`.
package enum FastBasic {
    case scalar(Double, Double)
    case point(CGPoint, CGPoint)
    case size(CGSize, CGSize)
    case rect(CGRect, CGRect)
    case color(RGBAColor, RGBAColor)

    /// The shortcut for `spec` (a basic or spring animation), or nil when the general path is
    /// needed.
    package init?(_ spec: AnimationSpec) {
        let from: AnimatableValue, to: AnimatableValue
        switch spec.kind {
        case .basic(let f?, let t?, nil), .spring(let f?, let t?, nil, _): (from, to) = (f, t)
        default: return nil
        }
        guard !spec.isAdditive, !spec.isCumulative, spec.valueFunction == nil, let keyPath = spec.keyPath else { return nil }
        if let sub = keyPath.subKey {
            // Only scalar transform components (the engine sets them into the matrix).
            guard PresentationEvaluation.isTransformComponent(spec), sub != .translation else { return nil }
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

/// The keyframes of a shortcut keyframe animation (kept out of `FastPlan` so that it stays
/// plain data).
package final class FastKeyframes {
    package let track: KeyframeTrack
    /// The values as numbers when they all are numbers and the mode interpolates linearly
    /// (linear, discrete, paced): `value(at:)` then works on Doubles, with the arithmetic of
    /// `KeyframeTrack.value(at:)` and `AnimatableValue.lerp`. nil: the track evaluates.
    private let scalars: [Double]?
    private let keyTimes: [Double]
    private let timingFunctions: [TimingCurve]
    private let isDiscrete: Bool

    /// The shortcut for `spec` (a keyframe animation with values) writing `field`, or nil.
    /// Bounds are left to the general path (its writes refuse NaN rects, the shortcut's do not).
    package init?(_ spec: AnimationSpec, field: DirectField) {
        guard case .keyframes(let track) = spec.kind, !spec.isAdditive, !spec.isCumulative,
              spec.valueFunction == nil, let keyPath = spec.keyPath, let first = track.first else { return nil }
        if let sub = keyPath.subKey {
            guard PresentationEvaluation.isTransformComponent(spec), sub != .translation else { return nil }
        }
        switch first {
        case .scalar: guard track.values.allSatisfy({ $0.scalarValue != nil }) else { return nil }
        case .point where keyPath.subKey == nil && field != .bounds:
            guard track.values.allSatisfy({ if case .point = $0 { return true } else { return false } }) else { return nil }
        default: return nil
        }
        self.track = track
        let linear = track.mode != .cubic && track.mode != .cubicPaced
        let numbers = track.values.compactMap(\.scalarValue)
        scalars = linear && numbers.count == track.values.count ? numbers : nil
        keyTimes = track.keyTimes
        timingFunctions = track.timingFunctions
        isDiscrete = track.mode == .discrete
    }

    /// `track.value(at: progress)`.
    @inline(__always)
    package func value(at progress: Double) -> AnimatableValue? {
        guard let scalars else { return track.value(at: progress) }
        return scalarValue(scalars, at: progress).map { .scalar($0) }
    }

    /// `KeyframeTrack.value(at:)` for numbers, step for step.
    private func scalarValue(_ values: [Double], at progress: Double) -> Double? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if isDiscrete {
            var i = n - 1
            while i > 0 && p < keyTimes[i] { i -= 1 }
            return values[i]
        }
        let (i, f) = KeyTimes.segment(of: p, in: keyTimes)
        let u = i < timingFunctions.count ? timingFunctions[i].progress(at: f) : f
        let x = values[i], y = values[i + 1]
        return x + (y - x) * u
    }
}

/// A shortcut animation with its timing and the layer field it writes, ready for a frame.
/// Plain data (no references: copying it is a memcpy), so the per-frame loop copies it
/// cheaply; a keyframe shortcut keeps its values in a `FastKeyframes` next to it.
package struct FastPlan {
    /// From/to values of a basic or spring animation (unused with keyframes).
    package let values: FastBasic
    package var timing: MediaTiming
    package let curve: TimingCurve?
    /// Set for springs: progress is the spring's p(t) at the basic local time and `curve` is
    /// not applied (as `AnimationSpec.evaluate`).
    package let spring: SpringParameters?
    package let defaultDuration: Double
    /// `timing.durations(defaultDuration:)`, computed once (they do not depend on the begin
    /// time stamped at commit).
    package let durations: MediaTiming.Durations
    /// Set for transform components: the sub-key set into the (identity) transform.
    package let transformComponent: SubKeyPath?
    package let field: DirectField

    /// A plan that is never applied (a slot in an array of plans for an animation without one).
    package static let placeholder = FastPlan(values: .scalar(0, 0), timing: MediaTiming(), curve: nil, spring: nil,
                                              defaultDuration: 0, durations: MediaTiming().durations(defaultDuration: 0),
                                              transformComponent: nil, field: .opacity)

    /// The shortcut for `spec` writing `field`, or nil when the general path is needed; with
    /// the keyframes to pass to `apply` for keyframe animations.
    package static func make(_ spec: AnimationSpec, field: DirectField,
                             isTransformComponent: Bool) -> (plan: FastPlan, keyframes: FastKeyframes?)? {
        let values: FastBasic, keyframes: FastKeyframes?
        if let basic = FastBasic(spec) {
            (values, keyframes) = (basic, nil)
        } else if let k = FastKeyframes(spec, field: field) {
            (values, keyframes) = (.scalar(0, 0), k)
        } else {
            return nil
        }
        let plan = FastPlan(values: values, timing: spec.timing, curve: spec.timingFunction,
                            spring: { if case .spring(_, _, _, let p) = spec.kind { return p } else { return nil } }(),
                            defaultDuration: spec.defaultDuration,
                            durations: spec.timing.durations(defaultDuration: spec.defaultDuration),
                            transformComponent: isTransformComponent ? spec.keyPath?.subKey : nil, field: field)
        return (plan, keyframes)
    }

    /// Evaluates into `target` at parent time `t`; `keyframes` replaces `values` for keyframe
    /// shortcuts. Returns false when the general path must run instead (a transform component
    /// over a non-identity transform, or keyframe values the identity cannot take).
    ///
    /// Numbers and points travel as plain values (no `AnimatableValue`) to the target's typed
    /// writes, which store exactly what `writeFast` stores for the same value.
    @inline(__always)
    package func apply(to target: inout CommittedLayerTarget, at t: Double,
                       keyframes: FastKeyframes? = nil) -> Bool {
        if let sub = transformComponent {
            guard target.matrixIsIdentity(field) else { return false }
            guard let p = progress(at: t) else { return true }
            let v: Double
            if let keyframes {
                guard let k = keyframes.value(at: p) else { return true }
                guard case .scalar(let d) = k else { return false }
                v = d
            } else {
                guard case .scalar(let a, let b) = values else { return true }
                v = a + (b - a) * p
            }
            if let direct = PresentationEvaluation.identity(setting: sub, scalar: v) {
                target.writeFastMatrix(field, direct)
                return true
            }
            // The basic shortcut drops values the identity cannot take (NaN), as it always
            // has; keyframes leave them to the general path.
            return keyframes == nil
        }
        guard let p = progress(at: t) else { return true }
        if let keyframes {
            if let v = keyframes.value(at: p) { target.writeFast(field, v) }
            return true
        }
        switch values {
        case .scalar(let a, let b): target.writeFastScalar(field, a + (b - a) * p)
        case .point(let a, let b):
            let s = CGFloat(p)
            target.writeFastPoint(field, CGPoint(x: a.x + (b.x - a.x) * s, y: a.y + (b.y - a.y) * s))
        default: target.writeFast(field, values.value(at: p))
        }
        return true
    }

    @inline(__always)
    package func progress(at t: Double) -> Double? {
        guard let sample = timing.sample(atParentTime: t, durations: durations) else { return nil }
        if let spring { return spring.progress(at: sample.localTime) }
        let x = sample.fraction
        return curve?.progress(at: x) ?? x
    }
}

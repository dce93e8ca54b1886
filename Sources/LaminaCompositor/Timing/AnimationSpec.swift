/// What an animation interpolates (the CAAnimation subclasses, as data).
package indirect enum AnimationKind: Sendable, Hashable {
    /// CABasicAnimation: at most two of from/to/by should be set (reference §9.1.1).
    case basic(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?)
    /// CASpringAnimation: a basic animation whose progress is the spring's p(t) at the basic
    /// local time in seconds (the timing function is not applied — INF).
    case spring(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?, spring: SpringParameters)
    /// CAKeyframeAnimation with `values`.
    case keyframes(KeyframeTrack)
    /// CAKeyframeAnimation with `path`: animates a point; see `AnimationSpec.pathRotation`.
    case path(KeyframePath, mode: CalculationMode, keyTimes: [Double], timingFunctions: [TimingCurve],
              rotationMode: RotationMode?)
    /// CAAnimationGroup: children run in the group's basic local time, so whatever extends past
    /// the group's duration is cut off (reference §9.4).
    case group([AnimationSpec])
}

/// A stored animation: everything the render tree needs to evaluate a CAAnimation at any time,
/// as plain values. The later CAAnimation classes in QuartzCore build one of these when an
/// animation is added to a layer (after resolving duration 0 and beginTime 0 at commit).
///
/// Time spaces: `timing.beginTime` is in the parent time space — the layer's local time for a
/// top-level animation, the group's basic local time for a group child (reference §7.1.2).
package struct AnimationSpec: Sendable, Hashable {
    /// The animated property and optional sub-key; nil for groups (and ignored on them).
    package var keyPath: AnimationKeyPath?
    package var timing: MediaTiming
    /// nil means linear pacing (an explicit CAAnimation's default). For keyframes it warps
    /// overall time before the per-segment functions; it is applied in paced modes too (Apple
    /// leaves that UNCERTAIN); for groups it warps the time the children see (INF).
    package var timingFunction: TimingCurve?
    package var kind: AnimationKind {
        didSet { endpointsBox = Self.fixedTransformEndpoints(of: kind).map(EndpointsBox.init) }
    }
    /// Decompositions of fixed transform endpoints, computed when `kind` is set so evaluation
    /// does not decompose two matrices every frame.
    package var transformEndpoints: TransformInterpolator? { endpointsBox?.interpolator }
    /// Boxed: an interpolator is two matrices and their decompositions (about 600 bytes), and a
    /// spec is copied whole whenever an animation is attached or committed.
    private var endpointsBox: EndpointsBox?
    /// Add the animated value to the underlying value (reference §9.1.3).
    package var isAdditive: Bool
    /// Each repeat adds iteration·(end − start) (reference §9.1.4).
    package var isCumulative: Bool
    /// Applied to the interpolated value (after cumulation, before additive composition).
    package var valueFunction: ValueFunction?
    /// Duration used when `timing.duration` ≤ 0 (the transaction's, or 0.25 s).
    package var defaultDuration: Double

    package init(keyPath: AnimationKeyPath?, timing: MediaTiming = MediaTiming(), timingFunction: TimingCurve? = nil,
                 kind: AnimationKind, isAdditive: Bool = false, isCumulative: Bool = false,
                 valueFunction: ValueFunction? = nil, defaultDuration: Double = 0.25) {
        self.keyPath = keyPath
        self.timing = timing
        self.timingFunction = timingFunction
        self.kind = kind
        self.endpointsBox = Self.fixedTransformEndpoints(of: kind).map(EndpointsBox.init)
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
        self.defaultDuration = defaultDuration
    }

    /// Convenience: parses `keyPath` ("position.x"); an unparsable key path gives a spec that
    /// never affects anything.
    package init(keyPath: String, timing: MediaTiming = MediaTiming(), timingFunction: TimingCurve? = nil,
                 kind: AnimationKind, isAdditive: Bool = false, isCumulative: Bool = false,
                 valueFunction: ValueFunction? = nil, defaultDuration: Double = 0.25) {
        self.init(keyPath: AnimationKeyPath(keyPath), timing: timing, timingFunction: timingFunction, kind: kind,
                  isAdditive: isAdditive, isCumulative: isCumulative, valueFunction: valueFunction,
                  defaultDuration: defaultDuration)
    }

    /// The transform interpolator for basic/spring animations whose endpoints do not depend on
    /// the underlying value (from/to, from/by, to/by with transform values).
    private static func fixedTransformEndpoints(of kind: AnimationKind) -> TransformInterpolator? {
        let from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?
        switch kind {
        case .basic(let f, let t, let b), .spring(let f, let t, let b, _): (from, to, by) = (f, t, b)
        default: return nil
        }
        // Only transform values have endpoints to decompose; most animations stop here.
        func isTransform(_ v: AnimatableValue?) -> Bool { if case .transform? = v { return true } else { return false } }
        guard isTransform(from) || isTransform(to) || isTransform(by) else { return nil }
        let fixed = (from != nil && to != nil) || (from != nil && by != nil) || (to != nil && by != nil)
        guard fixed else { return nil }
        // Underlying and previous are unused for these rows; any value will do.
        let e = endpoints(from: from, to: to, by: by, underlying: .scalar(0), previous: nil)
        guard case .transform(let a) = e.start, case .transform(let b) = e.end else { return nil }
        return TransformInterpolator(start: a, end: b)
    }

    /// Start and end values of a basic or spring animation (reference §9.1.1):
    ///
    /// | from | to | by | interpolates |
    /// |---|---|---|---|
    /// | ✓ | ✓ | – | from → to |
    /// | ✓ | – | ✓ | from → from + by |
    /// | – | ✓ | ✓ | to − by → to |
    /// | ✓ | – | – | from → underlying |
    /// | – | ✓ | – | underlying → to |
    /// | – | – | ✓ | underlying → underlying + by |
    /// | – | – | – | previous presentation (or underlying when nil) → underlying |
    /// | ✓ | ✓ | ✓ | from → to (undefined per Apple; by ignored) |
    ///
    /// "Underlying" is the property's current value beneath this animation: the model value plus
    /// any animations applied before this one — the header's "current presentation value", which
    /// equals the observed "model value" when no other animation runs (reference §12 #4). It is
    /// read on every evaluation, so a later model change retargets from-only/to-only/by-only
    /// animations. When to − by cannot be formed (singular transform, mismatched kinds), the
    /// animation starts at `to`.
    package static func endpoints(from: AnimatableValue?, to: AnimatableValue?, by: AnimatableValue?,
                                  underlying: AnimatableValue, previous: AnimatableValue?)
        -> (start: AnimatableValue, end: AnimatableValue) {
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, AnimatableValue.add(f, b))
        case (nil, let t?, let b?): return (AnimatableValue.removing(b, from: t) ?? t, t)
        case (let f?, nil, nil): return (f, underlying)
        case (nil, let t?, nil): return (underlying, t)
        case (nil, nil, let b?): return (underlying, AnimatableValue.add(underlying, b))
        case (nil, nil, nil): return (previous ?? underlying, underlying)
        }
    }
}

/// An immutable reference to a spec's transform interpolator (derived from `kind`, so two
/// boxes of equal interpolators are equal).
private final class EndpointsBox: Hashable, Sendable {
    let interpolator: TransformInterpolator
    init(_ interpolator: TransformInterpolator) { self.interpolator = interpolator }
    static func == (a: EndpointsBox, b: EndpointsBox) -> Bool { a === b || a.interpolator == b.interpolator }
    func hash(into hasher: inout Hasher) { hasher.combine(interpolator) }
}

extension AnimationSpec {
    /// The animated value at `parentTime`, in the value space of the key path (a scalar for
    /// "position.x", a point for "position"), or nil when the animation has no effect at that
    /// instant (outside its active interval without fill, empty keyframes or path, NaN time) —
    /// then the underlying value shows.
    ///
    /// - `underlying`: the value beneath this animation (model value plus earlier animations),
    ///   used for missing from/to/by values and for additive composition.
    /// - `previous`: the presentation value captured when the animation was added, used only when
    ///   from, to and by are all nil (what implicit animations rely on).
    ///
    /// Order of operations: stage-2 timing → timing function → interpolation → cumulative offset
    /// (iteration·(end − start)) → value function → additive (`underlying + value`).
    /// Groups return nil here: they affect several properties; use `apply`.
    ///
    /// Allocation-free for scalar, point, size, rect, colour and transform values.
    /// `endInclusive`: see `MediaTiming.sample` (set by groups for their children).
    package func evaluate(at parentTime: Double, underlying: AnimatableValue, previous: AnimatableValue?,
                          endInclusive: Bool = false) -> AnimatableValue? {
        guard let sample = timing.sample(atParentTime: parentTime, defaultDuration: defaultDuration,
                                         endInclusive: endInclusive) else { return nil }
        let x = sample.fraction
        let p = timingFunction?.progress(at: x) ?? x
        var value: AnimatableValue
        var start: AnimatableValue?, end: AnimatableValue?
        // With a value function the from/to/by values are the function's arguments, so the
        // underlying transform cannot stand in for a missing one: the identity argument does.
        let base = valueFunction.map(Self.identityArgument) ?? underlying
        let previousBase = valueFunction == nil ? previous : nil
        switch kind {
        case .basic(let from, let to, let by), .spring(let from, let to, let by, _):
            var q = p
            if case .spring(_, _, _, let spring) = kind { q = spring.progress(at: sample.localTime) }
            if let cached = transformEndpoints {
                value = .transform(cached.value(at: q))
                start = .transform(cached.start); end = .transform(cached.end)
            } else {
                let e = Self.endpoints(from: from, to: to, by: by, underlying: base, previous: previousBase)
                value = AnimatableValue.lerp(e.start, e.end, q)
                start = e.start; end = e.end
            }
        case .keyframes(let track):
            guard let v = track.value(at: p) else { return nil }
            value = v
            start = track.first; end = track.last
        case .path(let path, let mode, let keyTimes, let functions, _):
            guard let s = path.sample(at: p, mode: mode, keyTimes: keyTimes, timingFunctions: functions) else { return nil }
            value = .point(s.position)
            if let first = path.segments.first, let last = path.segments.last {
                start = .point(first.start); end = .point(last.end)
            }
        case .group:
            return nil
        }
        if isCumulative, sample.iteration >= 1, let s = start, let e = end,
           let delta = AnimatableValue.difference(from: s, to: e),
           let offset = AnimatableValue.scaled(delta, by: sample.iteration) {
            value = AnimatableValue.add(value, offset)
        }
        if let function = valueFunction {
            guard let m = function.transform(for: value) else { return nil }
            value = .transform(m)
        }
        if isAdditive { value = AnimatableValue.add(underlying, value) }
        return value
    }

    /// The tangent angle (radians) of a path keyframe animation with a rotation mode at
    /// `parentTime`, to be applied on top of the layer's transform as a rotation about z
    /// (reference §9.2.6; INF). nil for other kinds or when the animation has no effect.
    package func pathRotation(at parentTime: Double) -> Double? {
        guard case .path(let path, let mode, let keyTimes, let functions, let rotation?) = kind,
              let sample = timing.sample(atParentTime: parentTime, defaultDuration: defaultDuration) else { return nil }
        let x = sample.fraction
        let p = timingFunction?.progress(at: x) ?? x
        return path.sample(at: p, mode: mode, keyTimes: keyTimes, timingFunctions: functions,
                           rotationMode: rotation)?.angle
    }

    /// Applies this animation (or group) at `parentTime` to the presentation value of
    /// `property`, returning the new presentation value — the merge step of a presentation pass:
    ///
    ///     var v = model["position"]
    ///     for a in animations { v = a.apply(at: t, property: "position", to: v, previous: snapshot) }
    ///
    /// - Leaves whose key path names another property, or that have no effect, return `value`.
    /// - Sub-key paths ("position.x", "bounds.size.width", "transform.rotation.z",
    ///   "shadowOffset.height") read their component of `value` (and of `previous`) as the
    ///   underlying value, evaluate, and set the result back into the parent value.
    /// - Groups map `parentTime` through their own timing to their basic local time (clipped to
    ///   the group's duration; warped by the group's timing function when set) and apply their
    ///   children in order in that time space. A group with no effect at `parentTime` leaves
    ///   `value` unchanged.
    package func apply(at parentTime: Double, property: String, to value: AnimatableValue,
                       previous: AnimatableValue?, endInclusive: Bool = false) -> AnimatableValue {
        if case .group(let children) = kind {
            guard let sample = timing.sample(atParentTime: parentTime, defaultDuration: defaultDuration,
                                             endInclusive: endInclusive) else { return value }
            var childTime = sample.localTime
            if let f = timingFunction, sample.duration.isFinite {
                childTime = f.progress(at: sample.fraction) * sample.duration
            }
            // While the group is held at its end, children ending with it keep their end values.
            let held = sample.phase == .after
            var v = value
            for child in children {
                v = child.apply(at: childTime, property: property, to: v, previous: previous, endInclusive: held)
            }
            return v
        }
        guard let keyPath, keyPath.property == property else { return value }
        guard let sub = keyPath.subKey else {
            return evaluate(at: parentTime, underlying: value, previous: previous, endInclusive: endInclusive) ?? value
        }
        // One decomposition of a transform for both reading and setting the component.
        return value.updatingComponent(sub) { component in
            evaluate(at: parentTime, underlying: component, previous: previous?.component(sub), endInclusive: endInclusive)
        } ?? value
    }

    /// The argument of `function` that yields the identity matrix: 1 for scales, 0 otherwise.
    private static func identityArgument(_ function: ValueFunction) -> AnimatableValue {
        switch function {
        case .scale: return unitTriple
        case .scaleX, .scaleY, .scaleZ: return .scalar(1)
        case .translate: return zeroTriple
        default: return .scalar(0)
        }
    }

    // Shared so the hot path only retains them instead of allocating new arrays.
    private static let unitTriple = AnimatableValue.scalars([1, 1, 1])
    private static let zeroTriple = AnimatableValue.scalars([0, 0, 0])
}

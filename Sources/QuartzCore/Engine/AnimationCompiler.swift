import Foundation

/// Turns an attached CAAnimation copy into the compositor's `AnimationSpec` once, when it is
/// added to a layer: timing checked, key path parsed and resolved against the layer's class,
/// values converted to `AnimatableValue` and checked against the property's type, keyframes
/// and paths validated.
///
/// Refusals (the animation is not attached; `LayerError.invalidAnimation` is reported):
/// non-finite timing (NaN anywhere; infinite begin time, speed or offset), a property animation
/// without a key path, an unknown property or sub-key ("position.z"), values whose type does
/// not fit the property, a path for a non-point property, a value function on a non-transform
/// property or with values it cannot take. Invalid group children are dropped (reported)
/// and the rest of the group runs.
package enum AnimationCompiler {
    package struct Failure: Error { package let reason: String }

    /// The runtime for `anim` attached to `layer`; `defaultDuration` is the duration used for
    /// durations ≤ 0 (the transaction's).
    package static func compile(_ anim: CAAnimation, for layer: CALayer,
                                defaultDuration: Double) -> Result<AnimationRuntime, Failure> {
        do {
            // The properties written, first occurrence first. Most animations write one: a
            // dictionary (hashing, a fresh seed) only once a group writes many.
            var leaves: [AnimatedProperty] = []
            var seen: Set<String>?
            let spec = try makeSpec(anim, layer: layer, defaultDuration: defaultDuration, isChild: false) { property, sample in
                if let s = seen {
                    if s.contains(property.key) { return }
                } else if leaves.contains(where: { $0.accessor.key == property.key }) {
                    return
                }
                leaves.append(AnimatedProperty(accessor: property, neutral: sample.map(AnimationValues.neutral(like:))))
                if seen != nil {
                    seen!.insert(property.key)
                } else if leaves.count > 8 {
                    seen = Set(leaves.map(\.accessor.key))
                }
            }
            var rotates = false
            if case .path(_, _, _, _, let mode?) = spec.kind, mode == .auto || mode == .autoReverse { rotates = true }
            return .success(AnimationRuntime(spec: spec, properties: leaves,
                                             rotatesAlongPath: rotates))
        } catch let f as Failure {
            return .failure(f)
        } catch {
            return .failure(Failure(reason: "\(error)"))
        }
    }

    private static func timing(of anim: CAAnimation) throws -> MediaTiming {
        let t = anim.mediaTiming
        guard !(t.beginTime.isNaN || t.duration.isNaN || t.speed.isNaN || t.timeOffset.isNaN
                || t.repeatCount.isNaN || t.repeatDuration.isNaN) else { throw Failure(reason: "timing contains NaN") }
        guard t.beginTime.isFinite, t.speed.isFinite, t.timeOffset.isFinite else {
            throw Failure(reason: "beginTime, speed and timeOffset must be finite")
        }
        return t
    }

    private static func makeSpec(_ anim: CAAnimation, layer: CALayer, defaultDuration: Double, isChild: Bool,
                                 leaf: (PresentedProperty, AnimatableValue?) -> Void) throws -> AnimationSpec {
        let timing = try timing(of: anim)
        let curve = anim.timingFunction?.curve
        if let group = anim as? CAAnimationGroup {
            // A child whose duration is left at 0 runs for the group's whole duration (Apple's
            // CAAnimationGroup listing groups a fade of 1 s with a scale given no duration in a
            // 1 s group, and the layer "vanishes" as the scale grows), not the 0.25 s default
            // that only a top-level animation gets when it is added.
            let groupDuration = timing.resolvedDuration(defaultDuration: defaultDuration)
            var children: [AnimationSpec] = []
            for child in group.animations ?? [] {
                do {
                    children.append(try makeSpec(child, layer: layer, defaultDuration: groupDuration, isChild: true, leaf: leaf))
                } catch let f as Failure {
                    LayerDiagnostics.report(.invalidAnimation(key: (child as? CAPropertyAnimation)?.keyPath ?? "group child",
                                                              reason: "group child dropped: \(f.reason)"))
                }
            }
            return AnimationSpec(keyPath: nil, timing: timing, timingFunction: curve, kind: .group(children),
                                 defaultDuration: defaultDuration)
        }
        guard let property = anim as? CAPropertyAnimation else {
            // CATransition and plain CAAnimation: timed (callbacks, removal), no property.
            return AnimationSpec(keyPath: nil, timing: timing, timingFunction: curve, kind: .group([]),
                                 defaultDuration: defaultDuration)
        }
        guard let path = property.keyPath, !path.isEmpty else { throw Failure(reason: "no keyPath") }
        // An emitter cell's property by name ("emitterCells.spark.birthRate") is one property.
        let cellPath = (layer as? CAEmitterLayer)?.cellProperty(keyPath: path) != nil
        guard let keyPath = cellPath ? AnimationKeyPath(property: path) : AnimationKeyPath(path) else {
            throw Failure(reason: "unknown key path \"\(path)\"")
        }
        guard let accessor = PresentedProperty.lookup(keyPath.property, on: layer) else {
            throw Failure(reason: "\(type(of: layer)) has no animatable property \"\(keyPath.property)\"")
        }
        // The type the values must have: the property's value (or its sub-key's component).
        var reference = accessor.read(layer)
        if let sub = keyPath.subKey {
            guard let whole = reference, let component = whole.component(sub) else {
                throw Failure(reason: "key path \"\(path)\" does not apply to the property's value")
            }
            reference = component
        }
        let function = property.valueFunction?.function
        if function != nil {
            guard keyPath.subKey == nil, case .transform? = accessor.read(layer) else {
                throw Failure(reason: "a value function needs a transform property")
            }
        }

        func convert(_ value: Any?, _ role: String) throws -> AnimatableValue? {
            guard let value else { return nil }
            guard let v = AnimationValues.animatable(value) else { return nil }
            if let function {
                let arg: AnimatableValue
                if case .bool(let b) = v { arg = .scalar(b ? 1 : 0) } else { arg = v }
                guard function.transform(for: arg) != nil else {
                    throw Failure(reason: "\(role) \(type(of: value)) is not an argument of value function \(function.rawValue)")
                }
                return arg
            }
            guard let reference else { return v }
            guard let fitted = AnimationValues.coerce(v, toMatch: reference) else {
                throw Failure(reason: "\(role) of type \(type(of: value)) does not fit \"\(path)\"")
            }
            return fitted
        }

        let kind: AnimationKind
        var sample: AnimatableValue?
        switch property {
        case let kf as CAKeyframeAnimation:
            let mode = CalculationMode(rawValue: kf.calculationMode.rawValue) ?? .linear
            let keyTimes = kf.keyTimes?.map(\.doubleValue)
            let functions = (kf.timingFunctions ?? []).map(\.curve)
            if let cgPath = kf.path {
                if let reference, !AnimationValues.sameKind(reference, .point(.zero)) {
                    throw Failure(reason: "a keyframe path needs a point property, not \"\(path)\"")
                }
                let kpath = AnimationValues.keyframePath(cgPath)
                let rotation = kf.rotationMode.flatMap { RotationMode(rawValue: $0.rawValue) }
                kind = .path(kpath, mode: mode, keyTimes: kpath.resolvedKeyTimes(keyTimes, mode: mode),
                             timingFunctions: functions, rotationMode: rotation)
                sample = .point(.zero)
            } else {
                var values: [AnimatableValue] = []
                for (i, v) in (kf.values ?? []).enumerated() {
                    guard let c = try convert(v, "values[\(i)]") else { throw Failure(reason: "values[\(i)] is nil") }
                    values.append(c)
                }
                if let first = values.first, !values.allSatisfy({ AnimationValues.sameKind($0, first) }) {
                    throw Failure(reason: "values mix types")
                }
                kind = .keyframes(KeyframeTrack(values: values, keyTimes: keyTimes, mode: mode, timingFunctions: functions,
                                                tension: kf.tensionValues?.map(\.doubleValue) ?? [],
                                                continuity: kf.continuityValues?.map(\.doubleValue) ?? [],
                                                bias: kf.biasValues?.map(\.doubleValue) ?? []))
                sample = values.first
            }
        default:
            let basic = property as? CABasicAnimation
            let from = try convert(basic?.fromValue, "fromValue")
            let to = try convert(basic?.toValue, "toValue")
            let by = try convert(basic?.byValue, "byValue")
            let present = [from, to, by].compactMap { $0 }
            if let first = present.first, !present.allSatisfy({ AnimationValues.sameKind($0, first) }) {
                throw Failure(reason: "fromValue, toValue and byValue have different types")
            }
            sample = present.first
            if let spring = property as? CASpringAnimation {
                kind = .spring(from: from, to: to, by: by, spring: spring.springParameters)
            } else {
                kind = .basic(from: from, to: to, by: by)
            }
        }
        leaf(accessor, function == nil ? (sample ?? reference) : reference)
        return AnimationSpec(keyPath: keyPath, timing: timing, timingFunction: curve, kind: kind,
                             isAdditive: property.isAdditive, isCumulative: property.isCumulative,
                             valueFunction: function, defaultDuration: defaultDuration)
    }
}

import Foundation

/// The JSON form of the animations attached to a layer: the layer object's `"animations"`
/// array, one object per attached animation in the order they were added.
///
/// ```json
/// "animations": [ { "key": "move", "class": "CABasicAnimation", "keyPath": "position",
///                   "fromValue": [20, 50], "toValue": [180, 50], "duration": 2,
///                   "timingFunction": "easeInEaseOut", "autoreverses": true, "repeatCount": "inf" } ]
/// ```
///
/// - "class": CAAnimation, CABasicAnimation, CASpringAnimation, CAKeyframeAnimation,
///   CAAnimationGroup, CATransition (CABasicAnimation when absent). "key" is the key it was
///   added under (absent: nil key).
/// - Timing (CAMediaTiming, seconds): "beginTime", "duration", "speed", "timeOffset",
///   "repeatCount", "repeatDuration", "autoreverses", "fillMode" ("removed", "forwards",
///   "backwards", "both"), "removedOnCompletion"; "timingFunction" is a name ("linear",
///   "easeIn", "easeOut", "easeInEaseOut", "default") or control points `[x1, y1, x2, y2]`.
/// - Property animations: "keyPath" (required), "additive", "cumulative", "valueFunction"
///   (a CAValueFunctionName such as "rotateZ"). Basic and spring: "fromValue", "toValue",
///   "byValue" in the spelling of the animated property (`AnimationValueArchive`). Spring:
///   "mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping". Keyframe:
///   "values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
///   "continuityValues", "biasValues", "rotationMode". Group: "animations" (children, whose
///   begin times are relative to the group). Transition: "type", "subtype", "startProgress",
///   "endProgress", "filter" (`{"name": "barsSwipe", "angle", "width", "barOffset"}`).
/// - Boolean keys are Apple's KVC names as for layers ("removedOnCompletion", "additive",
///   "cumulative"); the Swift names "isRemovedOnCompletion", "isAdditive", "isCumulative" are
///   read too. Keys holding the class default are not written.
/// - Reading checks what `add(_:forKey:)` would refuse (unknown key path, values of the wrong
///   type, NaN timing) and throws instead, naming the key path; unknown keys and unknown
///   fill, calculation or rotation modes are errors too.
/// - Not archived: delegates, values stored with `setValue(_:forKey:)`, filters other than
///   `BarsSwipeTransitionFilter`, value functions' custom subclasses.
///
/// Begin times: see `LayerArchive` (the top-level animations' "beginTime" is relative to the
/// time origin the archive is read with; group children's are relative to their group).
package enum AnimationArchive {
    package static let classes: [String: @Sendable () -> CAAnimation] = [
        "CAAnimation": { CAAnimation() }, "CABasicAnimation": { CABasicAnimation() },
        "CASpringAnimation": { CASpringAnimation() }, "CAKeyframeAnimation": { CAKeyframeAnimation() },
        "CAAnimationGroup": { CAAnimationGroup() }, "CATransition": { CATransition() },
    ]

    // MARK: Encoding

    /// The archived form of `anim` (attached to `layer` under `key`); `beginTimeShift` is
    /// subtracted from a non-zero begin time (top-level animations only).
    package static func encode(_ anim: CAAnimation, key: String?, layer: CALayer, beginTimeShift: Double,
                               path: String) throws -> JSONValue {
        let name = String(describing: type(of: anim))
        guard classes[name] != nil else {
            throw LayerArchiveError(path: path, message: "cannot archive an animation of class \(name)")
        }
        var w = Writer(path: path)
        w.object["class"] = .string(name)
        if let key { w.object["key"] = .string(key) }
        let begin = anim.beginTime == 0 ? 0 : anim.beginTime - beginTimeShift
        w.number("beginTime", begin, 0)
        w.number("duration", anim.duration, 0)
        w.number("speed", Double(anim.speed), 1)
        w.number("timeOffset", anim.timeOffset, 0)
        w.number("repeatCount", Double(anim.repeatCount), 0)
        w.number("repeatDuration", anim.repeatDuration, 0)
        w.bool("autoreverses", anim.autoreverses, false)
        if anim.fillMode != .removed { w.object["fillMode"] = .string(anim.fillMode.rawValue) }
        w.bool("removedOnCompletion", anim.isRemovedOnCompletion, true)
        if let tf = anim.timingFunction { w.object["timingFunction"] = encode(tf) }
        if let p = anim as? CAPropertyAnimation {
            if let kp = p.keyPath { w.object["keyPath"] = .string(kp) }
            w.bool("additive", p.isAdditive, false)
            w.bool("cumulative", p.isCumulative, false)
            if let f = p.valueFunction { w.object["valueFunction"] = .string(f.name.rawValue) }
        }
        if let b = anim as? CABasicAnimation {
            try w.value("fromValue", b.fromValue)
            try w.value("toValue", b.toValue)
            try w.value("byValue", b.byValue)
        }
        if let s = anim as? CASpringAnimation {
            w.number("mass", Double(s.mass), 1)
            w.number("stiffness", Double(s.stiffness), 100)
            w.number("damping", Double(s.damping), 10)
            w.number("initialVelocity", Double(s.initialVelocity), 0)
            w.bool("allowsOverdamping", s.allowsOverdamping, false)
        }
        if let k = anim as? CAKeyframeAnimation {
            if let values = k.values {
                w.object["values"] = .array(try values.enumerated().map { i, v in
                    try w.at("values[\(i)]") { try AnimationValueArchive.encode(v) }
                })
            }
            if let p = k.path { w.object["path"] = PathArchive.encode(p) }
            w.numbers("keyTimes", k.keyTimes)
            if let fs = k.timingFunctions { w.object["timingFunctions"] = .array(fs.map(encode)) }
            if k.calculationMode != .linear { w.object["calculationMode"] = .string(k.calculationMode.rawValue) }
            w.numbers("tensionValues", k.tensionValues)
            w.numbers("continuityValues", k.continuityValues)
            w.numbers("biasValues", k.biasValues)
            if let r = k.rotationMode { w.object["rotationMode"] = .string(r.rawValue) }
        }
        if let g = anim as? CAAnimationGroup, let children = g.animations {
            w.object["animations"] = .array(try children.enumerated().map { i, child in
                try encode(child, key: nil, layer: layer, beginTimeShift: 0, path: "\(path).animations[\(i)]")
            })
        }
        if let t = anim as? CATransition {
            if t.type != .fade { w.object["type"] = .string(t.type.rawValue) }
            if let s = t.subtype { w.object["subtype"] = .string(s.rawValue) }
            w.number("startProgress", Double(t.startProgress), 0)
            w.number("endProgress", Double(t.endProgress), 1)
            if let f = t.filter {
                guard let bars = f as? BarsSwipeTransitionFilter else {
                    throw LayerArchiveError(path: "\(path).filter", message: "cannot archive a transition filter of type \(type(of: f))")
                }
                w.object["filter"] = .object(["name": .string("barsSwipe"), "angle": .num(Double(bars.angle)),
                                              "width": .num(Double(bars.width)), "barOffset": .num(Double(bars.barOffset))])
            }
        }
        return .object(w.object)
    }

    /// A named curve by its name, any other by its control points.
    private static func encode(_ tf: CAMediaTimingFunction) -> JSONValue {
        let p = tf.controlPoints
        for name in [CAMediaTimingFunctionName.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            let q = CAMediaTimingFunction.points(for: name)
            if p.x1 == q.0, p.y1 == q.1, p.x2 == q.2, p.y2 == q.3 { return .string(name.rawValue) }
        }
        return .array([p.x1, p.y1, p.x2, p.y2].map { JSONValue.num(Double($0)) })
    }

    private struct Writer {
        let path: String
        var object: [String: JSONValue] = [:]

        init(path: String) { self.path = path }

        mutating func number(_ key: String, _ v: Double, _ def: Double) {
            if v != def, !(v.isNaN && def.isNaN) { object[key] = .num(v) }
        }
        mutating func bool(_ key: String, _ v: Bool, _ def: Bool) {
            if v != def { object[key] = .bool(v) }
        }
        mutating func numbers(_ key: String, _ v: [NSNumber]?) {
            if let v { object[key] = .array(v.map { JSONValue.num($0.doubleValue) }) }
        }
        mutating func value(_ key: String, _ v: Any?) throws {
            guard let v else { return }
            object[key] = try at(key) { try AnimationValueArchive.encode(v) }
        }
        func at<T>(_ key: String, _ body: () throws -> T) throws -> T {
            do { return try body() } catch let e as ArchiveValueError {
                throw LayerArchiveError(path: "\(path).\(key)", message: e.message)
            }
        }
    }
}

import Foundation

extension AnimationArchive {
    /// Reads one archived animation for `layer` (whose properties are already decoded: the
    /// animated property's type decides how values are read). `beginTimeShift` is added to the
    /// begin time (nil: kept as written, as for group children). Throws `LayerArchiveError`
    /// naming the key path under `path`.
    package static func decode(_ json: JSONValue, layer: CALayer, context: ArchiveContext, beginTimeShift: Double?,
                               path: String) throws -> (key: String?, animation: CAAnimation) {
        guard case .object(let object) = json else {
            throw LayerArchiveError(path: path, message: "expected an animation object, got \(json.brief)")
        }
        var r = Reader(object: object, path: path)
        var className = "CABasicAnimation"
        if let name = try r.string("class") { className = name }
        guard let make = classes[className] else {
            throw LayerArchiveError(path: "\(path).class",
                                    message: "unknown animation class \"\(className)\" (known: \(classes.keys.sorted().joined(separator: ", ")))")
        }
        let anim = make()
        let key = try r.string("key")

        if let b = try r.number("beginTime") { anim.beginTime = (beginTimeShift ?? 0) + b }
        if let v = try r.number("duration") { anim.duration = v }
        if let v = try r.number("speed") { anim.speed = Float(v) }
        if let v = try r.number("timeOffset") { anim.timeOffset = v }
        if let v = try r.number("repeatCount") { anim.repeatCount = Float(v) }
        if let v = try r.number("repeatDuration") { anim.repeatDuration = v }
        if let v = try r.bool("autoreverses") { anim.autoreverses = v }
        if let v = try r.choice("fillMode", ["removed", "forwards", "backwards", "both"]) {
            anim.fillMode = CAMediaTimingFillMode(rawValue: v)
        }
        if let v = try r.bool("removedOnCompletion", "isRemovedOnCompletion") { anim.isRemovedOnCompletion = v }
        if let v = r.take("timingFunction") { anim.timingFunction = try r.at("timingFunction") { try timingFunction(v) } }

        if let p = anim as? CAPropertyAnimation {
            guard let keyPath = try r.string("keyPath") else {
                throw LayerArchiveError(path: "\(path).keyPath",
                                        message: "missing (a \(className) needs the key path of the property it animates)")
            }
            p.keyPath = keyPath
            if let v = try r.bool("additive", "isAdditive") { p.isAdditive = v }
            if let v = try r.bool("cumulative", "isCumulative") { p.isCumulative = v }
            if let name = try r.string("valueFunction") {
                guard let f = CAValueFunction(name: CAValueFunctionName(rawValue: name)) else {
                    throw LayerArchiveError(path: "\(path).valueFunction", message: "unknown value function \"\(name)\"")
                }
                p.valueFunction = f
            }
            let kind: AnimationValueArchive.Kind
            switch AnimationValueArchive.kind(forKeyPath: keyPath, on: layer, valueFunction: p.valueFunction != nil) {
            case .success(let k): kind = k
            case .failure(let e): throw LayerArchiveError(path: "\(path).keyPath", message: e.message)
            }
            func value(_ key: String) throws -> Any? {
                guard let v = r.take(key) else { return nil }
                let decoded: Any = try r.at(key) { try AnimationValueArchive.decode(v, as: kind, context: context) }
                return decoded
            }
            if let b = p as? CABasicAnimation {
                b.fromValue = try value("fromValue")
                b.toValue = try value("toValue")
                b.byValue = try value("byValue")
            }
            if let s = p as? CASpringAnimation {
                if let v = try r.number("mass") { s.mass = CGFloat(v) }
                if let v = try r.number("stiffness") { s.stiffness = CGFloat(v) }
                if let v = try r.number("damping") { s.damping = CGFloat(v) }
                if let v = try r.number("initialVelocity") { s.initialVelocity = CGFloat(v) }
                if let v = try r.bool("allowsOverdamping") { s.allowsOverdamping = v }
            }
            if let k = p as? CAKeyframeAnimation {
                if let items = try r.array("values") {
                    k.values = try items.enumerated().map { i, v in
                        try r.at("values[\(i)]") { try AnimationValueArchive.decode(v, as: kind, context: context) }
                    }
                }
                if let v = r.take("path") { k.path = try r.at("path") { try PathArchive.decode(v) } }
                k.keyTimes = try r.numbers("keyTimes")
                if let items = try r.array("timingFunctions") {
                    k.timingFunctions = try items.enumerated().map { i, v in try r.at("timingFunctions[\(i)]") { try timingFunction(v) } }
                }
                if let v = try r.choice("calculationMode", ["linear", "discrete", "paced", "cubic", "cubicPaced"]) {
                    k.calculationMode = CAAnimationCalculationMode(rawValue: v)
                }
                k.tensionValues = try r.numbers("tensionValues")
                k.continuityValues = try r.numbers("continuityValues")
                k.biasValues = try r.numbers("biasValues")
                if let v = try r.choice("rotationMode", ["auto", "autoReverse"]) { k.rotationMode = CAAnimationRotationMode(rawValue: v) }
                try checkKeyframeCounts(k, path: path)
            }
        }
        if let g = anim as? CAAnimationGroup, let items = try r.array("animations") {
            g.animations = try items.enumerated().map { i, item in
                let childPath = "\(path).animations[\(i)]"
                let child = try decode(item, layer: layer, context: context, beginTimeShift: nil, path: childPath).animation
                // A child the layer cannot run would be dropped from the group with only a
                // warning when added: in an archive it is an error, like a top-level one.
                if case .failure(let f) = AnimationCompiler.compile(child, for: layer, defaultDuration: 0.25) {
                    throw LayerArchiveError(path: childPath, message: "cannot run this animation: \(f.reason)")
                }
                return child
            }
        }
        if let t = anim as? CATransition {
            if let v = try r.string("type") { t.type = CATransitionType(rawValue: v) }
            if let v = try r.string("subtype") { t.subtype = CATransitionSubtype(rawValue: v) }
            if let v = try r.number("startProgress") { t.startProgress = Float(v) }
            if let v = try r.number("endProgress") { t.endProgress = Float(v) }
            if let v = r.take("filter") { t.filter = try r.at("filter") { try barsSwipe(v) } }
        }
        try r.rejectUnused(className)
        return (key, anim)
    }

    /// The per-keyframe arrays must fit the keyframes (reference §9.2.2–9.2.5): with n values,
    /// `keyTimes` has n entries (n + 1 in `discrete` mode, where the last value holds over the
    /// final span; n is also read there, as equal spans), `timingFunctions` n − 1, and the
    /// tension, continuity and bias arrays at most n (missing entries are 0). Apple ignores
    /// mismatched arrays, or reads past them, and the animation runs with timing its author did
    /// not write; in an archive that is an error. Paced modes ignore key times and timing
    /// functions, so any count is accepted there. Keyframes along a `path` are not counted here.
    private static func checkKeyframeCounts(_ k: CAKeyframeAnimation, path: String) throws {
        guard k.path == nil, let values = k.values else { return }
        let n = values.count
        let mode = k.calculationMode
        let paced = mode == .paced || mode == .cubicPaced
        func fail(_ key: String, _ count: Int, _ wanted: String) -> LayerArchiveError {
            LayerArchiveError(path: "\(path).\(key)",
                              message: "\(count) entries for \(n) values; \(mode.rawValue) keyframes need \(wanted)")
        }
        if !paced, let times = k.keyTimes {
            let ok = mode == .discrete ? (times.count == n + 1 || times.count == n) : times.count == n
            if !ok { throw fail("keyTimes", times.count, mode == .discrete ? "\(n + 1) (or \(n))" : "\(n)") }
        }
        if !paced, let functions = k.timingFunctions, functions.count != max(0, n - 1) {
            throw fail("timingFunctions", functions.count, "\(max(0, n - 1)) (one per segment)")
        }
        for (key, array) in [("tensionValues", k.tensionValues), ("continuityValues", k.continuityValues),
                             ("biasValues", k.biasValues)] {
            if let array, array.count > n { throw fail(key, array.count, "at most \(n) (one per keyframe)") }
        }
    }

    /// A name (`"easeInEaseOut"`) or control points `[x1, y1, x2, y2]`.
    private static func timingFunction(_ json: JSONValue) throws -> CAMediaTimingFunction {
        let expected = "a timing function name (linear, easeIn, easeOut, easeInEaseOut, default) or [x1, y1, x2, y2]"
        switch json {
        case .string(let s):
            let name = CAMediaTimingFunctionName(rawValue: s)
            guard [.linear, .easeIn, .easeOut, .easeInEaseOut, .default].contains(name) else {
                throw ArchiveValueError(expected: expected, got: json)
            }
            return CAMediaTimingFunction(name: name)
        case .array(let items):
            let n = items.compactMap(\.numberValue)
            guard n.count == 4, items.count == 4, n.allSatisfy(\.isFinite) else { throw ArchiveValueError(expected: expected, got: json) }
            return CAMediaTimingFunction(controlPoints: Float(n[0]), Float(n[1]), Float(n[2]), Float(n[3]))
        default:
            throw ArchiveValueError(expected: expected, got: json)
        }
    }

    private static func barsSwipe(_ json: JSONValue) throws -> BarsSwipeTransitionFilter {
        let expected = "{\"name\": \"barsSwipe\", \"angle\", \"width\", \"barOffset\"}"
        guard case .object(let o) = json, o["name"] == .string("barsSwipe"),
              Set(o.keys).isSubset(of: ["name", "angle", "width", "barOffset"]) else {
            throw ArchiveValueError(expected: expected, got: json)
        }
        func number(_ key: String, _ def: CGFloat) throws -> CGFloat {
            guard let v = o[key] else { return def }
            guard let d = v.numberValue else { throw ArchiveValueError("\(key): expected a number, got \(v.brief)") }
            return CGFloat(d)
        }
        return BarsSwipeTransitionFilter(angle: try number("angle", 3.14), width: try number("width", 30),
                                         barOffset: try number("barOffset", 10))
    }

    /// Reads the keys of one animation object, remembering which were read so that anything
    /// left over (a typo) is an error. `null` counts as absent.
    private struct Reader {
        let object: [String: JSONValue]
        let path: String
        var used: Set<String> = []

        init(object: [String: JSONValue], path: String) {
            self.object = object
            self.path = path
        }

        /// The value under the first of `keys` present (all of them count as read).
        mutating func take(_ keys: String...) -> JSONValue? {
            used.formUnion(keys)
            for k in keys { if let v = object[k], v != .null { return v } }
            return nil
        }

        func at<T>(_ key: String, _ body: () throws -> T) throws -> T {
            do { return try body() } catch let e as ArchiveValueError {
                throw LayerArchiveError(path: "\(path).\(key)", message: e.message)
            }
        }

        private func fail(_ key: String, _ expected: String, _ v: JSONValue) -> LayerArchiveError {
            LayerArchiveError(path: "\(path).\(key)", message: "expected \(expected), got \(v.brief)")
        }

        mutating func number(_ key: String) throws -> Double? {
            guard let v = take(key) else { return nil }
            guard let d = v.numberValue else { throw fail(key, "a number", v) }
            return d
        }

        mutating func bool(_ keys: String...) throws -> Bool? {
            used.formUnion(keys)
            for k in keys {
                guard let v = object[k], v != .null else { continue }
                guard case .bool(let b) = v else { throw fail(k, "a boolean", v) }
                return b
            }
            return nil
        }

        mutating func string(_ key: String) throws -> String? {
            guard let v = take(key) else { return nil }
            guard case .string(let s) = v else { throw fail(key, "a string", v) }
            return s
        }

        /// One of Apple's closed enumerations (fill modes, calculation modes…): anything else is
        /// a typo, not a new value.
        mutating func choice(_ key: String, _ allowed: [String]) throws -> String? {
            guard let s = try string(key) else { return nil }
            guard allowed.contains(s) else {
                throw LayerArchiveError(path: "\(path).\(key)",
                                        message: "expected one of \(allowed.joined(separator: ", ")), got \"\(s)\"")
            }
            return s
        }

        mutating func array(_ key: String) throws -> [JSONValue]? {
            guard let v = take(key) else { return nil }
            guard case .array(let items) = v else { throw fail(key, "an array", v) }
            return items
        }

        mutating func numbers(_ key: String) throws -> [NSNumber]? {
            guard let items = try array(key) else { return nil }
            return try items.map { item in
                guard let d = item.numberValue else { throw fail(key, "an array of numbers", .array(items)) }
                return NSNumber(value: d)
            }
        }

        func rejectUnused(_ className: String) throws {
            if let extra = object.keys.sorted().first(where: { !used.contains($0) }) {
                throw LayerArchiveError(path: "\(path).\(extra)", message: "unknown key for \(className)")
            }
        }
    }
}

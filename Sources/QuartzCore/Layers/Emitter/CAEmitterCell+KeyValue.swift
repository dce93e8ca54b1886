import Foundation

// Key-value coding of emitter cells: every property by Apple's key ("birthRate",
// "enabled"…), the defaults `defaultValue(forKey:)` reports, and arbitrary keys stored on the
// cell, as Core Animation's KVC allows. Swift on Linux has no NSObject KVC, so the cell
// answers `value(forKey:)` itself, over one table.

/// One property of CAEmitterCell for KVC.
package struct CellProperty: @unchecked Sendable {
    package let key: String
    /// nil when Apple's default is the zero value of the type.
    package let reportedDefault: Any?
    package let get: (CAEmitterCell) -> Any?
    /// Sets through the public setter; false for a value of the wrong type.
    package let set: (CAEmitterCell, Any?) -> Bool
}

extension CAEmitterCell {
    static let table: [String: CellProperty] = {
        typealias C = CAEmitterCell
        func number<T: BinaryFloatingPoint>(_ key: String, _ kp: ReferenceWritableKeyPath<C, T>, _ def: T) -> CellProperty {
            CellProperty(key: key, reportedDefault: def == 0 ? nil : def, get: { $0[keyPath: kp] },
                         set: { cell, v in
                             guard let d = AnyNumber.double(BoxedValue.unboxed(v)) else { return false }
                             cell[keyPath: kp] = T(d)
                             return true
                         })
        }
        func value<T>(_ key: String, _ kp: ReferenceWritableKeyPath<C, T>, _ def: Any?,
                      _ convert: @escaping (Any?) -> T?) -> CellProperty {
            CellProperty(key: key, reportedDefault: def, get: { $0[keyPath: kp] },
                         set: { cell, v in
                             guard let t = convert(BoxedValue.unboxed(v)) else { return false }
                             cell[keyPath: kp] = t
                             return true
                         })
        }
        let props: [CellProperty] = [
            value("name", \C.name, nil) { $0 == nil ? .some(nil) : ($0 as? String).map { .some($0) } },
            value("enabled", \C.isEnabled, true) { ($0 as? Bool) ?? AnyNumber.double($0).map { $0 != 0 } },
            number("birthRate", \C.birthRate, 0), number("lifetime", \C.lifetime, 0),
            number("lifetimeRange", \C.lifetimeRange, 0),
            number("emissionLatitude", \C.emissionLatitude, 0), number("emissionLongitude", \C.emissionLongitude, 0),
            number("emissionRange", \C.emissionRange, 0),
            number("velocity", \C.velocity, 0), number("velocityRange", \C.velocityRange, 0),
            number("xAcceleration", \C.xAcceleration, 0), number("yAcceleration", \C.yAcceleration, 0),
            number("zAcceleration", \C.zAcceleration, 0),
            number("scale", \C.scale, 1), number("scaleRange", \C.scaleRange, 0), number("scaleSpeed", \C.scaleSpeed, 0),
            number("spin", \C.spin, 0), number("spinRange", \C.spinRange, 0),
            value("color", \C.color, CGColor(red: 1, green: 1, blue: 1, alpha: 1)) { v -> CGColor?? in
                if v == nil { return .some(nil) }
                return (v as? CGColor).map { .some($0) }
            },
            number("redRange", \C.redRange, 0), number("greenRange", \C.greenRange, 0),
            number("blueRange", \C.blueRange, 0), number("alphaRange", \C.alphaRange, 0),
            number("redSpeed", \C.redSpeed, 0), number("greenSpeed", \C.greenSpeed, 0),
            number("blueSpeed", \C.blueSpeed, 0), number("alphaSpeed", \C.alphaSpeed, 0),
            value("contents", \C.contents, nil) { .some($0) },
            value("contentsRect", \C.contentsRect, CGRect(x: 0, y: 0, width: 1, height: 1)) { $0 as? CGRect },
            number("contentsScale", \C.contentsScale, 1),
            value("minificationFilter", \C.minificationFilter, CALayerContentsFilter.linear.rawValue) { $0 as? String },
            value("magnificationFilter", \C.magnificationFilter, CALayerContentsFilter.linear.rawValue) { $0 as? String },
            number("minificationFilterBias", \C.minificationFilterBias, 0),
            value("emitterCells", \C.emitterCells, nil) { v -> [CAEmitterCell]?? in
                if v == nil { return .some(nil) }
                return (v as? [Any]).flatMap { a in
                    let cells = a.compactMap { $0 as? CAEmitterCell }
                    return cells.count == a.count ? .some(cells) : nil
                }
            },
            value("style", \C.style, nil) { v -> [AnyHashable: Any]?? in
                v == nil ? .some(nil) : (v as? [AnyHashable: Any]).map { .some($0) }
            },
            number("beginTime", \C.beginTime, 0), number("duration", \C.duration, 0), number("speed", \C.speed, 1),
            number("timeOffset", \C.timeOffset, 0), number("repeatCount", \C.repeatCount, 0),
            number("repeatDuration", \C.repeatDuration, 0),
            value("autoreverses", \C.autoreverses, false) { ($0 as? Bool) ?? AnyNumber.double($0).map { $0 != 0 } },
            value("fillMode", \C.fillMode, CAMediaTimingFillMode.removed.rawValue) { v in
                (v as? String).map(CAMediaTimingFillMode.init(rawValue:)) ?? (v as? CAMediaTimingFillMode)
            },
        ]
        return Dictionary(uniqueKeysWithValues: props.map { ($0.key, $0) })
    }()

    /// A property by Apple's key ("birthRate", "enabled", "color"…), or a value stored under
    /// any other key, or nil.
    public func value(forKey key: String) -> Any? {
        if let p = CAEmitterCell.table[key] { return p.get(self) }
        return values.extra[key]
    }

    /// Sets a property by key through its setter (a value of the wrong type is refused and
    /// reported); any other key is stored on the cell.
    public func setValue(_ value: Any?, forKey key: String) {
        if let p = CAEmitterCell.table[key] {
            if !p.set(self, value) {
                LayerDiagnostics.report(.wrongValueType(key: key, expected: "a value of the property's type",
                                                        got: value.map { "\(type(of: $0))" } ?? "nil"))
            }
            return
        }
        values.extra[key] = value
    }

    /// "birthRate", or "emitterCells.NAME.birthRate" into a sub-cell by name.
    public func value(forKeyPath keyPath: String) -> Any? {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let (cell, key) = CAEmitterCell.resolve(parts[...], in: [self], first: false) else { return nil }
        return cell.value(forKey: key)
    }

    /// Sets a value by key path: "birthRate", or "emitterCells.NAME.birthRate" into a sub-cell by name; a path naming no cell is reported through `LayerDiagnostics`.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let (cell, key) = CAEmitterCell.resolve(parts[...], in: [self], first: false) else {
            LayerDiagnostics.report(.invalidValue(operation: "CAEmitterCell.setValue(_:forKeyPath: \"\(keyPath)\")",
                                                  detail: "no cell of that name; ignored"))
            return
        }
        cell.setValue(value, forKey: key)
    }

    /// The cell and the property key a path names. With `first` true, `parts` starts with a
    /// cell name looked up in `cells` ("spark", "birthRate"); otherwise `cells` holds the one
    /// cell the path starts from. "emitterCells" followed by a name descends a level.
    package static func resolve(_ parts: ArraySlice<String>, in cells: [CAEmitterCell], first: Bool) -> (CAEmitterCell, String)? {
        var cell: CAEmitterCell
        var rest = parts
        if first {
            guard let name = rest.popFirst(), let c = cells.first(where: { $0.name == name }) else { return nil }
            cell = c
        } else {
            guard let c = cells.first else { return nil }
            cell = c
        }
        while rest.count > 2, rest.first == "emitterCells" {
            rest.removeFirst()
            let name = rest.removeFirst()
            guard let sub = cell.values.emitterCells?.first(where: { $0.name == name }) else { return nil }
            cell = sub
        }
        guard rest.count == 1, let key = rest.first, !key.isEmpty else { return nil }
        return (cell, key)
    }
}

import Foundation

/// The JSON form of a CAEmitterLayer's `emitterCells`: an array of cell objects, each keyed by
/// CAEmitterCell's KVC names, holding only values that differ from Apple's defaults:
///
/// ```json
/// "emitterCells": [ { "name": "rocket", "birthRate": 1.2, "lifetime": 1.05, "velocity": 175,
///                     "emissionLongitude": -1.5708, "contents": {"png": "…"},
///                     "emitterCells": [ { "name": "burst", "beginTime": 1, "duration": 0.05 } ] } ]
/// ```
///
/// Values take the layer archive's forms (numbers, `[x, y, w, h]` for `contentsRect`, colours,
/// images). `minificationFilter`/`magnificationFilter` must be one of CALayerContentsFilter's
/// constants and `fillMode` one of CAMediaTimingFillMode's; `enabled` and `autoreverses` are
/// booleans. Unknown keys are errors naming the key path
/// (`emitterCells[0].emitterCells[1].birthRat`). Not archived: `style` and values stored
/// under arbitrary keys (as for layers). Cells nest at most `maxDepth` levels (the renderer
/// draws 8).
package enum EmitterCellArchive {
    /// Deepest nesting of cells an archive holds (each level is two levels of JSON).
    package static let maxDepth = 32

    struct Property: @unchecked Sendable {
        let key: String
        let encode: (CAEmitterCell) throws -> JSONValue?
        let decode: (JSONValue, CAEmitterCell, ArchiveContext) throws -> Void
    }

    private static func make<T>(_ key: String, _ kp: ReferenceWritableKeyPath<CAEmitterCell, T>, _ codec: ValueCodec<T>,
                                default def: T) -> Property {
        Property(key: key,
                 encode: { cell in
                     let v = cell[keyPath: kp]
                     return codec.equal(v, def) ? nil : try codec.encode(v)
                 },
                 decode: { json, cell, context in cell[keyPath: kp] = try codec.decode(json, context) })
    }

    /// Every archived cell property, in CAEmitterCell.h's order (sub-cells come last, apart).
    static let properties: [Property] = {
        typealias C = CAEmitterCell
        let f: ValueCodec<Float> = .float, g: ValueCodec<CGFloat> = .cgFloat, d: ValueCodec<Double> = .double
        return [
            make("name", \C.name, .optionalString, default: nil),
            make("enabled", \C.isEnabled, .bool, default: true),
            make("birthRate", \C.birthRate, f, default: 0), make("lifetime", \C.lifetime, f, default: 0),
            make("lifetimeRange", \C.lifetimeRange, f, default: 0),
            make("emissionLatitude", \C.emissionLatitude, g, default: 0),
            make("emissionLongitude", \C.emissionLongitude, g, default: 0),
            make("emissionRange", \C.emissionRange, g, default: 0),
            make("velocity", \C.velocity, g, default: 0), make("velocityRange", \C.velocityRange, g, default: 0),
            make("xAcceleration", \C.xAcceleration, g, default: 0), make("yAcceleration", \C.yAcceleration, g, default: 0),
            make("zAcceleration", \C.zAcceleration, g, default: 0),
            make("scale", \C.scale, g, default: 1), make("scaleRange", \C.scaleRange, g, default: 0),
            make("scaleSpeed", \C.scaleSpeed, g, default: 0),
            make("spin", \C.spin, g, default: 0), make("spinRange", \C.spinRange, g, default: 0),
            make("color", \C.color, .color, default: CGColor(red: 1, green: 1, blue: 1, alpha: 1)),
            make("redRange", \C.redRange, f, default: 0), make("greenRange", \C.greenRange, f, default: 0),
            make("blueRange", \C.blueRange, f, default: 0), make("alphaRange", \C.alphaRange, f, default: 0),
            make("redSpeed", \C.redSpeed, f, default: 0), make("greenSpeed", \C.greenSpeed, f, default: 0),
            make("blueSpeed", \C.blueSpeed, f, default: 0), make("alphaSpeed", \C.alphaSpeed, f, default: 0),
            make("contents", \C.contents, .contents, default: nil),
            make("contentsRect", \C.contentsRect, .rect, default: CGRect(x: 0, y: 0, width: 1, height: 1)),
            make("contentsScale", \C.contentsScale, g, default: 1),
            make("minificationFilter", \C.archivedMinificationFilter, .stringEnum, default: .linear),
            make("magnificationFilter", \C.archivedMagnificationFilter, .stringEnum, default: .linear),
            make("minificationFilterBias", \C.minificationFilterBias, f, default: 0),
            make("beginTime", \C.beginTime, d, default: 0), make("duration", \C.duration, d, default: 0),
            make("speed", \C.speed, f, default: 1), make("timeOffset", \C.timeOffset, d, default: 0),
            make("repeatCount", \C.repeatCount, f, default: 0), make("repeatDuration", \C.repeatDuration, d, default: 0),
            make("autoreverses", \C.autoreverses, .bool, default: false),
            make("fillMode", \C.fillMode, .stringEnum, default: .removed),
        ]
    }()

    private static let byKey = Dictionary(uniqueKeysWithValues: properties.map { ($0.key, $0) })

    // MARK: Encoding

    /// `cells` as a JSON array (nil cells: null). Errors carry the subpath inside the array.
    package static func encode(_ cells: [CAEmitterCell]?) throws -> JSONValue {
        guard let cells else { return .null }
        return try encode(cells, depth: 1, path: "")
    }

    private static func encode(_ cells: [CAEmitterCell], depth: Int, path: String) throws -> JSONValue {
        guard depth <= maxDepth else {
            var e = ArchiveValueError("cells nest more than \(maxDepth) levels deep; an archive holds at most \(maxDepth)")
            e.subpath = path
            throw e
        }
        return .array(try cells.enumerated().map { i, cell in
            let here = "\(path)[\(i)]"
            var object: [String: JSONValue] = [:]
            for p in properties {
                do {
                    if let v = try p.encode(cell) { object[p.key] = v }
                } catch var e as ArchiveValueError {
                    e.subpath = "\(here).\(p.key)"
                    throw e
                }
            }
            if let subcells = cell.emitterCells {
                object["emitterCells"] = try encode(subcells, depth: depth + 1, path: "\(here).emitterCells")
            }
            return .object(object)
        })
    }

    // MARK: Decoding

    /// The cells a JSON array describes (null: nil). Strict: unknown keys, values of the wrong
    /// type and enumeration strings outside Apple's constants throw with the subpath.
    package static func decode(_ json: JSONValue, context: ArchiveContext) throws -> [CAEmitterCell]? {
        if json == .null { return nil }
        return try decode(json, context: context, depth: 1, path: "")
    }

    private static func decode(_ json: JSONValue, context: ArchiveContext, depth: Int, path: String) throws -> [CAEmitterCell] {
        func fail(_ message: String, at subpath: String) -> ArchiveValueError {
            var e = ArchiveValueError(message)
            e.subpath = subpath
            return e
        }
        guard case .array(let items) = json else {
            throw fail("expected an array of emitter cells, got \(json.brief)", at: path)
        }
        guard depth <= maxDepth else {
            throw fail("cells nest more than \(maxDepth) levels deep; an archive holds at most \(maxDepth)", at: path)
        }
        return try items.enumerated().map { i, item in
            let here = "\(path)[\(i)]"
            guard case .object(let object) = item else {
                throw fail("expected an emitter cell object, got \(item.brief)", at: here)
            }
            let cell = CAEmitterCell()
            for key in object.keys.sorted() {
                guard let value = object[key] else { continue }
                if key == "emitterCells" {
                    cell.emitterCells = value == .null
                        ? nil : try decode(value, context: context, depth: depth + 1, path: "\(here).emitterCells")
                    continue
                }
                guard let p = byKey[key] else {
                    throw fail("unknown property for CAEmitterCell", at: "\(here).\(key)")
                }
                do {
                    try p.decode(value, cell, context)
                } catch var e as ArchiveValueError {
                    e.subpath = "\(here).\(key)"
                    throw e
                }
            }
            return cell
        }
    }
}

extension CAEmitterCell {
    /// The filters as CALayerContentsFilter, for the archive's closed list of names.
    var archivedMinificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: minificationFilter) }
        set { minificationFilter = newValue.rawValue }
    }

    var archivedMagnificationFilter: CALayerContentsFilter {
        get { CALayerContentsFilter(rawValue: magnificationFilter) }
        set { magnificationFilter = newValue.rawValue }
    }
}

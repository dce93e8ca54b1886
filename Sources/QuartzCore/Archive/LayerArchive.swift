import Foundation

/// The JSON form of a layer tree: what `lamina render` reads and what tests and tools write.
///
/// ```json
/// { "format": "lamina-layer-archive", "version": 1,
///   "root": { "class": "CALayer", "bounds": [0, 0, 200, 100], "position": [100, 50],
///             "backgroundColor": [1, 0, 0, 1],
///             "sublayers": [ { "class": "CAShapeLayer", "path": [["M", 0, 0], ["L", 10, 0], ["Z"]] } ],
///             "mask": { "bounds": [0, 0, 200, 100], "backgroundColor": [0, 1] } } }
/// ```
///
/// - Keys are Apple's KVC property names ("hidden", "doubleSided", "opaque"…); only values
///   that differ from the class's defaults are written; missing keys keep the defaults.
/// - "class" names the layer class (CALayer when absent): CALayer, CAShapeLayer,
///   CAGradientLayer, CATransformLayer, CAReplicatorLayer, CATextLayer, CAScrollLayer.
/// - Numbers: non-finite ones are the strings "nan", "inf", "-inf". Points `[x, y]`, sizes
///   `[w, h]`, rectangles `[x, y, w, h]`, transforms 16 numbers in memory order (m11 m12 … m44).
/// - Colours: `[gray, alpha]`, `[r, g, b, a]` or `{"colorSpace": name, "components": [...]}`.
/// - Paths: `[["M", x, y], ["L", x, y], ["Q", cx, cy, x, y], ["C", c1x, c1y, c2x, c2y, x, y], ["Z"]]`.
/// - Images (`contents`): `{"png": "<base64>"}` or `{"file": "relative/or/absolute.png"}`.
/// - Not archived: delegate, actions, style, animations, and values set for arbitrary keys.
///
/// Errors name the key path and the offending value, e.g.
/// `sublayers[2].opacity: expected a number, got "abc"`; unknown keys and class names are
/// errors too, so a typo never silently renders a default.
package enum LayerArchive {
    package static let formatName = "lamina-layer-archive"
    package static let version = 1

    package static let classes: [String: @Sendable () -> CALayer] = [
        "CALayer": { CALayer() }, "CAShapeLayer": { CAShapeLayer() }, "CAGradientLayer": { CAGradientLayer() },
        "CATransformLayer": { CATransformLayer() }, "CAReplicatorLayer": { CAReplicatorLayer() },
        "CATextLayer": { CATextLayer() }, "CAScrollLayer": { CAScrollLayer() },
    ]

    /// The archive name of a layer's class, or nil for classes the archive does not know.
    package static func className(of layer: CALayer) -> String? {
        let name = String(describing: Swift.type(of: layer))
        return classes[name] != nil && CALayer.builtInClasses.contains(ObjectIdentifier(Swift.type(of: layer))) ? name : nil
    }

    // MARK: Encoding

    /// The archive of the tree under `layer` (pretty-printed, keys sorted).
    package static func encode(_ layer: CALayer) throws -> Data {
        let document = JSONValue.object([
            "format": .string(formatName), "version": .number(Double(version)), "root": try encodeLayer(layer, path: ""),
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(document)
    }

    private static func encodeLayer(_ layer: CALayer, path: String) throws -> JSONValue {
        let type = Swift.type(of: layer)
        guard let name = className(of: layer) else {
            throw LayerArchiveError(path: path, message: "cannot archive a layer of class \(type)")
        }
        var object: [String: JSONValue] = ["class": .string(name)]
        for property in type.propertyTable.properties {
            guard let archive = property.archive else { continue }
            do {
                if let value = try archive.encode(layer) { object[property.key] = value }
            } catch let e as ArchiveValueError {
                throw LayerArchiveError(path: join(path, property.key), message: e.message)
            }
        }
        if !layer.sublayerStorage.isEmpty {
            object["sublayers"] = .array(try layer.sublayerStorage.enumerated().map { i, child in
                try encodeLayer(child, path: join(path, "sublayers[\(i)]"))
            })
        }
        if let mask = layer.maskStorage { object["mask"] = try encodeLayer(mask, path: join(path, "mask")) }
        return .object(object)
    }

    // MARK: Decoding

    /// Reads an archive (or a bare layer object). Throws `LayerArchiveError`.
    package static func decode(_ data: Data, context: ArchiveContext = ArchiveContext()) throws -> CALayer {
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw LayerArchiveError(path: "", message: "invalid JSON: \(describe(error))")
        }
        guard case .object(let top) = document else {
            throw LayerArchiveError(path: "", message: "expected an object, got \(document.brief)")
        }
        if let root = top["root"] {
            if let format = top["format"], format != .string(formatName) {
                throw LayerArchiveError(path: "format", message: "expected \"\(formatName)\", got \(format.brief)")
            }
            if let v = top["version"], v != .number(Double(version)) {
                throw LayerArchiveError(path: "version", message: "unsupported version \(v.brief) (this reader knows \(version))")
            }
            return try decodeLayer(root, path: "", context: context)
        }
        return try decodeLayer(document, path: "", context: context)
    }

    /// Reads an archive file; relative image files resolve against its directory.
    package static func decode(contentsOf url: URL) throws -> CALayer {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LayerArchiveError(path: "", message: "cannot read \(url.path)")
        }
        return try decode(data, context: ArchiveContext(baseDirectory: url.deletingLastPathComponent()))
    }

    private static func decodeLayer(_ json: JSONValue, path: String, context: ArchiveContext) throws -> CALayer {
        guard case .object(let object) = json else {
            throw LayerArchiveError(path: path, message: "expected a layer object, got \(json.brief)")
        }
        var make: @Sendable () -> CALayer = { CALayer() }
        if let c = object["class"] {
            guard case .string(let name) = c else {
                throw LayerArchiveError(path: join(path, "class"), message: "expected a class name, got \(c.brief)")
            }
            guard let m = classes[name] else {
                throw LayerArchiveError(path: join(path, "class"),
                                        message: "unknown layer class \"\(name)\" (known: \(classes.keys.sorted().joined(separator: ", ")))")
            }
            make = m
        }
        let layer = make()
        let type = Swift.type(of: layer)
        let table = type.propertyTable
        try layer.withoutRecording {
            for key in object.keys.sorted() where key != "class" && key != "sublayers" && key != "mask" {
                guard let value = object[key] else { continue }
                guard let archive = table[key]?.archive else {
                    throw LayerArchiveError(path: join(path, key), message: "unknown property for \(type)")
                }
                do {
                    try archive.decode(value, layer, context)
                } catch let e as ArchiveValueError {
                    throw LayerArchiveError(path: join(path, key), message: e.message)
                }
            }
        }
        if let sublayers = object["sublayers"], sublayers != .null {
            guard case .array(let items) = sublayers else {
                throw LayerArchiveError(path: join(path, "sublayers"), message: "expected an array of layers, got \(sublayers.brief)")
            }
            for (i, item) in items.enumerated() {
                let child = try decodeLayer(item, path: join(path, "sublayers[\(i)]"), context: context)
                child.superlayerStorage = layer
                layer.sublayerStorage.append(child)
            }
        }
        if let m = object["mask"], m != .null {
            let mask = try decodeLayer(m, path: join(path, "mask"), context: context)
            mask.maskOwner = layer
            layer.maskStorage = mask
        }
        return layer
    }

    private static func join(_ path: String, _ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    private static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let c) = error {
            let underlying = (c.underlyingError as NSError?).map { " (\($0.localizedDescription))" } ?? ""
            return c.debugDescription + underlying
        }
        return "\(error)"
    }
}

/// A layer archive could not be read or written: `path` is the key path of the offending value
/// ("sublayers[2].opacity"; empty for the document itself).
package struct LayerArchiveError: Error, Equatable, CustomStringConvertible {
    package let path: String
    package let message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

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
///   CAGradientLayer, CATransformLayer, CAReplicatorLayer, CATextLayer, CAScrollLayer,
///   CAEmitterLayer, CATiledLayer (its `tileSize`, `levelsOfDetail`, `levelsOfDetailBias`;
///   its drawn tiles are not archived, as a text layer's drawn text is not).
/// - Emitter cells: a CAEmitterLayer's `"emitterCells"` is an array of cell objects keyed by
///   CAEmitterCell's KVC names (`"birthRate"`, `"enabled"`, `"color"`, `"contents"`…, only
///   values that differ from the defaults), each with its own `"emitterCells"` (format in
///   `EmitterCellArchive`).
/// - Numbers: non-finite ones are the strings "nan", "inf", "-inf". Points `[x, y]`, sizes
///   `[w, h]`, rectangles `[x, y, w, h]`, transforms 16 numbers in memory order (m11 m12 … m44).
/// - Colours: `[gray, alpha]`, `[r, g, b, a]` or `{"colorSpace": name, "components": [...]}`.
/// - Paths: `[["M", x, y], ["L", x, y], ["Q", cx, cy, x, y], ["C", c1x, c1y, c2x, c2y, x, y], ["Z"]]`.
/// - Images (`contents`): `{"png": "<base64>"}` or `{"file": "relative/path.png"}`, relative to
///   the archive's folder and confined to it (absolute paths and `..` escapes, symbolic links
///   included, are errors unless the reader allows file access: see `ArchiveContext`).
/// - Animations: the layer's attached animations under `"animations"`, in the order they were
///   added, each with its key (format in `AnimationArchive`). Reading re-adds them with
///   `add(_:forKey:)` once the whole tree is built, so the layer's presentation shows them.
/// - Not archived: delegate, actions, style, and values set for arbitrary keys.
///
/// Time. An archive is a picture of a tree at the start of a render, so an animation's
/// "beginTime" in the archive is relative to that start: 0 means "when the render starts",
/// 0.5 "half a second later", -1 "one second before" (already running). Read with a
/// `timeOrigin` (the media time, seconds, at which the render starts), a top-level animation's
/// begin time becomes `layer.localTime(fromAbsolute: timeOrigin) + beginTime` (the layer's
/// own time at the start plus the offset, as Apple's idiom `convertTime(CACurrentMediaTime(),
/// from: nil) + delay`). `lamina render file.json --time T` reads with the origin of its scene
/// runner (media time 1000) and renders at media time 1000 + T, so the picture at `--time T`
/// shows an animation archived with begin time b at T − b seconds into its run (before its
/// start when T < b). Read without an origin,
/// begin times are kept as written: 0 then means "when the adding transaction commits" and
/// any other value is an absolute time in the layer's time space, as in Apple's API. Writing
/// with a `timeOrigin` does the inverse; a begin time of 0 (not yet committed) stays 0.
/// Group children's begin times are relative to their group and never shifted.
///
/// Errors name the key path and the offending value, e.g.
/// `sublayers[2].opacity: expected a number, got "abc"`; unknown keys (at every level: the
/// document, layers, animations and their children, colour and image objects) and class names
/// are errors too, so a typo never silently renders a default. So are non-finite geometry
/// (points, sizes, rectangles, transforms, anchorPointZ), string enumerations outside Apple's
/// constants (the message lists them), keyframe arrays that do not fit their values, and
/// group children the layer cannot run. JSON syntax errors give the line and column.
package enum LayerArchive {
    package static let formatName = "lamina-layer-archive"
    package static let version = 1

    package static let classes: [String: @Sendable () -> CALayer] = [
        "CALayer": { CALayer() }, "CAShapeLayer": { CAShapeLayer() }, "CAGradientLayer": { CAGradientLayer() },
        "CATransformLayer": { CATransformLayer() }, "CAReplicatorLayer": { CAReplicatorLayer() },
        "CATextLayer": { CATextLayer() }, "CAScrollLayer": { CAScrollLayer() }, "CAEmitterLayer": { CAEmitterLayer() },
        "CATiledLayer": { CATiledLayer() },
    ]

    /// The archive name of a layer's class, or nil for classes the archive does not know.
    package static func className(of layer: CALayer) -> String? {
        let name = String(describing: Swift.type(of: layer))
        return classes[name] != nil && CALayer.builtInClasses.contains(ObjectIdentifier(Swift.type(of: layer))) ? name : nil
    }

    // MARK: Encoding

    /// The archive of the tree under `layer` (pretty-printed, keys sorted).
    /// `timeOrigin`: the media time that becomes begin time 0 in the archive (nil: begin
    /// times are written as they are).
    package static func encode(_ layer: CALayer, timeOrigin: CFTimeInterval? = nil) throws -> Data {
        // Checked first: JSONEncoder recurses once per level and overflowed the stack at about
        // 2000 layers, and JSON readers (ours included) refuse more than 512 levels anyway.
        let depth = treeDepth(layer)
        guard depth <= maxDepth else {
            throw LayerArchiveError(path: "", message: "the layer tree is \(depth) layers deep (sublayers and masks); an archive holds at most \(maxDepth)")
        }
        let root = try encodeLayer(layer, path: "", timeOrigin: timeOrigin)
        let document = JSONValue.object([
            "format": .string(formatName), "version": .number(Double(version)), "root": root,
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(document)
    }

    /// The deepest tree an archive holds, in layers: each layer is two levels of JSON nesting
    /// (its object and its sublayers array) and JSON readers stop at 512 levels.
    package static let maxDepth = 200

    /// Levels of layers under and including `root` (sublayers and masks), without recursion;
    /// stops counting past `maxDepth`.
    private static func treeDepth(_ root: CALayer) -> Int {
        var deepest = 0
        var stack: [(CALayer, Int)] = [(root, 1)]
        while let (layer, d) = stack.popLast() {
            deepest = max(deepest, d)
            if d > maxDepth { return d }
            for child in layer.sublayerStorage { stack.append((child, d + 1)) }
            if let mask = layer.maskStorage { stack.append((mask, d + 1)) }
        }
        return deepest
    }

    private static func encodeLayer(_ layer: CALayer, path: String, timeOrigin: CFTimeInterval?) throws -> JSONValue {
        let type = Swift.type(of: layer)
        guard let name = className(of: layer) else {
            throw LayerArchiveError(path: path, message: "cannot archive a layer of class \(type)")
        }
        var object: [String: JSONValue] = ["class": .string(name)]
        for property in type.propertyTable.properties {
            guard let archive = property.archive else { continue }
            // A text layer's contents is its drawn text, a tiled layer's its drawn tiles, both
            // redrawn after decoding: not archived.
            if property.key == "contents", layer is CATextLayer || layer is CATiledLayer { continue }
            do {
                if let value = try archive.encode(layer) { object[property.key] = value }
            } catch let e as ArchiveValueError {
                throw LayerArchiveError(path: join(path, property.key) + e.subpath, message: e.message)
            }
        }
        if !layer.sublayerStorage.isEmpty {
            object["sublayers"] = .array(try layer.sublayerStorage.enumerated().map { i, child in
                try encodeLayer(child, path: join(path, "sublayers[\(i)]"), timeOrigin: timeOrigin)
            })
        }
        if let mask = layer.maskStorage {
            object["mask"] = try encodeLayer(mask, path: join(path, "mask"), timeOrigin: timeOrigin)
        }
        if !layer.animationEntries.isEmpty {
            let shift = timeOrigin.map { layer.localTime(fromAbsolute: $0) } ?? 0
            object["animations"] = .array(try layer.animationEntries.enumerated().map { i, entry in
                try AnimationArchive.encode(entry.animation, key: entry.key, layer: layer, beginTimeShift: shift,
                                            path: join(path, "animations[\(i)]"))
            })
        }
        return .object(object)
    }

    // MARK: Decoding

    /// Reads an archive (or a bare layer object). Throws `LayerArchiveError`. `timeOrigin`: the
    /// media time (seconds) at which archived begin time 0 falls (see the type's comment; nil:
    /// begin times as written).
    package static func decode(_ data: Data, context: ArchiveContext = ArchiveContext(),
                               timeOrigin: CFTimeInterval? = nil) throws -> CALayer {
        let document: JSONValue
        // The direct reader when it can vouch for the document (no type guessing), else
        // Foundation's decoder, whose errors are the ones reported.
        if let read = JSONValueReader.read(data) {
            document = read
        } else {
            do {
                document = try JSONDecoder().decode(JSONValue.self, from: data)
            } catch {
                // Foundation's reader stops at 512 levels with only "not valid JSON": say why.
                if nestingDepth(data) > 512 {
                    throw LayerArchiveError(path: "", message: "invalid JSON: nested more than 512 levels deep "
                        + "(JSON readers stop there; an archive holds at most \(maxDepth) levels of layers)")
                }
                if let location = JSONSyntaxLocator.firstError(in: data) {
                    throw LayerArchiveError(path: "", message: "invalid JSON at \(location)")
                }
                throw LayerArchiveError(path: "", message: "invalid JSON: \(describe(error))")
            }
        }
        guard case .object(let top) = document else {
            throw LayerArchiveError(path: "", message: "expected an object, got \(document.brief)")
        }
        if let root = top["root"] {
            if let extra = top.keys.sorted().first(where: { !["format", "version", "root"].contains($0) }) {
                throw LayerArchiveError(path: extra, message: "unknown key for an archive (known: format, version, root)")
            }
            if let format = top["format"], format != .string(formatName) {
                throw LayerArchiveError(path: "format", message: "expected \"\(formatName)\", got \(format.brief)")
            }
            if let v = top["version"], v != .number(Double(version)) {
                throw LayerArchiveError(path: "version", message: "unsupported version \(v.brief) (this reader knows \(version))")
            }
            return try decodeTree(root, context: context, timeOrigin: timeOrigin)
        }
        return try decodeTree(document, context: context, timeOrigin: timeOrigin)
    }

    /// Reads an archive file; relative image files resolve against its directory and, unless
    /// `allowsFileAccess`, may not leave it (see `ArchiveContext`). Decoded images are charged
    /// to `PixelMemoryBudget.current`.
    package static func decode(contentsOf url: URL, timeOrigin: CFTimeInterval? = nil,
                               allowsFileAccess: Bool = false) throws -> CALayer {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LayerArchiveError(path: "", message: "cannot read \(url.path)")
        }
        let context = ArchiveContext(baseDirectory: url.deletingLastPathComponent(), allowsFileAccess: allowsFileAccess)
        return try decode(data, context: context, timeOrigin: timeOrigin)
    }

    /// A layer's archived animations, added once the tree is complete (begin times depend on
    /// the ancestors' timing; values on the layer's decoded properties).
    private struct PendingAnimations {
        let layer: CALayer
        let json: JSONValue
        let path: String
    }

    private static func decodeTree(_ json: JSONValue, context: ArchiveContext, timeOrigin: CFTimeInterval?) throws -> CALayer {
        var pending: [PendingAnimations] = []
        let root = try decodeLayer(json, path: "", context: context, pending: &pending)
        // Decode every animation before adding any, so a bad archive leaves no animation behind.
        var toAdd: [(layer: CALayer, key: String?, animation: CAAnimation)] = []
        for p in pending {
            guard case .array(let items) = p.json else {
                throw LayerArchiveError(path: p.path, message: "expected an array of animations, got \(p.json.brief)")
            }
            let shift = timeOrigin.map { p.layer.localTime(fromAbsolute: $0) }
            for (i, item) in items.enumerated() {
                let path = "\(p.path)[\(i)]"
                let (key, anim) = try AnimationArchive.decode(item, layer: p.layer, context: context,
                                                              beginTimeShift: shift, path: path)
                if case .failure(let f) = AnimationCompiler.compile(anim, for: p.layer, defaultDuration: 0.25) {
                    throw LayerArchiveError(path: path, message: "cannot run this animation: \(f.reason)")
                }
                toAdd.append((p.layer, key, anim))
            }
        }
        for entry in toAdd { entry.layer.add(entry.animation, forKey: entry.key) }
        return root
    }

    private static func decodeLayer(_ json: JSONValue, path: String, context: ArchiveContext,
                                    pending: inout [PendingAnimations]) throws -> CALayer {
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
            for key in object.keys.sorted() where !["class", "sublayers", "mask", "animations"].contains(key) {
                guard let value = object[key] else { continue }
                guard let archive = table[key]?.archive else {
                    throw LayerArchiveError(path: join(path, key), message: "unknown property for \(type)")
                }
                do {
                    try archive.decode(value, layer, context)
                } catch let e as ArchiveValueError {
                    throw LayerArchiveError(path: join(path, key) + e.subpath, message: e.message)
                }
            }
        }
        if let sublayers = object["sublayers"], sublayers != .null {
            guard case .array(let items) = sublayers else {
                throw LayerArchiveError(path: join(path, "sublayers"), message: "expected an array of layers, got \(sublayers.brief)")
            }
            for (i, item) in items.enumerated() {
                let child = try decodeLayer(item, path: join(path, "sublayers[\(i)]"), context: context, pending: &pending)
                child.superlayerStorage = layer
                layer.sublayerStorage.append(child)
            }
        }
        if let m = object["mask"], m != .null {
            let mask = try decodeLayer(m, path: join(path, "mask"), context: context, pending: &pending)
            mask.maskOwner = layer
            layer.maskStorage = mask
        }
        if let a = object["animations"], a != .null {
            pending.append(PendingAnimations(layer: layer, json: a, path: join(path, "animations")))
        }
        return layer
    }

    /// The deepest nesting of arrays and objects in `data`, outside strings (for the error).
    private static func nestingDepth(_ data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
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

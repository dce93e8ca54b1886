import Foundation

extension ValueCodec where T == CGPath? {
    /// Paths archive as a list of elements in path units: `["M", x, y]`, `["L", x, y]`,
    /// `["Q", cx, cy, x, y]`, `["C", c1x, c1y, c2x, c2y, x, y]`, `["Z"]`.
    package static let path = ValueCodec(
        expected: "a path (array of elements) or null",
        fromAny: { v in v == nil ? .some(nil) : (v as? CGPath).map { .some($0) } },
        toAny: { $0 },
        equal: { $0 == $1 },
        encode: { p in p.map(PathArchive.encode) ?? .null },
        decode: { json, _ in json == .null ? nil : try PathArchive.decode(json) })
}

package enum PathArchive {
    package static func encode(_ path: CGPath) -> JSONValue {
        var items: [JSONValue] = []
        func item(_ verb: String, _ points: [CGPoint]) {
            items.append(.array([.string(verb)] + points.flatMap { [JSONValue.num(Double($0.x)), .num(Double($0.y))] }))
        }
        path.forEachElement { e in
            switch e {
            case .move(let p): item("M", [p])
            case .line(let p): item("L", [p])
            case .quadCurve(let p, let c): item("Q", [c, p])
            case .curve(let p, let c1, let c2): item("C", [c1, c2, p])
            case .closeSubpath: item("Z", [])
            }
        }
        return .array(items)
    }

    package static func decode(_ json: JSONValue) throws -> CGPath {
        guard case .array(let items) = json else {
            throw ArchiveValueError(expected: "a path (array of elements) or null", got: json)
        }
        let path = CGMutablePath()
        for (i, item) in items.enumerated() {
            guard case .array(let parts) = item, case .string(let verb)? = parts.first else {
                throw ArchiveValueError("element \(i): expected [\"M\"|\"L\"|\"Q\"|\"C\"|\"Z\", numbers...], got \(item.brief)")
            }
            let numbers = parts.dropFirst().compactMap(\.numberValue).map { CGFloat($0) }
            let counts = ["M": 2, "L": 2, "Q": 4, "C": 6, "Z": 0]
            guard let want = counts[verb], numbers.count == want, parts.count == want + 1 else {
                throw ArchiveValueError("element \(i): \"\(verb)\" needs \(counts[verb].map(String.init) ?? "a known verb and") numbers")
            }
            let n = numbers
            switch verb {
            case "M": path.move(to: CGPoint(x: n[0], y: n[1]))
            case "L": path.addLine(to: CGPoint(x: n[0], y: n[1]))
            case "Q": path.addQuadCurve(to: CGPoint(x: n[2], y: n[3]), control: CGPoint(x: n[0], y: n[1]))
            case "C": path.addCurve(to: CGPoint(x: n[4], y: n[5]), control1: CGPoint(x: n[0], y: n[1]),
                                    control2: CGPoint(x: n[2], y: n[3]))
            default: path.closeSubpath()
            }
        }
        return path
    }
}

extension ValueCodec where T == Any? {
    /// `contents`: any object is accepted through KVC (as on Apple's platforms, only a CGImage
    /// is drawn). The archive stores a CGImage as `{"png": "<base64>"}` and reads that or
    /// `{"file": "path.png"}` (PNG or JPEG; relative paths resolve against the archive's
    /// directory). Other contents cannot be archived.
    package static let contents = ValueCodec(
        expected: "an image ({\"png\": base64} or {\"file\": path}) or null",
        fromAny: { .some($0) },
        toAny: { $0 },
        equal: { l, r in
            switch (l, r) {
            case (nil, nil): return true
            case (let a?, let b?): return (a as AnyObject) === (b as AnyObject)
            default: return false
            }
        },
        encode: { v in
            guard let v else { return .null }
            guard let image = v as? CGImage else {
                throw ArchiveValueError("cannot archive contents of type \(type(of: v)); only CGImage can be archived")
            }
            return .object(["png": .string(try image.pngData().base64EncodedString())])
        },
        decode: { json, context in
            let expected = "an image ({\"png\": base64} or {\"file\": path}) or null"
            switch json {
            case .null: return nil
            case .object(let o):
                // Exactly one of the two forms: a misspelt or extra key is an error, not ignored.
                guard o.count == 1 else { throw ArchiveValueError(expected: expected, got: json) }
                if case .string(let b64)? = o["png"] {
                    guard let data = Data(base64Encoded: b64) else { throw ArchiveValueError("png: not valid base64") }
                    do {
                        return try context.images.image(from: data, file: nil)
                    } catch let error as ArchiveValueError {
                        throw ArchiveValueError("png: \(error.message)")
                    } catch {
                        throw ArchiveValueError("png: \(error)")
                    }
                }
                if case .string(let file)? = o["file"] {
                    let url = try context.resolve(file: file)
                    guard let data = FileManager.default.contents(atPath: url.path) else {
                        throw ArchiveValueError("file \"\(file)\": cannot be read")
                    }
                    do {
                        return try context.images.image(from: data, file: url.path)
                    } catch let error as ArchiveValueError {
                        throw ArchiveValueError("file \"\(file)\": \(error.message)")
                    } catch ImageIOError.unknownFormat {
                        // Never echo a file's bytes: the archive may name a file its author cannot read.
                        throw ArchiveValueError("file \"\(file)\": not a PNG or JPEG image")
                    } catch {
                        throw ArchiveValueError("file \"\(file)\": \(error)")
                    }
                }
                throw ArchiveValueError(expected: expected, got: json)
            default:
                throw ArchiveValueError(expected: expected, got: json)
            }
        })

    /// Text layer `string` and `font`: strings only in the archive; KVC accepts anything.
    package static let stringObject = ValueCodec(
        expected: "a string or null",
        fromAny: { .some($0) },
        toAny: { $0 },
        equal: { l, r in
            switch (l, r) {
            case (nil, nil): return true
            case (let a as String, let b as String): return a == b
            case (let a?, let b?): return (a as AnyObject) === (b as AnyObject)
            default: return false
            }
        },
        encode: { v in
            guard let v else { return .null }
            guard let s = v as? String else {
                throw ArchiveValueError("cannot archive a value of type \(type(of: v)); only strings can be archived")
            }
            return .string(s)
        },
        decode: { json, _ in
            switch json {
            case .null: return nil
            case .string(let s): return s
            default: throw ArchiveValueError(expected: "a string or null", got: json)
            }
        })
}

import Foundation
import LaminaRaster

/// Where archived images given by file name are looked up, and which files an archive may read.
///
/// An archive is input from anyone, so by default it is confined: a `"file"` reference must be
/// a relative path that stays inside `baseDirectory` (the archive's own folder) once `..` and
/// symbolic links are resolved; absolute paths and escapes are errors. `allowsFileAccess`
/// (the CLI's `--allow-file-access`) lifts the confinement: absolute paths are read as given
/// and relative ones resolve against `baseDirectory` (or the working directory when nil).
/// Without a base directory and without file access, file references are refused.
package struct ArchiveContext {
    /// Relative `"file"` references resolve against this directory.
    package var baseDirectory: URL?
    /// Whether `"file"` references may name any file the process can read.
    package var allowsFileAccess: Bool
    /// The images decoded so far and the memory they may take (shared by copies of the context).
    package let images: ArchiveImageStore

    /// `memory` is the budget decoded images are charged to: by default the current one, which
    /// the frames rendered from the archive charge too (the CLI's `--memory-limit`).
    package init(baseDirectory: URL? = nil, allowsFileAccess: Bool = false,
                 memory: PixelMemoryBudget = .current) {
        self.baseDirectory = baseDirectory
        self.allowsFileAccess = allowsFileAccess
        images = ArchiveImageStore(memory: memory)
    }

    /// The file a `"file"` reference names, or an error saying why the archive may not read it.
    package func resolve(file: String) throws -> URL {
        guard !file.isEmpty, !file.contains("\0") else { throw ArchiveValueError("file: expected a file name, got \"\(file)\"") }
        if allowsFileAccess {
            if file.hasPrefix("/") { return URL(fileURLWithPath: file) }
            return (baseDirectory ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).appendingPathComponent(file)
        }
        guard let baseDirectory else {
            throw ArchiveValueError("file \"\(file)\": file references are only read from an archive file's folder (or with --allow-file-access)")
        }
        guard !file.hasPrefix("/") else {
            throw ArchiveValueError("file \"\(file)\": absolute paths are not allowed; name a file inside the archive's folder (or pass --allow-file-access)")
        }
        let base = baseDirectory.standardizedFileURL.resolvingSymlinksInPath().path
        let target = baseDirectory.appendingPathComponent(file).standardizedFileURL.resolvingSymlinksInPath()
        let prefix = base.hasSuffix("/") ? base : base + "/"
        guard target.path.hasPrefix(prefix) else {
            throw ArchiveValueError("file \"\(file)\": leaves the archive's folder; name a file inside it (or pass --allow-file-access)")
        }
        return target
    }
}

/// The images one archive decodes: each file once, however many layers name it, and all of
/// them within a pixel-memory budget checked against each image's declared size before its
/// pixels are allocated — a small hostile file may declare a gibibyte of pixels, and eight
/// layers naming one large image must not decode it eight times. Each image's pixels stay
/// charged to the budget for as long as the image lives (`Surface.charge`), so the frames
/// drawn from the archive get what the images leave.
package final class ArchiveImageStore: @unchecked Sendable {
    package let memory: PixelMemoryBudget
    /// Bytes of decoded pixels this store charged (4 a pixel).
    package private(set) var used = 0
    private var byFile: [String: CGImage] = [:]
    private let lock = NSLock()

    package init(memory: PixelMemoryBudget) { self.memory = memory }

    /// The image in `data` (from `file`, a resolved path, when it came from one), decoded once
    /// per file and charged against the budget; throws a message naming the size when it does
    /// not fit.
    package func image(from data: Data, file: String?) throws -> CGImage {
        if let file, let cached = lock.withLock({ byFile[file] }) { return cached }
        if let (w, h) = ImageCodec.declaredSize(of: data), w > 0, h > 0 {
            let bytes = PixelMemoryBudget.bytes(width: w, height: h, bytesPerPixel: 4)
            if bytes == nil || bytes! > memory.available { throw overBudget(w, h, bytes) }
        }
        let image = try ImageCodec.decode(data: data)
        let bytes = image.width * image.height * 4
        // Decoded: the header passed, but a file without a readable header is charged only now.
        guard let charge = memory.reserve(bytes) else { throw overBudget(image.width, image.height, bytes) }
        image.premultipliedRGBA8.charge = charge
        lock.withLock {
            used += bytes
            if let file { byFile[file] = image }
        }
        return image
    }

    private func overBudget(_ w: Int, _ h: Int, _ bytes: Int?) -> ArchiveValueError {
        let mib = { (b: Int) in String(format: "%.0f MiB", Double(b) / 1_048_576) }
        return ArchiveValueError("an image of \(w) x \(h) pixels needs \(bytes.map(mib) ?? "too much memory"), more than the \(mib(max(0, memory.available))) left of the memory budget (\(mib(memory.limit)); --memory-limit raises it)")
    }
}

/// How one property type crosses the two untyped boundaries of a layer: key-value coding
/// (`Any?` in, `Any?` out) and the JSON archive. One codec per value type, shared by every
/// property of that type, so KVC and the archive agree on what a value looks like.
package struct ValueCodec<T>: @unchecked Sendable {
    /// Names the expected type in error messages ("a number", "a point [x, y]").
    package let expected: String
    /// KVC coercion: `.some(v)` on success, nil when `value` has the wrong type.
    package let fromAny: (Any?) -> T?
    /// KVC output; optional property types return nil (not a wrapped nil) when empty.
    package let toAny: (T) -> Any?
    /// The comparison the model uses to skip no-op changes and the archive uses to omit defaults.
    package let equal: (T, T) -> Bool
    package let encode: (T) throws -> JSONValue
    /// Throws `ArchiveValueError`.
    package let decode: (JSONValue, ArchiveContext) throws -> T
}

// MARK: - Numbers

package enum AnyNumber {
    /// Reads any Swift or Foundation number (Bool counts, as NSNumber does on Apple's platforms).
    package static func double(_ value: Any?) -> Double? {
        switch value {
        case let v as Double: return v
        case let v as CGFloat: return Double(v)
        case let v as Float: return Double(v)
        case let v as Int: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: return nil
        }
    }
}

extension ValueCodec {
    package static func number(_ make: @escaping (Double) -> T, _ read: @escaping (T) -> Double) -> ValueCodec<T> {
        ValueCodec(
            expected: "a number",
            fromAny: { AnyNumber.double($0).map(make) },
            toAny: { $0 },
            equal: { read($0) == read($1) || (read($0).isNaN && read($1).isNaN) },
            encode: { .num(read($0)) },
            decode: { json, _ in
                guard let d = json.numberValue else { throw ArchiveValueError(expected: "a number", got: json) }
                return make(d)
            })
    }

    /// A fixed number of numbers in an array. `finite`: the archive refuses NaN and infinities
    /// (geometry: Apple raises CALayerInvalidGeometry for a NaN position or bounds, and a
    /// non-finite value would otherwise render as nothing, silently); KVC stays lenient.
    static func numbers(_ count: Int, expected: String, finite: Bool = false, _ make: @escaping ([Double]) -> T,
                        _ read: @escaping (T) -> [Double], fromAny: @escaping (Any?) -> T?) -> ValueCodec<T> {
        ValueCodec(
            expected: expected,
            fromAny: fromAny,
            toAny: { $0 },
            equal: { read($0) == read($1) },
            encode: { .array(read($0).map(JSONValue.num)) },
            decode: { json, _ in
                guard case .array(let items) = json, items.count == count else {
                    throw ArchiveValueError(expected: expected, got: json)
                }
                var out: [Double] = []
                for item in items {
                    guard let d = item.numberValue else { throw ArchiveValueError(expected: expected, got: json) }
                    out.append(d)
                }
                if finite, !out.allSatisfy(\.isFinite) {
                    let shown = out.map { $0.isFinite ? JSONValue.format($0) : JSONValue.num($0).brief }
                    throw ArchiveValueError("expected finite numbers in \(expected), got [\(shown.joined(separator: ", "))]")
                }
                return make(out)
            })
    }
}

extension ValueCodec where T == CGFloat {
    package static let cgFloat = ValueCodec.number({ CGFloat($0) }, { Double($0) })

    /// A coordinate (zPosition, anchorPointZ): as `cgFloat`, but the archive refuses NaN and
    /// infinities, like the geometry codecs.
    package static let finiteCGFloat: ValueCodec<CGFloat> = {
        let base = ValueCodec.cgFloat
        return ValueCodec(expected: "a finite number", fromAny: base.fromAny, toAny: base.toAny, equal: base.equal,
                          encode: base.encode, decode: { json, context in
                              let v = try base.decode(json, context)
                              guard v.isFinite else { throw ArchiveValueError(expected: "a finite number", got: json) }
                              return v
                          })
    }()
}
extension ValueCodec where T == Float {
    package static let float = ValueCodec.number({ Float($0) }, { Double($0) })
}
extension ValueCodec where T == Double {
    package static let double = ValueCodec.number({ $0 }, { $0 })
}
extension ValueCodec where T == Int {
    package static let int = ValueCodec(
        expected: "an integer",
        fromAny: { AnyNumber.double($0).flatMap { $0.isFinite && abs($0) < 1e15 ? Int($0) : nil } },
        toAny: { $0 },
        equal: { $0 == $1 },
        encode: { .number(Double($0)) },
        decode: { json, _ in
            guard case .number(let d) = json, d == d.rounded(), abs(d) < 1e15 else {
                throw ArchiveValueError(expected: "an integer", got: json)
            }
            return Int(d)
        })
}
extension ValueCodec where T == Bool {
    package static let bool = ValueCodec(
        expected: "a boolean",
        fromAny: { v in (v as? Bool) ?? (v as? NSNumber)?.boolValue },
        toAny: { $0 },
        equal: { $0 == $1 },
        encode: { .bool($0) },
        decode: { json, _ in
            guard case .bool(let b) = json else { throw ArchiveValueError(expected: "a boolean", got: json) }
            return b
        })
}

// MARK: - Geometry

extension ValueCodec where T == CGPoint {
    package static let point = ValueCodec.numbers(2, expected: "a point [x, y]", finite: true,
        { CGPoint(x: $0[0], y: $0[1]) }, { [Double($0.x), Double($0.y)] },
        fromAny: { $0 as? CGPoint })
}
extension ValueCodec where T == CGSize {
    package static let size = ValueCodec.numbers(2, expected: "a size [width, height]", finite: true,
        { CGSize(width: $0[0], height: $0[1]) }, { [Double($0.width), Double($0.height)] },
        fromAny: { $0 as? CGSize })
}
extension ValueCodec where T == CGRect {
    package static let rect = ValueCodec.numbers(4, expected: "a rectangle [x, y, width, height]", finite: true,
        { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) },
        { [Double($0.origin.x), Double($0.origin.y), Double($0.size.width), Double($0.size.height)] },
        fromAny: { $0 as? CGRect })
}
extension ValueCodec where T == CATransform3D {
    /// 16 numbers in memory order m11 m12 m13 m14 m21 … m44 (row-vector convention). KVC also
    /// takes a CGAffineTransform as its 3D equivalent (Lamina leniency; Apple is silent).
    package static let transform = ValueCodec.numbers(16, expected: "a transform of 16 numbers", finite: true,
        { CATransform3D(elements: $0) }, { $0.elements },
        fromAny: { ($0 as? CATransform3D) ?? ($0 as? CGAffineTransform).map(CATransform3DMakeAffineTransform) })
}

// MARK: - Strings, enums, masks

extension ValueCodec where T == String? {
    package static let optionalString = ValueCodec(
        expected: "a string or null",
        fromAny: { v in v == nil ? .some(nil) : (v as? String).map { .some($0) } },
        toAny: { $0 },
        equal: { $0 == $1 },
        encode: { $0.map(JSONValue.string) ?? .null },
        decode: { json, _ in
            switch json {
            case .null: return nil
            case .string(let s): return s
            default: throw ArchiveValueError(expected: "a string or null", got: json)
            }
        })
}

extension ValueCodec where T: RawRepresentable, T.RawValue == String {
    /// Apple's string enumerations. KVC takes any string (the types are extensible); the
    /// archive takes only the values a type lists as `ArchivedStringEnum` (a typo such as
    /// "rond" is an error listing them, never a silent default).
    package static var stringEnum: ValueCodec<T> {
        ValueCodec(
            expected: "a string",
            fromAny: { v in (v as? T) ?? (v as? String).flatMap { T(rawValue: $0) } },
            toAny: { $0 },
            equal: { $0.rawValue == $1.rawValue },
            encode: { .string($0.rawValue) },
            decode: { json, _ in
                guard case .string(let s) = json, let v = T(rawValue: s) else {
                    throw ArchiveValueError(expected: "a string", got: json)
                }
                if let closed = T.self as? any ArchivedStringEnum.Type, !closed.archivedRawValues.contains(s) {
                    throw ArchiveValueError("expected one of \(closed.archivedRawValues.joined(separator: ", ")), got \"\(s)\"")
                }
                return v
            })
    }
}

extension ValueCodec where T: OptionSet, T.RawValue: BinaryInteger {
    /// Option sets archive as their raw integer.
    package static var optionSet: ValueCodec<T> {
        ValueCodec(
            expected: "an integer bit mask",
            fromAny: { v in
                if let m = v as? T { return m }
                guard let d = AnyNumber.double(v), d >= 0, d == d.rounded(), d < 1e9 else { return nil }
                return T(rawValue: T.RawValue(Int(d)))
            },
            toAny: { $0 },
            equal: { $0 == $1 },
            encode: { .number(Double(Int($0.rawValue))) },
            decode: { json, _ in
                guard case .number(let d) = json, d >= 0, d == d.rounded(), d < 1e9 else {
                    throw ArchiveValueError(expected: "an integer bit mask", got: json)
                }
                return T(rawValue: T.RawValue(Int(d)))
            })
    }
}

// MARK: - Colours, paths, arrays

extension ValueCodec where T == CGColor? {
    /// Colours archive as component arrays: `[gray, alpha]` (generic gray) or `[r, g, b, a]`
    /// (generic RGB, what `CGColor(red:green:blue:alpha:)` makes). Colours in other spaces use
    /// the object form `{"colorSpace": "kCGColorSpaceSRGB", "components": [r, g, b, a]}`.
    package static let color = ValueCodec(
        expected: "a colour",
        fromAny: { v in v == nil ? .some(nil) : (v as? CGColor).map { .some($0) } },
        toAny: { $0 },
        equal: { $0 == $1 },
        encode: { c in c.map(ColorArchive.encode) ?? .null },
        decode: { json, _ in
            if json == .null { return nil }
            return try ColorArchive.decode(json)
        })
}

package enum ColorArchive {
    package static func encode(_ c: CGColor) -> JSONValue {
        let comps = JSONValue.array((c.components ?? []).map { JSONValue.num(Double($0)) })
        if c.colorSpace == CGColorSpace.sharedGenericGray || c.colorSpace == CGColorSpace.sharedGenericRGB {
            return comps
        }
        return .object(["colorSpace": c.colorSpace?.name.map(JSONValue.string) ?? .null, "components": comps])
    }

    package static func decode(_ json: JSONValue) throws -> CGColor {
        let expected = "a colour ([gray, alpha], [r, g, b, a] or {\"colorSpace\", \"components\"})"
        func numbers(_ v: JSONValue) throws -> [CGFloat] {
            guard case .array(let a) = v else { throw ArchiveValueError(expected: expected, got: json) }
            return try a.map { item in
                guard let d = item.numberValue else { throw ArchiveValueError(expected: expected, got: json) }
                return CGFloat(d)
            }
        }
        switch json {
        case .array:
            let c = try numbers(json)
            if c.count == 2 { return CGColor(gray: c[0], alpha: c[1]) }
            if c.count == 4 { return CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]) }
            throw ArchiveValueError(expected: expected, got: json)
        case .object(let o):
            if let extra = o.keys.sorted().first(where: { $0 != "colorSpace" && $0 != "components" }) {
                throw ArchiveValueError("unknown key \"\(extra)\" in a colour (known: colorSpace, components)")
            }
            guard case .string(let name)? = o["colorSpace"], let space = CGColorSpace(name: name) else {
                throw ArchiveValueError("unknown colour space \(o["colorSpace"]?.brief ?? "(missing)")")
            }
            guard let compsJSON = o["components"], let color = CGColor(colorSpace: space, components: try numbers(compsJSON)) else {
                throw ArchiveValueError("colour components do not match colour space \(name)")
            }
            return color
        default:
            throw ArchiveValueError(expected: expected, got: json)
        }
    }
}

extension ValueCodec where T == [NSNumber]? {
    /// `lineDashPattern`, `locations`: arrays of numbers, or null.
    package static let numberArray = ValueCodec(
        expected: "an array of numbers or null",
        fromAny: { v in
            if v == nil { return .some(nil) }
            if let a = v as? [NSNumber] { return .some(a) }
            guard let a = v as? [Any] else { return nil }
            var out: [NSNumber] = []
            for item in a {
                guard let d = AnyNumber.double(item) else { return nil }
                out.append(NSNumber(value: d))
            }
            return .some(out)
        },
        toAny: { $0 },
        equal: { $0 == $1 },
        encode: { a in a.map { .array($0.map { JSONValue.num($0.doubleValue) }) } ?? .null },
        decode: { json, _ in
            switch json {
            case .null: return nil
            case .array(let items):
                return try items.map { item in
                    guard let d = item.numberValue else { throw ArchiveValueError(expected: "an array of numbers or null", got: json) }
                    return NSNumber(value: d)
                }
            default: throw ArchiveValueError(expected: "an array of numbers or null", got: json)
            }
        })
}

extension ValueCodec where T == [Any]? {
    /// `CAGradientLayer.colors`: an array of CGColor (Apple's type is `[Any]?`).
    package static let colorArray = ValueCodec(
        expected: "an array of colours or null",
        fromAny: { v in
            if v == nil { return .some(nil) }
            guard let a = v as? [Any], a.allSatisfy({ $0 is CGColor }) else { return nil }
            return .some(a)
        },
        toAny: { $0 },
        equal: { l, r in
            switch (l, r) {
            case (nil, nil): return true
            case (let a?, let b?):
                return a.count == b.count && zip(a, b).allSatisfy { ($0 as? CGColor) == ($1 as? CGColor) }
            default: return false
            }
        },
        encode: { a in
            guard let a else { return .null }
            return .array(a.map { ($0 as? CGColor).map(ColorArchive.encode) ?? .null })
        },
        decode: { json, _ in
            switch json {
            case .null: return nil
            case .array(let items): return try items.map { try ColorArchive.decode($0) }
            default: throw ArchiveValueError(expected: "an array of colours or null", got: json)
            }
        })
}

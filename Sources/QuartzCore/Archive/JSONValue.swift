import Foundation

/// A parsed JSON document with exact types (a number is never confused with a boolean), the
/// raw material of the layer archive. Non-finite numbers, which JSON cannot spell, are written
/// as the strings "nan", "inf" and "-inf" and accepted back wherever a number is expected.
package indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// How the value is shown in error messages: strings quoted, containers summarised.
    package var brief: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let d): return JSONValue.format(d)
        case .string(let s): return "\"\(s)\""
        case .array(let a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }

    package static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    /// A number, or one of the spelled-out non-finite numbers.
    package var numberValue: Double? {
        switch self {
        case .number(let d): return d
        case .string("nan"): return .nan
        case .string("inf"): return .infinity
        case .string("-inf"): return -.infinity
        default: return nil
        }
    }

    /// Encodes a Double, spelling non-finite values as strings.
    package static func num(_ d: Double) -> JSONValue {
        if d.isNaN { return .string("nan") }
        if d.isInfinite { return .string(d > 0 ? "inf" : "-inf") }
        return .number(d)
    }
}

extension JSONValue: Codable {
    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null; return }
        if let b = try? c.decode(Bool.self) { self = .bool(b); return }
        if let d = try? c.decode(Double.self) { self = .number(d); return }
        if let s = try? c.decode(String.self) { self = .string(s); return }
        if let a = try? c.decode([JSONValue].self) { self = .array(a); return }
        if let o = try? c.decode([String: JSONValue].self) { self = .object(o); return }
        throw DecodingError.dataCorruptedError(in: c, debugDescription: "not a JSON value")
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

/// Why one archived value could not be decoded; the archive reader prefixes the key path.
package struct ArchiveValueError: Error, Equatable {
    package var message: String
    /// Where inside the value the error is, appended to the property's key path
    /// ("[1].emitterCells[0].birthRate" inside a layer's `emitterCells`); empty: the value itself.
    package var subpath = ""

    package init(_ message: String) { self.message = message }

    package init(expected: String, got value: JSONValue) {
        message = "expected \(expected), got \(value.brief)"
    }
}

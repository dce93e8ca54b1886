import Foundation

/// Reads JSON bytes straight into a `JSONValue`, choosing each value's kind from its first
/// byte. `JSONValue`'s `Decodable` conformance has no way to ask a decoder what kind of value
/// comes next, so it guesses (bool, number, string, array, object), and every wrong guess
/// builds a `DecodingError` with its coding path: 22 % of reading a 1M-segment path archive,
/// where each `["L", x, y]` cost six failed guesses.
///
/// This reader only vouches for documents it reads exactly as Foundation's `JSONDecoder` does:
/// anything else — a syntax error, a number beyond Double's range or one that underflows
/// (to zero or a subnormal), a duplicate key, an unpaired surrogate escape, text that is not UTF-8, a byte-order
/// mark, nesting deeper than `maxDepth` — gives nil, and the caller decodes with `JSONDecoder`,
/// whose errors (with the syntax locator's line and column) are the ones the archive reports.
package enum JSONValueReader {
    /// Containers nested deeper than this are left to `JSONDecoder` (which stops at 512).
    package static let maxDepth = 256

    /// The document in `data`, or nil when `JSONDecoder` must read it (see the type comment).
    package static func read(_ data: Data) -> JSONValue? {
        data.withUnsafeBytes { raw -> JSONValue? in
            var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
            guard let value = reader.value(depth: 0) else { return nil }
            reader.skipSpace()
            return reader.i == reader.bytes.count ? value : nil
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0A, 0x0D: i += 1
                default: return
                }
            }
        }

        /// Consumes `word` (ASCII) if it comes next.
        mutating func literal(_ word: StaticString) -> Bool {
            let n = word.utf8CodeUnitCount
            guard bytes.count - i >= n else { return false }
            for k in 0..<n where bytes[i + k] != word.utf8Start[k] { return false }
            i += n
            return true
        }

        mutating func value(depth: Int) -> JSONValue? {
            skipSpace()
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"): return depth < JSONValueReader.maxDepth ? object(depth: depth + 1) : nil
            case UInt8(ascii: "["): return depth < JSONValueReader.maxDepth ? array(depth: depth + 1) : nil
            case UInt8(ascii: "\""): return string().map(JSONValue.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return literal("null") ? .null : nil
            default: return number().map(JSONValue.number)
            }
        }

        mutating func array(depth: Int) -> JSONValue? {
            i += 1 // [
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth) else { return nil }
                items.append(item)
                skipSpace()
                guard i < bytes.count else { return nil }
                let c = bytes[i]
                i += 1
                if c == UInt8(ascii: "]") { return .array(items) }
                guard c == UInt8(ascii: ",") else { return nil }
            }
        }

        mutating func object(depth: Int) -> JSONValue? {
            i += 1 // {
            var members: [String: JSONValue] = [:]
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\""), let key = string() else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                guard let item = value(depth: depth) else { return nil }
                // Which of two equal keys JSONDecoder keeps is its business: let it decide.
                guard members.updateValue(item, forKey: key) == nil else { return nil }
                skipSpace()
                guard i < bytes.count else { return nil }
                let c = bytes[i]
                i += 1
                if c == UInt8(ascii: "}") { return .object(members) }
                guard c == UInt8(ascii: ",") else { return nil }
            }
        }

        /// A string starting at the opening quote; nil for raw control characters, bad
        /// escapes, unpaired surrogates and invalid UTF-8.
        mutating func string() -> String? {
            i += 1 // "
            let start = i
            var plain = true
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\"") { break }
                if c < 0x20 { return nil }
                if c == UInt8(ascii: "\\") { plain = false; i += 2 } else { i += 1 }
            }
            guard i < bytes.count else { return nil }
            let body = UnsafeBufferPointer(rebasing: bytes[start..<i])
            i += 1 // closing quote
            if plain { return String(validating: body, as: UTF8.self) }
            return unescaped(body)
        }

        private func unescaped(_ body: UnsafeBufferPointer<UInt8>) -> String? {
            var out: [UInt8] = []
            out.reserveCapacity(body.count)
            var k = 0
            func hex4(_ at: Int) -> UInt32? {
                guard at + 4 <= body.count else { return nil }
                var v: UInt32 = 0
                for j in at..<(at + 4) {
                    let c = body[j]
                    let d: UInt32
                    switch c {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
                    default: return nil
                    }
                    v = v << 4 | d
                }
                return v
            }
            while k < body.count {
                let c = body[k]
                guard c == UInt8(ascii: "\\") else { out.append(c); k += 1; continue }
                guard k + 1 < body.count else { return nil }
                let e = body[k + 1]
                k += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(k) else { return nil }
                    k += 4
                    if scalar >= 0xD800 && scalar < 0xDC00 {
                        // A high surrogate must be followed by an escaped low one.
                        guard k + 1 < body.count, body[k] == UInt8(ascii: "\\"), body[k + 1] == UInt8(ascii: "u"),
                              let low = hex4(k + 2), low >= 0xDC00, low < 0xE000 else { return nil }
                        k += 6
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if scalar >= 0xDC00 && scalar < 0xE000 {
                        return nil
                    }
                    guard let u = Unicode.Scalar(scalar) else { return nil }
                    out.append(contentsOf: UTF8.encode(u)!)
                default:
                    return nil
                }
            }
            return String(validating: out, as: UTF8.self)
        }

        /// A number by JSON's grammar, as the nearest Double; nil outside the grammar, beyond
        /// Double's range, subnormal, or when non-zero digits round to zero.
        mutating func number() -> Double? {
            let start = i
            func digits() -> Int {
                let from = i
                while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
                return i - from
            }
            if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
            let intStart = i
            let intDigits = digits()
            guard intDigits > 0, !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else { return nil }
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return nil }
            }
            let mantissaEnd = i
            if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
                i += 1
                if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return nil }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let d = Double(text), d.isFinite, d == 0 || d.isNormal else { return nil }
            if d == 0, bytes[start..<mantissaEnd].contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }) {
                return nil
            }
            return d
        }
    }
}

import Foundation

/// Where a JSON text first breaks the grammar (RFC 8259), as a 1-based line and column, for
/// archive errors. Foundation's reader on Linux only says "The given data was not valid JSON",
/// which leaves a person with a 500-line archive nowhere to look.
///
/// A single pass over the bytes with an explicit stack (no recursion, so any nesting depth is
/// safe). Columns count UTF-8 bytes from 1; lines are separated by "\n". It checks syntax only;
/// the decoder still parses the values.
package enum JSONSyntaxLocator {
    package struct Location: Equatable, CustomStringConvertible {
        package let line: Int
        package let column: Int
        /// What was found there ("unexpected ','", "unexpected end of input"…).
        package let problem: String

        package var description: String { "line \(line), column \(column): \(problem)" }
    }

    /// The first syntax error in `data`, or nil when it is well-formed JSON.
    package static func firstError(in data: Data) -> Location? {
        let bytes = [UInt8](data)
        guard let (offset, problem) = scan(bytes) else { return nil }
        var line = 1, lineStart = 0
        for i in 0..<min(offset, bytes.count) where bytes[i] == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return Location(line: line, column: offset - lineStart + 1, problem: problem)
    }

    private enum Container { case array, object }
    /// What the next token may be.
    private enum Expect { case value, valueOrClose, key, keyOrClose, colon, commaOrClose, end }

    private static func scan(_ b: [UInt8]) -> (Int, String)? {
        var i = 0
        var stack: [Container] = []
        var expect = Expect.value
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }
        func unexpected(_ at: Int) -> (Int, String) {
            guard at < b.count else { return (at, "unexpected end of input") }
            let c = b[at]
            let shown = c >= 0x20 && c < 0x7F ? "'\(Character(UnicodeScalar(c)))'" : String(format: "byte 0x%02X", c)
            return (at, "unexpected \(shown)")
        }
        /// After a complete value: what may follow.
        func afterValue() -> Expect { stack.isEmpty ? .end : .commaOrClose }

        while true {
            while i < b.count && isSpace(b[i]) { i += 1 }
            if i == b.count { return expect == .end ? nil : unexpected(i) }
            let c = b[i]
            switch expect {
            case .end:
                return unexpected(i)
            case .colon:
                guard c == UInt8(ascii: ":") else { return unexpected(i) }
                i += 1; expect = .value
            case .commaOrClose:
                if c == UInt8(ascii: ",") {
                    i += 1; expect = stack.last == .object ? .key : .value
                } else if (c == UInt8(ascii: "]") && stack.last == .array) || (c == UInt8(ascii: "}") && stack.last == .object) {
                    i += 1; stack.removeLast(); expect = afterValue()
                } else {
                    return unexpected(i)
                }
            case .key, .keyOrClose:
                if c == UInt8(ascii: "}") && expect == .keyOrClose {
                    i += 1; stack.removeLast(); expect = afterValue()
                } else if c == UInt8(ascii: "\"") {
                    guard let end = string(b, i) else { return (i, "unterminated or invalid string") }
                    i = end; expect = .colon
                } else {
                    return unexpected(i)
                }
            case .value, .valueOrClose:
                if c == UInt8(ascii: "]") && expect == .valueOrClose {
                    i += 1; stack.removeLast(); expect = afterValue()
                } else if c == UInt8(ascii: "[") {
                    i += 1; stack.append(.array); expect = .valueOrClose
                } else if c == UInt8(ascii: "{") {
                    i += 1; stack.append(.object); expect = .keyOrClose
                } else if c == UInt8(ascii: "\"") {
                    guard let end = string(b, i) else { return (i, "unterminated or invalid string") }
                    i = end; expect = afterValue()
                } else if let end = literal(b, i) ?? number(b, i) {
                    i = end; expect = afterValue()
                } else {
                    return unexpected(i)
                }
            }
        }
    }

    /// The index after the string starting at `start` (a quote), or nil if it is broken.
    private static func string(_ b: [UInt8], _ start: Int) -> Int? {
        var i = start + 1
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") { return i + 1 }
            if c < 0x20 { return nil }
            if c == UInt8(ascii: "\\") {
                guard i + 1 < b.count else { return nil }
                if b[i + 1] == UInt8(ascii: "u") {
                    guard i + 5 < b.count, b[(i + 2)...(i + 5)].allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) })
                    else { return nil }
                    i += 6
                } else {
                    guard "\"\\/bfnrt".utf8.contains(b[i + 1]) else { return nil }
                    i += 2
                }
                continue
            }
            i += 1
        }
        return nil
    }

    private static func literal(_ b: [UInt8], _ i: Int) -> Int? {
        for word in ["true", "false", "null"] {
            let w = Array(word.utf8)
            if i + w.count <= b.count && Array(b[i..<(i + w.count)]) == w { return i + w.count }
        }
        return nil
    }

    /// The index after a number at `i`: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)?
    private static func number(_ b: [UInt8], _ start: Int) -> Int? {
        var i = start
        func digit(_ k: Int) -> Bool { k < b.count && b[k] >= 0x30 && b[k] <= 0x39 }
        if i < b.count && b[i] == UInt8(ascii: "-") { i += 1 }
        guard digit(i) else { return nil }
        if b[i] == 0x30 { i += 1 } else { while digit(i) { i += 1 } }
        if i < b.count && b[i] == UInt8(ascii: ".") {
            i += 1
            guard digit(i) else { return nil }
            while digit(i) { i += 1 }
        }
        if i < b.count && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            i += 1
            if i < b.count && (b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-")) { i += 1 }
            guard digit(i) else { return nil }
            while digit(i) { i += 1 }
        }
        return i
    }
}

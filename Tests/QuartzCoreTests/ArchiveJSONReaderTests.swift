// The archive's direct JSON reader (JSONValueReader) reads what Foundation's JSONDecoder reads,
// value for value, without guessing types; whatever it cannot vouch for goes to JSONDecoder,
// so the archive's error messages are unchanged (ArchiveStrictnessTests checks them).
import Foundation
import Testing
@testable import QuartzCore

@Suite struct ArchiveJSONReaderTests {
    static func viaDecoder(_ text: String) -> JSONValue? {
        try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    static func viaReader(_ text: String) -> JSONValue? {
        JSONValueReader.read(Data(text.utf8))
    }

    @Test func readsWhatJSONDecoderReads() {
        let documents = [
            "{}", "[]", " [ ] ", "null", "true", "false", "0", "-0", "12", "-3.25", "1e3", "1E-2", "2.5e+10",
            "123456789012345678901234567890", "0.1", "1.7976931348623157e308", "2.2250738585072014e-308",
            "\"\"", "\"plain\"", "\"tab\\tquote\\\"slash\\/back\\\\\"", "\"\\u00e9\\u4e2d\\ud83d\\ude00\"",
            "\"é中😀\"", "\"\\b\\f\\n\\r\"",
            "{\"a\": [1, 2, {\"b\": null}], \"c\": \"nan\", \"d\": {\"e\": [true, false, []]}}",
            "\n\t{\"path\": [[\"M\", 0, 0], [\"L\", 10.5, -2e-3], [\"Z\"]]}\r\n",
        ]
        for text in documents {
            let expected = Self.viaDecoder(text)
            #expect(expected != nil, "JSONDecoder reads \(text)")
            #expect(Self.viaReader(text) == expected, "\(text)")
        }
    }

    @Test func leavesToJSONDecoderWhatItCannotVouchFor() {
        let documents = [
            "", " ", "{", "[1,]", "{\"a\" 1}", "{\"a\":1,}", "01", "1.", ".5", "+1", "-", "1e", "NaN", "Infinity",
            "tru", "nul", "[1] 2", "\"unterminated", "\"raw\ncontrol\"", "\"bad \\x escape\"", "\"\\ud83d alone\"",
            "\"\\ude00 low\"", "1e400", "-1e400", "1e-400", "4e-320", "{\"a\": 1, \"a\": 2}", "\u{FEFF}{}",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
        ]
        for text in documents { #expect(Self.viaReader(text) == nil, "\(text)") }
        #expect(JSONValueReader.read(Data([0x22, 0xFF, 0xFE, 0x22])) == nil) // not UTF-8
    }

    /// A 20,000-segment path archive: read directly (no type guesses, no DecodingError built
    /// per value — each ["L", x, y] used to build six), into the same value as JSONDecoder's,
    /// and the layer decodes with every segment.
    @Test func aLongPathArchiveIsReadDirectly() throws {
        var text = "{\"format\": \"lamina-layer-archive\", \"version\": 1, \"root\": {\"class\": \"CAShapeLayer\", \"path\": [[\"M\", 0, 0]"
        for i in 1...20_000 { text += ", [\"L\", \(i % 640), \(Double(i % 480) / 4)]" }
        text += "]}}"
        let data = Data(text.utf8)
        let direct = try #require(JSONValueReader.read(data))
        #expect(direct == (try JSONDecoder().decode(JSONValue.self, from: data)))
        let layer = try #require(try LayerArchive.decode(data) as? CAShapeLayer)
        var elements = 0
        layer.path?.applyWithBlock { _ in elements += 1 }
        #expect(elements == 20_001)
    }
}

import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Bidi and shaping when an attributed string changes font inside a paragraph, and when a
/// paragraph is broken into lines: the bidi levels and the joining forms are the logical
/// paragraph's, not a font run's or a line's. DejaVu Sans (fonts-dejavu-core, required) has
/// Latin, Hebrew and Arabic.
@Suite struct ShapingAcrossRunsTests {
    func measurer(size: CGFloat = 20) throws -> FontTextMeasurer {
        FontTextMeasurer(face: try #require(FontCatalog.face(named: "Helvetica"), "no font installed"), fontSize: size)
    }

    /// `text` laid out with `size` points per em on `range` (the layout's face), in a wide box.
    func layout(_ text: String, size: CGFloat, on range: Range<Int>, box: CGSize = CGSize(width: 600, height: 200),
                options: TextLayout.Options = .init()) throws -> TextLayout {
        var o = options
        o.styles.append(TextStyleRun(range: range, fontSize: size))
        return TextLayout.make(text, size: box, options: o, measurer: try measurer())
    }

    static let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"                 // shalom
    static let beit = "\u{628}\u{64A}\u{62A}"                          // beh yeh teh: all joined

    @Test func aFontChangeInsideAHebrewWordKeepsTheParagraphsBidiOrder() throws {
        // "abc שלום def" with the first two Hebrew letters larger: the word still reads right to
        // left as a whole and " def" stays left-to-right after it.
        let text = "abc \(Self.hebrew) def"
        let line = try layout(text, size: 30, on: 4..<6).lines[0]
        #expect(!line.isRightToLeft)
        #expect(line.units.map(\.level) == [0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0], "\(line.units.map(\.level))")
        let order = try #require(line.visualOrder)
        #expect(order.map { line.units[$0].text }.joined() == "abc \u{5DD}\u{5D5}\u{5DC}\u{5E9} def")
        #expect(line.units[4].fontSize == 30 && line.units[6].fontSize == nil)
        // The glyphs run left to right in that order.
        let xs = try layout(text, size: 30, on: 4..<6).glyphs.map(\.position.x)
        #expect(xs == xs.sorted())
    }

    @Test func theParagraphsDirectionIsTheWholeParagraphsNotItsFirstFontRuns() throws {
        // A neutral "(" in another size first: the first strong character is still Hebrew.
        let l = try layout("(\(Self.hebrew) abc", size: 30, on: 0..<1)
        #expect(l.lines[0].isRightToLeft)
        #expect(abs(l.lines[0].x + l.lines[0].width - 600) < 1e-6, "natural alignment is right")
    }

    @Test func arabicJoiningCrossesASizeChange() throws {
        let m = try measurer()
        let whole = m.units(for: Array(Self.beit)).units
        #expect(whole.count == 3 && whole.allSatisfy { $0.level == 1 })
        // The last two letters larger: same glyphs (joined forms), larger advances.
        let split = m.units(for: Array(Self.beit), fonts: [nil, TextFontChoice(face: nil, size: 40),
                                                            TextFontChoice(face: nil, size: 40)], rightToLeft: nil)
        #expect(split.isRightToLeft)
        #expect(split.units.map(\.glyphs) == whole.map(\.glyphs), "joining forms of the whole word")
        #expect(abs(split.units[1].width - 2 * whole[1].width) < 1e-6)
        #expect(whole[0].glyphs != m.unit(for: "\u{628}").glyphs, "beh takes its initial form, not the isolated one")
    }

    @Test func arabicJoiningIsDecidedOnTheParagraphNotTheLine() throws {
        let m = try measurer()
        let word = String(repeating: Self.beit, count: 3)
        let whole = m.units(for: Array(word)).units
        // A box one letter wide: every letter on its own line, each keeping its joined form.
        let wrapped = TextLayout.make(word, size: CGSize(width: 1, height: 400), options: .init(isWrapped: true), measurer: m)
        #expect(whole.count == 9 && wrapped.lines.count == 9)
        #expect(wrapped.lines.map { $0.units.flatMap(\.glyphs) } == whole.map(\.glyphs))
        #expect(wrapped.lines[1].units[0].glyphs != m.unit(for: "\u{64A}").glyphs, "a medial yeh, not an isolated one")
    }

    @Test func truncationByHeightMeasuresLinesOfMixedSizes() throws {
        // Four lines (wrapping on, so the height cuts); the second in 40 pt, deeper than a 20 pt line.
        let m = try measurer()
        let text = "aaa\nbbb\nccc\nddd"
        let box = CGSize(width: 200, height: 1000)
        let full = try layout(text, size: 40, on: 4..<7, box: box, options: .init(isWrapped: true))
        #expect(full.lines.map(\.string) == ["aaa", "bbb", "ccc", "ddd"])
        let bigDescent = CGFloat(-m.face.descender) * 40 / CGFloat(m.face.unitsPerEm)
        let bottom = full.lines[1].baseline + bigDescent    // the 40 pt line's lowest glyph extent
        func kept(_ h: CGFloat) throws -> [String] {
            try layout(text, size: 40, on: 4..<7, box: CGSize(width: 200, height: h),
                       options: .init(isWrapped: true, truncationMode: .end)).lines.map(\.string)
        }
        #expect(try kept(bottom + 0.5) == ["aaa", "bbb\u{2026}"])
        // Two 20 pt lines would fit in this height; the 40 pt second line does not.
        #expect(bottom - 1 > m.lineHeight + m.ascent + m.descent)
        #expect(try kept(bottom - 1) == ["aaa\u{2026}"])
    }

    @Test func aParagraphStylesBaseDirectionOverridesTheText() throws {
        let m = try measurer()
        let rtl = TextParagraphStyle(isRightToLeft: true)
        let l = TextLayout.make("abc!", size: CGSize(width: 300, height: 40),
                                options: .init(styles: [TextStyleRun(range: 0..<4, paragraph: rtl)]), measurer: m)
        #expect(l.lines[0].isRightToLeft)
        #expect(abs(l.lines[0].x + l.lines[0].width - 300) < 1e-6, "natural is right in a right-to-left paragraph")
        let order = try #require(l.lines[0].visualOrder)
        #expect(order.map { l.lines[0].units[$0].text }.joined() == "!abc", "the neutral '!' ends the line on its left")
        // And a Hebrew paragraph forced left to right aligns left.
        let ltr = TextLayout.make(Self.hebrew, size: CGSize(width: 300, height: 40),
                                  options: .init(styles: [TextStyleRun(range: 0..<4, paragraph: TextParagraphStyle(isRightToLeft: false))]),
                                  measurer: m)
        #expect(!ltr.lines[0].isRightToLeft && ltr.lines[0].x == 0)
    }

    @Test func indentsOfARightToLeftParagraphStartFromTheRight() throws {
        let m = try measurer()
        let style = TextParagraphStyle(firstLineHeadIndent: 20, tailIndent: -30)
        let l = TextLayout.make(Self.hebrew, size: CGSize(width: 300, height: 40),
                                options: .init(styles: [TextStyleRun(range: 0..<4, paragraph: style)]), measurer: m)
        #expect(abs(l.lines[0].x + l.lines[0].width - 280) < 1e-6, "natural: ends 20 pt from the right edge")
        var left = style
        left.alignment = .left
        let leftLayout = TextLayout.make(Self.hebrew, size: CGSize(width: 300, height: 40),
                                         options: .init(styles: [TextStyleRun(range: 0..<4, paragraph: left)]), measurer: m)
        #expect(leftLayout.lines[0].x == 30, "the tail indent is on the left of a right-to-left paragraph")
    }
}

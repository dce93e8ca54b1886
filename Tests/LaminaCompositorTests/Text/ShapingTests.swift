import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Whether some installed face has `scalar` (fontconfig's answer), for tests that need a script.
private func someFontHas(_ scalar: Unicode.Scalar) -> Bool {
    !FontMatcher.shared.files(for: FontRequest(family: "sans-serif"), covering: scalar, limit: 1).isEmpty
}

/// Text through HarfBuzz (shaping), FriBidi (bidi order) and fontconfig (fallback faces), as
/// `FontTextMeasurer` and `TextLayout` use them. Latin, Arabic and Hebrew come from DejaVu Sans
/// (required); Devanagari and CJK need other fonts and skip with a message without them.
@Suite struct ShapingTests {
    func measurer(_ name: String = "Helvetica", size: CGFloat = 20) throws -> FontTextMeasurer {
        FontTextMeasurer(face: try #require(FontCatalog.face(named: name), "no font installed"), fontSize: size)
    }

    @Test func latinLigaturesJoinCharactersIntoOneCluster() throws {
        let m = try measurer()
        let units = m.units(for: Array("office")).units
        #expect(units.map(\.text) == ["o", "ffi", "c", "e"], "\(units.map(\.text))")
        let ffi = try #require(units.first { $0.text == "ffi" })
        #expect(ffi.glyphs.count == 1, "one ligature glyph")
        #expect(!Set(ffi.glyphs).isSubset(of: [m.face.glyph(for: "f"), m.face.glyph(for: "i")]))
        // Wrapping never splits the ligature: a box as narrow as a character gives one cluster per line.
        let layout = TextLayout.make("office", size: CGSize(width: 1, height: 200), options: .init(isWrapped: true), measurer: m)
        #expect(layout.lines.map(\.string) == ["o", "ffi", "c", "e"])
    }

    @Test func pairKerningNarrowsAV() throws {
        let m = try measurer()
        let av = m.units(for: Array("AV")).units
        let a = m.unit(for: "A"), v = m.unit(for: "V")
        #expect(av.count == 2)
        #expect(av[0].width < a.width - 0.1, "A is kerned towards V: \(av[0].width) vs \(a.width)")
        #expect(av[1].width == v.width)
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        let m = try measurer()
        // No precomposed q with acute exists: base and mark, the mark placed by the font over the q.
        let units = m.units(for: Array("q\u{301}x")).units
        #expect(units.count == 2 && units[0].text == "q\u{301}")
        #expect(units[0].glyphs.count == 2 && units[0].glyphs[0] == m.face.glyph(for: "q"))
        #expect(units[0].width == m.unit(for: "q").width, "the mark takes no advance")
        #expect(units[0].offsets[1] >= 0 && units[0].offsets[1] < units[0].width, "over the base: \(units[0].offsets)")
        // With a precomposed form, HarfBuzz composes e + acute into é.
        let e = m.units(for: Array("e\u{301}")).units
        #expect(e.count == 1 && e[0].glyphs == [m.face.glyph(for: "\u{E9}")])
    }

    @Test func arabicLettersTakeTheirJoinedForms() throws {
        let m = try measurer()
        let isolated = m.unit(for: "\u{633}").glyphs       // seen alone
        let word = m.units(for: Array("\u{633}\u{644}\u{627}\u{645}"))   // salaam
        #expect(word.isRightToLeft)
        // Lam + alef is the mandatory lam-alef ligature: one cluster of two characters.
        #expect(word.units.map(\.text) == ["\u{633}", "\u{644}\u{627}", "\u{645}"] && word.units.allSatisfy { $0.level == 1 })
        #expect(word.units[0].glyphs != isolated, "initial form of seen, not the isolated one")
        #expect(isolated == [m.face.glyph(for: "\u{633}")])
        // Drawn right to left: the first letter is the rightmost.
        let layout = TextLayout.make("\u{633}\u{644}\u{627}\u{645}", size: CGSize(width: 200, height: 40),
                                     options: .init(), measurer: m)
        let xs = layout.glyphs.map(\.position.x)
        #expect(xs == xs.sorted())
        #expect(layout.glyphs.last?.glyph == word.units[0].glyphs.last, "logical first is visual last")
        #expect(layout.lines[0].x > 100, "natural alignment of a right-to-left paragraph is right")
    }

    @Test func hebrewMixedWithLatinIsInVisualOrder() throws {
        let m = try measurer()
        let text = "abc \u{5E9}\u{5DC}\u{5D5}\u{5DD} def"        // "abc שלום def"
        let layout = TextLayout.make(text, size: CGSize(width: 400, height: 40), options: .init(), measurer: m)
        let line = layout.lines[0]
        #expect(!line.isRightToLeft && line.x == 0, "a Latin-first paragraph is left-to-right, left-aligned")
        let order = try #require(line.visualOrder)
        #expect(order.map { line.units[$0].text }.joined() == "abc \u{5DD}\u{5D5}\u{5DC}\u{5E9} def")
        // The same in a Hebrew-first paragraph: right-to-left, the Latin word keeps its own order.
        let rtl = TextLayout.make("\u{5E9}\u{5DC}\u{5D5}\u{5DD} abc!", size: CGSize(width: 400, height: 40),
                                  options: .init(), measurer: m).lines[0]
        #expect(rtl.isRightToLeft)
        #expect((rtl.visualOrder ?? []).map { rtl.units[$0].text }.joined() == "!abc \u{5DD}\u{5D5}\u{5DC}\u{5E9}")
        #expect(abs(rtl.x + rtl.width - 400) < 1e-6, "natural alignment is right")
        let left = TextLayout.make("\u{5E9}\u{5DC}\u{5D5}\u{5DD}", size: CGSize(width: 400, height: 40),
                                   options: .init(alignmentMode: .left), measurer: m).lines[0]
        #expect(left.x == 0, "left is left in either direction")
    }

    @Test(.enabled(if: someFontHas("\u{915}"), "no Devanagari font installed (fonts-noto-core)"))
    func devanagariIsShapedByItsFallbackFace() throws {
        let m = try measurer()
        #expect(m.face.glyph(for: "\u{915}") == 0, "DejaVu Sans has no Devanagari")
        // KA + vowel sign I: one cluster; the sign is drawn before (left of) the consonant.
        let units = m.units(for: Array("\u{915}\u{93F}")).units
        #expect(units.count == 1)
        let unit = try #require(units.first)
        let face = try #require(unit.face, "a fallback face")
        #expect(unit.glyphs.count == 2)
        #expect(unit.glyphs[0] != face.glyph(for: "\u{915}") && unit.glyphs[1] == face.glyph(for: "\u{915}"),
                "the vowel sign is reordered before KA: \(unit.glyphs)")
        #expect(unit.offsets[0] == 0 && unit.offsets[1] > 0)
        // KSSA conjunct: KA + virama + SSA become fewer glyphs than scalars.
        let kssa = m.units(for: Array("\u{915}\u{94D}\u{937}")).units
        #expect(kssa.count == 1 && kssa[0].glyphs.count < 3)
    }

    @Test(.enabled(if: someFontHas("\u{4E2D}"), "no CJK font installed (fonts-droid-fallback, fonts-noto-cjk)"))
    func cjkCharactersFallBackPerRun() throws {
        let m = try measurer()
        let units = m.units(for: Array("ab\u{4E2D}\u{6587}c")).units
        #expect(units.map(\.text) == ["a", "b", "\u{4E2D}", "\u{6587}", "c"])
        #expect(units[0].face == nil && units[4].face == nil, "Latin stays in the layer's face")
        let cjk = try #require(units[2].face)
        #expect(units[3].face === cjk && units[2].glyphs == [cjk.glyph(for: "\u{4E2D}")] && units[2].glyphs != [0])
        // Drawn through the fallback face: ink appears where the CJK characters are.
        let content = TextContent(string: "\u{4E2D}", face: m.face, fontSize: 20, color: nil)
        let ctx = try #require(CGContext.makeLayerContext(width: 30, height: 30, scale: 1))
        content.draw(in: ctx, bounds: CGRect(x: 0, y: 0, width: 30, height: 30))
        let img = try #require(ctx.makeImage())
        #expect(inkPixels(img) > 20)
    }

    @Test func emojiFallsBackToAFaceThatHasIt() throws {
        let m = try measurer("Times")
        #expect(m.face.glyph(for: "\u{1F600}") == 0)
        let units = m.units(for: Array("a\u{1F600}")).units
        #expect(units.count == 2)
        let face = try #require(units[1].face, "a fallback face")
        #expect(units[1].glyphs == [face.glyph(for: "\u{1F600}")] && units[1].glyphs != [0])
    }

    @Test func shapedParagraphsAreCachedAndTheSameEachTime() throws {
        let m = try measurer()
        let a = m.units(for: Array("The quick brown fox")).units
        let b = try measurer().units(for: Array("The quick brown fox")).units
        #expect(a == b && a.count == 19)
        #expect(try measurer(size: 40).units(for: Array("The")).units[0].width == 2 * a[0].width)
    }

    func inkPixels(_ image: CGImage) -> Int {
        guard let data = image.dataProvider?.data else { return 0 }
        let bytes = [UInt8](data as Data)
        return stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] > 0 }.count
    }
}

import Foundation
import Testing
import CoreGraphics
@testable import LaminaCompositor

/// Line breaking, truncation and alignment of `TextLayout` with fixed metrics: every character
/// 10 pt wide (the ellipsis too), ascent 8, descent 2, line height 12.
@Suite struct TextLayoutTests {
    struct FixedMeasurer: TextMeasuring {
        let ascent: CGFloat = 8, descent: CGFloat = 2, lineHeight: CGFloat = 12
        func unit(for c: Character) -> TextUnit {
            TextUnit(character: c, glyphs: [c.unicodeScalars.first!.value], offsets: [0], width: 10)
        }
    }

    func layout(_ text: String, width: CGFloat, height: CGFloat = 1000, wrapped: Bool = false,
                truncation: TextTruncation = .none, alignment: TextAlignment = .natural) -> TextLayout {
        TextLayout.make(text, size: CGSize(width: width, height: height),
                        options: .init(isWrapped: wrapped, truncationMode: truncation, alignmentMode: alignment),
                        measurer: FixedMeasurer())
    }

    func strings(_ l: TextLayout) -> [String] { l.lines.map(\.string) }

    @Test func hardBreaksMakeLinesAndBaselinesStepByTheLineHeight() {
        let l = layout("ab\ncd\r\nef\n", width: 100)
        #expect(strings(l) == ["ab", "cd", "ef", ""])
        #expect(l.lines.map(\.baseline) == [8, 20, 32, 44])
        #expect(strings(layout("a\u{2028}b\u{0C}c\u{2029}d", width: 100)) == ["a", "b", "c", "d"])
    }

    @Test func wrappingBreaksAtSpacesAndHangsTrailingSpaces() {
        // 60 pt: six characters per line.
        let l = layout("the quick brown fox", width: 60, wrapped: true)
        #expect(strings(l) == ["the ", "quick ", "brown ", "fox"])
        #expect(l.lines.map(\.width) == [30, 50, 50, 30], "trailing spaces do not count")
        #expect(strings(layout("the quick brown fox", width: 60)) == ["the quick brown fox"], "no wrapping unless asked")
    }

    @Test func aWordWiderThanTheBoxBreaksBetweenCharacters() {
        #expect(strings(layout("abcdefgh ij", width: 30, wrapped: true)) == ["abc", "def", "gh ", "ij"])
        #expect(strings(layout("ab", width: 0, wrapped: true)) == ["a", "b"], "at least one character a line")
    }

    @Test func endTruncationKeepsWhatFitsWithTheEllipsis() {
        #expect(strings(layout("abcdefgh", width: 50, truncation: .end)) == ["abcd\u{2026}"])
        #expect(strings(layout("abc", width: 50, truncation: .end)) == ["abc"], "a line that fits is untouched")
        #expect(strings(layout("ab cdefg", width: 50, truncation: .end)) == ["ab c\u{2026}"])
        #expect(strings(layout("abcdefgh", width: 5, truncation: .end)) == ["\u{2026}"], "only the ellipsis")
    }

    @Test func startAndMiddleTruncation() {
        #expect(strings(layout("abcdefgh", width: 50, truncation: .start)) == ["\u{2026}efgh"])
        #expect(strings(layout("abcdefgh", width: 50, truncation: .middle)) == ["ab\u{2026}gh"])
        #expect(strings(layout("abcdefgh", width: 60, truncation: .middle)) == ["abc\u{2026}gh"])
    }

    @Test func wrappedTruncationEndsTheLastLineThatFits() {
        // 30 pt tall: lines of 12 pt, the first needs 10 (ascent + descent), so two fit.
        let l = layout("aaa bbb ccc ddd", width: 40, height: 30, wrapped: true, truncation: .end)
        #expect(strings(l) == ["aaa ", "bbb\u{2026}"])
        let all = layout("aaa bbb", width: 40, height: 30, wrapped: true, truncation: .end)
        #expect(strings(all) == ["aaa ", "bbb"], "nothing cut, no ellipsis")
        let tiny = layout("aaa bbb", width: 40, height: 1, wrapped: true, truncation: .end)
        #expect(strings(tiny) == ["aaa\u{2026}"], "at least one line")
    }

    @Test func alignmentOffsetsLines() {
        #expect(layout("abc", width: 100, alignment: .left).lines[0].x == 0)
        #expect(layout("abc", width: 100, alignment: .natural).lines[0].x == 0)
        #expect(layout("abc", width: 100, alignment: .right).lines[0].x == 70)
        #expect(layout("abc", width: 100, alignment: .center).lines[0].x == 35)
        #expect(layout("abc  ", width: 100, alignment: .right).lines[0].x == 70, "trailing spaces hang")
    }

    @Test func justifiedStretchesSpacesOfWrappedLinesButNotTheLast() {
        let l = layout("a b c dd", width: 60, wrapped: true, alignment: .justified)
        #expect(strings(l) == ["a b c ", "dd"])
        #expect(l.lines[0].spaceExtra == 5, "60 − 50 over two inner spaces")
        #expect(l.lines[1].spaceExtra == 0 && l.lines[1].x == 0)
        let pens = l.glyphs.filter { $0.position.y == 8 && $0.glyph != 32 }.map(\.position.x)
        #expect(pens == [0, 25, 50], "each space widened by 5")
    }

    @Test func aJustifiedLineCutWithAnEllipsisIsNotStretched() {
        let l = layout("a b c d e f g h", width: 60, height: 12, wrapped: true, truncation: .end, alignment: .justified)
        #expect(strings(l) == ["a b c\u{2026}"])
        #expect(l.lines[0].spaceExtra == 0)
    }

    @Test func glyphPensFollowAdvancesAndAlignment() {
        let l = layout("ab\nc", width: 40, alignment: .right)
        #expect(l.glyphs.map(\.position) == [CGPoint(x: 20, y: 8), CGPoint(x: 30, y: 8), CGPoint(x: 30, y: 20)])
    }

    @Test func badSizesAreTreatedAsZero() {
        let l = TextLayout.make("ab", size: CGSize(width: CGFloat.nan, height: -5),
                                options: .init(isWrapped: true, truncationMode: .end), measurer: FixedMeasurer())
        #expect(l.lines.count == 1 && l.lines[0].string == "\u{2026}")
    }

    struct KerningMeasurer: TextMeasuring {
        let ascent: CGFloat = 8, descent: CGFloat = 2, lineHeight: CGFloat = 12
        func unit(for c: Character) -> TextUnit { FixedMeasurer().unit(for: c) }
        func kerning(_ l: TextUnit, _ r: TextUnit) -> CGFloat { l.character == "A" && r.character == "V" ? -3 : 0 }
    }

    @Test func kerningMovesTheFollowingPens() {
        let l = TextLayout.make("AVAV", size: CGSize(width: 100, height: 20), options: .init(alignmentMode: .right),
                                measurer: KerningMeasurer())
        #expect(l.lines[0].width == 34, "two AV pairs, 3 pt each")
        #expect(l.glyphs.map(\.position.x) == [66, 73, 83, 90])
    }
}

import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Paragraph styles (NSParagraphStyle as `TextParagraphStyle`) in `TextLayout`, with fixed
/// metrics: every character 10 pt wide (the ellipsis too), ascent 8, descent 2, line height 12.
@Suite struct ParagraphStyleLayoutTests {
    struct FixedMeasurer: TextMeasuring {
        let ascent: CGFloat = 8, descent: CGFloat = 2, lineHeight: CGFloat = 12
        func unit(for c: Character) -> TextUnit {
            TextUnit(character: c, glyphs: [c.unicodeScalars.first!.value], offsets: [0], width: 10)
        }
    }

    /// `text` laid out with `style` on every character (or on `range`).
    func layout(_ text: String, _ style: TextParagraphStyle?, range: Range<Int>? = nil, width: CGFloat = 100,
                height: CGFloat = 1000, wrapped: Bool = false, truncation: TextTruncation = .none,
                alignment: TextAlignment = .natural) -> TextLayout {
        let styles = style.map { [TextStyleRun(range: range ?? 0..<text.count, paragraph: $0)] } ?? []
        return TextLayout.make(text, size: CGSize(width: width, height: height),
                               options: .init(isWrapped: wrapped, truncationMode: truncation, alignmentMode: alignment,
                                              styles: styles),
                               measurer: FixedMeasurer())
    }

    func strings(_ l: TextLayout) -> [String] { l.lines.map(\.string) }

    @Test func theStylesAlignmentWinsOverTheLayersAndParagraphsWithoutOneTakeTheLayers() {
        #expect(layout("abc", TextParagraphStyle(alignment: .center), alignment: .left).lines[0].x == 35)
        #expect(layout("abc", TextParagraphStyle(alignment: .natural), alignment: .right).lines[0].x == 0,
                "a style's natural alignment is the style's: left for left-to-right text")
        #expect(layout("abc", nil, alignment: .right).lines[0].x == 70)
        // The first paragraph has a style (right), the second none: the layer's centre.
        let two = layout("abc\nabc", TextParagraphStyle(alignment: .right), range: 0..<3, alignment: .center)
        #expect(two.lines.map(\.x) == [70, 35])
        // Justified by the style stretches wrapped lines but the paragraph's last.
        let justified = layout("a b c dd", TextParagraphStyle(alignment: .justified), width: 60, wrapped: true)
        #expect(justified.lines[0].spaceExtra == 5 && justified.lines[1].spaceExtra == 0)
    }

    @Test func lineSpacingSeparatesTheLinesOfAParagraph() {
        let l = layout("ab cd", TextParagraphStyle(lineSpacing: 5), width: 30, wrapped: true)
        #expect(strings(l) == ["ab ", "cd"])
        #expect(l.lines.map(\.baseline) == [8, 25], "12 pt lines, 5 pt apart")
        #expect(l.height == 29)
        // Between paragraphs lineSpacing does not apply.
        #expect(layout("ab\ncd", TextParagraphStyle(lineSpacing: 5)).lines.map(\.baseline) == [8, 20])
    }

    @Test func paragraphSpacingAfterAndBefore() {
        let l = layout("a\nb\nc", TextParagraphStyle(paragraphSpacing: 6, paragraphSpacingBefore: 3))
        // The first paragraph gets no spacing before; each next one 6 after its predecessor + 3 before it.
        #expect(l.lines.map(\.baseline) == [8, 29, 50])
        #expect(l.height == 54, "no spacing after the last paragraph")
    }

    @Test func indentsNarrowAndShiftTheLines() {
        let style = TextParagraphStyle(firstLineHeadIndent: 20, headIndent: 10, tailIndent: -10)
        // First line box 20…90 (70 wide), the others 10…90 (80 wide); words 40, spaces 10.
        let l = layout("aaaa bbbb cccc dddd", style, wrapped: true)
        #expect(strings(l) == ["aaaa ", "bbbb ", "cccc ", "dddd"])
        #expect(l.lines.map(\.x) == [20, 10, 10, 10])
        #expect(l.lines.map(\.indent) == [20, 10, 10, 10])
        var right = style
        right.alignment = .right
        #expect(layout("aaaa bbbb cccc dddd", right, wrapped: true).lines.map(\.x) == [50, 50, 50, 50])
        // A positive tail indent is measured from the leading edge.
        #expect(layout("abc", TextParagraphStyle(alignment: .right, tailIndent: 60)).lines[0].x == 30)
        // Unwrapped truncation fits the line into its indented box.
        let cut = layout("abcdefgh", TextParagraphStyle(firstLineHeadIndent: 20), width: 70, truncation: .end)
        #expect(strings(cut) == ["abcd\u{2026}"], "50 pt left of the 70 pt box")
        #expect(cut.lines[0].x == 20)
    }

    @Test func lineHeightsAreBoundedWithTheDifferenceAboveTheBaseline() {
        #expect(layout("a\nb", TextParagraphStyle(minimumLineHeight: 20)).lines.map(\.baseline) == [16, 36])
        #expect(layout("a\nb", TextParagraphStyle(maximumLineHeight: 10)).lines.map(\.baseline) == [6, 16])
        #expect(layout("a\nb", TextParagraphStyle(lineHeightMultiple: 2)).lines.map(\.baseline) == [20, 44])
        #expect(layout("a", TextParagraphStyle(minimumLineHeight: 30, lineHeightMultiple: 2)).height == 30)
        #expect(layout("a", TextParagraphStyle(maximumLineHeight: 20, lineHeightMultiple: 2)).height == 20)
    }

    @Test func charWrappingBreaksBetweenCharacters() {
        #expect(strings(layout("ab cd", nil, width: 40, wrapped: true)) == ["ab ", "cd"])
        #expect(strings(layout("ab cd", TextParagraphStyle(lineBreak: .charWrapping), width: 40, wrapped: true))
                    == ["ab c", "d"])
        #expect(strings(layout("ab cd", TextParagraphStyle(lineBreak: .charWrapping), width: 40)) == ["ab cd"],
                "wrapping itself is the layer's switch")
    }

    @Test func truncatingModesOfTheStyleReplaceTheLayersAndClippingTruncatesNothing() {
        #expect(strings(layout("abcdefgh", TextParagraphStyle(lineBreak: .truncatingHead), width: 50)) == ["\u{2026}efgh"])
        #expect(strings(layout("abcdefgh", TextParagraphStyle(lineBreak: .truncatingMiddle), width: 50)) == ["ab\u{2026}gh"])
        #expect(strings(layout("abcdefgh", TextParagraphStyle(lineBreak: .truncatingTail), width: 50, truncation: .start))
                    == ["abcd\u{2026}"])
        #expect(strings(layout("abcdefgh", TextParagraphStyle(lineBreak: .clipping), width: 50, truncation: .end))
                    == ["abcdefgh"])
        #expect(strings(layout("abcdefgh", TextParagraphStyle(), width: 50, truncation: .end)) == ["abcd\u{2026}"],
                "the default (word wrapping) leaves the layer's truncation")
        // Wrapped: the style's truncation ends the last line that fits; clipping keeps every line.
        let wrapped = layout("aaa bbb ccc ddd", TextParagraphStyle(lineBreak: .truncatingTail), width: 40, height: 30,
                             wrapped: true)
        #expect(strings(wrapped) == ["aaa ", "bbb\u{2026}"])
        let clipped = layout("aaa bbb ccc ddd", TextParagraphStyle(lineBreak: .clipping), width: 40, height: 30,
                             wrapped: true, truncation: .end)
        #expect(strings(clipped) == ["aaa ", "bbb ", "ccc ", "ddd"])
    }

    @Test func anEmptyLastParagraphTakesTheStyleOfTheBreakBeforeIt() {
        let l = layout("ab\n", TextParagraphStyle(minimumLineHeight: 20))
        #expect(l.lines.map(\.baseline) == [16, 36])
    }

    @Test func badLengthsAreSanitised() {
        let s = TextParagraphStyle(lineSpacing: .nan, paragraphSpacing: -4, firstLineHeadIndent: .infinity, headIndent: -5,
                                   tailIndent: .nan, minimumLineHeight: -1, lineHeightMultiple: .nan)
        #expect(s == TextParagraphStyle())
        // An indent wider than the box leaves an empty line box: one character a line, no crash.
        let l = layout("ab", TextParagraphStyle(firstLineHeadIndent: 500, headIndent: 500), width: 100, wrapped: true)
        #expect(strings(l) == ["a", "b"])
    }
}

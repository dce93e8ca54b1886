import CoreGraphics
import Foundation

/// The attributes of one range of an attributed string that CATextLayer's layout honours per
/// range: font, foreground colour, kern and paragraph style (NSAttributedString's `.font`,
/// `.foregroundColor`, `.kern` and `.paragraphStyle`).
/// The range is in characters (grapheme clusters) of the whole string, hard breaks included.
package struct TextStyleRun: Equatable, Hashable, Sendable {
    package var range: Range<Int>
    /// The glyphs' colour; nil: the layer's `foregroundColor`.
    package var color: CGColor?
    /// Points added to the advance after each character of the range (negative: tighter).
    package var kern: CGFloat
    /// The range's face and size (points per em); nil: the layer's.
    package var face: FontFace?
    package var fontSize: CGFloat?
    /// The paragraph style of the range; a paragraph takes the one of its first character.
    package var paragraph: TextParagraphStyle?

    package init(range: Range<Int>, color: CGColor? = nil, kern: CGFloat = 0, face: FontFace? = nil,
                 fontSize: CGFloat? = nil, paragraph: TextParagraphStyle? = nil) {
        self.range = range
        self.color = color
        self.kern = kern
        self.face = face
        self.fontSize = fontSize
        self.paragraph = paragraph
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.range == b.range && a.color == b.color && a.kern == b.kern && a.face === b.face && a.fontSize == b.fontSize
            && a.paragraph == b.paragraph
    }

    package func hash(into h: inout Hasher) {
        h.combine(range)
        h.combine(kern)
        h.combine(fontSize)
        h.combine(paragraph)
    }

    /// Whether the run sets a font.
    var hasFont: Bool { face != nil || fontSize != nil }
}

extension TextLayout {
    /// The font each character of `paragraph` (starting at character `start` of the whole
    /// text) takes from the styles (nil: the layout's), or nil when no style sets a font there.
    /// Later runs win where runs overlap.
    static func fontChoices(_ paragraph: [Character], from start: Int, styles: [TextStyleRun]) -> [TextFontChoice?]? {
        let runs = styles.filter { $0.hasFont && $0.range.overlaps(start..<(start + paragraph.count)) }
        guard !runs.isEmpty else { return nil }
        var out = [TextFontChoice?](repeating: nil, count: paragraph.count)
        for run in runs {
            for i in run.range.clamped(to: start..<(start + paragraph.count)) {
                let old = out[i - start]
                out[i - start] = TextFontChoice(face: run.face ?? old?.face, size: run.fontSize ?? old?.size)
            }
        }
        return out
    }

    /// The paragraph style of the paragraph starting at character `start`: the style of its
    /// first character, or — for an empty paragraph — of the break before it.
    static func paragraphStyle(at start: Int, styles: [TextStyleRun]) -> TextParagraphStyle? {
        styles.last { $0.paragraph != nil && $0.range.contains(start) }?.paragraph
            ?? styles.last { $0.paragraph != nil && $0.range.contains(start - 1) }?.paragraph
    }
}

extension TextMeasuring {
    /// Measures `paragraph` in pieces, one per font `fonts` gives it, each piece measured on
    /// its own (for fixed-metric measurers, which neither shape nor reorder; the real
    /// measurer shapes the paragraph as a whole). The direction is `rightToLeft`, or the first
    /// piece's. Units of a piece in another font carry that face, size and line metrics.
    package func units(for paragraph: [Character], fonts: [TextFontChoice?], rightToLeft: Bool?) -> MeasuredParagraph {
        var out = MeasuredParagraph(units: [])
        var a = 0
        while a < paragraph.count {
            let f = a < fonts.count ? fonts[a] : nil
            var b = a + 1
            while b < paragraph.count, (b < fonts.count ? fonts[b] : nil) == f { b += 1 }
            let piece = Array(paragraph[a..<b])
            if let f {
                let other = measurer(face: f.face, fontSize: f.size)
                let m = other.units(for: piece)
                if a == 0 { out.isRightToLeft = m.isRightToLeft }
                let metrics = TextUnit.LineMetrics(ascent: other.ascent, descent: other.descent, lineHeight: other.lineHeight)
                out.units += m.units.map { u in
                    var u = u
                    u.face = u.face ?? other.measuringFace
                    u.fontSize = other.fontSize
                    u.metrics = metrics
                    return u
                }
            } else {
                let m = units(for: piece)
                if a == 0 { out.isRightToLeft = m.isRightToLeft }
                out.units += m.units
            }
            a = b
        }
        if let rightToLeft { out.isRightToLeft = rightToLeft }
        return out
    }
}

extension TextLayout {
    /// Gives `units` (one paragraph, logical order, starting at character `start` of the whole
    /// text) the colour of their first character's run and the kern of each of their
    /// characters (a ligature of three characters takes three kerns). Later runs win where
    /// runs overlap; non-finite kerns count as 0.
    static func applyStyles(_ styles: [TextStyleRun], to units: inout [TextUnit], from start: Int) {
        var offset = start
        for i in units.indices {
            let count = max(1, units[i].text.count)
            let chars = offset..<(offset + count)
            for run in styles where run.range.overlaps(chars) {
                if run.range.contains(offset), let c = run.color { units[i].color = c }
                let covered = run.range.clamped(to: chars).count
                if run.kern.isFinite { units[i].width += run.kern * CGFloat(covered) }
            }
            offset += count
        }
    }
}

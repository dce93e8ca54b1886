import CoreGraphics
import Foundation

/// The attributes of one range of an attributed string that CATextLayer's layout honours per
/// range: font, foreground colour and kern (NSAttributedString's `.font`, `.foregroundColor`
/// and `.kern`).
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

    package init(range: Range<Int>, color: CGColor? = nil, kern: CGFloat = 0, face: FontFace? = nil,
                 fontSize: CGFloat? = nil) {
        self.range = range
        self.color = color
        self.kern = kern
        self.face = face
        self.fontSize = fontSize
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.range == b.range && a.color == b.color && a.kern == b.kern && a.face === b.face && a.fontSize == b.fontSize
    }

    package func hash(into h: inout Hasher) {
        h.combine(range)
        h.combine(kern)
        h.combine(fontSize)
    }

    /// Whether the run sets a font.
    var hasFont: Bool { face != nil || fontSize != nil }
}

extension TextLayout {
    /// `paragraph` (starting at character `start` of the whole text) measured in pieces, one
    /// per font the styles give it. Shaping and bidi work within a piece (they do not cross a
    /// font change); the paragraph's direction is its first piece's. Units of a piece in
    /// another font than the layout's carry that face, size and line metrics.
    static func measureWithFonts(_ paragraph: [Character], from start: Int, styles: [TextStyleRun],
                                 measurer: some TextMeasuring) -> MeasuredParagraph {
        func font(at i: Int) -> (FontFace?, CGFloat?) {
            var f: (FontFace?, CGFloat?) = (nil, nil)
            for run in styles where run.hasFont && run.range.contains(start + i) {
                f = (run.face ?? f.0, run.fontSize ?? f.1)
            }
            return f
        }
        var out = MeasuredParagraph(units: [])
        var a = 0
        while a < paragraph.count {
            let f = font(at: a)
            var b = a + 1
            while b < paragraph.count, font(at: b).0 === f.0, font(at: b).1 == f.1 { b += 1 }
            let piece = Array(paragraph[a..<b])
            if f.0 == nil && f.1 == nil {
                let m = measurer.units(for: piece)
                if a == 0 { out.isRightToLeft = m.isRightToLeft }
                out.units += m.units
            } else {
                let other = measurer.measurer(face: f.0, fontSize: f.1)
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
            }
            a = b
        }
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

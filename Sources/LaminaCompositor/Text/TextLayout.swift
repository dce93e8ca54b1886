import CoreGraphics
import Foundation

/// One cluster of text, measured: one character (grapheme cluster), or several when the font
/// shapes them into one glyph (a ligature such as "ffi"). Holds its glyphs, each glyph's pen
/// offset from the cluster's left edge, and the cluster's advance. Points.
///
/// Line breaking, truncation and alignment work on whole units, so a ligature or a base
/// character with its marks never splits. Units are in logical (reading) order; a line is
/// put in visual order only when drawn (`TextLayout.Line.visualOrder`).
package struct TextUnit: Equatable, Sendable {
    /// The characters of the cluster (one, except for ligatures across characters).
    package var text: String
    package var glyphs: [UInt32]
    /// Pen offset of each glyph from the cluster's left edge (points, along the baseline).
    package var offsets: [CGFloat]
    /// Offset of each glyph above the baseline (points, y up: marks placed by the font), or
    /// empty for none.
    package var rises: [CGFloat]
    /// Advance of the whole cluster (points, kerning with what follows included).
    package var width: CGFloat
    /// The face the glyphs belong to; nil: the layout's own face (others are fallbacks).
    package var face: FontFace?
    /// Bidi embedding level of the cluster (odd: right-to-left) and FriBidi's character type
    /// of its first scalar (used to reorder lines).
    package var level: UInt8
    package var bidiType: UInt32
    /// Colour of the cluster's glyphs (an attributed string's foreground colour); nil: the layer's.
    package var color: CGColor?
    /// Size (points per em) of the cluster's glyphs and its font's line metrics, when an
    /// attributed string gives it another font than the layout's; nil: the layout's.
    package var fontSize: CGFloat?
    package var metrics: LineMetrics?

    /// A font's vertical metrics at a size (points): above and below the baseline, and the
    /// baseline-to-baseline distance.
    package struct LineMetrics: Equatable, Sendable {
        package var ascent: CGFloat
        package var descent: CGFloat
        package var lineHeight: CGFloat
    }

    package init(character: Character, glyphs: [UInt32], offsets: [CGFloat], width: CGFloat) {
        self.init(text: String(character), glyphs: glyphs, offsets: offsets, width: width)
    }

    package init(text: String, glyphs: [UInt32], offsets: [CGFloat], rises: [CGFloat] = [], width: CGFloat,
                 face: FontFace? = nil, level: UInt8 = 0, bidiType: UInt32 = 0) {
        self.text = text
        self.glyphs = glyphs
        self.offsets = offsets
        self.rises = rises
        self.width = width
        self.face = face
        self.level = level
        self.bidiType = bidiType
    }

    /// The cluster's first character.
    package var character: Character { text.first ?? " " }

    /// A break opportunity follows this character (spaces and tabs; not no-break spaces).
    package var isSpace: Bool { text == " " || text == "\t" || text == "\u{3000}" }

    package static func == (a: Self, b: Self) -> Bool {
        a.text == b.text && a.glyphs == b.glyphs && a.offsets == b.offsets && a.rises == b.rises && a.width == b.width
            && a.face === b.face && a.level == b.level && a.bidiType == b.bidiType && a.color == b.color
            && a.fontSize == b.fontSize && a.metrics == b.metrics
    }
}

/// A paragraph measured: its units in logical order and its direction.
package struct MeasuredParagraph: Sendable {
    package var units: [TextUnit]
    /// The paragraph's base direction is right-to-left (its first strong character is).
    package var isRightToLeft: Bool
    package init(units: [TextUnit], isRightToLeft: Bool = false) {
        self.units = units
        self.isRightToLeft = isRightToLeft
    }
}

/// Measures characters in one font at one size (points). The real one reads a FreeType face
/// (`FontTextMeasurer`); tests use fixed advances.
package protocol TextMeasuring {
    /// Points above the baseline (positive).
    var ascent: CGFloat { get }
    /// Points below the baseline (positive).
    var descent: CGFloat { get }
    /// Baseline-to-baseline distance (points): ascent + descent + the font's line gap.
    var lineHeight: CGFloat { get }
    func unit(for character: Character) -> TextUnit
    /// Extra advance (points, usually negative) between two adjacent characters on a line.
    func kerning(_ left: TextUnit, _ right: TextUnit) -> CGFloat
    /// One paragraph (no hard breaks) measured as a whole: shaped, with bidi levels.
    func units(for paragraph: [Character]) -> MeasuredParagraph
    /// One paragraph measured as a whole with a font per character (`fonts[i]`, nil: this
    /// measurer's; a short array leaves the rest to this measurer) and a base direction
    /// (`rightToLeft`; nil: found from the first strong character). The bidi levels are the
    /// whole paragraph's, whatever the fonts; units in another font than this measurer's carry
    /// its face, size and line metrics.
    func units(for paragraph: [Character], fonts: [TextFontChoice?], rightToLeft: Bool?) -> MeasuredParagraph
    /// The face this measurer measures with (nil: none, as in tests' fixed measurers).
    var measuringFace: FontFace? { get }
    var fontSize: CGFloat { get }
    /// A measurer like this one in another face and/or size (nil: this one's).
    func measurer(face: FontFace?, fontSize: CGFloat?) -> any TextMeasuring
}

extension TextMeasuring {
    package func kerning(_ left: TextUnit, _ right: TextUnit) -> CGFloat { 0 }
    package var measuringFace: FontFace? { nil }
    package var fontSize: CGFloat { 0 }
    package func measurer(face: FontFace?, fontSize: CGFloat?) -> any TextMeasuring { self }

    /// One unit per character, each pair kerned (`kerning` widens the left one); left to right.
    package func units(for paragraph: [Character]) -> MeasuredParagraph {
        var units = paragraph.map { unit(for: $0) }
        for i in units.indices.dropLast() { units[i].width += kerning(units[i], units[i + 1]) }
        return MeasuredParagraph(units: units)
    }
}

/// The lines of a text laid out in a box: where each line sits and what it shows.
///
/// Space: the layer's bounds space with the box's top-left at (0, 0), points, y down. The
/// first baseline is `ascent` below the top (Apple draws CATextLayer text from the top of the
/// bounds); each next one `lineHeight` lower in one font without paragraph styles (mixed
/// fonts and styles: see `make`). Lines are broken in logical order and drawn in visual order
/// (the bidi algorithm's line reordering).
package struct TextLayout: Equatable, Sendable {
    package struct Line: Equatable, Sendable {
        package var units: [TextUnit]
        /// Left end of the line (points from the box's left edge).
        package var x: CGFloat
        /// Baseline (points from the box's top).
        package var baseline: CGFloat
        /// Extra advance added after each space (justified lines), points.
        package var spaceExtra: CGFloat = 0
        /// The line's paragraph reads right to left: its trailing spaces hang past the left end.
        package var isRightToLeft = false
        /// Indices into `units`, left to right, when that is not the logical order (bidi text).
        package var visualOrder: [Int]?
        /// The paragraph style's indent at the line's leading edge (points; 0 without a style).
        package var indent: CGFloat = 0

        /// The advance of the line without its trailing spaces (points).
        package var width: CGFloat { TextLayout.width(of: units[...]) }
        /// The characters the line shows, trailing spaces included.
        package var string: String { units.map(\.text).joined() }
    }

    package var lines: [Line]
    /// The height the lines take (points from the box's top): the bottom of the last line (its
    /// baseline plus its descent and line gap; in one font without styles: lines × lineHeight).
    package var height: CGFloat = 0
    package var ascent: CGFloat
    package var descent: CGFloat
    package var lineHeight: CGFloat

    package struct Options: Equatable, Sendable {
        package var isWrapped = false
        package var truncationMode: TextTruncation = .none
        package var alignmentMode: TextAlignment = .natural
        /// Per-range attributes of an attributed string (font, colour, kern, paragraph style).
        package var styles: [TextStyleRun] = []
        /// Measure the whole text: no truncation at all, the layer's or a paragraph style's
        /// (for `preferredFrameSize()`).
        package var measuresWholeText = false
        package init(isWrapped: Bool = false, truncationMode: TextTruncation = .none,
                     alignmentMode: TextAlignment = .natural, styles: [TextStyleRun] = [], measuresWholeText: Bool = false) {
            self.isWrapped = isWrapped
            self.truncationMode = truncationMode
            self.alignmentMode = alignmentMode
            self.styles = styles
            self.measuresWholeText = measuresWholeText
        }
    }

    /// FriBidi's type for "…" (other neutral, ON): what an ellipsis unit reports.
    package static let neutralBidiType: UInt32 = BidiParagraph([0x2026]).types.first ?? 0

    /// Every glyph of every line, left to right, with its pen in the box's space (points, y
    /// down) and its face (nil: the layout's own).
    package var glyphs: [(glyph: UInt32, position: CGPoint, face: FontFace?, color: CGColor?, fontSize: CGFloat?)] {
        var out: [(UInt32, CGPoint, FontFace?, CGColor?, CGFloat?)] = []
        for line in lines {
            var x = line.x
            if line.isRightToLeft {
                // Trailing spaces of a right-to-left line sit at its left end, outside its width.
                var end = line.units.endIndex
                while end > 0, line.units[end - 1].isSpace { end -= 1; x -= line.units[end].width + line.spaceExtra }
            }
            for i in line.visualOrder ?? Array(line.units.indices) {
                let unit = line.units[i]
                for (k, (g, dx)) in zip(unit.glyphs, unit.offsets).enumerated() {
                    let rise = k < unit.rises.count ? unit.rises[k] : 0
                    out.append((g, CGPoint(x: x + dx, y: line.baseline - rise), unit.face, unit.color, unit.fontSize))
                }
                x += unit.width + (unit.isSpace ? line.spaceExtra : 0)
            }
        }
        return out
    }

    /// The text split at hard line breaks (a trailing break gives a last, empty line).
    package static func paragraphs(of text: String) -> [[Character]] {
        var out: [[Character]] = [[]]
        for c in text {
            if c.isNewline { out.append([]) } else { out[out.count - 1].append(c) }
        }
        return out
    }

    /// The advance of `units` without trailing spaces (points).
    package static func width(of units: ArraySlice<TextUnit>) -> CGFloat {
        var end = units.endIndex
        while end > units.startIndex, units[end - 1].isSpace { end -= 1 }
        return units[units.startIndex..<end].reduce(0) { $0 + $1.width }
    }

    static func align(_ line: inout Line, width: CGFloat, mode: TextAlignment, isLastOfParagraph: Bool) {
        let free = width - line.width
        switch mode {
        case .right: line.x = free
        case .natural where line.isRightToLeft: line.x = free
        case .justified where isLastOfParagraph || free <= 0: line.x = line.isRightToLeft ? free : 0
        case .center: line.x = free / 2
        case .justified:
            var end = line.units.endIndex
            while end > 0, line.units[end - 1].isSpace { end -= 1 }
            let gaps = line.units[..<end].filter(\.isSpace).count
            if gaps > 0 { line.spaceExtra = free / CGFloat(gaps) }
        default: line.x = 0
        }
    }
}

import Foundation

/// One character (grapheme cluster) of text, measured: its glyphs, each glyph's pen offset
/// from the character's start, and the character's advance. Points.
package struct TextUnit: Equatable, Sendable {
    package var character: Character
    package var glyphs: [UInt32]
    /// Pen offset of each glyph from the character's start (points, along the baseline).
    package var offsets: [CGFloat]
    /// Advance of the whole character (points).
    package var width: CGFloat

    package init(character: Character, glyphs: [UInt32], offsets: [CGFloat], width: CGFloat) {
        self.character = character
        self.glyphs = glyphs
        self.offsets = offsets
        self.width = width
    }

    /// A break opportunity follows this character (spaces and tabs; not no-break spaces).
    package var isSpace: Bool { character == " " || character == "\t" || character == "\u{3000}" }
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
}

extension TextMeasuring {
    package func kerning(_ left: TextUnit, _ right: TextUnit) -> CGFloat { 0 }
}

/// The lines of a text laid out in a box: where each line sits and what it shows.
///
/// Space: the layer's bounds space with the box's top-left at (0, 0), points, y down. The
/// first baseline is `ascent` below the top (Apple draws CATextLayer text from the top of the
/// bounds); each next one `lineHeight` lower. Lines are left-to-right only (no bidi).
package struct TextLayout: Equatable, Sendable {
    package struct Line: Equatable, Sendable {
        package var units: [TextUnit]
        /// Left end of the line (points from the box's left edge).
        package var x: CGFloat
        /// Baseline (points from the box's top).
        package var baseline: CGFloat
        /// Extra advance added after each space (justified lines), points.
        package var spaceExtra: CGFloat = 0

        /// The advance of the line without its trailing spaces (points).
        package var width: CGFloat { TextLayout.width(of: units[...]) }
        /// The characters the line shows, trailing spaces included.
        package var string: String { String(units.map(\.character)) }
    }

    package var lines: [Line]
    package var ascent: CGFloat
    package var descent: CGFloat
    package var lineHeight: CGFloat

    package struct Options: Equatable, Sendable {
        package var isWrapped = false
        package var truncationMode: TextTruncation = .none
        package var alignmentMode: TextAlignment = .natural
        package init(isWrapped: Bool = false, truncationMode: TextTruncation = .none,
                     alignmentMode: TextAlignment = .natural) {
            self.isWrapped = isWrapped
            self.truncationMode = truncationMode
            self.alignmentMode = alignmentMode
        }
    }

    /// Lays out `text` in a box of `size` points.
    ///
    /// - Hard breaks: newlines (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) start a new line.
    /// - Wrapping (`isWrapped`): greedy, at spaces; a word wider than the box breaks between
    ///   characters; spaces at the end of a line hang past the edge. A box narrower than one
    ///   character still gets one character per line.
    /// - Truncation (any mode but `none`): without wrapping, each line wider than the box is
    ///   shortened with "…" at its start, middle or end. With wrapping, only the lines that fit
    ///   the box's height (at least one) are kept, and if text was cut, the last kept line ends
    ///   with "…" (whatever the mode).
    /// - Alignment: natural and left start at x 0; right ends at the box's right edge; center
    ///   centres; justified stretches the spaces of wrapped lines to the box's width (a
    ///   paragraph's last line stays left-aligned).
    /// Non-finite or negative sizes are treated as 0.
    package static func make(_ text: String, size: CGSize, options: Options, measurer: some TextMeasuring) -> TextLayout {
        let w = size.width.isFinite ? max(0, size.width) : 0
        let h = size.height.isFinite ? max(0, size.height) : 0
        var rows: [[TextUnit]] = []
        // Whether each row ends its paragraph (justification leaves those alone).
        var ends: [Bool] = []
        var cut = false
        for paragraph in paragraphs(of: text) {
            var units = paragraph.map { measurer.unit(for: $0) }
            // Pair kerning widens (or narrows) the left character of each pair.
            for i in units.indices.dropLast() { units[i].width += measurer.kerning(units[i], units[i + 1]) }
            if options.isWrapped {
                let wrapped = wrap(units, width: w)
                for (i, row) in wrapped.enumerated() { rows.append(row); ends.append(i == wrapped.count - 1) }
            } else {
                rows.append(units)
                ends.append(true)
            }
        }
        let ellipsis = measurer.unit(for: "\u{2026}")
        if options.truncationMode != .none {
            if options.isWrapped {
                let spare = (h - measurer.ascent - measurer.descent) / max(measurer.lineHeight, 1e-6) + 1e-9
                let fit = spare < 0 ? 1 : Int(min(spare, 1e9).rounded(.down)) + 1
                if rows.count > fit {
                    rows = Array(rows[..<fit])
                    ends = Array(ends[..<fit])
                    cut = true
                }
                if cut, let last = rows.last {
                    rows[rows.count - 1] = truncate(last, width: w, ellipsis: ellipsis, mode: .end, force: true)
                    ends[ends.count - 1] = true   // a cut line is not stretched by justification
                }
            } else {
                rows = rows.map { truncate($0, width: w, ellipsis: ellipsis, mode: options.truncationMode, force: false) }
            }
        }
        var lines: [Line] = []
        for (i, row) in rows.enumerated() {
            var line = Line(units: row, x: 0, baseline: measurer.ascent + CGFloat(i) * measurer.lineHeight)
            align(&line, width: w, mode: options.alignmentMode, isLastOfParagraph: ends[i] || !options.isWrapped)
            lines.append(line)
        }
        return TextLayout(lines: lines, ascent: measurer.ascent, descent: measurer.descent, lineHeight: measurer.lineHeight)
    }

    /// Every glyph of every line with its pen in the box's space (points, y down).
    package var glyphs: [(glyph: UInt32, position: CGPoint)] {
        var out: [(UInt32, CGPoint)] = []
        for line in lines {
            var x = line.x
            for unit in line.units {
                for (g, dx) in zip(unit.glyphs, unit.offsets) { out.append((g, CGPoint(x: x + dx, y: line.baseline))) }
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

    private static func align(_ line: inout Line, width: CGFloat, mode: TextAlignment, isLastOfParagraph: Bool) {
        let free = width - line.width
        switch mode {
        case .right: line.x = free
        case .center: line.x = free / 2
        case .justified where !isLastOfParagraph && free > 0:
            var end = line.units.endIndex
            while end > 0, line.units[end - 1].isSpace { end -= 1 }
            let gaps = line.units[..<end].filter(\.isSpace).count
            if gaps > 0 { line.spaceExtra = free / CGFloat(gaps) }
        default: line.x = 0
        }
    }
}

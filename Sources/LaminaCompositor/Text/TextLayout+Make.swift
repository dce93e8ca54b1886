import CoreGraphics
import Foundation

// Laying out a whole text: paragraphs measured (shaped and bidi-levelled as wholes), broken
// into lines, cut to the box, then placed (line heights, spacing, indents, alignment) and
// put in visual order. Points; the box's top-left is (0, 0), y down.

extension TextLayout {
    /// One line before placement: its units (logical order) and what its paragraph asks.
    struct Row {
        var units: [TextUnit]
        var style: TextParagraphStyle?
        var alignment: TextAlignment
        var truncation: TextTruncation
        var isRightToLeft: Bool
        var isFirstOfParagraph: Bool
        var isLastOfParagraph: Bool
        /// The line's box: left and right ends (points from the box's left edge).
        var left: CGFloat
        var right: CGFloat
        var width: CGFloat { max(0, right - left) }
    }

    /// Lays out `text` in a box of `size` points.
    ///
    /// - Hard breaks: newlines (LF, CR, CRLF, VT, FF, NEL, U+2028, U+2029) end paragraphs.
    ///   Each paragraph is measured as a whole — shaped, with the bidi levels of the whole
    ///   paragraph, across font changes — before it is broken into lines, so joining forms and
    ///   bidi order are the logical paragraph's, not a line's.
    /// - Paragraph styles (`TextStyleRun.paragraph`): the style of a paragraph's first
    ///   character rules it (see `TextParagraphStyle` for how it combines with the options).
    /// - Wrapping (`isWrapped`): greedy, at spaces (between characters for a style's
    ///   `charWrapping`); a word wider than the line breaks between characters; spaces at the
    ///   end of a line hang past the edge. A line narrower than one character still gets one.
    ///   Lines are as wide as the box less the paragraph style's indents.
    /// - Truncation (any mode but `none`): without wrapping, each line wider than its box is
    ///   shortened with "…" at its start, middle or end. With wrapping, only the lines whose
    ///   glyphs fit the box's height (at least one) are kept, and if text was cut, the last
    ///   kept line ends with "…" (whatever the mode).
    /// - Vertical placement: each line's height is its tallest font's ascent + descent + line
    ///   gap (then the style's `lineHeightMultiple`, minimum and maximum), the extra above the
    ///   baseline; lines of a paragraph are `lineSpacing` apart, paragraphs `paragraphSpacing`
    ///   (after) + `paragraphSpacingBefore` (before, not for the first paragraph).
    /// - Alignment: left starts at the line box's left; right ends at its right; natural is
    ///   left for a left-to-right paragraph and right for a right-to-left one (its first strong
    ///   character is Hebrew, Arabic…, or its style's base direction says so); center centres;
    ///   justified stretches the spaces of wrapped lines to the box (a paragraph's last line is
    ///   aligned naturally). A paragraph style's alignment wins over `alignmentMode`.
    /// - Bidi: each line is reordered for display by the levels of its units (`visualOrder`).
    /// Non-finite or negative sizes are treated as 0.
    package static func make(_ text: String, size: CGSize, options: Options, measurer: some TextMeasuring) -> TextLayout {
        let w = size.width.isFinite ? max(0, size.width) : 0
        let h = size.height.isFinite ? max(0, size.height) : 0
        var ellipsis = measurer.unit(for: "\u{2026}")
        ellipsis.bidiType = TextLayout.neutralBidiType
        var rows: [Row] = []
        var paragraphStart = 0       // characters of `text` before this paragraph
        for paragraph in paragraphs(of: text) {
            let style = options.styles.isEmpty ? nil : paragraphStyle(at: paragraphStart, styles: options.styles)
            let fonts = options.styles.isEmpty ? nil : fontChoices(paragraph, from: paragraphStart, styles: options.styles)
            let measured = fonts != nil || style?.isRightToLeft != nil
                ? measurer.units(for: paragraph, fonts: fonts ?? [], rightToLeft: style?.isRightToLeft)
                : measurer.units(for: paragraph)
            var units = measured.units
            if !options.styles.isEmpty { applyStyles(options.styles, to: &units, from: paragraphStart) }
            paragraphStart += paragraph.count + 1

            let rtl = measured.isRightToLeft
            let truncation = options.measuresWholeText
                ? TextTruncation.none : style?.truncation(layer: options.truncationMode) ?? options.truncationMode
            let boxes = style ?? TextParagraphStyle()
            let first = boxes.lineBox(width: w, isFirst: true, rightToLeft: rtl)
            let other = boxes.lineBox(width: w, isFirst: false, rightToLeft: rtl)
            func row(_ units: [TextUnit], first isFirst: Bool, last isLast: Bool) -> Row {
                let box = isFirst ? first : other
                return Row(units: units, style: style, alignment: style?.alignment ?? options.alignmentMode,
                           truncation: truncation, isRightToLeft: rtl, isFirstOfParagraph: isFirst,
                           isLastOfParagraph: isLast, left: box.left, right: box.right)
            }
            if options.isWrapped {
                let wrapped = wrap(units, width: max(0, other.right - other.left), firstWidth: max(0, first.right - first.left),
                                   byCharacter: style?.lineBreak == .charWrapping)
                for (i, line) in wrapped.enumerated() {
                    rows.append(row(line, first: i == 0, last: i == wrapped.count - 1))
                }
            } else {
                var r = row(units, first: true, last: true)
                if truncation != .none {
                    r.units = truncate(r.units, width: r.width, ellipsis: ellipsis, mode: truncation, force: false)
                }
                rows.append(r)
            }
        }
        if options.isWrapped, !options.measuresWholeText, rows.count > 1 {
            // Keep the lines whose glyphs fit the height (at least one); when text is cut below
            // a line whose paragraph truncates, that line ends with the ellipsis.
            let placed = place(rows, measurer: measurer)
            var fit = 1
            while fit < rows.count, placed[fit].baseline + placed[fit].descent <= h + 1e-9 { fit += 1 }
            if fit < rows.count, rows[fit - 1].truncation != .none {
                rows.removeLast(rows.count - fit)
                let last = rows[fit - 1]
                rows[fit - 1].units = truncate(last.units, width: last.width, ellipsis: ellipsis, mode: .end, force: true)
                rows[fit - 1].isLastOfParagraph = true   // a cut line is not stretched by justification
            }
        }

        let placed = place(rows, measurer: measurer)
        var lines: [Line] = []
        for (i, row) in rows.enumerated() {
            var line = Line(units: row.units, x: 0, baseline: placed[i].baseline)
            line.isRightToLeft = row.isRightToLeft
            if row.isRightToLeft || row.units.contains(where: { $0.level != 0 }) {
                // A truncation's ellipsis reads in the paragraph's direction (measured alone, it is 0).
                let levels = row.units.map { $0.text == "\u{2026}" && row.isRightToLeft ? max($0.level, 1) : $0.level }
                let order = BidiParagraph.visualOrder(levels: levels, types: row.units.map(\.bidiType), rightToLeft: row.isRightToLeft)
                if order != Array(row.units.indices) { line.visualOrder = order }
            }
            align(&line, width: row.width, mode: row.alignment, isLastOfParagraph: row.isLastOfParagraph || !options.isWrapped)
            line.x += row.left
            if let s = row.style { line.indent = row.isFirstOfParagraph ? s.firstLineHeadIndent : s.headIndent }
            lines.append(line)
        }
        return TextLayout(lines: lines, height: placed.last?.bottom ?? 0,
                          ascent: measurer.ascent, descent: measurer.descent, lineHeight: measurer.lineHeight)
    }

    /// Where each row sits vertically: its baseline, its glyphs' lowest descent below it, and
    /// the bottom of its line (points from the box's top). A line's natural height is its
    /// tallest font's ascent plus its deepest descent and line gap (in one font: the font's
    /// line height), adjusted by its paragraph style with the difference above the baseline.
    static func place(_ rows: [Row], measurer: some TextMeasuring) -> [(baseline: CGFloat, descent: CGFloat, bottom: CGFloat)] {
        var out: [(baseline: CGFloat, descent: CGFloat, bottom: CGFloat)] = []
        out.reserveCapacity(rows.count)
        var top: CGFloat = 0
        for (i, row) in rows.enumerated() {
            var ascent = measurer.ascent, below = measurer.lineHeight - measurer.ascent, descent = measurer.descent
            for m in row.units.lazy.compactMap(\.metrics) {
                ascent = max(ascent, m.ascent)
                below = max(below, m.lineHeight - m.ascent)
                descent = max(descent, m.descent)
            }
            if i > 0 {
                top += row.isFirstOfParagraph
                    ? (rows[i - 1].style?.paragraphSpacing ?? 0) + (row.style?.paragraphSpacingBefore ?? 0)
                    : row.style?.lineSpacing ?? 0
            }
            let natural = ascent + below
            let height = row.style?.lineHeight(natural: natural) ?? natural
            out.append((top + height - below, descent, top + height))
            top += height
        }
        return out
    }
}

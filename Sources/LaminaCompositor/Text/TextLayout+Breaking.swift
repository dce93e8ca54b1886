import Foundation

// Line breaking and truncation for `TextLayout`. Widths are points; a line's width never
// counts its trailing spaces (they hang past the edge, as in Core Text).

extension TextLayout {
    /// Greedy word wrap of one paragraph: the first line to `firstWidth` (nil: `width`), the
    /// others to `width`. Breaks after the last space that keeps the line within its width; a
    /// word that does not fit on a line of its own breaks between characters; with
    /// `byCharacter`, every line breaks between characters wherever the next one does not fit
    /// (spaces still hang). A line always takes at least one character. An empty paragraph is
    /// one empty line.
    package static func wrap(_ units: [TextUnit], width: CGFloat, firstWidth: CGFloat? = nil,
                             byCharacter: Bool = false) -> [[TextUnit]] {
        var lines: [[TextUnit]] = []
        var line: [TextUnit] = []
        var lineWidth: CGFloat = 0          // advance of `line`, trailing spaces included
        var lastBreak: Int?                 // index in `line` just after the last space
        let tolerance: CGFloat = 1e-6       // advances are sums of scaled integers
        var limit: CGFloat { (lines.isEmpty ? firstWidth ?? width : width) + tolerance }

        for unit in units {
            if unit.isSpace {
                line.append(unit)
                lineWidth += unit.width
                lastBreak = line.count
                continue
            }
            if line.isEmpty || lineWidth + unit.width <= limit {
                line.append(unit)
                lineWidth += unit.width
                continue
            }
            if let b = lastBreak, !byCharacter {
                // Break after the last space: what follows it starts the next line.
                let head = Array(line[..<b]), tail = Array(line[b...])
                lines.append(head)
                line = tail
                lineWidth = tail.reduce(0) { $0 + $1.width }
                lastBreak = nil
                // The carried word may itself be too wide now: fall through to re-check.
                if !line.isEmpty, lineWidth + unit.width > limit {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
            } else {
                // No space on this line (or breaking by character): break before this character.
                lines.append(line)
                line = []
                lineWidth = 0
                lastBreak = nil
            }
            line.append(unit)
            lineWidth += unit.width
        }
        lines.append(line)
        return lines
    }

    /// `units` shortened to fit `width` with `ellipsis` at the start, middle or end (`mode`).
    /// A line that already fits is returned unchanged unless `force` (text was cut after it),
    /// in which case the ellipsis is appended, dropping characters from the end as needed.
    /// When not even the ellipsis fits, the result is the ellipsis alone.
    package static func truncate(_ units: [TextUnit], width: CGFloat, ellipsis: TextUnit,
                                 mode: TextTruncation, force: Bool) -> [TextUnit] {
        let tolerance: CGFloat = 1e-6
        if !force && TextLayout.width(of: units[...]) <= width + tolerance { return units }
        let room = width - ellipsis.width + tolerance
        guard room >= 0 else { return [ellipsis] }

        func trimmedEnd(_ s: ArraySlice<TextUnit>) -> ArraySlice<TextUnit> {
            var end = s.endIndex
            while end > s.startIndex, s[end - 1].isSpace { end -= 1 }
            return s[s.startIndex..<end]
        }
        func trimmedStart(_ s: ArraySlice<TextUnit>) -> ArraySlice<TextUnit> {
            var start = s.startIndex
            while start < s.endIndex, s[start].isSpace { start += 1 }
            return s[start..<s.endIndex]
        }

        switch mode {
        case .start:
            var used: CGFloat = 0, start = units.endIndex
            while start > 0, used + units[start - 1].width <= room { start -= 1; used += units[start].width }
            return [ellipsis] + trimmedStart(units[start...])
        case .middle:
            // Alternate: one character from the front, one from the back, while they fit.
            var used: CGFloat = 0, head = 0, tail = units.count
            var takeHead = true, blocked = (false, false)
            while head < tail, !(blocked.0 && blocked.1) {
                let i = takeHead ? head : tail - 1
                if (takeHead ? !blocked.0 : !blocked.1), used + units[i].width <= room {
                    used += units[i].width
                    if takeHead { head += 1 } else { tail -= 1 }
                } else if takeHead { blocked.0 = true } else { blocked.1 = true }
                takeHead.toggle()
            }
            return Array(trimmedEnd(units[..<head])) + [ellipsis] + trimmedStart(units[tail...])
        default:
            var used: CGFloat = 0, end = 0
            while end < units.count, used + units[end].width <= room { used += units[end].width; end += 1 }
            return Array(trimmedEnd(units[..<end])) + [ellipsis]
        }
    }
}

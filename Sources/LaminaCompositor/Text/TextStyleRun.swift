import CoreGraphics
import Foundation

/// The attributes of one range of an attributed string that CATextLayer's layout honours per
/// range: foreground colour and kern (NSAttributedString's `.foregroundColor` and `.kern`).
/// The range is in characters (grapheme clusters) of the whole string, hard breaks included.
package struct TextStyleRun: Equatable, Hashable, Sendable {
    package var range: Range<Int>
    /// The glyphs' colour; nil: the layer's `foregroundColor`.
    package var color: CGColor?
    /// Points added to the advance after each character of the range (negative: tighter).
    package var kern: CGFloat

    package init(range: Range<Int>, color: CGColor? = nil, kern: CGFloat = 0) {
        self.range = range
        self.color = color
        self.kern = kern
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

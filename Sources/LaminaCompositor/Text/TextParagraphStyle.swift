import CoreGraphics
import Foundation

/// An attributed string's paragraph style (NSParagraphStyle) as the layout applies it to one
/// paragraph: the style of the paragraph's first character rules the whole paragraph, as in
/// TextKit and Core Text. Lengths are points in the layer's bounds space.
///
/// A paragraph with a style takes its alignment from it (natural included: the style wins
/// over the layer's `alignmentMode`); a paragraph without one takes the layer's. Wrapping and
/// truncation are the layer's switches, which the style refines (`lineBreak`).
package struct TextParagraphStyle: Hashable, Sendable {
    /// NSLineBreakMode, as the layout reads it together with the layer's `isWrapped`:
    ///
    /// | lineBreak | layer not wrapped | layer wrapped |
    /// | --- | --- | --- |
    /// | wordWrapping | one line, the layer's truncationMode | wraps at words, the layer's truncationMode |
    /// | charWrapping | one line, the layer's truncationMode | wraps between characters, the layer's truncationMode |
    /// | clipping | one line, never truncated (clipped by the bounds) | wraps at words, lines below the bounds clipped |
    /// | truncating… | one line truncated at its head, middle or tail | wraps at words, the last line that fits ends with "…" |
    ///
    /// The default (`wordWrapping`) thus leaves the layer's own settings in force.
    package enum LineBreak: Hashable, Sendable {
        case wordWrapping, charWrapping, clipping, truncatingHead, truncatingTail, truncatingMiddle
    }

    package var alignment: TextAlignment = .natural
    package var lineBreak: LineBreak = .wordWrapping
    /// The paragraph's base direction: nil finds it from its first strong character (natural).
    package var isRightToLeft: Bool?
    /// Points between the bottom of one line and the top of the next, within the paragraph.
    package var lineSpacing: CGFloat = 0
    /// Points after the paragraph's last line (before the next paragraph's first).
    package var paragraphSpacing: CGFloat = 0
    /// Points before the paragraph's first line; ignored for the text's first paragraph.
    package var paragraphSpacingBefore: CGFloat = 0
    /// Points from the leading edge (left in a left-to-right paragraph, right in a
    /// right-to-left one) to the start of the first line, and of the other lines.
    package var firstLineHeadIndent: CGFloat = 0
    package var headIndent: CGFloat = 0
    /// Positive: points from the leading edge to the end of lines; zero or negative: points
    /// from the trailing edge (inwards for negative values).
    package var tailIndent: CGFloat = 0
    /// Bounds on each line's height (points; 0: no bound). The natural height is the line's
    /// tallest font's ascent + descent + line gap, times `lineHeightMultiple` when that is
    /// positive. Extra height goes above the text (the baseline moves down), a cut comes off
    /// the top, as in TextKit.
    package var minimumLineHeight: CGFloat = 0
    package var maximumLineHeight: CGFloat = 0
    package var lineHeightMultiple: CGFloat = 0

    /// A style with every length sanitised: non-finite values are 0, and lengths Apple
    /// documents as never negative (all but `tailIndent`) are at least 0.
    package init(alignment: TextAlignment = .natural, lineBreak: LineBreak = .wordWrapping, isRightToLeft: Bool? = nil,
                 lineSpacing: CGFloat = 0, paragraphSpacing: CGFloat = 0, paragraphSpacingBefore: CGFloat = 0,
                 firstLineHeadIndent: CGFloat = 0, headIndent: CGFloat = 0, tailIndent: CGFloat = 0,
                 minimumLineHeight: CGFloat = 0, maximumLineHeight: CGFloat = 0, lineHeightMultiple: CGFloat = 0) {
        func length(_ v: CGFloat) -> CGFloat { v.isFinite ? max(0, v) : 0 }
        self.alignment = alignment
        self.lineBreak = lineBreak
        self.isRightToLeft = isRightToLeft
        self.lineSpacing = length(lineSpacing)
        self.paragraphSpacing = length(paragraphSpacing)
        self.paragraphSpacingBefore = length(paragraphSpacingBefore)
        self.firstLineHeadIndent = length(firstLineHeadIndent)
        self.headIndent = length(headIndent)
        self.tailIndent = tailIndent.isFinite ? tailIndent : 0
        self.minimumLineHeight = length(minimumLineHeight)
        self.maximumLineHeight = length(maximumLineHeight)
        self.lineHeightMultiple = length(lineHeightMultiple)
    }

    /// The truncation of the paragraph's lines given the layer's mode: the style's truncating
    /// modes and clipping replace it; wrapping modes leave it.
    func truncation(layer: TextTruncation) -> TextTruncation {
        switch lineBreak {
        case .wordWrapping, .charWrapping: return layer
        case .clipping: return .none
        case .truncatingHead: return .start
        case .truncatingMiddle: return .middle
        case .truncatingTail: return .end
        }
    }

    /// The left and right ends of a line's box (points from the box's left edge) in a box
    /// `width` wide, for the paragraph's first line or another, in its direction.
    func lineBox(width: CGFloat, isFirst: Bool, rightToLeft: Bool) -> (left: CGFloat, right: CGFloat) {
        let head = isFirst ? firstLineHeadIndent : headIndent
        let tail = tailIndent > 0 ? tailIndent : width + tailIndent   // from the leading edge
        let end = max(head, tail)
        return rightToLeft ? (width - end, width - head) : (head, end)
    }

    /// The height of a line whose fonts give `natural` points (ascent + descent + gap).
    func lineHeight(natural: CGFloat) -> CGFloat {
        var h = lineHeightMultiple > 0 ? natural * lineHeightMultiple : natural
        if minimumLineHeight > 0 { h = max(h, minimumLineHeight) }
        if maximumLineHeight > 0 { h = min(h, maximumLineHeight) }
        return h
    }
}

/// The font an attributed string gives one character: a face and/or size (points per em);
/// nil members are the layout's.
package struct TextFontChoice: Hashable, Sendable {
    package var face: FontFace?
    package var size: CGFloat?
    package init(face: FontFace?, size: CGFloat?) {
        self.face = face
        self.size = size
    }
    package static func == (a: Self, b: Self) -> Bool { a.face === b.face && a.size == b.size }
    package func hash(into h: inout Hasher) {
        h.combine(face.map(ObjectIdentifier.init))
        h.combine(size)
    }
}

import Foundation

// NSParagraphStyle and NSMutableParagraphStyle, the value of an attributed string's
// `.paragraphStyle` attribute. On iOS UIKit declares them (NSParagraphStyle.h); Foundation on
// Linux has NSAttributedString but not these, so QuartzCore declares them for CATextLayer and
// `import UIKit` (which re-exports QuartzCore) brings them as on iOS.
//
// The stored values live in one struct that both classes share, so equality, hashing and
// copying are one line each and the mutable subclass only adds setters.

/// The paragraph attributes of an attributed string's text: alignment, line breaking,
/// spacing, indents and line heights, with UIKit's names and defaults.
///
/// Put one in a `.paragraphStyle` attribute; `CATextLayer` lays each paragraph (text between
/// hard breaks) out with the style of its first character, as TextKit and Core Text do.
/// Lengths are points. How the style combines with the layer's own settings:
/// - `alignment` replaces the layer's `alignmentMode` for the paragraph (`.natural` included:
///   left for a left-to-right paragraph, right for a right-to-left one). Paragraphs without a
///   style take `alignmentMode`.
/// - `lineBreakMode`: whether lines wrap at all stays the layer's `isWrapped`. The default,
///   `.byWordWrapping`, leaves the layer's `truncationMode` in force; `.byCharWrapping` wraps
///   between characters; `.byClipping` never truncates; the truncating modes truncate each line
///   of an unwrapped layer with "…" at its head, middle or tail, and end the last line that
///   fits a wrapped layer with "…".
///
/// Not honoured yet: `hyphenationFactor` (Lamina does not hyphenate) and tab stops (tabs
/// advance four spaces).
open class NSParagraphStyle: NSObject, NSCopying, NSMutableCopying {
    /// Every stored value, UIKit's defaults.
    struct Values: Hashable {
        var lineSpacing: CGFloat = 0
        var paragraphSpacing: CGFloat = 0
        var alignment: NSTextAlignment = .natural
        var headIndent: CGFloat = 0
        var tailIndent: CGFloat = 0
        var firstLineHeadIndent: CGFloat = 0
        var minimumLineHeight: CGFloat = 0
        var maximumLineHeight: CGFloat = 0
        var lineBreakMode: NSLineBreakMode = .byWordWrapping
        var baseWritingDirection: NSWritingDirection = .natural
        var lineHeightMultiple: CGFloat = 0
        var paragraphSpacingBefore: CGFloat = 0
        var hyphenationFactor: Float = 0
    }

    var values = Values()

    /// A style with every default: natural alignment, word wrapping, no spacing or indents,
    /// unbounded line heights.
    public override init() { super.init() }

    /// The default paragraph style (every value at its default).
    open class var `default`: NSParagraphStyle { NSParagraphStyle() }

    /// The base writing direction of a language: natural (Lamina has no language table; the
    /// text's first strong character decides).
    open class func defaultWritingDirection(forLanguage languageName: String?) -> NSWritingDirection { .natural }

    /// Points between the bottom of one line and the top of the next in a paragraph. Default 0;
    /// negative values count as 0.
    open var lineSpacing: CGFloat { values.lineSpacing }
    /// Points after the paragraph's last line. Default 0; negative values count as 0.
    open var paragraphSpacing: CGFloat { values.paragraphSpacing }
    /// How the paragraph's lines sit between its indents. Default `.natural`.
    open var alignment: NSTextAlignment { values.alignment }
    /// Points from the leading edge (left in left-to-right text) to the start of every line
    /// but the first. Default 0.
    open var headIndent: CGFloat { values.headIndent }
    /// Positive: points from the leading edge to the end of lines; zero or negative: points
    /// from the trailing edge (negative values move the end inwards). Default 0.
    open var tailIndent: CGFloat { values.tailIndent }
    /// Points from the leading edge to the start of the paragraph's first line. Default 0.
    open var firstLineHeadIndent: CGFloat { values.firstLineHeadIndent }
    /// The least height of a line (points; 0: no minimum). Extra height goes above the text.
    open var minimumLineHeight: CGFloat { values.minimumLineHeight }
    /// The greatest height of a line (points; 0: no maximum). A taller line loses its top.
    open var maximumLineHeight: CGFloat { values.maximumLineHeight }
    /// How lines that do not fit are broken or shortened. Default `.byWordWrapping`.
    open var lineBreakMode: NSLineBreakMode { values.lineBreakMode }
    /// The paragraph's base direction; `.natural` (the default) takes it from the first strong
    /// character (Hebrew, Arabic: right to left).
    open var baseWritingDirection: NSWritingDirection { values.baseWritingDirection }
    /// Multiplies each line's natural height before the minimum and maximum apply (0, the
    /// default: none).
    open var lineHeightMultiple: CGFloat { values.lineHeightMultiple }
    /// Points before the paragraph's first line (not for the text's first paragraph). Default 0.
    open var paragraphSpacingBefore: CGFloat { values.paragraphSpacingBefore }
    /// How eagerly to hyphenate, 0…1. Kept for source compatibility: Lamina does not hyphenate.
    open var hyphenationFactor: Float { values.hyphenationFactor }

    /// An immutable copy.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = NSParagraphStyle()
        copy.values = values
        return copy
    }

    /// A mutable copy.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        let copy = NSMutableParagraphStyle()
        copy.values = values
        return copy
    }

    /// Styles are equal when every value is (a mutable style equals an immutable one with the
    /// same values).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NSParagraphStyle else { return false }
        return other.values == values
    }

    /// A hash of the values, consistent with `isEqual(_:)`.
    open override var hash: Int { values.hashValue }
}

/// A paragraph style whose values can be set. See `NSParagraphStyle` for what each means and
/// how `CATextLayer` applies it.
open class NSMutableParagraphStyle: NSParagraphStyle {
    /// Points between the lines of a paragraph.
    open override var lineSpacing: CGFloat { get { values.lineSpacing } set { values.lineSpacing = newValue } }
    /// Points after the paragraph.
    open override var paragraphSpacing: CGFloat {
        get { values.paragraphSpacing }
        set { values.paragraphSpacing = newValue }
    }
    /// The paragraph's alignment.
    open override var alignment: NSTextAlignment { get { values.alignment } set { values.alignment = newValue } }
    /// The indent of every line but the first.
    open override var headIndent: CGFloat { get { values.headIndent } set { values.headIndent = newValue } }
    /// Where lines end (positive: from the leading edge; otherwise from the trailing edge).
    open override var tailIndent: CGFloat { get { values.tailIndent } set { values.tailIndent = newValue } }
    /// The indent of the first line.
    open override var firstLineHeadIndent: CGFloat {
        get { values.firstLineHeadIndent }
        set { values.firstLineHeadIndent = newValue }
    }
    /// The least line height (0: none).
    open override var minimumLineHeight: CGFloat {
        get { values.minimumLineHeight }
        set { values.minimumLineHeight = newValue }
    }
    /// The greatest line height (0: none).
    open override var maximumLineHeight: CGFloat {
        get { values.maximumLineHeight }
        set { values.maximumLineHeight = newValue }
    }
    /// How lines are broken or shortened.
    open override var lineBreakMode: NSLineBreakMode {
        get { values.lineBreakMode }
        set { values.lineBreakMode = newValue }
    }
    /// The paragraph's base direction.
    open override var baseWritingDirection: NSWritingDirection {
        get { values.baseWritingDirection }
        set { values.baseWritingDirection = newValue }
    }
    /// The factor on each line's natural height (0: none).
    open override var lineHeightMultiple: CGFloat {
        get { values.lineHeightMultiple }
        set { values.lineHeightMultiple = newValue }
    }
    /// Points before the paragraph.
    open override var paragraphSpacingBefore: CGFloat {
        get { values.paragraphSpacingBefore }
        set { values.paragraphSpacingBefore = newValue }
    }
    /// How eagerly to hyphenate (kept; Lamina does not hyphenate).
    open override var hyphenationFactor: Float {
        get { values.hyphenationFactor }
        set { values.hyphenationFactor = newValue }
    }

    /// Takes every value of `obj`.
    open func setParagraphStyle(_ obj: NSParagraphStyle) { values = obj.values }
}

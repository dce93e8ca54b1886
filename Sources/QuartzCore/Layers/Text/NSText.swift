import Foundation

// The text layout enumerations `import UIKit` brings on iOS (declared by UIKit's NSText.h and
// NSParagraphStyle.h there). Foundation on Linux has NSAttributedString but not these;
// QuartzCore declares them because CATextLayer reads them from an attributed string's
// paragraph style, and UIKit (which re-exports QuartzCore) uses them for UILabel.

/// How lines of text sit horizontally in their box, with iOS's raw values.
public enum NSTextAlignment: Int, Sendable {
    /// Lines start at the left edge.
    case left = 0
    /// Lines are centred.
    case center = 1
    /// Lines end at the right edge.
    case right = 2
    /// Lines of a paragraph but its last are stretched to both edges (at their spaces).
    case justified = 3
    /// The script's natural alignment: left for a left-to-right paragraph, right for a
    /// right-to-left one (its first strong character is Hebrew, Arabic…, or its paragraph
    /// style's `baseWritingDirection` says so).
    case natural = 4
}

/// What happens to a line that is too long for its box, with iOS's raw values.
public enum NSLineBreakMode: Int, Sendable {
    /// Wrap at word boundaries (a word too long for a line breaks between characters).
    case byWordWrapping = 0
    /// Wrap between characters.
    case byCharWrapping = 1
    /// Cut the line at the box's edge.
    case byClipping = 2
    /// Show the end of the line, with "…" at its start.
    case byTruncatingHead = 3
    /// Show the start of the line, with "…" at its end.
    case byTruncatingTail = 4
    /// Show both ends, with "…" in the middle.
    case byTruncatingMiddle = 5
}

/// The base direction of a paragraph, with iOS's raw values.
public enum NSWritingDirection: Int, Sendable {
    /// The direction of the paragraph's first strong character (left to right without one).
    case natural = -1
    /// Left to right (Latin, Cyrillic, CJK…).
    case leftToRight = 0
    /// Right to left (Hebrew, Arabic…).
    case rightToLeft = 1
}

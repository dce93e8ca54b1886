import Foundation

// The text layout enumerations `import UIKit` brings on iOS (declared by UIKit's NSText.h and
// NSParagraphStyle.h there). Foundation on Linux has NSAttributedString but not these.

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
    /// The script's natural alignment: left for the left-to-right text Lamina lays out.
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

import Foundation

// The attribute names CATextLayer reads from an attributed `string`. On iOS they come with
// UIKit (NSAttributedString.h); Foundation on Linux has NSAttributedString but not these
// names, so QuartzCore declares them with Apple's raw values, and `import UIKit` (which
// re-exports QuartzCore) brings them as on iOS.

extension NSAttributedString.Key {
    /// The font of the text: a font object (UIKit's UIFont, at its size), a CGFont or a font
    /// name (at the layer's `fontSize`). Apple's raw value "NSFont".
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour of the text: a CGColor, or a colour object (`CATextLayerColor`: UIKit's
    /// UIColor). Apple's raw value "NSColor".
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// Points added to the advance after each character, as a number (negative: tighter).
    /// Apple's raw value "NSKern".
    public static let kern = NSAttributedString.Key("NSKern")
    /// The paragraph attributes of the text: an `NSParagraphStyle` (alignment, line breaking,
    /// spacing, indents, line heights); a paragraph takes the style of its first character.
    /// Apple's raw value "NSParagraphStyle".
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

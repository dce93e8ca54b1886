import QuartzCore

/// A colour: UIKit's UIColor over CGColor (sRGB components, premultiplied nowhere).
open class UIColor: @unchecked Sendable {
    /// The Core Graphics colour this colour draws with.
    public let cgColor: CGColor

    public init(cgColor: CGColor) { self.cgColor = cgColor }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(red: red, green: green, blue: blue, alpha: alpha))
    }
}

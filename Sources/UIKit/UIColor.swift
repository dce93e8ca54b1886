import QuartzCore

/// A colour, as UIKit's `UIColor`: an immutable object over a `CGColor`.
///
/// Colour spaces follow iOS 10 and later: RGB initialisers make colours in extended sRGB
/// (`CGColorSpace.extendedSRGB`) and `init(white:alpha:)` in extended gray, so components
/// outside 0…1 are kept as given (`cgColor.components` returns them) and rendering clamps
/// them. NaN components are kept too and draw as 0 (Core Graphics clamps NaN to 0); UIKit does
/// the same without trapping (it only logs "out of range" in a debug build).
///
/// UIColor is an `NSObject` subclass, as on iOS: `==` is `isEqual(_:)`, which compares colour
/// space and components exactly (UIKit's rule), and `hash` agrees with it.
open class UIColor: NSObject, CATextLayerColor, @unchecked Sendable {
    /// The Core Graphics colour this colour draws with.
    public let cgColor: CGColor

    /// The tile image of a pattern colour (`init(patternImage:)`), nil otherwise.
    package let patternImage: UIImage?

    /// A colour over an existing `CGColor` (any colour space; components kept as is).
    public init(cgColor: CGColor) {
        self.cgColor = cgColor
        self.patternImage = nil
        super.init()
    }

    /// A colour that paints `image` as a tile pattern.
    ///
    /// Lamina's CGColor has no pattern colours, so `cgColor` is the image's mean colour
    /// (premultiplied average, un-premultiplied), which is what a layer's `backgroundColor`
    /// or a CAShapeLayer's `fillColor` shows. Filling with the colour set in a UIKit drawing
    /// context (`setFill()` then `UIBezierPath.fill()` or `UIRectFill`) does not tile the image
    /// either: it fills with that mean colour. An image with no pixels gives clear.
    public init(patternImage image: UIImage) {
        self.cgColor = image.meanColor
        self.patternImage = image
        super.init()
    }

    /// A colour in extended sRGB; components are not clamped (see the type's discussion).
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(cgColor: UIColor.extendedRGB(red, green, blue, alpha))
    }

    /// A Display P3 colour. Lamina renders in sRGB only, so the components are taken as sRGB
    /// (a saturated P3 colour draws as the less saturated sRGB colour with the same numbers).
    public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A gray in extended gray: `white` 0 is black, 1 is white.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(cgColor: CGColor(colorSpace: UIColor.extendedGraySpace, components: [white, alpha])
                  ?? CGColor(gray: white, alpha: alpha))
    }

    /// A colour from hue, saturation and brightness (HSB, also called HSV), stored as extended
    /// sRGB as UIKit does. `hue` is a fraction of the colour wheel (0 and 1 are red); values
    /// outside 0…1 wrap around it. Saturation and brightness are clamped to 0…1, alpha is kept.
    /// NaN inputs give black with the given alpha.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        let (r, g, b) = HSB.rgb(hue: hue, saturation: saturation, brightness: brightness)
        self.init(red: r, green: g, blue: b, alpha: alpha)
    }

    /// A colour from an asset catalog. Lamina has no asset catalogs, so this always returns
    /// nil (as UIKit does for a name the catalog does not hold).
    public convenience init?(named name: String) {
        return nil
    }

    /// The same colour with a different alpha (the colour space and other components kept).
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(cgColor: cgColor.copy(alpha: alpha) ?? cgColor)
    }

    // MARK: NSObject

    /// Equal when both colours have the same colour space and the same components (exact).
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UIColor else { return false }
        return other === self || other.cgColor == cgColor
    }

    /// A hash of the colour's `cgColor`, consistent with `isEqual(_:)`.
    open override var hash: Int {
        var h = Hasher()
        h.combine(cgColor)
        return h.finalize()
    }

    /// UIKit's format: the colour space's UIKit name and the components, e.g.
    /// "UIExtendedSRGBColorSpace 1 0 0 1" or "UIExtendedGrayColorSpace 0 1".
    open override var description: String {
        let comps = (cgColor.components ?? []).map { c -> String in
            c == c.rounded() && abs(c) < 1e15 ? String(Int(c)) : "\(c)"
        }
        let space: String
        switch cgColor.colorSpace?.model {
        case .monochrome?: space = cgColor.colorSpace?.name == CGColorSpace.extendedGray ? "UIExtendedGrayColorSpace" : "kCGColorSpaceModelMonochrome"
        case .rgb?: space = cgColor.colorSpace?.name == CGColorSpace.extendedSRGB ? "UIExtendedSRGBColorSpace" : "kCGColorSpaceModelRGB"
        default: space = "UIColorSpace"
        }
        if patternImage != nil { return "UIPatternColor \(comps.joined(separator: " "))" }
        return ([space] + comps).joined(separator: " ")
    }

    // MARK: Colour spaces

    static let extendedSRGBSpace = CGColorSpace(name: CGColorSpace.extendedSRGB)!
    static let extendedGraySpace = CGColorSpace(name: CGColorSpace.extendedGray)!

    static func extendedRGB(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat) -> CGColor {
        CGColor(colorSpace: extendedSRGBSpace, components: [r, g, b, a]) ?? CGColor(red: r, green: g, blue: b, alpha: a)
    }
}

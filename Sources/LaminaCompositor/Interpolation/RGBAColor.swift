import CoreGraphics

/// An animatable colour: straight (non-premultiplied) red, green, blue, alpha as Doubles in the
/// device RGB space, nominally in [0, 1] (intermediate values of overshooting curves may leave it;
/// the renderer clamps).
///
/// Interpolation is component-wise in **straight** alpha. Why: it is what Core Animation visibly
/// does — animating a backgroundColor from `clear` (black at alpha 0) to white passes through
/// translucent grey on iOS, the well-known artefact that premultiplied interpolation would not
/// produce (reference §9.1.2 leaves the space UNCERTAIN; this follows that observation). The test
/// `clearToWhiteIsGreyHalfway` pins the choice.
package struct RGBAColor: Sendable, Hashable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From a CGColor's components, expanded to RGBA (grey → r = g = b).
    package init(_ color: CGColor) {
        let c = color.rgbaComponents
        self.init(red: Double(c.r), green: Double(c.g), blue: Double(c.b), alpha: Double(c.a))
    }

    /// A device-RGB CGColor with these components.
    package var cgColor: CGColor {
        CGColor(red: CGFloat(red), green: CGFloat(green), blue: CGFloat(blue), alpha: CGFloat(alpha))
    }

    package static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    package static let black = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)
    package static let white = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)

    /// Component-wise a + (b − a)·t in straight alpha.
    @inlinable package static func lerp(_ a: RGBAColor, _ b: RGBAColor, _ t: Double) -> RGBAColor {
        RGBAColor(red: a.red + (b.red - a.red) * t, green: a.green + (b.green - a.green) * t,
                  blue: a.blue + (b.blue - a.blue) * t, alpha: a.alpha + (b.alpha - a.alpha) * t)
    }

    /// Component-wise weighted sum Σ wᵢ·cᵢ (used by splines and accumulation).
    @inlinable package static func combine(_ a: RGBAColor, _ wa: Double, _ b: RGBAColor, _ wb: Double,
                                           _ c: RGBAColor = .clear, _ wc: Double = 0,
                                           _ d: RGBAColor = .clear, _ wd: Double = 0) -> RGBAColor {
        RGBAColor(red: a.red * wa + b.red * wb + c.red * wc + d.red * wd,
                  green: a.green * wa + b.green * wb + c.green * wc + d.green * wd,
                  blue: a.blue * wa + b.blue * wb + c.blue * wc + d.blue * wd,
                  alpha: a.alpha * wa + b.alpha * wb + c.alpha * wc + d.alpha * wd)
    }

    /// Euclidean distance over the four components (for paced keyframes).
    @inlinable package static func distance(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let dr = a.red - b.red, dg = a.green - b.green, db = a.blue - b.blue, da = a.alpha - b.alpha
        return (dr * dr + dg * dg + db * db + da * da).squareRoot()
    }
}

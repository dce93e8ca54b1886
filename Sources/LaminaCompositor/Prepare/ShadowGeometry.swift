// Shadows: shadowRadius → Gaussian σ, when a shadow is drawn at all, and which shadow paths are
// rects or rounded rects (drawn from the analytic blurred profile instead of a blurred mask).
import CoreGraphics
import LaminaRaster

package enum ShadowMapping {
    /// The Gaussian standard deviation, in device pixels, for `shadowRadius` points drawn at
    /// `deviceScale` pixels per point: σ = shadowRadius · deviceScale.
    ///
    /// Why σ = shadowRadius: Apple does not define the kernel; comparisons with design tools
    /// (Sketch/Figma "blur" B, and CSS box-shadow blur B whose σ is B/2) find that a layer
    /// shadow with shadowRadius r matches a blur of B = 2r, i.e. σ = r (reference §3.5.3).
    /// The visible fall-off then reaches about 2–3 r, as observed. NaN or negative radius → 0.
    /// At most `GaussianBlur.maxSigma` (256 px), the widest blur the rasterizer draws: sizing
    /// surfaces for more (shadowRadius 1e6 → 3·10^6 px of margin) only made frames fail or
    /// allocate hundreds of megabytes for a blur that is drawn at 256 px anyway.
    package static func sigma(shadowRadius: CGFloat, deviceScale: Double) -> Double {
        let r = Double(shadowRadius)
        guard r.isFinite, r > 0, deviceScale.isFinite, deviceScale > 0 else { return 0 }
        return min(r * deviceScale, GaussianBlur.maxSigma)
    }

    /// How far (device pixels) a blurred shape can spread beyond its edges: 3σ + 1.
    package static func spread(sigma: Double) -> Double { sigma > 0 ? 3 * sigma + 1 : 1 }

    /// The shadow colour with shadowOpacity folded into its alpha, or nil when the shadow is
    /// invisible (no colour, opacity 0 or NaN, fully transparent colour).
    package static func effectiveColor(of n: RenderNode) -> CGColor? {
        guard let c = n.shadowColor else { return nil }
        let o = Double(n.shadowOpacity)
        guard o.isFinite, o > 0 else { return nil }
        let rgba = c.clampedRGBA
        let a = rgba.a * min(1, o)
        guard a > 0 else { return nil }
        return CGColor(red: CGFloat(rgba.r), green: CGFloat(rgba.g), blue: CGFloat(rgba.b), alpha: CGFloat(a))
    }
}


package enum ShadowShapeRecognizer {
    /// The rect or rounded rect `path` is exactly (same elements as CoreGraphics' builders
    /// produce for it), or nil. Tries the radii suggested by the first point's distance from
    /// the bounding box's edges.
    package static func shape(of path: CGPath) -> LayerShape? {
        let box = path.boundingBoxOfPath
        guard !box.isNull, box.width > 0, box.height > 0 else { return nil }
        if path.isRect(nil) { return LayerShape(rect: box) }
        guard case let .move(to: p)? = path.elements.first else { return nil }
        let limit = min(box.width, box.height) / 2
        let candidates = [p.x - box.minX, box.maxX - p.x, p.y - box.minY, box.maxY - p.y]
        for r in candidates where r > 0 && r <= limit + 1e-9 {
            if path == CGPath(roundedRect: box, cornerWidth: r, cornerHeight: r, transform: nil)
                || path == CGPath.roundedRect(box, cornerRadius: r, curve: .circular) {
                return LayerShape(rect: box, cornerRadius: r)
            }
        }
        return nil
    }
}

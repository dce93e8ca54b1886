// What happens to a finished offscreen group before it is composited: the shadow cast by its
// alpha, and reading a mask surface's alpha.
import CoreGraphics
import LaminaRaster

enum GroupEffects {
    /// The alpha channel of `surface` as a mask of the same size.
    static func alpha(of surface: Surface) -> AlphaMask {
        // Same size as an existing surface: always valid.
        let m = try! AlphaMask(width: surface.width, height: surface.height)
        for y in 0..<surface.height {
            let src = surface.row(y), dst = m.row(y)
            for x in 0..<surface.width { dst[x] = src[4 * x + 3] }
        }
        return m
    }

    /// `content` over its own shadow: the content's alpha blurred by `shadow.sigma`, tinted,
    /// moved by the offset (rounded to whole pixels), clipped by the masksToBounds outline
    /// when there is one (reference §3.2.1). Same size and origin as `content`.
    static func withAlphaShadow(_ content: Surface, origin: (x: Int, y: Int), shadow: AlphaShadow,
                                painter: TargetPainter) throws -> Surface {
        let out = try Surface(width: content.width, height: content.height)
        let a = alpha(of: content)
        let blurred = shadow.sigma > 0 ? try GaussianBlur.blurred(a, sigma: shadow.sigma) : a
        let grow = (blurred.width - a.width) / 2
        let tinted = try MaskColorShader.tinted(blurred, color: shadow.color.premultiplied.packed)
        let dx = Int(Double(shadow.offset.dx).rounded()) - grow, dy = Int(Double(shadow.offset.dy).rounded()) - grow
        if let shape = shadow.clip {
            let box = PixelRect(x: origin.x, y: origin.y, width: content.width, height: content.height)
            if let clip = try painter.mask(covering: box, draw: { shift, sink, area in
                let local = shadow.clipTransform.concatenating(shift)
                if let rr = PieceRasterizer.analytic(shape, local) {
                    AnalyticCoverage.fillRoundedRect(rr, clip: area, into: &sink)
                } else {
                    painter.rasterizer.fill(PieceRasterizer.polygon(shape.path(transform: local), .identity),
                                            rule: .nonZero, clip: area, into: &sink)
                }
            }) {
                out.composite(tinted, dx: dx, dy: dy, mask: clip.mask, maskX: 0, maskY: 0)
            }
        } else {
            out.composite(tinted, dx: dx, dy: dy)
        }
        out.composite(content, dx: 0, dy: 0)
        return out
    }
}

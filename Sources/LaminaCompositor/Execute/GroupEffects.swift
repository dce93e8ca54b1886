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
    /// moved by the offset (sub-pixel: resampled bilinearly), clipped by the masksToBounds
    /// outline when there is one (reference §3.2.1). Same size and origin as `content`.
    static func withAlphaShadow(_ content: Surface, origin: (x: Int, y: Int), shadow: AlphaShadow,
                                painter: TargetPainter) throws -> Surface {
        let out = try Surface(width: content.width, height: content.height)
        let a = alpha(of: content)
        let blurred = shadow.sigma > 0 ? try GaussianBlur.blurred(a, sigma: shadow.sigma) : a
        let grow = Double((blurred.width - a.width) / 2)
        let tinted = try MaskColorShader.tinted(blurred, color: shadow.color.premultiplied.packed)
        let dx = Double(shadow.offset.dx) - grow, dy = Double(shadow.offset.dy) - grow
        let target = RasterTarget(surface: out, originX: origin.x, originY: origin.y, group: nil)
        if let shape = shadow.clip {
            let box = PixelRect(x: origin.x, y: origin.y, width: content.width, height: content.height)
            guard let clip = try painter.mask(covering: box, draw: { shift, sink, area in
                let local = shadow.clipTransform.concatenating(shift)
                if let rr = PieceRasterizer.analytic(shape, local) {
                    AnalyticCoverage.fillRoundedRect(rr, clip: area, into: &sink)
                } else {
                    painter.rasterizer.fill(PieceRasterizer.polygon(shape.path(transform: local), .identity),
                                            rule: .nonZero, clip: area, into: &sink)
                }
            }) else { return content }
            target.clips = [clip]
        }
        if dx.isFinite, dy.isFinite {
            let shader = ImageShader(image: SampledImage(tinted), inverse: PaintAffine.translation(-dx, -dy),
                                     filter: .bilinear, edge: .transparent)
            let w = Double(out.width), h = Double(out.height)
            painter.paint(target, .shader(shader), alpha: 1,
                          blit: { s, area in AnalyticCoverage.fillRect(x0: 0, y0: 0, x1: w, y1: h, clip: area, into: &s) },
                          clipped: { s, area in AnalyticCoverage.fillRect(x0: 0, y0: 0, x1: w, y1: h, clip: area, into: &s) })
        }
        out.composite(content, dx: 0, dy: 0)
        return out
    }
}

// Shadows of any path with a wide blur (σ ≥ 32 device pixels, e.g. shadowRadius 100 under a
// page): the blur would box-reduce the mask by 4, blur it, and enlarge it back to full size
// anyway (GaussianBlur's `.downsampled(factor: 4)`), so the mask is rasterized at quarter
// resolution to begin with and painted from the small blurred mask, enlarged bilinearly while
// shading. Same result within rounding (the exact-area rasterizer at 1/4 scale gives the box
// average of the full-resolution coverage), without the full-size mask, its reduction and
// its enlargement.
import CoreGraphics
import LaminaRaster

extension PieceRasterizer {
    /// Smallest σ (device pixels) drawn through the quarter-resolution mask.
    static let quarterResolutionSigma = 32.0

    /// `poly` (target-local pixels) blurred with `sigma` and painted in `color`; `box` is the
    /// part of the polygon's pixel box that can reach the surface.
    func quarterResolutionShadow(_ poly: Polygon, box: PixelRect, sigma: Double, color: CGColor, into target: RasterTarget,
                                 alpha: Double, tint: RenderTint) throws {
        let small = try quarterResolutionMask(poly, box: box, sigma: sigma)
        defer { allocator?.recycle(small.mask) }
        let f = small.factor, blurred = small.mask, ox = small.originX, oy = small.originY
        let shader = UpscaledMaskColorShader(mask: blurred, originX: ox, originY: oy, factor: f, color: color.premultiplied.packed)
        let x0 = Double(ox), y0 = Double(oy), x1 = Double(ox + f * blurred.width), y1 = Double(oy + f * blurred.height)
        painter.paint(target, TintShader.tinted(.shader(shader), tint), alpha: alpha,
                      blit: { s, area in AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s) },
                      clipped: { s, area in AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s) })
    }

    /// The blurred quarter-resolution mask of `poly` within `box`: mask pixel (i, j) covers
    /// target pixels origin + factor·(i, j) ..< origin + factor·(i + 1, j + 1).
    func quarterResolutionMask(_ poly: Polygon, box: PixelRect, sigma: Double) throws
        -> (mask: AlphaMask, originX: Int, originY: Int, factor: Int) {
        let f = 4, fd = 4.0
        let w = (box.width + f - 1) / f, h = (box.height + f - 1) / f
        let mask = try scratchMask(width: w, height: h)
        defer { allocator?.recycle(mask) }
        var sink = MaskWriterSink(mask)
        let small = Polygon(poly.subpaths.map { $0.map { RasterPoint(($0.x - Double(box.x0)) / fd, ($0.y - Double(box.y0)) / fd) } })
        painter.rasterizer.fill(small, rule: .nonZero, clip: PixelRect(mask), into: &sink)
        // The variance the quarter-scale box average and the bilinear enlargement add is taken
        // off the blur (as the blur's own downsampled method does).
        let s = GaussianBlur.sanitized(sigma)
        let lowSigma = max(0.5, (s * s - (fd * fd - 1) / 12 - fd * fd / 6).squareRoot() / fd)
        // The caller hands the blurred mask back to `allocator`.
        let blurred = try GaussianBlur.blurred(mask, sigma: lowSigma, buffers: painter.blurScratch, makeMask: scratchMask)
        let grow = (blurred.width - mask.width) / 2
        return (blurred, box.x0 - f * grow, box.y0 - f * grow, f)
    }
}

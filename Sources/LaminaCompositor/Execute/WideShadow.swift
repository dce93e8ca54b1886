// Shadows of any path with a wide blur (σ ≥ 32 device pixels, e.g. shadowRadius 100 under a
// page): the blur would box-reduce the mask by 4, blur it, and enlarge it back to full size
// anyway (GaussianBlur's `.downsampled(factor: 4)`), so the mask is rasterized at quarter
// resolution to begin with and painted from the small blurred mask, enlarged bilinearly while
// shading. Same result within rounding (the exact-area rasterizer at 1/4 scale gives the box
// average of the full-resolution coverage), without the full-size mask, its reduction and
// its enlargement.
//
// A region render (a band of a frame drawn on two threads, a damage rectangle) blurs only the
// rows of the small mask its own rows read (`rows`): both bands of the page fold blurred both
// wide page shadows whole, ~9 % of each band. The other rows are left 0 and never read; the
// rows blurred are byte-identical to the whole blur's (`GaussianBlur.blurredWindow`), and the
// mask keeps its whole size and origin, so everything painted from it is unchanged.
import CoreGraphics
import LaminaRaster

extension PieceRasterizer {
    /// Smallest σ (device pixels) drawn through the quarter-resolution mask.
    static let quarterResolutionSigma = 32.0

    /// `poly` (target-local pixels) blurred with `sigma` and painted in `color`; `box` is the
    /// part of the polygon's pixel box that can reach the surface.
    func quarterResolutionShadow(_ poly: Polygon, box: PixelRect, sigma: Double, color: CGColor, into target: RasterTarget,
                                 alpha: Double, tint: RenderTint) throws {
        // The mask rows the target's drawable rows read: destination row y reads rows j0 and
        // j0 + 1 of the small mask, j0 = ⌊((y − originY + ½)/4 − ½)⌋ (UpscaledMaskColorShader),
        // so ⌊(y − originY)/4⌋ − 1 ... ⌊(y − originY)/4⌋ + 1; origin = box's minus 4·margin.
        var rows: Range<Int>?
        if let limit = target.limit {
            let originY = box.y0 - 4 * GaussianBlur.margin(sigma: Self.quarterSigma(sigma))
            let top = Self.floorDiv(limit.y0 - originY, 4) - 1, bottom = Self.floorDiv(limit.y1 - 1 - originY, 4) + 2
            rows = top..<max(top, bottom)
        }
        let small = try quarterResolutionMask(poly, box: box, sigma: sigma, rows: rows)
        defer { allocator?.recycle(small.mask) }
        let f = small.factor, blurred = small.mask, ox = small.originX, oy = small.originY
        let shader = UpscaledMaskColorShader(mask: blurred, originX: ox, originY: oy, factor: f, color: color.premultiplied.packed)
        let x0 = Double(ox), y0 = Double(oy), x1 = Double(ox + f * blurred.width), y1 = Double(oy + f * blurred.height)
        painter.paint(target, TintShader.tinted(.shader(shader), tint), alpha: alpha,
                      blit: { s, area in AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s) },
                      clipped: { s, area in AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s) })
    }

    /// The blurred quarter-resolution mask of `poly` within `box`: mask pixel (i, j) covers
    /// target pixels origin + factor·(i, j) ..< origin + factor·(i + 1, j + 1). With `rows`
    /// (rows of the returned mask), only those rows are blurred — byte-identical to the whole
    /// blur's — and every other row is 0 (see the note at the top).
    func quarterResolutionMask(_ poly: Polygon, box: PixelRect, sigma: Double, rows: Range<Int>? = nil) throws
        -> (mask: AlphaMask, originX: Int, originY: Int, factor: Int) {
        let f = 4, fd = 4.0
        let w = (box.width + f - 1) / f, h = (box.height + f - 1) / f
        let mask = try scratchMask(width: w, height: h)
        defer { allocator?.recycle(mask) }
        var sink = MaskWriterSink(mask)
        // (In the kept buffers: a new polygon was an array per subpath per shadow per frame.)
        let small = keptMapped(poly) { RasterPoint(($0.x - Double(box.x0)) / fd, ($0.y - Double(box.y0)) / fd) }
        painter.rasterizer.fill(small, rule: .nonZero, clip: PixelRect(mask), into: &sink)
        recycle(small)
        let lowSigma = Self.quarterSigma(sigma)
        let grow = GaussianBlur.margin(sigma: lowSigma)
        // The caller hands the blurred mask back to `allocator`.
        let blurred = try blurredRows(mask, sigma: lowSigma, rows: rows)
        return (blurred, box.x0 - f * grow, box.y0 - f * grow, f)
    }

    /// `GaussianBlur.blurred(mask, sigma:)` (the mask grown by the blur's margin on every side),
    /// with only `rows` of the result blurred when given — byte-identical to the whole blur's
    /// — and every other row 0. From the frame's pool; hand it back to `allocator`.
    func blurredRows(_ mask: AlphaMask, sigma: Double, rows: Range<Int>?) throws -> AlphaMask {
        let grow = GaussianBlur.margin(sigma: sigma)
        let fullWidth = mask.width + 2 * grow, fullHeight = mask.height + 2 * grow
        guard let rows, rows.lowerBound > 0 || rows.upperBound < fullHeight else {
            return try GaussianBlur.blurred(mask, sigma: sigma, buffers: painter.blurScratch, makeMask: scratchMask)
        }
        let out = try scratchMask(width: fullWidth, height: fullHeight)
        let window = PixelRect(x0: 0, y0: max(0, rows.lowerBound), x1: fullWidth, y1: min(fullHeight, rows.upperBound))
        var done = 0..<0
        if !window.isEmpty, let part = try GaussianBlur.blurredWindow(mask, at: 0, 0, width: mask.width, height: mask.height,
                                                                      sigma: sigma, window: window, buffers: painter.blurScratch,
                                                                      makeMask: scratchMask) {
            for y in part.rect.y0..<part.rect.y1 { out.row(y).update(from: part.mask.row(y - part.rect.y0), count: fullWidth) }
            done = part.rect.y0..<part.rect.y1
            allocator?.recycle(part.mask)
        }
        if done.isEmpty {
            out.fill(0)
        } else {
            if done.lowerBound > 0 { out.base.update(repeating: 0, count: done.lowerBound * fullWidth) }
            if done.upperBound < fullHeight { out.row(done.upperBound).update(repeating: 0, count: (fullHeight - done.upperBound) * fullWidth) }
        }
        return out
    }

    /// The σ the quarter-resolution mask is blurred with for a shadow of `sigma` (device
    /// pixels): the variance the quarter-scale box average and the bilinear enlargement add is
    /// taken off (as the blur's own downsampled method does).
    static func quarterSigma(_ sigma: Double) -> Double {
        let s = GaussianBlur.sanitized(sigma), fd = 4.0
        return max(0.5, (s * s - (fd * fd - 1) / 12 - fd * fd / 6).squareRoot() / fd)
    }

    /// ⌊a / b⌋ for b > 0.
    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

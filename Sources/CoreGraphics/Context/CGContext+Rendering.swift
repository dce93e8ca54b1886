import LaminaRaster

/// What a drawing call covers, in pixel space (y down).
package enum CoverageShape {
    /// A flattened path under a fill rule.
    case polygon(Polygon, FillRule)
    /// An axis-aligned rect, rendered with exact analytic coverage.
    case rect(x0: Double, y0: Double, x1: Double, y1: Double)
    /// A convex quadrilateral (a rect under a rotating or skewing CTM).
    case quad(RasterPoint, RasterPoint, RasterPoint, RasterPoint)
    /// Every pixel of the clip (gradients, tiled images).
    case everywhere
    /// Precomputed coverage (glyph runs): the mask's pixel (0, 0) is pixel (x, y).
    case mask(AlphaMask, x: Int, y: Int)

    /// The pixels the shape can touch, or nil for `everywhere`.
    var bounds: PixelRect? {
        switch self {
        case let .polygon(p, _):
            guard let b = p.bounds else { return .empty }
            return PixelRect.covering(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
        case let .rect(x0, y0, x1, y1):
            return PixelRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1)
        case let .quad(a, b, c, d):
            let xs = [a.x, b.x, c.x, d.x], ys = [a.y, b.y, c.y, d.y]
            guard (xs + ys).allSatisfy({ $0.isFinite }) else { return .empty }
            return PixelRect.covering(minX: xs.min()!, minY: ys.min()!, maxX: xs.max()!, maxY: ys.max()!)
        case .everywhere:
            return nil
        case let .mask(m, x, y):
            return PixelRect(x: x, y: y, width: m.width, height: m.height)
        }
    }

    /// The rect `r` (user space) under `t` (user → pixel): analytic when `t` keeps it
    /// axis-aligned, else a quad. Nil for a null or non-finite rect.
    static func rect(_ r: CGRect, _ t: CGAffineTransform) -> CoverageShape? {
        guard !r.isNull, r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        let r = r.standardized
        let p0 = CGPoint(x: r.minX, y: r.minY).applying(t), p1 = CGPoint(x: r.maxX, y: r.minY).applying(t)
        let p2 = CGPoint(x: r.maxX, y: r.maxY).applying(t), p3 = CGPoint(x: r.minX, y: r.maxY).applying(t)
        if t.b == 0 && t.c == 0 {
            return .rect(x0: Double(min(p0.x, p2.x)), y0: Double(min(p0.y, p2.y)),
                         x1: Double(max(p0.x, p2.x)), y1: Double(max(p0.y, p2.y)))
        }
        func rp(_ p: CGPoint) -> RasterPoint { RasterPoint(Double(p.x), Double(p.y)) }
        return .quad(rp(p0), rp(p1), rp(p2), rp(p3))
    }
}

/// A shader seen through an offset: pixel (x, y) of the destination it draws into is pixel
/// (x + dx, y + dy) of the space it was built for. Used to paint into scratch surfaces that
/// stand for a sub-rectangle of the context.
struct OffsetShader: SpanShader {
    let base: any SpanShader
    let dx: Int, dy: Int
    var isOpaque: Bool { base.isOpaque }
    func shade(y: Int, x: Int, count: Int, into: UnsafeMutablePointer<UInt32>) {
        base.shade(y: y + dy, x: x + dx, count: count, into: into)
    }
}

/// Paints the pixels of a surface unchanged, moved by whole pixels: destination pixel (x, y)
/// is source pixel (x − dx, y − dy), transparent outside the source. The copy path for images
/// drawn 1:1 on whole pixels (what bilinear or nearest sampling would give there, byte for
/// byte) and for transparency layers composited back. The source is only read.
struct TranslatedPixelsShader: SpanShader {
    let source: Surface
    let dx: Int, dy: Int
    var isOpaque: Bool { false }

    func shade(y: Int, x: Int, count: Int, into: UnsafeMutablePointer<UInt32>) {
        let sy = y - dy, sx = x - dx
        guard sy >= 0, sy < source.height else { into.update(repeating: 0, count: count); return }
        let lo = max(0, min(count, -sx)), hi = max(lo, min(count, source.width - sx))
        if lo > 0 { into.update(repeating: 0, count: lo) }
        if hi > lo { (into + lo).update(from: source.row32(sy) + (sx + lo), count: hi - lo) }
        if hi < count { (into + hi).update(repeating: 0, count: count - hi) }
    }
}

/// Writes coverage into a mask whose pixel (0, 0) is destination pixel (originX, originY).
struct OffsetMaskWriterSink: CoverageSink {
    let mask: AlphaMask
    let originX: Int, originY: Int

    mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let my = y - originY
        guard my >= 0, my < mask.height else { return }
        let lo = max(x, originX), hi = min(x + count, originX + mask.width)
        guard hi > lo else { return }
        (mask.row(my) + (lo - originX)).update(from: coverage + (lo - x), count: hi - lo)
    }

    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        let my = y - originY
        guard my >= 0, my < mask.height else { return }
        let lo = max(x, originX), hi = min(x + count, originX + mask.width)
        guard hi > lo else { return }
        (mask.row(my) + (lo - originX)).update(repeating: coverage, count: hi - lo)
    }
}

extension CGContext {
    /// The premultiplied pixel for a colour (its components clamped to [0, 1]).
    package static func premultiplied(_ color: CGColor) -> PremultipliedRGBA8 {
        let c = color.clampedRGBA
        return PremultipliedRGBA8(straightRed: c.r, green: c.g, blue: c.b, alpha: c.a)
    }

    /// Draws `shape` with `paint` under the graphics state: clip, global alpha, blend mode,
    /// antialiasing and shadow. `mode` and `alpha` override the state's (for `clear`);
    /// `castsShadow` false skips the shadow.
    ///
    /// The shape: antialiased, the rasterizer feeds the blitter directly (through the clip
    /// mask if there is one); without antialiasing, coverage goes to a mask of the shape's
    /// bounds, is thresholded at 50% and multiplied by the clip, then paints. With a shadow,
    /// the shadow is drawn first (`renderShadow`), then the shape on top.
    package func render(_ shape: CoverageShape, paint: Paint, mode: BlendMode? = nil, alpha: UInt8? = nil,
                        castsShadow: Bool = true) {
        let mode = mode ?? gstate.blendMode.rasterMode
        let alpha = alpha ?? Blitter.alpha8(Double(gstate.alpha))
        if alpha == 0 && mode.isBounded { return }
        let clipRect = gstate.clip.bounds.intersection(PixelRect(surface))
        guard !clipRect.isEmpty else { return }
        // The pixels this call can change (for layouts converted around each call).
        var affected = (shape.bounds ?? clipRect).intersection(clipRect)
        if castsShadow, let shadow = gstate.shadow {
            let g = shadowGeometry(shadow)
            let moved = (shape.bounds ?? clipRect).offsetBy(dx: g.dx, dy: g.dy)
            affected = affected.union(PixelRect(x0: moved.x0 - g.margin, y0: moved.y0 - g.margin,
                                                x1: moved.x1 + g.margin, y1: moved.y1 + g.margin).intersection(clipRect))
        }
        drawing(in: affected) {
            if castsShadow, let shadow = gstate.shadow {
                renderShadow(of: shape, paint: paint, mode: mode, alpha: alpha, shadow: shadow, clipRect: clipRect)
            }
            renderShape(shape, paint: paint, mode: mode, alpha: alpha, clipRect: clipRect)
        }
    }

    /// The pixels whose coverage a drawing call under the current state reads: the clip's
    /// bounds within the surface and, with a shadow, the region whose shape casts into them
    /// (moved back by the offset, widened by the blur's margin, as `renderShadow` reads it).
    /// What lies outside cannot change a pixel (curve culling relies on it).
    package var drawablePixels: PixelRect {
        let clipRect = gstate.clip.bounds.intersection(PixelRect(surface))
        guard !clipRect.isEmpty, let shadow = gstate.shadow else { return clipRect }
        let g = shadowGeometry(shadow)
        let source = clipRect.offsetBy(dx: -g.dx, dy: -g.dy)
        return clipRect.union(PixelRect(x0: source.x0 - g.margin, y0: source.y0 - g.margin,
                                        x1: source.x1 + g.margin, y1: source.y1 + g.margin))
    }

    /// The shape alone (no shadow), antialiased or not.
    private func renderShape(_ shape: CoverageShape, paint: Paint, mode: BlendMode, alpha: UInt8, clipRect: PixelRect) {
        if gstate.antialias {
            renderDirect(shape, paint: paint, mode: mode, alpha: alpha, clipRect: clipRect)
        } else {
            let region = (shape.bounds ?? clipRect).intersection(clipRect)
            guard let mask = coverageMask(shape, region: region, clipped: true) else { return }
            paintThrough(mask, originX: region.x0, originY: region.y0, over: region, paint: paint, mode: mode, alpha: alpha)
        }
    }

    private func renderDirect(_ shape: CoverageShape, paint: Paint, mode: BlendMode, alpha: UInt8, clipRect: PixelRect) {
        let blitter = Blitter(surface: target, paint: paint, mode: mode, alpha: alpha, scratch: scratch)
        switch gstate.clip {
        case .rect:
            var sink = blitter
            fill(shape, clip: clipRect, into: &sink)
        case let .mask(m, _):
            var sink = MaskClipSink(base: blitter, mask: m, scratch: scratch)
            fill(shape, clip: clipRect, into: &sink)
        }
    }

    /// Paints `paint` over the pixels of `region` with `mask` as coverage; the mask's pixel
    /// (0, 0) is destination pixel (originX, originY), and pixels it does not reach get none.
    private func paintThrough(_ mask: AlphaMask, originX: Int, originY: Int, over region: PixelRect, paint: Paint,
                              mode: BlendMode, alpha: UInt8) {
        let blitter = Blitter(surface: target, paint: paint, mode: mode, alpha: alpha, scratch: scratch)
        var sink = MaskClipSink(base: blitter, mask: mask, originX: originX, originY: originY, scratch: scratch)
        AnalyticCoverage.fillRect(x0: Double(region.x0), y0: Double(region.y0), x1: Double(region.x1),
                                  y1: Double(region.y1), clip: region, into: &sink)
    }

    /// The shape's coverage over `region` as a mask (its pixel (0, 0) is the region's corner),
    /// thresholded when antialiasing is off and, when `clipped`, multiplied by the clip mask.
    /// Nil when the region is empty.
    package func coverageMask(_ shape: CoverageShape, region: PixelRect, clipped: Bool) -> AlphaMask? {
        guard !region.isEmpty, let mask = try? AlphaMask(width: region.width, height: region.height) else { return nil }
        var sink = OffsetMaskWriterSink(mask: mask, originX: region.x0, originY: region.y0)
        fill(shape, clip: region, into: &sink)
        if !gstate.antialias {
            for i in 0..<(mask.width * mask.height) { mask.base[i] = mask.base[i] >= 128 ? 255 : 0 }
        }
        if clipped, case let .mask(clip, _) = gstate.clip {
            mask.intersect(with: clip, dx: -region.x0, dy: -region.y0)
        }
        return mask
    }

    // MARK: Shadows

    /// Draws the shadow `shape` would cast with `paint`: the drawn alpha (coverage × paint
    /// alpha), blurred with σ = blur / 2 base units, offset by whole pixels, tinted with the
    /// shadow colour and composited through the clip with the same alpha and blend mode as the
    /// shape, which is drawn on top of it afterwards.
    private func renderShadow(of shape: CoverageShape, paint: Paint, mode: BlendMode, alpha: UInt8,
                              shadow: GState.Shadow, clipRect: PixelRect) {
        let (dx, dy, sigma, margin) = shadowGeometry(shadow)

        // The shape matters where its shadow can reach the clip.
        let source = clipRect.offsetBy(dx: -dx, dy: -dy)
        let reach = PixelRect(x0: source.x0 - margin, y0: source.y0 - margin, x1: source.x1 + margin, y1: source.y1 + margin)
        let region = (shape.bounds ?? clipRect).intersection(reach)
        guard let drawnAlpha = coverageMask(shape, region: region, clipped: false) else { return }

        switch paint {
        case let .solid(color):
            if color.a < 255 {
                for i in 0..<(drawnAlpha.width * drawnAlpha.height) { drawnAlpha.base[i] = mul255(drawnAlpha.base[i], color.a) }
            }
        case let .shader(s):
            // Paint the shape on its own, in the region's coordinates, and keep its alpha.
            guard let layer = try? Surface(width: region.width, height: region.height) else { return }
            let local = Blitter(surface: layer, paint: .shader(OffsetShader(base: s, dx: region.x0, dy: region.y0)),
                                mode: .normal, alpha: 255, scratch: scratch)
            var sink = MaskClipSink(base: local, mask: drawnAlpha, scratch: scratch)
            AnalyticCoverage.fillRect(x0: 0, y0: 0, x1: Double(region.width), y1: Double(region.height),
                                      clip: PixelRect(layer), into: &sink)
            for y in 0..<layer.height {
                let src = layer.row(y), dst = drawnAlpha.row(y)
                for x in 0..<layer.width { dst[x] = src[x * 4 + 3] }
            }
        }

        guard let blurred = try? GaussianBlur.blurred(drawnAlpha, sigma: sigma) else { return }
        // The blurred alpha is the shadow's coverage (× the clip); its paint the shadow colour.
        let ox = region.x0 - margin + dx, oy = region.y0 - margin + dy
        if case let .mask(clip, _) = gstate.clip { blurred.intersect(with: clip, dx: -ox, dy: -oy) }
        let area = PixelRect(x: ox, y: oy, width: blurred.width, height: blurred.height).intersection(clipRect)
        guard !area.isEmpty else { return }
        paintThrough(blurred, originX: ox, originY: oy, over: area, paint: .solid(CGContext.premultiplied(shadow.color)),
                     mode: mode, alpha: alpha)
    }

    /// A shadow's offset in whole pixels, its σ in pixels and the blur margin ⌈3σ⌉: the
    /// base-space offset and blur / 2 mapped to pixel space (linear part of `baseToPixel`).
    private func shadowGeometry(_ shadow: GState.Shadow) -> (dx: Int, dy: Int, sigma: Double, margin: Int) {
        let linear = CGAffineTransform(a: baseToPixel.a, b: baseToPixel.b, c: baseToPixel.c, d: baseToPixel.d, tx: 0, ty: 0)
        let offset = CGPoint(x: shadow.offset.width, y: shadow.offset.height).applying(linear)
        let lim = CGFloat(Surface.maxDimension)
        let dx = Int(min(lim, max(-lim, offset.x)).rounded()), dy = Int(min(lim, max(-lim, offset.y)).rounded())
        let sigma = GaussianBlur.sanitized(Double(shadow.blur / 2 * CGContext.largestScale(of: baseToPixel)))
        return (dx, dy, sigma, GaussianBlur.margin(sigma: sigma))
    }

    // MARK: Coverage dispatch

    // One overload per sink the context uses, so the hot sinks reach the rasterizers'
    // specialised entry points (see LaminaRaster's SpecializedEntryPoints).

    private func fill(_ shape: CoverageShape, clip: PixelRect, into sink: inout Blitter) {
        switch shape {
        case let .polygon(p, rule): rasterizer.fill(p, rule: rule, clip: clip, into: &sink)
        case let .rect(x0, y0, x1, y1): AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, into: &sink)
        case let .quad(a, b, c, d): rasterizer.fillQuad(a, b, c, d, clip: clip, into: &sink)
        case .everywhere:
            AnalyticCoverage.fillRect(x0: Double(clip.x0), y0: Double(clip.y0), x1: Double(clip.x1), y1: Double(clip.y1),
                                      clip: clip, into: &sink)
        case let .mask(m, x, y):
            CGContext.feed(m, x: x, y: y, clip: clip, into: &sink)
        }
    }

    private func fill(_ shape: CoverageShape, clip: PixelRect, into sink: inout MaskClipSink<Blitter>) {
        switch shape {
        case let .polygon(p, rule): rasterizer.fill(p, rule: rule, clip: clip, into: &sink)
        case let .rect(x0, y0, x1, y1): AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, into: &sink)
        case let .quad(a, b, c, d): rasterizer.fillQuad(a, b, c, d, clip: clip, into: &sink)
        case .everywhere:
            AnalyticCoverage.fillRect(x0: Double(clip.x0), y0: Double(clip.y0), x1: Double(clip.x1), y1: Double(clip.y1),
                                      clip: clip, into: &sink)
        case let .mask(m, x, y):
            CGContext.feed(m, x: x, y: y, clip: clip, into: &sink)
        }
    }

    package func fill<S: CoverageSink>(_ shape: CoverageShape, clip: PixelRect, into sink: inout S) {
        switch shape {
        case let .polygon(p, rule): rasterizer.fill(p, rule: rule, clip: clip, into: &sink)
        case let .rect(x0, y0, x1, y1): AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip, into: &sink)
        case let .quad(a, b, c, d): rasterizer.fillQuad(a, b, c, d, clip: clip, into: &sink)
        case .everywhere:
            AnalyticCoverage.fillRect(x0: Double(clip.x0), y0: Double(clip.y0), x1: Double(clip.x1), y1: Double(clip.y1),
                                      clip: clip, into: &sink)
        case let .mask(m, x, y):
            CGContext.feed(m, x: x, y: y, clip: clip, into: &sink)
        }
    }

    /// Hands the rows of a coverage mask placed at pixel (x, y), inside `clip`, to `sink`.
    static func feed<S: CoverageSink>(_ m: AlphaMask, x: Int, y: Int, clip: PixelRect, into sink: inout S) {
        let r = PixelRect(x: x, y: y, width: m.width, height: m.height).intersection(clip)
        guard !r.isEmpty else { return }
        for py in r.y0..<r.y1 {
            sink.blendSpan(y: py, x: r.x0, count: r.width, coverage: UnsafePointer(m.row(py - y) + (r.x0 - x)))
        }
    }
}

// What happens to a finished offscreen group before it is composited: the shadow cast by its
// alpha, and reading a mask surface's alpha.
import CoreGraphics
import LaminaRaster

enum GroupEffects {
    /// The alpha channel of `surface` as a mask of the same size, from `allocator` (hand it
    /// back when done) in `layer`'s name.
    static func alpha(of surface: Surface, layer: RenderNodeID, allocator: SurfaceAllocator) throws -> AlphaMask {
        let m = try allocator.mask(width: surface.width, height: surface.height, for: layer, .mask)
        copyAlpha(of: surface, into: m)
        return m
    }

    private static func copyAlpha(of surface: Surface, into m: AlphaMask) {
        for y in 0..<surface.height {
            let src = surface.row(y), dst = m.row(y)
            for x in 0..<surface.width { dst[x] = src[4 * x + 3] }
        }
    }

    /// The visible part of `content` over its own shadow: the content's alpha blurred by
    /// `shadow.sigma`, tinted, moved by the offset (sub-pixel: resampled bilinearly), clipped
    /// by the masksToBounds outline when there is one (reference §3.2.1). `content` covers
    /// `window.content` (device pixels); the result covers `window.visible` and is nil when
    /// that is empty. Only the window of the blur the visible pixels sample is computed (see
    /// `ShadowWindow`), with the same bytes as blurring the whole group. Every buffer is
    /// charged to `allocator` in `layer`'s name (and handed back to it when done, but the
    /// result, which the caller hands back); the blur's planes come from the painter's scratch.
    static func withAlphaShadow(_ content: Surface, window: ShadowWindow, shadow: AlphaShadow, layer: RenderNodeID,
                                painter: TargetPainter, allocator: SurfaceAllocator) throws -> (surface: Surface, x: Int, y: Int)? {
        let v = window.visible, c = window.content, full = window.full
        guard !v.isEmpty else { return nil }
        let out = try allocator.surface(width: v.width, height: v.height, for: layer, .shadow)
        let dx = Double(shadow.offset.dx), dy = Double(shadow.offset.dy)
        if dx.isFinite, dy.isFinite,
           let (tinted, plane) = try blurredAlpha(content, window: window, shadow: shadow, layer: layer, painter: painter,
                                                  allocator: allocator) {
            defer { allocator.recycle(tinted) }
            // Out pixel (x, y) samples plane (x, y) + visible − full + margin − offset, i.e.
            // the tinted window at that minus the window's origin.
            let m = GaussianBlur.margin(sigma: shadow.sigma)
            let kx = v.x0 - full.x0 + m - plane.x0, ky = v.y0 - full.y0 + m - plane.y0
            let target = RasterTarget(surface: out, originX: v.x0, originY: v.y0, group: nil)
            if let shape = shadow.clip {
                guard let clip = try painter.mask(covering: v, allocator: allocator, layer: layer, draw: { shift, sink, area in
                    let local = shadow.clipTransform.concatenating(shift)
                    if let rr = PieceRasterizer.analytic(shape, local) {
                        AnalyticCoverage.fillRoundedRect(rr, clip: area, into: &sink)
                    } else {
                        painter.rasterizer.fill(PieceRasterizer.polygon(shape.path(transform: local), .identity),
                                                rule: .nonZero, clip: area, into: &sink)
                    }
                }) else { return nil }
                target.clips = [clip]
            }
            defer { allocator.recycle(target.clips.first?.mask) }
            let tx = dx - Double(kx), ty = dy - Double(ky)
            let shader = ImageShader(image: SampledImage(tinted), inverse: PaintAffine.translation(-tx, -ty),
                                     filter: .bilinear, edge: .transparent)
            let w = Double(out.width), h = Double(out.height)
            painter.paint(target, .shader(shader), alpha: 1,
                          blit: { s, area in AnalyticCoverage.fillRect(x0: 0, y0: 0, x1: w, y1: h, clip: area, into: &s) },
                          clipped: { s, area in AnalyticCoverage.fillRect(x0: 0, y0: 0, x1: w, y1: h, clip: area, into: &s) })
        }
        out.composite(content, dx: c.x0 - v.x0, dy: c.y0 - v.y0)
        return (out, v.x0, v.y0)
    }

    /// The tinted window of the blurred group alpha that the visible shadow samples, and its
    /// rectangle in the blur's output plane; nil when the shadow cannot reach the view.
    private static func blurredAlpha(_ content: Surface, window: ShadowWindow, shadow: AlphaShadow, layer: RenderNodeID,
                                     painter: TargetPainter, allocator: SurfaceAllocator) throws -> (Surface, PixelRect)? {
        let c = window.content, full = window.full
        let a = try allocator.mask(width: content.width, height: content.height, for: layer, .shadow)
        copyAlpha(of: content, into: a)
        let wanted = window.sampledPlane(shadow)
        // The blur's working planes (two of 32-bit values), for as long as it runs.
        let plane = GaussianBlur.windowPlane(width: full.width, height: full.height, sigma: shadow.sigma, window: wanted)
        guard !plane.isEmpty else { return nil }
        let scratch = try allocator.reserve(width: plane.width, height: plane.height, bytesPerPixel: 8, for: layer, .shadow)
        let blurred = try GaussianBlur.blurredWindow(a, at: c.x0 - full.x0, c.y0 - full.y0, width: full.width, height: full.height,
                                                     sigma: shadow.sigma, window: wanted, buffers: painter.blurScratch,
                                                     makeMask: { try allocator.mask(width: $0, height: $1, for: layer, .shadow) })
        withExtendedLifetime(scratch) {}
        allocator.recycle(a)
        guard let (mask, rect) = blurred else { return nil }
        defer { allocator.recycle(mask) }
        let tinted = try allocator.surface(width: mask.width, height: mask.height, for: layer, .shadow)
        MaskColorShader.tint(mask, color: shadow.color.premultiplied.packed, into: tinted)
        return (tinted, rect)
    }
}

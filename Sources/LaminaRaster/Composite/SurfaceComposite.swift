extension Surface {
    /// Composites `source` onto this surface, the source's pixel (0, 0) landing on this
    /// surface's pixel (dx, dy), with global `alpha` (0...255) and `mode`, touching only
    /// destination pixels inside `clip` (default: the whole surface) that the source covers.
    /// Pixels outside the source are left alone even for unbounded modes (coverage 0 there).
    ///
    /// Source-over runs on the SIMD row kernel (`PixelKernels.rowOver`); other modes on the
    /// float path. Bands of one clip give the same bytes as the whole (rows are independent).
    /// `source` may not alias this surface's pixels (use a copy).
    package func composite(_ source: Surface, dx: Int, dy: Int, alpha: UInt8 = 255, mode: BlendMode = .normal,
                           clip: PixelRect? = nil) {
        let target = PixelRect(self).intersection(clip ?? PixelRect(self))
        let area = PixelRect(x: dx, y: dy, width: source.width, height: source.height).intersection(target)
        guard !area.isEmpty else { return }
        let n = area.width
        if mode == .normal && alpha == 0 { return }
        for y in area.y0..<area.y1 {
            let dst = row32(y) + area.x0
            let src = UnsafePointer(source.row32(y - dy) + (area.x0 - dx))
            if mode == .normal {
                PixelKernels.rowOver(dst, src, count: n, alpha: alpha)
            } else if mode == .copy && alpha == 255 {
                dst.update(from: src, count: n)
            } else {
                Blitter.blendGeneral(dst, src, count: n, coverage: nil, constant: 255, alpha: alpha, mode: mode)
            }
        }
    }

    /// Copies `source` pixels onto this surface at (dx, dy), clipped (no blending).
    package func copyPixels(from source: Surface, dx: Int, dy: Int, clip: PixelRect? = nil) {
        composite(source, dx: dx, dy: dy, alpha: 255, mode: .copy, clip: clip)
    }
}

extension Surface {
    /// `composite(_:dx:dy:alpha:mode:clip:)` through an A8 mask: each destination pixel's
    /// coverage is the mask value over it (mask pixel (mx, my) lies over destination pixel
    /// (mx + maskX, my + maskY)); destination pixels the mask does not reach are left alone.
    /// This is how a layer's `mask` applies to its flattened contents.
    package func composite(_ source: Surface, dx: Int, dy: Int, alpha: UInt8 = 255, mode: BlendMode = .normal,
                           clip: PixelRect? = nil, mask: AlphaMask, maskX: Int, maskY: Int) {
        let target = PixelRect(self).intersection(clip ?? PixelRect(self))
        let area = PixelRect(x: dx, y: dy, width: source.width, height: source.height).intersection(target)
            .intersection(PixelRect(x: maskX, y: maskY, width: mask.width, height: mask.height))
        guard !area.isEmpty else { return }
        let n = area.width
        for y in area.y0..<area.y1 {
            let dst = row32(y) + area.x0
            let src = UnsafePointer(source.row32(y - dy) + (area.x0 - dx))
            let cov = UnsafePointer(mask.row(y - maskY) + (area.x0 - maskX))
            if mode == .normal {
                PixelKernels.rowOver(dst, src, count: n, coverage: cov, alpha: alpha)
            } else {
                Blitter.blendGeneral(dst, src, count: n, coverage: cov, constant: 0, alpha: alpha, mode: mode)
            }
        }
    }
}

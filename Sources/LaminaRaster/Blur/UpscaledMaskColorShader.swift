/// Paints a premultiplied colour (0xAABBGGRR) modulated by an A8 mask kept at 1/`factor` of
/// the destination resolution, enlarged bilinearly on the fly: mask pixel (i, j) covers
/// destination pixels originX + factor·i ..< originX + factor·(i + 1) (and likewise in y).
/// Destination pixel centre x + 0.5 reads the mask at (x + 0.5 − originX)/factor, whose texel
/// centres are at i + 0.5 — the convention of the blur's own upsampling — with zero outside
/// the mask. For wide shadows (σ of tens of pixels) that are blurred at low resolution anyway:
/// drawing from the small mask skips building a full-size one.
package struct UpscaledMaskColorShader: SpanShader {
    package let mask: AlphaMask
    package let originX: Int, originY: Int
    /// Destination pixels per mask pixel: a power of two in 1...64 (other values are taken
    /// down to one).
    package let factor: Int
    private let shift: Int
    package let color: UInt32

    package init(mask: AlphaMask, originX: Int, originY: Int, factor: Int, color: UInt32) {
        self.mask = mask; self.originX = originX; self.originY = originY
        var s = 0
        while s < 6 && (1 << (s + 1)) <= factor { s += 1 }
        shift = s; self.factor = 1 << s; self.color = color
    }

    package var isOpaque: Bool { false }

    /// The mask coordinate of destination pixel `p` (relative to the origin) in 8-bit fixed
    /// point: 256 · ((p + ½)/f − ½), floored.
    @inline(__always) func fixed(_ p: Int) -> Int {
        ((2 * p + 1) * 128 - 128 * factor) >> shift
    }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        out.update(repeating: 0, count: count)
        let w = mask.width, h = mask.height
        guard w > 0, h > 0 else { return }
        let v = fixed(y - originY)
        let j0 = v >> 8, wy = v & 255
        guard j0 >= -1, j0 < h else { return }
        // The two rows (nil outside the mask reads as zero).
        let top = j0 >= 0 ? mask.row(j0) : nil
        let bottom = j0 + 1 < h ? mask.row(j0 + 1) : nil
        // Only destination columns whose taps can touch the mask.
        let start = max(x, originX - factor), end = min(x + count, originX + factor * (w + 1))
        guard end > start else { return }
        let c = color
        for X in start..<end {
            let u = fixed(X - originX)
            let i0 = u >> 8, wx = u & 255
            @inline(__always) func at(_ row: UnsafeMutablePointer<UInt8>?, _ i: Int) -> Int {
                guard let r = row, i >= 0, i < w else { return 0 }
                return Int(r[i])
            }
            let t = at(top, i0) * (256 - wx) + at(top, i0 + 1) * wx
            let b = at(bottom, i0) * (256 - wx) + at(bottom, i0 + 1) * wx
            let m = UInt32((t * (256 - wy) + b * wy + 32768) >> 16)
            if m != 0 { out[X - x] = MaskColorShader.scale(c, m + (m >> 7)) }
        }
    }
}

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
        // Only destination columns whose taps can touch the mask (taps i0, i0 + 1 with
        // −1 ≤ i0 ≤ w − 1; the rest read zeros).
        let start = max(x, originX - factor / 2), end = min(x + count, originX + factor * w + factor / 2)
        guard end > start else { return }
        let c = color
        // The two rows blended vertically (8-bit weight, values × 256), with one zero column
        // on each side: column i of the mask is entry i + 1.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: w + 2) { col in
            col[0] = 0; col[w + 1] = 0
            let top = j0 >= 0 ? mask.row(j0) : nil, bottom = j0 + 1 < h ? mask.row(j0 + 1) : nil
            let wt = Int32(256 - wy), wb = Int32(wy)
            for i in 0..<w {
                let t = top.map { Int32($0[i]) } ?? 0, b = bottom.map { Int32($0[i]) } ?? 0
                col[i + 1] = t * wt + b * wb
            }
            var u = fixed(start - originX)
            let du = 256 >> shift
            for X in start..<end {
                let k = (u >> 8) + 1, wx = Int32(u & 255)
                let m = UInt32((col[k] * (256 - wx) + col[k + 1] * wx + 32768) >> 16)
                if m != 0 { out[X - x] = MaskColorShader.scale(c, m + (m >> 7)) }
                u += du
            }
        }
    }
}

/// Paints a premultiplied colour (0xAABBGGRR) modulated by an A8 mask placed with its pixel
/// (0, 0) at destination pixel (originX, originY); transparent outside the mask. This is how a
/// cached shadow mask (blurred alpha, or `BlurredRoundedRect.makeMask()`) is drawn in the
/// shadow colour. The mask is only read; keep it unmodified while shading.
package struct MaskColorShader: SpanShader {
    package let mask: AlphaMask
    package let originX: Int, originY: Int
    package let color: UInt32

    package init(mask: AlphaMask, originX: Int, originY: Int, color: UInt32) {
        self.mask = mask; self.originX = originX; self.originY = originY; self.color = color
    }

    package var isOpaque: Bool { false }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        out.update(repeating: 0, count: count)
        let j = y - originY
        guard j >= 0, j < mask.height else { return }
        let i0 = max(x, originX), i1 = min(x + count, originX + mask.width)
        guard i1 > i0 else { return }
        let src = mask.row(j) + (i0 - originX), dst = out + (i0 - x), c = color
        for n in 0..<(i1 - i0) {
            let m = UInt32(src[n])
            dst[n] = MaskColorShader.scale(c, m + (m >> 7))
        }
    }

    /// Each channel of `c` times w/256 (w in 0...256), rounded.
    @inline(__always) static func scale(_ c: UInt32, _ w: UInt32) -> UInt32 {
        let rb = ((c & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        let ag = (((c >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        return (rb & 0x00FF_00FF) | ((ag & 0x00FF_00FF) << 8)
    }

    /// The mask as a premultiplied surface of `color` × coverage — for drawing a cached shadow
    /// mask under a non-translation transform (rotated or perspective layers) through
    /// `ImageShader` with edge mode `.transparent`. Same size as the mask (masks and surfaces
    /// share size limits, so the surface error cannot occur for a valid mask).
    package static func tinted(_ mask: AlphaMask, color: UInt32) throws -> Surface {
        let out = try Surface(width: mask.width, height: mask.height)
        tint(mask, color: color, into: out)
        return out
    }

    /// `tinted(_:color:)` written into `out` (every pixel of it; at least the mask's size).
    package static func tint(_ mask: AlphaMask, color: UInt32, into out: Surface) {
        precondition(out.width >= mask.width && out.height >= mask.height, "tint target smaller than the mask")
        for y in 0..<mask.height {
            let src = mask.row(y), dst = out.row32(y)
            for x in 0..<mask.width {
                let m = UInt32(src[x])
                dst[x] = scale(color, m + (m >> 7))
            }
        }
    }
}

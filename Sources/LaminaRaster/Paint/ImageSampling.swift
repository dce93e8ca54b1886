/// The texel fetch and filter kernels of the image shader, on one mip level.
///
/// Coordinates are fixed point 16.16 in "texel-centre space": value 0 is the centre of texel 0
/// (the continuous coordinate u − 0.5), so a bilinear sample's left texel is `U >> 16` and its
/// weight fraction the next 8 bits. Weights are 8-bit (1/256 texel), the four products use
/// two 32-bit lanes of a UInt64 each, and the result is rounded to nearest; premultiplied input
/// stays premultiplied (a weighted mean keeps colour ≤ alpha).
struct TexelLevel: @unchecked Sendable { // read-only view; see SampledImage
    let base: UnsafeMutablePointer<UInt8>
    let width: Int, height: Int, rowWords: Int
    /// The level's `ClearTiles` flags and blocks per row, or nil (kept alive by the
    /// SampledImage that made this view).
    let clear: UnsafePointer<UInt8>?
    let clearColumns: Int

    init(_ s: Surface, clearTiles: ClearTiles? = nil) {
        base = s.base; width = s.width; height = s.height; rowWords = s.bytesPerRow / 4
        clear = clearTiles.map { UnsafePointer($0.flags) }
        clearColumns = clearTiles?.columns ?? 0
    }

    @inline(__always) func texel(_ i: Int, _ j: Int) -> UInt32 {
        UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt32.self)[j &* rowWords &+ i]
    }
}

/// Where texel indices outside the image go: clamped to the edge, wrapped, or transparent.
package enum ImageEdgeMode: Sendable, Hashable {
    case clamp
    case `repeat`
    /// Everything outside the image is transparent black, and bilinear filtering fades the
    /// last half texel toward it (a layer's contents are transparent outside their rect).
    case transparent
}

/// How a shader reconstructs the image between texels.
package enum ImageFilter: Sendable, Hashable {
    case nearest
    case bilinear
    /// Bilinear within the two mip levels around the screen-space footprint, blended.
    /// Needs a `SampledImage` built `mipmapped`; otherwise it behaves as bilinear.
    case trilinear
}

enum TexelKernels {
    @inline(__always) static func wrap(_ i: Int, _ n: Int) -> Int {
        let r = i % n
        return r < 0 ? r + n : r
    }

    /// Texel (i, j) under an edge mode.
    @inline(__always) static func fetch(_ t: TexelLevel, _ i: Int, _ j: Int, _ edge: ImageEdgeMode) -> UInt32 {
        if i >= 0 && i < t.width && j >= 0 && j < t.height { return t.texel(i, j) }
        switch edge {
        case .clamp: return t.texel(min(max(i, 0), t.width - 1), min(max(j, 0), t.height - 1))
        case .repeat: return t.texel(wrap(i, t.width), wrap(j, t.height))
        case .transparent: return 0
        }
    }

    @inline(__always) static func nearest(_ t: TexelLevel, _ u: Int, _ v: Int, _ edge: ImageEdgeMode) -> UInt32 {
        fetch(t, (u &+ 0x8000) >> 16, (v &+ 0x8000) >> 16, edge)
    }

    @inline(__always) static func bilinear(_ t: TexelLevel, _ u: Int, _ v: Int, _ edge: ImageEdgeMode) -> UInt32 {
        let i = u >> 16, j = v >> 16
        let fx = UInt64(truncatingIfNeeded: (u >> 8) & 0xFF), fy = UInt64(truncatingIfNeeded: (v >> 8) & 0xFF)
        let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
        if i >= 0 && i + 1 < t.width && j >= 0 && j + 1 < t.height {
            p00 = t.texel(i, j); p10 = t.texel(i + 1, j); p01 = t.texel(i, j + 1); p11 = t.texel(i + 1, j + 1)
        } else {
            p00 = fetch(t, i, j, edge); p10 = fetch(t, i + 1, j, edge)
            p01 = fetch(t, i, j + 1, edge); p11 = fetch(t, i + 1, j + 1, edge)
        }
        return blend4(p00, p10, p01, p11, fx, fy)
    }

    /// Bilinear weights (256 − fx)(256 − fy) ... summing to 65536, rounded to nearest:
    /// per channel (Σ w·p + 32768) >> 16 (`blend4Reference` spells it out).
    ///
    /// Computed in two exact stages with four channels in one UInt64 (16 bits each):
    /// h = p00·(256 − fx) + p10·fx ≤ 255·256 per channel never carries into the next, then
    /// h_top·(256 − fy) + h_bottom·fy (< 2^24) with channels spread to 32 bits — 8 multiplies
    /// instead of 12, and the same bytes (no intermediate rounding).
    @inline(__always) static func blend4(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
                                _ fx: UInt64, _ fy: UInt64) -> UInt32 {
        @inline(__always) func spread(_ p: UInt32) -> UInt64 { // r@0 b@16 g@32 a@48
            let q = UInt64(p)
            return (q & 0x00FF_00FF) | ((q & 0xFF00_FF00) << 24)
        }
        let gx = 256 &- fx, gy = 256 &- fy
        let top = spread(p00) &* gx &+ spread(p10) &* fx
        let bottom = spread(p01) &* gx &+ spread(p11) &* fx
        let lanes: UInt64 = 0x0000_FFFF_0000_FFFF
        let round: UInt64 = 0x0000_8000_0000_8000
        let rg = (top & lanes) &* gy &+ (bottom & lanes) &* fy &+ round           // r@0 g@32
        let ba = ((top >> 16) & lanes) &* gy &+ ((bottom >> 16) & lanes) &* fy &+ round // b@0 a@32
        let r = UInt32(truncatingIfNeeded: rg >> 16) & 0xFF, g = UInt32(truncatingIfNeeded: rg >> 48) & 0xFF
        let b = UInt32(truncatingIfNeeded: ba >> 16) & 0xFF, a = UInt32(truncatingIfNeeded: ba >> 48) & 0xFF
        return r | g << 8 | b << 16 | a << 24
    }

    /// The previous single-stage form of `blend4` (weights w00 = (256 − fx)(256 − fy)...),
    /// kept as its reference for tests.
    static func blend4Reference(_ p00: UInt32, _ p10: UInt32, _ p01: UInt32, _ p11: UInt32,
                                _ fx: UInt64, _ fy: UInt64) -> UInt32 {
        let gx = 256 - fx, gy = 256 - fy
        let w00 = gx * gy, w10 = fx * gy, w01 = gx * fy, w11 = fx * fy
        var rg: UInt64 = 0x0000_8000_0000_8000, ba: UInt64 = 0x0000_8000_0000_8000
        @inline(__always) func add(_ p: UInt32, _ w: UInt64) {
            let q = UInt64(p)
            rg &+= ((q & 0xFF) | ((q & 0xFF00) << 24)) &* w
            ba &+= (((q >> 16) & 0xFF) | ((q & 0xFF00_0000) << 8)) &* w
        }
        add(p00, w00); add(p10, w10); add(p01, w01); add(p11, w11)
        let r = UInt32(truncatingIfNeeded: (rg >> 16) & 0xFF), g = UInt32(truncatingIfNeeded: (rg >> 48) & 0xFF)
        let b = UInt32(truncatingIfNeeded: (ba >> 16) & 0xFF), a = UInt32(truncatingIfNeeded: (ba >> 48) & 0xFF)
        return r | g << 8 | b << 16 | a << 24
    }

    /// (c0·(256 − f) + c1·f + 128) >> 8 per channel, f in 0...256.
    @inline(__always) static func lerp(_ c0: UInt32, _ c1: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 - f
        let rb = ((c0 & 0x00FF_00FF) &* g &+ (c1 & 0x00FF_00FF) &* f &+ 0x0080_0080) >> 8
        let ag = (((c0 >> 8) & 0x00FF_00FF) &* g &+ ((c1 >> 8) & 0x00FF_00FF) &* f &+ 0x0080_0080) >> 8
        return (rb & 0x00FF_00FF) | ((ag & 0x00FF_00FF) << 8)
    }

    /// The same in 40.24 fixed point (the affine path's stepping precision), clamped to
    /// ±2^30 texels.
    @inline(__always) static func fixed24(_ u: Double) -> Int {
        let f = (u - 0.5) * 0x1p24
        if f > -0x1p54 && f < 0x1p54 {
            let i = Int(f)
            return Double(i) > f ? i - 1 : i
        }
        return f > 0 ? 1 << 54 : -(1 << 54)
    }

    /// log2(x) for mip selection without a libm call: exponent bits plus a degree-5
    /// least-squares (Chebyshev) polynomial in the mantissa m ∈ [1, 2), max error 3.2e-5
    /// (1/120 of one step of the 8-bit level fraction).
    /// x ≤ 1e-300, NaN → 0; +∞ → 1024.
    @inline(__always) static func fastLog2(_ x: Double) -> Double {
        guard x > 1e-300 else { return 0 }
        guard x.isFinite else { return 1024 }
        let bits = x.bitPattern
        let e = Double(Int((bits >> 52) & 0x7FF) - 1023)
        let m = Double(bitPattern: (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000)
        var p = 0.04342891
        p = p * m - 0.40486717
        p = p * m + 1.59390136
        p = p * m - 3.49249428
        p = p * m + 5.04687604
        p = p * m - 2.78681295
        return e + p
    }

    /// Level-l fixed coordinate from the level-0 one: (u + ½)/2^l − ½ in 16.16.
    @inline(__always) static func down(_ u: Int, _ level: Int) -> Int {
        ((u &+ 0x8000) >> level) &- 0x8000
    }

    /// A continuous coordinate (pixel-edge space, centre of texel i at i + 0.5) to the 16.16
    /// texel-centre fixed point, clamped to ±2^30 texels so conversion can never trap.
    /// NaN maps to a far-away coordinate (transparent, or the clamped edge).
    @inline(__always) static func fixed(_ u: Double) -> Int {
        let f = (u - 0.5) * 65536
        if f > -0x1p46 && f < 0x1p46 {
            // floor without a libm call (baseline x86-64 has no rounding instruction).
            let i = Int(f)
            return Double(i) > f ? i - 1 : i
        }
        return f > 0 ? 1 << 46 : -(1 << 46)
    }
}

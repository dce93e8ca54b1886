import CLaminaKernels
import Foundation

/// Paints an image seen through an affine or projective map: pixel centre (X + 0.5, y + 0.5)
/// maps through `inverse` to a source point (u, v) in the image's pixel space (texel (i, j)
/// covers [i, i+1) × [j, j+1)), which is then filtered (nearest / bilinear / trilinear) with an
/// edge mode. Output is premultiplied RGBA8, not yet multiplied by any global alpha (the
/// blitter applies that and coverage).
///
/// Paths:
/// - affine maps with moderate coefficients step 40.24 fixed-point coordinates: u(X) is
///   `rowU + X·dU` in integers, computed from the absolute column so any split of a row gives
///   the same bytes. The run of pixels whose taps are all inside skips edge handling.
/// - projective maps divide per pixel in Double (u = U/W), then use the same kernels (with the
///   same inside-run split for bilinear).
///   Pixels with W ≤ `PaintProjective.minimumW` (behind the eye) paint transparent; the
///   compositor clips quads to w > ε, so they are never inside a drawn quad, and `isOpaque`
///   ignores them.
/// - trilinear picks the level from the screen-space footprint: λ = log2(max(|∂(u,v)/∂x|,
///   |∂(u,v)/∂y|)) — constant for affine maps, per pixel for projective ones — and blends
///   levels ⌊λ⌋ and ⌊λ⌋ + 1 by the fraction (8-bit). λ ≤ 0 (magnification) is bilinear on
///   level 0; beyond the last level, the last level.
///
/// A non-finite map, or one whose w is never positive (bottom row 0 0 c with c ≤ 0), paints
/// nothing. A singular map is allowed (it smears one line or point of the image).
package struct ImageShader: SpanShader {
    package let image: SampledImage
    package let filter: ImageFilter
    package let edge: ImageEdgeMode
    let map: PaintProjective
    /// How projective maps find source points (`.exact` unless built with the
    /// `perspective:` initializer).
    package let perspective: PerspectiveSampling
    /// Set when the map is affine with coefficients small enough for the 40.24 path.
    private let fixedAffine: PaintAffine?
    private let valid: Bool
    /// Constant mip λ for affine maps.
    private let affineLambda: Double
    package let isOpaque: Bool

    /// `inverse` maps destination pixel space to source pixel space.
    package init(image: SampledImage, inverse: PaintProjective, filter: ImageFilter = .bilinear,
                 edge: ImageEdgeMode = .clamp) {
        self.init(image: image, inverse: inverse, filter: filter, edge: edge, perspective: .exact)
    }

    /// The same shader with a choice of how projective maps are evaluated (see
    /// `PerspectiveSampling`; affine maps are unaffected).
    package init(image: SampledImage, inverse: PaintProjective, filter: ImageFilter = .bilinear,
                 edge: ImageEdgeMode = .clamp, perspective: PerspectiveSampling) {
        self.image = image
        self.perspective = perspective
        self.edge = edge
        self.filter = filter == .trilinear && image.levels.count < 2 ? .bilinear : filter
        map = inverse
        valid = inverse.isFinite && !(inverse.m20 == 0 && inverse.m21 == 0 && inverse.m22 <= 0)
        let aff = valid ? inverse.affine : nil
        // Then |u| < 2^38 over any surface (≤ 32768 px a side), coordinates are clamped to
        // ±2^30 texels, and 40.24 fixed point (|value| < 2^61) fits Int.
        if let m = aff, [m.a, m.b, m.c, m.d].allSatisfy({ abs($0) < 0x1p20 }), abs(m.tx) < 0x1p36, abs(m.ty) < 0x1p36 {
            fixedAffine = m
        } else {
            fixedAffine = nil
        }
        if let m = aff {
            let rho = max((m.a * m.a + m.b * m.b).squareRoot(), (m.c * m.c + m.d * m.d).squareRoot())
            affineLambda = rho > 0 ? log2(rho) : 0
        } else {
            affineLambda = 0
        }
        isOpaque = valid && image.isOpaque && edge != .transparent
    }

    package init(image: SampledImage, inverse: PaintAffine, filter: ImageFilter = .bilinear,
                 edge: ImageEdgeMode = .clamp) {
        self.init(image: image, inverse: inverse.projective, filter: filter, edge: edge)
    }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard valid else { out.update(repeating: 0, count: count); return }
        if let m = fixedAffine {
            shadeAffine(m, y: y, x: x, count: count, into: out)
        } else {
            if perspective == .interpolated && filter != .trilinear {
                shadeInterpolated(y: y, x: x, count: count, into: out)
            } else {
                shadeProjective(y: y, x: x, count: count, into: out)
            }
        }
    }

    // MARK: Affine, fixed point

    private func shadeAffine(_ m: PaintAffine, y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let fy = Double(y) + 0.5
        // 40.24 fixed point: the rounding of the per-pixel step then drifts at most
        // 32768 · 2^-25 ≈ 0.001 texel across the widest surface (16.16 would drift 0.25).
        let rowU = TexelKernels.fixed24(m.a * 0.5 + m.c * fy + m.tx), dU = Int((m.a * 0x1p24).rounded())
        let rowV = TexelKernels.fixed24(m.b * 0.5 + m.d * fy + m.ty), dV = Int((m.b * 0x1p24).rounded())
        let edge = self.edge
        switch filter {
        case .nearest:
            let t = image.texels[0]
            if dU == 1 << 24 && dV == 0 {
                // Texels on pixels along the row (the compositor's pixel-aligned contents): U
                // steps by exactly one texel, so texel column i0 + X of row j, where the
                // nearest loop below would fetch each of them — copied, then that loop for
                // the columns outside the image.
                let i0 = ((rowU >> 8) &+ 0x8000) >> 16, j = ((rowV >> 8) &+ 0x8000) >> 16
                let lo = max(x, -i0), hi = min(x + count, t.width - i0)
                if j >= 0 && j < t.height && lo < hi {
                    let row = UnsafeMutableRawPointer(t.base).assumingMemoryBound(to: UInt32.self) + j &* t.rowWords
                    (out + (lo - x)).update(from: row + (i0 + lo), count: hi - lo)
                    for X in x ..< lo { out[X - x] = TexelKernels.nearest(t, (rowU &+ X &* dU) >> 8, rowV >> 8, edge) }
                    for X in hi ..< x + count { out[X - x] = TexelKernels.nearest(t, (rowU &+ X &* dU) >> 8, rowV >> 8, edge) }
                    return
                }
            }
            for i in 0..<count {
                let X = x + i
                out[i] = TexelKernels.nearest(t, (rowU &+ X &* dU) >> 8, (rowV &+ X &* dV) >> 8, edge)
            }
        case .bilinear:
            bilinearSpan(image.texels[0], rowU, dU, rowV, dV, x, count, out, level: 0)
        case .trilinear:
            let (l0, f) = levels(affineLambda)
            let t0 = image.texels[l0]
            if f == 0 {
                bilinearSpan(t0, rowU, dU, rowV, dV, x, count, out, level: l0)
            } else {
                let t1 = image.texels[l0 + 1]
                for i in 0..<count {
                    let X = x + i
                    let u = (rowU &+ X &* dU) >> 8, v = (rowV &+ X &* dV) >> 8
                    let c0 = TexelKernels.bilinear(t0, TexelKernels.down(u, l0), TexelKernels.down(v, l0), edge)
                    let c1 = TexelKernels.bilinear(t1, TexelKernels.down(u, l0 + 1), TexelKernels.down(v, l0 + 1), edge)
                    out[i] = TexelKernels.lerp(c0, c1, f)
                }
            }
        }
    }

    /// The pixels [L, R) of the span x ..< x + count where `inside` holds, given that it holds
    /// on one contiguous run (true for the preimage of a convex texel region along a row
    /// under an affine map, and under a projective map where w > 0). Found by walking in from
    /// both ends, so the cost is the number of outside pixels plus two.
    @inline(__always)
    private static func insideRun(_ x: Int, _ count: Int, _ inside: (Int) -> Bool) -> (Int, Int) {
        var l = x, r = x + count
        while l < r && !inside(l) { l += 1 }
        while r > l && !inside(r - 1) { r -= 1 }
        return (l, r)
    }

    /// Bilinear along a span of an affine map on mip level `level` (40.24 coordinates given on
    /// level 0; the kernels take them as 16.16 by dropping 8 bits, i.e. rounding down).
    @inline(__always)
    private func bilinearSpan(_ t: TexelLevel, _ rowU: Int, _ dU: Int, _ rowV: Int, _ dV: Int,
                              _ x: Int, _ count: Int, _ out: UnsafeMutablePointer<UInt32>, level: Int) {
        let edge = self.edge
        @inline(__always) func generic(_ X: Int) -> UInt32 {
            TexelKernels.bilinear(t, TexelKernels.down((rowU &+ X &* dU) >> 8, level),
                                  TexelKernels.down((rowV &+ X &* dV) >> 8, level), edge)
        }
        guard level == 0 else {
            for i in 0..<count { out[i] = generic(x + i) }
            return
        }
        let avx2 = lamina_kernels_use_avx2() != 0
        let words = UnsafeMutableRawPointer(t.base).assumingMemoryBound(to: UInt32.self)
        // A row of an axis-aligned map above or below the image under clamp: both tap rows are
        // the edge row (j < 0 gives j + 1 ≤ 0, j + 1 ≥ height gives j ≥ height − 1), so the
        // columns inside take the kernel with the bottom taps on the same row.
        if dV == 0 && edge == .clamp {
            let j = rowV >> 24
            if j < 0 || j + 1 >= t.height {
                let j0 = min(max(j, 0), t.height - 1)
                let (l, r) = ImageShader.insideRun(x, count) { X in
                    let i = (rowU &+ X &* dU) >> 24
                    return i >= 0 && i + 1 < t.width
                }
                for X in x..<l { out[X - x] = generic(X) }
                if r > l {
                    ImageShader.bilinearInside(words, t.rowWords, below: 0, rowU &+ l &* dU, dU,
                                               (j0 << 24) | (rowV & 0xFF_FFFF), 0, r - l, out + (l - x), avx2: avx2,
                                               clear: t.clear, clearColumns: t.clearColumns)
                }
                for X in max(l, r)..<(x + count) { out[X - x] = generic(X) }
                return
            }
        }
        // Pixels whose four taps are all inside skip edge handling; the rest use the generic
        // kernel, whose interior branch does the same arithmetic.
        let (l, r) = ImageShader.insideRun(x, count) { X in
            let i = (rowU &+ X &* dU) >> 24, j = (rowV &+ X &* dV) >> 24
            return i >= 0 && i + 1 < t.width && j >= 0 && j + 1 < t.height
        }
        for X in x..<l { out[X - x] = generic(X) }
        if r > l {
            ImageShader.bilinearInside(words, t.rowWords, below: t.rowWords, rowU &+ l &* dU, dU, rowV &+ l &* dV, dV,
                                       r - l, out + (l - x), avx2: avx2, clear: t.clear, clearColumns: t.clearColumns)
        }
        for X in max(l, r)..<(x + count) { out[X - x] = generic(X) }
    }

    /// Bilinear samples at u + i·dU, v + i·dV (40.24) for i < count, every pixel's four taps
    /// inside the texels (`words`, `stride` words a row; the bottom taps `below` words after the
    /// top ones: `stride`, or 0 on a clamped edge row). With `avx2` the C kernel
    /// (`lamina_avx2_bilinear_affine`, the same bytes), else `TexelKernels.blend4` per pixel.
    ///
    /// With `clear` (the level's `ClearTiles` flags, `clearColumns` blocks a row) the span goes
    /// in chunks of 16 pixels, and a chunk whose coordinate box (its end points: the map is
    /// affine) lies in clear blocks is written as zeros without loading texels — the bytes the
    /// kernels would compute from those zero texels.
    @inline(__always)
    static func bilinearInside(_ words: UnsafeMutablePointer<UInt32>, _ stride: Int, below: Int, _ u0: Int, _ dU: Int,
                               _ v0: Int, _ dV: Int, _ count: Int, _ out: UnsafeMutablePointer<UInt32>,
                               avx2: Bool, clear: UnsafePointer<UInt8>? = nil, clearColumns: Int = 0) {
        if let clear {
            var k = 0
            while k < count {
                let n = min(16, count &- k)
                let ua = u0 &+ k &* dU, ub = ua &+ (n &- 1) &* dU, va = v0 &+ k &* dV, vb = va &+ (n &- 1) &* dV
                // Texel indices are ≥ 0 here (every tap inside), so the block shifts are plain.
                if lamina_clear_blocks(clear, clearColumns, Int64(min(ua, ub) >> 27), Int64(max(ua, ub) >> 27),
                                       Int64(min(va, vb) >> 27), Int64(max(va, vb) >> 27)) != 0 {
                    (out + k).update(repeating: 0, count: n)
                } else {
                    bilinearInside(words, stride, below: below, ua, dU, va, dV, n, out + k, avx2: avx2)
                }
                k &+= n
            }
            return
        }
        if avx2 {
            lamina_avx2_bilinear_affine(out, words, stride, below, count, Int64(u0), Int64(dU), Int64(v0), Int64(dV))
            return
        }
        var u = u0, v = v0
        for i in 0..<count {
            let p = words + ((v >> 24) &* stride &+ (u >> 24))
            let fx = UInt64(truncatingIfNeeded: (u >> 16) & 0xFF), fy = UInt64(truncatingIfNeeded: (v >> 16) & 0xFF)
            out[i] = TexelKernels.blend4(p[0], p[1], p[below], p[below + 1], fx, fy)
            u &+= dU; v &+= dV
        }
    }

    /// Mip level and 8-bit blend fraction toward the next level for λ.
    @inline(__always) private func levels(_ lambda: Double) -> (Int, UInt32) {
        let maxLevel = image.levels.count - 1
        guard lambda > 0 else { return (0, 0) }
        guard lambda < Double(maxLevel) else { return (maxLevel, 0) }
        let l = Int(lambda) // 0 ≤ l < maxLevel
        return (l, UInt32((lambda - Double(l)) * 256 + 0.5))
    }

    // MARK: Projective (and huge affine), per-pixel divide

    func shadeProjective(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map, fy = Double(y) + 0.5
        let rowU = m.m01 * fy + m.m02, rowV = m.m11 * fy + m.m12, rowW = m.m21 * fy + m.m22
        let edge = self.edge
        let t0 = image.texels[0]
        // One loop per filter so the per-pixel body has no dispatch.
        switch filter {
        case .nearest:
            for i in 0..<count {
                let fx = Double(x + i) + 0.5
                let W = m.m20 * fx + rowW
                guard W > PaintProjective.minimumW else { out[i] = 0; continue }
                let rw = 1 / W
                out[i] = TexelKernels.nearest(t0, TexelKernels.fixed((m.m00 * fx + rowU) * rw),
                                              TexelKernels.fixed((m.m10 * fx + rowV) * rw), edge)
            }
        case .bilinear:
            @inline(__always) func generic(_ X: Int) -> UInt32 {
                let fx = Double(X) + 0.5
                let W = m.m20 * fx + rowW
                guard W > PaintProjective.minimumW else { return 0 }
                let rw = 1 / W
                return TexelKernels.bilinear(t0, TexelKernels.fixed((m.m00 * fx + rowU) * rw),
                                             TexelKernels.fixed((m.m10 * fx + rowV) * rw), edge)
            }
            // The run of pixels inside the image with a 1/1000-texel guard (so floating-point
            // wiggle cannot make the checked run and the computed taps disagree) takes the
            // branch-free loop: same arithmetic as `fixed`, whose floor is truncation here.
            let maxU = Double(t0.width - 1) - 0.001, maxV = Double(t0.height - 1) - 0.001
            let (l, r) = ImageShader.insideRun(x, count) { X in
                let fx = Double(X) + 0.5
                let W = m.m20 * fx + rowW
                guard W > PaintProjective.minimumW else { return false }
                let rw = 1 / W
                let u = (m.m00 * fx + rowU) * rw - 0.5, v = (m.m10 * fx + rowV) * rw - 0.5
                return u >= 0.001 && u < maxU && v >= 0.001 && v < maxV
            }
            for X in x..<l { out[X - x] = generic(X) }
            if r > l {
                let words = UnsafeMutableRawPointer(t0.base).assumingMemoryBound(to: UInt32.self)
                let stride = t0.rowWords
                for X in l..<r {
                    let fx = Double(X) + 0.5
                    let rw = 1 / (m.m20 * fx + rowW)
                    let U = Int(((m.m00 * fx + rowU) * rw - 0.5) * 65536)
                    let V = Int(((m.m10 * fx + rowV) * rw - 0.5) * 65536)
                    let p = words + ((V >> 16) &* stride &+ (U >> 16))
                    out[X - x] = TexelKernels.blend4(p[0], p[1], p[stride], p[stride + 1],
                                                     UInt64(truncatingIfNeeded: (U >> 8) & 0xFF),
                                                     UInt64(truncatingIfNeeded: (V >> 8) & 0xFF))
                }
            }
            for X in max(l, r)..<(x + count) { out[X - x] = generic(X) }
        case .trilinear:
            let levels = image.texels
            for i in 0..<count {
                let fx = Double(x + i) + 0.5
                let W = m.m20 * fx + rowW
                guard W > PaintProjective.minimumW else { out[i] = 0; continue }
                let rw = 1 / W
                let u = (m.m00 * fx + rowU) * rw, v = (m.m10 * fx + rowV) * rw
                let U = TexelKernels.fixed(u), V = TexelKernels.fixed(v)
                // ∂u/∂x = (m00 − u·m20)/W etc.; λ = ½·log2 of the larger squared footprint.
                let ux = (m.m00 - u * m.m20) * rw, vx = (m.m10 - v * m.m20) * rw
                let uy = (m.m01 - u * m.m21) * rw, vy = (m.m11 - v * m.m21) * rw
                let rho2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
                let (l0, f) = self.levels(0.5 * TexelKernels.fastLog2(rho2))
                let c0 = TexelKernels.bilinear(levels[l0], TexelKernels.down(U, l0), TexelKernels.down(V, l0), edge)
                if f == 0 { out[i] = c0; continue }
                let c1 = TexelKernels.bilinear(levels[l0 + 1], TexelKernels.down(U, l0 + 1), TexelKernels.down(V, l0 + 1), edge)
                out[i] = TexelKernels.lerp(c0, c1, f)
            }
        }
    }
}

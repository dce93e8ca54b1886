import CLaminaKernels

/// How an `ImageShader` with a projective (non-affine) map finds each pixel's source point.
package enum PerspectiveSampling: Sendable, Hashable {
    /// u = U/W and v = V/W divided in Double at every pixel (the reference; the default).
    case exact
    /// Divided at three columns per `InterpolatedPerspective.step` (16), a parabola in
    /// between — a subdivided-span texture mapper, about 1.5x as fast for bilinear. Applies to
    /// `.nearest` and `.bilinear`; `.trilinear` stays exact. See `InterpolatedPerspective`.
    case interpolated
}

/// The definition of `PerspectiveSampling.interpolated`, which the fast loop must match
/// byte for byte (tests compare it with a plain per-pixel evaluation of this definition).
///
/// For destination pixel column X on row y, let X0 = X − (X mod 16) (floor, in absolute
/// surface columns, so any split of a row gives the same bytes), Xm = X0 + 8, X1 = X0 + 16.
/// At the pixel centres of X0, Xm and X1 the source point is computed exactly as the `.exact`
/// path does (Double divide, then `TexelKernels.fixed`: 16.16 texel-centre fixed point),
/// giving U0, Um, U1 (and V likewise). In between, U follows the parabola through the three:
///     d1 = Um − U0,  d2 = U1 − U0,  k = X − X0,
///     U(X) = U0 + (k · (16·(4·d1 − d2) + 2·k·(d2 − 2·d1))) >> 8     (arithmetic shift = floor)
/// and the pixel is `TexelKernels.bilinear(level 0, U, V, edge)` (or `.nearest`). If w ≤
/// `PaintProjective.minimumW` at any of the three columns, X0..<X1 use the exact path.
///
/// Why a parabola: along a row u(x) = (a·x + b)/(c·x + e) is a hyperbola. A straight chord
/// over 8 px already misses it by up to 8·max|u″| (u″ = −2c·u′/w) — 0.05 texel on a 256 px
/// image turned 60° at perspective distance 1000, visible on hard texel edges (measured: 12
/// levels). The parabola through three exact points errs by at most L³/125·max|u‴| over a
/// segment of L px (u‴ = 6c²·u′/w²): about 0.001 texel there for L = 16, below the
/// 1/256-texel resolution of the bilinear weights. On the whole benchmark frame S2 this
/// differs from `.exact` by 1 level on 0.09 % of pixels, for two divides per 16 px instead
/// of 16. (L = 8 was 0.004 % of pixels and 8 % more instructions.)
enum InterpolatedPerspective {
    static let shift = 4
    static let step = 1 << shift
}

extension ImageShader {
    /// The exact source point (16.16 texel-centre fixed point) of column X on a row, or nil
    /// when w ≤ `PaintProjective.minimumW` there. Same arithmetic as `shadeProjective`.
    @inline(__always)
    static func exactPoint(_ m: PaintProjective, _ X: Int, rowU: Double, rowV: Double, rowW: Double) -> (Int, Int)? {
        let fx = Double(X) + 0.5
        let W = m.m20 * fx + rowW
        guard W > PaintProjective.minimumW else { return nil }
        let rw = 1 / W
        return (TexelKernels.fixed((m.m00 * fx + rowU) * rw), TexelKernels.fixed((m.m10 * fx + rowV) * rw))
    }

    /// `PerspectiveSampling.interpolated` over columns x ..< x + count of row y (surface
    /// pixels). Bilinear with AVX2 goes to the C row kernel; everything else, and whatever the
    /// kernel leaves, to `shadeInterpolatedSegments`.
    func shadeInterpolated(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard lamina_kernels_use_avx2() != 0 && filter == .bilinear else {
            shadeInterpolatedSegments(y: y, x: x, count: count, into: out)
            return
        }
        // The C kernel does whole rows; where it stops (w ≤ minimumW at a segment's exact
        // points, or a tap outside the image under .repeat) the rest of that 16-column segment
        // goes through the Swift path, which gives the same bytes for any split of a row.
        let m = map, t = image.texels[0], n = InterpolatedPerspective.step, end = x + count
        var coefficients = (m.m00, m.m01, m.m02, m.m10, m.m11, m.m12, m.m20, m.m21, m.m22)
        withUnsafePointer(to: &coefficients) { tuple in
            let m9 = UnsafeRawPointer(tuple).assumingMemoryBound(to: Double.self)
            let words = UnsafeMutableRawPointer(t.base).assumingMemoryBound(to: UInt32.self)
            var X = x
            while X < end {
                X &+= lamina_avx2_perspective_bilinear_row(out + (X &- x), words, t.rowWords, t.width, t.height, t.clear,
                                                           t.clearColumns, Self.kernelEdge(edge), m9,
                                                           PaintProjective.minimumW, y, X, end &- X)
                guard X < end else { break }
                let segEnd = min(end, (X & ~(n - 1)) + n)
                shadeInterpolatedSegments(y: y, x: X, count: segEnd &- X, into: out + (X &- x))
                X = segEnd
            }
        }
    }

    /// The C kernels' edge-mode code: they sample clamp and transparent edges themselves and
    /// leave repeat to `TexelKernels.bilinear`.
    static func kernelEdge(_ edge: ImageEdgeMode) -> Int32 {
        switch edge {
        case .clamp: return Int32(LAMINA_EDGE_CLAMP)
        case .transparent: return Int32(LAMINA_EDGE_TRANSPARENT)
        case .repeat: return Int32(LAMINA_EDGE_STOP)
        }
    }

    /// `shadeInterpolated` segment by segment in Swift (the bilinear inside runs through the
    /// parabola kernel when AVX2 is on).
    func shadeInterpolatedSegments(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let m = map, fy = Double(y) + 0.5
        let rowU = m.m01 * fy + m.m02, rowV = m.m11 * fy + m.m12, rowW = m.m21 * fy + m.m22
        let edge = self.edge, nearest = filter == .nearest
        let t = image.texels[0]
        let s = InterpolatedPerspective.shift, n = InterpolatedPerspective.step
        let end = x + count
        let avx2 = lamina_kernels_use_avx2() != 0
        var X = x
        // The right end of one segment is the left end of the next: two divides per segment.
        var cachedX = Int.min, cached: (Int, Int)? = nil
        while X < end {
            let X0 = X & ~(n - 1), X1 = X0 + n
            let segEnd = min(end, X1)
            let p0 = X0 == cachedX ? cached : Self.exactPoint(m, X0, rowU: rowU, rowV: rowV, rowW: rowW)
            let pm = Self.exactPoint(m, X0 + n / 2, rowU: rowU, rowV: rowV, rowW: rowW)
            let p1 = Self.exactPoint(m, X1, rowU: rowU, rowV: rowV, rowW: rowW)
            cachedX = X1; cached = p1
            guard let (u0, v0) = p0, let (um, vm) = pm, let (u1, v1) = p1 else {
                shadeProjective(y: y, x: X, count: segEnd - X, into: out + (X - x))
                X = segEnd
                continue
            }
            // U(k) = u0 + (k·(ua + k·ub)) >> 2s: the parabola through (0, u0), (n/2, um), (n, u1).
            let ua = n &* (4 &* (um &- u0) &- (u1 &- u0)), ub = 2 &* ((u1 &- u0) &- 2 &* (um &- u0))
            let va = n &* (4 &* (vm &- v0) &- (v1 &- v0)), vb = 2 &* ((v1 &- v0) &- 2 &* (vm &- v0))
            let s2 = 2 &* s
            if nearest {
                while X < segEnd {
                    let k = X &- X0
                    out[X &- x] = TexelKernels.nearest(t, u0 &+ ((k &* (ua &+ k &* ub)) >> s2),
                                                       v0 &+ ((k &* (va &+ k &* vb)) >> s2), edge)
                    X &+= 1
                }
                continue
            }
            // The numerators k·(ua + k·ub) by forward differences: N(k+1) = N(k) + D(k),
            // D(k) = ua + (2k + 1)·ub, D += 2·ub.
            let k0 = X &- X0
            var state = lamina_parabola(nu: Int64(k0 &* (ua &+ k0 &* ub)), du: Int64(ua &+ (2 &* k0 &+ 1) &* ub),
                                        nv: Int64(k0 &* (va &+ k0 &* vb)), dv: Int64(va &+ (2 &* k0 &+ 1) &* vb))
            Self.bilinearParabola(t, edge, u0: u0, v0: v0, &state, ddu: 2 &* ub, ddv: 2 &* vb, shift2: s2,
                                  count: segEnd &- X, out + (X &- x), avx2: avx2)
            X = segEnd
        }
    }

    /// Bilinear samples along one parabola segment: pixel k at 16.16 texel-centre
    /// U = u0 + (nu >> shift2), V = v0 + (nv >> shift2), then nu += du, du += ddu (v likewise)
    /// — the numerators k·(ua + k·ub) by exact forward differences (integers, so the same values
    /// as the formula). Pixels whose four taps are inside blend directly; the others go through
    /// `TexelKernels.bilinear` with the edge mode. With `avx2` the inside runs go to the C kernel
    /// (`lamina_avx2_bilinear_parabola`, the same bytes). `state` ends after the last pixel.
    @inline(__always)
    static func bilinearParabola(_ t: TexelLevel, _ edge: ImageEdgeMode, u0: Int, v0: Int, _ state: inout lamina_parabola,
                                 ddu: Int, ddv: Int, shift2 s2: Int, count: Int, _ out: UnsafeMutablePointer<UInt32>,
                                 avx2: Bool) {
        let words = UnsafeMutableRawPointer(t.base).assumingMemoryBound(to: UInt32.self)
        let stride = t.rowWords
        // Unsigned compares: i in 0 ..< width − 1 (so i + 1 is inside too).
        let maxI = UInt(bitPattern: t.width - 1), maxJ = UInt(bitPattern: t.height - 1)
        var k = 0
        if avx2 {
            // The C kernel writes the run of pixels whose taps are all inside; the pixel that
            // stopped it takes the edge-mode path here, and the kernel goes on.
            while k < count {
                k &+= lamina_avx2_bilinear_parabola(out + k, words, stride, count &- k, Int64(u0), Int64(v0),
                                                    Int64(ddu), Int64(ddv), Int32(s2), UInt64(maxI), UInt64(maxJ),
                                                    t.clear, t.clearColumns, kernelEdge(edge), &state)
                guard k < count else { break }
                out[k] = TexelKernels.bilinear(t, u0 &+ (Int(state.nu) >> s2), v0 &+ (Int(state.nv) >> s2), edge)
                state.nu &+= state.du; state.du &+= Int64(ddu); state.nv &+= state.dv; state.dv &+= Int64(ddv)
                k &+= 1
            }
            return
        }
        var nu = Int(state.nu), du = Int(state.du), nv = Int(state.nv), dv = Int(state.dv)
        while k < count {
            let U = u0 &+ (nu >> s2), V = v0 &+ (nv >> s2)
            nu &+= du; du &+= ddu; nv &+= dv; dv &+= ddv
            let i = U >> 16, j = V >> 16
            if UInt(bitPattern: i) < maxI && UInt(bitPattern: j) < maxJ {
                // All four taps inside: the interior branch of `TexelKernels.bilinear`.
                let p = words + (j &* stride &+ i)
                out[k] = TexelKernels.blend4(p[0], p[1], p[stride], p[stride &+ 1],
                                             UInt64(truncatingIfNeeded: (U >> 8) & 0xFF),
                                             UInt64(truncatingIfNeeded: (V >> 8) & 0xFF))
            } else {
                out[k] = TexelKernels.bilinear(t, U, V, edge)
            }
            k &+= 1
        }
        state = lamina_parabola(nu: Int64(nu), du: Int64(du), nv: Int64(nv), dv: Int64(dv))
    }
}

// A rect border inside a masked page, painted through the plane's homography without the
// plane surface (`.drawMaskedPlaneDirect`): the page's masked group is one fill whose coverage
// is the projected mask outline, so the border is a paint layer of that fill — its colour
// times the fraction of each pixel's footprint that lies on the ring.
//
// The mask lies inside the border's outer edge (`DirectPlaneChoice` checks it), so within the
// fill only the ring's inner edge is ever crossed: coverage = 1 − (fraction of the footprint
// inside the inner rect). The footprint is the pixel mapped back to bounds points, taken as
// the axis-aligned box of its local Jacobian (a box filter, exact for axis-aligned edges under
// an affine map). The surface path instead rasterizes the ring with exact area coverage into
// the plane surface and resamples that bilinearly: the two agree inside and outside the ring
// and differ on the inner edge's one or two pixels by the bilinear blur (a few levels).
//
// Most of a page lies deep inside the ring, where every pixel is 0. `zeroRun` finds that run
// of a row in closed form (ZeroRun below), so the page's fill neither shades nor blends it
// (`UnderlayShader` skips it); the pixels it returns are exactly those `shadeOne` makes 0.
import CoreGraphics
import LaminaRaster

/// Border colour × ring coverage for target pixels (see the file comment).
struct ProjectedBorderShader: SpanShader {
    /// Target-local pixels → bounds points.
    let inverse: PaintProjective
    /// The ring's inner edge in bounds points (empty when the border fills the rect).
    let inner: CGRect
    /// Premultiplied packed border colour.
    let color: UInt32

    var isOpaque: Bool { false }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let zero = zeroRun(y: y, x: x, count: count)
        guard !zero.isEmpty else { shadeChunks(y: y, x: x, count: count, into: out); return }
        shadeChunks(y: y, x: x, count: zero.lowerBound - x, into: out)
        (out + (zero.lowerBound - x)).update(repeating: 0, count: zero.count)
        shadeChunks(y: y, x: zero.upperBound, count: x + count - zero.upperBound, into: out + (zero.upperBound - x))
    }

    /// Every pixel by `shadeOne`: the definition `shade` must match byte for byte (tests).
    func shadeReference(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let ix0 = Double(inner.minX), ix1 = Double(inner.maxX), iy0 = Double(inner.minY), iy1 = Double(inner.maxY)
        guard ix1 > ix0 && iy1 > iy0 else {
            for i in 0..<count { out[i] = color }
            return
        }
        for i in 0..<count { out[i] = shadeOne(y: y, x: x + i, ix0, ix1, iy0, iy1) }
    }

    /// The pixels x ..< x + count of row y outside `zeroRun`.
    private func shadeChunks(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        let ix0 = Double(inner.minX), ix1 = Double(inner.maxX), iy0 = Double(inner.minY), iy1 = Double(inner.maxY)
        guard ix1 > ix0 && iy1 > iy0 else {
            for i in 0..<count { out[i] = color }
            return
        }
        // Most of a page lies well inside the ring: in runs of `chunk` pixels whose two ends
        // map deep inside the inner rect (by four times the larger footprint there), every
        // pixel between does too — the map takes the run to a segment, and the inner rect
        // shrunk by that margin is convex — so they are 0 without evaluating each.
        let chunk = 16
        var i = 0
        while i < count {
            let n = min(chunk, count - i)
            if n > 2, let a = sample(y: y, x: x + i), let b = sample(y: y, x: x + i + n - 1) {
                let margin = 4 * max(max(a.hu, a.hv), max(b.hu, b.hv))
                if Self.deepInside(a, margin, ix0, ix1, iy0, iy1), Self.deepInside(b, margin, ix0, ix1, iy0, iy1) {
                    for k in 0..<n { out[i + k] = 0 }
                    i += n
                    continue
                }
            }
            for k in 0..<n { out[i + k] = shadeOne(y: y, x: x + i + k, ix0, ix1, iy0, iy1) }
            i += n
        }
    }

    /// The pixels of x ..< x + count on row y that are 0 (the footprint deep inside the inner
    /// rect): one run, found in closed form, possibly empty. Exactly: every pixel it returns is
    /// one `shadeOne` makes 0, so `shade` writes 0 there without evaluating it.
    ///
    /// Along a row the map is u = (m00·px + r0) / W, v = (m10·px + r1) / W with W = m20·px + rw
    /// linear, so where W > 0 (checked at both ends of the span) u and v are monotone in px,
    /// and the footprint's half-sizes are hu = ½(|Au| + |Bu + Cu·px|) / W² (hv likewise: the
    /// Jacobian's entries over W² with numerators constant or linear in px). Their maxima over
    /// the span (`Hu`, `Hv`, from its two ends, grown by a tolerance for rounding) shrink the
    /// inner rect; its preimage on the row is the intersection of four half-lines of px, taken
    /// one pixel narrower on each side. Then both ends of the run are checked deep inside by
    /// those margins — by monotonicity, so is every pixel between. A footprint too small for
    /// `overlap` to come out as exactly 1 (a magnification of ~10⁹) gives no run.
    func zeroRun(y: Int, x: Int, count: Int) -> Range<Int> {
        let none = x ..< x
        let ix0 = Double(inner.minX), ix1 = Double(inner.maxX), iy0 = Double(inner.minY), iy1 = Double(inner.maxY)
        guard count > 0, ix1 > ix0, iy1 > iy0 else { return none }
        let m = inverse
        let py = Double(y) + 0.5
        let r0 = m.m01 * py + m.m02, r1 = m.m11 * py + m.m12, rw = m.m21 * py + m.m22
        let pa = Double(x) + 0.5, pb = Double(x + count - 1) + 0.5
        let wa = m.m20 * pa + rw, wb = m.m20 * pb + rw
        guard wa > 1e-6, wb > 1e-6, wa.isFinite, wb.isFinite else { return none }
        let wMin = min(wa, wb), wMax = max(wa, wb)
        // Jacobian numerators: (m00 − u·m20)·W = Au, (m01 − u·m21)·W = Bu + Cu·px; v likewise.
        let au = abs(m.m00 * rw - m.m20 * r0), bu = m.m01 * rw - m.m21 * r0, cu = m.m01 * m.m20 - m.m21 * m.m00
        let av = abs(m.m10 * rw - m.m20 * r1), bv = m.m11 * rw - m.m21 * r1, cv = m.m11 * m.m20 - m.m21 * m.m10
        let lua = bu + cu * pa, lub = bu + cu * pb, lva = bv + cv * pa, lvb = bv + cv * pb
        let scale = 1 + max(max(abs(ix0), abs(ix1)), max(abs(iy0), abs(iy1)))
        let tolerance = 1e-7 * scale
        let hu = 0.5 * (au + max(abs(lua), abs(lub))) / (wMin * wMin) * (1 + 1e-9) + tolerance
        let hv = 0.5 * (av + max(abs(lva), abs(lvb))) / (wMin * wMin) * (1 + 1e-9) + tolerance
        // Smallest footprints over the span: |L| is smallest at an end unless L changes sign.
        let minLu = lua.sign == lub.sign ? min(abs(lua), abs(lub)) : 0
        let minLv = lva.sign == lvb.sign ? min(abs(lva), abs(lvb)) : 0
        let huMin = 0.5 * max(au, minLu) / (wMax * wMax), hvMin = 0.5 * max(av, minLv) / (wMax * wMax)
        guard hu.isFinite, hv.isFinite, huMin > 1e-9 * scale, hvMin > 1e-9 * scale,
              ix1 - ix0 > 2 * hu, iy1 - iy0 > 2 * hv else { return none }
        // k·px > r for each side of the shrunk rect (multiplied through by W > 0).
        var lo = pa - 1, hi = pb + 1
        func half(_ k: Double, _ r: Double) {
            if k > 0 { lo = max(lo, r / k) } else if k < 0 { hi = min(hi, r / k) } else if !(r < 0) { hi = lo }
        }
        let uL = ix0 + hu, uH = ix1 - hu, vL = iy0 + hv, vH = iy1 - hv
        half(m.m00 - uL * m.m20, uL * rw - r0)
        half(uH * m.m20 - m.m00, r0 - uH * rw)
        half(m.m10 - vL * m.m20, vL * rw - r1)
        half(vH * m.m20 - m.m10, r1 - vH * rw)
        guard lo.isFinite, hi.isFinite, lo < hi else { return none }
        // Pixel centres strictly inside (lo, hi), one pixel narrower on each side.
        let first = max(x, Int((lo - 0.5).rounded(.down)) + 2)
        let last = min(x + count - 1, Int((hi - 0.5).rounded(.up)) - 2)
        guard first <= last else { return none }
        func deep(_ X: Int) -> Bool {
            let px = Double(X) + 0.5
            let w = m.m20 * px + rw
            guard w > 1e-6 else { return false }
            let u = (m.m00 * px + r0) / w, v = (m.m10 * px + r1) / w
            return u - hu > ix0 && u + hu < ix1 && v - hv > iy0 && v + hv < iy1
        }
        guard deep(first), deep(last) else { return none }
        return first ..< last + 1
    }

    /// The pixel centre (x, y) mapped to bounds points, with half its footprint along u and v;
    /// nil behind the eye.
    @inline(__always)
    private func sample(y: Int, x: Int) -> (u: Double, v: Double, hu: Double, hv: Double)? {
        let m = inverse
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let w = m.m20 * px + m.m21 * py + m.m22
        guard w > PaintProjective.minimumW else { return nil }
        let u = (m.m00 * px + m.m01 * py + m.m02) / w, v = (m.m10 * px + m.m11 * py + m.m12) / w
        let hu = 0.5 * (abs(m.m00 - u * m.m20) + abs(m.m01 - u * m.m21)) / w
        let hv = 0.5 * (abs(m.m10 - v * m.m20) + abs(m.m11 - v * m.m21)) / w
        return (u, v, hu, hv)
    }

    @inline(__always)
    private static func deepInside(_ s: (u: Double, v: Double, hu: Double, hv: Double), _ margin: Double,
                                   _ ix0: Double, _ ix1: Double, _ iy0: Double, _ iy1: Double) -> Bool {
        s.u - margin > ix0 && s.u + margin < ix1 && s.v - margin > iy0 && s.v + margin < iy1
    }

    @inline(__always)
    private func shadeOne(y: Int, x: Int, _ ix0: Double, _ ix1: Double, _ iy0: Double, _ iy1: Double) -> UInt32 {
        guard let s = sample(y: y, x: x) else { return 0 }
        let inside = Self.overlap(s.u, s.hu, ix0, ix1) * Self.overlap(s.v, s.hv, iy0, iy1)
        let cover = 1 - inside
        if cover <= 0 { return 0 }
        if cover >= 1 { return color }
        return Self.scale(color, UInt32((cover * 256).rounded()))
    }

    /// Each premultiplied channel of `c` times w/256 (w in 0...256), rounded.
    @inline(__always) static func scale(_ c: UInt32, _ w: UInt32) -> UInt32 {
        let rb = ((c & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        let ag = (((c >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        return (rb & 0x00FF_00FF) | ((ag & 0x00FF_00FF) << 8)
    }

    /// The fraction of [centre − half, centre + half] inside [lo, hi].
    @inline(__always) static func overlap(_ centre: Double, _ half: Double, _ lo: Double, _ hi: Double) -> Double {
        guard half > 1e-12 else { return centre >= lo && centre < hi ? 1 : 0 }
        let a = max(centre - half, lo), b = min(centre + half, hi)
        return b > a ? (b - a) / (2 * half) : 0
    }
}

extension PieceRasterizer {
    /// The paint layer of a rect border piece of a masked page in `parent`'s pixels, nil when
    /// its map is degenerate.
    /// (The shader itself, not `any SpanShader`: a boxed existential was a malloc per page.)
    func directBorderPaint(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> ProjectedBorderShader? {
        guard case let .border(shape, width, color) = item.piece else { return nil }
        let f = DirectPlaneDrawing.forward(item, spec: spec, parent: parent)
        guard f.isFinite, let inverse = f.paintMap.inverted() else { return nil }
        return ProjectedBorderShader(inverse: inverse, inner: shape.inset(by: width).rect.standardized, color: color.premultiplied.packed)
    }
}

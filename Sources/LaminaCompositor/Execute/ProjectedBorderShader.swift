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
    func directBorderPaint(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (any SpanShader)? {
        guard case let .border(shape, width, color) = item.piece else { return nil }
        let f = DirectPlaneDrawing.forward(item, spec: spec, parent: parent)
        guard f.isFinite, let inverse = f.paintMap.inverted() else { return nil }
        return ProjectedBorderShader(inverse: inverse, inner: shape.inset(by: width).rect.standardized, color: color.premultiplied.packed)
    }
}

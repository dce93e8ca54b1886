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
        let m = inverse, c = color
        let ix0 = Double(inner.minX), ix1 = Double(inner.maxX), iy0 = Double(inner.minY), iy1 = Double(inner.maxY)
        let hasInner = ix1 > ix0 && iy1 > iy0
        let py = Double(y) + 0.5
        for i in 0..<count {
            let px = Double(x + i) + 0.5
            let w = m.m20 * px + m.m21 * py + m.m22
            guard w > PaintProjective.minimumW, hasInner else { out[i] = hasInner ? 0 : c; continue }
            let u = (m.m00 * px + m.m01 * py + m.m02) / w, v = (m.m10 * px + m.m11 * py + m.m12) / w
            // Half the footprint's extent along u and v (bounds points).
            let hu = 0.5 * (abs(m.m00 - u * m.m20) + abs(m.m01 - u * m.m21)) / w
            let hv = 0.5 * (abs(m.m10 - v * m.m20) + abs(m.m11 - v * m.m21)) / w
            let inside = Self.overlap(u, hu, ix0, ix1) * Self.overlap(v, hv, iy0, iy1)
            let cover = 1 - inside
            if cover <= 0 { out[i] = 0; continue }
            if cover >= 1 { out[i] = c; continue }
            out[i] = Self.scale(c, UInt32((cover * 256).rounded()))
        }
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
        guard f.isFinite, let h = PaintProjective(rowMajor: f.m), let inverse = h.inverted() else { return nil }
        return ProjectedBorderShader(inverse: inverse, inner: shape.inset(by: width).rect.standardized, color: color.premultiplied.packed)
    }
}

// Paint transforms: how a shader maps a destination pixel centre into its own space.
//
// Every shader is handed the *inverse* map (pixel space → paint space) so it can walk a span
// incrementally: affine maps add a constant per pixel, projective maps add a constant to the
// homogeneous numerators and denominator and divide once per pixel.

/// An affine map of the plane, (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty) — the same
/// convention and field names as CGAffineTransform, in Double. Units are whatever the two
/// spaces use (pixels → gradient units, pixels → source-image pixels...).
package struct PaintAffine: Hashable, Sendable {
    package var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    package static let identity = PaintAffine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    package static func translation(_ x: Double, _ y: Double) -> PaintAffine {
        PaintAffine(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    package static func scale(_ sx: Double, _ sy: Double) -> PaintAffine {
        PaintAffine(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// The image of (x, y).
    @inline(__always) package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        (a * x + c * y + tx, b * x + d * y + ty)
    }

    /// True when all six coefficients are finite (a map with NaN or ∞ paints nothing).
    package var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// First `self`, then `next` (CGAffineTransform's `concatenating` order).
    package func concatenating(_ next: PaintAffine) -> PaintAffine {
        PaintAffine(a: a * next.a + b * next.c, b: a * next.b + b * next.d,
                    c: c * next.a + d * next.c, d: c * next.b + d * next.d,
                    tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// The inverse map, or nil when the map is singular (|det| ≤ 1e-300) or not finite.
    package func inverted() -> PaintAffine? {
        let det = a * d - b * c
        guard isFinite, det.isFinite, abs(det) > 1e-300 else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        let inv = PaintAffine(a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
        return inv.isFinite ? inv : nil
    }

    /// The same map as a projective one (bottom row 0 0 1).
    package var projective: PaintProjective {
        PaintProjective(m00: a, m01: c, m02: tx, m10: b, m11: d, m12: ty, m20: 0, m21: 0, m22: 1)
    }
}

/// A projective map of the plane (a 3x3 homography, row-major, acting on column vectors):
/// (x, y) ↦ ((m00·x + m01·y + m02) / w, (m10·x + m11·y + m12) / w) with w = m20·x + m21·y + m22.
/// Used by the image shader for perspective-projected layers; points with w ≤ `minimumW` have
/// no image (they lie behind the eye) and paint transparent.
package struct PaintProjective: Hashable, Sendable {
    package var m00: Double, m01: Double, m02: Double
    package var m10: Double, m11: Double, m12: Double
    package var m20: Double, m21: Double, m22: Double

    /// Smallest homogeneous w treated as in front of the eye. Matches the compositor's
    /// "clip against w > epsilon" rule in spirit; the rasterizer's quad clip keeps real
    /// content far from it.
    package static let minimumW = 1e-9

    package init(m00: Double, m01: Double, m02: Double, m10: Double, m11: Double, m12: Double,
                 m20: Double, m21: Double, m22: Double) {
        self.m00 = m00; self.m01 = m01; self.m02 = m02
        self.m10 = m10; self.m11 = m11; self.m12 = m12
        self.m20 = m20; self.m21 = m21; self.m22 = m22
    }

    /// From a row-major array of 9 values; nil unless there are exactly 9.
    package init?(rowMajor v: [Double]) {
        guard v.count == 9 else { return nil }
        self.init(m00: v[0], m01: v[1], m02: v[2], m10: v[3], m11: v[4], m12: v[5], m20: v[6], m21: v[7], m22: v[8])
    }

    package static let identity = PaintAffine.identity.projective

    package var isFinite: Bool {
        m00.isFinite && m01.isFinite && m02.isFinite && m10.isFinite && m11.isFinite && m12.isFinite
            && m20.isFinite && m21.isFinite && m22.isFinite
    }

    /// True when the bottom row is (0, 0, c) with c ≠ 0, i.e. the map is affine.
    package var isAffine: Bool { m20 == 0 && m21 == 0 && m22 != 0 }

    /// The affine equivalent when `isAffine` (the matrix divided by m22), else nil.
    package var affine: PaintAffine? {
        guard isAffine else { return nil }
        let s = 1 / m22
        return PaintAffine(a: m00 * s, b: m10 * s, c: m01 * s, d: m11 * s, tx: m02 * s, ty: m12 * s)
    }

    /// The image of (x, y), or nil when w ≤ `minimumW`.
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double)? {
        let w = m20 * x + m21 * y + m22
        guard w > PaintProjective.minimumW else { return nil }
        return ((m00 * x + m01 * y + m02) / w, (m10 * x + m11 * y + m12) / w)
    }

    /// The inverse homography (adjugate / determinant), or nil when singular or not finite.
    /// The result is scaled so that its largest coefficient magnitude is 1 (a homography is
    /// defined up to scale; this keeps later arithmetic well-conditioned) and w stays positive
    /// where the forward map's w was positive.
    package func inverted() -> PaintProjective? {
        let c00 = m11 * m22 - m12 * m21, c01 = m02 * m21 - m01 * m22, c02 = m01 * m12 - m02 * m11
        let c10 = m12 * m20 - m10 * m22, c11 = m00 * m22 - m02 * m20, c12 = m02 * m10 - m00 * m12
        let c20 = m10 * m21 - m11 * m20, c21 = m01 * m20 - m00 * m21, c22 = m00 * m11 - m01 * m10
        let det = m00 * c00 + m01 * c10 + m02 * c20
        guard isFinite, det.isFinite, abs(det) > 1e-300 else { return nil }
        // Element by element, not through arrays: planes invert several maps a frame each.
        let i00 = c00 / det, i01 = c01 / det, i02 = c02 / det
        let i10 = c10 / det, i11 = c11 / det, i12 = c12 / det
        let i20 = c20 / det, i21 = c21 / det, i22 = c22 / det
        let big = Self.largestMagnitude(i00, i01, i02, i10, i11, i12, i20, i21, i22)
        guard big.isFinite, big > 0 else { return nil }
        return PaintProjective(m00: i00 / big, m01: i01 / big, m02: i02 / big,
                               m10: i10 / big, m11: i11 / big, m12: i12 / big,
                               m20: i20 / big, m21: i21 / big, m22: i22 / big)
    }

    /// The largest |v| as `[…].map(abs).max()` gives it: a NaN is skipped unless it comes
    /// first (`max()` keeps the running maximum when a comparison with NaN is false).
    private static func largestMagnitude(_ v0: Double, _ v1: Double, _ v2: Double, _ v3: Double, _ v4: Double,
                                         _ v5: Double, _ v6: Double, _ v7: Double, _ v8: Double) -> Double {
        var big = abs(v0)
        func take(_ v: Double) { if big < abs(v) { big = abs(v) } }
        take(v1); take(v2); take(v3); take(v4); take(v5); take(v6); take(v7); take(v8)
        return big
    }
}

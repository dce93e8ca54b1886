import CoreGraphics

/// Allocation-free 4×4 helpers for the animation hot path (CATransform3DConcat goes through
/// arrays). Row-vector convention as everywhere: `concat(a, b)` = a·b applies a first.
package enum TransformMath {
    /// a·b (a first, then b).
    package static func concat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
        CATransform3D(
            m11: a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            m12: a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            m13: a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            m14: a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            m21: a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            m22: a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            m23: a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            m24: a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            m31: a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            m32: a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            m33: a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            m34: a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            m41: a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            m42: a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            m43: a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            m44: a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// The inverse, or nil when the determinant is 0 or not finite.
    package static func inverse(_ m: CATransform3D) -> CATransform3D? {
        let a00 = Double(m.m11), a01 = Double(m.m12), a02 = Double(m.m13), a03 = Double(m.m14)
        let a10 = Double(m.m21), a11 = Double(m.m22), a12 = Double(m.m23), a13 = Double(m.m24)
        let a20 = Double(m.m31), a21 = Double(m.m32), a22 = Double(m.m33), a23 = Double(m.m34)
        let a30 = Double(m.m41), a31 = Double(m.m42), a32 = Double(m.m43), a33 = Double(m.m44)
        let b00 = a00 * a11 - a01 * a10, b01 = a00 * a12 - a02 * a10
        let b02 = a00 * a13 - a03 * a10, b03 = a01 * a12 - a02 * a11
        let b04 = a01 * a13 - a03 * a11, b05 = a02 * a13 - a03 * a12
        let b06 = a20 * a31 - a21 * a30, b07 = a20 * a32 - a22 * a30
        let b08 = a20 * a33 - a23 * a30, b09 = a21 * a32 - a22 * a31
        let b10 = a21 * a33 - a23 * a31, b11 = a22 * a33 - a23 * a32
        let det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06
        guard det != 0, det.isFinite else { return nil }
        let k = 1 / det
        return CATransform3D(
            m11: CGFloat((a11 * b11 - a12 * b10 + a13 * b09) * k),
            m12: CGFloat((a02 * b10 - a01 * b11 - a03 * b09) * k),
            m13: CGFloat((a31 * b05 - a32 * b04 + a33 * b03) * k),
            m14: CGFloat((a22 * b04 - a21 * b05 - a23 * b03) * k),
            m21: CGFloat((a12 * b08 - a10 * b11 - a13 * b07) * k),
            m22: CGFloat((a00 * b11 - a02 * b08 + a03 * b07) * k),
            m23: CGFloat((a32 * b02 - a30 * b05 - a33 * b01) * k),
            m24: CGFloat((a20 * b05 - a22 * b02 + a23 * b01) * k),
            m31: CGFloat((a10 * b10 - a11 * b08 + a13 * b06) * k),
            m32: CGFloat((a01 * b08 - a00 * b10 - a03 * b06) * k),
            m33: CGFloat((a30 * b04 - a31 * b02 + a33 * b00) * k),
            m34: CGFloat((a21 * b02 - a20 * b04 - a23 * b00) * k),
            m41: CGFloat((a11 * b07 - a10 * b09 - a12 * b06) * k),
            m42: CGFloat((a00 * b09 - a01 * b07 + a02 * b06) * k),
            m43: CGFloat((a31 * b01 - a30 * b03 - a32 * b00) * k),
            m44: CGFloat((a20 * b03 - a21 * b01 + a22 * b00) * k))
    }

    /// Element-wise a + (b − a)·t.
    package static func lerpElements(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        let s = CGFloat(t)
        return CATransform3D(
            m11: a.m11 + (b.m11 - a.m11) * s, m12: a.m12 + (b.m12 - a.m12) * s,
            m13: a.m13 + (b.m13 - a.m13) * s, m14: a.m14 + (b.m14 - a.m14) * s,
            m21: a.m21 + (b.m21 - a.m21) * s, m22: a.m22 + (b.m22 - a.m22) * s,
            m23: a.m23 + (b.m23 - a.m23) * s, m24: a.m24 + (b.m24 - a.m24) * s,
            m31: a.m31 + (b.m31 - a.m31) * s, m32: a.m32 + (b.m32 - a.m32) * s,
            m33: a.m33 + (b.m33 - a.m33) * s, m34: a.m34 + (b.m34 - a.m34) * s,
            m41: a.m41 + (b.m41 - a.m41) * s, m42: a.m42 + (b.m42 - a.m42) * s,
            m43: a.m43 + (b.m43 - a.m43) * s, m44: a.m44 + (b.m44 - a.m44) * s)
    }

    /// √Σ(aᵢⱼ − bᵢⱼ)² (Frobenius distance; used to pace transform keyframes).
    package static func distance(_ a: CATransform3D, _ b: CATransform3D) -> Double {
        var sum = 0.0
        func add(_ x: CGFloat, _ y: CGFloat) { let d = Double(x - y); sum += d * d }
        add(a.m11, b.m11); add(a.m12, b.m12); add(a.m13, b.m13); add(a.m14, b.m14)
        add(a.m21, b.m21); add(a.m22, b.m22); add(a.m23, b.m23); add(a.m24, b.m24)
        add(a.m31, b.m31); add(a.m32, b.m32); add(a.m33, b.m33); add(a.m34, b.m34)
        add(a.m41, b.m41); add(a.m42, b.m42); add(a.m43, b.m43); add(a.m44, b.m44)
        return sum.squareRoot()
    }

    /// mⁿ for n ≥ 0 by repeated squaring (cumulative transform animations); n is truncated and
    /// capped at 2⁵³ so huge iteration counts cannot loop for long.
    package static func power(_ m: CATransform3D, _ n: Double) -> CATransform3D {
        guard n >= 1, n.isFinite else { return CATransform3DIdentity }
        var k = UInt64(min(n.rounded(.down), 9_007_199_254_740_992))
        var base = m, result = CATransform3DIdentity
        while k > 0 {
            if k & 1 == 1 { result = concat(result, base) }
            k >>= 1
            if k > 0 { base = concat(base, base) }
        }
        return result
    }

    /// True when nothing but the diagonal and the translation row is non-zero (scale and
    /// translation only, no rotation/skew/perspective).
    package static func isScaleTranslate(_ m: CATransform3D) -> Bool {
        m.m12 == 0 && m.m13 == 0 && m.m14 == 0 && m.m21 == 0 && m.m23 == 0 && m.m24 == 0
            && m.m31 == 0 && m.m32 == 0 && m.m34 == 0 && m.m44 == 1
    }
}

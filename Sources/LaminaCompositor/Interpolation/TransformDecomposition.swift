import CoreGraphics
import Foundation

/// A CATransform3D split into translation, scale, skew, perspective and a rotation quaternion, for
/// interpolating transforms the way browsers do (the "unmatrix" of Graphics Gems II as used by CSS
/// Transforms 2, "Interpolation of Matrices"), re-derived for Apple's row-vector layout.
///
/// With points as row vectors, the matrix (normalised so m44 = 1) factors as
///
///     M = S · K · R · T · P
///
/// applied left to right: scale S, skew K (xy, xz, yz shears), rotation R, translation T
/// (m41…m43), then the projective part P = [I pv; 0 p3] (column 4 = perspective, m34 etc.).
/// Writing L = S·K·R (the upper-left 3×3): the upper-left of M is L, row 4 is t, column 4 is
/// L·pv and m44 = t·pv + p3. So pv = L⁻¹·(m14, m24, m34), p3 = m44 − t·pv; Gram–Schmidt on the
/// rows of L gives scale, skew and R. Decomposition fails (nil) when L is singular or any entry
/// is not finite. Unlike CSS the matrix is not first divided by m44 (see `init`).
package struct DecomposedTransform: Sendable, Hashable {
    package var translation: (x: Double, y: Double, z: Double)
    package var scale: (x: Double, y: Double, z: Double)
    /// Shear factors xy, xz, yz.
    package var skew: (xy: Double, xz: Double, yz: Double)
    /// (pv.x, pv.y, pv.z, p3); identity perspective is (0, 0, 0, 1).
    package var perspective: (x: Double, y: Double, z: Double, w: Double)
    /// Unit quaternion (x, y, z, w) with w ≥ 0; for a rotation by a about unit axis n,
    /// (n·sin(a/2), cos(a/2)) in the sense of CATransform3DMakeRotation.
    package var quaternion: (x: Double, y: Double, z: Double, w: Double)

    package static func == (l: DecomposedTransform, r: DecomposedTransform) -> Bool {
        l.translation == r.translation && l.scale == r.scale && l.skew == r.skew
            && l.perspective == r.perspective && l.quaternion == r.quaternion
    }

    package func hash(into h: inout Hasher) {
        for v in [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, skew.xy, skew.xz,
                  skew.yz, perspective.x, perspective.y, perspective.z, perspective.w,
                  quaternion.x, quaternion.y, quaternion.z, quaternion.w] { h.combine(v) }
    }

    /// Decomposes `m`; nil when it is singular in the sense above (or not finite).
    package init?(_ m: CATransform3D) {
        // No division by m44 (CSS normalises first): the factorisation below is exact without
        // it, so decompose → recompose returns the very matrix (m44 = 0.99 after a z-translation
        // under perspective, say) instead of a projectively equal multiple.
        let n = 1.0
        var r0 = Vec3(Double(m.m11) * n, Double(m.m12) * n, Double(m.m13) * n)
        var r1 = Vec3(Double(m.m21) * n, Double(m.m22) * n, Double(m.m23) * n)
        var r2 = Vec3(Double(m.m31) * n, Double(m.m32) * n, Double(m.m33) * n)
        let t = Vec3(Double(m.m41) * n, Double(m.m42) * n, Double(m.m43) * n)
        let col = Vec3(Double(m.m14) * n, Double(m.m24) * n, Double(m.m34) * n)
        let det = r0.dot(r1.cross(r2))
        guard det != 0, det.isFinite, t.isFinite, col.isFinite else { return nil }

        // pv = L⁻¹·col via Cramer's rule (L's rows are r0, r1, r2).
        var pv = Vec3(0, 0, 0)
        if col.x != 0 || col.y != 0 || col.z != 0 {
            let c0 = Vec3(r0.x, r1.x, r2.x), c1 = Vec3(r0.y, r1.y, r2.y), c2 = Vec3(r0.z, r1.z, r2.z)
            pv = Vec3(col.dot(c1.cross(c2)) / det, c0.dot(col.cross(c2)) / det, c0.dot(c1.cross(col)) / det)
        }
        perspective = (pv.x, pv.y, pv.z, Double(m.m44) - t.dot(pv))
        guard perspective.w.isFinite else { return nil }
        translation = (t.x, t.y, t.z)

        var sx = r0.length
        r0 = r0.scaled(1 / sx)
        var kxy = r0.dot(r1)
        r1 = r1.adding(r0, -kxy)
        var sy = r1.length
        r1 = r1.scaled(1 / sy)
        kxy /= sy
        var kxz = r0.dot(r2)
        r2 = r2.adding(r0, -kxz)
        var kyz = r1.dot(r2)
        r2 = r2.adding(r1, -kyz)
        var sz = r2.length
        r2 = r2.scaled(1 / sz)
        kxz /= sz
        kyz /= sz
        // A reflection: negate the rows and the scales so R is a proper rotation.
        if r0.dot(r1.cross(r2)) < 0 {
            sx = -sx; sy = -sy; sz = -sz
            r0 = r0.scaled(-1); r1 = r1.scaled(-1); r2 = r2.scaled(-1)
        }
        scale = (sx, sy, sz)
        skew = (kxy, kxz, kyz)
        quaternion = Self.quaternion(rows: r0, r1, r2)
        guard sx.isFinite, sy.isFinite, sz.isFinite, kxy.isFinite, kxz.isFinite, kyz.isFinite else { return nil }
    }

    /// Shepperd's method on the row-convention rotation (rows r0, r1, r2); the result has w ≥ 0.
    package static func quaternion(rows r0: Vec3, _ r1: Vec3, _ r2: Vec3) -> (Double, Double, Double, Double) {
        // Row convention: R[0][1] = 2(xy + zw), R[1][0] = 2(xy − zw), and so on.
        let trace = r0.x + r1.y + r2.z
        var q: (x: Double, y: Double, z: Double, w: Double)
        if trace > 0 {
            let s = 0.5 / (trace + 1).squareRoot()
            q = ((r1.z - r2.y) * s, (r2.x - r0.z) * s, (r0.y - r1.x) * s, 0.25 / s)
        } else if r0.x >= r1.y && r0.x >= r2.z {
            let s = 2 * (1 + r0.x - r1.y - r2.z).squareRoot()
            q = (0.25 * s, (r0.y + r1.x) / s, (r2.x + r0.z) / s, (r1.z - r2.y) / s)
        } else if r1.y >= r2.z {
            let s = 2 * (1 + r1.y - r0.x - r2.z).squareRoot()
            q = ((r0.y + r1.x) / s, 0.25 * s, (r1.z + r2.y) / s, (r2.x - r0.z) / s)
        } else {
            let s = 2 * (1 + r2.z - r0.x - r1.y).squareRoot()
            q = ((r2.x + r0.z) / s, (r1.z + r2.y) / s, 0.25 * s, (r0.y - r1.x) / s)
        }
        let len = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        let sign = q.w < 0 ? -1.0 : 1.0
        return (q.x * sign / len, q.y * sign / len, q.z * sign / len, q.w * sign / len)
    }

    /// Rebuilds the matrix: M = [[L, L·pv], [t, t·pv + p3]] with L = S·K·R.
    package var transform: CATransform3D {
        let (x, y, z, w) = quaternion
        let rr0 = Vec3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w))
        let rr1 = Vec3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w))
        let rr2 = Vec3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))
        let l0 = rr0.scaled(scale.x)
        let l1 = rr1.adding(rr0, skew.xy).scaled(scale.y)
        let l2 = rr2.adding(rr0, skew.xz).adding(rr1, skew.yz).scaled(scale.z)
        let pv = Vec3(perspective.x, perspective.y, perspective.z)
        let t = Vec3(translation.x, translation.y, translation.z)
        return CATransform3D(
            m11: CGFloat(l0.x), m12: CGFloat(l0.y), m13: CGFloat(l0.z), m14: CGFloat(l0.dot(pv)),
            m21: CGFloat(l1.x), m22: CGFloat(l1.y), m23: CGFloat(l1.z), m24: CGFloat(l1.dot(pv)),
            m31: CGFloat(l2.x), m32: CGFloat(l2.y), m33: CGFloat(l2.z), m34: CGFloat(l2.dot(pv)),
            m41: CGFloat(t.x), m42: CGFloat(t.y), m43: CGFloat(t.z), m44: CGFloat(t.dot(pv) + perspective.w))
    }

    /// Component-wise lerp of translation, scale, skew and perspective; spherical lerp of the
    /// quaternion along the shorter arc.
    ///
    /// A half turn has no shorter arc; the rounding of sin(±π) then decides, as in WebKit's
    /// decomposition: from the identity, `MakeRotation(π, 0,0,1)` turns the positive way (+x
    /// toward +y, clockwise on an iOS screen) and `MakeRotation(−π, 0,0,1)` the negative way.
    /// Reports of what Apple does for exact half turns conflict; the key path
    /// "transform.rotation.z" or a value function gives a definite direction.
    package static func interpolate(_ a: DecomposedTransform, _ b: DecomposedTransform, _ t: Double) -> DecomposedTransform {
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        var r = a
        r.translation = (mix(a.translation.x, b.translation.x), mix(a.translation.y, b.translation.y),
                         mix(a.translation.z, b.translation.z))
        r.scale = (mix(a.scale.x, b.scale.x), mix(a.scale.y, b.scale.y), mix(a.scale.z, b.scale.z))
        r.skew = (mix(a.skew.xy, b.skew.xy), mix(a.skew.xz, b.skew.xz), mix(a.skew.yz, b.skew.yz))
        r.perspective = (mix(a.perspective.x, b.perspective.x), mix(a.perspective.y, b.perspective.y),
                         mix(a.perspective.z, b.perspective.z), mix(a.perspective.w, b.perspective.w))
        r.quaternion = slerp(a.quaternion, b.quaternion, t)
        return r
    }

    package static func slerp(_ a: (x: Double, y: Double, z: Double, w: Double),
                              _ b: (x: Double, y: Double, z: Double, w: Double),
                              _ t: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        var b = b
        var dot = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w
        if dot < 0 {
            b = (-b.x, -b.y, -b.z, -b.w)
            dot = -dot
        }
        var wa: Double, wb: Double
        if dot > 0.999_999 {
            wa = 1 - t; wb = t  // nearly equal: lerp then normalise avoids 0/0
        } else {
            let theta = acos(min(dot, 1))
            let s = sin(theta)
            wa = sin((1 - t) * theta) / s
            wb = sin(t * theta) / s
        }
        var q = (x: a.x * wa + b.x * wb, y: a.y * wa + b.y * wb, z: a.z * wa + b.z * wb, w: a.w * wa + b.w * wb)
        let len = (q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w).squareRoot()
        if len > 0 { q = (q.x / len, q.y / len, q.z / len, q.w / len) }
        return q
    }

    /// Matrix interpolation as used for `transform` animations.
    ///
    /// - t = 0 and t = 1 return the end matrices exactly.
    /// - Matrices made only of scale and translation interpolate element-wise (equivalent to the
    ///   decomposition, and it also works when a scale is 0 — "grow from nothing" animations).
    /// - Otherwise decompose both, interpolate, recompose.
    /// - If either matrix cannot be decomposed (singular), switch discretely at t = 0.5 (the CSS
    ///   rule; Apple's exact fallback is undocumented).
    package static func interpolateMatrices(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
        if t == 0 { return a }
        if t == 1 { return b }
        if a == b { return a }
        if TransformMath.isScaleTranslate(a) && TransformMath.isScaleTranslate(b) {
            return TransformMath.lerpElements(a, b, t)
        }
        guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else { return t < 0.5 ? a : b }
        return interpolate(da, db, t).transform
    }
}

/// Two transforms with their decompositions computed once, for animations whose endpoints do not
/// change between frames (from/to, from/by, to/by). `value(at:)` gives exactly
/// `DecomposedTransform.interpolateMatrices(start, end, t)` without decomposing every frame.
package struct TransformInterpolator: Sendable, Hashable {
    package let start: CATransform3D
    package let end: CATransform3D
    private let decomposed: DecomposedPair?
    private let elementWise: Bool

    private struct DecomposedPair: Sendable, Hashable {
        var a: DecomposedTransform, b: DecomposedTransform
    }

    package init(start: CATransform3D, end: CATransform3D) {
        self.start = start
        self.end = end
        elementWise = TransformMath.isScaleTranslate(start) && TransformMath.isScaleTranslate(end)
        if !elementWise, start != end, let a = DecomposedTransform(start), let b = DecomposedTransform(end) {
            decomposed = DecomposedPair(a: a, b: b)
        } else {
            decomposed = nil
        }
    }

    package func value(at t: Double) -> CATransform3D {
        if t == 0 || start == end { return start }
        if t == 1 { return end }
        if elementWise { return TransformMath.lerpElements(start, end, t) }
        guard let d = decomposed else { return t < 0.5 ? start : end }
        return DecomposedTransform.interpolate(d.a, d.b, t).transform
    }
}

/// Minimal 3-vector for the decomposition (kept private to this concern).
package struct Vec3: Sendable {
    package var x: Double, y: Double, z: Double
    @inlinable package init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    @inlinable package func dot(_ o: Vec3) -> Double { x * o.x + y * o.y + z * o.z }
    @inlinable package func cross(_ o: Vec3) -> Vec3 { Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x) }
    @inlinable package var length: Double { dot(self).squareRoot() }
    @inlinable package func scaled(_ k: Double) -> Vec3 { Vec3(x * k, y * k, z * k) }
    /// self + o·k
    @inlinable package func adding(_ o: Vec3, _ k: Double) -> Vec3 { Vec3(x + o.x * k, y + o.y * k, z + o.z * k) }
    @inlinable package var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

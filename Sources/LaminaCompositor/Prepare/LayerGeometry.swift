// How a layer's bounds space maps into its superlayer and on to the device (reference §2.7).
//
// Row-vector convention (CATransform3DConcat(a, b): a first, then b). For layer L in
// superlayer S:
//   M(L→S) = Tr(−A_L) · L.transform · Tr(P_L) · [flip_S] · Tr(−A_S) · S.sublayerTransform · Tr(A_S)
// followed by flattening into S's plane (z dropped: the matrix F = diag(1, 1, 0, 1), which
// keeps the homogeneous x, y, w and so is exact for perspective too). A_X is X's anchor point
// in its bounds space, P_L = (position, zPosition). flip_S mirrors S's sublayers about the
// vertical centre of S's bounds when S.isGeometryFlipped (reference §1.5.4).
// The device is the root's superlayer space scaled by the points→pixels factor.
import CoreGraphics

package enum LayerGeometry {
    /// The anchor point in bounds space: (minX + ax·w, minY + ay·h, anchorPointZ).
    package static func anchor(of n: RenderNode) -> (x: Double, y: Double, z: Double) {
        let b = n.bounds
        return (Double(b.minX + n.anchorPoint.x * b.width), Double(b.minY + n.anchorPoint.y * b.height), Double(n.anchorPointZ))
    }

    package static func translation(_ x: Double, _ y: Double, _ z: Double) -> CATransform3D {
        CATransform3DMakeTranslation(CGFloat(x), CGFloat(y), CGFloat(z))
    }

    /// Projection of a layer's rendering onto its parent's z = 0 plane.
    package static let flatten: CATransform3D = {
        var t = CATransform3DIdentity
        t.m33 = 0
        return t
    }()

    /// Bounds space of `n` → its superlayer's bounds space, before the superlayer's own
    /// sublayer transform: Tr(−A) · transform · Tr(P). Also how a mask layer sits in the
    /// bounds space of the layer it masks.
    package static func placement(of n: RenderNode) -> CATransform3D {
        let a = anchor(of: n)
        let t = CATransform3DConcat(translation(-a.x, -a.y, -a.z), n.transform)
        return CATransform3DConcat(t, translation(Double(n.position.x), Double(n.position.y), Double(n.zPosition)))
    }

    /// What the superlayer `s` applies to every sublayer: its geometry flip, then its
    /// sublayerTransform about its anchor point.
    package static func sublayerMatrix(of s: RenderNode) -> CATransform3D {
        var m = CATransform3DIdentity
        if s.isGeometryFlipped {
            let cy = Double(s.bounds.midY)
            m = CATransform3DConcat(translation(0, -cy, 0), CATransform3DMakeScale(1, -1, 1))
            m = CATransform3DConcat(m, translation(0, cy, 0))
        }
        if !CATransform3DIsIdentity(s.sublayerTransform) {
            let a = anchor(of: s)
            var sub = CATransform3DConcat(translation(-a.x, -a.y, -a.z), s.sublayerTransform)
            sub = CATransform3DConcat(sub, translation(a.x, a.y, a.z))
            m = CATransform3DConcat(m, sub)
        }
        return m
    }

    /// Bounds space of `child` → device, given the parent's bounds-space → device matrix and
    /// the parent's sublayer matrix (`sublayerMatrix(of:)`).
    package static func childMatrix(_ child: RenderNode, parentSublayer: CATransform3D, parentToDevice: CATransform3D) -> CATransform3D {
        var m = CATransform3DConcat(placement(of: child), parentSublayer)
        m = CATransform3DConcat(m, flatten)
        return CATransform3DConcat(m, parentToDevice)
    }

    /// The root's bounds space → device: its placement in its (implicit) superlayer, scaled.
    package static func rootMatrix(_ root: RenderNode, scale: Double) -> CATransform3D {
        var m = CATransform3DConcat(placement(of: root), flatten)
        m = CATransform3DConcat(m, CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1))
        return m
    }

    /// The map of the layer's z = 0 plane to the device when it is affine (no perspective
    /// terms): w = m44 must be a positive constant, which is divided out. Nil for a
    /// projective map or a non-finite one.
    package static func affine(_ m: CATransform3D) -> CGAffineTransform? {
        guard m.isFinite, m.m14 == 0, m.m24 == 0, m.m44 > 1e-12 else { return nil }
        let w = m.m44
        let t = CGAffineTransform(a: m.m11 / w, b: m.m12 / w, c: m.m21 / w, d: m.m22 / w, tx: m.m41 / w, ty: m.m42 / w)
        return t.isFiniteAffine ? t : nil
    }
}

extension CGAffineTransform {
    package var isFiniteAffine: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// Only scales and translates: axes stay axes (no rotation, skew or axis swap).
    package var isAxisAligned: Bool { b == 0 && c == 0 }

    package var determinant: CGFloat { a * d - b * c }

    /// The geometric-mean scale √|det|: how many device pixels a point spans, on average.
    package var meanScale: Double { Double(abs(determinant)).squareRoot() }

    /// The device-space image of `rect`'s four corners' bounding box.
    package func boundingBox(of rect: CGRect) -> CGRect { rect.applying(self) }
}

import CoreGraphics

/// A point in homogeneous coordinates after a 4x4 transform (row-vector convention).
/// `w ≤ 0` means the point is at or behind the eye: clip before dividing.
package struct HomogeneousPoint: Sendable, Equatable {
    package var x: Double, y: Double, z: Double, w: Double

    package init(x: Double, y: Double, z: Double, w: Double) {
        self.x = x; self.y = y; self.z = z; self.w = w
    }

    /// The projected point (x/w, y/w, z/w). Only meaningful when `w > 0`.
    package var projected: (x: Double, y: Double, z: Double) { (x / w, y / w, z / w) }
}

extension CATransform3D {
    /// Maps the point (x, y, z, 1) through the matrix, without the perspective divide.
    package func transform(x: Double, y: Double, z: Double = 0) -> HomogeneousPoint {
        HomogeneousPoint(
            x: x * Double(m11) + y * Double(m21) + z * Double(m31) + Double(m41),
            y: x * Double(m12) + y * Double(m22) + z * Double(m32) + Double(m42),
            z: x * Double(m13) + y * Double(m23) + z * Double(m33) + Double(m43),
            w: x * Double(m14) + y * Double(m24) + z * Double(m34) + Double(m44))
    }

    /// Maps a point and divides by w; nil when w ≤ 0 (behind the eye) or the result is not finite.
    package func project(_ p: CGPoint, z: Double = 0) -> CGPoint? {
        let h = transform(x: Double(p.x), y: Double(p.y), z: z)
        guard h.w > 0 else { return nil }
        let q = h.projected
        guard q.x.isFinite, q.y.isFinite else { return nil }
        return CGPoint(x: q.x, y: q.y)
    }

    /// The 3x3 homography mapping the z = 0 plane to the screen: rows/columns x, y, w of the
    /// 4x4 (drops the third row and column). Row-vector form: [x y 1]·H = [X Y W].
    package var planeHomography: [Double] {
        [Double(m11), Double(m12), Double(m14),
         Double(m21), Double(m22), Double(m24),
         Double(m41), Double(m42), Double(m44)]
    }

    /// True when every element is finite. Read for every layer of every frame, so it reads
    /// the fields themselves (`elements` builds an array: two heap allocations a layer).
    package var isFinite: Bool {
        m11.isFinite && m12.isFinite && m13.isFinite && m14.isFinite
            && m21.isFinite && m22.isFinite && m23.isFinite && m24.isFinite
            && m31.isFinite && m32.isFinite && m33.isFinite && m34.isFinite
            && m41.isFinite && m42.isFinite && m43.isFinite && m44.isFinite
    }
}

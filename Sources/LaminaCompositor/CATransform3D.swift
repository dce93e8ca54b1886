import CoreGraphics

/// A 4x4 homogeneous transform with Apple's layout and conventions.
///
/// Fields in memory order `m11 m12 m13 m14 / m21 … / m41 m42 m43 m44`; points are row vectors
/// multiplied on the left, so translation lives in the fourth row and
///
///     x' = x·m11 + y·m21 + z·m31 + m41        w = x·m14 + y·m24 + z·m34 + m44
///
/// and the projected point is (x'/w, y'/w, z'/w). `CATransform3DConcat(a, b)` = a·b applies
/// `a` first. Perspective is `m34 = −1/d` for an eye at distance d (points) from the plane.
///
/// Defined in the compositor module so the render tree can use it without QuartzCore;
/// QuartzCore re-exports it, so `import QuartzCore` sees it where Apple's code expects it.
public struct CATransform3D: Sendable, Hashable, Codable {
    /// The first row: the image of the x axis (`m11`, `m12`, `m13`) and its perspective term `m14`.
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// The second row: the image of the y axis (`m21`, `m22`, `m23`) and its perspective term `m24`.
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// The third row: the image of the z axis (`m31`, `m32`, `m33`) and its perspective term `m34` (−1/d for an eye d points away).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// The fourth row: the translation (`m41`, `m42`, `m43`, in points) and the homogeneous term `m44` (1 for an affine transform).
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The zero matrix, as the imported C struct's `init()` is on Apple's platforms.
    /// Use `CATransform3DIdentity` for "no transform".
    @inlinable public init() {
        self.init(m11: 0, m12: 0, m13: 0, m14: 0, m21: 0, m22: 0, m23: 0, m24: 0,
                  m31: 0, m32: 0, m33: 0, m34: 0, m41: 0, m42: 0, m43: 0, m44: 0)
    }

    /// A transform with all sixteen elements given, in memory order (row by row).
    @inlinable public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                           m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                           m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                           m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        self.m11 = m11; self.m12 = m12; self.m13 = m13; self.m14 = m14
        self.m21 = m21; self.m22 = m22; self.m23 = m23; self.m24 = m24
        self.m31 = m31; self.m32 = m32; self.m33 = m33; self.m34 = m34
        self.m41 = m41; self.m42 = m42; self.m43 = m43; self.m44 = m44
    }

    /// Row-major elements, `rows[r][c]` = m(r+1)(c+1). Internal convenience for matrix code.
    package init(rows r: [[Double]]) {
        self.init(m11: CGFloat(r[0][0]), m12: CGFloat(r[0][1]), m13: CGFloat(r[0][2]), m14: CGFloat(r[0][3]),
                  m21: CGFloat(r[1][0]), m22: CGFloat(r[1][1]), m23: CGFloat(r[1][2]), m24: CGFloat(r[1][3]),
                  m31: CGFloat(r[2][0]), m32: CGFloat(r[2][1]), m33: CGFloat(r[2][2]), m34: CGFloat(r[2][3]),
                  m41: CGFloat(r[3][0]), m42: CGFloat(r[3][1]), m43: CGFloat(r[3][2]), m44: CGFloat(r[3][3]))
    }

    /// The 16 elements in memory order as Doubles.
    package var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    package init(elements e: [Double]) {
        precondition(e.count == 16, "CATransform3D needs 16 elements")
        self.init(rows: [Array(e[0..<4]), Array(e[4..<8]), Array(e[8..<12]), Array(e[12..<16])])
    }
}

/// The identity transform.
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0,
    m21: 0, m22: 1, m23: 0, m24: 0,
    m31: 0, m32: 0, m33: 1, m34: 0,
    m41: 0, m42: 0, m43: 0, m44: 1)

extension CATransform3D: CustomStringConvertible {
    /// The four rows, for debugging.
    public var description: String {
        "CATransform3D([\(m11) \(m12) \(m13) \(m14)] [\(m21) \(m22) \(m23) \(m24)] "
            + "[\(m31) \(m32) \(m33) \(m34)] [\(m41) \(m42) \(m43) \(m44)])"
    }
}

// MARK: - Apple's functions

/// Exact comparison with the identity.
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// Exact element-wise comparison.
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// Translation by (tx, ty, tz): `[1 0 0 0; 0 1 0 0; 0 0 1 0; tx ty tz 1]`.
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m41 = tx; t.m42 = ty; t.m43 = tz
    return t
}

/// Scale by (sx, sy, sz): `diag(sx, sy, sz, 1)`.
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = sx; t.m22 = sy; t.m33 = sz
    return t
}

/// Rotation by `angle` radians about the vector (x, y, z), normalised first. A positive angle
/// about +z turns +x toward +y (clockwise on an iOS screen); about +y it turns +x toward −z
/// (away from the viewer). A zero-length or non-finite axis gives the identity.
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let len = (Double(x) * Double(x) + Double(y) * Double(y) + Double(z) * Double(z)).squareRoot()
    guard len > 0, len.isFinite else { return CATransform3DIdentity }
    let ux = Double(x) / len, uy = Double(y) / len, uz = Double(z) / len
    let a = Double(angle)
    let c = cos(a), s = sin(a), C = 1 - c
    return CATransform3D(rows: [
        [ux * ux * C + c, ux * uy * C + uz * s, ux * uz * C - uy * s, 0],
        [ux * uy * C - uz * s, uy * uy * C + c, uy * uz * C + ux * s, 0],
        [ux * uz * C + uy * s, uy * uz * C - ux * s, uz * uz * C + c, 0],
        [0, 0, 0, 1],
    ])
}

/// `a · b`: `a` is applied first, then `b`.
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
    // Written out field by field: the frame walk concatenates several matrices per layer, and
    // going through `elements` arrays cost about ten heap allocations per product. The sums
    // run in the same order from 0 as the row-by-column loop did, so results are bit-identical.
    @inline(__always)
    func dot(_ x0: CGFloat, _ x1: CGFloat, _ x2: CGFloat, _ x3: CGFloat,
             _ y0: CGFloat, _ y1: CGFloat, _ y2: CGFloat, _ y3: CGFloat) -> CGFloat {
        var sum = 0.0
        sum += Double(x0) * Double(y0)
        sum += Double(x1) * Double(y1)
        sum += Double(x2) * Double(y2)
        sum += Double(x3) * Double(y3)
        return CGFloat(sum)
    }
    return CATransform3D(
        m11: dot(a.m11, a.m12, a.m13, a.m14, b.m11, b.m21, b.m31, b.m41),
        m12: dot(a.m11, a.m12, a.m13, a.m14, b.m12, b.m22, b.m32, b.m42),
        m13: dot(a.m11, a.m12, a.m13, a.m14, b.m13, b.m23, b.m33, b.m43),
        m14: dot(a.m11, a.m12, a.m13, a.m14, b.m14, b.m24, b.m34, b.m44),
        m21: dot(a.m21, a.m22, a.m23, a.m24, b.m11, b.m21, b.m31, b.m41),
        m22: dot(a.m21, a.m22, a.m23, a.m24, b.m12, b.m22, b.m32, b.m42),
        m23: dot(a.m21, a.m22, a.m23, a.m24, b.m13, b.m23, b.m33, b.m43),
        m24: dot(a.m21, a.m22, a.m23, a.m24, b.m14, b.m24, b.m34, b.m44),
        m31: dot(a.m31, a.m32, a.m33, a.m34, b.m11, b.m21, b.m31, b.m41),
        m32: dot(a.m31, a.m32, a.m33, a.m34, b.m12, b.m22, b.m32, b.m42),
        m33: dot(a.m31, a.m32, a.m33, a.m34, b.m13, b.m23, b.m33, b.m43),
        m34: dot(a.m31, a.m32, a.m33, a.m34, b.m14, b.m24, b.m34, b.m44),
        m41: dot(a.m41, a.m42, a.m43, a.m44, b.m11, b.m21, b.m31, b.m41),
        m42: dot(a.m41, a.m42, a.m43, a.m44, b.m12, b.m22, b.m32, b.m42),
        m43: dot(a.m41, a.m42, a.m43, a.m44, b.m13, b.m23, b.m33, b.m43),
        m44: dot(a.m41, a.m42, a.m43, a.m44, b.m14, b.m24, b.m34, b.m44))
}

/// Translation applied before `t` (in `t`'s local space): `translate · t`.
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}

/// Scale applied before `t`: `scale · t`.
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}

/// Rotation applied before `t`: `rotation · t`. Apple leaves a zero-length axis undefined;
/// Lamina returns `t` unchanged.
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}

/// The inverse. A singular matrix (zero or non-finite determinant, or an inverse that would
/// not be finite) is returned unchanged, as Apple documents.
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
    guard let inv = Matrix4x4Inverse.invert(t.elements) else { return t }
    return CATransform3D(elements: inv)
}

/// The 3D transform equivalent to the affine transform `m` (a, b, c, d, tx, ty land in m11,
/// m12, m21, m22, m41, m42; everything else identity).
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    t.m11 = m.a; t.m12 = m.b; t.m21 = m.c; t.m22 = m.d; t.m41 = m.tx; t.m42 = m.ty
    return t
}

/// True when `t` is exactly representable as an affine transform: no z coupling, no
/// perspective, m33 = m44 = 1 (the criterion Apple-checked tests expect).
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0
        && t.m33 == 1 && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}

/// The affine part (m11, m12, m21, m22, m41, m42). Meaningful only when `t` is affine.
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

// MARK: - Internal helpers

/// General 4x4 inversion by cofactors, in Double. Returns nil for a singular matrix.
package enum Matrix4x4Inverse {
    package static func invert(_ m: [Double]) -> [Double]? {
        var inv = [Double](repeating: 0, count: 16)
        inv[0] = m[5] * m[10] * m[15] - m[5] * m[11] * m[14] - m[9] * m[6] * m[15] + m[9] * m[7] * m[14] + m[13] * m[6] * m[11] - m[13] * m[7] * m[10]
        inv[4] = -m[4] * m[10] * m[15] + m[4] * m[11] * m[14] + m[8] * m[6] * m[15] - m[8] * m[7] * m[14] - m[12] * m[6] * m[11] + m[12] * m[7] * m[10]
        inv[8] = m[4] * m[9] * m[15] - m[4] * m[11] * m[13] - m[8] * m[5] * m[15] + m[8] * m[7] * m[13] + m[12] * m[5] * m[11] - m[12] * m[7] * m[9]
        inv[12] = -m[4] * m[9] * m[14] + m[4] * m[10] * m[13] + m[8] * m[5] * m[14] - m[8] * m[6] * m[13] - m[12] * m[5] * m[10] + m[12] * m[6] * m[9]
        inv[1] = -m[1] * m[10] * m[15] + m[1] * m[11] * m[14] + m[9] * m[2] * m[15] - m[9] * m[3] * m[14] - m[13] * m[2] * m[11] + m[13] * m[3] * m[10]
        inv[5] = m[0] * m[10] * m[15] - m[0] * m[11] * m[14] - m[8] * m[2] * m[15] + m[8] * m[3] * m[14] + m[12] * m[2] * m[11] - m[12] * m[3] * m[10]
        inv[9] = -m[0] * m[9] * m[15] + m[0] * m[11] * m[13] + m[8] * m[1] * m[15] - m[8] * m[3] * m[13] - m[12] * m[1] * m[11] + m[12] * m[3] * m[9]
        inv[13] = m[0] * m[9] * m[14] - m[0] * m[10] * m[13] - m[8] * m[1] * m[14] + m[8] * m[2] * m[13] + m[12] * m[1] * m[10] - m[12] * m[2] * m[9]
        inv[2] = m[1] * m[6] * m[15] - m[1] * m[7] * m[14] - m[5] * m[2] * m[15] + m[5] * m[3] * m[14] + m[13] * m[2] * m[7] - m[13] * m[3] * m[6]
        inv[6] = -m[0] * m[6] * m[15] + m[0] * m[7] * m[14] + m[4] * m[2] * m[15] - m[4] * m[3] * m[14] - m[12] * m[2] * m[7] + m[12] * m[3] * m[6]
        inv[10] = m[0] * m[5] * m[15] - m[0] * m[7] * m[13] - m[4] * m[1] * m[15] + m[4] * m[3] * m[13] + m[12] * m[1] * m[7] - m[12] * m[3] * m[5]
        inv[14] = -m[0] * m[5] * m[14] + m[0] * m[6] * m[13] + m[4] * m[1] * m[14] - m[4] * m[2] * m[13] - m[12] * m[1] * m[6] + m[12] * m[2] * m[5]
        inv[3] = -m[1] * m[6] * m[11] + m[1] * m[7] * m[10] + m[5] * m[2] * m[11] - m[5] * m[3] * m[10] - m[9] * m[2] * m[7] + m[9] * m[3] * m[6]
        inv[7] = m[0] * m[6] * m[11] - m[0] * m[7] * m[10] - m[4] * m[2] * m[11] + m[4] * m[3] * m[10] + m[8] * m[2] * m[7] - m[8] * m[3] * m[6]
        inv[11] = -m[0] * m[5] * m[11] + m[0] * m[7] * m[9] + m[4] * m[1] * m[11] - m[4] * m[3] * m[9] - m[8] * m[1] * m[7] + m[8] * m[3] * m[5]
        inv[15] = m[0] * m[5] * m[10] - m[0] * m[6] * m[9] - m[4] * m[1] * m[10] + m[4] * m[2] * m[9] + m[8] * m[1] * m[6] - m[8] * m[2] * m[5]
        let det = m[0] * inv[0] + m[1] * inv[4] + m[2] * inv[8] + m[3] * inv[12]
        guard det != 0, det.isFinite else { return nil }
        let r = inv.map { $0 / det }
        guard r.allSatisfy({ $0.isFinite }) else { return nil }
        return r
    }
}

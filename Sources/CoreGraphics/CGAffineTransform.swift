/// A 2-D affine transform, Apple's layout: the matrix
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// applied to row vectors, so a point maps as `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
/// Like Apple's, the "…By" methods prepend the new operation (it acts in the transform's
/// local space, before `self`), and `concatenating(t2)` applies `self` first, then `t2`.
public struct CGAffineTransform: Sendable, Hashable, Codable {
    /// The x-axis scale and rotation term: x' gets `a·x`.
    public var a: CGFloat
    /// The rotation and shear term: y' gets `b·x`.
    public var b: CGFloat
    /// The rotation and shear term: x' gets `c·y`.
    public var c: CGFloat
    /// The y-axis scale and rotation term: y' gets `d·y`.
    public var d: CGFloat
    /// The translation along x, in the output space's units.
    public var tx: CGFloat
    /// The translation along y, in the output space's units.
    public var ty: CGFloat

    /// The zero matrix, as the imported C struct's `init()` gives on Apple's platforms.
    /// Most code wants `.identity`.
    @inlinable public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// A transform with the six matrix entries given.
    @inlinable public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// A transform with the six matrix entries given, unlabelled (Apple's `CGAffineTransformMake` order).
    @inlinable public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform: every point maps to itself.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (tx, ty) in the transform's output space.
    @inlinable public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale by `sx` along x and `sy` along y, about the origin.
    @inlinable public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians. A positive angle turns +x toward +y: counter-clockwise
    /// in a y-up space (a bitmap context), clockwise in a y-down space (iOS layers).
    @inlinable public init(rotationAngle angle: CGFloat) {
        let s = sin(angle), c = cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Exact comparison with the identity, as `CGAffineTransformIsIdentity`.
    @inlinable public var isIdentity: Bool { self == .identity }

    /// `self` followed by `t2` (row vectors: `self · t2`).
    @inlinable public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Translation applied before `self`: `translation · self`.
    @inlinable public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Scale applied before `self`: `scale · self`.
    @inlinable public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Rotation by `angle` radians applied before `self`: `rotation · self`.
    @inlinable public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant `a·d − b·c` of the linear part.
    @inlinable public var determinant: CGFloat { a * d - b * c }

    /// The inverse transform. A singular transform (zero or non-finite determinant) cannot be
    /// inverted and is returned unchanged, as Apple's `CGAffineTransformInvert` does.
    public func inverted() -> CGAffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        let inv = 1 / det
        let ia = d * inv, ib = -b * inv, ic = -c * inv, id = a * inv
        let result = CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id))
        let finite = result.a.isFinite && result.b.isFinite && result.c.isFinite && result.d.isFinite
            && result.tx.isFinite && result.ty.isFinite
        return finite ? result : self
    }
}

extension CGAffineTransform: CustomStringConvertible {
    /// The six entries, for debugging.
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}

// MARK: - Applying transforms to geometry

extension CGPoint {
    /// The point mapped through `t` (row vector times matrix).
    @inlinable public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped through the linear part of `t` (translation ignored), as Apple does;
    /// the result may have negative components.
    @inlinable public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four transformed corners of the standardized
    /// rectangle. The null rectangle maps to itself and an infinite rectangle stays infinite,
    /// matching `CGRectApplyAffineTransform`.
    ///
    /// A finite rect of non-negative size (the usual case: the compositor maps every layer's
    /// rect through its transform several times a frame) is mapped in plain doubles, with the
    /// corners and the min/max folded in the same order as the general path below (the same
    /// rect, `RectApplyingTests`), without its array and Foundation calls.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let ox = origin.x, oy = origin.y, w = size.width, h = size.height
        // Finite, standardized, neither null nor `CGRect.infinite` (whose size is huge).
        if ox.isFinite, oy.isFinite, w >= 0, h >= 0, w < 1e300, h < 1e300 {
            let x1 = ox + w, y1 = oy + h
            let p0 = CGPoint(x: ox, y: oy).applying(t), p1 = CGPoint(x: x1, y: oy).applying(t)
            let p2 = CGPoint(x: ox, y: y1).applying(t), p3 = CGPoint(x: x1, y: y1).applying(t)
            var minX = p0.x, maxX = p0.x, minY = p0.y, maxY = p0.y
            minX = Swift.min(minX, p1.x); maxX = Swift.max(maxX, p1.x); minY = Swift.min(minY, p1.y); maxY = Swift.max(maxY, p1.y)
            minX = Swift.min(minX, p2.x); maxX = Swift.max(maxX, p2.x); minY = Swift.min(minY, p2.y); maxY = Swift.max(maxY, p2.y)
            minX = Swift.min(minX, p3.x); maxX = Swift.max(maxX, p3.x); minY = Swift.min(minY, p3.y); maxY = Swift.max(maxY, p3.y)
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        if isNull || isInfinite { return self }
        let r = standardized
        let corners = [
            CGPoint(x: r.minX, y: r.minY).applying(t),
            CGPoint(x: r.maxX, y: r.minY).applying(t),
            CGPoint(x: r.minX, y: r.maxY).applying(t),
            CGPoint(x: r.maxX, y: r.maxY).applying(t),
        ]
        var minX = corners[0].x, maxX = corners[0].x, minY = corners[0].y, maxY = corners[0].y
        for p in corners.dropFirst() {
            minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension CGVector {
    /// The vector mapped through the linear part of `t` (a direction ignores translation).
    @inlinable public func applying(_ t: CGAffineTransform) -> CGVector {
        CGVector(dx: t.a * dx + t.c * dy, dy: t.b * dx + t.d * dy)
    }
}

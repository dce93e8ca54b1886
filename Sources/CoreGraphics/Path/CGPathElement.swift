// Path element and style types with Apple's Swift spellings, plus Lamina's `package` element enum.
//
// Paths in this folder store coordinates in "path units": whatever user space the caller builds
// in. Core Graphics itself is y-up; nothing here assumes either orientation except where a doc
// comment says "clockwise", which always names the direction in a y-up space.

/// The kind of one path element, as `CGPathApply` reports it.
public enum CGPathElementType: Int32, Sendable {
    /// One point: the start of a new subpath.
    case moveToPoint = 0
    /// One point: the end of a straight segment from the current point.
    case addLineToPoint = 1
    /// Two points: the control point, then the end point of a quadratic Bézier.
    case addQuadCurveToPoint = 2
    /// Three points: two control points, then the end point of a cubic Bézier.
    case addCurveToPoint = 3
    /// No points: a straight segment back to the subpath's first point, ending the subpath.
    case closeSubpath = 4
}

/// One element of a path as handed to `applyWithBlock` / `apply(info:function:)`. `points` is
/// valid only during the callback (it points into scratch storage, as on Apple's platforms).
public struct CGPathElement {
    /// What the element does, which says how many of `points` it uses (0 to 3).
    public var type: CGPathElementType
    /// The element's points (control points first, then the end point); valid only during the callback.
    public var points: UnsafeMutablePointer<CGPoint>

    /// An element of the given type over the given points.
    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// The callback form of path iteration (`CGPathApplierFunction`). Apple's is `@convention(c)`;
/// ours cannot be (CGPathElement is a Swift struct here), so it is a plain Swift function type:
/// capture-free closures written for Apple's API compile unchanged.
public typealias CGPathApplierFunction = (UnsafeMutableRawPointer?, UnsafePointer<CGPathElement>) -> Void

/// Which points a filled path covers.
public enum CGPathFillRule: Int, Sendable {
    /// Non-zero winding number: a point is inside when the path winds around it at least once
    /// (counting direction).
    case winding = 0
    /// Even-odd: a point is inside when a ray from it crosses the path an odd number of times.
    case evenOdd = 1
}

/// How the open ends of a stroked subpath are drawn.
public enum CGLineCap: Int32, Sendable {
    /// The stroke stops exactly at the end point.
    case butt = 0
    /// A half-disc of diameter lineWidth beyond the end point.
    case round = 1
    /// A half-square extending lineWidth / 2 beyond the end point.
    case square = 2
}

/// How consecutive segments of a stroked path are joined.
public enum CGLineJoin: Int32, Sendable {
    /// A sharp corner, unless the miter limit is exceeded (then a bevel).
    case miter = 0
    /// A circular arc of radius lineWidth / 2 around the joint.
    case round = 1
    /// The outer corners of the two segments joined by a straight line.
    case bevel = 2
}

/// One path element as a Swift value, for the rest of Lamina (the rasterizer, the compositor,
/// path animation). Points are in path units; control points come before the end point.
package enum PathElement: Equatable, Sendable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(to: CGPoint, control: CGPoint)
    case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
    case closeSubpath
}

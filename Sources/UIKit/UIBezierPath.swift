import QuartzCore

/// A path with its drawing attributes, as UIKit's `UIBezierPath`: a mutable `CGPath` plus line
/// width, caps, joins, dash and fill rule, drawn into the current UIKit context.
///
/// Coordinates are those of the context or layer the path is used in — on iOS a y-down space
/// in points — so "clockwise" in this class means clockwise *on screen* (y down): increasing
/// angle. `addArc(withCenter:…clockwise:)` therefore passes `clockwise: !clockwise` to
/// `CGMutablePath.addArc`, whose clockwise is Core Graphics' y-up one; and `cgPath` holds the
/// same coordinates UIKit's does, so a CAShapeLayer draws it exactly as on iOS.
///
/// Shapes (UIBezierPath+Shapes.swift) start and run as UIKit's: rectangles and ovals
/// clockwise on screen, rectangles from the origin, ovals from their rightmost point.
open class UIBezierPath: NSObject, NSCopying, @unchecked Sendable {
    /// The path, in the coordinates of whatever it is drawn into.
    var path: CGMutablePath

    /// The stroke width in points (default 1). Negative or non-finite widths draw as Core
    /// Graphics does with them (nothing).
    open var lineWidth: CGFloat = 1
    /// The shape of open subpaths' ends (default butt).
    open var lineCapStyle: CGLineCap = .butt
    /// The shape of corners (default miter).
    open var lineJoinStyle: CGLineJoin = .miter
    /// The miter length limit, in multiples of the line width (default 10).
    open var miterLimit: CGFloat = 10
    /// The curve approximation tolerance, in device pixels (default 0.6, as UIKit).
    open var flatness: CGFloat = 0.6
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule instead of the
    /// non-zero winding rule (default false).
    open var usesEvenOddFillRule = false

    /// The dash pattern (alternating painted and unpainted lengths, points) and its phase.
    var dashPattern: [CGFloat] = []
    var dashPhase: CGFloat = 0

    /// An empty path.
    public override init() {
        path = CGMutablePath()
        super.init()
    }

    /// A path with the elements of `cgPath` and default attributes.
    public convenience init(cgPath: CGPath) {
        self.init()
        path = cgPath.mutableCopy() ?? CGMutablePath()
    }

    /// The path as an immutable `CGPath`. Setting it replaces the elements (attributes kept).
    open var cgPath: CGPath {
        get { path.copy() ?? CGMutablePath() }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    // MARK: Building

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { path.move(to: point) }

    /// A straight line from the current point to `point` (nothing without a current point,
    /// where UIKit logs an error).
    open func addLine(to point: CGPoint) { path.addLine(to: point) }

    /// A cubic Bézier curve from the current point to `endPoint`.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// A quadratic Bézier curve from the current point to `endPoint`.
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    /// A circular arc around `center`, angles in radians from the +x axis toward +y (down on
    /// an iOS screen). `clockwise` is on screen: true sweeps toward increasing angle. If the
    /// path has a current point a line joins it to the arc's start; otherwise the arc starts
    /// a new subpath.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    /// Closes the current subpath with a straight line to its start.
    open func close() { path.closeSubpath() }

    /// Removes every element (attributes kept).
    open func removeAllPoints() { path = CGMutablePath() }

    /// Appends the elements of `bezierPath` (its attributes are not taken).
    open func append(_ bezierPath: UIBezierPath) { path.addPath(bezierPath.path) }

    /// Maps every point of the path through `transform`.
    open func apply(_ transform: CGAffineTransform) {
        var t = transform
        path = path.mutableCopy(using: &t) ?? path
    }

    // MARK: Geometry

    /// Whether the path has no elements.
    open var isEmpty: Bool { path.isEmpty }

    /// The smallest rectangle holding every point of the path, control points included
    /// (Core Graphics' `boundingBox`, as UIKit's); `CGRect.null` for an empty path.
    open var bounds: CGRect { path.boundingBox }

    /// The end of the last element (`.zero` for an empty path).
    open var currentPoint: CGPoint { path.currentPoint }

    /// Whether `point` is inside the filled area (under `usesEvenOddFillRule`; open subpaths
    /// closed implicitly, as filling does).
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: Dash

    /// Sets the dash pattern from `count` lengths at `pattern` (points, alternately painted and
    /// unpainted) and the `phase` (points into the pattern where the stroke starts). A nil
    /// pattern or a count ≤ 0 removes the dash.
    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        guard let pattern, count > 0 else {
            dashPattern = []
            dashPhase = 0
            return
        }
        dashPattern = Array(UnsafeBufferPointer(start: pattern, count: count))
        dashPhase = phase
    }

    /// Reads the dash: the lengths into `pattern` (which must have room for them all), their
    /// number into `count`, the phase into `phase`; nil pointers are skipped.
    open func getLineDash(_ pattern: UnsafeMutablePointer<CGFloat>?, count: UnsafeMutablePointer<Int>?,
                          phase: UnsafeMutablePointer<CGFloat>?) {
        if let pattern {
            for (i, v) in dashPattern.enumerated() { pattern[i] = v }
        }
        count?.pointee = dashPattern.count
        phase?.pointee = dashPhase
    }

    // MARK: NSObject

    /// A copy with the same elements and attributes.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = UIBezierPath()
        copy.path = path.mutableCopy() ?? CGMutablePath()
        copy.copyAttributes(from: self)
        return copy
    }

    func copyAttributes(from other: UIBezierPath) {
        lineWidth = other.lineWidth
        lineCapStyle = other.lineCapStyle
        lineJoinStyle = other.lineJoinStyle
        miterLimit = other.miterLimit
        flatness = other.flatness
        usesEvenOddFillRule = other.usesEvenOddFillRule
        dashPattern = other.dashPattern
        dashPhase = other.dashPhase
    }

    /// The object's identity and its path, for debugging.
    open override var description: String {
        "<UIBezierPath: \(ObjectIdentifier(self)); \(path)>"
    }
}

// CGMutablePath: building paths, with Apple's Swift method names.
//
// Every `transform:` maps the new element's points before they are stored (defaults to the
// identity). No current point: `addLine`, `addQuadCurve`, `addCurve` and
// `addArc(tangent1End:...)` do nothing, as Core Graphics does (it logs "no current point");
// arcs and shapes start with a move when there is no current point. After `closeSubpath` the
// current point is the closed subpath's first point, and a following segment starts a new
// subpath there without an explicit move element (Apple stores none either).
// Non-finite coordinates (arguments or transform results) leave the path unchanged.

/// A path you can build, Apple's CGMutablePath: moves, lines, curves, arcs and shapes appended in the coordinates of whatever user space you build in (non-finite coordinates leave the path unchanged).
public class CGMutablePath: CGPath, @unchecked Sendable {
    /// An empty mutable path.
    public convenience init() {
        self.init(storage: PathStorage())
    }

    /// Begins a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.move(to: map(point, transform))
    }

    /// A straight segment from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        storage.line(to: map(point, transform))
    }

    /// Moves to the first point, then adds lines through the rest (an empty array does nothing,
    /// a single point is just a move). Non-finite points make the whole call a no-op.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        var buffer = ElementBuffer()
        buffer.add(.move, map(first, transform))
        for p in points.dropFirst() { buffer.add(.line, map(p, transform)) }
        storage.commit(buffer)
    }

    /// A quadratic Bézier from the current point to `end` with one control point.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        storage.quad(to: map(end, transform), control: map(control, transform))
    }

    /// A cubic Bézier from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        storage.cubic(to: map(end, transform), control1: map(control1, transform), control2: map(control2, transform))
    }

    /// Ends the current subpath with a segment back to its first point. Does nothing on an
    /// empty path or right after another close.
    public func closeSubpath() {
        storage.close()
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians from +x
    /// toward +y), preceded by a line from the current point to the arc's start (a move if the
    /// path has no current point).
    ///
    /// `clockwise` is in Core Graphics' own y-up sense: `false` means the angle *increases* from
    /// start to end — which looks **clockwise on a flipped, y-down iOS screen** (UIKit's
    /// `UIBezierPath(arcCenter:...clockwise: true)` is this method with `clockwise: false`).
    /// Angles that differ by a non-zero multiple of 2π draw one full circle in the requested
    /// direction, whichever way the difference points (so start 0, end 2π, clockwise: true —
    /// what `UIBezierPath(arcCenter:…startAngle: 0, endAngle: 2π, clockwise: false)` passes
    /// down — is a full circle, as on iOS); more than a turn the requested way is one circle;
    /// otherwise the arc runs the requested way from the start angle's point to the end
    /// angle's. The full rule and its sources: `PathArcs.sweep(from:to:clockwise:)`.
    /// Emitted as cubics of at most 90° each, of equal angle.
    /// A zero radius adds only the line/move to `center` (every point of the arc is the
    /// centre); a negative radius or a non-finite angle, centre or radius adds nothing (Core
    /// Graphics logs "invalid value" and adds nothing for non-finite angles).
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        guard startAngle.isFinite, endAngle.isFinite else { return }
        let sweep = PathArcs.sweep(from: startAngle, to: endAngle, clockwise: clockwise)
        PathArcs.appendArc(
            to: &storage, center: center, radius: radius, startAngle: startAngle, sweep: sweep, transform: transform)
    }

    /// An arc from `startAngle` sweeping `delta` radians (positive: increasing angle, i.e.
    /// counter-clockwise in y-up space). |delta| beyond 2π draws more than one turn (up to 64
    /// turns; larger values are clamped — Apple's behaviour there is unknown).
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        guard delta.isFinite else { return }
        let limit = PathArcs.maxRelativeTurns * PathArcs.fullTurn
        PathArcs.appendArc(
            to: &storage, center: center, radius: radius, startAngle: startAngle,
            sweep: max(-limit, min(limit, delta)), transform: transform)
    }

    /// A line toward `tangent1End`, then an arc of `radius` tangent to the lines
    /// current point → tangent1End and tangent1End → tangent2End. Collinear points (or a zero
    /// radius) give a line to `tangent1End`. Needs a current point (otherwise nothing).
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        PathArcs.appendTangentArc(
            to: &storage, tangent1End: tangent1End, tangent2End: tangent2End, radius: radius, transform: transform)
    }

    /// A closed rectangular subpath: move to (minX, minY), lines to (maxX, minY), (maxX, maxY),
    /// (minX, maxY), close — counter-clockwise in y-up space (clockwise on an iOS screen).
    /// The rect is standardized first; a null or infinite rect does nothing.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        PathShapes.appendRect(rect, to: &storage, transform: transform)
    }

    /// `addRect` for each rectangle, in order.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for r in rects { PathShapes.appendRect(r, to: &storage, transform: transform) }
    }

    /// A closed ellipse inscribed in `rect`: move to (maxX, midY), four cubics through
    /// (midX, maxY), (minX, midY), (midX, minY) back to (maxX, midY), close — increasing angle,
    /// like the rect. Control points use κ = 4/3·tan(π/8) ≈ 0.5523 of each semi-axis.
    /// (Apple's header says "clockwise", which holds on a flipped iOS screen: a
    /// `UIBezierPath(ovalIn:)` stroke animated by strokeEnd starts at 3 o'clock and runs
    /// clockwise there — observed, Stack Overflow question 29054725.)
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        PathShapes.appendEllipse(in: rect, to: &storage, transform: transform)
    }

    /// A closed rounded rectangle whose corners are quarter ellipses with radii
    /// (cornerWidth, cornerHeight). See `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)`
    /// for the element order and how out-of-range corner sizes are handled.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        PathShapes.appendRoundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, to: &storage, transform: transform)
    }

    /// Appends every element of `path`, mapped through `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        storage.append(path.storage, transform: transform)
    }

    @inline(__always)
    private func map(_ p: CGPoint, _ t: CGAffineTransform) -> CGPoint {
        t == .identity ? p : p.applying(t)
    }
}

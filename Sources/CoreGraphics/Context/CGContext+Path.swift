import LaminaRaster

// The current path. Points are mapped by the CTM in force when they are added (Apple's
// rule: changing the CTM afterwards does not move them) and stored in pixel space; the
// queries map back to the user space of the CTM in force when they are asked.

extension CGContext {
    /// Discards the current path.
    public func beginPath() { currentPath = CGMutablePath() }

    /// Starts a new subpath at `point` (user space, mapped by the current CTM).
    public func move(to point: CGPoint) { currentPath.move(to: point, transform: userToPixel) }

    /// Adds a straight line from the current point to `point` (user space).
    public func addLine(to point: CGPoint) { currentPath.addLine(to: point, transform: userToPixel) }

    /// Adds a cubic Bézier curve from the current point to `end` with two control points (user space).
    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        currentPath.addCurve(to: end, control1: control1, control2: control2, transform: userToPixel)
    }

    /// Adds a quadratic Bézier curve from the current point to `end` with one control point (user space).
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        currentPath.addQuadCurve(to: end, control: control, transform: userToPixel)
    }

    /// An arc around `center` (user space) from `startAngle` to `endAngle`, radians from +x
    /// toward +y; `clockwise` is in user space's own sense as for `CGMutablePath.addArc`
    /// (false = increasing angle). A line joins the current point to the arc's start. The sweep
    /// follows `CGMutablePath.addArc`'s rule: angles a non-zero multiple of 2π apart give a full
    /// circle in either direction (start 0, end 2π, clockwise: true included).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        currentPath.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
                           clockwise: clockwise, transform: userToPixel)
    }

    /// Apple's `addArc(tangent1End:tangent2End:radius:)` (CGContextAddArcToPoint).
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        // The current point is in pixel space; CGMutablePath's tangent arc needs the current
        // point and the tangent points in one space, so build the arc in user space.
        guard let current = currentPath.storage.currentPoint, let inverse = pixelToUser else { return }
        let arc = CGMutablePath()
        arc.move(to: current.applying(inverse))
        arc.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        var first = true
        arc.forEachElement { element in
            defer { first = false }
            if first { return } // the move we added
            append(element, transform: userToPixel)
        }
    }

    /// Adds `rect` as a closed subpath (user space).
    public func addRect(_ rect: CGRect) { currentPath.addRect(rect, transform: userToPixel) }

    /// Adds each rectangle as a closed subpath.
    public func addRects(_ rects: [CGRect]) { currentPath.addRects(rects, transform: userToPixel) }

    /// Adds the ellipse inscribed in `rect` as a closed subpath.
    public func addEllipse(in rect: CGRect) { currentPath.addEllipse(in: rect, transform: userToPixel) }

    /// Adds a subpath of straight lines through `points`, starting with a move to the first.
    public func addLines(between points: [CGPoint]) { currentPath.addLines(between: points, transform: userToPixel) }

    /// Appends `path` (in user space), mapped by the CTM.
    public func addPath(_ path: CGPath) { currentPath.addPath(path, transform: userToPixel) }

    /// Closes the current subpath with a line back to its first point.
    public func closePath() { currentPath.closeSubpath() }

    /// Whether the current path has no elements.
    public var isPathEmpty: Bool { currentPath.isEmpty }

    /// The current point in user space; `.zero` when the path has none (Apple returns
    /// CGPointZero too) or the CTM cannot be inverted.
    public var currentPointOfPath: CGPoint {
        guard let p = currentPath.storage.currentPoint, let inverse = pixelToUser else { return .zero }
        return p.applying(inverse)
    }

    /// The bounding box of the current path in user space, control points included;
    /// `CGRect.null` when the path is empty.
    public var boundingBoxOfPath: CGRect {
        guard !currentPath.isEmpty, let inverse = pixelToUser else { return .null }
        return currentPath.copy(applying: inverse).boundingBox
    }

    /// A copy of the current path in user space, nil when it is empty.
    public var path: CGPath? {
        guard !currentPath.isEmpty, let inverse = pixelToUser else { return nil }
        return currentPath.copy(applying: inverse)
    }

    /// Apple's `pathContains(_:mode:)`: whether `point` (user space) is inside the current
    /// path as `mode` would paint it — the fill under the mode's rule, the stroke outline with
    /// the current line style, or either for the fill-and-stroke modes. False for an empty
    /// path, a singular CTM or a non-finite point.
    public func pathContains(_ point: CGPoint, mode: CGPathDrawingMode) -> Bool {
        guard !currentPath.isEmpty, point.x.isFinite, point.y.isFinite else { return false }
        func inFill(_ rule: CGPathFillRule) -> Bool { currentPath.contains(point.applying(userToPixel), using: rule) }
        func inStroke() -> Bool { strokeOutline()?.path.contains(point, using: .winding) ?? false }
        switch mode {
        case .fill: return inFill(.winding)
        case .eoFill: return inFill(.evenOdd)
        case .stroke: return inStroke()
        case .fillStroke: return inFill(.winding) || inStroke()
        case .eoFillStroke: return inFill(.evenOdd) || inStroke()
        }
    }

    /// Replaces the current path by the outline of its stroke with the current line width,
    /// caps, joins, miter limit and dashes (fill it with the non-zero rule to get the stroke).
    public func replacePathWithStrokedPath() {
        guard let outline = strokeOutline() else { beginPath(); return }
        let path = CGMutablePath()
        path.addPath(outline.path, transform: outline.toPixel)
        currentPath = path
    }

    private func append(_ element: PathElement, transform t: CGAffineTransform) {
        switch element {
        case let .move(p): currentPath.move(to: p, transform: t)
        case let .line(p): currentPath.addLine(to: p, transform: t)
        case let .quadCurve(p, c): currentPath.addQuadCurve(to: p, control: c, transform: t)
        case let .curve(p, c1, c2): currentPath.addCurve(to: p, control1: c1, control2: c2, transform: t)
        case .closeSubpath: currentPath.closeSubpath()
        }
    }

    // MARK: Paths for the rasterizer

    /// `path` (already in pixel space) flattened to a polygon within the current flatness.
    /// `visible`: the pixels the fill may change; curves wholly outside them on one side
    /// become their chords (`CurveCulling`: the same pixels), nil flattens every curve.
    package func pixelPolygon(_ path: CGPath, transform: CGAffineTransform = .identity, visible: PixelRect? = nil) -> Polygon {
        var polygon = Polygon()
        let cull = visible.flatMap { v in
            cullsCurves ? CurveCulling(visible: CGRect(x: v.x0, y: v.y0, width: v.width, height: v.height), counter: culledCurves) : nil
        }
        for sub in path.flattened(tolerance: gstate.flatteningTolerance, transform: transform, cull: cull) {
            polygon.addSubpath(sub.points.map { RasterPoint(Double($0.x), Double($0.y)) })
        }
        return polygon
    }

    /// The stroke outline of the current path in user space (dashed, with the current line
    /// style) and the map from user to pixel space to draw it with; nil when nothing would be
    /// drawn (empty path, singular CTM).
    ///
    /// The path is mapped back to the current user space and stroked there, so the line width
    /// and dashes follow the CTM in force at stroke time (a non-uniform scale makes elliptical
    /// pens, as in Core Graphics). Curves of the outline are flattened to 0.1 device pixel
    /// (tolerance / the CTM's largest scale in user units). A line width of 0 strokes the
    /// thinnest visible line: 1 device pixel wide.
    package func strokeOutline() -> (path: CGPath, toPixel: CGAffineTransform)? {
        guard let stroke = userStroke() else { return nil }
        let outline = stroke.path.strokeOutline(width: stroke.width, lineCap: gstate.lineCap, lineJoin: gstate.lineJoin,
                                                miterLimit: gstate.miterLimit, tolerance: stroke.tolerance)
        return (outline, stroke.toPixel)
    }

    /// The stroke outline of the current path as a pixel-space polygon to fill non-zero: the
    /// polygons of `strokeOutline()` mapped to pixels as they are made, without building the
    /// outline path and flattening it again (the same points, so the same pixels). The
    /// stroker's buffers are the context's, kept between strokes. Nil when nothing would be
    /// drawn.
    /// Curves whose stroke lies wholly outside the pixels the stroke may change
    /// (`drawablePixels`) are stroked as their chords (`CurveCulling`: the same pixels).
    package func strokePixelPolygon() -> Polygon? {
        guard let stroke = userStroke() else { return nil }
        var builder = OutlinePolygonBuilder(transform: stroke.toPixel)
        let v = drawablePixels
        let cull = cullsCurves && !v.isEmpty
            ? pixelToUser.flatMap { inverse in
                CurveCulling.stroke(visiblePixels: CGRect(x: v.x0, y: v.y0, width: v.width, height: v.height),
                                    pixelToUser: inverse, halfWidth: stroke.width / 2, lineCap: gstate.lineCap,
                                    lineJoin: gstate.lineJoin, miterLimit: gstate.miterLimit, tolerance: stroke.tolerance,
                                    counter: culledCurves)
            }
            : nil
        stroke.path.strokeOutline(width: stroke.width, lineCap: gstate.lineCap, lineJoin: gstate.lineJoin,
                                  miterLimit: gstate.miterLimit, tolerance: stroke.tolerance, into: &builder,
                                  scratch: strokeScratch, cull: cull)
        return builder.finish()
    }

    /// What `strokeOutline` strokes: the current path in user space (dashed), the line width
    /// (0 means 1 device pixel), the tolerance (0.1 device pixel in user units) and the map to
    /// pixels; nil for an empty path or a singular CTM.
    private func userStroke() -> (path: CGPath, width: CGFloat, tolerance: CGFloat, toPixel: CGAffineTransform)? {
        guard !currentPath.isEmpty, let inverse = pixelToUser else { return nil }
        let toPixel = userToPixel
        let scale = CGContext.largestScale(of: toPixel)
        guard scale > 0, scale.isFinite else { return nil }
        var userPath = currentPath.copy(applying: inverse)
        if !gstate.dashLengths.isEmpty {
            userPath = userPath.copy(dashingWithPhase: gstate.dashPhase, lengths: gstate.dashLengths)
        }
        let width = gstate.lineWidth > 0 ? gstate.lineWidth : 1 / scale
        return (userPath, width, 0.1 / scale, toPixel)
    }

    /// The largest factor by which `t` stretches a vector (its largest singular value).
    package static func largestScale(of t: CGAffineTransform) -> CGFloat {
        let p = (t.a * t.a + t.b * t.b + t.c * t.c + t.d * t.d) / 2
        let q = (t.a * t.a + t.b * t.b - t.c * t.c - t.d * t.d) / 2
        let r = t.a * t.c + t.b * t.d
        return (p + (q * q + r * r).squareRoot()).squareRoot()
    }
}

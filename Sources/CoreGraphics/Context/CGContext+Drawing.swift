import LaminaRaster

// Filling and stroking. Painting the current path consumes it (Apple's rule); the
// convenience calls (`fill(_:)`, `stroke(_:)`, `fillEllipse(in:)`…) leave it alone.

extension CGContext {
    /// Fills the current path with the fill colour under `rule`, then clears the path.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fillCurrentPath(rule: rule)
        beginPath()
    }

    /// Strokes the current path with the stroke colour and line style, then clears the path.
    public func strokePath() {
        strokeCurrentPath()
        beginPath()
    }

    /// Fills, strokes, or both (fill first), then clears the path.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillCurrentPath(rule: .winding)
        case .eoFill: fillCurrentPath(rule: .evenOdd)
        case .stroke: strokeCurrentPath()
        case .fillStroke: fillCurrentPath(rule: .winding); strokeCurrentPath()
        case .eoFillStroke: fillCurrentPath(rule: .evenOdd); strokeCurrentPath()
        }
        beginPath()
    }

    /// Fills `rect` (user space) with the fill colour; exact analytic coverage when the CTM
    /// keeps it axis-aligned (a pixel-aligned rect fills exactly its pixels).
    public func fill(_ rect: CGRect) {
        guard let shape = CoverageShape.rect(rect, userToPixel) else { return }
        render(shape, paint: .solid(CGContext.premultiplied(gstate.fillColor)))
    }

    /// Fills the union of `rects` (non-zero rule) in one operation.
    public func fill(_ rects: [CGRect]) {
        let path = CGMutablePath()
        path.addRects(rects)
        fillShape(path, rule: .winding)
    }

    /// Fills the ellipse inscribed in `rect` (user space) with the fill colour.
    public func fillEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        fillShape(path, rule: .winding)
    }

    /// Strokes the rectangle's outline with the current line style.
    public func stroke(_ rect: CGRect) {
        let path = CGMutablePath()
        path.addRect(rect)
        strokeShape(path)
    }

    /// Strokes the rectangle with `width` (the state's line width is left unchanged).
    public func stroke(_ rect: CGRect, width: CGFloat) {
        let saved = gstate.lineWidth
        setLineWidth(width)
        stroke(rect)
        gstate.lineWidth = saved
    }

    /// Strokes the outline of the ellipse inscribed in `rect` with the current line style.
    public func strokeEllipse(in rect: CGRect) {
        let path = CGMutablePath()
        path.addEllipse(in: rect)
        strokeShape(path)
    }

    /// Strokes the segments points[0]–points[1], points[2]–points[3], …; an odd last point is
    /// ignored.
    public func strokeLineSegments(between points: [CGPoint]) {
        let path = CGMutablePath()
        var i = 0
        while i + 1 < points.count {
            path.move(to: points[i])
            path.addLine(to: points[i + 1])
            i += 2
        }
        strokeShape(path)
    }

    /// Makes the pixels of `rect` (user space, through the CTM and the clip) transparent black,
    /// with antialiased edges. Ignores alpha, blend mode and shadow, as Apple's does.
    public func clear(_ rect: CGRect) {
        guard let shape = CoverageShape.rect(rect, userToPixel) else { return }
        render(shape, paint: .solid(.transparent), mode: .clear, alpha: 255, castsShadow: false)
    }

    // MARK: Internals

    // Nothing is flattened or stroked when the clip leaves no pixel to draw (`render` would
    // draw nothing): a path far off the canvas costs nothing there.

    private func fillCurrentPath(rule: CGPathFillRule) {
        let visible = drawablePixels
        guard !currentPath.isEmpty, !visible.isEmpty else { return }
        let polygon = pixelPolygon(currentPath, visible: visible)
        render(.polygon(polygon, rule == .evenOdd ? .evenOdd : .nonZero),
               paint: .solid(CGContext.premultiplied(gstate.fillColor)))
    }

    private func strokeCurrentPath() {
        guard !drawablePixels.isEmpty, let polygon = strokePixelPolygon() else { return }
        render(.polygon(polygon, .nonZero), paint: .solid(CGContext.premultiplied(gstate.strokeColor)))
    }

    /// Fills a user-space path without touching the current path.
    private func fillShape(_ path: CGPath, rule: CGPathFillRule) {
        let visible = drawablePixels
        guard !visible.isEmpty else { return }
        let polygon = pixelPolygon(path, transform: userToPixel, visible: visible)
        render(.polygon(polygon, rule == .evenOdd ? .evenOdd : .nonZero),
               paint: .solid(CGContext.premultiplied(gstate.fillColor)))
    }

    /// Strokes a user-space path without touching the current path.
    private func strokeShape(_ path: CGPath) {
        let saved = currentPath
        currentPath = CGMutablePath()
        currentPath.addPath(path, transform: userToPixel)
        strokeCurrentPath()
        currentPath = saved
    }
}

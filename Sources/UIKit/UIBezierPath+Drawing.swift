import QuartzCore

// Drawing a UIBezierPath into the current UIKit context (UIGraphicsGetCurrentContext) with
// the context's current colours: set them with UIColor.setFill()/setStroke(). Each call
// saves and restores the graphics state around itself, so the path's attributes do not leak
// into the context. Without a current context these do nothing.

extension UIBezierPath {
    /// Fills the enclosed area with the current fill colour (open subpaths closed
    /// implicitly), using `usesEvenOddFillRule`.
    public func fill() { fill(with: .normal, alpha: 1) }

    /// Fills with `blendMode` and `alpha` (0…1, multiplied with the context's).
    public func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext(), !path.isEmpty else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        if alpha.isFinite { ctx.setAlpha(min(max(alpha, 0), 1)) }
        ctx.setFlatness(flatness)
        ctx.addPath(path)
        ctx.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
        ctx.restoreGState()
    }

    /// Strokes the path with the current stroke colour and this path's line attributes.
    public func stroke() { stroke(with: .normal, alpha: 1) }

    /// Strokes with `blendMode` and `alpha` (0…1, multiplied with the context's).
    public func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        guard let ctx = UIGraphicsGetCurrentContext(), !path.isEmpty else { return }
        ctx.saveGState()
        ctx.setBlendMode(blendMode)
        if alpha.isFinite { ctx.setAlpha(min(max(alpha, 0), 1)) }
        ctx.setLineWidth(lineWidth)
        ctx.setLineCap(lineCapStyle)
        ctx.setLineJoin(lineJoinStyle)
        ctx.setMiterLimit(miterLimit)
        ctx.setFlatness(flatness)
        ctx.setLineDash(phase: dashPhase, lengths: dashPattern)
        ctx.addPath(path)
        ctx.strokePath()
        ctx.restoreGState()
    }

    /// Intersects the current context's clip with the filled area (under
    /// `usesEvenOddFillRule`). Not undone by the path: wrap it in saveGState/restoreGState.
    public func addClip() {
        guard let ctx = UIGraphicsGetCurrentContext() else { return }
        ctx.addPath(path)
        ctx.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }
}

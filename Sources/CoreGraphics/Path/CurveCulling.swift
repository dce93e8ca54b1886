// Curve culling: curves that cannot change a pixel are not flattened.
//
// Flattening a curve costs in proportion to its size over the tolerance (up to 65,536 chords
// for a curve blown up to 1e300), whether or not it shows. A curve whose control points all
// lie on the far side of one edge of the drawable rectangle — left of it, right of it, above
// or below, by more than what drawing it can add around it — is passed to the rasterizer as
// its chord instead. Why that gives the same pixels:
//
// - Fills. The curve and its chord lie in the curve's control box (the chord is in the
//   control points' hull). The closed loop curve + reversed chord lies in that box too, so
//   it winds zero times around every point outside the box: replacing the curve by its chord
//   changes the winding number only inside the box, which has no drawable pixel. In the
//   rasterizer (PolygonRasterizer), edges right of the clip columns are dropped, edges above
//   or below the drawn rows touch no drawn row, and edges left of the clip columns are moved
//   onto its left column, where a chain of them adds, row by row, only the difference of its
//   end points' (24.8 fixed-point) heights: the chord's end points are the curve's, so the
//   cells get the same integers.
// - Strokes. The stroke of a segment lies within its reach (half the line width, times the
//   miter limit for miter joins, times √2 for square caps, plus the tolerance by which
//   flattened vertices and round joins may stand out) of the segment; the box is widened by
//   that reach. A curve is culled only when the segments on both sides of it are outside
//   too (`CGPath.cullableSegments`): replacing it by its chord changes the joins at its two
//   ends, which lie in those segments' reach (26 of 4,000 random partly off-canvas strokes
//   changed bytes without this rule). This part is checked, not proven: whether a join is
//   swept through or emitted apart also depends on how much of its incoming segment the
//   previous join used, so a changed join can in principle change the next one too (a
//   short outside neighbour next to a visible segment); ContextCurveCullingTests found no
//   such case in 4,000 random paths.
//
// A curve too large for the flattener's 65,536-step cap whose box does reach the drawing
// (a quarter of a circle of radius 1e299 around the canvas) is split in halves until its
// pieces are outside or small enough (`flattenInPieces`).
//
// The rectangle and the reach are in the flattener's output space (pixels for a fill
// flattened through the CTM; user space for a stroke, which flattens before mapping).

/// Which curves a flattener may replace by their chords: those whose control box, widened
/// by `reach`, lies wholly on the far side of one edge of `visible`.
package struct CurveCulling {
    /// The rectangle whose pixels the drawing may change (its bounding box when the space is
    /// not the pixels'), in the flattener's output space.
    package var visible: CGRect
    /// How far outside a segment its drawing can reach, in output units (0 for a fill).
    package var reach: CGFloat
    /// Whether a culled curve's neighbours must be outside too (strokes: see the file comment).
    package var requiresOutsideNeighbours: Bool
    /// Counts the curves culled, for tests that count work; nil counts nothing.
    package var counter: CullCounter?

    package init(visible: CGRect, reach: CGFloat = 0, requiresOutsideNeighbours: Bool = false, counter: CullCounter? = nil) {
        self.visible = visible.standardized
        self.reach = reach.isFinite ? max(0, reach) : .infinity
        self.requiresOutsideNeighbours = requiresOutsideNeighbours
        self.counter = counter
    }

    /// For a stroke in user space: `visiblePixels` (the pixels the stroke may change) mapped
    /// back by `pixelToUser`, and the stroke's reach there. Nil when nothing can be culled
    /// safely (a non-finite rectangle or transform).
    package static func stroke(visiblePixels: CGRect, pixelToUser: CGAffineTransform, halfWidth: CGFloat,
                               lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
                               counter: CullCounter? = nil) -> CurveCulling? {
        let visible = visiblePixels.applying(pixelToUser)
        guard !visible.isNull, visible.minX.isFinite, visible.minY.isFinite, visible.maxX.isFinite, visible.maxY.isFinite
        else { return nil }
        var factor: CGFloat = 1
        if lineJoin == .miter { factor = max(factor, miterLimit.isNaN ? 10 : miterLimit) }
        if lineCap == .square { factor = max(factor, 2.squareRoot()) }
        // Flattened vertices stand out of the curve by up to half the tolerance and round
        // joins and caps are polygons around their arcs: twice the tolerance covers both.
        let reach = halfWidth * factor + 2 * PolylineSubpath.sanitized(tolerance)
        guard reach.isFinite else { return nil }
        return CurveCulling(visible: visible, reach: reach, requiresOutsideNeighbours: true, counter: counter)
    }

    /// Curves with a coordinate beyond this are never culled (see `isOutside`). Below it the
    /// flattener's power-basis terms stay below 27 × this (< the largest Double), so its
    /// vertices are finite (its centring falls back to no shift when its squares overflow),
    /// and so are the halves `flattenInPieces` makes.
    static let coordinateLimit: CGFloat = 1e306

    /// Whether every coordinate of `s` is within ±`coordinateLimit` (false for NaN).
    static func isWithinLimit(_ s: BezierSegment) -> Bool {
        let l = coordinateLimit
        return abs(s.p0.x) <= l && abs(s.p0.y) <= l && abs(s.p1.x) <= l && abs(s.p1.y) <= l
            && abs(s.p2.x) <= l && abs(s.p2.y) <= l && abs(s.p3.x) <= l && abs(s.p3.y) <= l
    }

    /// Whether `segment`'s control box, widened by `reach`, lies wholly on the far side of one
    /// edge of `visible` (false when a coordinate is not finite or beyond `coordinateLimit`).
    func isOutside(_ s: BezierSegment) -> Bool {
        // A non-finite point makes the flattened subpath non-finite, which the rasterizer
        // drops whole, and points near the largest Double can overflow as they are flattened:
        // such curves must reach it as they are (min and max would also hide a NaN).
        guard Self.isWithinLimit(s) else { return false }
        let minX = min(min(s.p0.x, s.p1.x), min(s.p2.x, s.p3.x)), maxX = max(max(s.p0.x, s.p1.x), max(s.p2.x, s.p3.x))
        let minY = min(min(s.p0.y, s.p1.y), min(s.p2.y, s.p3.y)), maxY = max(max(s.p0.y, s.p1.y), max(s.p2.y, s.p3.y))
        return maxX + reach < visible.minX || minX - reach > visible.maxX
            || maxY + reach < visible.minY || minY - reach > visible.maxY
    }
}

extension CurveCulling {
    /// Most pieces `flattenInPieces` looks at for one curve.
    static let pieceBudget = 8_192

    /// Flattens a curve too large for the flattener's step cap that is not wholly outside:
    /// splits it in halves, recursively, passing the pieces wholly outside as their chords
    /// and flattening the others once they need fewer steps than the cap. `point` receives
    /// the vertices strictly inside the curve, in order (the caller adds its end point).
    ///
    /// Only for capped curves (control points some 10⁹ tolerances apart or more): their
    /// full flattening is already coarser than the tolerance (65,536 chords of 10⁴ tolerances
    /// or more), so the pixels differ from it — in having more of the visible part's detail,
    /// not less; every other curve is flattened exactly as without culling. A curve that
    /// runs along the drawing for more than `pieceBudget` pieces has its remaining pieces
    /// passed as chords.
    func flattenInPieces(_ curve: BezierSegment, tolerance: CGFloat, point: (CGPoint) -> Void) {
        // Beyond the coordinate limit, halving may overflow: flattened as it is.
        guard Self.isWithinLimit(curve) else {
            curve.forEachInteriorFlatteningPoint(tolerance: tolerance, point)
            return
        }
        var stack: [BezierSegment] = [curve]
        var looked = 0
        var first = true
        while let piece = stack.popLast() {
            looked += 1
            // Each piece but the curve's last ends at a vertex inside the curve.
            let interiorEnd = !stack.isEmpty
            if !first && isOutside(piece) {
                counter?.culled += 1
                if interiorEnd { point(piece.end) }
                continue
            }
            first = false
            if piece.flatteningSteps(tolerance: tolerance) >= BezierSegment.flatteningStepCap && looked < Self.pieceBudget {
                let (a, b) = piece.halves()
                stack.append(b); stack.append(a)
                continue
            }
            if looked < Self.pieceBudget { piece.forEachInteriorFlatteningPoint(tolerance: tolerance, point) }
            if interiorEnd { point(piece.end) }
        }
    }
}

/// How many curves a `CurveCulling` let the flattener skip (tests count work with it).
package final class CullCounter {
    package var culled = 0
    package init() {}
}

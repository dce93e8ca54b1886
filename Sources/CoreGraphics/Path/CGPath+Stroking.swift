// Stroke outlines: CGPathCreateCopyByStrokingPath as a fillable polygon set.
//
// Method. The path is flattened (tolerance in path units, see `strokeTolerance`), zero-length
// segments are dropped, and each polyline is swept by a cross-section of length lineWidth:
// the left and right offsets are collected into one polygon ("piece") for as long as every
// joint is *safe* — the inner offsets of the two segments meet within both segments, so the
// sweep never folds back. A fold-free sweep covers every point it passes with the same sign,
// so the piece has winding ±1 (or more where the stroke overlaps itself), never a cancelling
// −1. At an unsafe joint (sharp turns on short segments, 180° cusps, curvature tighter than
// half the width) the piece ends with a butt edge, the join is emitted as its own wedge
// polygon, and a new piece starts; pieces overlap there. Every polygon is oriented the same
// way, so the union — and only the union — is covered under the non-zero rule, even where
// the stroke overlaps itself. (Even-odd filling of the outline is *not* meaningful.)
//
// Apple's rules kept: caps only on open subpaths; closed subpaths join at their start; miter
// limit is miter length / line width = 1 / sin(φ/2) for the interior angle φ, beyond which
// the join is a bevel; a subpath that is a single point (e.g. move + zero-length line) draws a
// disc (round cap), an axis-aligned square (square cap) or nothing (butt); a lone move and
// closed single-point subpaths draw nothing. Joints inside a flattened curve are joined round
// whatever the join style (the true offset of a smooth curve is round there).

extension CGPath {
    /// The outline of the stroke as a path to fill with the non-zero rule, mapped through
    /// `transform`. A non-positive or non-finite width gives an empty path; a NaN miter limit
    /// means the default 10. Curves are flattened with `strokeTolerance(forWidth:)`.
    public func copy(
        strokingWithWidth lineWidth: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        let outline = strokeOutline(
            width: lineWidth, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit,
            tolerance: CGPath.strokeTolerance(forWidth: lineWidth))
        return transform == .identity ? outline : outline.copy(applying: transform)
    }

    /// The flattening tolerance of the public stroking call: 1% of the line width, kept within
    /// [1e-4, 0.05] path units — fine enough that outlines of thin and thick strokes look
    /// smooth at 1:1 scale. Callers that know the device scale should call `strokeOutline`
    /// with a tolerance of about 0.1 device pixels expressed in path units.
    package static func strokeTolerance(forWidth width: CGFloat) -> CGFloat {
        guard width.isFinite, width > 0 else { return 0.05 }
        return min(0.05, max(1e-4, width * 0.01))
    }

    /// The stroke outline (see the file comment), with curves and round joins/caps flattened
    /// within `tolerance` path units. To stroke under a CTM (including non-uniform scales),
    /// stroke here in path space with tolerance ≈ device tolerance / the CTM's largest scale,
    /// then map or flatten the outline with the CTM (`flattened(tolerance:transform:)`).
    /// `scratch`: working buffers to reuse, as for the sink version below (the same outline).
    /// `cull`: curves whose stroke cannot reach the drawing, stroked as their chords (as below).
    package func strokeOutline(
        width: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
        scratch: StrokeScratch? = nil, cull: CurveCulling? = nil
    ) -> CGPath {
        var storage = PathStorage()
        strokeOutline(width: width, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, tolerance: tolerance,
                      into: &storage, scratch: scratch, cull: cull)
        return CGPath(storage: storage)
    }

    /// The same outline polygons as `strokeOutline(width:…)`, handed to `sink` one by one
    /// instead of being built into a path (a renderer that fills them at once skips the path
    /// and its conversion back to polygons).
    ///
    /// `scratch`: working buffers to reuse (a caller stroking many paths passes one per thread,
    /// so a steady-state stroke does not allocate them; without it each call grows its own).
    /// `fastJoints: false` turns off the stroker's shortcut for smooth joints (see
    /// `PathStroker.joint`), for tests that compare it with the general rule. `cull`: curves
    /// whose stroke cannot reach the drawing, stroked as their chords (`CurveCulling`, in path
    /// units, with the stroke's reach); nil strokes every curve as it is.
    package func strokeOutline<Sink: StrokeOutlineSink>(
        width: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
        into sink: inout Sink, scratch: StrokeScratch? = nil, fastJoints: Bool = true, cull: CurveCulling? = nil
    ) {
        guard width.isFinite, width > 0 else { return }
        let scratch = scratch ?? StrokeScratch()
        // The stroker is not generic (this function is not specialised for callers in other
        // modules, and generic code there ran several times slower): it collects each
        // subpath's polygons, and they are handed to the sink here.
        var stroker = PathStroker(
            halfWidth: width / 2, cap: lineCap, join: lineJoin, miterLimit: miterLimit.isNaN ? 10 : miterLimit,
            tolerance: PolylineSubpath.sanitized(tolerance), fastJoints: fastJoints, buffers: scratch.take())
        defer { scratch.keep(stroker.buffers) }
        flatten(tolerance: stroker.tolerance, cull: cull, begin: { p in
            stroker.beginPolyline(at: p)
        }, point: { p, interior in
            stroker.addPoint(p, smooth: interior)
        }, end: { closed, ends in
            stroker.strokePolyline(closed: closed, ends: ends)
            stroker.flush(into: &sink)
        })
    }
}

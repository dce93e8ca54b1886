// Flattening: curves to polylines within a distance tolerance, subpaths and closed flags kept.
//
// Tolerance is in path units: every point of the true curve lies within `tolerance` of the
// polyline and every polyline point within `tolerance` of the curve. A curve's end points are
// kept exactly; its interior vertices sit just outside it (by about half their chords'
// sagitta), so that the chords straddle the curve instead of cutting inside it. Each curve is
// stepped in one pass, every step about as long as an
// analytic bound on its chord's error allows where the curve is (AdaptiveFlattening.swift),
// and no step shorter than about half the uniform bound's (`BezierSegment.flatteningSteps`).
// Non-positive or non-finite tolerances fall back to `PolylineSubpath.defaultTolerance`.

/// One flattened subpath in path units. A closed subpath has an implied segment from the last
/// point back to the first (the first point is not repeated, unless the path itself repeated
/// it). An open subpath with two equal points is a zero-length segment (a dot when stroked
/// with round or square caps).
package struct PolylineSubpath: Equatable, Sendable {
    package var points: [CGPoint]
    package var isClosed: Bool

    package init(points: [CGPoint], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }

    /// Used when a caller passes an unusable tolerance: a quarter of a path unit.
    package static let defaultTolerance: CGFloat = 0.25

    static func sanitized(_ tolerance: CGFloat) -> CGFloat {
        tolerance.isFinite && tolerance > 0 ? max(tolerance, 1e-9) : defaultTolerance
    }
}

/// The directions in which a flattened subpath leaves its start point and arrives at its end
/// point, when its first (last) segment is a curve: B'(0) and B'(1) of that curve (the first
/// non-zero difference of its control points), not yet normalised. Nil for a line there (the
/// chord is the tangent) and for a curve whose control points all coincide.
package struct SubpathEndTangents {
    package var start: CGVector?
    package var end: CGVector?
    package init(start: CGVector? = nil, end: CGVector? = nil) { self.start = start; self.end = end }
}

extension CGPath {
    /// The path as polylines within `tolerance` of the true curves. Subpaths with no segments
    /// (a lone move, or a move directly followed by a close) are left out.
    ///
    /// With a `transform` (e.g. the CTM to device pixels), the curves are mapped first (Béziers
    /// are affine-invariant) and `tolerance` is in the *output* space — the usual way to
    /// flatten for rasterization without copying the path. A transform that would make any
    /// coordinate non-finite gives an empty result.
    /// `cull`: curves that cannot change the drawing's pixels become chords (`CurveCulling`).
    package func flattened(tolerance: CGFloat, transform: CGAffineTransform = .identity,
                           cull: CurveCulling? = nil) -> [PolylineSubpath] {
        var result: [PolylineSubpath] = []
        var points: [CGPoint] = []
        flatten(tolerance: tolerance, transform: transform, cull: cull, begin: { start in
            points.removeAll(keepingCapacity: true)
            points.append(start)
        }, point: { p, _ in
            points.append(p)
        }, end: { closed, _ in
            result.append(PolylineSubpath(points: points, isClosed: closed))
        })
        return result
    }

    /// Streaming flattener: `begin(start)`, then `point(p, isCurveInterior)` for each further
    /// vertex (`isCurveInterior` is true for vertices strictly inside one curve, where the
    /// tangent is continuous), then `end(isClosed, ends)`. Subpaths without segments are
    /// skipped. `ends` holds the true tangents at the subpath's two ends when its first or last
    /// segment is a curve (a stroke's caps are square to them, not to the first or last chord).
    /// `transform` maps the curves before flattening, as for `flattened(tolerance:transform:)`.
    /// Inlined so that the callers' closures are too (a call per vertex otherwise).
    ///
    /// `cull`: curves that cannot change a pixel of the drawing are passed as their chord
    /// (their end point) instead of being flattened (see `CurveCulling`); nil flattens all.
    @inline(__always)
    package func flatten(
        tolerance: CGFloat,
        transform t: CGAffineTransform = .identity,
        cull: CurveCulling? = nil,
        begin: (CGPoint) -> Void,
        point: (CGPoint, Bool) -> Void,
        end: (Bool, SubpathEndTangents) -> Void
    ) {
        let tol = PolylineSubpath.sanitized(tolerance)
        let mapping = t != .identity
        if mapping {
            // Every curve lies in the hull of its points, so finite mapped corners of the
            // control-point box mean finite mapped points everywhere.
            let box = boundingBox
            guard t.isFiniteTransform, !box.isNull else { return }
            guard CGPoint(x: box.minX, y: box.minY).applying(t).isFinitePoint,
                  CGPoint(x: box.maxX, y: box.minY).applying(t).isFinitePoint,
                  CGPoint(x: box.minX, y: box.maxY).applying(t).isFinitePoint,
                  CGPoint(x: box.maxX, y: box.maxY).applying(t).isFinitePoint else { return }
        }
        // For strokes, which segments may be culled (their neighbours' reach is outside too).
        let cullable = cull.flatMap { $0.requiresOutsideNeighbours ? cullableSegments($0, transform: t, mapping: mapping) : nil }
        var index = 0
        var started = false
        var start: BezierSegment?, last: BezierSegment? // the subpath's first and last segments
        forEachSegment({ original in
            let seg = mapping ? original.applying(t) : original
            defer { index += 1 }
            if !started { begin(seg.p0); started = true; start = seg }
            last = seg
            switch seg.kind {
            case .line:
                point(seg.p1, false)
            case .quad, .cubic:
                if let cull, cullable?[index] ?? true, cull.isOutside(seg) {
                    cull.counter?.culled += 1
                } else if cull != nil, !seg.hasFinitePowerCoefficients, seg.flatteningSteps(tolerance: tol) > 1 {
                    // Every interior vertex would be infinite or NaN (up to 65,536 of them): a
                    // fill drops such a subpath and a stroke the pieces through them, and one
                    // NaN vertex has the same effect.
                    point(CGPoint(x: CGFloat.nan, y: CGFloat.nan), true)
                } else if let cull, seg.flatteningSteps(tolerance: tol) >= BezierSegment.flatteningStepCap {
                    cull.flattenInPieces(seg, tolerance: tol) { point($0, true) }
                } else {
                    seg.forEachInteriorFlatteningPoint(tolerance: tol) { point($0, true) }
                }
                point(seg.end, false)
            }
        }, subpathEnd: { _, _, closed in
            if started { end(closed, SubpathEndTangents(start: start?.startTangent, end: last?.endTangent)) }
            started = false
        })
    }

    /// Per segment (in `forEachSegment` order), whether a stroke may cull it: it and the
    /// segments on either side of it in its subpath (the closing line of a closed subpath, or
    /// the other end of its ring when that line has no length; nothing past an open end,
    /// where the cap is within reach of the end point) all lie outside `cull`'s rectangle
    /// by more than its reach. A stroke's joins depend on the directions of the two segments
    /// they join, so replacing a curve by its chord changes the joins at its ends: this keeps
    /// those joins between segments whose whole stroke is off the drawing.
    private func cullableSegments(_ cull: CurveCulling, transform t: CGAffineTransform, mapping: Bool) -> [Bool] {
        var outside: [Bool] = []
        var result: [Bool] = []
        var subpathFirst = 0
        forEachSegment({ original in
            outside.append(cull.isOutside(mapping ? original.applying(t) : original))
        }, subpathEnd: { start, current, closed in
            let range = subpathFirst..<outside.count
            subpathFirst = outside.count
            guard !range.isEmpty else { return }
            // What lies before the first segment and after the last one.
            let wrap: (before: Bool, after: Bool)
            if !closed {
                wrap = (true, true)
            } else if start != current {
                let a = mapping ? current.applying(t) : current, b = mapping ? start.applying(t) : start
                let closing = cull.isOutside(.line(a, b))
                wrap = (closing, closing)
            } else {
                wrap = (outside[range.upperBound - 1], outside[range.lowerBound])
            }
            for i in range {
                let before = i > range.lowerBound ? outside[i - 1] : wrap.before
                let after = i + 1 < range.upperBound ? outside[i + 1] : wrap.after
                result.append(outside[i] && before && after)
            }
        })
        return result
    }

    /// Total length of the path flattened at `tolerance` (path units), closing segments of
    /// closed subpaths included, implicit closing of open subpaths not.
    package func length(tolerance: CGFloat = 0.01) -> CGFloat {
        var total: CGFloat = 0
        var first = CGPoint.zero, last = CGPoint.zero
        flatten(tolerance: tolerance, begin: { p in first = p; last = p }, point: { p, _ in
            total += hypot(p.x - last.x, p.y - last.y); last = p
        }, end: { closed, _ in
            if closed { total += hypot(first.x - last.x, first.y - last.y) }
        })
        return total
    }
}

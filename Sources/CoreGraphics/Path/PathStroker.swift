// The stroker proper: collects one flattened subpath at a time and sweeps it into outline
// polygons (the method is described in CGPath+Stroking.swift; joints are in
// PathStroker+Joints.swift, round joins and caps in StrokeArcs.swift). It works in
// `StrokeBuffer`s lent by a `StrokeScratch`.

struct PathStroker {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    let tolerance: CGFloat
    /// The largest angle step of arcs on the circle of radius halfWidth (see `arcSteps`),
    /// computed once: every round join and cap of a stroke uses it.
    let arcStep: CGFloat
    /// How many chords a round cap (half a turn) has.
    let capSteps: Int
    /// (cos, sin) of the turn to each interior point of a round cap (see `fillCapTurns`; kept
    /// in the scratch across strokes with the same `capSteps`).
    var capTurns: StrokeBuffer<CGVector>
    /// Whether `joint` may take its shortcut for smooth joints.
    let fastJoints: Bool
    /// A joint whose unit directions have a dot product above this turns by less than one arc
    /// step, with room to spare (see `joint`).
    let smoothJointCos: CGFloat

    /// The subpath being collected: flattened vertices (zero-length steps dropped) and, per
    /// vertex, whether it lies strictly inside one curve (where the tangent is continuous).
    var points: StrokeBuffer<CGPoint>
    var smooth: StrokeBuffer<Bool>
    /// The piece being built: offsets to the left (+normal) and right, both in path order.
    var left: StrokeBuffer<CGPoint>
    var right: StrokeBuffer<CGPoint>
    /// The piece's start cap (round caps), closing its outline after the right side.
    var startCap: StrokeBuffer<CGPoint>
    /// What lies between a join's two outer corners (arc points, miter tip), as filled by
    /// `fillBetween`; `seamBetween` keeps a closed ring's start join for its end.
    var between: StrokeBuffer<CGPoint>
    var seamBetween: StrokeBuffer<CGPoint>
    /// Finished polygons, handed to the sink by `flush` after each subpath.
    var polygons: StrokePolygons
    /// How much of the current segment's inner offset the previous safe joint used.
    var consumed: CGFloat = 0

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
         fastJoints: Bool, buffers b: StrokeBuffers) {
        self.halfWidth = halfWidth; self.cap = cap; self.join = join
        self.miterLimit = miterLimit; self.tolerance = tolerance; self.fastJoints = fastJoints
        let exactStep: CGFloat = tolerance < halfWidth ? 2 * acos(1 - tolerance / halfWidth) : .pi / 2
        let step = min(.pi / 2, max(.pi / 1024, exactStep))
        arcStep = step
        capSteps = Self.arcSteps(sweep: .pi, step: step)
        // cos is decreasing on [0, π]: dot > cos(step) means a turn below the step. The margin
        // (far above the rounding of the dot product and of atan2) keeps the shortcut away
        // from turns the general rule could judge either way.
        smoothJointCos = cos(step) + 1e-9
        var turns = b.capTurns
        if b.capTurnsSteps != capSteps { Self.fillCapTurns(&turns, steps: capSteps) }
        capTurns = turns
        points = b.points; smooth = b.smooth; left = b.left; right = b.right
        startCap = b.startCap; between = b.between; seamBetween = b.seamBetween
        polygons = b.polygons
    }

    /// The buffers, to give back to the scratch when the stroke is done.
    var buffers: StrokeBuffers {
        StrokeBuffers(points: points, smooth: smooth, left: left, right: right, startCap: startCap,
                      between: between, seamBetween: seamBetween, polygons: polygons,
                      capTurns: capTurns, capTurnsSteps: capSteps)
    }

    /// Starts collecting a subpath at `p`.
    mutating func beginPolyline(at p: CGPoint) {
        points.removeAll(); smooth.removeAll()
        points.append(p); smooth.append(false)
    }

    /// The next flattened vertex; `isSmooth` when it is inside one curve.
    @inline(__always) mutating func addPoint(_ p: CGPoint, smooth isSmooth: Bool) {
        if p == points.last { return }  // zero-length segment
        points.append(p); smooth.append(isSmooth)
    }

    /// Hands the polygons of the subpaths stroked so far to `sink`.
    mutating func flush<Sink: StrokeOutlineSink>(into sink: inout Sink) {
        polygons.flush(into: &sink)
    }

    /// Strokes the subpath collected since `beginPolyline`. The caps of an open subpath are
    /// square to `ends`' tangents where it has them (curve ends): square to the first or last
    /// chord instead, they leave a sliver of a gap between two subpaths that meet with the
    /// same tangent (seed 001's sketch strokes, one subpath per curve, butt caps), since each
    /// end chord turns half its bend away from the tangent.
    mutating func strokePolyline(closed: Bool, ends: SubpathEndTangents = SubpathEndTangents()) {
        if closed, points.count > 1, points.last == points[0] {
            points.truncate(to: points.count - 1); smooth.truncate(to: smooth.count - 1)
        }
        let hw = halfWidth
        let n = points.count
        if n == 1 {
            guard !closed else { return }
            strokeDot(at: points[0])
            return
        }
        let segmentCount = closed ? n : n - 1
        // The first and last segments are needed up front (the start joint of a closed
        // subpath); the others are measured as the sweep reaches them.
        let (d0, len0) = segment(0)
        let (last, lenLast) = segmentCount > 1 ? segment(segmentCount - 1) : (d0, len0)

        // Start of the first piece.
        let p0 = points[0]
        let c0 = closed ? d0 : Self.capDirection(ends.start, chord: d0), n0 = normal(c0)
        var base = p0
        startCap.removeAll()
        if !closed {
            switch cap {
            case .butt: break
            case .square: base = CGPoint(x: p0.x - c0.dx * hw, y: p0.y - c0.dy * hw)
            case .round:
                startCap.appendCap(center: p0, radius: hw, from: CGVector(dx: -n0.dx, dy: -n0.dy), turns: capTurns)
            }
        }
        restart(left: offset(base, n0, hw), right: offset(base, n0, -hw))
        consumed = 0

        // A closed subpath whose start joint is safe is swept as one ring: it starts just after
        // the start joint (inner corner point, outer end of the join) and ends by drawing that
        // join, so the slit where the ring meets itself has zero width and no overlap.
        var seam: (inner: CGPoint, outer1: CGPoint, outer2: CGPoint, outerIsLeft: Bool)?
        var endReserve: CGFloat = 0
        if closed {
            let turn = turnAngle(last, d0)
            let inner = hw * tan(abs(turn) / 2)
            if abs(turn) >= Self.collinearTurn, abs(turn) < .pi - Self.reversalMargin, inner.isFinite,
               2 * inner <= len0, 2 * inner <= lenLast {
                let s: CGFloat = turn > 0 ? -1 : 1        // side of the outer offset
                fillBetween(at: p0, dIn: last, dOut: d0, theta: turn, smooth: smooth[0])
                seamBetween.removeAll(); seamBetween.append(contentsOf: between)
                // On the inner offset of the first segment, `inner` past the joint.
                let ip = CGPoint(x: p0.x - s * n0.dx * hw + d0.dx * inner, y: p0.y - s * n0.dy * hw + d0.dy * inner)
                let outer2 = offset(p0, n0, s * hw)
                seam = (ip, offset(p0, normal(last), s * hw), outer2, s > 0)
                if s > 0 { restart(left: outer2, right: ip) } else { restart(left: ip, right: outer2) }
                consumed = inner
                endReserve = inner
            }
        }

        var dIn = d0, lenIn = len0
        for j in 1 ..< segmentCount {
            let (dOut, lenOut) = j == segmentCount - 1 ? (last, lenLast) : segment(j)
            joint(at: points[j], dIn: dIn, dOut: dOut, lenIn: lenIn, lenOut: lenOut,
                  reserveOut: j == segmentCount - 1 ? endReserve : 0, smooth: smooth[j])
            dIn = dOut; lenIn = lenOut
        }
        if let seam {
            if seam.outerIsLeft {
                left.append(seam.outer1); left.append(contentsOf: seamBetween); left.append(seam.outer2)
                right.append(seam.inner)
            } else {
                right.append(seam.outer1); right.append(contentsOf: seamBetween); right.append(seam.outer2)
                left.append(seam.inner)
            }
            emitPiece(endCapFrom: nil, at: p0)
            left.removeAll(); right.removeAll()
            return
        }

        let cl = closed ? last : Self.capDirection(ends.end, chord: last), nl = normal(cl)
        let pEnd = closed ? p0 : points[n - 1]
        var endBase = pEnd
        var roundEnd = false
        if !closed {
            switch cap {
            case .butt: break
            case .square: endBase = CGPoint(x: pEnd.x + cl.dx * hw, y: pEnd.y + cl.dy * hw)
            case .round: roundEnd = true
            }
        }
        left.append(offset(endBase, nl, hw))
        right.append(offset(endBase, nl, -hw))
        emitPiece(endCapFrom: roundEnd ? nl : nil, at: pEnd)
        left.removeAll(); right.removeAll(); startCap.removeAll()

        if closed {
            // The join at the start point, as a wedge between the two butt ends.
            let theta = turnAngle(last, d0)
            if !(abs(theta) < Self.collinearTurn) { emitWedge(at: p0, dIn: last, dOut: d0, theta: theta, smooth: smooth[0]) }
        }
    }

    /// Segment k of the subpath (from vertex k to the next, the last of a closed subpath back
    /// to the first): its unit direction ((1, 0) if it has no length) and length.
    @inline(__always) private func segment(_ k: Int) -> (CGVector, CGFloat) {
        let a = points[k], b = points[k + 1 < points.count ? k + 1 : 0]
        let dx = b.x - a.x, dy = b.y - a.y
        let squared = dx * dx + dy * dy
        let l = squared.isNormal && squared.isFinite ? squared.squareRoot() : hypot(dx, dy)
        return (l > 0 ? CGVector(dx: dx / l, dy: dy / l) : CGVector(dx: 1, dy: 0), l)
    }

    /// The direction a cap is square to: the curve's `tangent` at that end, normalised, when it
    /// is within 45° of the end `chord` (a unit vector); otherwise (no tangent, a line, or a
    /// curve that leaves its end sharply and turns at once, where a cap square to the tangent
    /// would stick out of the chord-based outline) the chord.
    static func capDirection(_ tangent: CGVector?, chord: CGVector) -> CGVector {
        guard let v = tangent else { return chord }
        let l = (v.dx * v.dx + v.dy * v.dy).squareRoot()
        guard l > 0 && l.isFinite else { return chord }
        let u = CGVector(dx: v.dx / l, dy: v.dy / l)
        return u.dx * chord.dx + u.dy * chord.dy >= 0.7071 ? u : chord
    }

    /// A subpath that is a single point: a disc (round cap), an axis-aligned square (square
    /// cap) or nothing (butt).
    private mutating func strokeDot(at p: CGPoint) {
        let hw = halfWidth
        switch cap {
        case .butt: return
        case .round:
            let steps = Self.arcSteps(sweep: 2 * .pi, step: arcStep)
            polygons.begin()
            polygons.points.appendArc(center: p, radius: hw, from: 0, sweep: 2 * .pi, steps: steps, includeEnds: true)
            polygons.end()
        case .square:
            polygons.begin()
            polygons.points.append(CGPoint(x: p.x - hw, y: p.y - hw)); polygons.points.append(CGPoint(x: p.x + hw, y: p.y - hw))
            polygons.points.append(CGPoint(x: p.x + hw, y: p.y + hw)); polygons.points.append(CGPoint(x: p.x - hw, y: p.y + hw))
            polygons.end()
        }
    }

    /// Turns below this (radians) are collinear: the offsets simply continue.
    static var collinearTurn: CGFloat { 1e-12 }
    /// Turns within this of π (radians) are reversals: never swept through.
    static var reversalMargin: CGFloat { 1e-9 }

    /// The signed turn from direction `a` to `b`, radians in (−π, π] (positive = toward +y).
    func turnAngle(_ a: CGVector, _ b: CGVector) -> CGFloat {
        atan2(a.dx * b.dy - a.dy * b.dx, a.dx * b.dx + a.dy * b.dy)
    }

    /// Starts a new piece at these first offset points.
    mutating func restart(left l: CGPoint, right r: CGPoint) {
        left.removeAll(); left.append(l)
        right.removeAll(); right.append(r)
    }

    /// Emits the current piece: left side, the end cap (a round cap around `center` starting
    /// in direction `endCapFrom`, if given), right side backwards, start cap (the seamless
    /// closed ring has neither cap) — assembled last to first (see `StrokePolygons.end`).
    mutating func emitPiece(endCapFrom: CGVector?, at center: CGPoint) {
        let hw = halfWidth
        polygons.begin()
        polygons.points.append(reversedContentsOf: startCap)
        polygons.points.append(contentsOf: right)
        if let from = endCapFrom {
            polygons.points.appendCap(center: center, radius: hw, from: from, turns: capTurns, backwards: true)
        }
        polygons.points.append(reversedContentsOf: left)
        polygons.end(backwards: true)
    }

    @inline(__always) func normal(_ d: CGVector) -> CGVector { CGVector(dx: -d.dy, dy: d.dx) }
    @inline(__always) func angle(of v: CGVector) -> CGFloat { atan2(v.dy, v.dx) }
    @inline(__always) func offset(_ p: CGPoint, _ n: CGVector, _ k: CGFloat) -> CGPoint {
        CGPoint(x: p.x + n.dx * k, y: p.y + n.dy * k)
    }
}

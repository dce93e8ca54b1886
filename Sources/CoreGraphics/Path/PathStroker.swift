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
    package func strokeOutline(
        width: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat
    ) -> CGPath {
        var storage = PathStorage()
        strokeOutline(width: width, lineCap: lineCap, lineJoin: lineJoin, miterLimit: miterLimit, tolerance: tolerance,
                      into: &storage)
        return CGPath(storage: storage)
    }

    /// The same outline polygons as `strokeOutline(width:…)`, handed to `sink` one by one
    /// instead of being built into a path (a renderer that fills them at once skips the path
    /// and its conversion back to polygons).
    ///
    /// `scratch`: working arrays to reuse (a caller stroking many paths passes one per thread,
    /// so a steady-state stroke does not allocate them; without it each call grows its own).
    package func strokeOutline<Sink: StrokeOutlineSink>(
        width: CGFloat, lineCap: CGLineCap, lineJoin: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat,
        into sink: inout Sink, scratch: StrokeScratch? = nil
    ) {
        guard width.isFinite, width > 0 else { return }
        let scratch = scratch ?? StrokeScratch()
        // The stroker owns the sink while it runs (a second reference would make every
        // append to a reused array copy it).
        var stroker = PathStroker(
            halfWidth: width / 2, cap: lineCap, join: lineJoin,
            miterLimit: miterLimit.isNaN ? 10 : miterLimit, tolerance: PolylineSubpath.sanitized(tolerance), out: sink,
            scratch: scratch)
        sink = Sink()
        var points = scratch.takePoints(), smooth = scratch.takeSmooth()
        defer { scratch.keep(points: points, smooth: smooth); stroker.giveBack(to: scratch) }
        flatten(tolerance: stroker.tolerance, begin: { p in
            points.removeAll(keepingCapacity: true); smooth.removeAll(keepingCapacity: true)
            points.append(p); smooth.append(false)
        }, point: { p, interior in
            if p == points[points.count - 1] { return }  // zero-length segment
            points.append(p); smooth.append(interior)
        }, end: { closed in
            stroker.strokePolyline(points, smooth: smooth, closed: closed)
        })
        sink = stroker.out
    }
}

struct PathStroker<Out: StrokeOutlineSink> {
    let halfWidth: CGFloat
    let cap: CGLineCap
    let join: CGLineJoin
    let miterLimit: CGFloat
    let tolerance: CGFloat
    /// The largest angle step of arcs on the circle of radius halfWidth (see `arcPoints`),
    /// computed once: every round join and cap of a stroke uses it.
    private let arcStep: CGFloat
    /// Receives the outline's polygons.
    var out: Out

    // The piece being built: offsets to the left (+normal) and right, both in path order.
    private var left: [CGPoint]
    private var right: [CGPoint]
    private var startCap: [CGPoint] = []
    /// A polygon being assembled for `emitPolygon` (capacity reused, like left and right).
    private var polygon: [CGPoint]
    /// Per polyline: each segment's unit direction and length (capacity reused).
    private var dirs: [CGVector]
    private var lens: [CGFloat]
    /// How much of the current segment's inner offset the previous safe joint used.
    private var consumed: CGFloat = 0

    init(halfWidth: CGFloat, cap: CGLineCap, join: CGLineJoin, miterLimit: CGFloat, tolerance: CGFloat, out: Out,
         scratch: StrokeScratch) {
        self.out = out
        (left, right, polygon, dirs, lens) = scratch.takeStrokerArrays()
        self.halfWidth = halfWidth; self.cap = cap; self.join = join
        self.miterLimit = miterLimit; self.tolerance = tolerance
        let exactStep: CGFloat = tolerance < halfWidth ? 2 * acos(1 - tolerance / halfWidth) : .pi / 2
        arcStep = min(.pi / 2, max(.pi / 1024, exactStep))
    }

    mutating func strokePolyline(_ input: [CGPoint], smooth inputSmooth: [Bool], closed: Bool) {
        var pts = input, smooth = inputSmooth
        if closed, pts.count > 1, pts[pts.count - 1] == pts[0] { pts.removeLast(); smooth.removeLast() }
        let hw = halfWidth
        if pts.count == 1 {
            guard !closed else { return }
            let p = pts[0]
            switch cap {
            case .butt: break
            case .round: emitPolygon(arcPoints(center: p, from: 0, sweep: 2 * .pi, includeEnds: true))
            case .square:
                emitPolygon([CGPoint(x: p.x - hw, y: p.y - hw), CGPoint(x: p.x + hw, y: p.y - hw),
                             CGPoint(x: p.x + hw, y: p.y + hw), CGPoint(x: p.x - hw, y: p.y + hw)])
            }
            return
        }
        let n = pts.count
        let segmentCount = closed ? n : n - 1
        dirs.removeAll(keepingCapacity: true); lens.removeAll(keepingCapacity: true)
        dirs.reserveCapacity(segmentCount); lens.reserveCapacity(segmentCount)
        for k in 0 ..< segmentCount {
            let a = pts[k], b = pts[(k + 1) % n]
            let l = hypot(b.x - a.x, b.y - a.y)
            lens.append(l)
            dirs.append(l > 0 ? CGVector(dx: (b.x - a.x) / l, dy: (b.y - a.y) / l) : CGVector(dx: 1, dy: 0))
        }

        // Start of the first piece.
        let p0 = pts[0], d0 = dirs[0], n0 = normal(d0)
        var base = p0
        startCap = []
        if !closed {
            switch cap {
            case .butt: break
            case .square: base = CGPoint(x: p0.x - d0.dx * hw, y: p0.y - d0.dy * hw)
            case .round:
                startCap = arcPoints(center: p0, from: angle(of: n0) + .pi, sweep: -.pi, includeEnds: false)
            }
        }
        restart(left: offset(base, n0, hw), right: offset(base, n0, -hw))
        consumed = 0

        // A closed subpath whose start joint is safe is swept as one ring: it starts just after
        // the start joint (inner corner point, outer end of the join) and ends by drawing that
        // join, so the slit where the ring meets itself has zero width and no overlap.
        var seamless: (inner: CGPoint, outer1: CGPoint, between: [CGPoint], outer2: CGPoint, outerIsLeft: Bool)?
        var endReserve: CGFloat = 0
        if closed, let last = dirs.last {
            let turn = turnAngle(last, d0)
            let inner = hw * tan(abs(turn) / 2)
            if abs(turn) >= Self.collinearTurn, abs(turn) < .pi - Self.reversalMargin, inner.isFinite,
               2 * inner <= lens[0], 2 * inner <= lens[segmentCount - 1] {
                let (o1, between, o2) = joinGeometry(at: p0, dIn: last, dOut: d0, theta: turn, smooth: smooth[0])
                if let o1, let o2 {
                    let sOut: CGFloat = turn > 0 ? -1 : 1
                    // On the inner offset of the first segment, `inner` past the joint.
                    let ip = CGPoint(x: p0.x - sOut * n0.dx * hw + d0.dx * inner, y: p0.y - sOut * n0.dy * hw + d0.dy * inner)
                    seamless = (ip, o1, between, o2, sOut > 0)
                    if sOut > 0 { restart(left: o2, right: ip) } else { restart(left: ip, right: o2) }
                    consumed = inner
                    endReserve = inner
                }
            }
        }

        for j in 1 ..< segmentCount {
            joint(at: pts[j], dIn: dirs[j - 1], dOut: dirs[j], lenIn: lens[j - 1], lenOut: lens[j],
                  reserveOut: j == segmentCount - 1 ? endReserve : 0, smooth: smooth[j])
        }
        if let seam = seamless {
            if seam.outerIsLeft {
                left.append(seam.outer1); left.append(contentsOf: seam.between); left.append(seam.outer2)
                right.append(seam.inner)
            } else {
                right.append(seam.outer1); right.append(contentsOf: seam.between); right.append(seam.outer2)
                left.append(seam.inner)
            }
            emitPieceOutline(endCap: [])
            left.removeAll(keepingCapacity: true); right.removeAll(keepingCapacity: true)
            return
        }

        let last = dirs[segmentCount - 1], nl = normal(last)
        let pEnd = closed ? p0 : pts[n - 1]
        var endCap: [CGPoint] = []
        var endBase = pEnd
        if !closed {
            switch cap {
            case .butt: break
            case .square: endBase = CGPoint(x: pEnd.x + last.dx * hw, y: pEnd.y + last.dy * hw)
            case .round: endCap = arcPoints(center: pEnd, from: angle(of: nl), sweep: -.pi, includeEnds: false)
            }
        }
        left.append(offset(endBase, nl, hw))
        right.append(offset(endBase, nl, -hw))
        emitPieceOutline(endCap: endCap)
        left.removeAll(keepingCapacity: true); right.removeAll(keepingCapacity: true); startCap = []

        if closed {
            // The join at the start point, as a wedge between the two butt ends.
            let (outer1, joinPts, outer2) = joinGeometry(at: p0, dIn: last, dOut: d0, theta: turnAngle(last, d0),
                                                         smooth: smooth[0])
            if let outer1, let outer2 { emitPolygon([p0, outer1] + joinPts + [outer2]) }
        }
    }

    /// Hands the working arrays back to `scratch` for the next stroke.
    mutating func giveBack(to scratch: StrokeScratch) {
        scratch.keepStrokerArrays((left, right, polygon, dirs, lens))
        left = []; right = []; polygon = []; dirs = []; lens = []
    }

    /// Turns below this (radians) are collinear: the offsets simply continue.
    static var collinearTurn: CGFloat { 1e-12 }
    /// Turns within this of π (radians) are reversals: never swept through.
    static var reversalMargin: CGFloat { 1e-9 }

    /// The signed turn from direction `a` to `b`, radians in (−π, π] (positive = toward +y).
    private func turnAngle(_ a: CGVector, _ b: CGVector) -> CGFloat {
        atan2(a.dx * b.dy - a.dy * b.dx, a.dx * b.dx + a.dy * b.dy)
    }

    /// Joins segment (…, p) to (p, …). Safe joints extend the current piece; others end it.
    /// `reserveOut` is inner-offset length of the outgoing segment already claimed at its far
    /// end (by a closed subpath's start joint).
    private mutating func joint(
        at p: CGPoint, dIn: CGVector, dOut: CGVector, lenIn: CGFloat, lenOut: CGFloat, reserveOut: CGFloat, smooth: Bool
    ) {
        let hw = halfWidth
        let theta = turnAngle(dIn, dOut)
        if abs(theta) < Self.collinearTurn { return }
        let inner = hw * tan(abs(theta) / 2)
        let safe = abs(theta) < .pi - Self.reversalMargin && inner.isFinite
            && consumed + inner <= lenIn && inner + reserveOut <= lenOut
        // The common joint of a flattened curve: safe, and round (or smooth) turning at most one
        // arc step, so no arc point lies between the corners (`arcSteps(sweep: theta) > 1` is
        // exactly |θ| / arcStep > 1). The same points as the general path below, without
        // building the join's point array.
        if safe && (smooth || join == .round) && !(abs(theta) / arcStep > 1) {
            let s: CGFloat = theta > 0 ? -1 : 1        // side of the outer offset
            let nIn = normal(dIn), nOut = normal(dOut)
            let outer1 = offset(p, nIn, s * hw), outer2 = offset(p, nOut, s * hw)
            let innerPoint = CGPoint(x: p.x - s * nIn.dx * hw - dIn.dx * inner, y: p.y - s * nIn.dy * hw - dIn.dy * inner)
            if s > 0 {
                left.append(outer1); left.append(outer2)
                right.append(innerPoint)
            } else {
                right.append(outer1); right.append(outer2)
                left.append(innerPoint)
            }
            consumed = inner
            return
        }
        let (outer1, joinPts, outer2) = joinGeometry(at: p, dIn: dIn, dOut: dOut, theta: theta, smooth: smooth)
        let nIn = normal(dIn), nOut = normal(dOut)
        if safe, let outer1, let outer2 {
            let s: CGFloat = theta > 0 ? -1 : 1        // side of the outer offset
            let innerPoint = CGPoint(x: p.x - s * nIn.dx * hw - dIn.dx * inner, y: p.y - s * nIn.dy * hw - dIn.dy * inner)
            // Most joints along a flattened curve have no arc points between the corners: skip
            // the (outlined, generic) empty append.
            if s > 0 {
                left.append(outer1); if !joinPts.isEmpty { left.append(contentsOf: joinPts) }; left.append(outer2)
                right.append(innerPoint)
            } else {
                right.append(outer1); if !joinPts.isEmpty { right.append(contentsOf: joinPts) }; right.append(outer2)
                left.append(innerPoint)
            }
            consumed = inner
            return
        }
        left.append(offset(p, nIn, hw))
        right.append(offset(p, nIn, -hw))
        emitPieceOutline(endCap: [])
        startCap = []
        if let outer1, let outer2 { emitPolygon([p, outer1] + joinPts + [outer2]) }
        restart(left: offset(p, nOut, hw), right: offset(p, nOut, -hw))
        consumed = 0
    }

    /// The outer corner points of a join and what lies between them (miter tip, arc points).
    /// Nil corners for a straight continuation. `theta` is `turnAngle(dIn, dOut)`.
    private func joinGeometry(at p: CGPoint, dIn: CGVector, dOut: CGVector, theta: CGFloat, smooth: Bool)
        -> (CGPoint?, [CGPoint], CGPoint?) {
        let hw = halfWidth
        let dot = dIn.dx * dOut.dx + dIn.dy * dOut.dy
        if abs(theta) < Self.collinearTurn { return (nil, [], nil) }
        let s: CGFloat = theta > 0 ? -1 : 1
        let nIn = normal(dIn), nOut = normal(dOut)
        let outer1 = offset(p, nIn, s * hw), outer2 = offset(p, nOut, s * hw)
        var between: [CGPoint] = []
        // Most joins along a flattened curve turn less than one arc step: no arc point between
        // the corners, and no start angle (atan2) to compute.
        if smooth || join == .round {
            if arcSteps(sweep: theta) > 1 {
                between = arcPoints(center: p, from: angle(of: CGVector(dx: s * nIn.dx, dy: s * nIn.dy)), sweep: theta,
                                    includeEnds: false)
            }
        } else if join == .miter {
            // Miter length / line width = 1 / cos(θ/2) for a turn of θ (interior angle π − θ).
            let c = cos(abs(theta) / 2)
            if c > 0 && 1 / c <= miterLimit {
                let k = s * hw / (1 + dot)
                between = [CGPoint(x: p.x + (nIn.dx + nOut.dx) * k, y: p.y + (nIn.dy + nOut.dy) * k)]
            }
        }
        return (outer1, between, outer2)
    }

    /// Points on the circle of radius halfWidth around `center`, spaced so each chord stays
    /// within `tolerance` of the arc — but never closer than π/1024 apart (at most 2048 points
    /// per full circle), which bounds the work for huge widths (the chord error then exceeds
    /// the tolerance only for radii above ~40 000 tolerances).
    private func arcPoints(center: CGPoint, from start: CGFloat, sweep: CGFloat, includeEnds: Bool) -> [CGPoint] {
        let r = halfWidth
        let steps = arcSteps(sweep: sweep)
        var pts: [CGPoint] = []
        pts.reserveCapacity(steps + 1)
        let range = includeEnds ? 0 ..< steps : 1 ..< steps
        for i in range {
            let a = start + sweep * CGFloat(i) / CGFloat(steps)
            pts.append(CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)))
        }
        return pts
    }

    /// How many chords `arcPoints` splits an arc of `sweep` radians into.
    @inline(__always) private func arcSteps(sweep: CGFloat) -> Int {
        max(1, Int(min((abs(sweep) / arcStep).rounded(.up), 4096)))
    }

    /// Starts a new piece at these first offset points (keeping the arrays' capacity).
    private mutating func restart(left l: CGPoint, right r: CGPoint) {
        left.removeAll(keepingCapacity: true); left.append(l)
        right.removeAll(keepingCapacity: true); right.append(r)
    }

    /// Emits the current piece: left + endCap + right reversed + startCap (the seamless
    /// closed ring passes no caps; its startCap is empty), assembled in a reused array.
    private mutating func emitPieceOutline(endCap: [CGPoint]) {
        var poly = polygon
        polygon = []
        poly.removeAll(keepingCapacity: true)
        poly.append(contentsOf: left)
        poly.append(contentsOf: endCap)
        poly.append(contentsOf: right.reversed())
        poly.append(contentsOf: startCap)
        emitPolygon(poly)
        polygon = poly
    }

    private mutating func emitPolygon(_ poly: [CGPoint]) {
        guard poly.count >= 3 else { return }
        var area: CGFloat = 0
        var prev = poly[poly.count - 1]
        for p in poly { area += prev.x * p.y - p.x * prev.y; prev = p }
        guard area != 0, area.isFinite else { return }
        // Positive signed area: in the order given; otherwise the same points walked backwards.
        out.addPolygon(poly, reversed: !(area > 0))
    }

    @inline(__always) private func normal(_ d: CGVector) -> CGVector { CGVector(dx: -d.dy, dy: d.dx) }
    @inline(__always) private func angle(of v: CGVector) -> CGFloat { atan2(v.dy, v.dx) }
    @inline(__always) private func offset(_ p: CGPoint, _ n: CGVector, _ k: CGFloat) -> CGPoint {
        CGPoint(x: p.x + n.dx * k, y: p.y + n.dy * k)
    }
}

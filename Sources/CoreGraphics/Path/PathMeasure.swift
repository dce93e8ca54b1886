// Arc-length measurement and extraction of sub-ranges that stay curves.
//
// Lengths are those of the path flattened at the measure's tolerance (path units); each curve
// keeps a table of cumulative chord lengths at uniform parameter steps, so a length maps back
// to a Bézier parameter by table lookup and linear interpolation, and extracted pieces are the
// original curves split by de Casteljau (curves stay curves). Used by trimming
// (strokeStart/strokeEnd) and dashing.

struct PathMeasure {
    struct Segment {
        var bezier: BezierSegment
        var length: CGFloat
        /// Index in `table` of the cumulative length at t = 0 (curves only).
        var tableStart: Int
        var steps: Int
        /// The explicit closing line of a closed subpath.
        var isClosing: Bool
    }

    struct Subpath {
        var segments: Range<Int>
        var length: CGFloat
        var isClosed: Bool
    }

    private(set) var segments: [Segment] = []
    /// For each segment, the arc length from its subpath's start to the segment's end — the
    /// same running sum (same order, same rounding) as the subpath's length — so `extract`
    /// finds where a range starts by binary search instead of walking the subpath from its
    /// start (a walk per dash made dashing a long polyline quadratic).
    private(set) var segmentEnd: [CGFloat] = []
    private(set) var table: [CGFloat] = []
    private(set) var subpaths: [Subpath] = []
    private(set) var totalLength: CGFloat = 0

    init(_ path: CGPath, tolerance: CGFloat) {
        let tol = PolylineSubpath.sanitized(tolerance)
        var first = 0
        var length: CGFloat = 0
        path.forEachSegment({ seg in
            self.add(seg, tolerance: tol, closing: false, length: &length)
        }, subpathEnd: { start, current, closed in
            if closed { self.add(.line(current, start), tolerance: tol, closing: true, length: &length) }
            if self.segments.count > first {
                self.subpaths.append(Subpath(segments: first ..< self.segments.count, length: length, isClosed: closed))
                self.totalLength += length
            }
            first = self.segments.count
            length = 0
        })
    }

    private mutating func add(_ seg: BezierSegment, tolerance: CGFloat, closing: Bool, length: inout CGFloat) {
        switch seg.kind {
        case .line:
            let l = hypot(seg.p1.x - seg.p0.x, seg.p1.y - seg.p0.y)
            segments.append(Segment(bezier: seg, length: l, tableStart: 0, steps: 1, isClosing: closing))
            length += l
            segmentEnd.append(length)
        case .quad, .cubic:
            let n = seg.flatteningSteps(tolerance: tolerance)
            let startIndex = table.count
            var cumulative: CGFloat = 0
            var last = seg.p0
            table.append(0)
            for i in 1 ... n {
                let p = i == n ? seg.end : seg.point(at: CGFloat(i) / CGFloat(n))
                cumulative += hypot(p.x - last.x, p.y - last.y)
                table.append(cumulative)
                last = p
            }
            segments.append(Segment(bezier: seg, length: cumulative, tableStart: startIndex, steps: n, isClosing: closing))
            length += cumulative
            segmentEnd.append(length)
        }
    }

    /// The Bézier parameter at arc length `s` (0 ≤ s ≤ length) along segment `seg`.
    func parameter(_ seg: Segment, at s: CGFloat) -> CGFloat {
        guard seg.length > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= seg.length { return 1 }
        if seg.bezier.kind == .line { return s / seg.length }
        // Binary search for the step containing s.
        var lo = 0, hi = seg.steps
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if table[seg.tableStart + mid] <= s { lo = mid } else { hi = mid }
        }
        let a = table[seg.tableStart + lo], b = table[seg.tableStart + hi]
        let frac = b > a ? (s - a) / (b - a) : 0
        return (CGFloat(lo) + frac) / CGFloat(seg.steps)
    }

    /// Appends the part of subpath `index` between arc lengths `a` ≤ `b` (measured from the
    /// subpath's start). Starts with a move unless `continuing` (then the piece is joined to the
    /// current subpath). The whole of a closed subpath is emitted closed; a zero-length range
    /// becomes a move plus a zero-length line (a dot for round/square caps).
    ///
    /// Costs O(log n) to find the first segment plus the segments the range touches, not a walk
    /// from the subpath's start. `work`: a probe for tests, counting the segments looked at
    /// (binary-search steps included).
    func extract(subpath index: Int, from a: CGFloat, to b: CGFloat, into out: inout PathStorage, continuing: Bool = false) {
        var work = 0
        extract(subpath: index, from: a, to: b, into: &out, continuing: continuing, work: &work)
    }

    func extract(subpath index: Int, from a: CGFloat, to b: CGFloat, into out: inout PathStorage, continuing: Bool,
                 work: inout Int) {
        let sub = subpaths[index]
        if !continuing && sub.isClosed && a <= 0 && b >= sub.length {
            var first = true
            for seg in segments[sub.segments] where !seg.isClosing {
                if first { out.move(to: seg.bezier.p0); first = false }
                emit(seg.bezier, into: &out)
            }
            if first, let seg = segments[sub.segments].first { out.move(to: seg.bezier.p0) }
            out.close()
            return
        }
        // The first segment that ends at or after `a` (segments ending before it contribute
        // nothing); each starts where the one before it ends.
        var lo = sub.segments.lowerBound, hi = sub.segments.upperBound
        while lo < hi {
            work += 1
            let mid = (lo + hi) / 2
            if segmentEnd[mid] < a { lo = mid + 1 } else { hi = mid }
        }
        var begun = continuing && out.currentPoint != nil
        for j in lo ..< sub.segments.upperBound {
            let seg = segments[j]
            let cursor = j == sub.segments.lowerBound ? 0 : segmentEnd[j - 1]
            // Past the range: no later segment can contribute.
            if cursor > b { break }
            work += 1
            let lo = max(a, cursor), hi = min(b, cursor + seg.length)
            if hi < lo || (seg.length > 0 && hi == lo && a < b) { continue }
            if seg.length == 0 && a < b { continue }
            let t0 = parameter(seg, at: lo - cursor), t1 = parameter(seg, at: hi - cursor)
            let piece = seg.bezier.subsegment(from: t0, to: t1)
            if !begun { out.move(to: piece.p0); begun = true }
            if a == b {
                out.line(to: piece.p0)
                return
            }
            emit(piece, into: &out)
        }
    }

    private func emit(_ s: BezierSegment, into out: inout PathStorage) {
        switch s.kind {
        case .line: out.line(to: s.p1)
        case .quad: out.quad(to: s.p2, control: s.p1)
        case .cubic: out.cubic(to: s.p3, control1: s.p1, control2: s.p2)
        }
    }
}

extension CGPath {
    /// The part of the path between fractions `start` and `end` of its total length — what a
    /// CAShapeLayer strokes for strokeStart/strokeEnd. Fractions run over the whole path across
    /// subpaths (closing segments of closed subpaths count; subpaths are visited in order) and
    /// are clamped to [0, 1]. `start ≥ end` (or a NaN fraction, or a zero-length path with a
    /// partial range) gives an empty path; [0, 1] returns the path unchanged. Curves stay
    /// curves (split by de Casteljau at the parameter for the arc length, lengths measured at
    /// `tolerance` path units). A closed subpath wholly inside the range stays closed; a cut
    /// one becomes open.
    package func trimmed(from start: CGFloat, to end: CGFloat, tolerance: CGFloat = 0.01) -> CGPath {
        guard !start.isNaN, !end.isNaN else { return CGPath(storage: PathStorage()) }
        let s = min(max(start, 0), 1), e = min(max(end, 0), 1)
        guard s < e else { return CGPath(storage: PathStorage()) }
        if s == 0 && e == 1 { return CGPath(storage: storage) }
        let measure = PathMeasure(self, tolerance: tolerance)
        let total = measure.totalLength
        guard total > 0 else { return CGPath(storage: PathStorage()) }
        let a = s * total, b = e * total
        var out = PathStorage()
        var offset: CGFloat = 0
        for (i, sub) in measure.subpaths.enumerated() {
            defer { offset += sub.length }
            let lo = max(a, offset), hi = min(b, offset + sub.length)
            guard lo <= hi else { continue }
            // A zero-length overlap only matters for a dot subpath.
            if lo == hi && sub.length > 0 { continue }
            measure.extract(subpath: i, from: lo - offset, to: hi - offset, into: &out)
        }
        return CGPath(storage: out)
    }
}

// Bounding boxes, rectangle detection and point containment.

extension CGPath {
    /// The smallest rect containing every stored point, control points included
    /// (`CGPathGetBoundingBox`). `CGRect.null` for an empty path.
    public var boundingBox: CGRect {
        guard let first = storage.points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in storage.points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The smallest rect containing the path itself: end points and the true extrema of each
    /// curve, not its control points (`CGPathGetPathBoundingBox`). Move points count, as they
    /// do for Apple. `CGRect.null` for an empty path.
    public var boundingBoxOfPath: CGRect {
        guard let first = storage.points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        func add(_ p: CGPoint) {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        storage.forEachRaw { verb, p in
            if verb == .move { add(p[p.startIndex]) }
        }
        forEachSegment({ seg in
            add(seg.end)
            for axis in 0 ..< 2 {
                for t in seg.extremaParameters(axis: axis) { add(seg.point(at: t)) }
            }
        }, subpathEnd: { _, _, _ in })
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// True when the path is a single axis-aligned rectangle: a move and three lines then a
    /// close, or a move and four lines back to the start (optionally closed), with edges
    /// alternating horizontal and vertical. Writes the standardized rect to `rect` if non-nil.
    public func isRect(_ rect: UnsafeMutablePointer<CGRect>?) -> Bool {
        let verbs = storage.verbs, pts = storage.points
        guard verbs.first == .move else { return false }
        var corners: [CGPoint] = [pts[0]]
        var closed = false
        for (i, v) in verbs.enumerated().dropFirst() {
            switch v {
            case .line where !closed: corners.append(pts[corners.count])
            case .close where !closed && i == verbs.count - 1: closed = true
            default: return false
            }
        }
        if corners.count == 5 {
            guard corners[4] == corners[0] else { return false }
            corners.removeLast()
        } else if corners.count != 4 || !closed {
            return false
        }
        // Edges must alternate between horizontal and vertical, starting with either.
        func horizontal(_ a: CGPoint, _ b: CGPoint) -> Bool { a.y == b.y }
        func vertical(_ a: CGPoint, _ b: CGPoint) -> Bool { a.x == b.x }
        let hFirst = (0 ..< 4).allSatisfy { i in
            let a = corners[i], b = corners[(i + 1) % 4]
            return i % 2 == 0 ? horizontal(a, b) : vertical(a, b)
        }
        let vFirst = (0 ..< 4).allSatisfy { i in
            let a = corners[i], b = corners[(i + 1) % 4]
            return i % 2 == 0 ? vertical(a, b) : horizontal(a, b)
        }
        guard hFirst || vFirst else { return false }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        rect?.pointee = CGRect(
            x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        return true
    }

    /// Whether `point`, mapped through `transform`, lies in the region the path fills under
    /// `rule`. Open subpaths are closed implicitly, as filling does. Curves are hit-tested
    /// exactly (monotone pieces, crossing found by bisection to ~1e-15 of the parameter).
    /// Points exactly on an edge follow the half-open crossing rule (left/bottom edges in,
    /// right/top out for a y-up axis-aligned rect). Non-finite points are never contained.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        let p = transform == .identity ? point : point.applying(transform)
        guard p.isFinitePoint else { return false }
        let w = windingNumber(at: p)
        switch rule {
        case .winding: return w != 0
        case .evenOdd: return w & 1 != 0
        }
    }

    /// The winding number of the filled path around `p` (a ray toward +x; upward crossings in
    /// y count +1).
    package func windingNumber(at p: CGPoint) -> Int {
        var winding = 0
        forEachSegment({ seg in
            winding += PathHitTest.crossings(of: seg, at: p)
        }, subpathEnd: { start, current, _ in
            if start != current { winding += PathHitTest.crossings(of: .line(current, start), at: p) }
        })
        return winding
    }
}

enum PathHitTest {
    /// Signed crossings of a ray from `p` toward +x with the segment.
    static func crossings(of seg: BezierSegment, at p: CGPoint) -> Int {
        switch seg.kind {
        case .line:
            return lineCrossing(seg.p0, seg.p1, p)
        case .quad, .cubic:
            // Quick reject on the control hull (its extremes as `Array.min()`/`max()` give
            // them, first to last, without the two arrays per curve per hit test).
            let count = seg.kind == .quad ? 3 : 4
            func control(_ i: Int) -> CGPoint { i == 0 ? seg.p0 : i == 1 ? seg.p1 : i == 2 ? seg.p2 : seg.p3 }
            var minX = seg.p0.x, maxX = seg.p0.x, minY = seg.p0.y, maxY = seg.p0.y
            for i in 1..<count {
                let c = control(i)
                if c.x < minX { minX = c.x }
                if c.x > maxX { maxX = c.x }
                if c.y < minY { minY = c.y }
                if c.y > maxY { maxY = c.y }
            }
            if p.y < minY || p.y > maxY || p.x > maxX { return 0 }
            if p.x < minX {
                // Entirely right of the point: the net crossing equals the chord's.
                return lineCrossing(seg.p0, seg.end, p)
            }
            // The monotone pieces' ends: 0, the y extrema in increasing order, 1 (no array).
            let extrema = seg.extremaParameters(axis: 1)
            var e0: CGFloat = extrema.count > 0 ? extrema[0] : 0, e1: CGFloat = extrema.count > 1 ? extrema[1] : 0
            if extrema.count == 2 && e1 < e0 { swap(&e0, &e1) }
            let ends = extrema.count + 2
            func ts(_ k: Int) -> CGFloat { k == 0 ? 0 : k == ends - 1 ? 1 : k == 1 ? e0 : e1 }
            var total = 0
            var ya = seg.point(at: 0).y
            for k in 0 ..< ends - 1 {
                let ta = ts(k), tb = ts(k + 1)
                let yb = tb == 1 ? seg.end.y : seg.point(at: tb).y
                defer { ya = yb }
                let dir: Int
                if ya <= p.y && p.y < yb { dir = 1 } else if yb <= p.y && p.y < ya { dir = -1 } else { continue }
                // Bisection on the monotone piece for y(t) = p.y.
                var lo = ta, hi = tb
                let increasing = yb > ya
                for _ in 0 ..< 64 {
                    let mid = (lo + hi) / 2
                    if mid <= lo || mid >= hi { break }
                    let y = seg.point(at: mid).y
                    if (y < p.y) == increasing { lo = mid } else { hi = mid }
                }
                if seg.point(at: (lo + hi) / 2).x > p.x { total += dir }
            }
            return total
        }
    }

    @inline(__always)
    static func lineCrossing(_ a: CGPoint, _ b: CGPoint, _ p: CGPoint) -> Int {
        if a.y <= p.y && p.y < b.y {
            // Upward edge: is p strictly left of it?
            return (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) > 0 ? 1 : 0
        } else if b.y <= p.y && p.y < a.y {
            return (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y) < 0 ? -1 : 0
        }
        return 0
    }
}

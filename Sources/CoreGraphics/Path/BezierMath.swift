// Small Bézier helpers shared by bounds, hit testing, flattening, measuring and trimming.
// A segment is always stored as a cubic-capable value: lines and quads keep their own degree
// so evaluation stays exact.

/// One drawable segment of a path in path units: a line, quadratic or cubic Bézier.
struct BezierSegment {
    enum Kind { case line, quad, cubic }
    var kind: Kind
    var p0: CGPoint
    var p1: CGPoint
    var p2: CGPoint
    var p3: CGPoint

    static func line(_ a: CGPoint, _ b: CGPoint) -> BezierSegment {
        BezierSegment(kind: .line, p0: a, p1: b, p2: b, p3: b)
    }
    static func quad(_ a: CGPoint, _ c: CGPoint, _ b: CGPoint) -> BezierSegment {
        BezierSegment(kind: .quad, p0: a, p1: c, p2: b, p3: b)
    }
    static func cubic(_ a: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ b: CGPoint) -> BezierSegment {
        BezierSegment(kind: .cubic, p0: a, p1: c1, p2: c2, p3: b)
    }

    /// The segment with every point mapped through `t`.
    func applying(_ t: CGAffineTransform) -> BezierSegment {
        BezierSegment(kind: kind, p0: p0.applying(t), p1: p1.applying(t), p2: p2.applying(t), p3: p3.applying(t))
    }

    var end: CGPoint {
        switch kind {
        case .line: return p1
        case .quad: return p2
        case .cubic: return p3
        }
    }

    /// The curve's direction at t = 0: the first of p1 − p0, p2 − p0, p3 − p0 that is not zero
    /// (a cusp-free reading of B'(0)); nil for a line or when every control point is p0.
    var startTangent: CGVector? {
        switch kind {
        case .line: return nil
        case .quad: return Self.firstDifference(from: p0, p1, p2, p2)
        case .cubic: return Self.firstDifference(from: p0, p1, p2, p3)
        }
    }

    /// The curve's direction at t = 1, likewise from the end backwards; nil for a line.
    var endTangent: CGVector? {
        switch kind {
        case .line: return nil
        case .quad: return Self.firstDifference(from: p2, p1, p0, p0).map { CGVector(dx: -$0.dx, dy: -$0.dy) }
        case .cubic: return Self.firstDifference(from: p3, p2, p1, p0).map { CGVector(dx: -$0.dx, dy: -$0.dy) }
        }
    }

    /// The first of a − o, b − o, c − o that is not zero.
    private static func firstDifference(from o: CGPoint, _ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> CGVector? {
        let q = a != o ? a : b != o ? b : c
        return q != o ? CGVector(dx: q.x - o.x, dy: q.y - o.y) : nil
    }

    func point(at t: CGFloat) -> CGPoint {
        let u = 1 - t
        switch kind {
        case .line:
            return CGPoint(x: p0.x * u + p1.x * t, y: p0.y * u + p1.y * t)
        case .quad:
            let a = u * u, b = 2 * u * t, c = t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x, y: a * p0.y + b * p1.y + c * p2.y)
        case .cubic:
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
    }

    /// Parameters in (0, 1) where the x (axis 0) or y (axis 1) derivative vanishes.
    func extremaParameters(axis: Int) -> CurveParameters {
        func c(_ p: CGPoint) -> CGFloat { axis == 0 ? p.x : p.y }
        switch kind {
        case .line:
            return CurveParameters()
        case .quad:
            // B'(t) ∝ (p1 − p0) + t (p0 − 2p1 + p2)
            let den = c(p0) - 2 * c(p1) + c(p2)
            guard den != 0 else { return CurveParameters() }
            let t = (c(p0) - c(p1)) / den
            var ts = CurveParameters()
            if t > 0 && t < 1 { ts.append(t) }
            return ts
        case .cubic:
            // B'(t)/3 = a t² + b t + c with a = −p0 + 3p1 − 3p2 + p3, b = 2(p0 − 2p1 + p2), c = p1 − p0
            let a = -c(p0) + 3 * c(p1) - 3 * c(p2) + c(p3)
            let b = 2 * (c(p0) - 2 * c(p1) + c(p2))
            let cc = c(p1) - c(p0)
            return solveQuadratic(a, b, cc).filter { $0 > 0 && $0 < 1 }
        }
    }

    /// The part of the segment between parameters t0 ≤ t1 (de Casteljau).
    func subsegment(from t0: CGFloat, to t1: CGFloat) -> BezierSegment {
        if t0 <= 0 && t1 >= 1 { return self }
        switch kind {
        case .line:
            return .line(point(at: t0), point(at: t1))
        case .quad:
            let right = t0 > 0 ? splitQuad(self, t0).1 : self
            let t = t0 > 0 ? (t1 - t0) / (1 - t0) : t1
            return t < 1 ? splitQuad(right, t).0 : right
        case .cubic:
            let right = t0 > 0 ? splitCubic(self, t0).1 : self
            let t = t0 > 0 ? (t1 - t0) / (1 - t0) : t1
            return t < 1 ? splitCubic(right, t).0 : right
        }
    }

    /// How many uniform parameter steps keep every chord within `tolerance` of the curve:
    /// the chord error is at most max|B''|·h²/8 for step h, with |B''| ≤ 2|p0 − 2p1 + p2|
    /// (quad) or 6·max of the two second differences (cubic). Capped at 65 536.
    func flatteningSteps(tolerance: CGFloat) -> Int {
        let dd: CGFloat
        switch kind {
        case .line:
            return 1
        case .quad:
            dd = 2 * length(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)
        case .cubic:
            dd = 6 * max(length(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y),
                         length(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y))
        }
        let n = (dd / (8 * tolerance)).squareRoot().rounded(.up)
        guard n.isFinite else { return dd > 0 ? Self.flatteningStepCap : 1 }
        return Int(min(max(n, 1), CGFloat(Self.flatteningStepCap)))
    }

    /// The most steps `flatteningSteps` gives: a curve that needs more is flattened coarser
    /// than the tolerance (it is then thousands of times larger than any drawing).
    static let flatteningStepCap = 65_536

    /// The two halves of the curve, split at t = ½ (de Casteljau); a line's halves are lines.
    func halves() -> (BezierSegment, BezierSegment) {
        switch kind {
        case .line:
            let m = point(at: 0.5)
            return (.line(p0, m), .line(m, p1))
        case .quad: return splitQuad(self, 0.5)
        case .cubic: return splitCubic(self, 0.5)
        }
    }
}

/// √(x² + y²): libm's `hypot` is several times slower and `flatteningSteps` runs for every
/// curve flattened; the two differ only where x² + y² overflows, and there n is capped anyway.
@inline(__always) private func length(_ x: CGFloat, _ y: CGFloat) -> CGFloat { (x * x + y * y).squareRoot() }

private func lerp(_ a: CGPoint, _ b: CGPoint, _ t: CGFloat) -> CGPoint {
    CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
}

private func splitQuad(_ s: BezierSegment, _ t: CGFloat) -> (BezierSegment, BezierSegment) {
    let a = lerp(s.p0, s.p1, t), b = lerp(s.p1, s.p2, t), m = lerp(a, b, t)
    return (.quad(s.p0, a, m), .quad(m, b, s.p2))
}

private func splitCubic(_ s: BezierSegment, _ t: CGFloat) -> (BezierSegment, BezierSegment) {
    let a = lerp(s.p0, s.p1, t), b = lerp(s.p1, s.p2, t), c = lerp(s.p2, s.p3, t)
    let d = lerp(a, b, t), e = lerp(b, c, t), m = lerp(d, e, t)
    return (.cubic(s.p0, a, d, m), .cubic(m, e, c, s.p3))
}

/// Real roots of a t² + b t + c = 0 (a linear equation when a is negligible).
func solveQuadratic(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat) -> CurveParameters {
    var roots = CurveParameters()
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return roots }
    if abs(a) <= scale * 1e-12 {
        if b != 0 { roots.append(-c / b) }
        return roots
    }
    let disc = b * b - 4 * a * c
    if disc < 0 { return roots }
    let s = disc.squareRoot()
    // Numerically stable form.
    let q = -0.5 * (b + (b < 0 ? -s : s))
    if q != 0 { roots.append(c / q) }
    roots.append(q / a)
    return roots
}

/// At most two curve parameters (a quadratic's roots, a segment's extrema on one axis), held
/// inline: bounding boxes ask for them for every curve of every path of every frame, and an
/// array per answer was hundreds of heap allocations a frame.
struct CurveParameters: RandomAccessCollection, Equatable {
    private var first: CGFloat = 0
    private var second: CGFloat = 0
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> CGFloat {
        precondition(i >= 0 && i < count, "CurveParameters index out of range")
        return i == 0 ? first : second
    }

    /// Adds `t`; at most two fit (a quadratic has no more roots).
    mutating func append(_ t: CGFloat) {
        precondition(count < 2, "CurveParameters holds at most two parameters")
        if count == 0 { first = t } else { second = t }
        count += 1
    }

    /// The parameters `isIncluded` keeps, in order.
    func filter(_ isIncluded: (CGFloat) -> Bool) -> CurveParameters {
        var kept = CurveParameters()
        for t in self where isIncluded(t) { kept.append(t) }
        return kept
    }

    static func == (a: CurveParameters, b: CurveParameters) -> Bool { a.elementsEqual(b) }
}

extension CGPath {
    /// Calls `body` with each drawable segment in order, and `subpathEnd(start, current,
    /// closed)` when a subpath ends (closing lines are not passed to `body`: callers add them
    /// from `start`/`current` as they need). Subpaths: a move starts one; a segment after a
    /// close starts one at the closed subpath's first point. A lone move still reports its end.
    func forEachSegment(_ body: (BezierSegment) -> Void, subpathEnd: (_ start: CGPoint, _ current: CGPoint, _ closed: Bool) -> Void) {
        var start = CGPoint.zero, current = CGPoint.zero
        var open = false        // a subpath has begun and is not closed
        var hasSubpath = false
        storage.forEachRaw { verb, p in
            let i = p.startIndex
            switch verb {
            case .move:
                if hasSubpath && open { subpathEnd(start, current, false) }
                start = p[i]; current = p[i]; open = true; hasSubpath = true
            case .line:
                if !open { open = true; hasSubpath = true }
                body(.line(current, p[i])); current = p[i]
            case .quad:
                if !open { open = true; hasSubpath = true }
                body(.quad(current, p[i], p[i + 1])); current = p[i + 1]
            case .cubic:
                if !open { open = true; hasSubpath = true }
                body(.cubic(current, p[i], p[i + 1], p[i + 2])); current = p[i + 2]
            case .close:
                if open { subpathEnd(start, current, true) }
                current = start; open = false
            }
        }
        if hasSubpath && open { subpathEnd(start, current, false) }
    }
}

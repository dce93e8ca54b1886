// Adaptive flattening of one quadratic or cubic Bézier: parameter steps sized to the local
// bend of the curve instead of one uniform step sized to its worst bend.
//
// The uniform step (`flatteningSteps`) bounds the chord error by max |B''| over the whole
// curve, tangential part included. Where a curve bends little (most of a gentle cubic, or its
// straighter half) that is far more vertices than the tolerance needs: on the 1000 random
// cubics of bench scene S4 it gave 55.6 chords per curve, against 31 here, and a stroke pays
// for every chord several times (offset points, joints, polygon edges, rasterizer pieces).
// The vertices are then moved outward so that the chords straddle the curve: a stroke of the
// polyline would otherwise sit inside the curve's stroke by up to the tolerance mid-chord.
// The step search, the rigorous per-chord check and the centring are C (`lamina_flatten_curve`,
// CLaminaKernels/curve_flattening.c, where the bound is derived): the same code in Swift
// cost about 220 instructions a vertex.

import CLaminaKernels

extension BezierSegment {
    /// The interior vertices of the curve flattened within `tolerance` (path units, > 0), in
    /// order, so that every point of the curve lies within `tolerance` of the polyline through
    /// start, these points and end, and every point of the polyline within `tolerance` of the
    /// curve. Each vertex is B(t) moved outward by about half its chords' sagitta (at most
    /// tolerance/2), so that the chords straddle the curve. Never more chords than the uniform
    /// bound `flatteningSteps` gives (up to a rare halving). The end point is not passed
    /// (callers add it). Lines have none.
    @inline(__always)
    func forEachInteriorFlatteningPoint(tolerance tol: CGFloat, _ body: (CGPoint) -> Void) {
        guard kind != .line else { return }
        let n = flatteningSteps(tolerance: tol)
        guard n > 1 else { return }
        // 64 points fit in 1 KiB, which stays on the stack; a curve that may need more (long or
        // tightly bent: over about 60 chords) takes a heap buffer of the guaranteed size.
        let small = withUnsafeTemporaryAllocation(of: Double.self, capacity: 128) { out in
            flatten(into: out.baseAddress!, capacity: 64, n: n, tolerance: tol, body)
        }
        if small { return }
        let room = 3 * n
        let out = UnsafeMutablePointer<Double>.allocate(capacity: 2 * room)
        defer { out.deallocate() }
        _ = flatten(into: out, capacity: room, n: n, tolerance: tol, body)
    }

    /// Whether the power-basis coefficients `lamina_flatten_curve` computes — by the same
    /// expressions, so they overflow alike — are all finite. When one is not (control points
    /// near the largest Double), every interior vertex it returns is B(t) for t in (0, 1) with
    /// an infinite term: infinite or NaN.
    var hasFinitePowerCoefficients: Bool {
        switch kind {
        case .line:
            return true
        case .quad:
            let c = [2 * (p1.x - p0.x), 2 * (p1.y - p0.y), p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y]
            return c.allSatisfy { $0.isFinite }
        case .cubic:
            let c = [3 * (p1.x - p0.x), 3 * (p1.y - p0.y),
                     3 * (p0.x - 2 * p1.x + p2.x), 3 * (p0.y - 2 * p1.y + p2.y),
                     p3.x - p0.x + 3 * (p1.x - p2.x), p3.y - p0.y + 3 * (p1.y - p2.y)]
            return c.allSatisfy { $0.isFinite }
        }
    }

    /// `lamina_flatten_curve` into `out`, then `body` for each point; false (no call) when the
    /// points might not fit in `capacity`.
    @inline(__always)
    private func flatten(into out: UnsafeMutablePointer<Double>, capacity: Int, n: Int, tolerance: CGFloat,
                         _ body: (CGPoint) -> Void) -> Bool {
        let count = lamina_flatten_curve(Double(p0.x), Double(p0.y), Double(p1.x), Double(p1.y), Double(p2.x), Double(p2.y),
                                         Double(p3.x), Double(p3.y), kind == .cubic ? 3 : 2, Double(tolerance), n,
                                         out, capacity)
        guard count >= 0 else { return false }
        for i in 0..<count { body(CGPoint(x: out[2 * i], y: out[2 * i + 1])) }
        return true
    }
}

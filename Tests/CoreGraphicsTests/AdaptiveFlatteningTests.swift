import Foundation
import Testing
import CoreGraphics
import _LaminaTestSupport

/// The adaptive flattening of curves (`lamina_flatten_curve` behind `CGPath.flattened`): the
/// polyline stays within the tolerance of the curve both ways, on ordinary curves and on the
/// shapes that break naive step rules (cusps, loops, straight curves that double back, tiny and
/// huge ones), and it needs far fewer chords than the uniform step bound.
@Suite struct AdaptiveFlatteningTests {
    /// Uniform doubles in [0, 1) from the tests' SplitMix64.
    struct Rng {
        var bits: SplitMix64
        init(state: UInt64) { bits = SplitMix64(state) }
        mutating func next() -> Double { bits.uniform() }
    }

    struct Curve {
        var p: [CGPoint] // 3 (quad) or 4 (cubic) control points
        func at(_ t: Double) -> CGPoint {
            let u = 1 - t
            if p.count == 3 {
                return CGPoint(x: u * u * p[0].x + 2 * u * t * p[1].x + t * t * p[2].x,
                               y: u * u * p[0].y + 2 * u * t * p[1].y + t * t * p[2].y)
            }
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * p[0].x + b * p[1].x + c * p[2].x + d * p[3].x,
                           y: a * p[0].y + b * p[1].y + c * p[2].y + d * p[3].y)
        }
        var path: CGPath {
            let path = CGMutablePath()
            path.move(to: p[0])
            if p.count == 3 { path.addQuadCurve(to: p[2], control: p[1]) } else { path.addCurve(to: p[3], control1: p[1], control2: p[2]) }
            return path
        }
        /// The uniform bound's step count (`BezierSegment.flatteningSteps`).
        func uniformSteps(_ tol: Double) -> Int {
            func second(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) -> Double { hypot(a.x - 2 * b.x + c.x, a.y - 2 * b.y + c.y) }
            let dd = p.count == 3 ? 2 * second(p[0], p[1], p[2]) : 6 * max(second(p[0], p[1], p[2]), second(p[1], p[2], p[3]))
            return max(1, Int((dd / (8 * tol)).squareRoot().rounded(.up)))
        }
    }

    static func distance(_ q: CGPoint, toSegment a: CGPoint, _ b: CGPoint) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y, len2 = dx * dx + dy * dy
        let t = len2 > 0 ? max(0, min(1, ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2)) : 0
        return hypot(q.x - (a.x + t * dx), q.y - (a.y + t * dy))
    }

    /// The largest distance from a curve point (dense samples) to the polyline, and from a
    /// polyline point (each chord's quarter points) to the curve (its dense samples, less half
    /// their spacing), and the chord count.
    static func deviation(_ c: Curve, tolerance: Double) -> (curveToPolyline: Double, polylineToCurve: Double, chords: Int) {
        let subs = c.path.flattened(tolerance: tolerance)
        guard let poly = subs.first?.points, poly.count >= 2 else { return (0, 0, 0) }
        let samples = 3000
        let curve = (0...samples).map { c.at(Double($0) / Double(samples)) }
        var spacing = 0.0
        for i in 1..<curve.count { spacing = max(spacing, hypot(curve[i].x - curve[i - 1].x, curve[i].y - curve[i - 1].y)) }
        var out = 0.0, back = 0.0
        // Each curve sample against the chords near it in order (a window keeps this linear).
        for q in curve {
            var best = Double.infinity
            for i in 0..<(poly.count - 1) { best = min(best, distance(q, toSegment: poly[i], poly[i + 1])) }
            out = max(out, best)
        }
        for i in 0..<(poly.count - 1) {
            for k in 1...3 {
                let s = Double(k) / 4
                let q = CGPoint(x: poly[i].x + s * (poly[i + 1].x - poly[i].x), y: poly[i].y + s * (poly[i + 1].y - poly[i].y))
                var best = Double.infinity
                for r in curve { best = min(best, hypot(q.x - r.x, q.y - r.y)) }
                back = max(back, best - spacing / 2)
            }
        }
        return (out, back, poly.count - 1)
    }

    /// Curves chosen to break step rules, each at three tolerances.
    static let awkward: [Curve] = [
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 200), CGPoint(x: 0, y: 200), CGPoint(x: 300, y: 0)]),   // loop
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 200), CGPoint(x: 0, y: 200), CGPoint(x: 200, y: 0)]),   // cusp
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 300, y: 0), CGPoint(x: -100, y: 0), CGPoint(x: 100, y: 0)]),    // straight, doubling back
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 400, y: 1e-3), CGPoint(x: -300, y: 0), CGPoint(x: 100, y: 2e-3)]), // nearly so
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 0)]),                                // quad folding back
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 80), CGPoint(x: 50, y: 80)]),       // coincident controls
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 1000, y: 2), CGPoint(x: 1000, y: -2), CGPoint(x: 0, y: 0.5)]),   // hairpin
        Curve(p: [CGPoint(x: 1e5, y: 1e5), CGPoint(x: 1e5 + 400, y: 1e5 - 300), CGPoint(x: 1e5 - 200, y: 1e5 + 50),
                  CGPoint(x: 1e5 + 90, y: 1e5 + 30)]),                                                              // far out
        Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 0.3, y: 0.2), CGPoint(x: 0.1, y: 0.4), CGPoint(x: 0.5, y: 0.1)]), // tiny
    ]

    @Test(arguments: [0.01, 0.1, 0.5])
    func awkwardCurvesStayWithinTheTolerance(tolerance: Double) {
        for (i, c) in Self.awkward.enumerated() {
            let d = Self.deviation(c, tolerance: tolerance)
            #expect(d.curveToPolyline <= tolerance * (1 + 1e-6), "curve \(i): curve → polyline \(d.curveToPolyline)")
            #expect(d.polylineToCurve <= tolerance * (1 + 1e-6), "curve \(i): polyline → curve \(d.polylineToCurve)")
            #expect(d.chords <= 3 * c.uniformSteps(tolerance), "curve \(i): \(d.chords) chords")
        }
    }

    /// Cubics with a cusp or a tiny loop near a vertex, where the circle through a vertex and
    /// its neighbours is far smaller than the curve's: the outward move of such a vertex is
    /// capped at half the tolerance, so the bound still holds.
    @Test func nearCuspsStayWithinTheTolerance() {
        for k in 0..<40 {
            let e = Double(k - 20) * 0.37
            let c = Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 200, y: 200 + e), CGPoint(x: e, y: 200), CGPoint(x: 200, y: 0)])
            for tol in [0.1, 0.5, 2.0] {
                let d = Self.deviation(c, tolerance: tol)
                #expect(d.curveToPolyline <= tol * (1 + 1e-6), "e \(e), tol \(tol): curve → polyline \(d.curveToPolyline)")
                #expect(d.polylineToCurve <= tol * (1 + 1e-6), "e \(e), tol \(tol): polyline → curve \(d.polylineToCurve)")
            }
        }
    }

    /// Random quads and cubics of every size: the bound both ways, and never more than the
    /// uniform bound's chords beyond the rare halving (at most 3n).
    @Test func randomCurvesStayWithinTheTolerance() {
        var rng = Rng(state: 2026_11_25)
        var chords = 0, uniform = 0
        for round in 0..<60 {
            let scale = [2.0, 40, 400][round % 3], tol = [0.05, 0.1, 0.3][(round / 3) % 3]
            let count = round % 4 == 0 ? 3 : 4
            let c = Curve(p: (0..<count).map { _ in CGPoint(x: rng.next() * scale, y: rng.next() * scale) })
            let d = Self.deviation(c, tolerance: tol)
            #expect(d.curveToPolyline <= tol * (1 + 1e-6), "round \(round): curve → polyline \(d.curveToPolyline)")
            #expect(d.polylineToCurve <= tol * (1 + 1e-6), "round \(round): polyline → curve \(d.polylineToCurve)")
            #expect(d.chords <= 3 * c.uniformSteps(tol))
            chords += d.chords; uniform += c.uniformSteps(tol)
        }
        #expect(chords * 10 < uniform * 8, "\(chords) chords against \(uniform) uniform steps")
    }

    /// Bench scene S4's kind of curve (control points within ±200 px of the start): about 31
    /// chords at 0.1 px against 55.6 for the uniform bound.
    @Test func benchCubicsNeedFarFewerChords() {
        var rng = Rng(state: 1004)
        var chords = 0, uniform = 0
        for _ in 0..<200 {
            let x = rng.next() * 1920, y = rng.next() * 1080
            var p = [CGPoint(x: x, y: y)]
            for _ in 0..<3 { p.append(CGPoint(x: x + (rng.next() * 2 - 1) * 200, y: y + (rng.next() * 2 - 1) * 200)) }
            let c = Curve(p: p)
            chords += (c.path.flattened(tolerance: 0.1).first?.points.count ?? 1) - 1
            uniform += c.uniformSteps(0.1)
        }
        #expect(chords * 100 < uniform * 62, "\(chords) chords against \(uniform) uniform steps")
        #expect(chords * 100 > uniform * 40) // and not a broken bound that accepts anything
    }

    /// A curve the uniform bound flattens in at most 8 steps keeps those steps, its vertices
    /// moved outward (away from the centre of curvature) by at most half the tolerance.
    @Test func shortCurvesKeepUniformStepsCentred() {
        let c = Curve(p: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 8), CGPoint(x: 20, y: 0)]) // bulges to +y
        let n = c.uniformSteps(0.1)
        #expect(n > 1 && n <= 8)
        let points = c.path.flattened(tolerance: 0.1)[0].points
        #expect(points.count == n + 1)
        #expect(points.first == c.p[0] && points.last == c.p[2])
        for i in 1..<n {
            let q = points[i], r = c.at(Double(i) / Double(n))
            let moved = hypot(q.x - r.x, q.y - r.y)
            #expect(moved > 0.005 && moved <= 0.05 + 1e-12, "vertex \(i) moved \(moved)")
            #expect(q.y > r.y) // outward: this arch's centre of curvature lies below it
        }
    }

    /// The centring: a circle's flattened vertices lie outside it, by about half the sagitta of
    /// their chords, so the polygon's area is much closer to the circle's than the inscribed one.
    @Test func chordsStraddleTheCurve() {
        let r = 100.0, tol = 0.1
        let circle = CGPath(ellipseIn: CGRect(x: -r, y: -r, width: 2 * r, height: 2 * r), transform: nil)
        let poly = circle.flattened(tolerance: tol)[0].points
        var area = 0.0, outside = 0
        for i in 0..<poly.count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            area += a.x * b.y - a.y * b.x
            if hypot(a.x, a.y) > r + 1e-9 { outside += 1 }
            // The circle is four cubics, off the true circle by up to 2.8e-4 of its radius.
            #expect(abs(hypot(a.x, a.y) - r) <= tol / 2 + 3e-4 * r)
        }
        area = abs(area) / 2
        #expect(outside > poly.count / 2)
        // Inscribed chords lose about n·l³/(12 r) of the area; straddling ones a small fraction.
        let inscribedLoss = Double.pi * r * r * 2 * tol / r * 2 / 3
        #expect(abs(area - Double.pi * r * r) < inscribedLoss / 3, "area \(area)")
    }
}

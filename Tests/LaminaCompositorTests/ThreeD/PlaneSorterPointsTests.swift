// PlaneSorter with points (the particles of depth-preserving emitters, ParticleDepthRuns.swift):
// each point is drawn after the planes behind it and before those in front of it.
import CoreGraphics
import Testing
@testable import LaminaCompositor

/// A polygon from (x, y) corners on the plane z = z(x, y).
private func quad(_ id: Int, _ xy: [(Double, Double)], z: (Double, Double) -> Double) -> PlanePolygon {
    PlanePolygon(id: id, vertices: xy.map { PlaneVertex(position: SIMD3($0.0, $0.1, z($0.0, $0.1)), local: SIMD2($0.0, $0.1)) })
}

private let square = [(0.0, 0.0), (100.0, 0.0), (100.0, 100.0), (0.0, 100.0)]

/// Whether (x, y) is inside the convex polygon's xy projection (boundary included).
private func covers(_ p: PlanePolygon, _ x: Double, _ y: Double) -> Bool {
    var sign = 0.0
    for i in p.vertices.indices {
        let a = p.vertices[i].position, b = p.vertices[(i + 1) % p.vertices.count].position
        let c = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
        if abs(c) < 1e-9 { continue }
        if sign == 0 { sign = c > 0 ? 1 : -1 } else if (c > 0 ? 1 : -1) != sign { return false }
    }
    return true
}

/// z of the polygon's plane at (x, y).
private func depth(_ p: PlanePolygon, _ x: Double, _ y: Double) -> Double {
    let n = p.normal!
    return ((n * p.vertices[0].position).sum() - n.x * x - n.y * y) / n.z
}

@Suite struct PlaneSorterPointsTests {
    /// Two planes crossing in an X (z = x − 50 and z = 50 − x) and a tilted one across both.
    static let planes = [
        quad(0, square) { x, _ in x - 50 },
        quad(1, square) { x, _ in 50 - x },
        quad(2, square) { _, y in (y - 50) / 2 },
    ]

    @Test func everyPointIsDrawnBetweenThePlanesBehindItAndThoseInFront() {
        // A grid of points at depths between the planes: wherever a fragment covers a point,
        // it is drawn before the point's run when it is behind the point, after it when in front.
        var points: [SIMD3<Double>] = []
        for x in stride(from: 2.5, to: 100, by: 7.0) {
            for y in stride(from: 2.5, to: 100, by: 7.0) {
                for z in stride(from: -55.0, through: 55, by: 9.0) { points.append(SIMD3(x, y, z)) }
            }
        }
        let (items, runs) = PlaneSorter.backToFront(Self.planes, points: points)
        var runPosition: [Int32: Int] = [:]
        for (k, item) in items.enumerated() { if case let .points(r) = item { runPosition[r] = k } }
        var checked = 0, wrong = 0
        for (i, p) in points.enumerated() {
            guard let at = runPosition[runs[i]] else { Issue.record("point \(i) has no run"); continue }
            for (k, item) in items.enumerated() {
                guard case let .fragment(f) = item, covers(f, p.x, p.y) else { continue }
                let z = depth(Self.planes[f.id], p.x, p.y)
                guard abs(z - p.z) > 0.5 else { continue }
                checked += 1
                if (z < p.z) != (k < at) { wrong += 1 }
            }
        }
        #expect(checked > 1000)
        #expect(wrong == 0, "\(wrong) of \(checked) plane/point pairs out of depth order")
    }

    @Test func thePlanesAreSortedExactlyAsWithoutPoints() {
        let points: [SIMD3<Double>] = (0..<50).map { (i: Int) -> SIMD3<Double> in
            let k = Double(i)
            return SIMD3<Double>(2 * k, 100 - 2 * k, k - 25)
        }
        let alone = PlaneSorter.backToFront(Self.planes)
        let withPoints = PlaneSorter.backToFront(Self.planes, points: points).items.compactMap { item -> PlanePolygon? in
            if case let .fragment(f) = item { return f }
            return nil
        }
        #expect(alone == withPoints)
    }

    @Test func runsKeepTheInputOrderAndAreNumberedInDrawingOrder() {
        // One plane z = 0: points behind it are run 0, drawn first; those in front (and the
        // one in the plane, drawn over it) run 1; input order kept within a run.
        let plane = quad(0, square) { _, _ in 0 }
        let points: [SIMD3<Double>] = [SIMD3(10, 10, 5), SIMD3(20, 20, -5), SIMD3(30, 30, 0), SIMD3(40, 40, -1), SIMD3(.nan, 0, 0)]
        let (items, runs) = PlaneSorter.backToFront([plane], points: points)
        #expect(items == [.points(run: 0), .fragment(plane), .points(run: 1)])
        #expect(runs == [1, 0, 1, 0, -1])
        // Seen from −z (an eye behind the plane), front and back change places.
        let (fromBehind, behindRuns) = PlaneSorter.backToFront([plane], points: points, viewer: .eye(SIMD3(50, 50, -100)))
        #expect(fromBehind == [.points(run: 0), .fragment(plane), .points(run: 1)])
        #expect(behindRuns == [0, 1, 1, 1, -1])
    }

    @Test func withoutPlanesAllPointsAreOneRun() {
        let (items, runs) = PlaneSorter.backToFront([], points: [SIMD3(1, 2, 3), SIMD3(4, 5, 6)])
        #expect(items == [.points(run: 0)])
        #expect(runs == [0, 0])
        let (none, noRuns) = PlaneSorter.backToFront([], points: [])
        #expect(none.isEmpty && noRuns.isEmpty)
    }
}

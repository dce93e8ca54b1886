// PlaneSorter: back-to-front order with splitting, checked against a per-point depth test.
import CoreGraphics
import Testing
@testable import LaminaCompositor

/// A polygon from (x, y) corners lying on the plane z = a + bx·x + by·y (local = x, y).
private func quad(_ id: Int, _ xy: [(Double, Double)], z: (Double, Double) -> Double) -> PlanePolygon {
    PlanePolygon(id: id, vertices: xy.map { PlaneVertex(position: SIMD3($0.0, $0.1, z($0.0, $0.1)), local: SIMD2($0.0, $0.1)) })
}

/// True when (x, y) is strictly inside the convex polygon's xy projection (margin `m`).
private func contains(_ p: PlanePolygon, _ x: Double, _ y: Double, margin m: Double = 1e-6) -> Bool {
    var sign = 0.0
    for i in p.vertices.indices {
        let a = p.vertices[i].position, b = p.vertices[(i + 1) % p.vertices.count].position
        let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard len > 0 else { continue }
        let c = ((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)) / len
        if abs(c) < m { return false }
        if sign == 0 { sign = c > 0 ? 1 : -1 } else if (c > 0 ? 1 : -1) != sign { return false }
    }
    return true
}

/// z of the polygon's plane at (x, y).
private func depth(_ p: PlanePolygon, _ x: Double, _ y: Double) -> Double? {
    guard let n = p.normal, abs(n.z) > 1e-9 else { return nil }
    let d = (n * p.vertices[0].position).sum()
    return (d - n.x * x - n.y * y) / n.z
}

/// Samples a grid; at each point the last fragment drawn (painter's algorithm) must be the
/// input polygon nearest the viewer at +z (skipping points within 0.5 pt of a tie). Returns
/// the number of points checked and how many disagreed.
private func paintersAgreeWithDepth(_ input: [PlanePolygon], _ order: [PlanePolygon], step: Double = 2.5) -> (checked: Int, wrong: Int) {
    var checked = 0, wrong = 0
    var y = 0.5
    while y < 100 {
        var x = 0.5
        while x < 100 {
            let hits = input.compactMap { p -> (Int, Double)? in
                guard contains(p, x, y), let z = depth(p, x, y) else { return nil }
                return (p.id, z)
            }.sorted { $0.1 > $1.1 }
            if let top = hits.first, hits.count < 2 || top.1 - hits[1].1 > 0.5 {
                if let drawn = order.last(where: { contains($0, x, y, margin: 0.3) }) {
                    checked += 1
                    if drawn.id != top.0 { wrong += 1 }
                }
            }
            x += step
        }
        y += step
    }
    return (checked, wrong)
}

@Suite struct PlaneSorterTests {
    /// Two planes crossing in an X (z = x − 50 and z = 50 − x): whichever is the splitter,
    /// the other is cut along x = 50 and each half lands on the correct side.
    @Test func intersectingPlanesAreSplit() {
        let a = quad(0, [(0, 0), (100, 0), (100, 100), (0, 100)]) { x, _ in x - 50 }
        let b = quad(1, [(0, 0), (100, 0), (100, 100), (0, 100)]) { x, _ in 50 - x }
        for input in [[a, b], [b, a]] {
            let order = PlaneSorter.backToFront(input)
            #expect(order.count == 3)
            let r = paintersAgreeWithDepth(input, order)
            #expect(r.checked > 1000)
            #expect(r.wrong == 0)
            // Fragments keep bounds-space coordinates: every local point equals its xy here.
            #expect(order.allSatisfy { f in f.vertices.allSatisfy { abs($0.local.x - $0.position.x) < 1e-9 } })
            // Each piece of the split plane has exactly one seam edge, along x = 50.
            let pieces = order.filter { $0.id == input[1].id }
            #expect(pieces.count == 2)
            for piece in pieces {
                let seams = piece.vertices.indices.filter { piece.vertices[$0].seamAfter }
                #expect(seams.count == 1)
                if let i = seams.first {
                    let a = piece.vertices[i].position, b = piece.vertices[(i + 1) % piece.vertices.count].position
                    #expect(abs(a.x - 50) < 1e-9 && abs(b.x - 50) < 1e-9)
                }
            }
            #expect(order.first { $0.id == input[0].id }?.vertices.contains { $0.seamAfter } == false)
        }
    }

    /// Three strips overlapping cyclically (0 over 1, 1 over 2, 2 over 0): no order of whole
    /// planes is right; after splitting, the painter's result matches the depth test.
    @Test func cyclicOverlapOfThreePlanes() {
        let s0 = quad(0, [(0, 0), (100, 0), (100, 20), (0, 20)]) { x, _ in 10 - 0.2 * x }
        let s1 = quad(1, [(80, 0), (100, 0), (100, 100), (80, 100)]) { _, y in -16 + 0.2 * y }
        let s2 = quad(2, [(0, 0), (20, 0), (100, 80), (100, 100)]) { x, y in 19 - 0.2 * (x + y) }
        let input = [s0, s1, s2]
        // No whole-plane order passes.
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for p in perms {
            #expect(paintersAgreeWithDepth(input, p.map { input[$0] }).wrong > 0)
        }
        let order = PlaneSorter.backToFront(input)
        #expect(order.count > 3)
        let r = paintersAgreeWithDepth(input, order)
        #expect(r.checked > 300)
        #expect(r.wrong == 0)
    }

    /// Coplanar layers keep their input (sublayers-array) order whatever the viewer; a plane
    /// behind them comes first even when it is last in the input.
    @Test func coplanarPlanesKeepTreeOrder() {
        let a = quad(0, [(0, 0), (60, 0), (60, 60), (0, 60)]) { _, _ in 0 }
        let b = quad(1, [(30, 30), (90, 30), (90, 90), (30, 90)]) { _, _ in 0 }
        let c = quad(2, [(10, 10), (80, 10), (80, 80), (10, 80)]) { _, _ in -10 }
        #expect(PlaneSorter.backToFront([a, b, c]).map(\.id) == [2, 0, 1])
        #expect(PlaneSorter.backToFront([b, a, c]).map(\.id) == [2, 1, 0])
        // Seen from below (an eye at negative z), c is nearest, but a and b keep their order.
        #expect(PlaneSorter.backToFront([a, b, c], viewer: .eye(SIMD3(50, 50, -300))).map(\.id) == [0, 1, 2])
    }

    /// Parallel overlapping planes: the one nearer the eye is drawn last, wherever the eye is.
    /// And a leaning plane P (x + 0.1·z = 50) with a screen-parallel plane Q on its −x side:
    /// the viewer at +z infinity is on P's +x side (Q first), an eye at (0, 50, 100) on its
    /// −x side, with Q (P first).
    @Test func eyePositionDecidesSides() {
        let back = quad(0, [(0, 0), (60, 0), (60, 60), (0, 60)]) { _, _ in 0 }
        let front = quad(1, [(20, 20), (80, 20), (80, 80), (20, 80)]) { _, _ in 10 }
        for input in [[back, front], [front, back]] {
            #expect(PlaneSorter.backToFront(input).map(\.id) == [0, 1])
            #expect(PlaneSorter.backToFront(input, viewer: .eye(SIMD3(50, 50, 500))).map(\.id) == [0, 1])
            #expect(PlaneSorter.backToFront(input, viewer: .eye(SIMD3(50, 50, -500))).map(\.id) == [1, 0])
        }
        let p = PlanePolygon(id: 0, vertices: [
            PlaneVertex(position: SIMD3(50, 0, 0), local: SIMD2(0, 0)), PlaneVertex(position: SIMD3(50, 100, 0), local: SIMD2(0, 100)),
            PlaneVertex(position: SIMD3(45, 100, 50), local: SIMD2(50, 100)), PlaneVertex(position: SIMD3(45, 0, 50), local: SIMD2(50, 0)),
        ])
        let q = quad(1, [(20, 0), (40, 0), (40, 100), (20, 100)]) { _, _ in 0 }
        #expect(PlaneSorter.backToFront([p, q]).map(\.id) == [1, 0])
        #expect(PlaneSorter.backToFront([p, q], viewer: .eye(SIMD3(0, 50, 100))).map(\.id) == [0, 1])
    }

    /// Under perspective, a split vertex's bounds-space point is interpolated perspective-
    /// correctly: mapping it through the layer's matrix gives back the vertex's position.
    @Test func splitsKeepPerspectiveCorrectLocalPoints() throws {
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 200
        let r = CGRect(x: 0, y: 0, width: 80, height: 50)
        func m(_ angle: CGFloat) -> CATransform3D {
            var t = CATransform3DConcat(CATransform3DMakeTranslation(-40, -25, 0), CATransform3DMakeRotation(angle, 0, 1, 0))
            t = CATransform3DConcat(t, persp)
            return CATransform3DConcat(t, CATransform3DMakeTranslation(60, 40, 0))
        }
        let mats = [m(.pi / 5), m(-.pi / 4)]
        let a = try #require(PlanePolygon(id: 0, bounds: r, transform: mats[0]))
        let b = try #require(PlanePolygon(id: 1, bounds: r, transform: mats[1]))
        let order = PlaneSorter.backToFront([a, b])
        #expect(order.count == 3)
        for f in order {
            for v in f.vertices {
                let h = mats[f.id].transform(x: v.local.x, y: v.local.y)
                #expect(abs(h.x / h.w - v.position.x) < 1e-6)
                #expect(abs(h.y / h.w - v.position.y) < 1e-6)
                #expect(abs(h.z / h.w - v.position.z) < 1e-6)
            }
        }
    }

    @Test func fromLayerTransformsAndBadInput() throws {
        // A layer turned 90° about y inside the context: an edge-on plane in x = const.
        let r = CGRect(x: 0, y: 0, width: 40, height: 20)
        let p = try #require(PlanePolygon(id: 7, bounds: r, transform: CATransform3DMakeRotation(.pi / 2, 0, 1, 0)))
        let n = try #require(p.normal)
        #expect(abs(abs(n.x) - 1) < 1e-9)
        #expect(p.localOutline.count == 4)
        var nan = CATransform3DIdentity
        nan.m22 = .nan
        #expect(PlanePolygon(id: 0, bounds: r, transform: nan) == nil)
        #expect(PlanePolygon(id: 0, bounds: r, transform: CATransform3DMakeScale(0, 1, 1)) == nil)
        #expect(PlanePolygon(id: 0, bounds: .zero, transform: CATransform3DIdentity) == nil)
        let bad = PlanePolygon(id: 3, vertices: [PlaneVertex(position: SIMD3(.nan, 0, 0), local: .zero),
                                                PlaneVertex(position: SIMD3(1, 0, 0), local: .zero),
                                                PlaneVertex(position: SIMD3(0, 1, 0), local: .zero)])
        #expect(PlaneSorter.backToFront([bad, p]).map(\.id) == [7])
        #expect(PlaneSorter.backToFront([]).isEmpty)
    }
}

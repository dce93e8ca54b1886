import Testing
import CoreGraphics

@Suite struct PathShapeTests {
    @Test func roundedRectElements() {
        let p = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5, transform: nil)
        #expect(kinds(p) == "MLCLCLCLCZ")
        #expect(endPoints(p) == [CGPoint(x: 10, y: 0), CGPoint(x: 90, y: 0), CGPoint(x: 100, y: 5), CGPoint(x: 100, y: 45),
                                 CGPoint(x: 90, y: 50), CGPoint(x: 10, y: 50), CGPoint(x: 0, y: 45), CGPoint(x: 0, y: 5),
                                 CGPoint(x: 10, y: 0), nil])
        #expect(signedArea(p) > 0)                   // same direction as CGPath(rect:)
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 100, height: 50))
        // Corner quarter-ellipse: the point at 45° of the ellipse around (90, 5) is on the edge.
        #expect(p.contains(CGPoint(x: 90 + 10 * 0.7, y: 5 - 5 * 0.7)))
        #expect(!p.contains(CGPoint(x: 99.5, y: 0.5)))
    }

    @Test func roundedRectClampsInsteadOfTrapping() {
        // Corners larger than half the sides are clamped: the result is the inscribed ellipse's
        // four quarter curves (the zero-length lines are omitted).
        let p = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 80, cornerHeight: 40, transform: nil)
        #expect(kinds(p) == "MCCCCZ")
        #expect(p.boundingBoxOfPath == CGRect(x: 0, y: 0, width: 100, height: 50))
        // A zero corner size is the plain rectangle; negative sizes count as zero.
        let r = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(CGPath(roundedRect: r, cornerWidth: 0, cornerHeight: 5, transform: nil) == CGPath(rect: r, transform: nil))
        #expect(CGPath(roundedRect: r, cornerWidth: -1, cornerHeight: -1, transform: nil) == CGPath(rect: r, transform: nil))
        let m = CGMutablePath()
        m.addRoundedRect(in: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5)
        #expect(m == CGPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 50), cornerWidth: 10, cornerHeight: 5, transform: nil))
    }

    @Test func selectedCornersUIKitStyle() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 40)
        // Radius 40 on a 40-high rect is clamped to 20 (the UIKit example from reference §4.3.3).
        let all = CGPath.roundedRect(rect, byRoundingCorners: .allCorners, cornerRadius: 40)
        #expect(all.contains(CGPoint(x: 5, y: 20)))
        #expect(!all.contains(CGPoint(x: 2, y: 5)))          // 23.4 from the corner centre (20, 20)
        #expect(all.boundingBox == rect)
        #expect(signedArea(all) > 0)
        // Only the top-left (minX, minY) and bottom-right (maxX, maxY) corners rounded.
        let some = CGPath.roundedRect(rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadius: 10)
        #expect(!some.contains(CGPoint(x: 1, y: 1)))           // (minX, minY) rounded
        #expect(some.contains(CGPoint(x: 99, y: 1)))           // (maxX, minY) square
        #expect(some.contains(CGPoint(x: 1, y: 39)))           // (minX, maxY) square
        #expect(!some.contains(CGPoint(x: 99, y: 39)))         // (maxX, maxY) rounded
        #expect(endPoints(some).first! == CGPoint(x: 10, y: 0))
        // No corners, or radius 0: the plain rect.
        #expect(CGPath.roundedRect(rect, byRoundingCorners: [], cornerRadius: 10) == CGPath(rect: rect, transform: nil))
        #expect(CGPath.roundedRect(rect, byRoundingCorners: .allCorners, cornerRadius: 0) == CGPath(rect: rect, transform: nil))
        #expect(CGRectCorner.allCorners.rawValue == 15)
    }

    /// Tangent directions at every element joint agree (G1), as a continuous corner must.
    func expectTangentContinuous(_ p: CGPath) {
        var current = CGPoint.zero, lastTangent: CGVector? = nil
        for e in p.elements {
            var startTangent: CGVector?, endTangent: CGVector?
            switch e {
            case .move(let q): current = q; lastTangent = nil; continue
            case .line(let q):
                startTangent = CGVector(dx: q.x - current.x, dy: q.y - current.y); endTangent = startTangent; current = q
            case .curve(let q, let c1, let c2):
                startTangent = CGVector(dx: c1.x - current.x, dy: c1.y - current.y)
                endTangent = CGVector(dx: q.x - c2.x, dy: q.y - c2.y); current = q
            default: continue
            }
            if let a = lastTangent, let b = startTangent {
                let cross = (a.dx * b.dy - a.dy * b.dx) / (hypot(a.dx, a.dy) * hypot(b.dx, b.dy))
                let dot = a.dx * b.dx + a.dy * b.dy
                #expect(abs(cross) < 1e-6 && dot > 0, "kink at \(current)")
            }
            lastTangent = endTangent
        }
    }

    @Test func continuousCorners() {
        let rect = CGRect(x: 0, y: 0, width: 200, height: 100)
        let p = CGPath.roundedRect(rect, cornerRadius: 10, curve: .continuous)
        // Each corner: transition cubic, one arc cubic (36°), transition cubic.
        #expect(kinds(p) == "MLCCCLCCCLCCCLCCCZ")
        // The corner starts 1.6·r from the apex.
        #expect(endPoints(p)[0] == CGPoint(x: 16, y: 0))
        #expect(endPoints(p)[1] == CGPoint(x: 184, y: 0))
        expectTangentContinuous(p)
        // On the diagonal it passes through the same point as the circular corner
        // (the middle arc is the radius-r circle): r·(1 − 1/√2) ≈ 2.93 from each edge.
        let d: CGFloat = 10 * (1 - 1 / 2.0.squareRoot())
        #expect(p.contains(CGPoint(x: d + 0.05, y: d + 0.05)))
        #expect(!p.contains(CGPoint(x: d - 0.05, y: d - 0.05)))
        // Where a circular corner meets the edge (x = r = 10), the continuous one has already
        // left it (it starts at 16 and is ~0.1 below the edge line at x = 10).
        #expect(!p.contains(CGPoint(x: 10, y: 0.05)))
        #expect(CGPath.roundedRect(rect, cornerRadius: 10, curve: .circular).contains(CGPoint(x: 10, y: 0.05)))
        #expect(signedArea(p) > 0)
    }

    @Test func continuousCornersShrinkToFit() {
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        // r = 30 > half the height: smoothing drops to 0 and r to 25 — the circular corner.
        #expect(CGPath.roundedRect(rect, cornerRadius: 30, curve: .continuous)
            == CGPath.roundedRect(rect, cornerRadius: 25, curve: .circular))
        // r = 20: smoothing 0.25 so the corner spans exactly 25 = half the height.
        let p = CGPath.roundedRect(rect, cornerRadius: 20, curve: .continuous)
        #expect(endPoints(p)[0] == CGPoint(x: 25, y: 0))
        expectTangentContinuous(p)
        #expect(p.boundingBoxOfPath == rect)
        // Selected corners work with continuous curves too.
        let one = CGPath.roundedRect(rect, cornerRadius: 10, corners: .bottomRight, curve: .continuous)
        #expect(one.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(!one.contains(CGPoint(x: 99.5, y: 49.5)))
    }
}

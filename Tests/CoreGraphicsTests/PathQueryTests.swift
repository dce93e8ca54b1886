import Testing
import CoreGraphics

@Suite struct PathContainsTests {
    /// A five-pointed star drawn in one stroke (self-intersecting): the centre pentagon has
    /// winding 2, the points winding 1.
    func star() -> CGPath {
        let p = CGMutablePath()
        let pts = (0 ..< 5).map { i -> CGPoint in
            let a = CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            return CGPoint(x: 100 * cos(a), y: 100 * sin(a))
        }
        p.addLines(between: pts)
        p.closeSubpath()
        return p
    }

    @Test func starUnderBothRules() {
        let s = star()
        #expect(s.windingNumber(at: .zero) != 0)
        #expect(abs(s.windingNumber(at: .zero)) == 2)
        #expect(s.contains(.zero, using: .winding))
        #expect(!s.contains(.zero, using: .evenOdd))
        // Inside the top point: winding 1, inside under both rules.
        let tip = CGPoint(x: 0, y: 80)
        #expect(s.contains(tip, using: .winding))
        #expect(s.contains(tip, using: .evenOdd))
        #expect(!s.contains(CGPoint(x: 90, y: 90)))
        #expect(!s.contains(CGPoint(x: 0, y: 101)))
    }

    @Test func figureEight() {
        // Two loops of opposite direction: winding +1 and −1, both filled by both rules.
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addCurve(to: CGPoint(x: 100, y: 0), control1: CGPoint(x: 30, y: 60), control2: CGPoint(x: 70, y: -60))
        p.addCurve(to: .zero, control1: CGPoint(x: 70, y: 60), control2: CGPoint(x: 30, y: -60))
        let w1 = p.windingNumber(at: CGPoint(x: 20, y: 5))
        let w2 = p.windingNumber(at: CGPoint(x: 80, y: 5))
        #expect(abs(w1) == 1 && abs(w2) == 1 && w1 == -w2)
        #expect(p.contains(CGPoint(x: 20, y: 5), using: .winding))
        #expect(p.contains(CGPoint(x: 80, y: 5), using: .evenOdd))
        #expect(!p.contains(CGPoint(x: 50, y: 40)))
    }

    @Test func pointsNearCurves() {
        let circle = CGPath(ellipseIn: CGRect(x: -50, y: -50, width: 100, height: 100), transform: nil)
        // The cubic circle deviates from the true circle by at most 2.7e-4·r = 0.014, so use
        // points 0.05 inside/outside along several directions.
        for deg in stride(from: 0.0, to: 360.0, by: 7.0) {
            let a = CGFloat(deg) * .pi / 180
            #expect(circle.contains(CGPoint(x: 49.95 * cos(a), y: 49.95 * sin(a))))
            #expect(!circle.contains(CGPoint(x: 50.05 * cos(a), y: 50.05 * sin(a))))
        }
        // A quad: y = 0 at the ends, bulging to y = 5 at x = 5 (exact curve point (5, 5)).
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        #expect(q.contains(CGPoint(x: 5, y: 4.999)))
        #expect(!q.contains(CGPoint(x: 5, y: 5.001)))
    }

    @Test func openSubpathsCloseImplicitlyAndTransform() {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        #expect(p.contains(CGPoint(x: 8, y: 2)))
        #expect(!p.contains(CGPoint(x: 2, y: 8)))
        // The point is mapped by the transform first: (−2, 2) + (10, 0) = (8, 2).
        #expect(p.contains(CGPoint(x: -2, y: 2), transform: CGAffineTransform(translationX: 10, y: 0)))
        #expect(!CGMutablePath().contains(.zero))
    }

    @Test func holesUnderEvenOddAndOppositeWinding() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        p.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))   // same direction: winding 2 inside
        #expect(p.contains(CGPoint(x: 5, y: 5), using: .winding))
        #expect(!p.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        let q = CGMutablePath()
        q.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        q.addRect(CGRect(x: 3, y: 3, width: 4, height: 4), transform: CGAffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 10, ty: 0))
        #expect(!q.contains(CGPoint(x: 5, y: 5), using: .winding))  // reversed: winding 0
    }
}

@Suite struct PathFlatteningTests {
    /// The distance from `p` to the polyline.
    func distance(_ p: CGPoint, _ poly: [CGPoint], closed: Bool) -> CGFloat {
        var best = CGFloat.infinity
        let count = closed ? poly.count : poly.count - 1
        for i in 0 ..< count {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let len2 = dx * dx + dy * dy
            let t = len2 > 0 ? max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2)) : 0
            best = min(best, hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy)))
        }
        return best
    }

    func cubicPoint(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint, _ t: CGFloat) -> CGPoint {
        let u = 1 - t
        return CGPoint(x: u * u * u * p0.x + 3 * u * u * t * p1.x + 3 * u * t * t * p2.x + t * t * t * p3.x,
                       y: u * u * u * p0.y + 3 * u * u * t * p1.y + 3 * u * t * t * p2.y + t * t * t * p3.y)
    }

    @Test(arguments: [1.0, 0.25, 0.01])
    func cubicDeviationWithinTolerance(tolerance: CGFloat) {
        let (p0, p1, p2, p3) = (CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 200), CGPoint(x: 170, y: -150), CGPoint(x: 200, y: 40))
        let path = CGMutablePath()
        path.move(to: p0)
        path.addCurve(to: p3, control1: p1, control2: p2)
        let subs = path.flattened(tolerance: tolerance)
        #expect(subs.count == 1)
        let poly = subs[0].points
        #expect(poly.first == p0 && poly.last == p3)
        var worst: CGFloat = 0
        for i in 0 ... 500 {
            let q = cubicPoint(p0, p1, p2, p3, CGFloat(i) / 500)
            worst = max(worst, distance(q, poly, closed: false))
        }
        #expect(worst <= tolerance)
        // And not absurdly over-subdivided: fewer than 4× the points a tolerance 4× looser needs.
        let coarse = path.flattened(tolerance: tolerance * 4)[0].points.count
        #expect(poly.count <= 2 * coarse + 2)
    }

    @Test func subpathsAndClosedFlags() {
        let p = CGMutablePath()
        p.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        p.move(to: CGPoint(x: 5, y: 5))             // lone move: dropped
        p.move(to: CGPoint(x: 7, y: 7))
        p.addQuadCurve(to: CGPoint(x: 9, y: 7), control: CGPoint(x: 8, y: 9))
        let subs = p.flattened(tolerance: 0.1)
        #expect(subs.count == 2)
        #expect(subs[0] == PolylineSubpath(points: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)], isClosed: true))
        #expect(!subs[1].isClosed)
        #expect(subs[1].points.count > 2)
        // A segment after a close starts a new subpath at the closed subpath's start.
        let q = CGMutablePath()
        q.addRect(CGRect(x: 0, y: 0, width: 1, height: 1))
        q.addLine(to: CGPoint(x: -3, y: 0))
        let qs = q.flattened(tolerance: 0.1)
        #expect(qs.count == 2)
        #expect(qs[1].points == [CGPoint(x: 0, y: 0), CGPoint(x: -3, y: 0)])
    }

    @Test func flatteningUnderATransform() {
        let circle = CGPath(ellipseIn: CGRect(x: -1, y: -1, width: 2, height: 2), transform: nil)
        let t = CGAffineTransform(scaleX: 100, y: 100)
        let direct = circle.flattened(tolerance: 0.1, transform: t)
        // The tolerance applies in the output space: same as flattening the scaled copy.
        #expect(direct == circle.copy(applying: t).flattened(tolerance: 0.1))
        #expect(direct[0].points.count > circle.flattened(tolerance: 0.1)[0].points.count)
        #expect(circle.flattened(tolerance: 0.1, transform: CGAffineTransform(scaleX: .nan, y: 1)).isEmpty)
        // Finite transform, overflowing result (1e308 + 1e308 = ∞).
        let overflow = CGAffineTransform(a: 1e308, b: 0, c: 0, d: 1e308, tx: 1e308, ty: 0)
        #expect(circle.flattened(tolerance: 0.1, transform: overflow).count == 0)
    }

    @Test func circleLength() {
        let r: CGFloat = 40
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 2 * r, height: 2 * r), transform: nil)
        // The 4-cubic circle is longer than the true circle by ~1e-4 relative; the polyline is
        // shorter by at most ~tolerance per chord. 0.05% covers both.
        #expect(abs(circle.length(tolerance: 0.001) - 2 * .pi * r) < 2 * .pi * r * 5e-4)
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)
        #expect(rect.length() == 100)
    }
}

@Suite struct PathTrimTests {
    let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 20), transform: nil)  // perimeter 100

    @Test func quarterAndHalfEndAtCorners() {
        // 0 → 0.3 ends at (30, 0); 0 → 0.5 ends at (30, 20); 0.3 → 0.8 runs (30,0) → (0, 20).
        #expect(rect.trimmed(from: 0, to: 0.3).currentPoint == CGPoint(x: 30, y: 0))
        let half = rect.trimmed(from: 0, to: 0.5)
        #expect(kinds(half) == "MLL")
        #expect(near(half.currentPoint, CGPoint(x: 30, y: 20)))
        let mid = rect.trimmed(from: 0.3, to: 0.8)
        #expect(endPoints(mid).first! == CGPoint(x: 30, y: 0))
        #expect(near(mid.currentPoint, CGPoint(x: 0, y: 20)))
        // 0.25 is 25 along the bottom edge... then 5 up: ends at (30, 0)+... (25 < 30): (25, 0).
        #expect(near(rect.trimmed(from: 0, to: 0.25).currentPoint, CGPoint(x: 25, y: 0)))
        // The tail crosses the closing edge: 0.9 → 1 runs from (0, 10) down to (0, 0).
        let tail = rect.trimmed(from: 0.9, to: 1)
        #expect(near(endPoints(tail)[0]!, CGPoint(x: 0, y: 10)))
        #expect(near(tail.currentPoint, .zero))
    }

    @Test func squareQuarterAndHalfEndAtCorners() {
        let square = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)   // perimeter 40
        #expect(square.trimmed(from: 0, to: 0.25).currentPoint == CGPoint(x: 10, y: 0))
        #expect(square.trimmed(from: 0, to: 0.5).currentPoint == CGPoint(x: 10, y: 10))
        #expect(square.trimmed(from: 0.25, to: 0.75).elements
            == [.move(to: CGPoint(x: 10, y: 0)), .line(to: CGPoint(x: 10, y: 10)), .line(to: CGPoint(x: 0, y: 10))])
    }

    @Test func emptyAndFullRanges() {
        #expect(rect.trimmed(from: 0.5, to: 0.5).isEmpty)
        #expect(rect.trimmed(from: 0.7, to: 0.2).isEmpty)
        #expect(rect.trimmed(from: .nan, to: 1).isEmpty)
        #expect(rect.trimmed(from: -1, to: 2) == rect)
        #expect(rect.trimmed(from: 0, to: 1) == rect)
    }

    @Test func curvesStayCurvesAndAcrossSubpaths() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addLine(to: CGPoint(x: 50, y: 0))
        p.addEllipse(in: CGRect(x: 100, y: 0, width: 100, height: 100))  // length ≈ 314.16
        let total = p.length(tolerance: 0.001)
        // Cut in the middle of the circle's first quarter.
        let cut = (50 + 314.159265 / 8) / total
        let t = p.trimmed(from: 0, to: cut, tolerance: 0.001)
        #expect(kinds(t) == "MLMC")
        // The cut point is at 45° on the circle (centre (150, 50), radius 50).
        let expected = CGPoint(x: 150 + 50 * cos(CGFloat.pi / 4), y: 50 + 50 * sin(CGFloat.pi / 4))
        #expect(near(t.currentPoint, expected, 0.05))
        // From the middle on: the whole circle would be 50 + 314; start past the line.
        let tail = p.trimmed(from: 60 / total, to: 1, tolerance: 0.001)
        #expect(kinds(tail).hasPrefix("MC"))
        #expect(!kinds(tail).hasSuffix("Z"))
        // Both subpaths wholly included keep their close.
        #expect(kinds(p.trimmed(from: 0, to: 0.999999, tolerance: 0.001)).hasPrefix("MLM"))
    }
}

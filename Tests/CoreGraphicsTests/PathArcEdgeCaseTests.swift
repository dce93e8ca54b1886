import Testing
import CoreGraphics

/// The sweep rule of `addArc(center:…)` (see `PathArcs.sweep`) and the construction edge cases
/// of issue 18: full circles in both directions, more than a turn, zero and negative radius,
/// relative arcs beyond a turn, tangent arcs on collinear points, oversized rounded-rect
/// corners and degenerate ellipse rects.
@Suite struct PathArcEdgeCaseTests {
    private static let unitBox = CGRect(x: -1, y: -1, width: 2, height: 2)

    private func arc(_ start: CGFloat, _ end: CGFloat, clockwise: Bool, radius: CGFloat = 1) -> CGMutablePath {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: radius, startAngle: start, endAngle: end, clockwise: clockwise)
        return p
    }

    @Test func wholeTurnsDrawTheFullCircleInBothDirections() {
        // What UIBezierPath(arcCenter:…, startAngle: 0, endAngle: 2π, clockwise: false) passes down.
        let cw = arc(0, 2 * .pi, clockwise: true)
        #expect(kinds(cw) == "MCCCC")
        #expect(near(cw.boundingBoxOfPath, Self.unitBox, 1e-9))
        // It runs clockwise (decreasing angle): the first quarter ends at (0, -1).
        #expect(near(endPoints(cw)[1]!, CGPoint(x: 0, y: -1)))
        #expect(signedArea(cw) < 0)
        #expect(near(cw.currentPoint, CGPoint(x: 1, y: 0)))
        // The counter-clockwise twin, and the mirrored spelling start 2π → 0.
        let ccw = arc(2 * .pi, 0, clockwise: false)
        #expect(kinds(ccw) == "MCCCC")
        #expect(signedArea(ccw) > 0)
        #expect(kinds(arc(2 * .pi, 0, clockwise: true)) == "MCCCC")
        #expect(kinds(arc(0, 2 * .pi, clockwise: false)) == "MCCCC")
        // Several whole turns the "wrong" way still draw exactly one circle.
        #expect(kinds(arc(0, 6 * .pi, clockwise: true)) == "MCCCC")
        #expect(kinds(arc(0, -4 * .pi, clockwise: false)) == "MCCCC")
        // A start angle that is not 0: the circle starts and ends at the start angle's point.
        let shifted = arc(-.pi / 2, 1.5 * .pi, clockwise: true)
        #expect(kinds(shifted) == "MCCCC")
        #expect(near(endPoints(shifted)[0]!, CGPoint(x: 0, y: -1)))
        #expect(near(shifted.currentPoint, CGPoint(x: 0, y: -1)))
    }

    @Test func wholeTurnsSurviveRoundOff() {
        // 360° computed in degrees, Float's π widened, and start + 2π accumulated in floating point.
        #expect(kinds(arc(0, 360 * .pi / 180, clockwise: true)) == "MCCCC")
        #expect(kinds(arc(0, CGFloat(Float.pi * 2), clockwise: true)) == "MCCCC")
        #expect(kinds(arc(0, CGFloat(Float.pi * 2), clockwise: false)) == "MCCCC")
        let start: CGFloat = 0.1
        #expect(kinds(arc(start, start + 2 * .pi, clockwise: true)) == "MCCCC")
        // Equal angles are not a turn: only the move to the start point.
        #expect(kinds(arc(1, 1, clockwise: true)) == "M")
        #expect(kinds(arc(1, 1, clockwise: false)) == "M")
        // A tiny sweep the requested way stays tiny (it is not mistaken for a whole turn).
        let tiny = arc(0, 1e-3, clockwise: false)
        #expect(kinds(tiny) == "MC")
        #expect(tiny.boundingBoxOfPath.height < 2e-3)
    }

    @Test func moreThanATurnButNotAMultiple() {
        // 3π the requested way: one full circle (canvas rule; Apple is silent).
        let ccw = arc(0, 3 * .pi, clockwise: false)
        #expect(kinds(ccw) == "MCCCC")
        #expect(near(ccw.currentPoint, CGPoint(x: 1, y: 0)))
        // 3π against the requested way: modulo 2π, the half circle from 0 down to the point at π.
        let cw = arc(0, 3 * .pi, clockwise: true)
        #expect(kinds(cw) == "MCC")
        #expect(near(endPoints(cw)[1]!, CGPoint(x: 0, y: -1)))
        #expect(near(cw.currentPoint, CGPoint(x: -1, y: 0)))
        // Huge angles wrap the same way and stay bounded.
        let far = arc(512.5 * .pi, 1023 * .pi, clockwise: true)
        #expect(kinds(far) == "MCCC")  // −510.5π ≡ 1.5π the clockwise way
        #expect(near(far.currentPoint, CGPoint(x: -1, y: 0), 1e-6))
    }

    @Test func contextFillsTheCircleWhateverTheDirection() {
        for clockwise in [true, false] {
            let c = ContextTest.make(32, 32)
            c.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            c.addArc(center: CGPoint(x: 16, y: 16), radius: 10, startAngle: 0, endAngle: 2 * .pi, clockwise: clockwise)
            c.fillPath()
            // π·10² ≈ 314 px; fully covered pixels are a little fewer, none outside the disc.
            let full = ContextTest.count(c, ContextTest.red)
            #expect(full > 250 && full < 320, "clockwise: \(clockwise), full pixels: \(full)")
            #expect(ContextTest.pixel(c, 16, 16) == ContextTest.red)
            #expect(ContextTest.pixel(c, 1, 1) == ContextTest.clear)
        }
    }

    @Test func zeroAndNegativeRadius() {
        // Zero radius: every point of the arc is the centre — a move (or line) there.
        let z = arc(0, .pi, clockwise: false, radius: 0)
        #expect(kinds(z) == "M")
        #expect(z.currentPoint == .zero)
        let joined = CGMutablePath()
        joined.move(to: CGPoint(x: 5, y: 5))
        joined.addArc(center: CGPoint(x: 1, y: 2), radius: 0, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(kinds(joined) == "ML")
        #expect(joined.currentPoint == CGPoint(x: 1, y: 2))
        // Negative radius: nothing (Lamina's choice; Apple does not document it).
        let n = arc(0, .pi, clockwise: false, radius: -1)
        #expect(n.isEmpty)
    }

    @Test func nonFiniteAnglesAddNothing() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(center: .zero, radius: 1, startAngle: .nan, endAngle: 2 * .pi, clockwise: true)
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .nan, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: -.infinity, endAngle: .infinity, clockwise: false)
        p.addRelativeArc(center: .zero, radius: 1, startAngle: .nan, delta: 1)
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .nan)
        #expect(kinds(p) == "M")
    }

    @Test func relativeArcBeyondATurn() {
        // delta is drawn as given: −4π is two full clockwise turns of four quarters each.
        let p = CGMutablePath()
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: -4 * .pi)
        #expect(kinds(p) == "M" + String(repeating: "C", count: 8))
        #expect(near(p.currentPoint, CGPoint(x: 1, y: 0)))
        #expect(signedArea(p) < 0)
        // 2.5π: five quarter turns, ending at π/2.
        let q = CGMutablePath()
        q.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 2.5 * .pi)
        #expect(kinds(q) == "MCCCCC")
        #expect(near(q.currentPoint, CGPoint(x: 0, y: 1)))
        // A zero delta is a move to the start point only.
        let z = CGMutablePath()
        z.addRelativeArc(center: .zero, radius: 1, startAngle: .pi, delta: 0)
        #expect(kinds(z) == "M")
        #expect(near(z.currentPoint, CGPoint(x: -1, y: 0)))
    }

    @Test func tangentArcDegenerateCases() {
        // Collinear, continuing straight on: a line to tangent1End.
        let straight = CGMutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 2)
        #expect(kinds(straight) == "ML")
        #expect(straight.currentPoint == CGPoint(x: 5, y: 0))
        // Collinear, turning straight back: also a line to tangent1End.
        let back = CGMutablePath()
        back.move(to: .zero)
        back.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 1, y: 0), radius: 2)
        #expect(kinds(back) == "ML")
        #expect(back.currentPoint == CGPoint(x: 5, y: 0))
        // Zero radius at a real corner: a line to the corner, no curve.
        let sharp = CGMutablePath()
        sharp.move(to: .zero)
        sharp.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 5, y: 5), radius: 0)
        #expect(kinds(sharp) == "ML")
        #expect(sharp.currentPoint == CGPoint(x: 5, y: 0))
        // The context spelling degrades the same way.
        let c = ContextTest.make(8, 8)
        c.move(to: .zero)
        c.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 10, y: 0), radius: 2)
        #expect(c.currentPointOfPath == CGPoint(x: 5, y: 0))
    }

    @Test func roundedRectCornersLargerThanHalfASideAreClamped() {
        // Corner sizes beyond half a side (Apple traps there) clamp to half the side: a 100×50
        // rect with corners 80×40 is the 100×50 rect with 50×25 corners.
        let rect = CGRect(x: 0, y: 0, width: 100, height: 50)
        let clamped = CGMutablePath()
        clamped.addRoundedRect(in: rect, cornerWidth: 80, cornerHeight: 40)
        let limit = CGMutablePath()
        limit.addRoundedRect(in: rect, cornerWidth: 50, cornerHeight: 25)
        #expect(clamped == limit)
        #expect(CGPath(roundedRect: rect, cornerWidth: 1e9, cornerHeight: 1e9, transform: nil) == limit)
        // At the limit the shape is the inscribed ellipse: its area is π·50·25.
        let area = coveredArea(clamped, in: rect, step: 0.5)
        #expect(abs(area - .pi * 50 * 25) < 0.01 * .pi * 50 * 25)
        #expect(near(clamped.boundingBoxOfPath, rect, 1e-9))
    }

    @Test func ellipsesInDegenerateRects() {
        // Zero height: a flat, closed ellipse along the segment — kept, bounded, encloses nothing.
        let flat = CGMutablePath()
        flat.addEllipse(in: CGRect(x: 0, y: 5, width: 10, height: 0))
        #expect(kinds(flat) == "MCCCCZ")
        #expect(near(flat.boundingBoxOfPath, CGRect(x: 0, y: 5, width: 10, height: 0)))
        #expect(!flat.contains(CGPoint(x: 5, y: 5)))
        // A negative-size rect is standardized first.
        let negative = CGMutablePath()
        negative.addEllipse(in: CGRect(x: 10, y: 10, width: -10, height: -4))
        #expect(near(negative.boundingBoxOfPath, CGRect(x: 0, y: 6, width: 10, height: 4)))
        // Null, infinite and NaN rects add nothing.
        let bad = CGMutablePath()
        bad.addEllipse(in: .null)
        bad.addEllipse(in: .infinite)
        bad.addEllipse(in: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        bad.addEllipse(in: CGRect(x: 0, y: 0, width: 1, height: CGFloat.nan))
        #expect(bad.isEmpty)
        #expect(CGPath(ellipseIn: .null, transform: nil).isEmpty)
    }
}

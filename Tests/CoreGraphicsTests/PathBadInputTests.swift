import Testing
import CoreGraphics

@Suite struct PathBadInputTests {
    let nanPoint = CGPoint(x: CGFloat.nan, y: 0)
    let infPoint = CGPoint(x: 0, y: CGFloat.infinity)

    @Test func nonFinitePointsAreIgnored() {
        let p = CGMutablePath()
        p.move(to: nanPoint)
        #expect(p.isEmpty)
        p.move(to: CGPoint(x: 1, y: 1))
        p.addLine(to: infPoint)
        p.addQuadCurve(to: CGPoint(x: 2, y: 2), control: nanPoint)
        p.addCurve(to: CGPoint(x: 2, y: 2), control1: .zero, control2: infPoint)
        p.addLines(between: [CGPoint(x: 5, y: 5), nanPoint])           // all or nothing
        #expect(kinds(p) == "M")
        #expect(p.currentPoint == CGPoint(x: 1, y: 1))
        p.addLine(to: CGPoint(x: 1e308, y: 0), transform: CGAffineTransform(scaleX: 10, y: 1))   // overflows
        p.addLine(to: CGPoint(x: 1, y: 0), transform: CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(kinds(p) == "M")
    }

    @Test func badRectsAndShapes() {
        let p = CGMutablePath()
        p.addRect(.null)
        p.addRect(.infinite)
        p.addRect(CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        p.addEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        p.addRoundedRect(in: CGRect(x: 0, y: 0, width: 10, height: 10), cornerWidth: .nan, cornerHeight: 1)
        p.addRoundedRect(in: .null, cornerWidth: 1, cornerHeight: 1)
        #expect(p.isEmpty)
        #expect(CGPath(rect: .null, transform: nil).isEmpty)
        #expect(CGPath.roundedRect(CGRect(x: 0, y: 0, width: 10, height: 10), byRoundingCorners: .allCorners, cornerRadius: .nan).isEmpty)
        #expect(CGPath.roundedRect(CGRect(x: 0, y: 0, width: 10, height: 10), byRoundingCorners: .allCorners, cornerRadius: -4)
            == CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil))
        // Zero-size rects and ellipses are kept (degenerate but finite), as Apple keeps them.
        let z = CGMutablePath()
        z.addRect(CGRect(x: 3, y: 3, width: 0, height: 0))
        z.addEllipse(in: CGRect(x: 3, y: 3, width: 0, height: 0))
        #expect(kinds(z) == "MLLLZMCCCCZ")
        #expect(!z.contains(CGPoint(x: 3, y: 3)))      // zero area: winding 0 everywhere
        #expect(z.copy(strokingWithWidth: 2, lineCap: .round, lineJoin: .round, miterLimit: 10).boundingBox.width <= 2.01)
    }

    @Test func badArcs() {
        let p = CGMutablePath()
        p.move(to: .zero)
        p.addArc(center: .zero, radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: -1, startAngle: 0, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: .nan, endAngle: 1, clockwise: false)
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .infinity, clockwise: true)
        p.addArc(center: nanPoint, radius: 1, startAngle: 0, endAngle: 1, clockwise: false)
        p.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: .infinity)
        p.addRelativeArc(center: .zero, radius: .infinity, startAngle: 0, delta: 1)
        p.addArc(tangent1End: CGPoint(x: 1, y: 0), tangent2End: CGPoint(x: 1, y: 1), radius: -2)
        p.addArc(tangent1End: nanPoint, tangent2End: CGPoint(x: 1, y: 1), radius: 2)
        #expect(kinds(p) == "M")
        // A huge relative delta is clamped (64 turns = 256 segments), not unbounded.
        let big = CGMutablePath()
        big.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 1e12)
        #expect(big.elements.count == 1 + 256)
        // Tangent arc with repeated points: a line to tangent1End.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: .zero, tangent2End: CGPoint(x: 1, y: 1), radius: 3)
        #expect(kinds(q) == "ML")
        q.addArc(tangent1End: CGPoint(x: 2, y: 0), tangent2End: CGPoint(x: 2, y: 0), radius: 3)
        #expect(kinds(q) == "MLL")
    }

    @Test func badTransformsAndQueries() {
        let p = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        var t = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(withUnsafePointer(to: &t) { p.copy(using: $0) } == nil)
        #expect(withUnsafePointer(to: &t) { p.mutableCopy(using: $0) } == nil)
        #expect(p.copy(applying: t) == p)
        #expect(!p.contains(nanPoint))
        #expect(!p.contains(CGPoint(x: 0.5, y: 0.5), transform: t))
        let m = CGMutablePath()
        m.addPath(p, transform: t)
        #expect(m.isEmpty)
    }

    @Test func badTolerancesAndFractions() {
        let circle = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
        for tol in [0, -1, CGFloat.nan, .infinity] {
            let f = circle.flattened(tolerance: tol)
            #expect(f.count == 1 && f[0].points.count > 4)
            #expect(circle.length(tolerance: tol) > 30)
        }
        #expect(circle.trimmed(from: .nan, to: .nan).isEmpty)
        #expect(circle.trimmed(from: 0.5, to: .infinity).currentPoint != .zero)
        #expect(CGMutablePath().trimmed(from: 0, to: 0.5).isEmpty)
        #expect(CGMutablePath().length() == 0)
        #expect(CGMutablePath().copy(dashingWithPhase: 0, lengths: [1, 1]).isEmpty)
    }

    @Test func hugeCoordinatesStayBounded() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: -1e150, y: 0))
        p.addCurve(to: CGPoint(x: 1e150, y: 0), control1: CGPoint(x: 0, y: 1e150), control2: CGPoint(x: 0, y: -1e150))
        let f = p.flattened(tolerance: 0.25)
        #expect(f[0].points.count <= 65_537)             // step count is capped
        #expect(!p.contains(CGPoint(x: 0, y: 1e151)))
        let s = p.copy(strokingWithWidth: 1e140, lineCap: .round, lineJoin: .round, miterLimit: 10)
        #expect(!s.isEmpty)
        #expect(s.boundingBox.width.isFinite)
    }
}

import Testing
import CoreGraphics

@Suite struct PathBuildingTests {
    @Test func emptyPath() {
        let p = CGMutablePath()
        #expect(p.isEmpty)
        #expect(p.currentPoint == .zero)
        #expect(p.boundingBox.isNull)
        #expect(p.boundingBoxOfPath.isNull)
        #expect(p.elements.isEmpty)
    }

    @Test func linesAndCurrentPoint() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 2))
        #expect(!p.isEmpty)
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        p.addLine(to: CGPoint(x: 5, y: 2))
        p.addQuadCurve(to: CGPoint(x: 9, y: 2), control: CGPoint(x: 7, y: 10))
        p.addCurve(to: CGPoint(x: 20, y: 0), control1: CGPoint(x: 12, y: -8), control2: CGPoint(x: 15, y: 3))
        #expect(p.currentPoint == CGPoint(x: 20, y: 0))
        p.closeSubpath()
        // After a close the current point is the subpath's start.
        #expect(p.currentPoint == CGPoint(x: 1, y: 2))
        #expect(kinds(p) == "MLQCZ")
        #expect(p.elements[2] == .quadCurve(to: CGPoint(x: 9, y: 2), control: CGPoint(x: 7, y: 10)))
        // A second close has nothing to close.
        p.closeSubpath()
        #expect(kinds(p) == "MLQCZ")
    }

    @Test func segmentWithoutCurrentPointIsIgnored() {
        let p = CGMutablePath()
        p.addLine(to: CGPoint(x: 1, y: 1))
        p.addQuadCurve(to: CGPoint(x: 1, y: 1), control: .zero)
        p.addCurve(to: CGPoint(x: 1, y: 1), control1: .zero, control2: .zero)
        p.addArc(tangent1End: CGPoint(x: 1, y: 0), tangent2End: CGPoint(x: 1, y: 1), radius: 1)
        p.closeSubpath()
        #expect(p.isEmpty)
    }

    @Test func addLinesAndTransform() {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)],
                   transform: CGAffineTransform(translationX: 10, y: 20))
        #expect(kinds(p) == "MLL")
        #expect(endPoints(p) == [CGPoint(x: 10, y: 20), CGPoint(x: 11, y: 20), CGPoint(x: 11, y: 21)])
        p.addLines(between: [])
        #expect(kinds(p) == "MLL")
    }

    @Test func rectDirectionAndStart() {
        let r = CGRect(x: 10, y: 20, width: 30, height: 40)
        let p = CGPath(rect: r, transform: nil)
        #expect(kinds(p) == "MLLLZ")
        #expect(endPoints(p) == [CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 20), CGPoint(x: 40, y: 60), CGPoint(x: 10, y: 60), nil])
        // Counter-clockwise in y-up space (positive area).
        #expect(signedArea(p) > 0)
        // Negative sizes are standardized first.
        let q = CGPath(rect: CGRect(x: 40, y: 60, width: -30, height: -40), transform: nil)
        #expect(q == p)
        var out = CGRect.zero
        #expect(p.isRect(&out))
        #expect(out == r)
    }

    @Test func addRectsAndTransformPointer() {
        var t = CGAffineTransform(scaleX: 2, y: 2)
        let p = withUnsafePointer(to: &t) { CGPath(rect: CGRect(x: 1, y: 1, width: 1, height: 1), transform: $0) }
        #expect(p.boundingBox == CGRect(x: 2, y: 2, width: 2, height: 2))
        let m = CGMutablePath()
        m.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        #expect(kinds(m) == "MLLLZMLLLZ")
        #expect(!m.isRect(nil))
    }

    @Test func ellipseIsFourCubicsFromMaxXMidY() {
        let r = CGRect(x: 0, y: 0, width: 100, height: 50)
        let p = CGPath(ellipseIn: r, transform: nil)
        #expect(kinds(p) == "MCCCCZ")
        #expect(endPoints(p) == [CGPoint(x: 100, y: 25), CGPoint(x: 50, y: 50), CGPoint(x: 0, y: 25),
                                 CGPoint(x: 50, y: 0), CGPoint(x: 100, y: 25), nil])
        let kappa: CGFloat = 0.5522847498
        if case .curve(_, let c1, let c2) = p.elements[1] {
            #expect(near(c1, CGPoint(x: 100, y: 25 + 25 * kappa), 1e-8))
            #expect(near(c2, CGPoint(x: 50 + 50 * kappa, y: 50), 1e-8))
        } else {
            Issue.record("second element is not a curve")
        }
        #expect(signedArea(p) > 0)
        #expect(p.boundingBoxOfPath == r)
        #expect(p.boundingBox == r)   // control points stay inside the rect for an ellipse
        #expect(!p.isRect(nil))
    }

    @Test func arcIncreasingAngle() {
        let p = CGMutablePath()
        p.addArc(center: CGPoint(x: 10, y: 10), radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(kinds(p) == "MC")
        #expect(near(p.currentPoint, CGPoint(x: 10, y: 15)))
        // The cubic's midpoint is on the circle to within the standard approximation error
        // (2.7e-4 of the radius for a 90° segment).
        let mid = p.flattened(tolerance: 0.0001)[0].points
        for q in mid {
            #expect(abs(hypot(q.x - 10, q.y - 10) - 5) < 5 * 3e-4)
        }
    }

    @Test func arcClockwiseGoesThroughDecreasingAngles() {
        let p = CGMutablePath()
        p.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        // 0 → −90° → −180° → −270°: three 90° segments.
        #expect(kinds(p) == "MCCC")
        #expect(near(endPoints(p)[1]!, CGPoint(x: 0, y: -10)))
        #expect(near(endPoints(p)[2]!, CGPoint(x: -10, y: 0)))
        #expect(near(p.currentPoint, CGPoint(x: 0, y: 10)))
        #expect(near(p.boundingBoxOfPath, CGRect(x: -10, y: -10, width: 20, height: 20), 1e-9))
    }

    @Test func fullCircleRules() {
        // start 0, end 2π counter-clockwise: a full circle in 4 segments.
        let a = CGMutablePath()
        a.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        #expect(kinds(a) == "MCCCC")
        // start 0, end 2π, clockwise: a full circle too, as on iOS (see PathArcEdgeCaseTests).
        let b = CGMutablePath()
        b.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        #expect(kinds(b) == "MCCCC")
        // ... and start 2π, end 0, clockwise draws the full circle.
        let c = CGMutablePath()
        c.addArc(center: .zero, radius: 1, startAngle: 2 * .pi, endAngle: 0, clockwise: true)
        #expect(kinds(c) == "MCCCC")
        // More than a full turn still draws one turn.
        let d = CGMutablePath()
        d.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 7 * .pi, clockwise: false)
        #expect(kinds(d) == "MCCCC")
        // A negative difference counter-clockwise wraps: 0 → −π/2 is the 270° way round.
        let e = CGMutablePath()
        e.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: -.pi / 2, clockwise: false)
        #expect(kinds(e) == "MCCC")
        #expect(near(endPoints(e)[1]!, CGPoint(x: 0, y: 1)))
    }

    @Test func arcAfterCurrentPointAddsLine() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: -5, y: 0))
        p.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: .pi, clockwise: false)
        #expect(kinds(p) == "MLCC")
        #expect(near(endPoints(p)[1]!, CGPoint(x: 1, y: 0)))
        // Zero radius: only the line to the centre.
        p.addArc(center: CGPoint(x: 3, y: 3), radius: 0, startAngle: 0, endAngle: 1, clockwise: false)
        #expect(kinds(p) == "MLCCL")
        #expect(p.currentPoint == CGPoint(x: 3, y: 3))
    }

    @Test func relativeArcs() {
        let p = CGMutablePath()
        p.addRelativeArc(center: .zero, radius: 2, startAngle: 0, delta: -.pi)
        #expect(kinds(p) == "MCC")
        #expect(near(endPoints(p)[1]!, CGPoint(x: 0, y: -2)))
        #expect(near(p.currentPoint, CGPoint(x: -2, y: 0)))
        // More than one turn is drawn as given: 3π → 6 quarter segments.
        let q = CGMutablePath()
        q.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 3 * .pi)
        #expect(kinds(q) == "MCCCCCC")
        #expect(near(q.currentPoint, CGPoint(x: -1, y: 0)))
        // A 100° arc is split in two equal 50° segments.
        let r = CGMutablePath()
        r.addRelativeArc(center: .zero, radius: 1, startAngle: 0, delta: 100 * CGFloat.pi / 180)
        #expect(kinds(r) == "MCC")
        #expect(near(endPoints(r)[1]!, CGPoint(x: cos(50 * CGFloat.pi / 180), y: sin(50 * CGFloat.pi / 180))))
    }

    @Test func tangentArc() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 3)
        // Line to the first tangent point, then a quarter arc to the second.
        #expect(kinds(p) == "MLC")
        #expect(near(endPoints(p)[1]!, CGPoint(x: 7, y: 0)))
        #expect(near(p.currentPoint, CGPoint(x: 10, y: 3)))
        // Collinear points degrade to a line to tangent1End.
        let q = CGMutablePath()
        q.move(to: .zero)
        q.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(kinds(q) == "ML")
        #expect(q.currentPoint == CGPoint(x: 5, y: 0))
        // Going straight back is collinear too.
        q.addArc(tangent1End: CGPoint(x: 8, y: 0), tangent2End: CGPoint(x: 1, y: 0), radius: 2)
        #expect(kinds(q) == "MLL")
        #expect(q.currentPoint == CGPoint(x: 8, y: 0))
    }

    @Test func boundingBoxes() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 0, y: 0))
        p.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        #expect(p.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 10))
        // The curve peaks at y = 7.5 (t = 0.5).
        #expect(near(p.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5)))
        let q = CGMutablePath()
        q.move(to: CGPoint(x: 0, y: 0))
        q.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: -10))
        #expect(near(q.boundingBoxOfPath, CGRect(x: 0, y: -5, width: 10, height: 5)))
    }

    @Test func copiesAndEquality() throws {
        let m = CGMutablePath()
        m.addEllipse(in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let c = try #require(m.copy())
        #expect(c == m)
        #expect(!(c is CGMutablePath))
        let mc = try #require(c.mutableCopy())
        mc.addLine(to: CGPoint(x: 9, y: 9))
        #expect(mc != c)
        #expect(c == m)
        var t = CGAffineTransform(translationX: 1, y: 0)
        let moved = try #require(withUnsafePointer(to: &t) { c.copy(using: $0) })
        #expect(moved.boundingBox == CGRect(x: 1, y: 0, width: 4, height: 4))
        #expect(c.copy(using: nil) == c)
        #expect(c.copy(applying: t) == moved)
        var hasher = Set<CGPath>()
        hasher.insert(c); hasher.insert(m)
        #expect(hasher.count == 1)
    }

    @Test func addPathAppendsTransformed() {
        let a = CGMutablePath()
        a.move(to: .zero)
        a.addLine(to: CGPoint(x: 1, y: 0))
        let b = CGMutablePath()
        b.addPath(a, transform: CGAffineTransform(scaleX: 3, y: 3))
        b.addPath(a)
        #expect(kinds(b) == "MLML")
        #expect(endPoints(b)[1] == CGPoint(x: 3, y: 0))
    }

    @Test func applyWithBlockAndApply() {
        let p = CGMutablePath()
        p.move(to: CGPoint(x: 1, y: 1))
        p.addCurve(to: CGPoint(x: 4, y: 4), control1: CGPoint(x: 2, y: 2), control2: CGPoint(x: 3, y: 3))
        p.closeSubpath()
        var types: [CGPathElementType] = []
        var lastPoints: [CGPoint] = []
        p.applyWithBlock { element in
            types.append(element.pointee.type)
            if element.pointee.type == .addCurveToPoint {
                lastPoints = (0 ..< 3).map { element.pointee.points[$0] }
            }
        }
        #expect(types == [.moveToPoint, .addCurveToPoint, .closeSubpath])
        #expect(lastPoints == [CGPoint(x: 2, y: 2), CGPoint(x: 3, y: 3), CGPoint(x: 4, y: 4)])
        var count = 0
        withUnsafeMutablePointer(to: &count) { ptr in
            p.apply(info: UnsafeMutableRawPointer(ptr)) { info, _ in
                info?.assumingMemoryBound(to: Int.self).pointee += 1
            }
        }
        #expect(count == 3)
    }

    @Test func isRectVariants() {
        let p = CGMutablePath()
        p.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 5), CGPoint(x: 3, y: 5), CGPoint(x: 3, y: 0), CGPoint(x: 0, y: 0)])
        var r = CGRect.null
        #expect(p.isRect(&r))
        #expect(r == CGRect(x: 0, y: 0, width: 3, height: 5))
        let q = CGMutablePath()
        q.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 3, y: 5), CGPoint(x: 3, y: 0)])
        q.closeSubpath()
        #expect(!q.isRect(nil))
        // An open three-sided path is not a rect.
        let open = CGMutablePath()
        open.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        #expect(!open.isRect(nil))
    }
}

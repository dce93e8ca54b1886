import Testing
import UIKit

@Suite struct UIBezierPathTests {
    /// The path's elements as (type, points) pairs.
    func elements(_ path: UIBezierPath) -> [(CGPathElementType, [CGPoint])] {
        var out: [(CGPathElementType, [CGPoint])] = []
        path.cgPath.applyWithBlock { e in
            let n: Int
            switch e.pointee.type {
            case .moveToPoint, .addLineToPoint: n = 1
            case .addQuadCurveToPoint: n = 2
            case .addCurveToPoint: n = 3
            case .closeSubpath: n = 0
            }
            out.append((e.pointee.type, (0..<n).map { e.pointee.points[$0] }))
        }
        return out
    }

    func render(_ size: CGFloat = 20, _ body: () -> Void) -> Pixels {
        Pixels(UIGraphicsImageRenderer(size: CGSize(width: size, height: size), format: scaleOne()).image { _ in body() })!
    }

    @Test func rectRunsClockwiseOnScreenFromTheOrigin() {
        let e = elements(UIBezierPath(rect: CGRect(x: 1, y: 2, width: 10, height: 5)))
        #expect(e.map(\.1) == [[CGPoint(x: 1, y: 2)], [CGPoint(x: 11, y: 2)], [CGPoint(x: 11, y: 7)], [CGPoint(x: 1, y: 7)], []])
        #expect(e.last?.0 == .closeSubpath)
    }

    @Test func ovalStartsAtItsRightmostPointAndGoesDownFirst() {
        let path = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        let e = elements(path)
        #expect(e.first?.1 == [CGPoint(x: 20, y: 5)])
        #expect(e[1].1.last == CGPoint(x: 10, y: 10))   // then the bottom (y down): clockwise on screen
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 20, height: 10))
    }

    @Test func arcClockwiseIsClockwiseOnScreen() {
        let c = CGPoint(x: 10, y: 10)
        let cw = UIBezierPath(arcCenter: c, radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(elements(cw).first?.1 == [CGPoint(x: 15, y: 10)])
        #expect(abs(cw.currentPoint.x - 10) < 1e-9 && abs(cw.currentPoint.y - 15) < 1e-9)
        // A quarter turn through the lower right only.
        #expect(cw.bounds.minY >= 10 - 1e-9 && cw.bounds.minX >= 10 - 1e-9)
        // Counter-clockwise on screen takes the long way round, over the top.
        let ccw = UIBezierPath(arcCenter: c, radius: 5, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        #expect(abs(ccw.currentPoint.y - 15) < 1e-9)
        #expect(abs(ccw.bounds.minY - 5) < 1e-9 && abs(ccw.bounds.minX - 5) < 1e-9)
        // A 3/4 turn clockwise from the top ends at the left.
        let threeQuarters = UIBezierPath(arcCenter: c, radius: 5, startAngle: -.pi / 2, endAngle: .pi, clockwise: true)
        #expect(abs(threeQuarters.currentPoint.x - 5) < 1e-9 && abs(threeQuarters.currentPoint.y - 10) < 1e-9)
    }

    @Test func addArcJoinsTheCurrentPointWithALine() {
        let path = UIBezierPath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(withCenter: CGPoint(x: 10, y: 0), radius: 5, startAngle: .pi, endAngle: 0, clockwise: true)
        let e = elements(path)
        #expect(e[1].0 == .addLineToPoint)
        #expect(abs(e[1].1[0].x - 5) < 1e-9 && abs(e[1].1[0].y) < 1e-9)
        // Clockwise on screen from the left point to the right goes over the top (y < 0).
        #expect(abs(path.bounds.minY - -5) < 1e-9)
    }

    @Test func arcPixels() {
        // A filled half disc, clockwise on screen from 3 o'clock to 9 o'clock: the lower half.
        let p = render {
            UIColor.red.setFill()
            UIBezierPath(arcCenter: CGPoint(x: 10, y: 10), radius: 8, startAngle: 0, endAngle: .pi, clockwise: true).fill()
        }
        #expect(p[10, 15] == opaqueRed)
        #expect(p[10, 5] == transparent)
    }

    @Test func roundedRectClampsTheRadiusAndRoundsTheCorners() {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 10)
        let path = UIBezierPath(roundedRect: rect, cornerRadius: 100)
        #expect(path.bounds.insetBy(dx: -1e-9, dy: -1e-9).contains(path.bounds))
        #expect(abs(path.bounds.width - 20) < 1e-9 && abs(path.bounds.height - 10) < 1e-9)
        #expect(path.contains(CGPoint(x: 10, y: 5)))
        #expect(!path.contains(CGPoint(x: 0.3, y: 0.3)))
        // Same shape as a radius of half the shorter side.
        #expect(path.cgPath == UIBezierPath(roundedRect: rect, cornerRadius: 5).cgPath)
        // Bad radii give square corners, no trap.
        #expect(UIBezierPath(roundedRect: rect, cornerRadius: .nan).contains(CGPoint(x: 0.1, y: 0.1)))
        #expect(UIBezierPath(roundedRect: rect, cornerRadius: -3).contains(CGPoint(x: 0.1, y: 0.1)))
    }

    @Test func byRoundingCornersRoundsOnlyThoseAndIgnoresTheRadiusHeight() {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 20)
        let path = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 8, height: 1))
        #expect(!path.contains(CGPoint(x: 0.5, y: 0.5)))
        #expect(path.contains(CGPoint(x: 19.5, y: 0.5)))
        #expect(path.contains(CGPoint(x: 0.5, y: 19.5)))
        #expect(!path.contains(CGPoint(x: 19.5, y: 19.5)))
        let tall = UIBezierPath(roundedRect: rect, byRoundingCorners: [.topLeft, .bottomRight], cornerRadii: CGSize(width: 8, height: 30))
        #expect(tall.cgPath == path.cgPath)
        #expect(UIBezierPath(roundedRect: rect, byRoundingCorners: .allCorners, cornerRadii: CGSize(width: 6, height: 6)).cgPath
                == UIBezierPath(roundedRect: rect, cornerRadius: 6).cgPath)
        #expect(UIRectCorner.allCorners.contains([.topLeft, .topRight, .bottomLeft, .bottomRight]))
    }

    @Test func buildingAndQueries() {
        let path = UIBezierPath()
        #expect(path.isEmpty && path.currentPoint == .zero)
        path.addLine(to: CGPoint(x: 5, y: 5))      // no current point: ignored, no trap
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 10, y: 10), controlPoint: CGPoint(x: 20, y: 5))
        path.addCurve(to: CGPoint(x: 0, y: 10), controlPoint1: CGPoint(x: 5, y: 15), controlPoint2: CGPoint(x: 2, y: 15))
        path.close()
        #expect(!path.isEmpty)
        #expect(path.currentPoint == .zero)
        // Bounds include control points, as CGPathGetBoundingBox.
        #expect(path.bounds == CGRect(x: 0, y: 0, width: 20, height: 15))
        #expect(path.contains(CGPoint(x: 5, y: 5)) && !path.contains(CGPoint(x: -1, y: 5)))
        path.removeAllPoints()
        #expect(path.isEmpty)
    }

    @Test func appendApplyAndCGPathRoundTrip() {
        let a = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        a.append(UIBezierPath(rect: CGRect(x: 10, y: 10, width: 2, height: 2)))
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 12, height: 12))
        a.apply(CGAffineTransform(translationX: 5, y: -5))
        #expect(a.bounds == CGRect(x: 5, y: -5, width: 12, height: 12))
        let b = UIBezierPath(cgPath: a.cgPath)
        #expect(b.cgPath == a.cgPath)
        b.lineWidth = 7
        b.cgPath = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: nil)
        #expect(b.bounds == CGRect(x: 0, y: 0, width: 1, height: 1) && b.lineWidth == 7)
        // The CGPath handed out does not change with later building.
        let snapshot = b.cgPath
        b.addLine(to: CGPoint(x: 9, y: 9))
        #expect(snapshot.boundingBox == CGRect(x: 0, y: 0, width: 1, height: 1))
    }

    @Test func reversingRunsEachSubpathBackwards() {
        let rect = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 4, height: 2))
        let r = rect.reversing()
        #expect(elements(r).map(\.1) == [[CGPoint(x: 0, y: 2)], [CGPoint(x: 4, y: 2)], [CGPoint(x: 4, y: 0)], [CGPoint(x: 0, y: 0)], []])
        #expect(r.reversing().cgPath == rect.cgPath)
        let open = UIBezierPath()
        open.move(to: CGPoint(x: 0, y: 0))
        open.addCurve(to: CGPoint(x: 9, y: 0), controlPoint1: CGPoint(x: 1, y: 5), controlPoint2: CGPoint(x: 8, y: 5))
        open.move(to: CGPoint(x: 20, y: 20))
        open.addLine(to: CGPoint(x: 30, y: 20))
        let e = elements(open.reversing())
        #expect(e.count == 4)
        #expect(e[0].1 == [CGPoint(x: 9, y: 0)])
        #expect(e[1].0 == .addCurveToPoint && e[1].1 == [CGPoint(x: 8, y: 5), CGPoint(x: 1, y: 5), CGPoint(x: 0, y: 0)])
        #expect(e[2].1 == [CGPoint(x: 30, y: 20)] && e[3].1 == [CGPoint(x: 20, y: 20)])
        #expect(UIBezierPath().reversing().isEmpty)
        let arc = UIBezierPath(arcCenter: .zero, radius: 3, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(arc.reversing().currentPoint == CGPoint(x: 3, y: 0))
    }

    @Test func dashPatternRoundTrips() {
        let path = UIBezierPath()
        path.setLineDash([4, 2, 1], count: 3, phase: 1.5)
        var pattern = [CGFloat](repeating: 0, count: 3)
        var count = 0
        var phase: CGFloat = 0
        path.getLineDash(&pattern, count: &count, phase: &phase)
        #expect(pattern == [4, 2, 1] && count == 3 && phase == 1.5)
        path.setLineDash(nil, count: 0, phase: 0)
        path.getLineDash(nil, count: &count, phase: nil)
        #expect(count == 0)
    }

    @Test func defaultsAreUIKits() {
        let path = UIBezierPath()
        #expect(path.lineWidth == 1 && path.lineCapStyle == .butt && path.lineJoinStyle == .miter)
        #expect(path.miterLimit == 10 && path.flatness == 0.6 && !path.usesEvenOddFillRule)
    }

    @Test func fillAndStrokeDrawIntoTheCurrentContext() {
        let p = render {
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 20)).fill()
            UIColor.blue.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 10, y: 15))
            line.addLine(to: CGPoint(x: 20, y: 15))
            line.lineWidth = 4
            line.stroke()
            // The path's width does not leak into the context.
            #expect(UIGraphicsGetCurrentContext().map { _ in true } == true)
        }
        #expect(p[5, 5] == opaqueRed)
        #expect(p[15, 13] == opaqueBlue && p[15, 16] == opaqueBlue && p[15, 12] == transparent)
        #expect(p[15, 5] == transparent)
    }

    @Test func dashedStrokeLeavesGaps() {
        let p = render {
            UIColor.blue.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 2
            line.setLineDash([4, 4], count: 2, phase: 0)
            line.stroke()
        }
        #expect(p[2, 10] == opaqueBlue && p[6, 10] == transparent && p[10, 10] == opaqueBlue)
    }

    @Test func evenOddFillLeavesTheHole() {
        let p = render {
            let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
            path.append(UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)))
            path.usesEvenOddFillRule = true
            UIColor.green.setFill()
            path.fill()
        }
        #expect(p[2, 2] == opaqueGreen && p[10, 10] == transparent)
        let both = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20))
        both.append(UIBezierPath(rect: CGRect(x: 5, y: 5, width: 10, height: 10)))
        #expect(both.contains(CGPoint(x: 10, y: 10)))
        both.usesEvenOddFillRule = true
        #expect(!both.contains(CGPoint(x: 10, y: 10)))
    }

    @Test func fillAndStrokeWithBlendModeAndAlpha() {
        let p = render {
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20)).fill(with: .normal, alpha: 0.5)
            UIColor.blue.setStroke()
            let line = UIBezierPath()
            line.move(to: CGPoint(x: 0, y: 10))
            line.addLine(to: CGPoint(x: 20, y: 10))
            line.lineWidth = 2
            line.stroke(with: .copy, alpha: 1)
        }
        #expect(close(p[5, 5], [128, 0, 0, 128]))
        #expect(p[5, 10] == opaqueBlue)
    }

    @Test func addClipLimitsLaterDrawing() {
        let p = render {
            UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 20)).addClip()
            UIColor.red.setFill()
            UIRectFillUsingBlendMode(CGRect(x: 0, y: 0, width: 20, height: 20), .normal)
        }
        #expect(p[10, 10] == opaqueRed && p[0, 0] == transparent)
    }

    @Test func copyCopiesElementsAndAttributes() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 3, height: 3))
        path.lineWidth = 5
        path.setLineDash([1, 2], count: 2, phase: 0)
        let copy = path.copy() as! UIBezierPath
        path.removeAllPoints()
        #expect(copy.lineWidth == 5 && copy.bounds == CGRect(x: 0, y: 0, width: 3, height: 3))
        var count = 0
        copy.getLineDash(nil, count: &count, phase: nil)
        #expect(count == 2)
    }

    @Test func badInputDoesNotTrap() {
        let path = UIBezierPath(arcCenter: CGPoint(x: CGFloat.nan, y: 0), radius: .nan, startAngle: .nan,
                                endAngle: .infinity, clockwise: true)
        path.addLine(to: CGPoint(x: CGFloat.infinity, y: 0))
        _ = path.bounds
        _ = path.contains(CGPoint(x: CGFloat.nan, y: 0))
        _ = UIBezierPath(rect: .null)
        _ = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 1))
        _ = render { path.fill(); path.stroke(); UIBezierPath().fill() }
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1)).fill()   // no context
    }
}

import Testing
import CoreGraphics

@Suite struct PathStrokeTests {
    func polyline(_ pts: [CGPoint], closed: Bool = false) -> CGPath {
        let p = CGMutablePath()
        p.addLines(between: pts)
        if closed { p.closeSubpath() }
        return p
    }

    func stroke(_ p: CGPath, _ w: CGFloat, _ cap: CGLineCap = .butt, _ join: CGLineJoin = .miter, limit: CGFloat = 10) -> CGPath {
        p.copy(strokingWithWidth: w, lineCap: cap, lineJoin: join, miterLimit: limit)
    }

    let horizontal = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)]

    @Test func capsChangeTheBoundsExactly() {
        let line = polyline(horizontal)
        #expect(stroke(line, 10, .butt).boundingBox == CGRect(x: 0, y: -5, width: 100, height: 10))
        #expect(stroke(line, 10, .square).boundingBox == CGRect(x: -5, y: -5, width: 110, height: 10))
        // Round caps: the flattened half-discs reach the full radius (within the 0.05 tolerance).
        #expect(near(stroke(line, 10, .round).boundingBox, CGRect(x: -5, y: -5, width: 110, height: 10), 0.05))
        // Inside the cap region only for round/square.
        let q = CGPoint(x: -4, y: 0)
        #expect(!stroke(line, 10, .butt).contains(q))
        #expect(stroke(line, 10, .round).contains(q))
        #expect(stroke(line, 10, .square).contains(q))
        let corner = CGPoint(x: -4.8, y: 4.8)
        #expect(stroke(line, 10, .square).contains(corner))
        #expect(!stroke(line, 10, .round).contains(corner))
    }

    @Test func rightAngleJoins() {
        let path = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 50)])
        let miter = stroke(path, 10, .butt, .miter)
        // The miter's tip is the outer corner (55, −5), at w/2·√2 from the joint.
        #expect(miter.boundingBox == CGRect(x: 0, y: -5, width: 55, height: 55))
        #expect(near(hypot(55 - 50, -5 - 0), 5 * 2.0.squareRoot()))
        #expect(miter.contains(CGPoint(x: 54.9, y: -4.9)))
        let bevel = stroke(path, 10, .butt, .bevel)
        #expect(!bevel.contains(CGPoint(x: 54.9, y: -4.9)))
        #expect(!bevel.contains(CGPoint(x: 53, y: -3)))     // beyond the bevel line x − y = 55
        #expect(bevel.contains(CGPoint(x: 52, y: -2)))
        let round = stroke(path, 10, .butt, .round)
        #expect(round.contains(CGPoint(x: 53, y: -3)))      // 4.24 from the joint
        #expect(!round.contains(CGPoint(x: 54, y: -4)))     // 5.66 from the joint
        // Inner side and legs.
        for s in [miter, bevel, round] {
            #expect(s.contains(CGPoint(x: 25, y: 4)))
            #expect(s.contains(CGPoint(x: 46, y: 25)))
            #expect(!s.contains(CGPoint(x: 40, y: 10)))
        }
    }

    @Test func sharpAngleBeyondTheMiterLimitBecomesABevel() {
        // Interior angle ≈ 5.7°: miter ratio 1/sin(2.86°) ≈ 20.
        let path = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 0, y: 10)])
        let probe = CGPoint(x: 149.9, y: -2.49)            // 50 out along the outer bisector
        #expect(!stroke(path, 10, .butt, .miter, limit: 10).contains(probe))
        #expect(stroke(path, 10, .butt, .miter, limit: 30).contains(probe))
        #expect(stroke(path, 10, .butt, .miter, limit: 10).boundingBox.maxX < 105.1)
        #expect(stroke(path, 10, .butt, .miter, limit: 30).boundingBox.maxX > 195)
    }

    @Test func zeroLengthAndCollinearSegments() {
        let path = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 75, y: 0), CGPoint(x: 100, y: 0)])
        let s = stroke(path, 10, .butt, .miter)
        #expect(s.boundingBox == CGRect(x: 0, y: -5, width: 100, height: 10))
        #expect(s.contains(CGPoint(x: 50, y: 4.9)))
        #expect(!s.contains(CGPoint(x: 50, y: 5.1)))
        #expect(coveredArea(s, in: CGRect(x: -10, y: -10, width: 120, height: 20), step: 1) == 1000)
    }

    @Test func cuspBackAndForth() {
        let path = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 50, y: 0)])
        let miter = stroke(path, 10, .butt, .miter)
        #expect(miter.boundingBox.maxX == 100)             // 180°: the miter falls back to a bevel
        #expect(miter.contains(CGPoint(x: 75, y: 4)))
        #expect(!miter.contains(CGPoint(x: 102, y: 0)))
        let round = stroke(path, 10, .butt, .round)
        #expect(round.contains(CGPoint(x: 104, y: 0)))
        #expect(!round.contains(CGPoint(x: 106, y: 0)))
    }

    @Test func singlePointSubpaths() {
        let dot = CGMutablePath()
        dot.move(to: CGPoint(x: 10, y: 10))
        dot.addLine(to: CGPoint(x: 10, y: 10))
        #expect(stroke(dot, 10, .butt).isEmpty)
        let disc = stroke(dot, 10, .round)
        #expect(disc.contains(CGPoint(x: 13, y: 13)))
        #expect(!disc.contains(CGPoint(x: 14.5, y: 14.5)))
        #expect(near(disc.boundingBox, CGRect(x: 5, y: 5, width: 10, height: 10), 0.05))
        let square = stroke(dot, 10, .square)
        #expect(square.contains(CGPoint(x: 14.5, y: 14.5)))
        #expect(square.boundingBox == CGRect(x: 5, y: 5, width: 10, height: 10))
        // A lone move draws nothing, whatever the cap; so does a closed single point.
        let lone = CGMutablePath()
        lone.move(to: .zero)
        #expect(stroke(lone, 10, .round).isEmpty)
        let closedDot = CGMutablePath()
        closedDot.move(to: .zero)
        closedDot.addLine(to: .zero)
        closedDot.closeSubpath()
        #expect(stroke(closedDot, 10, .round).isEmpty)
    }

    @Test func closedSubpathsJoinAtTheStartWithoutCaps() {
        let rect = CGPath(rect: CGRect(x: 0, y: 0, width: 100, height: 50), transform: nil)
        let miter = stroke(rect, 10, .round, .miter)
        #expect(miter.boundingBox == CGRect(x: -5, y: -5, width: 110, height: 60))
        #expect(miter.contains(CGPoint(x: -4.9, y: -4.9)))     // the start corner is mitred too
        #expect(miter.contains(CGPoint(x: 104.9, y: 54.9)))
        #expect(!miter.contains(CGPoint(x: 50, y: 25)))        // the hole stays empty
        #expect(miter.contains(CGPoint(x: 50, y: 4)))
        // Every joint is safe, so the outline is one ring without overlap (exact coverage for
        // anti-aliasing), with the exact area 110·60 − 90·40.
        #expect(kinds(miter).filter { $0 == "M" }.count == 1)
        #expect(coveredArea(miter, in: CGRect(x: -10, y: -10, width: 120, height: 70), step: 0.5) == 3000)
        let bevel = stroke(rect, 10, .round, .bevel)
        #expect(!bevel.contains(CGPoint(x: -4.5, y: -4.5)))    // no round cap at the start
        #expect(bevel.contains(CGPoint(x: -2, y: -2)))
        // Area: (110·60 − 90·40) minus four bevel corners of 12.5 each.
        let area = coveredArea(bevel, in: CGRect(x: -10, y: -10, width: 120, height: 70), step: 0.5)
        #expect(abs(area - (110 * 60 - 90 * 40 - 4 * 12.5)) < 30)
    }

    /// With round caps and round joins the stroke is exactly the set of points within w/2 of
    /// the polyline, however it overlaps itself: a strong check of non-zero coverage.
    @Test func roundStrokeIsTheDistanceSetEvenWhenSelfOverlapping() {
        let pts = [CGPoint(x: 0, y: 0), CGPoint(x: 40, y: 0), CGPoint(x: 5, y: 6), CGPoint(x: 30, y: 30),
                   CGPoint(x: 20, y: -10), CGPoint(x: 22, y: 25), CGPoint(x: 21, y: 24)]
        let hw: CGFloat = 4
        let s = stroke(polyline(pts), 2 * hw, .round, .round)
        func distance(_ p: CGPoint) -> CGFloat {
            var best = CGFloat.infinity
            for i in 0 ..< pts.count - 1 {
                let a = pts[i], b = pts[i + 1]
                let dx = b.x - a.x, dy = b.y - a.y
                let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
                best = min(best, hypot(p.x - a.x - t * dx, p.y - a.y - t * dy))
            }
            return best
        }
        var mismatches = 0
        var y: CGFloat = -15
        while y < 36 {
            var x: CGFloat = -6
            while x < 46 {
                let p = CGPoint(x: x, y: y)
                let d = distance(p)
                if abs(d - hw) > 0.1 && (d < hw) != s.contains(p) { mismatches += 1 }
                x += 0.7
            }
            y += 0.7
        }
        #expect(mismatches == 0)
    }

    @Test func curvedStrokeFollowsTheOffsetCircle() {
        let circle = CGPath(ellipseIn: CGRect(x: -30, y: -30, width: 60, height: 60), transform: nil)
        let s = stroke(circle, 8, .butt, .miter)
        #expect(kinds(s).filter { $0 == "M" }.count == 1)
        #expect(abs(signedArea(s) - 4 * .pi * 30 * 4) < 4 * .pi * 30 * 4 * 1e-3)   // π(34² − 26²)
        for deg in stride(from: 0.0, to: 360.0, by: 5.0) {
            let a = CGFloat(deg) * .pi / 180
            for (r, inside) in [(25.9, false), (26.1, true), (30, true), (33.9, true), (34.1, false)] {
                #expect(s.contains(CGPoint(x: r * cos(a), y: r * sin(a))) == inside, "r \(r) at \(deg)°")
            }
        }
        // Thicker than the circle: the hole closes (curvature radius < w/2) and stays filled.
        let fat = stroke(circle, 70, .butt, .miter)
        #expect(fat.contains(.zero))
        #expect(fat.contains(CGPoint(x: 64, y: 0)))
        #expect(!fat.contains(CGPoint(x: 66, y: 0)))
    }

    @Test func transformAndBadWidths() {
        let line = polyline(horizontal)
        let t = stroke(line, 10).copy(applying: CGAffineTransform(scaleX: 2, y: 1))
        #expect(line.copy(strokingWithWidth: 10, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                          transform: CGAffineTransform(scaleX: 2, y: 1)) == t)
        #expect(stroke(line, 0).isEmpty)
        #expect(stroke(line, -3).isEmpty)
        #expect(stroke(line, .nan).isEmpty)
        #expect(stroke(line, .infinity).isEmpty)
        #expect(stroke(CGMutablePath(), 5).isEmpty)
        // A NaN miter limit acts as the default 10 (a right angle is mitred).
        let corner = polyline([CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 0), CGPoint(x: 50, y: 50)])
        #expect(stroke(corner, 10, .butt, .miter, limit: .nan).contains(CGPoint(x: 54.9, y: -4.9)))
        // A miter limit below 1 always bevels.
        #expect(!stroke(corner, 10, .butt, .miter, limit: 0.5).contains(CGPoint(x: 54.9, y: -4.9)))
    }
}

/// Reference membership for polyline strokes with butt caps and bevel or miter joins: the
/// union of one rectangle per segment and one join polygon per joint, computed independently
/// of the stroker. Random polylines (fixed seeds) with short segments and sharp turns exercise
/// the safe/unsafe joint logic, closed loops and self-overlap.
@Suite struct PathStrokeReferenceTests {
    struct LCG {
        var state: UInt64
        mutating func next() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) / CGFloat(1 << 53)
        }
    }

    func inConvex(_ p: CGPoint, _ poly: [CGPoint]) -> Bool {
        var sign: CGFloat = 0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
            if c == 0 { continue }
            if sign == 0 { sign = c } else if (c > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }

    func reference(_ pts: [CGPoint], closed: Bool, hw: CGFloat, join: CGLineJoin, limit: CGFloat) -> [[CGPoint]] {
        var polys: [[CGPoint]] = []
        let n = pts.count
        let segs = closed ? n : n - 1
        func dir(_ k: Int) -> CGVector {
            let a = pts[k], b = pts[(k + 1) % n]
            let l = hypot(b.x - a.x, b.y - a.y)
            return CGVector(dx: (b.x - a.x) / l, dy: (b.y - a.y) / l)
        }
        for k in 0 ..< segs {
            let a = pts[k], b = pts[(k + 1) % n], d = dir(k)
            let nx = -d.dy * hw, ny = d.dx * hw
            polys.append([CGPoint(x: a.x + nx, y: a.y + ny), CGPoint(x: b.x + nx, y: b.y + ny),
                          CGPoint(x: b.x - nx, y: b.y - ny), CGPoint(x: a.x - nx, y: a.y - ny)])
        }
        let joints = closed ? Array(0 ..< n) : Array(1 ..< n - 1)
        for j in joints {
            let dIn = dir((j - 1 + segs) % segs), dOut = dir(j % segs), p = pts[j]
            let cross = dIn.dx * dOut.dy - dIn.dy * dOut.dx
            let dot = dIn.dx * dOut.dx + dIn.dy * dOut.dy
            if abs(cross) < 1e-9 { continue }
            let s: CGFloat = cross > 0 ? -1 : 1
            let o1 = CGPoint(x: p.x - s * dIn.dy * hw, y: p.y + s * dIn.dx * hw)
            let o2 = CGPoint(x: p.x - s * dOut.dy * hw, y: p.y + s * dOut.dx * hw)
            let theta = atan2(cross, dot)
            if join == .miter && 1 / cos(abs(theta) / 2) <= limit {
                let k = s * hw / (1 + dot)
                let tip = CGPoint(x: p.x + (-dIn.dy - dOut.dy) * k, y: p.y + (dIn.dx + dOut.dx) * k)
                polys.append([p, o1, tip, o2])
            } else {
                polys.append([p, o1, o2])
            }
        }
        return polys
    }

    @Test(arguments: [(1, false, CGLineJoin.bevel), (2, false, .miter), (3, true, .bevel), (4, true, .miter), (5, false, .miter), (6, true, .miter)])
    func randomPolylines(seed: UInt64, closed: Bool, join: CGLineJoin) {
        var rng = LCG(state: seed)
        var pts: [CGPoint] = []
        for _ in 0 ..< 7 {
            // Mostly spread out, sometimes very close to the previous point (short segments).
            if let last = pts.last, rng.next() < 0.3 {
                pts.append(CGPoint(x: last.x + rng.next() * 3 - 1.5, y: last.y + rng.next() * 3 - 1.5))
            } else {
                pts.append(CGPoint(x: rng.next() * 40, y: rng.next() * 40))
            }
        }
        let hw: CGFloat = 3 + rng.next() * 4
        let limit: CGFloat = 4
        let path = CGMutablePath()
        path.addLines(between: pts)
        if closed { path.closeSubpath() }
        let outline = path.copy(strokingWithWidth: 2 * hw, lineCap: .butt, lineJoin: join, miterLimit: limit)
        let polys = reference(pts, closed: closed, hw: hw, join: join, limit: limit)
        func refContains(_ p: CGPoint) -> Bool { polys.contains { inConvex(p, $0) } }
        var checked = 0, mismatches = 0
        var y: CGFloat = -10
        while y < 50 {
            var x: CGFloat = -10
            while x < 50 {
                let p = CGPoint(x: x, y: y)
                let want = refContains(p)
                // Skip points within 0.05 of the reference boundary.
                let stable = [(0.05, 0.0), (-0.05, 0.0), (0.0, 0.05), (0.0, -0.05)].allSatisfy {
                    refContains(CGPoint(x: x + $0.0, y: y + $0.1)) == want
                }
                if stable {
                    checked += 1
                    if outline.contains(p) != want { mismatches += 1 }
                }
                x += 0.9
            }
            y += 0.9
        }
        #expect(checked > 3000)
        #expect(mismatches == 0)
    }
}

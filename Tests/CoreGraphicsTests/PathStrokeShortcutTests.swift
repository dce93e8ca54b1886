import Testing
@testable import CoreGraphics
import LaminaRaster

/// The stroker's shortcuts against the general computations they stand for: smooth joints
/// (`PathStroker.clearCorner`, decided from cross and dot products, against the general rule's
/// turn angle by atan2 and inner corner by tan: the shortcut may only take joints the general
/// rule treats as a plain corner, and then gives the same corner up to the last bits), round
/// caps by a rotation table (against points at angles by cos/sin), and segment lengths by a
/// square root (against hypot where the squares overflow or underflow).
@Suite struct PathStrokeShortcutTests {
    struct LCG {
        var state: UInt64
        mutating func next() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) / CGFloat(1 << 53)
        }
    }

    /// A unit direction as the stroker makes them (components divided by their hypot).
    static func direction(_ a: CGFloat) -> CGVector {
        let x = cos(a), y = sin(a), l = hypot(x, y)
        return CGVector(dx: x / l, dy: y / l)
    }

    /// The general rule's verdict on a round joint: nil unless it is a safe corner with no arc
    /// point between its outer corners, else its inner corner length and outer side.
    static func generalCorner(_ s: PathStroker, dIn: CGVector, dOut: CGVector, lenIn: CGFloat, lenOut: CGFloat,
                              reserveOut: CGFloat) -> (inner: CGFloat, outerSign: CGFloat)? {
        let theta = atan2(dIn.dx * dOut.dy - dIn.dy * dOut.dx, dIn.dx * dOut.dx + dIn.dy * dOut.dy)
        if abs(theta) < PathStroker.collinearTurn { return nil }
        let inner = s.halfWidth * tan(abs(theta) / 2)
        let safe = abs(theta) < .pi - PathStroker.reversalMargin && inner.isFinite
            && s.consumed + inner <= lenIn && inner + reserveOut <= lenOut
        guard safe && !(abs(theta) / s.arcStep > 1) else { return nil }
        return (inner, theta > 0 ? -1 : 1)
    }

    /// Turns of every kind: collinear and nearly so, around the arc step, ordinary, around a
    /// reversal, exact cusps, and NaN.
    static func turn(_ rng: inout LCG, arcStep: CGFloat) -> CGFloat {
        let sign: CGFloat = rng.next() < 0.5 ? -1 : 1
        switch Int(rng.next() * 9) {
        case 0: return 0
        case 1: return sign * pow(10, -16 + rng.next() * 8)              // 1e-16 … 1e-8
        case 2: return sign * arcStep * (1 + (rng.next() - 0.5) * 1e-8)       // at the arc step
        case 3: return sign * arcStep * (1 + (rng.next() - 0.5) * 1e-14)
        case 4: return sign * .pi * (1 - rng.next() * 1e-8)                  // nearly reversing
        case 5: return .pi                                                    // cusp
        case 6: return rng.next() < 0.1 ? .nan : sign * rng.next() * .pi
        default: return sign * rng.next() * arcStep * 1.2                     // a curve's joints
        }
    }

    @Test(arguments: [(3.0, 0.1), (0.5, 0.01), (50.0, 0.001), (3.0, 5.0), (1e-3, 1e-9)])
    func shortcutOnlyTakesPlainCornersOfTheGeneralRule(halfWidth: Double, tolerance: Double) {
        var stroker = PathStroker(halfWidth: halfWidth, cap: .round, join: .round, miterLimit: 10, tolerance: tolerance,
                                  fastJoints: true, buffers: StrokeBuffers())
        defer { stroker.buffers.deallocate() }
        var rng = LCG(state: UInt64(halfWidth * 1000 + tolerance * 7))
        var taken = 0, plainAwayFromBounds = 0, takenAwayFromBounds = 0
        for _ in 0 ..< 40_000 {
            let a = rng.next() * 2 * .pi
            let dIn = Self.direction(a), dOut = Self.direction(a + Self.turn(&rng, arcStep: stroker.arcStep))
            stroker.consumed = rng.next() < 0.5 ? 0 : rng.next() * halfWidth
            let probe = stroker.clearCorner(dIn: dIn, dOut: dOut, lenIn: .infinity, lenOut: .infinity, reserveOut: 0)
            // Segment lengths around the safety bounds (or anywhere).
            let inner = probe?.inner ?? halfWidth * rng.next()
            func length(_ base: CGFloat) -> CGFloat {
                switch Int(rng.next() * 4) {
                case 0: return base * (1 + (rng.next() - 0.5) * 1e-13)
                case 1: return base * (1 + (rng.next() - 0.5) * 1e-6)
                case 2: return rng.next() * 4 * halfWidth
                default: return .infinity
                }
            }
            let reserveOut = rng.next() < 0.2 ? rng.next() * halfWidth : 0
            let lenIn = length(stroker.consumed + inner), lenOut = length(inner + reserveOut)
            let fast = stroker.clearCorner(dIn: dIn, dOut: dOut, lenIn: lenIn, lenOut: lenOut, reserveOut: reserveOut)
            let general = Self.generalCorner(stroker, dIn: dIn, dOut: dOut, lenIn: lenIn, lenOut: lenOut,
                                             reserveOut: reserveOut)
            if let fast {
                taken += 1
                guard let general else {
                    Issue.record("shortcut took a joint the general rule does not: \(dIn) \(dOut) \(lenIn) \(lenOut)")
                    continue
                }
                #expect(fast.outerSign == general.outerSign)
                #expect(abs(fast.inner - general.inner) <= 1e-14 * general.inner)
            }
            // Away from every threshold the shortcut must take what the general rule takes as a
            // plain corner (or it would be no shortcut).
            if let general {
                let theta = abs(atan2(dIn.dx * dOut.dy - dIn.dy * dOut.dx, dIn.dx * dOut.dx + dIn.dy * dOut.dy))
                // (The shortcut's margin on the arc step is 1e-9 in cos(θ).)
                let clear = theta > 1e-10 && theta < stroker.arcStep - 1e-8 / sin(stroker.arcStep)
                    && (stroker.consumed + general.inner) * (1 + 1e-9) < lenIn
                    && (general.inner + reserveOut) * (1 + 1e-9) < lenOut
                if clear {
                    plainAwayFromBounds += 1
                    if fast != nil { takenAwayFromBounds += 1 }
                }
            }
        }
        #expect(taken > 1000)
        #expect(plainAwayFromBounds > 1000 && takenAwayFromBounds == plainAwayFromBounds)
    }

    /// Random paths with the joints the shortcut must handle (tiny and large turns, cusps,
    /// repeated points, NaN and huge coordinates, curves) stroked with and without the
    /// shortcut: the same polygons, point for point, with at most last-bit differences.
    @Test func strokesWithAndWithoutTheShortcutAgree() {
        var rng = LCG(state: 2024)
        var paths: [CGPath] = []
        for i in 0 ..< 300 {
            let p = CGMutablePath()
            var pt = CGPoint(x: rng.next() * 100, y: rng.next() * 100)
            var heading = rng.next() * 2 * .pi
            p.move(to: pt)
            for _ in 0 ..< 2 + Int(rng.next() * 12) {
                let k = rng.next()
                if k < 0.1 { p.addLine(to: pt); continue }                    // zero length
                if k < 0.2 { heading += .pi }                                 // cusp
                else if k < 0.3 { heading += (rng.next() - 0.5) * 1e-11 }
                else if k < 0.4 { heading += (rng.next() - 0.5) * 1e-6 }
                else if k < 0.8 { heading += (rng.next() - 0.5) * 1.2 }
                else { heading += (rng.next() - 0.5) * 6 }
                let len = rng.next() < 0.3 ? rng.next() * 2 : rng.next() * 40
                pt = CGPoint(x: pt.x + cos(heading) * len, y: pt.y + sin(heading) * len)
                if rng.next() < 0.3 {
                    let c = CGPoint(x: pt.x + (rng.next() - 0.5) * 80, y: pt.y + (rng.next() - 0.5) * 80)
                    pt = CGPoint(x: pt.x + (rng.next() - 0.5) * 60, y: pt.y + (rng.next() - 0.5) * 60)
                    p.addQuadCurve(to: pt, control: c)
                } else if rng.next() < 0.3 {
                    let c = CGPoint(x: pt.x + (rng.next() - 0.5) * 80, y: pt.y + (rng.next() - 0.5) * 80)
                    p.addCurve(to: pt, control1: c, control2: c)              // a cusp inside the curve
                } else {
                    p.addLine(to: pt)
                }
            }
            if i % 3 == 0 { p.closeSubpath() }
            if i % 19 == 0 { p.move(to: pt); p.addLine(to: CGPoint(x: CGFloat.nan, y: 1)); p.addLine(to: CGPoint(x: 2, y: 3)) }
            if i % 23 == 0 { p.move(to: pt); p.addLine(to: CGPoint(x: CGFloat(1e300), y: 1)); p.addLine(to: CGPoint(x: 2, y: CGFloat(-1e300))) }
            paths.append(p)
        }
        let styles: [(CGFloat, CGLineCap, CGLineJoin, CGFloat)] = [
            (6, .round, .round, 0.1), (6, .butt, .miter, 0.1), (2, .square, .bevel, 0.01),
            (30, .round, .round, 0.05), (0.2, .round, .round, 0.001), (8, .butt, .round, 3)]
        var points = 0, bitDifferent = 0
        for (n, path) in paths.enumerated() {
            for (w, cap, join, tol) in styles {
                var fast = OutlinePolygonBuilder(), general = OutlinePolygonBuilder()
                path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 10, tolerance: tol, into: &fast)
                path.strokeOutline(width: w, lineCap: cap, lineJoin: join, miterLimit: 10, tolerance: tol, into: &general,
                                   fastJoints: false)
                let a = fast.finish().subpaths, b = general.finish().subpaths
                guard a.map(\.count) == b.map(\.count) else {
                    Issue.record("path \(n) width \(w): polygons \(a.map(\.count)) vs \(b.map(\.count))")
                    continue
                }
                for (pa, pb) in zip(a.joined(), b.joined()) {
                    points += 1
                    if pa != pb {
                        bitDifferent += 1
                        let scale = max(1, abs(pb.x), abs(pb.y))
                        #expect(abs(pa.x - pb.x) <= 1e-12 * scale && abs(pa.y - pb.y) <= 1e-12 * scale, "path \(n)")
                    }
                }
            }
        }
        #expect(points > 100_000)
        // Only some inner corners may differ in their last bits.
        #expect(bitDifferent * 100 < points)
    }

    @Test(arguments: [1, 2, 7, 100, 1024])
    func capTurnsGiveTheArcsPoints(steps: Int) {
        var turns = StrokeBuffer<CGVector>(capacity: 1)
        var arc = StrokeBuffer<CGPoint>(), cap = StrokeBuffer<CGPoint>(), back = StrokeBuffer<CGPoint>()
        defer { turns.deallocate(); arc.deallocate(); cap.deallocate(); back.deallocate() }
        PathStroker.fillCapTurns(&turns, steps: steps)
        #expect(turns.count == steps - 1)
        var rng = LCG(state: UInt64(steps))
        for _ in 0 ..< 200 {
            let center = CGPoint(x: rng.next() * 2000 - 1000, y: rng.next() * 2000 - 1000)
            let r = rng.next() * 50 + 0.01
            let u = Self.direction(rng.next() * 2 * .pi)
            arc.removeAll(); cap.removeAll(); back.removeAll()
            arc.appendArc(center: center, radius: r, from: atan2(u.dy, u.dx), sweep: -.pi, steps: steps, includeEnds: false)
            cap.appendCap(center: center, radius: r, from: u, turns: turns)
            back.appendCap(center: center, radius: r, from: u, turns: turns, backwards: true)
            #expect(cap.count == arc.count && back.count == cap.count)
            guard cap.count == arc.count, back.count == cap.count else { return }
            for i in 0 ..< cap.count {
                let a = arc[i], c = cap[i]
                let scale = abs(center.x) + abs(center.y) + r
                #expect(abs(a.x - c.x) <= 1e-14 * scale && abs(a.y - c.y) <= 1e-14 * scale)
                #expect(back[cap.count - 1 - i] == c)
            }
        }
    }

    /// Segment lengths whose squares overflow or underflow come from hypot: the direction is
    /// still exact.
    @Test func segmentsBeyondTheRangeOfSquaresStrokeExactly() {
        for (length, width) in [(2e154, 2.0), (1e-160, 2.0), (5e-160, 1e-150)] as [(CGFloat, CGFloat)] {
            let p = CGMutablePath()
            p.move(to: .zero)
            p.addLine(to: CGPoint(x: length, y: 0))
            let box = p.copy(strokingWithWidth: width, lineCap: .butt, lineJoin: .miter, miterLimit: 10).boundingBox
            #expect(box == CGRect(x: 0, y: -width / 2, width: length, height: width), "length \(length)")
        }
    }
}

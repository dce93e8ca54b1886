// Circular arcs as cubic Béziers, and the sweep rules of CGPathAddArc / CGPathAddArcToPoint.
//
// Angles are radians in the path's own space, measured from +x toward +y (counter-clockwise in
// Core Graphics' y-up space, clockwise on a y-down iOS screen).

enum PathArcs {
    /// 2π, written once.
    static let fullTurn = 2 * CGFloat.pi

    /// The most turns `addRelativeArc` draws; larger deltas are clamped to this many turns so
    /// a huge delta cannot allocate without bound (Apple's behaviour for such input is unknown).
    static let maxRelativeTurns: CGFloat = 64

    /// How far (radians per turn) a sweep may miss an exact multiple of 2π and still count as
    /// whole turns. Angles reach us after round-off (`2 * .pi`, `360 * .pi / 180`, a start
    /// angle plus 2π, `Float.pi` widened to CGFloat misses by 1.7e-7), and a circle missing
    /// 1e-6 rad leaves a gap of a millionth of its radius: invisible, unlike the empty or
    /// hair-thin arc an exact test would give.
    static let wholeTurnTolerance: CGFloat = 1e-6

    /// The signed sweep CGPathAddArc draws from `start` to `end` (`clockwise == false` means
    /// increasing angle).
    ///
    /// Let d be the difference in the requested direction (`end − start`, or `start − end`
    /// when clockwise). Then:
    /// 1. d == 0: no sweep (only the line or move to the start point).
    /// 2. d is a non-zero multiple of 2π, within `wholeTurnTolerance` per turn, **in either
    ///    direction**: one full circle in the requested direction. This is what iOS code relies
    ///    on: `UIBezierPath(arcCenter:…, startAngle: 0, endAngle: 2 * .pi, clockwise: false)`
    ///    reaches Core Graphics as start 0, end 2π, clockwise: true (UIKit's clockwise is CG's
    ///    flipped, its space being y-down) and draws a ring on iOS (the loading-indicator
    ///    libraries of issue 18 all do this). CGPath.h calls that exact case unstable: in
    ///    exact arithmetic it "will draw nothing", but "passing 2 * M_PI … will numerically
    ///    equal 2π + δ … this will cause a full circle to be drawn", i.e. what devices show.
    ///    We make the observed outcome the rule instead of depending on round-off.
    /// 3. d ≥ 2π (more than a turn the requested way, e.g. 0 → 3π counter-clockwise): one
    ///    full circle from `start`, as CGPath.h's "start 2π, end 0, clockwise: true draws a full
    ///    circle" and the HTML canvas rule that WebKit feeds CGPathAddArc (it clamps such
    ///    sweeps to one turn before calling it). The current point then ends at `start`'s
    ///    point, not `end`'s. Apple does not document this case; it is inferred.
    /// 4. Otherwise d is reduced modulo 2π into (0, 2π): the arc runs the requested way from
    ///    the point at `start` to the point at `end`, the short or the long way round. So
    ///    0 → 3π clockwise is a half circle (−π) ending at the point of angle π, and
    ///    0 → −π/2 counter-clockwise is the 270° arc. The canvas test suite's "angles wrap
    ///    mod 2π when anticlockwise and end > start + 2π" pins this on WebKit's CG backend.
    static func sweep(from start: CGFloat, to end: CGFloat, clockwise: Bool) -> CGFloat {
        let d = clockwise ? start - end : end - start
        guard d != 0, d.isFinite else { return 0 }
        let turns = (d / fullTurn).rounded()
        let magnitude: CGFloat
        if turns != 0, abs(d - turns * fullTurn) <= wholeTurnTolerance * abs(turns) {
            magnitude = fullTurn
        } else if d >= fullTurn {
            magnitude = fullTurn
        } else {
            var r = d - fullTurn * (d / fullTurn).rounded(.down)
            if r >= fullTurn || r < 0 { r = 0 }  // round-off at the period's edges
            magnitude = r
        }
        return clockwise ? -magnitude : magnitude
    }

    /// Appends an arc as cubics (each spanning at most 90°, all of equal angle), preceded by a
    /// line from the current point to the arc's start, or a move when there is no current point.
    /// A zero sweep or zero radius adds only that line (or move). Points map through `t`.
    /// Non-finite input or a negative radius leaves `storage` unchanged.
    static func appendArc(
        to storage: inout PathStorage, center: CGPoint, radius: CGFloat,
        startAngle: CGFloat, sweep: CGFloat, transform t: CGAffineTransform
    ) {
        guard center.isFinitePoint, radius.isFinite, radius >= 0, startAngle.isFinite, sweep.isFinite,
              t.isFiniteTransform else { return }
        var segment = ElementBuffer()
        let start = pointOnCircle(center, radius, startAngle).applying(t)
        segment.add(storage.currentPoint == nil ? .move : .line, start)
        if radius > 0, sweep != 0 {
            let count = max(1, Int((abs(sweep) / (CGFloat.pi / 2) - 1e-9).rounded(.up)))
            let step = sweep / CGFloat(count)
            let k = 4.0 / 3.0 * tan(step / 4) * radius
            for i in 0 ..< count {
                let a0 = startAngle + step * CGFloat(i)
                let a1 = i == count - 1 ? startAngle + sweep : a0 + step
                let (s0, c0) = (sin(a0), cos(a0)), (s1, c1) = (sin(a1), cos(a1))
                let p0 = CGPoint(x: center.x + radius * c0, y: center.y + radius * s0)
                let p1 = CGPoint(x: center.x + radius * c1, y: center.y + radius * s1)
                segment.add(
                    .cubic,
                    CGPoint(x: p0.x - k * s0, y: p0.y + k * c0).applying(t),
                    CGPoint(x: p1.x + k * s1, y: p1.y - k * c1).applying(t),
                    p1.applying(t))
            }
        }
        storage.commit(segment)
    }

    @inline(__always)
    static func pointOnCircle(_ c: CGPoint, _ r: CGFloat, _ angle: CGFloat) -> CGPoint {
        CGPoint(x: c.x + r * cos(angle), y: c.y + r * sin(angle))
    }

    /// CGPathAddArcToPoint: a line from the current point toward `t1`, then the arc of radius
    /// `radius` tangent to the lines current→t1 and t1→t2. Without a current point nothing is
    /// added (Apple logs "no current point"). When the three points are collinear (or a point
    /// repeats, or the radius is 0) the result is a line to `t1`. Negative or non-finite radius,
    /// or non-finite points: unchanged.
    static func appendTangentArc(
        to storage: inout PathStorage, tangent1End t1: CGPoint, tangent2End t2: CGPoint,
        radius: CGFloat, transform t: CGAffineTransform
    ) {
        guard let currentOut = storage.currentPoint, t1.isFinitePoint, t2.isFinitePoint,
              radius.isFinite, radius >= 0, t.isFiniteTransform else { return }
        // Work in the arc's own (untransformed) space: bring the current point back through
        // the inverse transform. A singular transform cannot be inverted: draw the line only.
        let inverse = t.inverted()
        let singular = t != .identity && (t.determinant == 0 || !t.determinant.isFinite)
        let p0 = t == .identity ? currentOut : currentOut.applying(inverse)
        let v1 = CGVector(dx: p0.x - t1.x, dy: p0.y - t1.y)
        let v2 = CGVector(dx: t2.x - t1.x, dy: t2.y - t1.y)
        let len1 = hypot(v1.dx, v1.dy), len2 = hypot(v2.dx, v2.dy)
        let line = t1.applying(t)
        guard !singular, radius > 0, len1 > 0, len2 > 0 else {
            storage.line(to: line); return
        }
        let u1 = CGVector(dx: v1.dx / len1, dy: v1.dy / len1)
        let u2 = CGVector(dx: v2.dx / len2, dy: v2.dy / len2)
        let cross = u1.dx * u2.dy - u1.dy * u2.dx
        let cosPhi = max(-1, min(1, u1.dx * u2.dx + u1.dy * u2.dy))
        // Collinear (within round-off of unit vectors): the arc degenerates to the line.
        guard abs(cross) > 1e-12 else { storage.line(to: line); return }
        let phi = acos(cosPhi)                       // angle at t1 between the two rays
        let distance = radius / tan(phi / 2)         // from t1 to each tangent point
        let toCenter = radius / sin(phi / 2)
        let bis = CGVector(dx: u1.dx + u2.dx, dy: u1.dy + u2.dy)
        let bisLen = hypot(bis.dx, bis.dy)
        guard distance.isFinite, toCenter.isFinite, bisLen > 0 else { storage.line(to: line); return }
        let tp1 = CGPoint(x: t1.x + u1.dx * distance, y: t1.y + u1.dy * distance)
        let tp2 = CGPoint(x: t1.x + u2.dx * distance, y: t1.y + u2.dy * distance)
        let center = CGPoint(x: t1.x + bis.dx / bisLen * toCenter, y: t1.y + bis.dy / bisLen * toCenter)
        let a0 = atan2(tp1.y - center.y, tp1.x - center.x)
        let r0 = CGVector(dx: tp1.x - center.x, dy: tp1.y - center.y)
        let r1 = CGVector(dx: tp2.x - center.x, dy: tp2.y - center.y)
        let sweep = atan2(r0.dx * r1.dy - r0.dy * r1.dx, r0.dx * r1.dx + r0.dy * r1.dy)
        appendArc(to: &storage, center: center, radius: radius, startAngle: a0, sweep: sweep, transform: t)
    }
}

/// Elements collected before they enter a path, so a shape is stored whole or not at all.
struct ElementBuffer {
    var verbs: [PathVerb] = []
    var points: [CGPoint] = []

    mutating func add(_ verb: PathVerb, _ pts: CGPoint...) {
        verbs.append(verb)
        points.append(contentsOf: pts)
    }

    var allFinite: Bool { points.allSatisfy(\.isFinitePoint) }
}

extension PathStorage {
    /// Appends the buffered elements if every coordinate is finite; otherwise does nothing.
    /// A buffered line or curve with no current point becomes a move to its end point.
    mutating func commit(_ buffer: ElementBuffer) {
        guard buffer.allFinite else { return }
        var i = 0
        for verb in buffer.verbs {
            let n = verb.pointCount
            appendRawContinuing(verb, buffer.points[i ..< i + n])
            i += n
        }
    }

    mutating func appendRawContinuing(_ verb: PathVerb, _ p: ArraySlice<CGPoint>) {
        let i = p.startIndex
        switch verb {
        case .move: move(to: p[i])
        case .line:
            if currentPoint == nil { move(to: p[i]) } else { line(to: p[i]) }
        case .quad:
            if currentPoint == nil { move(to: p[i + 1]) } else { quad(to: p[i + 1], control: p[i]) }
        case .cubic:
            if currentPoint == nil { move(to: p[i + 2]) } else { cubic(to: p[i + 2], control1: p[i], control2: p[i + 1]) }
        case .close: close()
        }
    }
}

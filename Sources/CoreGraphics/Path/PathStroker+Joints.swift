// Joints of the stroke sweep: where two segments of a flattened subpath meet.

extension PathStroker {
    /// Joins segment (…, p) to (p, …). Safe joints extend the current piece; others end it.
    /// `reserveOut` is inner-offset length of the outgoing segment already claimed at its far
    /// end (by a closed subpath's start joint).
    @inline(__always) mutating func joint(
        at p: CGPoint, dIn: CGVector, dOut: CGVector, lenIn: CGFloat, lenOut: CGFloat, reserveOut: CGFloat, smooth: Bool
    ) {
        // The shortcut for the common joint of a flattened curve: round (or smooth), turning
        // less than one arc step (no arc point between the corners), and safe. The general
        // rule (`generalJoint`) decides from the turn angle θ = atan2(cross, dot) and the
        // inner corner distance hw·tan(|θ|/2); here the same decisions come from cross and dot
        // directly — tan(|θ|/2) = |cross| / (1 + dot) for unit directions — without atan2 and
        // tan, which were most of the stroker's libm time. Turns near a threshold of the
        // general rule (collinear below 1e-12, one arc step, the safety bounds) are left to
        // it, so the shortcut only takes joints the general rule takes the same way; the
        // points differ from the general rule's at most in the last bits of the inner corner
        // (the two formulas for tan(|θ|/2) round differently).
        if fastJoints && (smooth || join == .round),
           let corner = clearCorner(dIn: dIn, dOut: dOut, lenIn: lenIn, lenOut: lenOut, reserveOut: reserveOut) {
            addCorner(at: p, dIn: dIn, dOut: dOut, outerSign: corner.outerSign, inner: corner.inner)
            return
        }
        generalJoint(at: p, dIn: dIn, dOut: dOut, lenIn: lenIn, lenOut: lenOut, reserveOut: reserveOut, smooth: smooth)
    }

    /// The shortcut's test for a round (or smooth) joint: its inner corner length and the side
    /// of its outer offset (+1 left, −1 right) when it is safe and turns clearly more than
    /// collinear and less than one arc step; nil when the general rule must decide.
    @inline(__always) func clearCorner(
        dIn: CGVector, dOut: CGVector, lenIn: CGFloat, lenOut: CGFloat, reserveOut: CGFloat
    ) -> (inner: CGFloat, outerSign: CGFloat)? {
        let cross = dIn.dx * dOut.dy - dIn.dy * dOut.dx
        let dot = dIn.dx * dOut.dx + dIn.dy * dOut.dy
        // NaN directions fail these comparisons and go to the general rule.
        guard dot > smoothJointCos && abs(cross) >= Self.clearTurnCross else { return nil }
        let inner = halfWidth * (abs(cross) / (1 + dot))
        guard (consumed + inner) * Self.clearSafety <= lenIn && (inner + reserveOut) * Self.clearSafety <= lenOut
        else { return nil }
        return (inner, cross > 0 ? -1 : 1)
    }

    /// `joint` by the general rule: any join style, turn and safety.
    @inline(never) mutating func generalJoint(
        at p: CGPoint, dIn: CGVector, dOut: CGVector, lenIn: CGFloat, lenOut: CGFloat, reserveOut: CGFloat, smooth: Bool
    ) {
        let hw = halfWidth
        let theta = turnAngle(dIn, dOut)
        if abs(theta) < Self.collinearTurn { return }
        let inner = hw * tan(abs(theta) / 2)
        let safe = abs(theta) < .pi - Self.reversalMargin && inner.isFinite
            && consumed + inner <= lenIn && inner + reserveOut <= lenOut
        let s: CGFloat = theta > 0 ? -1 : 1        // side of the outer offset
        // A round or smooth joint turning at most one arc step has no arc point between the
        // corners (`arcSteps(sweep: theta) > 1` is exactly |θ| / arcStep > 1).
        if safe && (smooth || join == .round) && !(abs(theta) / arcStep > 1) {
            addCorner(at: p, dIn: dIn, dOut: dOut, outerSign: s, inner: inner)
            return
        }
        let nIn = normal(dIn), nOut = normal(dOut)
        if safe {
            fillBetween(at: p, dIn: dIn, dOut: dOut, theta: theta, smooth: smooth)
            let outer1 = offset(p, nIn, s * hw), outer2 = offset(p, nOut, s * hw)
            let innerPoint = CGPoint(x: p.x - s * nIn.dx * hw - dIn.dx * inner, y: p.y - s * nIn.dy * hw - dIn.dy * inner)
            if s > 0 {
                left.append(outer1); left.append(contentsOf: between); left.append(outer2)
                right.append(innerPoint)
            } else {
                right.append(outer1); right.append(contentsOf: between); right.append(outer2)
                left.append(innerPoint)
            }
            consumed = inner
            return
        }
        left.append(offset(p, nIn, hw))
        right.append(offset(p, nIn, -hw))
        emitPiece(endCapFrom: nil, at: p)
        startCap.removeAll()
        emitWedge(at: p, dIn: dIn, dOut: dOut, theta: theta, smooth: smooth)
        restart(left: offset(p, nOut, hw), right: offset(p, nOut, -hw))
        consumed = 0
    }

    /// |cross| at least this: a turn clearly above `collinearTurn` (|θ| ≥ |cross|, up to
    /// rounding far below this).
    static var clearTurnCross: CGFloat { 1e-11 }
    /// Factor on the inner corner lengths of the shortcut's safety test: lengths within it of
    /// a bound are left to the general rule (whose tan rounds differently).
    static var clearSafety: CGFloat { 1 + 1e-12 }

    /// A safe joint turning less than one arc step: one point on the outer side (`outerSign`
    /// +1 = left), the middle of the round join's arc, and the inner corner `inner` before the
    /// joint on the other side. One outer point instead of the arc's two ends saves a polygon
    /// edge per joint (on a flattened curve, a third of the outline's edges: S4 went from 13.85
    /// to 13.43 ms, interleaved medians), for at most hw·(1 − cos(θ/2)) ≤ the tolerance.
    @inline(__always) private mutating func addCorner(
        at p: CGPoint, dIn: CGVector, dOut: CGVector, outerSign s: CGFloat, inner: CGFloat
    ) {
        let hw = halfWidth
        let nIn = normal(dIn), nOut = normal(dOut)
        // The outer side: the middle of the join's arc, its bisector point, in place of the
        // arc's two ends. The outline there lies within hw·(1 − cos(θ/2)) of the exact round
        // join, at most the tolerance since θ is under one arc step.
        let mx = nIn.dx + nOut.dx, my = nIn.dy + nOut.dy
        let k = s * hw / (mx * mx + my * my).squareRoot()
        let outer = CGPoint(x: p.x + mx * k, y: p.y + my * k)
        let innerPoint = CGPoint(x: p.x - s * nIn.dx * hw - dIn.dx * inner, y: p.y - s * nIn.dy * hw - dIn.dy * inner)
        if s > 0 {
            left.append(outer)
            right.append(innerPoint)
        } else {
            right.append(outer)
            left.append(innerPoint)
        }
        consumed = inner
    }

    /// Emits a join as its own polygon: the joint, the outer corners and what lies between.
    /// `theta` is `turnAngle(dIn, dOut)`, not collinear.
    mutating func emitWedge(at p: CGPoint, dIn: CGVector, dOut: CGVector, theta: CGFloat, smooth: Bool) {
        let s: CGFloat = theta > 0 ? -1 : 1
        let hw = halfWidth
        fillBetween(at: p, dIn: dIn, dOut: dOut, theta: theta, smooth: smooth)
        polygons.begin()
        polygons.points.append(p)
        polygons.points.append(offset(p, normal(dIn), s * hw))
        polygons.points.append(contentsOf: between)
        polygons.points.append(offset(p, normal(dOut), s * hw))
        polygons.end()
    }

    /// Fills `between` with what lies between a join's outer corners: arc points (round or
    /// smooth joints), the miter tip (within the miter limit) or nothing (bevel). `theta` is
    /// `turnAngle(dIn, dOut)`.
    mutating func fillBetween(at p: CGPoint, dIn: CGVector, dOut: CGVector, theta: CGFloat, smooth: Bool) {
        between.removeAll()
        let hw = halfWidth
        let s: CGFloat = theta > 0 ? -1 : 1
        let nIn = normal(dIn), nOut = normal(dOut)
        if smooth || join == .round {
            // Most joins along a flattened curve turn less than one arc step: no arc point
            // between the corners, and no start angle (atan2) to compute.
            let steps = Self.arcSteps(sweep: theta, step: arcStep)
            if steps > 1 {
                let from = angle(of: CGVector(dx: s * nIn.dx, dy: s * nIn.dy))
                between.appendArc(center: p, radius: hw, from: from, sweep: theta, steps: steps, includeEnds: false)
            }
        } else if join == .miter {
            // Miter length / line width = 1 / cos(θ/2) for a turn of θ (interior angle π − θ).
            let dot = dIn.dx * dOut.dx + dIn.dy * dOut.dy
            let c = cos(abs(theta) / 2)
            if c > 0 && 1 / c <= miterLimit {
                let k = s * hw / (1 + dot)
                between.append(CGPoint(x: p.x + (nIn.dx + nOut.dx) * k, y: p.y + (nIn.dy + nOut.dy) * k))
            }
        }
    }
}

// Round joins and caps: points on the circle of radius halfWidth around a joint or an end.

extension PathStroker {
    /// How many chords an arc of `sweep` radians is split into with the largest angle step
    /// `step` (see `StrokeBuffer.appendArc`). A NaN sweep or step (the turn between segments
    /// whose direction overflowed, e.g. between points at ±greatestFiniteMagnitude) is one step:
    /// no arc points, never `Int(NaN)`.
    @inline(__always) static func arcSteps(sweep: CGFloat, step: CGFloat) -> Int {
        let steps = (abs(sweep) / step).rounded(.up)
        guard steps > 1 else { return 1 }
        return Int(min(steps, 4096))
    }

    /// Fills `turns` with the (cos, sin) of the turn from a round cap's start direction to
    /// each of its interior points: −π·i / steps for i = 1 ..< steps.
    static func fillCapTurns(_ turns: inout StrokeBuffer<CGVector>, steps: Int) {
        turns.removeAll()
        for i in 1 ..< max(1, steps) {
            let a = -CGFloat.pi * CGFloat(i) / CGFloat(steps)
            turns.append(CGVector(dx: cos(a), dy: sin(a)))
        }
    }
}

extension StrokeBuffer where Element == CGPoint {
    /// Appends points on the circle of `radius` around `center`, from angle `start` through
    /// `sweep` radians in `steps` equal chords: the points between (or from the start point
    /// on, with `includeEnds`; the end point is never appended). The stroker's steps keep each
    /// chord within its tolerance of the arc — but never closer than π/1024 apart (at most 2048
    /// points per full circle), which bounds the work for huge widths (the chord error then
    /// exceeds the tolerance only for radii above ~40 000 tolerances).
    mutating func appendArc(center: CGPoint, radius r: CGFloat, from start: CGFloat, sweep: CGFloat, steps: Int,
                            includeEnds: Bool) {
        reserve(count + steps)
        for i in (includeEnds ? 0 : 1) ..< steps {
            let a = start + sweep * CGFloat(i) / CGFloat(steps)
            append(CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a)))
        }
    }

    /// Appends the interior points of a round cap: the half circle of `radius` around
    /// `center` from the unit direction `from`, turning by −π in `turns.count + 1` chords
    /// (`turns`: the (cos, sin) of each point's turn, see `PathStroker.capTurns`); last to
    /// first if `backwards`. Rotating `from` by a table shared by every cap of the stroke
    /// needs no atan2 for the start angle and no cos/sin per point (a per-point cos/sin of
    /// the angle was 1% of S4).
    mutating func appendCap(center: CGPoint, radius r: CGFloat, from u: CGVector, turns: StrokeBuffer<CGVector>,
                            backwards: Bool = false) {
        let n = turns.count
        reserve(count + n)
        for k in 0 ..< n {
            let t = turns[backwards ? n - 1 - k : k]
            append(CGPoint(x: center.x + r * (u.dx * t.dx - u.dy * t.dy), y: center.y + r * (u.dx * t.dy + u.dy * t.dx)))
        }
    }
}

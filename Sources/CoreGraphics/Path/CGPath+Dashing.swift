// CGPathCreateCopyByDashingPath: the path cut into its "on" dashes.

extension CGPath {
    /// The dashes of the path as open subpaths (curves stay curves), mapped through `transform`.
    ///
    /// - `lengths` alternate on, off, on, … in path units; an odd count repeats the list so the
    ///   roles alternate (PostScript's rule). The pattern restarts at every subpath.
    /// - `phase` is how far into the pattern the path starts; any finite value works (taken
    ///   modulo the pattern length, so negative phases count back from the end).
    /// - A closed subpath is dashed continuously across its closing segment: a dash that runs
    ///   over the start point is emitted as one subpath; a subpath that is "on" all the way
    ///   round stays closed.
    /// - A zero "on" length yields a move plus a zero-length line (a dot with round caps).
    /// - An empty `lengths`, an all-zero pattern, or any negative or non-finite entry is not a
    ///   usable pattern: the path is returned undashed (transformed). Apple does not document
    ///   this case for the path function; Lamina follows SVG/CSS ("if all values are zero, it is
    ///   treated as none") and treats the other invalid patterns the same way. UNVERIFIED
    ///   against Apple.
    /// - Patterns so fine that a subpath would get more than 1 048 576 dashes are also returned
    ///   undashed, to bound memory.
    public func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform = .identity) -> CGPath {
        var work = 0
        return copy(dashingWithPhase: phase, lengths: lengths, transform: transform, work: &work)
    }

    /// `copy(dashingWithPhase:lengths:transform:)` counting in `work` the path segments looked
    /// at to cut the dashes: O(segments + dashes × log segments), for tests that count work
    /// instead of timing it (each dash used to walk its subpath from the start).
    package func copy(dashingWithPhase phase: CGFloat, lengths: [CGFloat], transform: CGAffineTransform,
                      work: inout Int) -> CGPath {
        let undashed = copy(applying: transform)
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return undashed }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let period = pattern.reduce(0, +)
        guard period > 0, period.isFinite else { return undashed }
        let measure = PathMeasure(self, tolerance: 0.01)
        work += measure.segments.count
        let dashBudget: CGFloat = 1_048_576
        if measure.subpaths.contains(where: { $0.length / period * CGFloat(pattern.count) > dashBudget }) {
            return undashed
        }

        // Where in the pattern the path starts: skip whole intervals covered by the phase. A
        // phase of exactly 0 keeps a leading zero-length dash.
        var startPhase = phase.isFinite ? phase.truncatingRemainder(dividingBy: period) : 0
        if startPhase < 0 { startPhase += period }
        var startIndex = 0
        while startPhase > 0 && startPhase >= pattern[startIndex] {
            startPhase -= pattern[startIndex]
            startIndex = (startIndex + 1) % pattern.count
        }
        let startRemaining = pattern[startIndex] - startPhase

        var out = PathStorage()
        for (i, sub) in measure.subpaths.enumerated() {
            var dashes: [(CGFloat, CGFloat)] = []
            var index = startIndex, remaining = startRemaining, pos: CGFloat = 0
            let length = sub.length
            var guardCount = 0
            while pos < length && guardCount < 4_194_304 {
                guardCount += 1
                // An interval that ends before the subpath does is used up exactly: subtracting
                // (pos + remaining) − pos instead can leave a remainder below pos's precision
                // that never shrinks, and the loop then emitted zero-length dashes until the
                // guard (4 million of them for a 18-unit line with a [1.44, 3.01] pattern).
                let endPos: CGFloat
                if pos + remaining < length {
                    endPos = pos + remaining
                    remaining = 0
                } else {
                    endPos = length
                    remaining -= length - pos
                }
                if index % 2 == 0 { dashes.append((pos, endPos)) }
                pos = endPos
                if remaining <= 0 {
                    index = (index + 1) % pattern.count
                    remaining = pattern[index]
                }
            }
            if length == 0 && startIndex % 2 == 0 { dashes.append((0, 0)) }
            guard !dashes.isEmpty else { continue }
            if sub.isClosed, let first = dashes.first, let last = dashes.last, length > 0 {
                if dashes.count == 1 && first.0 <= 0 && first.1 >= length {
                    measure.extract(subpath: i, from: 0, to: length, into: &out, continuing: false, work: &work)
                    continue
                }
                if dashes.count > 1 && first.0 <= 0 && last.1 >= length {
                    // The last dash runs over the start point into the first one.
                    measure.extract(subpath: i, from: last.0, to: length, into: &out, continuing: false, work: &work)
                    measure.extract(subpath: i, from: 0, to: first.1, into: &out, continuing: true, work: &work)
                    dashes.removeFirst(); dashes.removeLast()
                }
            }
            for (a, b) in dashes { measure.extract(subpath: i, from: a, to: b, into: &out, continuing: false, work: &work) }
        }
        let result = CGPath(storage: out)
        return transform == .identity ? result : result.copy(applying: transform)
    }
}

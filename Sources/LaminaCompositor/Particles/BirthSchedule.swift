// When a cell's particles are born, given birth rates that change over time.
//
// A cell's rate is its `birthRate` times the emitter's, each piecewise constant over its
// committed history (`BirthRateChange`). Births follow the running count
// N(τ) = ∫₀^τ rate (τ: the cell's time from its start): particle n is born where N reaches n.
// With one constant rate r this is Apple-like steady emission at n / r (exactly the same
// numbers, bit for bit, as before histories existed); with a rate that drops to 0, N stops
// growing — no particle is born after the change, and those born before keep their index n
// (and so their random values) and live out their lifetimes, as on Apple's platforms, where
// `emitter.birthRate = 0` after a burst lets the confetti fall and fade.
//
// Particle indices never repeat across a change (N only grows), so a particle keeps its
// identity when a later change is committed, and every frame still depends only on the
// committed data and its time.

/// The births of one cell as segments of the cell's time, from time 0 on.
struct BirthSchedule {
    /// `rate` births per second of cell time over [start, end); `before`: N(start).
    struct Segment {
        var start: Double
        var end: Double
        var rate: Double
        var before: Double
        /// N(end) (for the last segment, infinite unless its rate is 0).
        var after: Double { rate > 0 ? before + rate * (end - start) : before }
    }

    private(set) var segments: [Segment] = []

    /// Whether any segment has a positive rate (otherwise nothing is ever born).
    private(set) var emitsAtAll = false

    /// Rebuilds the schedule of `cell` in `emitter` (reusing storage). The histories are in
    /// the emitter's local time t; the cell's time is
    /// τ = ((t − birthOffset)·toEmitterTime − cell.beginTime)·cell.speed + cell.timeOffset
    /// (top-level cells: birthOffset 0, toEmitterTime 1). Requires speed and toEmitterTime
    /// positive and finite (the map is increasing). Non-finite or negative rates count as 0.
    mutating func build(_ cell: EmitterCellContent, _ emitter: EmitterContent, birthOffset: Double, toEmitterTime: Double) {
        segments.removeAll(keepingCapacity: true)
        emitsAtAll = false
        let eh = emitter.birthRateHistory, ch = cell.birthRateHistory
        var start = 0.0, before = 0.0
        func cellTime(_ t: Double) -> Double {
            ((t - birthOffset) * toEmitterTime - cell.beginTime) * cell.speed + cell.timeOffset
        }
        func push(_ end: Double, _ product: Double) {
            let rate = product.isFinite && product > 0 ? product : 0
            guard end > start else { return } // before time 0, empty, or NaN
            segments.append(Segment(start: start, end: end, rate: rate, before: before))
            if rate > 0 { emitsAtAll = true }
            if end.isFinite { before += rate * (end - start) }
            start = end
        }
        var i = 0, j = 0
        if !eh.isEmpty || !ch.isEmpty {
            while i < eh.count || j < ch.count {
                let ue = i < eh.count ? eh[i].until : .infinity
                let uc = j < ch.count ? ch[j].until : .infinity
                let u = min(ue, uc)
                push(cellTime(u), (j < ch.count ? ch[j].rate : cell.birthRate) * (i < eh.count ? eh[i].rate : emitter.birthRate))
                if ue == u || ue.isNaN { i += 1 }
                if uc == u || uc.isNaN { j += 1 }
                guard start.isFinite else { return }
            }
        }
        push(.infinity, cell.birthRate * emitter.birthRate)
    }

    /// N(τ): how many particles are born at cell times before τ (not an integer in general).
    func count(at tau: Double) -> Double {
        guard tau > 0 else { return 0 }
        for s in segments where tau < s.end {
            return s.rate > 0 ? s.before + s.rate * (tau - s.start) : s.before
        }
        return segments.last?.after ?? 0
    }

    /// The cell time at which particle `n` is born, nil when it never is. `segment` is a
    /// search hint: start at 0 and pass the same variable for increasing `n`.
    func birth(_ n: Double, segment k: inout Int) -> Double? {
        while k < segments.count, n >= segments[k].after { k += 1 }
        guard k < segments.count, segments[k].rate > 0, n >= segments[k].before else { return nil }
        let s = segments[k]
        return s.start + (n - s.before) / s.rate
    }
}

/// The monotone fast path of `PolygonRasterizer`: fills whose edges form two y-monotone
/// chains — every convex polygon (a rotated rect, a flattened rounded rect), and some others —
/// swept row by row without strips, bucketing or the touched-cell bitset.
///
/// Why the output is identical to the strip sweep (`sweepArea`), call for call:
/// - Each chain is a list of edges sorted by y whose y ranges do not overlap, so walking it
///   with one pointer per chain visits, for every row, exactly the edges that cross the row —
///   the same pieces, with the same crossing expressions, as the strip loop.
/// - The pieces are accumulated by the same function (`accumulate`, here without its bitset),
///   so every cell receives the same sum (wrapping Int32 addition does not depend on order).
/// - Consecutive edges of a chain meet at a shared endpoint (checked when the chains are
///   built, with exceptions that cannot change the calls: see `chainIsConnected`), so the
///   cells one chain touches in a row are one contiguous range, [min x >> 8, (max x >> 8) + 1].
///   The row's touched cells — what the bitset of the strip sweep holds — are the union of
///   the two chains' ranges.
/// - The sweep visits those cells in increasing order with `sweepRow`'s logic (the same span
///   merging of gaps up to `spanMergeGap`, runs between, cells past `width` cleared and
///   skipped), so the sink receives the same calls in the same order — except that the
///   common row (edge cells, a gap longer than `spanMergeGap`, edge cells) is one
///   `blendEdges` call, which stands for exactly its span, run and span.
/// Only the `prefetch` hints differ (a row ahead, from the current row's extent).
extension PolygonRasterizer {
    /// Rows ahead of the row being swept whose destination is announced to the sink.
    /// (S1, interleaved: 4 was as fast as 2 and 8 and a little faster than no prefetch.)
    private static let prefetchDistance = 4

    /// Splits the current edges into a down chain (in `byStrip`) and an up chain (in `active`),
    /// each sorted top to bottom, or returns nil when they do not form two monotone chains
    /// whose consecutive edges meet (then the strip sweep handles the fill).
    private func monotoneChains(maxX: Int) -> (down: Int, up: Int)? {
        let n = edgeCount
        guard n >= 2 else { return nil }
        let e = edgeStore.base
        // Edges come in path order; a y-monotone cycle changes direction exactly twice (or
        // never, when clipping dropped one side).
        var start = -1, changes = 0
        var prevDir = e[n &- 1].dir
        for i in 0..<n {
            let d = e[i].dir
            if d != prevDir {
                changes &+= 1
                if changes > 2 { return nil }
                if d > 0 { start = i }
            }
            prevDir = d
        }
        if changes == 0 {
            // One chain only (the other lies right of the clip and was dropped): start after
            // the place where the path wraps around.
            start = 0
            if e[0].dir > 0 {
                for i in 1..<n where e[i].y0 < e[i &- 1].y1 { start = i; break }
            } else {
                for i in 1..<n where e[i].y1 > e[i &- 1].y0 { start = i; break }
            }
        }
        guard changes == 2 || changes == 0, start >= 0 else { return nil }
        byStrip.reserve(n); active.reserve(n)
        let down = byStrip.base, up = active.base
        var nd = 0, nu = 0
        var i = start
        for _ in 0..<n {
            if e[i].dir > 0 { down[nd] = Int32(truncatingIfNeeded: i); nd &+= 1 } else { up[nu] = Int32(truncatingIfNeeded: i); nu &+= 1 }
            i &+= 1
            if i == n { i = 0 }
        }
        // The up chain was walked bottom to top: reverse it.
        var a = 0, b = nu &- 1
        while a < b { let t = up[a]; up[a] = up[b]; up[b] = t; a &+= 1; b &-= 1 }
        guard Self.chainIsConnected(e, down, nd, maxX: maxX), Self.chainIsConnected(e, up, nu, maxX: maxX) else { return nil }
        return (nd, nu)
    }

    /// True when each edge of the chain starts where the previous one ends, so that the cells
    /// the chain touches in a row are contiguous — or when a gap between them cannot change
    /// the calls: both ends on the clip's right column (x = maxX, pieces right of the clip were
    /// dropped: cells there are never emitted); or a horizontal step (a dropped horizontal
    /// edge) on a row boundary (its two sides fall in different rows), or within a row but
    /// leaving at most `spanMergeGap` untouched cells, which `sweepRow` fills inside the span
    /// with the running coverage, exactly what sweeping them as zero cells gives.
    private static func chainIsConnected(_ e: UnsafeMutablePointer<Edge>, _ chain: UnsafeMutablePointer<Int32>, _ n: Int,
                                         maxX: Int) -> Bool {
        guard n > 1 else { return true }
        var prev = e[Int(chain[0])]
        for k in 1..<n {
            let cur = e[Int(chain[k])]
            if cur.y0 == prev.y1 {
                if cur.x0 != prev.x1 && cur.y0 & 255 != 0 {
                    // Both pieces touch their meeting ends' cells c and c + 1: at most
                    // (b >> 8) − (a >> 8) − 2 cells between them are untouched.
                    let a = min(cur.x0, prev.x1), b = max(cur.x0, prev.x1)
                    if (b &>> 8) &- (a &>> 8) &- 2 > spanMergeGap { return false }
                }
            } else if !(cur.y0 > prev.y1 && cur.x0 == maxX && prev.x1 == maxX) {
                return false
            }
            prev = cur
        }
        return true
    }

    /// Sweeps the current edges with the monotone path if they form two chains (see above);
    /// returns false, having drawn nothing, when they do not.
    func sweepMonotone<S: CoverageSink>(rule: FillRule, left: Int, width: Int, rows: Range<Int>, into sink: inout S) -> Bool {
        let maxX = width &<< 8
        guard let (nd, nu) = monotoneChains(maxX: maxX) else { return false }
        reserve(width: width, rows: 1)
        if rule == .nonZero {
            sweepChains(nd: nd, nu: nu, rule: .nonZero, left: left, width: width, rows: rows, into: &sink)
        } else {
            sweepChains(nd: nd, nu: nu, rule: .evenOdd, left: left, width: width, rows: rows, into: &sink)
        }
        return true
    }

    @inline(__always)
    private func sweepChains<S: CoverageSink>(nd: Int, nu: Int, rule: FillRule, left: Int, width: Int, rows: Range<Int>,
                                              into sink: inout S) {
        let e = edgeStore.base, down = byStrip.base, up = active.base
        let acc = self.acc, cov = self.cov, dense = denseSweep
        let maxX = width &<< 8
        var pd = 0, pu = 0
        // The bottom crossing of a chain's last piece in the previous row: the next row's top
        // crossing of the same edge (the strip loop reuses it the same way).
        var dCarry = 0, uCarry = 0
        let firstRow = rows.lowerBound
        for y in rows {
            let rowTop = y &<< 8, rowBottom = (y &+ 1) &<< 8
            while pd < nd && e[Int(down[pd])].y1 <= rowTop { pd &+= 1 }
            while pu < nu && e[Int(up[pu])].y1 <= rowTop { pu &+= 1 }
            if pd == nd && pu == nu { break }
            var dLo = Int.max, dHi = Int.min, uLo = Int.max, uHi = Int.min
            Self.chainRow(e, down, from: pd, count: nd, rowTop: rowTop, rowBottom: rowBottom, carry: &dCarry,
                          carryValid: y != firstRow, maxX: maxX, acc: acc, lo: &dLo, hi: &dHi)
            Self.chainRow(e, up, from: pu, count: nu, rowTop: rowTop, rowBottom: rowBottom, carry: &uCarry,
                          carryValid: y != firstRow, maxX: maxX, acc: acc, lo: &uLo, hi: &uHi)
            // Cell ranges touched by each chain.
            var aLo = dLo &>> 8, aHi = (dHi &>> 8) &+ 1, bLo = uLo &>> 8, bHi = (uHi &>> 8) &+ 1
            let aEmpty = dLo > dHi, bEmpty = uLo > uHi
            if aEmpty && bEmpty { continue }
            if aEmpty { aLo = bLo; aHi = bHi } else if !bEmpty {
                if bLo < aLo { swap(&aLo, &bLo); swap(&aHi, &bHi) }
                if bLo <= aHi &+ 1 { aHi = max(aHi, bHi) } // overlapping or adjacent: one range
            }
            let twoRanges = !aEmpty && !bEmpty && bLo > aHi &+ 1
            let rowHi = twoRanges ? bHi : aHi
            // One cache line (16 px) of slack each side: rows ahead are shifted by the slope.
            sink.prefetch(y: y &+ Self.prefetchDistance, x0: left &+ aLo &- 16, x1: left &+ rowHi &+ 16)
            if twoRanges && aLo < width && bLo < width && bLo &- min(aHi, width &- 1) &- 1 > Self.spanMergeGap {
                // The common row: edge cells, an interior gap too long to merge, edge cells.
                // `sweepRow` emits span, run (if not 0), span: one `blendEdgeCells` call (sums and blend).
                // aHi < bLo < width; cells of the right range past the last column are cleared.
                let bEnd = min(bHi, width &- 1)
                let s = sink.blendEdgeCells(y: y, x0: left &+ aLo, n0: aHi &- aLo &+ 1, cells0: acc + aLo,
                                            x1: left &+ bLo, n1: bEnd &- bLo &+ 1, cells1: acc + bLo, rule: rule,
                                            coverage: cov + aLo)
                var c = bEnd &+ 1
                while c <= bHi { acc[c] = 0; c &+= 1 }
                if bEnd &+ 1 < width {
                    let t = Self.coverage(s, rule: rule)
                    if t != 0 { sink.blendRun(y: y, x: left &+ bEnd &+ 1, count: width &- bEnd &- 1, coverage: t) }
                }
                continue
            }
            if dense && (twoRanges ? bHi : aHi) &- aLo < Self.denseWindow {
                // Every other narrow row (one range; two within `spanMergeGap`, as in a thin
                // stroke) as one dense run of cells: `sweepDense`'s pixels, in one call. Wide
                // rows (an interior reaching the clip's edge) keep their runs, which shader
                // paints blend far more cheaply than spans. (Off when tests compare calls.)
                let hi = twoRanges ? bHi : aHi, end = min(hi, width &- 1)
                var s: Int32 = 0
                if aLo <= end {
                    s = sink.blendCells(y: y, x: left &+ aLo, count: end &- aLo &+ 1, cells: acc + aLo, sum: 0, rule: rule,
                                        coverage: cov + aLo)
                }
                var c = max(aLo, end &+ 1)
                while c <= hi { acc[c] = 0; c &+= 1 }
                if end &+ 1 < width {
                    let v = Self.coverage(s, rule: rule)
                    if v != 0 { sink.blendRun(y: y, x: left &+ end &+ 1, count: width &- end &- 1, coverage: v) }
                }
                continue
            }
            var s: Int32 = 0, next = 0, spanStart = -1
            Self.sweepRange(acc, cov, lo: aLo, hi: aHi, width: width, rule: rule, s: &s, next: &next, spanStart: &spanStart,
                            y: y, left: left, into: &sink)
            if twoRanges {
                Self.sweepRange(acc, cov, lo: bLo, hi: bHi, width: width, rule: rule, s: &s, next: &next, spanStart: &spanStart,
                                y: y, left: left, into: &sink)
            }
            if spanStart >= 0 {
                sink.blendSpan(y: y, x: left &+ spanStart, count: next &- spanStart, coverage: cov + spanStart)
            }
            if next < width {
                let v = Self.coverage(s, rule: rule)
                if v != 0 { sink.blendRun(y: y, x: left &+ next, count: width &- next, coverage: v) }
            }
        }
    }

    /// Accumulates the pieces of the chain's edges that cross row [rowTop, rowBottom) (24.8),
    /// starting at edge `from` (the first whose bottom is below rowTop); widens lo...hi to the
    /// x extent (24.8) of the pieces.
    @inline(__always)
    private static func chainRow(_ e: UnsafeMutablePointer<Edge>, _ chain: UnsafeMutablePointer<Int32>, from: Int, count: Int,
                                 rowTop: Int, rowBottom: Int, carry: inout Int, carryValid: Bool, maxX: Int,
                                 acc: UnsafeMutablePointer<Int32>, lo: inout Int, hi: inout Int) {
        var j = from
        while j < count {
            let ed = e[Int(chain[j])]
            if ed.y0 >= rowBottom { break }
            // The crossings exactly as in the strip loop.
            let ya = max(ed.y0, rowTop)
            let xa: Int
            if ya == ed.y0 {
                xa = min(maxX, max(0, ed.x0))
            } else if carryValid && j == from {
                xa = carry
            } else {
                xa = min(maxX, max(0, ed.x0 &+ roundToInt(Double(ya &- ed.y0) * ed.slope)))
            }
            let yb = min(ed.y1, rowBottom)
            let xb = min(maxX, max(0, yb == ed.y1 ? ed.x1 : ed.x0 &+ roundToInt(Double(yb &- ed.y0) * ed.slope)))
            accumulate(acc, nil, xa: xa, ya: ya, xb: xb, yb: yb, dir: ed.dir)
            lo = min(lo, min(xa, xb)); hi = max(hi, max(xa, xb))
            carry = xb
            if ed.y1 > rowBottom { break } // continues below: the last edge in this row
            j &+= 1
        }
    }

    /// `sweepRow` over the contiguous touched cells lo...hi (hi ≤ width + 1): clears them,
    /// emits what `sweepRow` emits for them, and skips (clears only) cells at or past `width`.
    @inline(__always)
    private static func sweepRange<S: CoverageSink>(_ acc: UnsafeMutablePointer<Int32>, _ cov: UnsafeMutablePointer<UInt8>,
                                                    lo: Int, hi: Int, width: Int, rule: FillRule, s: inout Int32,
                                                    next: inout Int, spanStart: inout Int, y: Int, left: Int,
                                                    into sink: inout S) {
        let end = min(hi, width &- 1)
        if lo <= end {
            arrive(at: lo, s: s, rule: rule, cov: cov, next: next, spanStart: &spanStart, y: y, left: left, into: &sink)
            next = end &+ 1
        }
        _ = sumCells(acc, cov, lo: lo, hi: hi, width: width, rule: rule, s: &s)
    }
}

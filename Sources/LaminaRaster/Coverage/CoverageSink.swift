/// Where coverage goes: the rasterizers (general polygons, analytic rects, rounded rects)
/// produce rows of coverage as spans and hand them to a sink — usually a `Blitter`, which
/// composites paint through them, so a solid fill never allocates a full-size mask.
///
/// Coverage is 0 (outside) … 255 (fully inside). Calls for one row come in increasing x and
/// never overlap; rows come in increasing y. A sink never sees pixels outside the clip rect
/// the rasterizer was given, and never sees a run of coverage 0.
package protocol CoverageSink {
    /// Per-pixel coverage for pixels x..<x+count of row y (count ≥ 1). Entries may be 0.
    mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// The constant coverage `coverage` (1...255) for pixels x..<x+count of row y (count ≥ 1).
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8)
    /// A hint that row y will receive spans from column x0 to column x1 soon (x0 ≤ x1), so a
    /// sink may start loading that memory. Must not change any result.
    func prefetch(y: Int, x0: Int, x1: Int)
    /// Exactly `blendSpan(y, x0, n0, c0)`, then `blendRun(y, x0 + n0, x1 − x0 − n0, run)` when
    /// `run` ≠ 0, then `blendSpan(y, x1, n1, c1)` (n0, n1 ≥ 1, x1 > x0 + n0): a row of a convex
    /// shape (two edge spans around the interior) in one call, so a sink can find its row once.
    mutating func blendEdges(y: Int, x0: Int, n0: Int, c0: UnsafePointer<UInt8>, run: UInt8,
                             x1: Int, n1: Int, c1: UnsafePointer<UInt8>)
    /// A run of a polygon rasterizer row's cells: `cells` holds the accumulated signed areas of
    /// pixels x..<x+count (2^17 per full pixel, `PolygonRasterizer.sumCells`' format). Exactly
    /// `sumCells` over them from the running sum `sum` into `coverage` (clearing the cells),
    /// then `blendSpan(y, x, count, coverage)`; returns the sum after the last cell. A sink
    /// may fuse the two (a solid blitter never writes the coverage bytes). The caller provides
    /// cells up to count rounded up to a multiple of 8: a sink may read those past count and
    /// write them back unchanged, and leaves them out of the sum.
    mutating func blendCells(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32,
                             rule: FillRule, coverage: UnsafeMutablePointer<UInt8>) -> Int32
    /// The common row of a convex fill from its cells: `sumCells` over the left edge's n0
    /// cells from 0 into coverage[0..<n0], over the right edge's n1 cells on into
    /// coverage[n0..<n0 + n1], then `blendEdges(y, x0, n0, …, run: coverage of the sum after
    /// the left cells, x1, n1, …)`; returns the sum after the right cells. The same slack as
    /// `blendCells`: 8 cells from each of cells0 and cells1, the blocks apart (a sink may read
    /// them and write them back).
    mutating func blendEdgeCells(y: Int, x0: Int, n0: Int, cells0: UnsafeMutablePointer<Int32>,
                                 x1: Int, n1: Int, cells1: UnsafeMutablePointer<Int32>, rule: FillRule,
                                 coverage: UnsafeMutablePointer<UInt8>) -> Int32
    /// Whether `sweepStrip` takes every strip of a fill of rows `rows` in the clip columns
    /// left..<left+width (the rasterizer then prefers its strip sweep to the monotone path).
    func takesStrips(rows: Range<Int>, left: Int, width: Int) -> Bool
    /// A whole strip of the polygon rasterizer, for a sink that `takesStrips`: rows
    /// top..<top+rows of the clip columns left..<left+width, their cells (rows `stride` apart)
    /// and touched-cell bits (rows `words` apart, words w0...w1 possibly set). The sink sweeps
    /// and blends them itself — the pixels the rasterizer's row sweep would give — clearing the
    /// cells and bits as that does; `extents` is scratch for 2·rows values.
    mutating func sweepStrip(top: Int, rows: Int, left: Int, width: Int, cells: UnsafeMutablePointer<Int32>, stride: Int,
                             bits: UnsafeMutablePointer<UInt64>, words: Int, w0: Int, w1: Int, rule: FillRule,
                             extents: UnsafeMutablePointer<Int>)
}

extension CoverageSink {
    package func prefetch(y: Int, x0: Int, x1: Int) {}

    @inline(__always)
    package mutating func blendEdges(y: Int, x0: Int, n0: Int, c0: UnsafePointer<UInt8>, run: UInt8,
                                     x1: Int, n1: Int, c1: UnsafePointer<UInt8>) {
        blendSpan(y: y, x: x0, count: n0, coverage: c0)
        if run != 0 { blendRun(y: y, x: x0 &+ n0, count: x1 &- x0 &- n0, coverage: run) }
        blendSpan(y: y, x: x1, count: n1, coverage: c1)
    }

    @inline(__always)
    package mutating func blendCells(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32,
                                     rule: FillRule, coverage: UnsafeMutablePointer<UInt8>) -> Int32 {
        sumThenBlendCells(y: y, x: x, count: count, cells: cells, sum: sum, rule: rule, coverage: coverage)
    }

    @inline(__always)
    package mutating func blendEdgeCells(y: Int, x0: Int, n0: Int, cells0: UnsafeMutablePointer<Int32>,
                                         x1: Int, n1: Int, cells1: UnsafeMutablePointer<Int32>, rule: FillRule,
                                         coverage: UnsafeMutablePointer<UInt8>) -> Int32 {
        sumThenBlendEdgeCells(y: y, x0: x0, n0: n0, cells0: cells0, x1: x1, n1: n1, cells1: cells1, rule: rule,
                              coverage: coverage)
    }

    package func takesStrips(rows: Range<Int>, left: Int, width: Int) -> Bool { false }

    @inline(__always)
    package mutating func sweepStrip(top: Int, rows: Int, left: Int, width: Int, cells: UnsafeMutablePointer<Int32>,
                                     stride: Int, bits: UnsafeMutablePointer<UInt64>, words: Int, w0: Int, w1: Int,
                                     rule: FillRule, extents: UnsafeMutablePointer<Int>) {
        preconditionFailure("sweepStrip called on a sink that does not take strips")
    }

    /// `blendEdgeCells` in steps: both edges' coverage bytes, then `blendEdges`.
    @inline(__always)
    package mutating func sumThenBlendEdgeCells(y: Int, x0: Int, n0: Int, cells0: UnsafeMutablePointer<Int32>,
                                                x1: Int, n1: Int, cells1: UnsafeMutablePointer<Int32>, rule: FillRule,
                                                coverage: UnsafeMutablePointer<UInt8>) -> Int32 {
        var s: Int32 = 0
        _ = PolygonRasterizer.sumCells(cells0, coverage, lo: 0, hi: n0 &- 1, width: n0, rule: rule, s: &s)
        let run = PolygonRasterizer.coverage(s, rule: rule)
        _ = PolygonRasterizer.sumCells(cells1, coverage + n0, lo: 0, hi: n1 &- 1, width: n1, rule: rule, s: &s)
        blendEdges(y: y, x0: x0, n0: n0, c0: coverage, run: run, x1: x1, n1: n1, c1: coverage + n0)
        return s
    }

    /// `blendCells` in two steps: the coverage bytes, then `blendSpan`.
    @inline(__always)
    package mutating func sumThenBlendCells(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32,
                                            rule: FillRule, coverage: UnsafeMutablePointer<UInt8>) -> Int32 {
        var s = sum
        _ = PolygonRasterizer.sumCells(cells, coverage, lo: 0, hi: count &- 1, width: count, rule: rule, s: &s)
        blendSpan(y: y, x: x, count: count, coverage: coverage)
        return s
    }
}

/// A sink that writes coverage into an A8 mask (replacing what was there), e.g. to build
/// clip masks or to test the rasterizers. Mask pixel (x, y) receives surface pixel (x, y).
package struct MaskWriterSink: CoverageSink {
    package let mask: AlphaMask

    package init(_ mask: AlphaMask) { self.mask = mask }

    package mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        guard y >= 0, y < mask.height else { return }
        let lo = max(0, x), hi = min(mask.width, x + count)
        guard hi > lo else { return }
        (mask.row(y) + lo).update(from: coverage + (lo - x), count: hi - lo)
    }

    package mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard y >= 0, y < mask.height else { return }
        let lo = max(0, x), hi = min(mask.width, x + count)
        guard hi > lo else { return }
        (mask.row(y) + lo).update(repeating: coverage, count: hi - lo)
    }
}

/// Clips coverage by an A8 mask: forwards coverage × mask / 255 (rounded) to `base`.
/// Mask pixel (mx, my) lies over destination pixel (mx + originX, my + originY); destination
/// pixels the mask does not reach get coverage 0 (nothing drawn there).
package struct MaskClipSink<Base: CoverageSink>: CoverageSink {
    package var base: Base
    package let mask: AlphaMask
    package let originX: Int, originY: Int
    /// Holds the scratch coverage row. Its `coverage` row is used (a blitter only uses the
    /// `pixels` row, so the blitter's own scratch is fine); it is read at each call, so a
    /// later `reserve` that reallocates cannot leave a dangling pointer here.
    private let scratch: ScanlineScratch

    package init(base: Base, mask: AlphaMask, originX: Int = 0, originY: Int = 0, scratch: ScanlineScratch) {
        self.base = base; self.mask = mask; self.originX = originX; self.originY = originY
        self.scratch = scratch
    }

    package mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let my = y - originY
        guard my >= 0, my < mask.height else { return }
        let lo = max(x, originX), hi = min(x + count, originX + mask.width)
        let scratch = self.scratch.coverage, scratchCount = self.scratch.capacity
        var start = lo
        while start < hi { // in chunks of the scratch row
            let n = min(hi - start, scratchCount)
            let m = mask.row(my) + (start - originX), c = coverage + (start - x)
            for i in 0..<n { scratch[i] = mul255(c[i], m[i]) }
            base.blendSpan(y: y, x: start, count: n, coverage: scratch)
            start += n
        }
    }

    package mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        let my = y - originY
        guard my >= 0, my < mask.height else { return }
        let lo = max(x, originX), hi = min(x + count, originX + mask.width)
        let scratch = self.scratch.coverage, scratchCount = self.scratch.capacity
        var start = lo
        while start < hi {
            let n = min(hi - start, scratchCount)
            let m = mask.row(my) + (start - originX)
            if coverage == 255 {
                base.blendSpan(y: y, x: start, count: n, coverage: m)
            } else {
                for i in 0..<n { scratch[i] = mul255(coverage, m[i]) }
                base.blendSpan(y: y, x: start, count: n, coverage: scratch)
            }
            start += n
        }
    }
}

/// a·b/255 rounded to nearest, exact for all bytes (the (t + 128 + ((t + 128) >> 8)) >> 8 trick).
@inline(__always) package func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    let t = UInt32(a) &* UInt32(b) &+ 128
    return UInt8(truncatingIfNeeded: (t &+ (t >> 8)) >> 8)
}

/// t/255 rounded to nearest for 0 ≤ t ≤ 255·255.
@inline(__always) package func div255(_ t: UInt32) -> UInt32 {
    let u = t &+ 128
    return (u &+ (u >> 8)) >> 8
}

/// Intersects an existing clip mask with a new shape, in place: every mask pixel becomes
/// mask × coverage / 255, so pixels the shape does not cover become 0 — the semantics of
/// clipping again to a path (CGContext.clip after clip) without a second full-size mask.
///
/// The sink sees only covered pixels, so it zeroes the gaps itself as spans arrive (rows and
/// columns come in increasing order); call `finish()` after the rasterizer returns to zero
/// everything after the last span. Only the rows and columns of `region` (clamped to the
/// mask) are touched — pass the clip rect the rasterizer was given.
package struct MaskIntersectSink: CoverageSink {
    package let mask: AlphaMask
    private let region: PixelRect
    private var row: Int   // the row being written; rows before it are final
    private var nextX: Int // first column of `row` not yet visited

    package init(_ mask: AlphaMask, region: PixelRect) {
        self.mask = mask
        self.region = region.intersection(PixelRect(mask))
        row = self.region.y0
        nextX = self.region.x0
    }

    private mutating func advance(toRow y: Int, x: Int) {
        guard !region.isEmpty else { return }
        while row < y && row < region.y1 {
            zero(row: row, from: nextX, to: region.x1)
            row += 1
            nextX = region.x0
        }
        if row == y { zero(row: y, from: nextX, to: min(x, region.x1)); nextX = max(nextX, x) }
    }

    private func zero(row y: Int, from a: Int, to b: Int) {
        guard b > a, y >= region.y0, y < region.y1 else { return }
        (mask.row(y) + a).update(repeating: 0, count: b - a)
    }

    package mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        guard y >= region.y0, y < region.y1 else { return }
        advance(toRow: y, x: x)
        let lo = max(x, region.x0), hi = min(x + count, region.x1)
        if hi > lo {
            let m = mask.row(y)
            for i in lo..<hi { m[i] = mul255(m[i], coverage[i - x]) }
        }
        nextX = max(nextX, x + count)
    }

    package mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard y >= region.y0, y < region.y1 else { return }
        advance(toRow: y, x: x)
        let lo = max(x, region.x0), hi = min(x + count, region.x1)
        if hi > lo && coverage != 255 {
            let m = mask.row(y)
            for i in lo..<hi { m[i] = mul255(m[i], coverage) }
        }
        nextX = max(nextX, x + count)
    }

    /// Zeroes the rest of the region after the last span. Call once, after the fill.
    package mutating func finish() {
        advance(toRow: region.y1, x: region.x0)
    }
}

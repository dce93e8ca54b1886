// PolygonRasterizer: the row-by-row sweep of accumulated cells into a coverage sink (step 3
// of the class comment), for sinks that do not take whole strips.

import CLaminaKernels

extension PolygonRasterizer {
    /// Tells the sink which columns row y's touched cells span, and returns that span of cells
    /// (first and last marked cell; `lo > hi` when the row has none).
    @inline(__always)
    static func prefetchRow<S: CoverageSink>(_ bits: UnsafeMutablePointer<UInt64>, w0: Int, w1: Int, y: Int, left: Int,
                                             sink: S) -> CellExtent {
        var first = w0
        while first <= w1 && bits[first] == 0 { first &+= 1 }
        if first > w1 { return CellExtent(lo: 1, hi: 0) }
        var last = w1
        while bits[last] == 0 { last &-= 1 }
        let c0 = (first &<< 6) &+ bits[first].trailingZeroBitCount
        let c1 = (last &<< 6) &+ 63 &- bits[last].leadingZeroBitCount
        sink.prefetch(y: y, x0: left &+ c0, x1: left &+ c1)
        return CellExtent(lo: c0, hi: c1)
    }

    /// Coverage 0...255 of an accumulated signed area (2^17 = one full pixel).
    @inline(__always) static func coverage(_ s: Int32, rule: FillRule) -> UInt8 {
        var a = s.magnitude
        if rule == .nonZero {
            a = min(a, 1 << 17)
        } else {
            a &= (1 << 18) - 1
            if a > 1 << 17 { a = (1 << 18) - a }
        }
        return UInt8(truncatingIfNeeded: (a &* 255 &+ (1 << 16)) >> 17)
    }

    /// The sweep reaches touched cell `c` (< width) with running sum `s`, the cells before
    /// `next` emitted or pending in the span from `spanStart` (−1: none): a gap of untouched
    /// cells before `c` is either filled into the pending span (at most `spanMergeGap` cells:
    /// narrow stroke interiors would otherwise cost three sink calls) or ends it and is
    /// emitted as a run of constant coverage; then `c` starts or continues the span.
    @inline(__always)
    static func arrive<S: CoverageSink>(at c: Int, s: Int32, rule: FillRule, cov: UnsafeMutablePointer<UInt8>,
                                        next: Int, spanStart: inout Int, y: Int, left: Int, into sink: inout S) {
        if c != next {
            let v = coverage(s, rule: rule)
            if spanStart >= 0 && c &- next <= spanMergeGap {
                (cov + next).update(repeating: v, count: c &- next)
            } else {
                if spanStart >= 0 {
                    sink.blendSpan(y: y, x: left &+ spanStart, count: next &- spanStart, coverage: cov + spanStart)
                }
                if v != 0 { sink.blendRun(y: y, x: left &+ next, count: c &- next, coverage: v) }
                spanStart = c
            }
        } else if spanStart < 0 {
            spanStart = c
        }
    }

    /// Sums and clears cells lo...hi (hi ≤ width + 1), writing the coverage of those before
    /// `width` (cells at or past it, the right neighbour of the last column, are cleared, not
    /// drawn); returns the last of those, min(hi, width − 1). Ranges of 8 cells or more (dense
    /// rows) go through the AVX2 running-sum kernel; the 2–4-cell edge ranges of convex rows
    /// stay scalar, where the call and setup cost more than the loop.
    @inline(__always)
    static func sumCells(_ acc: UnsafeMutablePointer<Int32>, _ cov: UnsafeMutablePointer<UInt8>, lo: Int, hi: Int,
                         width: Int, rule: FillRule, s: inout Int32) -> Int {
        let end = min(hi, width &- 1)
        var c = lo, sum = s
        if end &- lo >= 7 && lamina_kernels_use_avx2() != 0 {
            sum = lamina_avx2_coverage_sweep(acc + lo, cov + lo, end &- lo &+ 1, sum, rule == .evenOdd ? 1 : 0)
            c = end &+ 1
        }
        while c <= end {
            sum &+= acc[c]
            acc[c] = 0
            cov[c] = coverage(sum, rule: rule)
            c &+= 1
        }
        s = sum
        while c <= hi { acc[c] = 0; c &+= 1 }
        return end
    }

    /// Cells per accumulation row for a clip `width` pixels wide: one per column, the right
    /// neighbour of the last column (a piece ending on the clip's right edge adds its area
    /// there), and slack so that a dense row ending on the last column can be read and cleared
    /// in whole blocks of 8 (`CoverageSink.blendCells`).
    static func cellStride(_ width: Int) -> Int { width + 8 }

    /// Rows whose touched cells lie within this many cells are swept densely (`sweepDense`).
    static let denseWindow = 64

    /// The first and last touched cell of a strip row (lo > hi: none).
    struct CellExtent { var lo: Int, hi: Int }

    /// `sweepRow` for a row whose touched cells all lie in `cells` (a narrow window, as in every
    /// row of a thin stroke): a running sum over every cell of the window, untouched ones
    /// included (their accumulators are 0, so they get exactly the coverage the bit walk gives
    /// the gap they lie in), sent as one span: `sumCells`, which the monotone path's edge
    /// ranges use too. The bit walk spent about 30 instructions per touched cell on gap and
    /// span bookkeeping. The bytes are the same: full-coverage pixels of a span blend as a run does,
    /// and zero-coverage pixels are left alone.
    @inline(__always)
    static func sweepDense<S: CoverageSink>(_ acc: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>,
                           cells: CellExtent, width: Int, cov: UnsafeMutablePointer<UInt8>,
                           rule: FillRule, y: Int, left: Int, into sink: inout S) {
        let lo = cells.lo, hi = cells.hi
        for w in (lo &>> 6)...(hi &>> 6) { bits[w] = 0 }
        let end = min(hi, width &- 1)
        var s: Int32 = 0
        if end >= lo {
            s = sink.blendCells(y: y, x: left &+ lo, count: end &- lo &+ 1, cells: acc + lo, sum: 0, rule: rule, coverage: cov + lo)
        }
        // Cells past the last column (its right neighbours) are cleared, not drawn.
        var c = max(lo, end &+ 1)
        while c <= hi { acc[c] = 0; c &+= 1 }
        if end &+ 1 < width {
            let v = coverage(s, rule: rule)
            if v != 0 { sink.blendRun(y: y, x: left &+ end &+ 1, count: width &- end &- 1, coverage: v) }
        }
    }

    /// Touched cells at most this far apart are swept as one run of cells by the strip kernel
    /// (`lamina_avx2_sweep_strip`, wide rows behind a solid blitter), with runs of constant
    /// coverage between; the row sweep here walks the bits (its runs are cheaper for shader
    /// paints than spans over the gaps).
    static let clusterGap = 32

    @inline(__always)
    static func sweepRow<S: CoverageSink>(_ acc: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>,
                                          w0: Int, w1: Int, cells: CellExtent, dense: Int, width: Int,
                                          cov: UnsafeMutablePointer<UInt8>, rule: FillRule, y: Int, left: Int,
                                          into sink: inout S) {
        if cells.lo > cells.hi { return } // nothing touched: coverage 0 across the row
        if cells.hi &- cells.lo < dense {
            sweepDense(acc, bits, cells: cells, width: width, cov: cov, rule: rule, y: y, left: left, into: &sink)
            return
        }
        var s: Int32 = 0
        var next = 0        // first pixel not yet emitted
        var spanStart = -1  // start of the pending per-pixel span, or -1
        for w in w0...w1 {
            var word = bits[w]
            if word == 0 { continue }
            bits[w] = 0
            while word != 0 {
                let c = (w &<< 6) &+ word.trailingZeroBitCount
                word &= word &- 1
                if c >= width { acc[c] = 0; continue }
                Self.arrive(at: c, s: s, rule: rule, cov: cov, next: next, spanStart: &spanStart, y: y, left: left, into: &sink)
                s &+= acc[c]
                acc[c] = 0
                cov[c] = coverage(s, rule: rule)
                next = c &+ 1
            }
        }
        if spanStart >= 0 {
            sink.blendSpan(y: y, x: left + spanStart, count: next - spanStart, coverage: cov + spanStart)
        }
        if next < width {
            let v = coverage(s, rule: rule)
            if v != 0 { sink.blendRun(y: y, x: left + next, count: width - next, coverage: v) }
        }
    }
}

import CLaminaKernels
#if canImport(Glibc)
import Glibc // calloc, free
#elseif canImport(Darwin)
import Darwin
#endif

/// Exact-area anti-aliased polygon rasterizer (the signed-area cell accumulation of
/// FreeType's "smooth" rasterizer, font-rs and Blend2D), writing coverage spans to a sink.
///
/// How it works:
/// 1. Edges are clipped in Double against the clip's columns (parts left of the clip are
///    moved onto its left edge so they still contribute winding; parts right of it are moved
///    onto its right edge, where they change nothing) and quantised to 24.8 fixed point.
/// 2. Rows are processed in strips of `stripHeight`. Each edge adds, per pixel cell it
///    crosses, its signed height times the fraction of the cell to its right (into the cell)
///    and the rest (into the next cell), so that the running sum along a row is exactly the
///    signed area covered — in integers, where a full pixel is 256 · 512 = 2^17.
///    A bit per cell records which cells were touched.
/// 3. A row sweep walks only the touched cells (bit scan), emitting per-pixel spans at them
///    and constant runs between them (interior runs are full coverage), clearing as it goes.
///
/// Determinism: every quantity a row receives is computed from the edge and the row alone,
/// in integers (or identical Double expressions), so any band split or thread count gives
/// the same bytes. Precision: coordinates are quantised to 1/256 px.
///
/// One rasterizer per thread: it owns scratch buffers that grow to the widest clip seen and
/// are then reused, so a steady-state frame does not allocate.
package final class PolygonRasterizer {
    /// Rows accumulated before a sweep. Memory: min(stripHeight, the tallest fill's rows) ×
    /// `cellStride(clip width)` Int32, at most 2 MB for a 1920-pixel clip. With the C strip
    /// kernel, taller strips were faster, interleaved: S1 4.56 → 4.36 → 4.22 → 4.21 ms and S4
    /// 16.2 → 16.3 → 15.8 → 15.5 ms for 32, 64, 128 and 256 rows (fewer strips to set up and
    /// sweep, fewer stroke edges split between strips); the pixels do not depend on it.
    package static let stripHeight = 256
    /// log2(stripHeight) (the C bucketing divides by shifting).
    static let stripShift = stripHeight.trailingZeroBitCount
    /// Gaps between touched cells up to this long are sent inside a per-pixel span.
    static let spanMergeGap = 8

    struct Edge {
        var x0: Int, y0: Int, x1: Int, y1: Int // 24.8 fixed, x relative to the area's left; y0 < y1
        var dir: Int32                          // +1 if the original edge went down, -1 if up
        var slope: Double                       // dx/dy
    }

    /// The edges of the current fill: `edgeCount` of them at `edgeStore.base`.
    let edgeStore = ScratchBuffer<Edge>()
    var edgeCount = 0

    /// Appends edges into room reserved beforehand (at most 3 edges per polygon segment: one
    /// per side of the clip columns), without array bookkeeping per edge.
    struct EdgeList {
        let base: UnsafeMutablePointer<Edge>
        var count = 0
        @inline(__always) mutating func append(_ e: Edge) { base[count] = e; count &+= 1 }
    }
    // Edge indices bucketed by the strip they start in (a counting sort, no allocation once
    // grown), and the edges live in the current strip. Raw buffers: the strip loop touches
    // them per edge, where array uniqueness and bounds checks were ~3% of S4's instructions.
    private let bucketStart = ScratchBuffer<Int>()
    let byStrip = ScratchBuffer<Int32>()
    let active = ScratchBuffer<Int32>()
    private(set) var acc: UnsafeMutablePointer<Int32>
    private(set) var bits: UnsafeMutablePointer<UInt64>
    private(set) var cov: UnsafeMutablePointer<UInt8>
    /// Per row of the current strip: its touched cells (found while prefetching).
    private let rowExtents = UnsafeMutablePointer<CellExtent>.allocate(capacity: stripHeight)
    /// Fills whose edges form two y-monotone chains (every convex polygon) take
    /// `sweepMonotone` (ConvexRasterizer.swift): the same coverage calls without strips or
    /// bitsets. False sends every fill through the strip sweep (tests compare the two).
    package var monotoneFastPath = true
    /// Whether the last fill that reached the sweep took the monotone path (for tests).
    package private(set) var lastFillWasMonotone = false
    /// Whether the strip sweep accumulates cells with the C kernel `lamina_accumulate_strip`
    /// (true) or its Swift definition `accumulateStrip` (false; the bytes are the same, tests
    /// compare them).
    package var cellKernel = true
    /// Whether rows whose touched cells lie within `denseWindow` cells are swept densely
    /// (`sweepDense`: one span per row) instead of by the bit walk (spans and runs). The pixels
    /// are the same; the coverage calls differ, so tests comparing calls with the monotone path
    /// turn it off.
    package var denseSweep = true
    /// Whether a sink may take a whole strip at once (`CoverageSink.sweepStrip`: a solid
    /// blitter's C strip kernel) instead of the row-by-row sweep. The pixels are the same;
    /// tests turn it off to compare.
    package var stripKernel = true
    /// Whether fills whose strips go to the sink whole (see `stripKernel`) take their subpaths
    /// straight to the cells (`fillDirect`, `lamina_accumulate_polygon`) instead of building,
    /// bucketing and re-reading edges. The cells are the same; tests turn it off to compare.
    package var directAccumulation = true
    private var capacityWidth = 0
    private var capacityRows = 0

    package init() {
        // The C kernel reads `Edge`s as `LaminaEdge`s: the layouts must agree.
        precondition(MemoryLayout<Edge>.size == MemoryLayout<LaminaEdge>.size
                     && MemoryLayout<Edge>.stride == MemoryLayout<LaminaEdge>.stride
                     && MemoryLayout<Edge>.offset(of: \Edge.dir) == MemoryLayout<LaminaEdge>.offset(of: \LaminaEdge.dir)
                     && MemoryLayout<Edge>.offset(of: \Edge.slope) == MemoryLayout<LaminaEdge>.offset(of: \LaminaEdge.slope),
                     "PolygonRasterizer.Edge and LaminaEdge layouts differ")
        precondition(Self.stripHeight == 1 << Self.stripShift, "stripHeight must be a power of two")
        // `lamina_build_edges` reads a subpath's points as (x, y) Double pairs.
        precondition(MemoryLayout<RasterPoint>.stride == 16 && MemoryLayout<RasterPoint>.offset(of: \RasterPoint.y) == 8,
                     "RasterPoint is not two Doubles")
        acc = Self.zeroed(1); bits = Self.zeroed(1); cov = .allocate(capacity: 1)
    }

    deinit { free(acc); free(bits); cov.deallocate(); rowExtents.deallocate() }

    /// `count` zeroed elements from calloc: a large block comes as fresh zero pages, touched
    /// (faulted in) only where edges accumulate, instead of being cleared up front — a context
    /// or compositor target made for one frame does not pay for a whole strip.
    private static func zeroed<T>(_ count: Int) -> UnsafeMutablePointer<T> {
        guard let p = calloc(max(1, count), MemoryLayout<T>.stride) else { fatalError("PolygonRasterizer: out of memory") }
        return p.assumingMemoryBound(to: T.self)
    }

    /// Makes room for `rows` accumulation rows (at most `stripHeight`) of a clip `width` pixels
    /// wide. The buffers grow to the largest fill seen, so a small context never holds a
    /// full strip of a wide one — with a quarter to spare (rows within the strip), so a shape
    /// growing a little each frame of an animation does not make them anew every frame (the
    /// cells are calloc'd: room never written is never touched). The cells and bits are zero
    /// whenever no fill is running.
    func reserve(width: Int, rows: Int) {
        let rows = min(max(1, rows), Self.stripHeight)
        guard width > capacityWidth || rows > capacityRows else { return }
        let newWidth = max(width + width / 4, capacityWidth)
        let newRows = min(Self.stripHeight, max(rows + rows / 4, capacityRows))
        free(acc); free(bits); cov.deallocate()
        let stride = Self.cellStride(newWidth), words = (stride + 63) >> 6
        acc = Self.zeroed(stride * newRows)
        bits = Self.zeroed(words * newRows)
        cov = .allocate(capacity: stride)
        cov.initialize(repeating: 0, count: stride)
        capacityWidth = newWidth; capacityRows = newRows
    }

    /// Fills `polygon` (subpaths implicitly closed) with `rule`, sending the coverage of the
    /// pixels inside `clip` (∩ `PixelRect.drawable`) to `sink`. Subpaths with NaN/infinite points are dropped (see
    /// `Polygon`). Output for a row does not depend on the clip's top and bottom, so bands
    /// of one clip rect render identically to the whole.
    package func fill<S: CoverageSink>(_ polygon: Polygon, rule: FillRule, clip: PixelRect, generic sink: inout S) {
        guard let b = polygon.bounds else { return }
        fill(polygon, bounds: b, rule: rule, clip: clip, generic: &sink)
    }

    /// `fill` for a caller that already knows `polygon.bounds` (a stroker that tracked the
    /// outline's extent while building it), saving a pass over the points. `bounds` must be
    /// exactly what `polygon.bounds` returns (when that is nil there is nothing to draw).
    package func fill<S: CoverageSink>(_ polygon: Polygon, bounds b: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                                       rule: FillRule, clip: PixelRect, generic sink: inout S) {
        guard let (left, right, area) = Self.frame(b, clip: clip) else { return }
        if filledDirectly(polygon, rule: rule, left: left, right: right, area: area, into: &sink) { return }
        buildEdges(polygon, left: left, right: right)
        guard edgeCount > 0 else { return }
        if prefersMonotone(sink, left: left, width: right - left, rows: area.y0..<area.y1)
            && sweepMonotone(rule: rule, left: left, width: right - left, rows: area.y0..<area.y1, into: &sink) {
            lastFillWasMonotone = true; return
        }
        lastFillWasMonotone = false
        sweepArea(rule: rule, left: left, width: right - left, rows: area.y0..<area.y1, into: &sink)
    }

    /// `fill(_:bounds:rule:clip:generic:)` for a `FlatPolygon` (a stroke's outline built in
    /// reused buffers): straight to the cells when the sink takes strips, else through a
    /// `Polygon` copy. `bounds` as for the `Polygon` form.
    package func fill<S: CoverageSink>(_ polygon: FlatPolygon, bounds b: (minX: Double, minY: Double, maxX: Double, maxY: Double),
                                       rule: FillRule, clip: PixelRect, generic sink: inout S) {
        guard let (left, right, area) = Self.frame(b, clip: clip) else { return }
        if filledDirectly(polygon, rule: rule, left: left, right: right, area: area, into: &sink) { return }
        fill(polygon.polygon, bounds: b, rule: rule, clip: clip, generic: &sink)
    }

    /// Fills `polygon` straight to the cells (`fillDirect`) when `sink` takes whole strips and
    /// the direct path is on; false, drawing nothing, otherwise.
    @inline(__always)
    private func filledDirectly<P: PolygonSubpaths, S: CoverageSink>(_ polygon: P, rule: FillRule, left: Int, right: Int,
                                                                     area: PixelRect, into sink: inout S) -> Bool {
        guard directAccumulation && cellKernel && stripsGoTo(sink, left: left, width: right - left, rows: area.y0..<area.y1)
        else { return false }
        lastFillWasMonotone = false
        fillDirect(polygon, rule: rule, left: left, right: right, rows: area.y0..<area.y1, into: &sink)
        return true
    }

    /// Whether to try the monotone path (`sweepMonotone`) first. Not for a sink that takes
    /// whole strips (a solid blitter inside its surface): its C strip kernel sweeps even the
    /// wide rows of a convex fill (edge cells, the interior as a run, edge cells) for fewer
    /// instructions than the monotone path's per-row work (S1: 61.3M against 56.2M a frame;
    /// the monotone outlines of S4's strokes likewise), and the pixels are the same.
    @inline(__always)
    private func prefersMonotone<S: CoverageSink>(_ sink: S, left: Int, width: Int, rows: Range<Int>) -> Bool {
        monotoneFastPath && !stripsGoTo(sink, left: left, width: width, rows: rows)
    }

    /// Whether the strip sweep hands whole strips to `sink` (`CoverageSink.sweepStrip`).
    @inline(__always)
    private func stripsGoTo<S: CoverageSink>(_ sink: S, left: Int, width: Int, rows: Range<Int>) -> Bool {
        stripKernel && denseSweep && sink.takesStrips(rows: rows, left: left, width: width)
    }

    /// Fills the quadrilateral p0 p1 p2 p3 (e.g. a rotated rect): the same exact-area
    /// accumulation on its four edges, without building a `Polygon` (no allocation). A NaN
    /// or infinite corner draws nothing.
    package func fillQuad<S: CoverageSink>(_ p0: RasterPoint, _ p1: RasterPoint, _ p2: RasterPoint, _ p3: RasterPoint,
                                           rule: FillRule = .nonZero, clip: PixelRect, generic sink: inout S) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in [p0, p1, p2, p3] {
            guard p.x.isFinite, p.y.isFinite else { return }
            let x = Polygon.clampCoordinate(p.x), y = Polygon.clampCoordinate(p.y)
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard let (left, right, area) = Self.frame((minX, minY, maxX, maxY), clip: clip) else { return }
        edgeStore.reserve(12)
        var edges = EdgeList(base: edgeStore.base)
        let xl = Double(left), xr = Double(right)
        for (a, b) in [(p0, p1), (p1, p2), (p2, p3), (p3, p0)] {
            Self.addClipped(a, b, xl: xl, xr: xr, yLimit: Self.yLimit, left: left, into: &edges)
        }
        edgeCount = edges.count
        guard edgeCount > 0 else { return }
        if prefersMonotone(sink, left: left, width: right - left, rows: area.y0..<area.y1)
            && sweepMonotone(rule: rule, left: left, width: right - left, rows: area.y0..<area.y1, into: &sink) {
            lastFillWasMonotone = true; return
        }
        lastFillWasMonotone = false
        sweepArea(rule: rule, left: left, width: right - left, rows: area.y0..<area.y1, into: &sink)
    }

    /// The clip columns [left, right) used for edge clipping (they depend on the clip's
    /// columns and the bounds only, never on its rows) and the pixel area to sweep.
    private static func frame(_ b: (minX: Double, minY: Double, maxX: Double, maxY: Double), clip clip0: PixelRect)
        -> (Int, Int, PixelRect)? {
        let clip = clip0.intersection(.drawable)
        let area = PixelRect.covering(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY).intersection(clip)
        guard !area.isEmpty else { return nil }
        let cols = PixelRect.covering(minX: b.minX, minY: 0, maxX: b.maxX, maxY: 0)
        let left = max(cols.x0, clip.x0), right = min(cols.x1, clip.x1)
        guard right > left else { return nil }
        return (left, right, area)
    }

    // MARK: Accumulation and sweep

    /// Fills `polygon` for a sink that takes whole strips, strip by strip, without an edge list:
    /// each subpath inside the clip columns goes straight from its points to the strip's cells
    /// (`lamina_accumulate_polygon`: the same cells as its edges would give), so the edges are
    /// never stored, bucketed or read back. A subpath reaching past the columns (or with a
    /// non-finite point) takes the clipping edge path instead: its edges are built once, in the
    /// first strip, and accumulated in every strip. A fill taller than a strip reads its points
    /// once per strip (segments outside the strip's rows cost a comparison).
    private func fillDirect<P: PolygonSubpaths, S: CoverageSink>(_ polygon: P, rule: FillRule, left: Int, right: Int,
                                                                 rows: Range<Int>, into sink: inout S) {
        let width = right - left
        reserve(width: width, rows: rows.count)
        let stride = Self.cellStride(width), words = (stride + 63) >> 6
        let acc = self.acc, bits = self.bits
        let xl = Double(left), xr = Double(right), yLimit = Self.yLimit
        var edges: EdgeList? = nil // the clipped subpaths' edges, once one needs them
        var top = rows.lowerBound
        while top < rows.upperBound {
            let bottom = min(top + Self.stripHeight, rows.upperBound)
            var extent: (Int64, Int64) = (.max, .min)
            withUnsafeMutablePointer(to: &extent) { ext in
                ext.withMemoryRebound(to: Int64.self, capacity: 2) { e in
                    for i in 0..<polygon.subpathCount {
                        polygon.withSubpath(i) { pts in
                            guard pts.count >= 2 else { return }
                            let status = UnsafeRawPointer(pts.baseAddress!).withMemoryRebound(to: Double.self,
                                                                                             capacity: 2 * pts.count) { xy in
                                lamina_accumulate_polygon(xy, pts.count, xl, xr, yLimit, Int64(top), Int64(bottom), Int64(width),
                                                          acc, stride, bits, words, e)
                            }
                            if status < 0 && top == rows.lowerBound {
                                if edges == nil {
                                    var points = 0
                                    for k in 0..<polygon.subpathCount { points += polygon.withSubpath(k) { $0.count } }
                                    edgeStore.reserve(3 * points)
                                    edges = EdgeList(base: edgeStore.base)
                                }
                                Self.addEdges(of: pts, left: left, right: right, into: &edges!)
                            }
                        }
                    }
                }
            }
            if let edges, edges.count > 0 {
                // Every clipped edge is offered to every strip (the kernel skips those with no
                // row in it); `active` is rebuilt because the kernel compacts it.
                active.reserve(edges.count)
                let active = self.active.base
                for k in 0..<edges.count { active[k] = Int32(k) }
                var clipped: (Int64, Int64) = (0, 0)
                _ = withUnsafeMutablePointer(to: &clipped) { ext in
                    ext.withMemoryRebound(to: Int64.self, capacity: 2) { e in
                        lamina_accumulate_strip(UnsafeRawPointer(edges.base).assumingMemoryBound(to: LaminaEdge.self), active,
                                                edges.count, Int64(top), Int64(bottom), Int64(width), acc, stride, bits, words, e)
                    }
                }
                extent = (min(extent.0, clipped.0), max(extent.1, clipped.1))
            }
            sweepAccumulated(top: top, bottom: bottom, loX: Int(extent.0), hiX: Int(extent.1), sinkSweeps: true, rule: rule,
                             left: left, width: width, into: &sink)
            top = bottom
        }
        edgeCount = edges?.count ?? 0
    }

    private func sweepArea<S: CoverageSink>(rule: FillRule, left: Int, width: Int, rows: Range<Int>, into sink: inout S) {
        reserve(width: width, rows: rows.count)
        let stride = Self.cellStride(width), words = (stride + 63) >> 6
        let acc = self.acc, bits = self.bits
        let edgeBase = edgeStore.base, edgeCount = self.edgeCount
        let edges = UnsafeBufferPointer(start: edgeBase, count: edgeCount)
        // Bucket the edges by first strip, so each strip only visits edges alive in it
        // (stroke outlines have hundreds of edges spread over hundreds of rows).
        let h = Self.stripHeight
        let firstRow = rows.lowerBound, rowFy0 = firstRow << 8, rowFy1 = rows.upperBound << 8
        let strips = (rows.count + h - 1) / h
        self.bucketStart.reserve(strips + 1)
        let bucketStart = self.bucketStart.base
        self.byStrip.reserve(edgeCount)
        self.active.reserve(edgeCount)
        let byStrip = self.byStrip.base, active = self.active.base
        if cellKernel {
            lamina_bucket_edges(UnsafeRawPointer(edgeBase).assumingMemoryBound(to: LaminaEdge.self), edgeCount, Int64(firstRow),
                                Int64(rows.upperBound), Int32(Self.stripShift), strips, bucketStart, byStrip)
        } else {
            bucketStart.update(repeating: 0, count: strips + 1)
            for e in edges where e.y1 > rowFy0 && e.y0 < rowFy1 {
                bucketStart[max(0, (e.y0 >> 8) - firstRow) / h + 1] += 1
            }
            for i in 0..<strips { bucketStart[i + 1] += bucketStart[i] }
            for (i, e) in edges.enumerated() where e.y1 > rowFy0 && e.y0 < rowFy1 {
                let b = max(0, (e.y0 >> 8) - firstRow) / h
                byStrip[bucketStart[b]] = Int32(i)
                bucketStart[b] += 1
            }
        }
        // bucketStart[b] is now the end of bucket b; bucket b starts at bucketStart[b - 1].
        var activeCount = 0
        var top = rows.lowerBound, strip = 0
        let sinkSweeps = stripsGoTo(sink, left: left, width: width, rows: rows)
        while top < rows.upperBound {
            let bottom = min(top + h, rows.upperBound)
            for k in (strip == 0 ? 0 : bucketStart[strip - 1])..<bucketStart[strip] {
                active[activeCount] = byStrip[k]; activeCount &+= 1
            }
            // The 24.8 x extent of every piece accumulated in this strip: the sweep and the
            // prefetch only look at the bit words it spans (a stroke's strip touches one or
            // two of a full-width row's 31 words).
            var stripLoX = Int.max, stripHiX = Int.min
            if cellKernel {
                var extent: (Int64, Int64) = (0, 0)
                activeCount = withUnsafeMutablePointer(to: &extent) { ext in
                    ext.withMemoryRebound(to: Int64.self, capacity: 2) { e in
                        lamina_accumulate_strip(UnsafeRawPointer(edgeBase).assumingMemoryBound(to: LaminaEdge.self), active,
                                                activeCount, Int64(top), Int64(bottom), Int64(width), acc, stride,
                                                bits, words, e)
                    }
                }
                stripLoX = Int(extent.0); stripHiX = Int(extent.1)
            } else {
                accumulateStrip(edgeBase, active: active, activeCount: &activeCount, top: top, bottom: bottom, width: width,
                                stride: stride, words: words, lo: &stripLoX, hi: &stripHiX)
            }
            strip += 1
            sweepAccumulated(top: top, bottom: bottom, loX: stripLoX, hiX: stripHiX, sinkSweeps: sinkSweeps, rule: rule,
                             left: left, width: width, into: &sink)
            top = bottom
        }
    }

    /// Sweeps the accumulated cells of rows top..<bottom (a strip, at most `stripHeight` rows)
    /// into `sink`, clearing them: whole to the sink's strip kernel when `sinkSweeps`, else row
    /// by row. loX/hiX: the 24.8 x extent of the strip's pieces (loX > hiX when it has none).
    @inline(__always)
    private func sweepAccumulated<S: CoverageSink>(top: Int, bottom: Int, loX stripLoX: Int, hiX stripHiX: Int, sinkSweeps: Bool,
                                                   rule: FillRule, left: Int, width: Int, into sink: inout S) {
        if stripLoX > stripHiX { return } // no piece in this strip
        let stride = Self.cellStride(width), words = (stride + 63) >> 6, h = Self.stripHeight
        let acc = self.acc, bits = self.bits, cov = self.cov
        // Cells marked in this strip lie in [loX >> 8, (hiX >> 8) + 1] (x already clamped
        // to [0, maxX]), so only words w0...w1 can hold bits.
        let w0 = (stripLoX &>> 8) &>> 6
        let w1 = ((stripHiX &>> 8) &+ 1) &>> 6
        // The strip's destination rows are usually not in cache (frames are larger than
        // L2, and each row starts a new page, where hardware prefetchers restart): announce
        // them all before sweeping, so their misses overlap instead of stalling row by row.
        let extents = self.rowExtents, dense = denseSweep ? Self.denseWindow : 0
        if sinkSweeps {
            UnsafeMutableRawPointer(extents).withMemoryRebound(to: Int.self, capacity: 2 * h) { ext in
                sink.sweepStrip(top: top, rows: bottom - top, left: left, width: width, cells: acc, stride: stride,
                                bits: bits, words: words, w0: w0, w1: w1, rule: rule, extents: ext)
            }
            return
        }
        for y in top..<bottom {
            let ri = y - top
            extents[ri] = Self.prefetchRow(bits + ri * words, w0: w0, w1: w1, y: y, left: left, sink: sink)
        }
        // One inlined sweep per rule, so the per-cell coverage has no rule test.
        if rule == .nonZero {
            for y in top..<bottom {
                let ri = y - top
                Self.sweepRow(acc + ri * stride, bits + ri * words, w0: w0, w1: w1, cells: extents[ri], dense: dense, width: width,
                              cov: cov, rule: .nonZero, y: y, left: left, into: &sink)
            }
        } else {
            for y in top..<bottom {
                let ri = y - top
                Self.sweepRow(acc + ri * stride, bits + ri * words, w0: w0, w1: w1, cells: extents[ri], dense: dense, width: width,
                              cov: cov, rule: .evenOdd, y: y, left: left, into: &sink)
            }
        }
    }
}

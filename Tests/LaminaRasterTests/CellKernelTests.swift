import Testing
import CLaminaKernels
@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
import _LaminaTestSupport
#endif

/// The C cell accumulation (`lamina_accumulate_strip`, with `lamina_build_edges` when every
/// point is inside the clip) and the dense row sweep against their Swift definitions
/// (`cellKernel = false`): the C kernels must make the same coverage calls as `accumulateStrip`,
/// and the dense sweep the same coverage bytes as the bit walk.
@Suite struct CellKernelTests {
    /// Random polygons of the kinds the strip sweep gets: stroke-like ribbons of short edges,
    /// stars, zigzags, many tiny subpaths, near-horizontal slivers; some far outside the clip.
    static func randomPolygon(_ rng: inout SplitMix64, size: Double) -> Polygon {
        var subpaths: [[RasterPoint]] = []
        switch rng.next() % 5 {
        case 0: // a ribbon around a wavy centre line (a stroke outline: two sides, short edges)
            let n = 5 + Int(rng.next() % 60), half = 0.5 + rng.uniform() * 6
            let x0 = rng.uniform() * size, y0 = rng.uniform() * size
            let dx = (rng.uniform() - 0.5) * size / Double(n), dy = (rng.uniform() - 0.5) * size / Double(n)
            var left: [RasterPoint] = [], right: [RasterPoint] = []
            for i in 0..<n {
                let t = Double(i), wob = sin(t * 0.7) * 3
                let cx = x0 + dx * t + wob, cy = y0 + dy * t - wob
                left.append(RasterPoint(cx - half, cy - half * 0.3)); right.append(RasterPoint(cx + half, cy + half * 0.3))
            }
            subpaths.append(left + right.reversed())
        case 1: // a star (self-overlapping: both rules differ)
            let n = 5 + 2 * Int(rng.next() % 6), r = size * (0.1 + 0.5 * rng.uniform())
            let cx = rng.uniform() * size, cy = rng.uniform() * size, k = 2 + Int(rng.next() % 3)
            subpaths.append((0..<n).map { i in
                let a = Double(i * k) * 2 * Double.pi / Double(n)
                return RasterPoint(cx + r * cos(a), cy + r * sin(a))
            })
        case 2: // a zigzag across many cells per row
            let n = 4 + Int(rng.next() % 20)
            subpaths.append((0..<n).map { i in
                RasterPoint(rng.uniform() * size * 1.4 - size * 0.2, Double(i) * size / Double(n) + rng.uniform())
            })
        case 3: // many tiny triangles
            for _ in 0..<(1 + Int(rng.next() % 30)) {
                let x = rng.uniform() * size, y = rng.uniform() * size
                subpaths.append([RasterPoint(x, y), RasterPoint(x + rng.uniform() * 3, y + rng.uniform() * 0.5),
                                 RasterPoint(x + rng.uniform(), y + rng.uniform() * 4)])
            }
        default: // random points anywhere, partly outside
            subpaths.append((0..<(3 + Int(rng.next() % 12))).map { _ in
                RasterPoint(rng.uniform() * size * 2 - size * 0.5, rng.uniform() * size * 2 - size * 0.5)
            })
        }
        return Polygon(subpaths)
    }

    static func calls(_ r: PolygonRasterizer, _ p: Polygon, _ rule: FillRule, _ clip: PixelRect) -> [ConvexRasterizerTests.RecordingSink.Call] {
        var sink = ConvexRasterizerTests.RecordingSink()
        r.fill(p, rule: rule, clip: clip, generic: &sink)
        return sink.calls
    }

    @Test func cKernelMakesTheSwiftDefinitionsCalls() {
        var rng = SplitMix64(2026_11_25)
        // Two rasterizers that keep their scratch across fills: leftover cells or bits from one
        // fill would show up in a later one.
        let c = PolygonRasterizer(), swift = PolygonRasterizer()
        for r in [c, swift] { r.monotoneFastPath = false; r.denseSweep = false }
        swift.cellKernel = false
        var differing = 0, fills = 0, pieces = 0
        for round in 0..<600 {
            let size = [12.0, 60, 300][round % 3]
            let p = Self.randomPolygon(&rng, size: size)
            let rule: FillRule = rng.next() % 2 == 0 ? .nonZero : .evenOdd
            let clip = rng.next() % 3 == 0
                ? PixelRect(x0: Int(rng.next() % 40) - 5, y0: Int(rng.next() % 40) - 5, x1: 20 + Int(rng.next() % 300), y1: 20 + Int(rng.next() % 300))
                : PixelRect(x0: -2, y0: -2, x1: Int(size * 1.5), y1: Int(size * 1.5))
            let a = Self.calls(c, p, rule, clip), b = Self.calls(swift, p, rule, clip)
            if a != b { differing += 1 }
            fills += 1; pieces += b.count
        }
        #expect(differing == 0, "\(differing) of \(fills) fills differ")
        #expect(pieces > 10_000) // the polygons really drew
    }

    @Test func denseSweepGivesTheBitWalksCoverage() throws {
        var rng = SplitMix64(77)
        let dense = PolygonRasterizer(), walk = PolygonRasterizer()
        for r in [dense, walk] { r.monotoneFastPath = false }
        walk.denseSweep = false
        var denseCalls = 0, walkCalls = 0
        for round in 0..<400 {
            let size = [16.0, 64, 200][round % 3]
            let p = Self.randomPolygon(&rng, size: size)
            let rule: FillRule = rng.next() % 2 == 0 ? .nonZero : .evenOdd
            let side = Int(size * 1.5)
            let clip = PixelRect(x0: Int(rng.next() % 8), y0: 0, x1: side - Int(rng.next() % 8), y1: side)
            let a = try AlphaMask(width: side, height: side), b = try AlphaMask(width: side, height: side)
            var sa = MaskWriterSink(a), sb = MaskWriterSink(b)
            dense.fill(p, rule: rule, clip: clip, generic: &sa)
            walk.fill(p, rule: rule, clip: clip, generic: &sb)
            #expect(a.bytes() == b.bytes(), "round \(round)")
            // The dense path really ran: it sends one span per narrow row, the walk more calls.
            denseCalls += Self.calls(dense, p, rule, clip).count
            walkCalls += Self.calls(walk, p, rule, clip).count
        }
        #expect(denseCalls > 1000 && denseCalls < walkCalls * 9 / 10, "\(denseCalls) vs \(walkCalls)")
    }

    /// The AVX2 coverage sweep against `PolygonRasterizer.coverage` on random sums (extremes,
    /// both rules, every tail length) — also checks it zeroes the accumulators.
    @Test func coverageSweepKernelMatchesTheSwiftCoverage() {
        guard lamina_kernels_have_avx2() != 0 else { return }
        var rng = SplitMix64(5)
        for round in 0..<2000 {
            let n = Int(rng.next() % 40)
            var acc = (0..<(n + 1)).map { _ -> Int32 in
                switch rng.next() % 6 {
                case 0: return [Int32.min, Int32.max, 1 << 17, -(1 << 17), 1 << 18, 0][Int(rng.next() % 6)]
                case 1: return Int32(truncatingIfNeeded: rng.next())
                default: return Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 19)) - (1 << 18))
                }
            }
            let start = Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 20)) - (1 << 19))
            let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
            var expected = [UInt8](repeating: 0, count: n), s = start
            for i in 0..<n { s &+= acc[i]; expected[i] = PolygonRasterizer.coverage(s, rule: rule) }
            var cov = [UInt8](repeating: 0xAA, count: n + 1)
            let sentinel = acc[n]
            let end = acc.withUnsafeMutableBufferPointer { a in
                cov.withUnsafeMutableBufferPointer { c in
                    lamina_avx2_coverage_sweep(a.baseAddress!, c.baseAddress!, n, start, rule == .evenOdd ? 1 : 0)
                }
            }
            #expect(end == s)
            #expect(Array(cov[..<n]) == expected, "round \(round)")
            #expect(cov[n] == 0xAA && acc[n] == sentinel) // nothing past the count
            #expect(acc[..<n].allSatisfy { $0 == 0 })
        }
    }

    /// The fused dense-row kernel against its definition, `sumCells` then the span kernel:
    /// random cells (extremes, both rules, sums that make empty and full blocks), every count
    /// 1...40 (every tail length), random starting sums, opaque, translucent and clear colours.
    /// It must clear the count cells, leave the rest of the block as it was and out of the sum,
    /// and touch nothing further.
    @Test func cellsOverKernelEqualsSumThenSpanOver() {
        guard lamina_kernels_have_avx2() != 0 else { return }
        var rng = SplitMix64(11)
        for round in 0..<3000 {
            let n = 1 + round % 40, block = (n + 7) / 8 * 8
            let rule: FillRule = round % 3 == 0 ? .evenOdd : .nonZero
            var cells = [Int32](repeating: 0, count: block + 1)
            let mode = rng.next() % 3
            for i in 0..<block {
                switch mode {
                case 0: // any values, extremes included
                    cells[i] = rng.next() % 5 == 0 ? [Int32.min, Int32.max, 1 << 17, -(1 << 17), 0][Int(rng.next() % 5)]
                        : Int32(truncatingIfNeeded: rng.next())
                case 1: // a stroke row: a ramp up to full coverage and back down, then nothing
                    cells[i] = i == 0 ? 1 << 17 : (i == n / 2 ? -(1 << 17) : 0)
                default: // small areas around the running sum
                    cells[i] = Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 18)) - (1 << 17))
                }
            }
            let sentinel = Int32(truncatingIfNeeded: rng.next())
            cells[block] = sentinel
            let alpha = [255, 0, UInt32(rng.next() % 256)][Int(rng.next() % 3)]
            let color = premultipliedRandom(&rng, alpha: alpha)
            let dst0 = (0..<(n + 1)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            // Definition: the running sum into coverage bytes, then the span kernel.
            let start: Int32 = round % 4 == 0 ? 0 : Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 19)) - (1 << 18))
            var refCells = cells, cov = [UInt8](repeating: 0, count: n), s = start
            _ = refCells.withUnsafeMutableBufferPointer { c in
                cov.withUnsafeMutableBufferPointer { PolygonRasterizer.sumCells(c.baseAddress!, $0.baseAddress!, lo: 0, hi: n - 1,
                                                                                 width: n, rule: rule, s: &s) }
            }
            var expected = dst0
            expected.withUnsafeMutableBufferPointer { d in
                cov.withUnsafeBufferPointer { lamina_avx2_span_over(d.baseAddress!, n, color, $0.baseAddress!) }
            }
            var dst = dst0
            let sum = dst.withUnsafeMutableBufferPointer { d in
                cells.withUnsafeMutableBufferPointer { c in
                    lamina_avx2_cells_over(d.baseAddress!, c.baseAddress!, n, start, rule == .evenOdd ? 1 : 0, color)
                }
            }
            #expect(sum == s, "round \(round)")
            #expect(dst == expected, "round \(round): n \(n) colour \(String(color, radix: 16))")
            #expect(cells[..<n].allSatisfy { $0 == 0 } && cells[n...] == refCells[n...], "round \(round)")
            #expect(cells[block] == sentinel)
        }
    }

    /// The dense sweep through a solid blitter (the fused kernel) paints what the bit walk paints.
    @Test func denseSweepThroughASolidBlitterPaintsTheBitWalksPixels() throws {
        var rng = SplitMix64(78)
        let dense = PolygonRasterizer(), walk = PolygonRasterizer()
        for r in [dense, walk] { r.monotoneFastPath = false }
        walk.denseSweep = false
        let scratch = ScanlineScratch()
        for round in 0..<300 {
            let size = [16.0, 64, 200][round % 3]
            let p = Self.randomPolygon(&rng, size: size)
            let rule: FillRule = rng.next() % 2 == 0 ? .nonZero : .evenOdd
            let side = Int(size * 1.5)
            let clip = PixelRect(x0: Int(rng.next() % 8), y0: 0, x1: side - Int(rng.next() % 8), y1: side)
            let a = try Surface(width: side, height: side), b = try Surface(width: side, height: side)
            let ground = PremultipliedRGBA8(r: 30, g: 60, b: 90, a: 255)
            a.fill(ground); b.fill(ground)
            let color = PremultipliedRGBA8(packed: premultipliedRandom(&rng, alpha: [255, 204, 77][round % 3]))
            Self.fill(p, rule: rule, clip: clip, color: color, scratch: scratch, with: dense, onto: a, and: walk, onto: b)
            #expect(a.bytes() == b.bytes(), "round \(round)")
        }
    }

    /// The C strip kernel behind a solid blitter (`sweepStrip`) paints what the row-by-row sweep
    /// paints, and leaves the cells and bits clear for the next fill: several fills in a row on
    /// the same rasterizers, both rules, clips inset from the surface's columns.
    @Test func stripKernelPaintsTheRowSweepsPixels() throws {
        var rng = SplitMix64(79)
        let strip = PolygonRasterizer(), rows = PolygonRasterizer()
        for r in [strip, rows] { r.monotoneFastPath = false }
        rows.stripKernel = false
        let scratch = ScanlineScratch()
        for round in 0..<60 {
            let side = [40, 120, 320][round % 3]
            let a = try Surface(width: side, height: side), b = try Surface(width: side, height: side)
            let ground = PremultipliedRGBA8(r: 200, g: 180, b: 20, a: 255)
            a.fill(ground); b.fill(ground)
            for _ in 0..<6 {
                let p = Self.randomPolygon(&rng, size: Double(side) / 1.5)
                let rule: FillRule = rng.next() % 2 == 0 ? .nonZero : .evenOdd
                let clip = PixelRect(x0: Int(rng.next() % 8), y0: Int(rng.next() % 8),
                                     x1: side - Int(rng.next() % 8), y1: side - Int(rng.next() % 8))
                let color = PremultipliedRGBA8(packed: premultipliedRandom(&rng, alpha: [255, 204, 1][Int(rng.next() % 3)]))
                Self.fill(p, rule: rule, clip: clip, color: color, scratch: scratch, with: strip, onto: a, and: rows, onto: b)
            }
            #expect(a.bytes() == b.bytes(), "round \(round)")
        }
    }

    /// Subpaths taken straight to the cells (`fillDirect`) paint what their built and bucketed
    /// edges paint: fills taller than a strip (points read once per strip), clips narrower
    /// than the polygon (subpaths that take the clipping edge path beside direct ones, in the
    /// same strips), subpaths with NaN points (dropped), both rules, several fills in a row.
    @Test func directAccumulationPaintsTheEdgePathsPixels() throws {
        var rng = SplitMix64(2026_11_26)
        let direct = PolygonRasterizer(), edges = PolygonRasterizer()
        edges.directAccumulation = false
        let scratch = ScanlineScratch()
        var clippedFills = 0
        for round in 0..<24 {
            let side = [60, 200, 600][round % 3] // 600: fills of three strips
            let a = try Surface(width: side, height: side), b = try Surface(width: side, height: side)
            let ground = PremultipliedRGBA8(r: 20, g: 90, b: 200, a: 255)
            let plain = try Surface(width: side, height: side)
            a.fill(ground); b.fill(ground); plain.fill(ground)
            for k in 0..<5 {
                var p = Self.randomPolygon(&rng, size: Double(side) * 0.9)
                if k == 4 {
                    // A second subpath with a NaN point, and one sticking out past the clip.
                    p = Polygon(p.subpaths + [[RasterPoint(5, 5), RasterPoint(.nan, 40), RasterPoint(30, 50)],
                                              [RasterPoint(-40, 10), RasterPoint(Double(side) + 30, Double(side) / 2),
                                               RasterPoint(10, Double(side) - 3)]])
                }
                let rule: FillRule = rng.next() % 2 == 0 ? .nonZero : .evenOdd
                let inset = rng.next() % 2 == 0 ? 0 : Int(rng.next() % UInt64(side / 4))
                let clip = PixelRect(x0: inset, y0: Int(rng.next() % 8), x1: side - inset, y1: side - Int(rng.next() % 8))
                if inset > 0 || k == 4 { clippedFills += 1 }
                let color = PremultipliedRGBA8(packed: premultipliedRandom(&rng, alpha: [255, 204, 7][Int(rng.next() % 3)]))
                Self.fill(p, rule: rule, clip: clip, color: color, scratch: scratch, with: direct, onto: a, and: edges, onto: b)
            }
            ConvexRasterizerTests.expectSamePixels(a, b)
            let drew = a.bytes() != plain.bytes()
            #expect(drew, "round \(round) drew nothing")
        }
        #expect(clippedFills > 40)
    }

    /// Fills `p` in `color` through a solid blitter onto `a` with `ra` and onto `b` with `rb`:
    /// the same fill through two configurations of the rasterizer, for comparing their pixels.
    static func fill(_ p: Polygon, rule: FillRule, clip: PixelRect, color: PremultipliedRGBA8, scratch: ScanlineScratch,
                     with ra: PolygonRasterizer, onto a: Surface, and rb: PolygonRasterizer, onto b: Surface) {
        var ba = Blitter(surface: a, paint: .solid(color), scratch: scratch)
        var bb = Blitter(surface: b, paint: .solid(color), scratch: scratch)
        ra.fill(p, rule: rule, clip: clip, into: &ba)
        rb.fill(p, rule: rule, clip: clip, into: &bb)
    }

    /// A random premultiplied colour (channels ≤ alpha) as a packed word.
    private func premultipliedRandom(_ rng: inout SplitMix64, alpha: UInt32) -> UInt32 {
        func c() -> UInt32 { alpha == 0 ? 0 : UInt32(rng.next() % UInt64(alpha + 1)) }
        return c() | c() << 8 | c() << 16 | alpha << 24
    }
}

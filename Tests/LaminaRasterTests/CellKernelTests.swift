import Testing
import CLaminaKernels
@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
#endif

/// The C cell accumulation (`lamina_accumulate_strip`) and the dense row sweep against their
/// Swift definitions: the C kernel must make the same coverage calls as `accumulateStrip`,
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
}

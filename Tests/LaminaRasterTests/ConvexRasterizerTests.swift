import Testing
import CLaminaKernels
@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
import _LaminaTestSupport
#endif

/// The monotone-chain fast path (ConvexRasterizer.swift) against the strip sweep: the same
/// coverage calls, call for call, and the same pixels.
@Suite struct ConvexRasterizerTests {
    /// Every coverage call, in order (prefetch hints are not recorded: they may differ).
    struct RecordingSink: CoverageSink {
        enum Call: Equatable { case span(y: Int, x: Int, bytes: [UInt8]), run(y: Int, x: Int, count: Int, coverage: UInt8) }
        var calls: [Call] = []
        mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
            calls.append(.span(y: y, x: x, bytes: Array(UnsafeBufferPointer(start: coverage, count: count))))
        }
        mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
            calls.append(.run(y: y, x: x, count: count, coverage: coverage))
        }
    }

    /// Fills with both paths; returns (fast calls, strip calls, whether the fast path was taken).
    static func both(_ polygon: Polygon, rule: FillRule, clip: PixelRect,
                     fast: PolygonRasterizer, strip: PolygonRasterizer) -> ([RecordingSink.Call], [RecordingSink.Call], Bool) {
        var a = RecordingSink(), b = RecordingSink()
        fast.monotoneFastPath = true; fast.denseSweep = false
        fast.fill(polygon, rule: rule, clip: clip, generic: &a)
        let routed = fast.lastFillWasMonotone
        strip.monotoneFastPath = false; strip.denseSweep = false
        strip.fill(polygon, rule: rule, clip: clip, generic: &b)
        return (a.calls, b.calls, routed)
    }

    /// A random convex polygon: points on an ellipse at sorted random angles (optionally with
    /// collinear midpoints and repeated points), rotated, scaled, either orientation, any start.
    /// Records the first pixel where surfaces a and b (the same size) differ.
    static func expectSamePixels(_ a: Surface, _ b: Surface) {
        for y in 0..<a.height {
            for x in 0..<a.width where a.row32(y)[x] != b.row32(y)[x] {
                Issue.record("pixel (\(x), \(y)) differs"); return
            }
        }
    }

    static func randomConvex(_ rng: inout SplitMix64, scale: Double, cx: Double, cy: Double) -> [RasterPoint] {
        let n = 3 + Int(rng.next() % 40)
        var angles = (0..<n).map { _ in rng.uniform() * 2 * Double.pi }
        angles.sort()
        let rx = scale * (0.05 + rng.uniform()), ry = scale * (rng.next() % 5 == 0 ? 0.001 + 0.01 * rng.uniform() : 0.05 + rng.uniform())
        let rot = rng.uniform() * 2 * Double.pi
        let c = cos(rot), s = sin(rot)
        var pts: [RasterPoint] = []
        for a in angles {
            let x = rx * cos(a), y = ry * sin(a)
            let p = RasterPoint(cx + x * c - y * s, cy + x * s + y * c)
            if let q = pts.last, rng.next() % 6 == 0 { pts.append(RasterPoint((p.x + q.x) / 2, (p.y + q.y) / 2)) } // collinear
            pts.append(p)
            if rng.next() % 10 == 0 { pts.append(p) } // repeated point
        }
        if rng.next() % 2 == 0 { pts.reverse() }
        let k = Int(rng.next() % UInt64(pts.count))
        return Array(pts[k...] + pts[..<k])
    }

    static func roundedRect(cx: Double, cy: Double, w: Double, h: Double, r: Double, angle: Double, n: Int) -> [RasterPoint] {
        var pts: [RasterPoint] = []
        let c = cos(angle), s = sin(angle)
        let corners: [(Double, Double, Double)] = [(w / 2 - r, -h / 2 + r, -Double.pi / 2), (w / 2 - r, h / 2 - r, 0),
                                                   (-w / 2 + r, h / 2 - r, Double.pi / 2), (-w / 2 + r, -h / 2 + r, Double.pi)]
        for (x0, y0, a0) in corners {
            for i in 0...n {
                let a = a0 + Double(i) / Double(n) * Double.pi / 2
                let x = x0 + r * cos(a), y = y0 + r * sin(a)
                pts.append(RasterPoint(cx + x * c - y * s, cy + x * s + y * c))
            }
        }
        return pts
    }

    @Test func randomConvexPolygonsGiveTheSameCallsAsTheStripSweep() {
        var rng = SplitMix64(0xC0_4E_E5)
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        var routed = 0, total = 0, drawn = 0
        for i in 0..<4000 {
            // Sizes: sub-pixel, small, bench-like, huge (mostly clipped).
            let scale: Double = [0.3, 3, 60, 400, 5000][i % 5] * (0.5 + rng.uniform())
            let cx = -50 + rng.uniform() * 300, cy = -50 + rng.uniform() * 300
            let pts = Self.randomConvex(&rng, scale: scale, cx: cx, cy: cy)
            // Clips: the whole area, or a random (partly outside) rect.
            let clip: PixelRect
            if rng.next() % 3 == 0 {
                clip = PixelRect(x0: 0, y0: 0, x1: 256, y1: 256)
            } else {
                let x0 = Int(rng.next() % 300) - 40, y0 = Int(rng.next() % 300) - 40
                clip = PixelRect(x0: x0, y0: y0, x1: x0 + 1 + Int(rng.next() % 200), y1: y0 + 1 + Int(rng.next() % 200))
            }
            let rule: FillRule = rng.next() % 2 == 0 ? .nonZero : .evenOdd
            let (a, b, r) = Self.both(Polygon([pts]), rule: rule, clip: clip, fast: fast, strip: strip)
            #expect(a == b, "polygon \(i): \(pts) clip \(clip) \(rule)")
            if a != b { return }
            total += 1
            if r { routed += 1 }
            if r && !a.isEmpty { drawn += 1 }
        }
        #expect(drawn > 2000, "only \(drawn) routed fills drew anything")
        // Convex polygons take the fast path unless clipping left chains that do not meet.
        #expect(routed > total * 9 / 10, "\(routed) of \(total) routed")
    }

    /// S1's shape (120x80, radius 12, 9 chords a quarter) at random angles and positions is
    /// always routed: fixed-point rounding makes horizontal steps near its top and bottom,
    /// which the chains accept.
    @Test func benchRoundedRectsAreRouted() {
        var rng = SplitMix64(5)
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        for i in 0..<1000 {
            let pts = Self.roundedRect(cx: rng.uniform() * 1920, cy: rng.uniform() * 1080, w: 120, h: 80, r: 12,
                                       angle: rng.uniform() * 2 * Double.pi, n: 9)
            let (a, b, routed) = Self.both(Polygon([pts]), rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 1920, y1: 1080),
                                           fast: fast, strip: strip)
            #expect(routed, "rect \(i)")
            #expect(a == b, "rect \(i)")
            if a != b { return }
        }
    }

    /// A solid blitter inside its surface takes whole strips (the C strip kernel), so convex
    /// fills skip the monotone path there; other sinks, and a blitter whose clip leaves the
    /// surface, still take it. The pixels agree either way.
    @Test func solidBlittersTakeStripsInsteadOfTheMonotonePath() throws {
        let r = PolygonRasterizer(), mono = PolygonRasterizer()
        mono.stripKernel = false // the monotone path, as before strips were taken
        let pts = Self.roundedRect(cx: 85, cy: 40, w: 60, h: 40, r: 8, angle: 0.3, n: 9) // crosses the right edge
        let a = try Surface(width: 100, height: 80), b = try Surface(width: 100, height: 80)
        let color = PremultipliedRGBA8(r: 90, g: 0, b: 40, a: 200)
        var ba = Blitter(surface: a, paint: .solid(color), scratch: ScanlineScratch())
        r.fill(Polygon([pts]), rule: .nonZero, clip: PixelRect(a), into: &ba)
        #expect(r.lastFillWasMonotone == (lamina_kernels_use_avx2() == 0))
        var bb = Blitter(surface: b, paint: .solid(color), scratch: ScanlineScratch())
        mono.fill(Polygon([pts]), rule: .nonZero, clip: PixelRect(b), into: &bb)
        #expect(mono.lastFillWasMonotone)
        #expect(a.bytes() == b.bytes())
        // A clip reaching past the surface, or a sink that is not a solid blitter: monotone.
        r.fill(Polygon([pts]), rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 130, y1: 80), into: &ba)
        #expect(r.lastFillWasMonotone)
        let mask = try AlphaMask(width: 100, height: 80)
        var sink = MaskWriterSink(mask)
        r.fill(Polygon([pts]), rule: .nonZero, clip: PixelRect(a), into: &sink)
        #expect(r.lastFillWasMonotone)
    }

    @Test func rotatedRoundedRectsAndQuadsGiveTheSameCalls() {
        var rng = SplitMix64(51)
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        for i in 0..<1500 {
            let w = 1 + rng.uniform() * 150, h = 1 + rng.uniform() * 100
            let r = min(w, h) / 2 * rng.uniform()
            let angle = i % 7 == 0 ? Double(i % 4) * Double.pi / 2 : rng.uniform() * 2 * Double.pi
            let cx = -40 + rng.uniform() * 280, cy = -40 + rng.uniform() * 280
            let pts = Self.roundedRect(cx: cx, cy: cy, w: w, h: h, r: r, angle: angle, n: 1 + Int(rng.next() % 12))
            let y0 = Int(rng.next() % 200)
            let clip = i % 2 == 0 ? PixelRect(x0: 0, y0: 0, x1: 200, y1: 200) : PixelRect(x0: 0, y0: y0, x1: 200, y1: y0 + 1 + Int(rng.next() % 40))
            let rule: FillRule = i % 3 == 0 ? .evenOdd : .nonZero
            let (a, b, routed) = Self.both(Polygon([pts]), rule: rule, clip: clip, fast: fast, strip: strip)
            #expect(a == b, "rounded rect \(i)")
            if a != b { return }
            #expect(routed || a.isEmpty, "rounded rect \(i) not routed")
            // The quad of the same rect through fillQuad.
            let q = Self.roundedRect(cx: cx, cy: cy, w: w, h: h, r: 0, angle: angle, n: 1)
            var sa = RecordingSink(), sb = RecordingSink()
            fast.monotoneFastPath = true; fast.denseSweep = false
            fast.fillQuad(q[0], q[2], q[4], q[6], rule: rule, clip: clip, generic: &sa)
            strip.monotoneFastPath = false; strip.denseSweep = false
            strip.fillQuad(q[0], q[2], q[4], q[6], rule: rule, clip: clip, generic: &sb)
            #expect(sa.calls == sb.calls, "quad \(i)")
        }
    }

    @Test func pixelsThroughABlitterAreIdentical() throws {
        var rng = SplitMix64(7)
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        fast.monotoneFastPath = true; fast.denseSweep = false; strip.monotoneFastPath = false; strip.denseSweep = false
        let a = try Surface(width: 300, height: 200), b = try Surface(width: 300, height: 200)
        let scratch = ScanlineScratch(width: 300)
        for i in 0..<600 {
            let pts = Self.randomConvex(&rng, scale: [2, 40, 150][i % 3], cx: rng.uniform() * 300, cy: rng.uniform() * 200)
            let color = PremultipliedRGBA8(packed: rng.premultiplied())
            let alpha = UInt8(truncatingIfNeeded: 1 + rng.next() % 255)
            var ba = Blitter(surface: a, paint: .solid(color), alpha: alpha, scratch: scratch)
            var bb = Blitter(surface: b, paint: .solid(color), alpha: alpha, scratch: scratch)
            fast.fill(Polygon([pts]), rule: .nonZero, clip: PixelRect(a), into: &ba)
            strip.fill(Polygon([pts]), rule: .nonZero, clip: PixelRect(b), into: &bb)
        }
        Self.expectSamePixels(a, b)
    }

    /// With the dense sweep on, the monotone path's other rows (one range, or two close ones as
    /// in thin slivers) are dense cell runs: the pixels must still be the strip sweep's, for
    /// wide and thin convex shapes, both rules, clips cutting them.
    @Test func denseMonotoneRowsPaintTheStripSweepsPixels() throws {
        var rng = SplitMix64(8)
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        fast.monotoneFastPath = true; strip.monotoneFastPath = false; strip.denseSweep = false
        fast.stripKernel = false // a solid blitter would take the strips instead of the monotone path
        let a = try Surface(width: 300, height: 200), b = try Surface(width: 300, height: 200)
        let scratch = ScanlineScratch(width: 300)
        var routed = 0
        for i in 0..<600 {
            var pts = Self.randomConvex(&rng, scale: [2, 40, 150][i % 3], cx: rng.uniform() * 300, cy: rng.uniform() * 200)
            if i % 2 == 0 { pts = pts.map { RasterPoint($0.x * 0.04 + pts[0].x * 0.96, $0.y) } } // thin slivers
            let color = PremultipliedRGBA8(packed: rng.premultiplied())
            let rule: FillRule = i % 3 == 0 ? .evenOdd : .nonZero
            let clip = PixelRect(x0: Int(rng.next() % 40), y0: Int(rng.next() % 30), x1: 300 - Int(rng.next() % 40), y1: 200)
            var ba = Blitter(surface: a, paint: .solid(color), scratch: scratch)
            var bb = Blitter(surface: b, paint: .solid(color), scratch: scratch)
            fast.fill(Polygon([pts]), rule: rule, clip: clip, into: &ba)
            if fast.lastFillWasMonotone { routed += 1 }
            strip.fill(Polygon([pts]), rule: rule, clip: clip, into: &bb)
        }
        #expect(routed > 400)
        Self.expectSamePixels(a, b)
    }

    /// Blitter's fused `blendEdges` paints what the three calls it stands for paint.
    @Test func blitterBlendEdgesEqualsItsThreeCalls() throws {
        var rng = SplitMix64(3)
        let w = 97, h = 5
        let a = try Surface(width: w, height: h), b = try Surface(width: w, height: h)
        let scratch = ScanlineScratch(width: w)
        var bytes = [UInt8](repeating: 0, count: 400)
        for i in 0..<4000 {
            for k in 0..<bytes.count { bytes[k] = rng.next() % 4 == 0 ? 255 : (rng.next() % 4 == 0 ? 0 : rng.byte()) }
            let color = PremultipliedRGBA8(packed: rng.premultiplied())
            let alpha: UInt8 = rng.next() % 3 == 0 ? 255 : rng.byte()
            let mode: BlendMode = i % 5 == 4 ? .multiply : .normal
            let y = Int(rng.next() % UInt64(h + 2)) - 1
            let x0 = Int(rng.next() % 140) - 30, n0 = 1 + Int(rng.next() % 12)
            let x1 = x0 + n0 + 1 + Int(rng.next() % 60), n1 = 1 + Int(rng.next() % 12)
            let run: UInt8 = rng.next() % 3 == 0 ? 255 : (rng.next() % 5 == 0 ? 0 : rng.byte())
            bytes.withUnsafeBufferPointer { p in
                var ba = Blitter(surface: a, paint: .solid(color), mode: mode, alpha: alpha, scratch: scratch)
                ba.blendEdges(y: y, x0: x0, n0: n0, c0: p.baseAddress!, run: run, x1: x1, n1: n1, c1: p.baseAddress! + 200)
                var bb = Blitter(surface: b, paint: .solid(color), mode: mode, alpha: alpha, scratch: scratch)
                bb.blendSpan(y: y, x: x0, count: n0, coverage: p.baseAddress!)
                if run != 0 { bb.blendRun(y: y, x: x0 + n0, count: x1 - x0 - n0, coverage: run) }
                bb.blendSpan(y: y, x: x1, count: n1, coverage: p.baseAddress! + 200)
            }
        }
        Self.expectSamePixels(a, b)
    }

    /// Blitter's `blendEdgeCells` (the fused AVX2 kernel when it applies) paints, returns and
    /// clears what its definition — two `sumCells` and `blendEdges` — does: random cells
    /// (extremes, both rules), edge ranges of 1...12 cells, rows partly off the surface.
    @Test func blitterBlendEdgeCellsEqualsItsDefinition() throws {
        var rng = SplitMix64(4)
        let w = 97, h = 5
        let a = try Surface(width: w, height: h), b = try Surface(width: w, height: h)
        let scratch = ScanlineScratch(width: w)
        var cov = [UInt8](repeating: 0, count: 64)
        for i in 0..<4000 {
            var cells = (0..<200).map { _ -> Int32 in
                switch rng.next() % 8 {
                case 0: return [Int32.min, Int32.max, 1 << 17, -(1 << 17)][Int(rng.next() % 4)]
                case 1: return Int32(truncatingIfNeeded: rng.next())
                case 2, 3: return 0
                default: return Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 18)) - (1 << 17))
                }
            }
            var cellsB = cells
            let color = PremultipliedRGBA8(packed: rng.premultiplied())
            let rule: FillRule = i % 3 == 0 ? .evenOdd : .nonZero
            let y = Int(rng.next() % UInt64(h + 2)) - 1
            let x0 = Int(rng.next() % 130) - 20, n0 = 1 + Int(rng.next() % 12)
            let x1 = x0 + n0 + 8 + Int(rng.next() % 40), n1 = 1 + Int(rng.next() % 12)
            let o0 = 10, o1 = o0 + (x1 - x0)
            var ba = Blitter(surface: a, paint: .solid(color), scratch: scratch)
            var bb = Blitter(surface: b, paint: .solid(color), scratch: scratch)
            let sa = cells.withUnsafeMutableBufferPointer { c in
                cov.withUnsafeMutableBufferPointer { k in
                    ba.blendEdgeCells(y: y, x0: x0, n0: n0, cells0: c.baseAddress! + o0, x1: x1, n1: n1,
                                      cells1: c.baseAddress! + o1, rule: rule, coverage: k.baseAddress!)
                }
            }
            let sb = cellsB.withUnsafeMutableBufferPointer { c in
                cov.withUnsafeMutableBufferPointer { k in
                    bb.sumThenBlendEdgeCells(y: y, x0: x0, n0: n0, cells0: c.baseAddress! + o0, x1: x1, n1: n1,
                                             cells1: c.baseAddress! + o1, rule: rule, coverage: k.baseAddress!)
                }
            }
            #expect(sa == sb, "call \(i)")
            #expect(cells == cellsB, "call \(i): cells")
        }
        Self.expectSamePixels(a, b)
    }

    @Test func degenerateInputs() {
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        let clip = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        func P(_ x: Double, _ y: Double) -> RasterPoint { RasterPoint(x, y) }
        var cases: [[RasterPoint]] = []
        cases.append([P(5, 5), P(20, 5)]) // a horizontal segment
        cases.append([P(5, 5), P(5, 30)]) // a vertical segment (two edges)
        cases.append([P(5, 5), P(20, 5), P(40, 5)]) // collinear horizontal
        cases.append([P(5, 5), P(10, 10), P(20, 20)]) // collinear slanted
        cases.append([P(10, 10), P(10.001, 40), P(10.002, 10)]) // a sliver
        cases.append([P(3.2, 3.7), P(3.6, 3.8), P(3.3, 3.9)]) // inside one pixel
        cases.append([P(-1e12, -1e12), P(1e12, -1e12), P(1e12, 1e12), P(-1e12, 1e12)])
        cases.append([P(-1e9, 30), P(30, -1e9), P(1e9, 30), P(30, 1e9)])
        cases.append([P(0, 0), P(64, 0), P(64, 64), P(0, 64)])
        cases.append([P(70, 10), P(90, 20), P(70, 40)]) // right of the clip
        cases.append([P(-30, 10), P(-10, 20), P(-30, 40)]) // left of the clip
        cases.append([P(50, 10), P(90, 20), P(90, 30), P(50, 40)]) // crosses the right column
        cases.append([P(60, 1), P(200, 30), P(60, 62)])
        cases.append([P(10, 10), P(.nan, 20), P(30, 30)])

        for (i, pts) in cases.enumerated() {
            for rule in [FillRule.nonZero, .evenOdd] {
                for c in [clip, PixelRect(x0: 0, y0: 20, x1: 64, y1: 21), PixelRect(x0: 62, y0: 0, x1: 70, y1: 64)] {
                    let (a, b, _) = Self.both(Polygon([pts]), rule: rule, clip: c, fast: fast, strip: strip)
                    #expect(a == b, "case \(i) \(rule) \(c)")
                }
            }
        }
    }

    @Test func nonMonotoneOutlinesAreNotRouted() {
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        let clip = PixelRect(x0: 0, y0: 0, x1: 200, y1: 200)
        var star: [RasterPoint] = []
        for k in 0..<10 {
            let a = Double(k) * Double.pi / 5, r = k % 2 == 0 ? 80.0 : 30.0
            star.append(RasterPoint(100 + r * cos(a), 100 + r * sin(a)))
        }
        var pentagram: [RasterPoint] = []
        for k in 0..<5 {
            let a: Double = Double(k * 2) * 2 * Double.pi / 5
            pentagram.append(RasterPoint(100 + 80 * cos(a), 100 + 80 * sin(a)))
        }
        let square = [RasterPoint(20, 20), RasterPoint(80, 20), RasterPoint(80, 80), RasterPoint(20, 80)]
        let other = [RasterPoint(120, 20), RasterPoint(180, 20), RasterPoint(180, 80), RasterPoint(120, 80)]
        let ring = [square, [RasterPoint(30, 30), RasterPoint(30, 70), RasterPoint(70, 70), RasterPoint(70, 30)]]
        // A zigzag band (a stroke-like outline): down one side, up the other, with turns.
        var zig: [RasterPoint] = []
        for k in 0...8 { zig.append(RasterPoint(20 + Double(k) * 20, k % 2 == 0 ? 40 : 120)) }
        for k in (0...8).reversed() { zig.append(RasterPoint(20 + Double(k) * 20, (k % 2 == 0 ? 40 : 120) + 15)) }
        let polygons: [Polygon] = [Polygon([star]), Polygon([pentagram]), Polygon([square, other]), Polygon(ring), Polygon([zig])]
        for (i, p) in polygons.enumerated() {
            for rule in [FillRule.nonZero, .evenOdd] {
                let (a, b, routed) = Self.both(p, rule: rule, clip: clip, fast: fast, strip: strip)
                #expect(!routed, "polygon \(i) was routed to the monotone path")
                #expect(a == b)
            }
        }
        // A convex one is routed (the flag reports it).
        let (_, _, routed) = Self.both(Polygon([square]), rule: .nonZero, clip: clip, fast: fast, strip: strip)
        #expect(routed)
    }

    @Test func monotoneButNotConvexIsStillExact() {
        // Chains that are y-monotone but not convex (a wavy left side, a staircase with
        // horizontal steps) and self-crossing two-chain shapes: whichever path takes them, the
        // calls are the same.
        var rng = SplitMix64(99)
        let fast = PolygonRasterizer(), strip = PolygonRasterizer()
        for i in 0..<500 {
            var left: [RasterPoint] = [], right: [RasterPoint] = []
            var y = rng.uniform() * 50
            let n = 2 + Int(rng.next() % 20)
            for _ in 0..<n {
                left.append(RasterPoint(rng.uniform() * 150 - 20, y))
                right.append(RasterPoint(rng.uniform() * 150 + 30, y + (rng.next() % 3 == 0 ? 0 : rng.uniform() * 5)))
                y += rng.next() % 4 == 0 ? 0 : rng.uniform() * 20
            }
            let pts = left + right.reversed()
            let c = PixelRect(x0: Int(rng.next() % 40), y0: 0, x1: 60 + Int(rng.next() % 100), y1: 160)
            for rule in [FillRule.nonZero, .evenOdd] {
                let (a, b, _) = Self.both(Polygon([pts]), rule: rule, clip: c, fast: fast, strip: strip)
                #expect(a == b, "shape \(i) \(rule)")
                if a != b { return }
            }
        }
    }
}

import Testing
@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
import _LaminaTestSupport
#endif

/// A position-dependent test paint (a diagonal ramp), premultiplied.
struct RampShader: SpanShader {
    var isOpaque: Bool { false }
    func shade(y: Int, x: Int, count: Int, into: UnsafeMutablePointer<UInt32>) {
        for i in 0..<count {
            let a = UInt32(128 + ((x + i + y) & 127))
            let r = UInt32((x + i) * 3 & 255) * a / 255, g = UInt32(y * 5 & 255) * a / 255
            into[i] = r | g << 8 | (a / 2) << 16 | a << 24
        }
    }
}

/// A scene of many anti-aliased shapes, rendered band by band.
enum TestScene {
    enum Shape {
        case polygon(Polygon, FillRule)
        case rounded(RoundedRect)
        case quad(RasterPoint, RasterPoint, RasterPoint, RasterPoint)
        case ring(RoundedRect, RoundedRect)
    }
    struct Item { var shape: Shape; var paint: Paint; var mode: BlendMode; var alpha: UInt8 }

    static func make(width: Int, height: Int, count: Int, seed: UInt64) -> [Item] {
        var rng = SplitMix64(seed)
        var items: [Item] = []
        let modes: [BlendMode] = [.normal, .normal, .normal, .multiply, .screen, .copy, .sourceAtop, .xor]
        for i in 0..<count {
            let cx = rng.uniform() * Double(width), cy = rng.uniform() * Double(height)
            let w = 6 + rng.uniform() * 60, h = 6 + rng.uniform() * 40, ang = rng.uniform() * 2 * Double.pi
            func rot(_ u: Double, _ v: Double) -> RasterPoint {
                RasterPoint(cx + u * cos(ang) - v * sin(ang), cy + u * sin(ang) + v * cos(ang))
            }
            let shape: Shape
            switch i % 5 {
            case 4:
                let o = RoundedRect(x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2, radius: min(w, h) * 0.3)
                let b = 1.5 + rng.uniform() * 2
                shape = .ring(o, RoundedRect(x0: o.x0 + b, y0: o.y0 + b, x1: o.x1 - b, y1: o.y1 - b, radius: max(0, min(w, h) * 0.3 - b)))
            case 0: shape = .rounded(RoundedRect(x0: cx - w / 2, y0: cy - h / 2, x1: cx + w / 2, y1: cy + h / 2, radius: min(w, h) * 0.3))
            case 1: shape = .quad(rot(-w / 2, -h / 2), rot(w / 2, -h / 2), rot(w / 2, h / 2), rot(-w / 2, h / 2))
            case 2:
                var star: [RasterPoint] = []
                for k in 0..<7 { let a = ang + Double(k * 3) * 2 * Double.pi / 7; star.append(RasterPoint(cx + w * cos(a), cy + w * sin(a))) }
                shape = .polygon(Polygon([star]), i % 8 == 2 ? .evenOdd : .nonZero)
            default:
                shape = .polygon(Polygon([flattenedRoundedRect(-w / 2, -h / 2, w / 2, h / 2, r: min(w, h) * 0.25, segments: 6)
                    .map { rot($0.x, $0.y) }]), .nonZero)
            }
            let color = PremultipliedRGBA8(straightRed: rng.uniform(), green: rng.uniform(), blue: rng.uniform(), alpha: 0.3 + 0.7 * rng.uniform())
            let paint: Paint = i % 5 == 4 ? .shader(RampShader()) : .solid(color)
            items.append(Item(shape: shape, paint: paint, mode: modes[i % modes.count], alpha: i % 3 == 0 ? 153 : 255))
        }
        return items
    }

    /// Every seventh item is drawn through an A8 clip mask (a radial-ish ramp).
    static func render(_ items: [Item], into surface: Surface, pool: WorkerPool, bandHeight: Int) throws {
        let rasterizers = (0..<pool.workerCount).map { _ in PolygonRasterizer() }
        let scratches = (0..<pool.workerCount).map { _ in ScanlineScratch(width: surface.width) }
        let clipMask = try AlphaMask(width: surface.width - 20, height: surface.height - 10)
        for y in 0..<clipMask.height { for x in 0..<clipMask.width { clipMask[x, y] = UInt8((x * 7 + y * 3) & 255) } }
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, worker in
            let clip = PixelRect(surface).rows(rows)
            for (i, item) in items.enumerated() {
                let b = Blitter(surface: surface, paint: item.paint, mode: item.mode, alpha: item.alpha, scratch: scratches[worker])
                if i % 7 == 3 {
                    var m = MaskClipSink(base: b, mask: clipMask, originX: 10, originY: 4,
                                         scratch: scratches[worker])
                    draw(item.shape, clip: clip, rasterizer: rasterizers[worker], into: &m)
                } else {
                    var bb = b
                    draw(item.shape, clip: clip, rasterizer: rasterizers[worker], into: &bb)
                }
            }
        }
    }

    static func draw<S: CoverageSink>(_ shape: Shape, clip: PixelRect, rasterizer: PolygonRasterizer, into sink: inout S) {
        switch shape {
        case let .polygon(p, rule): rasterizer.fill(p, rule: rule, clip: clip, into: &sink)
        case let .rounded(rr): AnalyticCoverage.fillRoundedRect(rr, clip: clip, into: &sink)
        case let .quad(a, b, c, d): rasterizer.fillQuad(a, b, c, d, clip: clip, into: &sink)
        case let .ring(o, i): AnalyticCoverage.fillRoundedRectRing(outer: o, inner: i, clip: clip, into: &sink)
        }
    }
}

@Suite struct ParallelRenderTests {
    @Test func oneThreadEqualsManyThreadsAndAnyBandSize() throws {
        let items = TestScene.make(width: 160, height: 120, count: 120, seed: 42)
        let reference = try Surface(width: 160, height: 120)
        reference.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        try TestScene.render(items, into: reference, pool: WorkerPool(threadCount: 1), bandHeight: 1 << 20)
        if getenv("LAMINA_DUMP") != nil {
            dumpPNG(reference, "/tmp/lamina-raster-scene.png")
            let few = try Surface(width: 160, height: 120)
            few.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
            try TestScene.render(TestScene.make(width: 160, height: 120, count: 12, seed: 5), into: few, pool: WorkerPool(threadCount: 1), bandHeight: 16)
            dumpPNG(few, "/tmp/lamina-raster-few.png")
        }
        // The scene draws something everywhere-ish: not a blank image.
        #expect(Set(reference.bytes()).count > 100)
        for threads in [1, 2, 3, 4] {
            let pool = WorkerPool(threadCount: threads)
            for band in [1, 7, 64] {
                let s = try Surface(width: 160, height: 120)
                s.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
                try TestScene.render(items, into: s, pool: pool, bandHeight: band)
                #expect(s.bytes() == reference.bytes(), "\(threads) threads, band \(band)")
            }
        }
    }

    @Test func everyBandRunsExactlyOnce() {
        let pool = WorkerPool(threadCount: 3)
        #expect(pool.workerCount == 3)
        for (height, band) in [(100, 7), (1, 64), (64, 64), (65, 64), (0, 5), (10, 0), (10, -3)] {
            let counts = UnsafeMutablePointer<Int>.allocate(capacity: max(1, height))
            counts.initialize(repeating: 0, count: max(1, height))
            defer { counts.deallocate() }
            pool.forEachBand(height: height, bandHeight: band) { rows, worker in
                precondition(worker >= 0 && worker < 3)
                for y in rows { counts[y] += 1 } // bands are disjoint: no two threads touch one row
            }
            #expect((0..<height).allSatisfy { counts[$0] == 1 }, "height \(height) band \(band)")
        }
    }

    /// A band loop whose body is an object (`BandWork`, no closure value) counts its rows.
    final class RowCounter: BandWork, @unchecked Sendable {
        let counts: UnsafeMutablePointer<Int>
        let workers: Int
        init(counts: UnsafeMutablePointer<Int>, workers: Int) { self.counts = counts; self.workers = workers }
        func band(_ rows: Range<Int>, worker: Int) {
            precondition(worker >= 0 && worker < workers)
            for y in rows { counts[y] += 1 }
        }
    }

    @Test func everyBandOfAnObjectsLoopRunsExactlyOnce() {
        let pool = WorkerPool(threadCount: 3)
        for (height, band) in [(100, 7), (1, 64), (64, 64), (65, 64), (0, 5), (10, 0), (10, -3), (2, 1)] {
            let counts = UnsafeMutablePointer<Int>.allocate(capacity: max(1, height))
            counts.initialize(repeating: 0, count: max(1, height))
            defer { counts.deallocate() }
            let work = RowCounter(counts: counts, workers: 3)
            pool.forEachBand(height: height, bandHeight: band, work: work)
            #expect((0..<height).allSatisfy { counts[$0] == 1 }, "height \(height) band \(band)")
        }
    }

    @Test func nestedUseRunsSequentiallyInsteadOfDeadlocking() {
        let pool = WorkerPool(threadCount: 2)
        let total = UnsafeMutablePointer<Int>.allocate(capacity: 4)
        total.initialize(repeating: 0, count: 4)
        defer { total.deallocate() }
        pool.forEachBand(height: 4, bandHeight: 1) { rows, _ in
            pool.forEachBand(height: 3, bandHeight: 1) { inner, _ in total[rows.lowerBound] += inner.count }
        }
        #expect((0..<4).allSatisfy { total[$0] == 3 })
        // Many repeated jobs on one pool (each wraps a non-escaping closure, which must be
        // released by every worker before the call returns), and a pool released while idle.
        let pool4 = WorkerPool(threadCount: 4)
        let hits = UnsafeMutablePointer<Int>.allocate(capacity: 8)
        hits.initialize(repeating: 0, count: 8)
        defer { hits.deallocate() }
        for round in 0..<2000 {
            pool4.forEachBand(height: 8, bandHeight: 1) { rows, _ in hits[rows.lowerBound] += round & 1 }
        }
        #expect((0..<8).allSatisfy { hits[$0] == 1000 })
        _ = WorkerPool(threadCount: 4)
    }
}

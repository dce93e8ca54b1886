import Testing
@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
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
            switch i % 4 {
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

    static func render(_ items: [Item], into surface: Surface, pool: WorkerPool, bandHeight: Int) {
        let rasterizers = (0..<pool.workerCount).map { _ in PolygonRasterizer() }
        let scratches = (0..<pool.workerCount).map { _ in ScanlineScratch(width: surface.width) }
        pool.forEachBand(height: surface.height, bandHeight: bandHeight) { rows, worker in
            let clip = PixelRect(surface).rows(rows)
            for item in items {
                var b = Blitter(surface: surface, paint: item.paint, mode: item.mode, alpha: item.alpha, scratch: scratches[worker])
                switch item.shape {
                case let .polygon(p, rule): rasterizers[worker].fill(p, rule: rule, clip: clip, into: &b)
                case let .rounded(rr): AnalyticCoverage.fillRoundedRect(rr, clip: clip, into: &b)
                case let .quad(a, bb, c, d): rasterizers[worker].fillQuad(a, bb, c, d, clip: clip, into: &b)
                }
            }
        }
    }
}

@Suite struct ParallelRenderTests {
    @Test func oneThreadEqualsManyThreadsAndAnyBandSize() throws {
        let items = TestScene.make(width: 160, height: 120, count: 120, seed: 42)
        let reference = try Surface(width: 160, height: 120)
        reference.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        TestScene.render(items, into: reference, pool: WorkerPool(threadCount: 1), bandHeight: 1 << 20)
        if getenv("LAMINA_DUMP") != nil {
            dumpPNG(reference, "/tmp/lamina-raster-scene.png")
            let few = try Surface(width: 160, height: 120)
            few.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
            TestScene.render(TestScene.make(width: 160, height: 120, count: 12, seed: 5), into: few, pool: WorkerPool(threadCount: 1), bandHeight: 16)
            dumpPNG(few, "/tmp/lamina-raster-few.png")
        }
        // The scene draws something everywhere-ish: not a blank image.
        #expect(Set(reference.bytes()).count > 100)
        for threads in [1, 2, 3, 4] {
            let pool = WorkerPool(threadCount: threads)
            for band in [1, 7, 64] {
                let s = try Surface(width: 160, height: 120)
                s.fill(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
                TestScene.render(items, into: s, pool: pool, bandHeight: band)
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

    @Test func nestedUseRunsSequentiallyInsteadOfDeadlocking() {
        let pool = WorkerPool(threadCount: 2)
        let total = UnsafeMutablePointer<Int>.allocate(capacity: 4)
        total.initialize(repeating: 0, count: 4)
        defer { total.deallocate() }
        pool.forEachBand(height: 4, bandHeight: 1) { rows, _ in
            pool.forEachBand(height: 3, bandHeight: 1) { inner, _ in total[rows.lowerBound] += inner.count }
        }
        #expect((0..<4).allSatisfy { total[$0] == 3 })
        // Repeated jobs on one pool, and a pool released while idle, are fine.
        for _ in 0..<50 { pool.forEachBand(height: 8, bandHeight: 1) { _, _ in } }
        _ = WorkerPool(threadCount: 4)
    }
}

@Suite struct SurfacePoolTests {
    @Test func buffersAreReusedBySizeClass() throws {
        let pool = SurfacePool()
        let a = try pool.checkout(width: 100, height: 50)
        #expect(a.width == 100 && a.height == 50 && a.bytes().allSatisfy { $0 == 0 })
        a.fill(PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))
        let base = a.base
        pool.checkin(a)
        #expect(pool.freeBytes > 0)
        // Same size: the very same surface object, cleared.
        let b = try pool.checkout(width: 100, height: 50)
        #expect(b === a && b.bytes().allSatisfy { $0 == 0 })
        pool.checkin(b)
        // Another size in the same class shares the buffer.
        let c = try pool.checkout(width: 120, height: 60, cleared: false)
        #expect(c.base == base && c.width == 120)
        // While c is out, a second request gets a different buffer.
        let d = try pool.checkout(width: 120, height: 60)
        #expect(d.base != base)
        pool.checkin(c); pool.checkin(d)
        pool.checkin(try Surface(width: 3, height: 3)) // not from the pool: ignored
        pool.purge()
        #expect(pool.freeBytes == 0)
    }

    @Test func badSizesThrow() {
        let pool = SurfacePool()
        #expect(throws: Surface.Error.invalidSize(width: 0, height: 4)) { try pool.checkout(width: 0, height: 4) }
        #expect(throws: Surface.Error.tooLarge(width: 40_000, height: 4)) { try pool.checkout(width: 40_000, height: 4) }
    }
}

// Frames drawn in bands on 1, 2 and 3 threads, with several band counts, against the whole
// frame on one thread: the same bytes. And the `LAMINA_THREADS` setting.
import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite struct RegionThreadTests {
    @Test(arguments: [1, 2, 3])
    func bandsOnThreadsGiveTheOneThreadBytes(_ threads: Int) throws {
        let pool = WorkerPool(threadCount: threads)
        #expect(pool.workerCount == threads)
        for seed in 0..<24 {
            var rng = SplitMix64(UInt64(seed) &* 104_729 &+ 5)
            let size = 64 + CGFloat(rng.next() % 64)
            let tree = RegionRandomTreeTests.randomTree(size: size, count: 4 + Int(rng.next() % 10), rng: &rng)
            let w = Int(size), h = Int(size) - 5
            let compositor = Compositor()
            let one = try Compositor().render(tree: tree, width: w, height: h, background: RegionRandomTreeTests.background)
            for bands in [threads, 2 * threads + 1, 7] {
                let many = try compositor.render(tree: tree, width: w, height: h, background: RegionRandomTreeTests.background,
                                                 bands: bands, pool: pool)
                #expect(many.bytes() == one.bytes(), "seed \(seed), \(threads) thread(s), \(bands) bands")
            }
            let perWorker = try compositor.render(tree: tree, width: w, height: h, background: RegionRandomTreeTests.background,
                                                  pool: pool)
            #expect(perWorker.bytes() == one.bytes(), "seed \(seed), \(threads) thread(s), a band per worker")
        }
    }

    /// 3D planes drawn in bands shared by the threads (PlaneBands.swift): the random trees'
    /// perspective planes, nested groups, masks and shadows, with the split threshold lowered
    /// so planes of these small frames are banded — as a whole frame in bands, and as one
    /// region (an incremental frame's single damage rectangle, banded on the idle pool).
    @Test(arguments: [2, 3])
    func planesInBandsGiveTheOneThreadBytes(_ threads: Int) throws {
        let pool = WorkerPool(threadCount: threads)
        var banded = 0
        for seed in 0..<40 {
            var rng = SplitMix64(UInt64(seed) &* 7_919 &+ 11)
            let size = 80 + CGFloat(rng.next() % 48)
            let tree = RegionRandomTreeTests.randomTree(size: size, count: 5 + Int(rng.next() % 10), rng: &rng)
            let w = Int(size), h = Int(size) - 3
            let compositor = Compositor()
            let one = try Compositor().render(tree: tree, width: w, height: h, background: RegionRandomTreeTests.background)
            let list = compositor.drawList(tree: tree, width: w, height: h)
            for regions in [Compositor.bands(width: w, height: h, count: threads), [PixelBox(x0: 0, y0: 0, x1: w, y1: h)]] {
                let out = RegionCheck.junk(width: w, height: h, seed: 5)
                banded += try compositor.render(list, into: out, regions: regions, background: RegionRandomTreeTests.background,
                                                pool: pool, minimumSplitPixels: 256)
                #expect(out.bytes() == one.bytes(), "seed \(seed), \(threads) threads, \(regions.count) region(s)")
            }
        }
        // Not vacuous: planes were banded.
        #expect(banded >= 10, "\(banded) planes banded")
    }

    /// The rectangles a frame's damage is drawn as on several threads: row-disjoint, covering
    /// every damaged pixel, large ones cut into one band a worker, small ones whole; one
    /// worker keeps the damage as it is.
    @Test func damageRegionsAreRowDisjointBands() {
        let damage = [PixelBox(x0: 10, y0: 10, x1: 50, y1: 30), PixelBox(x0: 60, y0: 20, x1: 90, y1: 40),
                      PixelBox(x0: 0, y0: 100, x1: 300, y1: 400), PixelBox(x0: 5, y0: 500, x1: 9, y1: 504), .empty]
        #expect(RenderThreads.regions(for: damage, workers: 1, minimumPixels: 5000) == damage)
        let r = RenderThreads.regions(for: damage, workers: 3, minimumPixels: 5000)
        // The first two share rows 20..<30: merged (2,400 px, whole); 300 × 300 in three bands.
        #expect(r == [PixelBox(x0: 10, y0: 10, x1: 90, y1: 40),
                      PixelBox(x0: 0, y0: 100, x1: 300, y1: 200), PixelBox(x0: 0, y0: 200, x1: 300, y1: 300),
                      PixelBox(x0: 0, y0: 300, x1: 300, y1: 400), PixelBox(x0: 5, y0: 500, x1: 9, y1: 504)])
        let sorted = r.sorted { $0.y0 < $1.y0 }
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.y1 <= $1.y0 })
        // A frame at the threshold is split; a row short of it is not.
        #expect(RenderThreads.regions(for: [PixelBox(x0: 0, y0: 0, x1: 256, y1: 256)], workers: 2,
                                      minimumPixels: RenderThreads.minimumSplitPixels).count == 2)
        #expect(RenderThreads.regions(for: [PixelBox(x0: 0, y0: 0, x1: 256, y1: 255)], workers: 2,
                                      minimumPixels: RenderThreads.minimumSplitPixels).count == 1)
        #expect(RenderThreads.pool(threads: 1) == nil && RenderThreads.pool(threads: -4) == nil)
        #expect(RenderThreads.pool(threads: 3)?.workerCount == 3)
        #expect(RenderThreads.defaultPool?.workerCount ?? 1 == RenderThreads.sharedPool.workerCount)
    }

    @Test func bandsCoverTheFrameOnce() {
        let b = Compositor.bands(width: 10, height: 11, count: 4)
        #expect(b.map(\.height) == [3, 3, 3, 2])
        #expect(b.first?.y0 == 0 && b.last?.y1 == 11 && b.allSatisfy { $0.x0 == 0 && $0.x1 == 10 })
        #expect(zip(b, b.dropFirst()).allSatisfy { $0.y1 == $1.y0 })
        #expect(Compositor.bands(width: 10, height: 2, count: 5).count == 2)
        #expect(Compositor.bands(width: 10, height: 0, count: 3).isEmpty)
        #expect(Compositor.bands(width: 10, height: 3, count: 0).count == 1)
    }

    @Test func threadSettingReadsLaminaThreads() {
        #expect(RenderThreads.count(environment: [:], cores: 6) == 6)
        #expect(RenderThreads.count(environment: ["LAMINA_THREADS": "3"], cores: 6) == 3)
        #expect(RenderThreads.count(environment: ["LAMINA_THREADS": " 2 "], cores: 6) == 2)
        #expect(RenderThreads.count(environment: ["LAMINA_THREADS": "500"], cores: 6) == 64)
        for bad in ["", "0", "-2", "two", "1.5"] {
            #expect(RenderThreads.count(environment: ["LAMINA_THREADS": bad], cores: 6) == 6, "\(bad)")
        }
        #expect(RenderThreads.count(environment: [:], cores: 0) == 1)
        #expect(RenderThreads.sharedPool.workerCount == RenderThreads.configured)
    }

    @Test func aRegionOfAWrongSizedSurfaceThrows() throws {
        var rng = SplitMix64(9)
        let tree = RegionRandomTreeTests.randomTree(size: 40, count: 3, rng: &rng)
        let c = Compositor()
        let list = c.drawList(tree: tree, width: 40, height: 40)
        let s = try Surface(width: 30, height: 40)
        #expect(throws: CompositorError.invalidOutputSize(width: 30, height: 40)) {
            try c.render(list, into: s, region: PixelBox(x0: 0, y0: 0, x1: 10, y1: 10))
        }
        // An empty or outside region changes nothing.
        let t = try Surface(width: 40, height: 40)
        t.fill(PremultipliedRGBA8(r: 1, g: 2, b: 3, a: 255))
        let before = t.bytes()
        try c.render(list, into: t, region: PixelBox(x0: 50, y0: 0, x1: 60, y1: 10))
        try c.render(list, into: t, region: .empty)
        #expect(t.bytes() == before)
    }

    /// A region render draws offscreen groups only over the rows it needs: a 100 × 100 group
    /// whose whole surface (40,000 bytes) would not fit a 12,000-byte budget fits for 8 rows
    /// (its 3,200-byte crop and the 3,200 bytes of the band's columns put back), with the
    /// whole frame's bytes in them.
    @Test func groupsAreDrawnOverTheRowsARegionNeeds() throws {
        var group = RenderNode(id: RenderNodeID(1), children: [RenderNodeID(2), RenderNodeID(3)],
                               bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        group.opacity = 0.5
        let a = RenderNode(id: RenderNodeID(2), bounds: CGRect(x: 0, y: 0, width: 70, height: 70), position: CGPoint(x: 40, y: 40),
                           backgroundColor: CGColor(red: 1, green: 0, blue: 0, alpha: 1), cornerRadius: 9)
        let b = RenderNode(id: RenderNodeID(3), bounds: CGRect(x: 0, y: 0, width: 70, height: 70), position: CGPoint(x: 60, y: 60),
                           transform: CATransform3DMakeRotation(0.4, 0, 0, 1), backgroundColor: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let root = RenderNode(id: RenderNodeID(0), children: [RenderNodeID(1)], bounds: CGRect(x: 0, y: 0, width: 100, height: 100),
                              position: CGPoint(x: 50, y: 50))
        let tree = RenderTree(root: RenderNodeID(0), nodes: [root, group, a, b])
        let full = try Compositor().render(tree: tree, width: 100, height: 100)
        let budget = PixelMemoryBudget(limit: 12_000)
        let small = Compositor(memoryBudget: budget)
        let list = small.drawList(tree: tree, width: 100, height: 100)
        #expect(list.groups.count == 1)
        let out = RegionCheck.junk(width: 100, height: 100, seed: 3)
        let before = out.copy()
        let region = PixelRect(x0: 20, y0: 41, x1: 71, y1: 49)
        try small.render(list, into: out, region: PixelBox(x0: 20, y0: 41, x1: 71, y1: 49))
        #expect(RegionCheck.mismatch(result: out, full: full, before: before, region: region) == nil)
        #expect(budget.peak > 0 && budget.peak <= 12_000)
        // The same through the render-tree entry.
        let again = before.copy()
        try small.render(tree: tree, into: again, region: PixelBox(x0: 20, y0: 41, x1: 71, y1: 49))
        #expect(again.bytes() == out.bytes())
        // The whole frame's group does not fit that budget.
        #expect(throws: CompositorError.self) { _ = try small.render(tree: tree, width: 100, height: 100) }
    }
}

// SurfacePool: pixel memory reused across frames by size class, cleared exactly as fresh
// memory is, bounded by a byte limit and an idle-frame limit, and charged to the pixel-memory
// budget that gives it up when a reservation needs the room.
import Testing
@testable import LaminaRaster

@Suite struct SurfacePoolTests {
    private let roomy = PixelMemoryBudget(limit: 1 << 30)
    private let red = PremultipliedRGBA8(r: 200, g: 10, b: 20, a: 255)

    @Test func sizeClassesAreFourFiveSixOrSevenTimesAPowerOfTwoKiB() {
        let cases = [(1, 4096), (4096, 4096), (4097, 5 << 10), (7 << 10, 7 << 10), (7 * 1024 + 1, 8 << 10),
                     (9000, 10 << 10), (15_000, 16 << 10), (1920 * 1080 * 4, 8 << 20), (8 << 20 + 1, 10 << 20)]
        for (bytes, capacity) in cases {
            #expect(SurfacePool.capacity(for: bytes) == capacity, "\(bytes) bytes")
        }
        // Never less than asked, never more than 25 % over (past the 4 KiB floor).
        for bytes in stride(from: 4097, to: 3 << 20, by: 7919) {
            let c = SurfacePool.capacity(for: bytes)
            #expect(c >= bytes && Double(c) <= Double(bytes) * 1.25 + 1024, "\(bytes) → \(c)")
        }
    }

    /// A reused buffer comes back zeroed: the bytes a fresh surface has. Fails if the pool
    /// skipped clearing (the first surface is filled red before it is handed back).
    @Test func aReusedSurfaceIsClearedAndLaidOutAsAFreshOne() throws {
        let pool = SurfacePool()
        let a = try #require(try pool.surface(width: 100, height: 50, budget: roomy))
        #expect(a.bytesPerRow == 400 && a.bytes().allSatisfy { $0 == 0 })
        a.fill(red)
        pool.recycle(a)
        #expect(pool.statistics == SurfacePool.Statistics(freshAllocations: 1, reuses: 0, dropped: 0,
                                                          pooledBytes: 20 << 10, pooledBuffers: 1))
        // The same size: the same object, cleared.
        let b = try #require(try pool.surface(width: 100, height: 50, budget: roomy))
        #expect(b === a && b.bytes().allSatisfy { $0 == 0 })
        b.fill(red)
        pool.recycle(b)
        // Another shape in the same buffer: rows tightly packed, as a fresh surface's.
        let c = try #require(try pool.surface(width: 70, height: 60, budget: roomy))
        #expect(c.base == a.base && c.width == 70 && c.bytesPerRow == 280)
        #expect(c.bytes() == (try Surface(width: 70, height: 60)).bytes())
        // While c is out, another request gets other memory.
        let d = try #require(try pool.surface(width: 70, height: 60, budget: roomy))
        #expect(d.base != c.base)
        #expect(pool.statistics.freshAllocations == 2 && pool.statistics.reuses == 2)
        pool.recycle(c); pool.recycle(d)
        pool.recycle(c) // twice: ignored
        pool.recycle(try Surface(width: 3, height: 3)) // not from a pool: ignored
        #expect(pool.statistics.pooledBuffers == 2)
        pool.purge()
        #expect(pool.statistics.pooledBytes == 0 && pool.statistics.pooledBuffers == 0)
    }

    @Test func aReusedMaskIsZeroedAndMasksShareTheBuffers() throws {
        let pool = SurfacePool()
        let s = try #require(try pool.surface(width: 40, height: 40, budget: roomy))
        s.fill(red)
        pool.recycle(s)
        // A mask of 6,000 bytes takes the surface's 7 KiB buffer (within twice its size).
        let m = try #require(try pool.mask(width: 100, height: 60, budget: roomy))
        #expect(UnsafeMutableRawPointer(m.base) == UnsafeMutableRawPointer(s.base))
        #expect(m.bytes().allSatisfy { $0 == 0 })
        m.fill(255)
        pool.recycle(m)
        let m2 = try #require(try pool.mask(width: 100, height: 60, budget: roomy))
        #expect(m2 === m && m2.bytes().allSatisfy { $0 == 0 })
        #expect(pool.statistics.freshAllocations == 1 && pool.statistics.reuses == 2)
    }

    /// A handed-back mask asked for again at another size in the same buffer is the same
    /// object, reshaped (an animated shadow's masks change size every frame: a new object each
    /// time was a malloc), zeroed and with rows `width` bytes apart.
    @Test func aMaskAskedAtAnotherSizeIsReshaped() throws {
        let pool = SurfacePool()
        let m = try #require(try pool.mask(width: 100, height: 60, budget: roomy))
        m.fill(255)
        pool.recycle(m)
        for (w, h) in [(97, 61), (120, 50), (100, 60)] {
            let again = try #require(try pool.mask(width: w, height: h, budget: roomy))
            #expect(again === m && again.width == w && again.height == h)
            #expect(again.bytes().count == w * h && again.bytes().allSatisfy { $0 == 0 })
            #expect(again.row(1) - again.row(0) == w)
            again.fill(255)
            pool.recycle(again)
        }
        #expect(pool.statistics.freshAllocations == 1)
    }

    /// A request takes an idle buffer of up to twice its size, not a larger one.
    @Test func aRequestTakesABufferOfUpToTwiceItsSize() throws {
        let pool = SurfacePool()
        let big = try #require(try pool.surface(width: 100, height: 100, budget: roomy)) // 40,000 bytes: 40 KiB class
        pool.recycle(big)
        let half = try #require(try pool.surface(width: 100, height: 52, budget: roomy)) // 20,800 bytes
        #expect(half.base == big.base)
        pool.recycle(half)
        let small = try #require(try pool.surface(width: 10, height: 10, budget: roomy))
        #expect(small.base != big.base && pool.statistics.freshAllocations == 2)
    }

    @Test func theByteLimitAndIdleFramesBoundWhatIsKept() throws {
        let pool = SurfacePool(byteLimit: 10 << 10, idleFrames: 2)
        let a = try #require(try pool.surface(width: 32, height: 32, budget: roomy)) // 4 KiB
        let b = try #require(try pool.surface(width: 32, height: 32, budget: roomy))
        let c = try #require(try pool.surface(width: 32, height: 32, budget: roomy))
        pool.recycle(a); pool.recycle(b); pool.recycle(c) // the third passes 10 KiB: freed
        #expect(pool.statistics.pooledBytes == 8 << 10 && pool.statistics.dropped == 1)
        pool.endFrame(); pool.endFrame()
        #expect(pool.statistics.pooledBuffers == 2)
        // One is reused in frame 2 and handed back; the other idles past two frames.
        pool.recycle(try #require(try pool.surface(width: 32, height: 32, budget: roomy)))
        pool.endFrame()
        #expect(pool.statistics.pooledBuffers == 1 && pool.statistics.pooledBytes == 4 << 10)
        pool.endFrame(); pool.endFrame()
        #expect(pool.statistics.pooledBuffers == 0 && pool.statistics.dropped == 3)
        // A pool with no room keeps nothing: pooling off.
        let off = SurfacePool(byteLimit: 0)
        let s = try #require(try off.surface(width: 8, height: 8, budget: roomy))
        off.recycle(s)
        _ = try off.surface(width: 8, height: 8, budget: roomy)
        #expect(off.statistics.freshAllocations == 2 && off.statistics.reuses == 0)
    }

    /// Pooled memory stays charged to the budget (it is held), and the budget takes it back
    /// when a reservation would not fit otherwise.
    @Test func pooledBytesAreChargedAndGivenUpWhenTheBudgetNeedsThem() throws {
        let budget = PixelMemoryBudget(limit: 64 << 10)
        let pool = SurfacePool()
        var s: Surface? = try #require(try pool.surface(width: 100, height: 100, budget: budget)) // 40 KiB class
        #expect(budget.used == 40 << 10)
        pool.recycle(s!)
        s = nil
        #expect(budget.used == 40 << 10 && pool.statistics.pooledBytes == 40 << 10)
        // 30 KiB more do not fit beside the idle 40 KiB: the pool lets them go.
        let other = budget.reserve(30 << 10)
        #expect(other != nil && budget.used == 30 << 10)
        #expect(pool.statistics.pooledBytes == 0 && pool.statistics.dropped == 1)
        // Memory that is in use is never reclaimed: then the reservation fails.
        let t = try #require(try pool.surface(width: 64, height: 64, budget: budget)) // 16 KiB
        #expect(budget.reserve(20 << 10) == nil)
        #expect(budget.used == 46 << 10)
        withExtendedLifetime(t) {}
        // A pool over a budget with no room answers nil, not an error.
        #expect(try pool.surface(width: 100, height: 100, budget: PixelMemoryBudget(limit: 1000)) == nil)
        withExtendedLifetime(other) {}
        // Freeing the pool returns what it held.
        let c = PixelMemoryBudget(limit: 1 << 20)
        var p: SurfacePool? = SurfacePool()
        do {
            let u = try #require(try p!.surface(width: 100, height: 100, budget: c))
            p!.recycle(u)
        }
        #expect(c.used == 40 << 10)
        p = nil
        #expect(c.used == 0)
    }

    /// A buffer reused by a frame that charges another budget moves its charge there.
    @Test func aBufferMovesToTheBudgetOfTheFrameReusingIt() throws {
        let a = PixelMemoryBudget(limit: 1 << 20), b = PixelMemoryBudget(limit: 1 << 20)
        let pool = SurfacePool()
        pool.recycle(try #require(try pool.surface(width: 50, height: 50, budget: a)))
        #expect(a.used == 10 << 10 && b.used == 0)
        let s = try #require(try pool.surface(width: 50, height: 50, budget: b))
        #expect(a.used == 0 && b.used == 10 << 10 && pool.statistics.reuses == 1)
        withExtendedLifetime(s) {}
    }

    /// When a size class's capacity does not fit the budget but the exact size does, the
    /// request is served with an exact buffer that is not kept.
    @Test func anExactBufferServesATightBudget() throws {
        let budget = PixelMemoryBudget(limit: 4100 * 4)
        let pool = SurfacePool()
        let s = try #require(try pool.surface(width: 100, height: 41, budget: budget)) // 16,400 bytes; class 20 KiB
        #expect(budget.used == 16_400)
        pool.recycle(s)
        #expect(pool.statistics.pooledBuffers == 0 && pool.statistics.dropped == 1)
    }

    @Test func badSizesThrowAndTheLimitSettingIsRead() {
        let pool = SurfacePool()
        #expect(throws: Surface.Error.invalidSize(width: 0, height: 4)) { try pool.surface(width: 0, height: 4, budget: roomy) }
        #expect(throws: Surface.Error.tooLarge(width: 40_000, height: 4)) { try pool.mask(width: 40_000, height: 4, budget: roomy) }
        #expect(SurfacePool.byteLimit(environment: [:]) == 256 << 20)
        #expect(SurfacePool.byteLimit(environment: ["LAMINA_SURFACE_POOL_MIB": " 12 "]) == 12 << 20)
        #expect(SurfacePool.byteLimit(environment: ["LAMINA_SURFACE_POOL_MIB": "0"]) == 0)
        for bad in ["-3", "lots", "", "99999999999999999999"] {
            #expect(SurfacePool.byteLimit(environment: ["LAMINA_SURFACE_POOL_MIB": bad]) == 256 << 20, "\(bad)")
        }
    }
}

/// Blurs with reused working planes give the bytes of blurs with new ones, for every method
/// (exact kernel, three boxes, downsampled), one after another in one scratch of buffers left
/// dirty by the blur before.
@Suite struct BlurScratchTests {
    @Test func blursWithReusedPlanesMatchBlursWithNewOnes() throws {
        let scratch = BlurScratch()
        for (i, sigma) in [1.5, 6.0, 14.0, 45.0, 3.0, 0.0].enumerated() {
            let mask = try AlphaMask(width: 37 + 11 * i, height: 23 + 7 * i)
            for y in 0..<mask.height { for x in 0..<mask.width where (x * 7 + y * 3 + i) % 5 < 2 { mask[x, y] = UInt8((x * 31 + y * 17) % 256) } }
            let fresh = try GaussianBlur.blurred(mask, sigma: sigma)
            let reused = try GaussianBlur.blurred(mask, sigma: sigma, buffers: scratch)
            #expect(reused.bytes() == fresh.bytes(), "σ \(sigma)")
            let window = PixelRect(x0: 3, y0: 2, x1: mask.width / 2 + 5, y1: mask.height / 2 + 4)
            let a = try GaussianBlur.blurredWindow(mask, at: 0, 0, width: mask.width, height: mask.height, sigma: sigma, window: window)
            let b = try GaussianBlur.blurredWindow(mask, at: 0, 0, width: mask.width, height: mask.height, sigma: sigma, window: window,
                                                   buffers: scratch, makeMask: { try AlphaMask(width: $0, height: $1) })
            #expect(a?.mask.bytes() == b?.mask.bytes() && a?.rect == b?.rect, "window, σ \(sigma)")
        }
        #expect(scratch.idleCount > 0)
    }
}

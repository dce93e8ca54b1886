// The executors of a compositor's frames, kept between frames (issue 21 item 3: no steady-state
// allocation). A region of a frame, a band of it on a worker thread, a band of a large 3D
// plane each ran on an executor made for it — an executor, its surface allocator and its
// transition state, three objects a region, every frame. Idle executors are lent instead,
// one to each region at a time, and given back when the region is drawn: an executor holds
// nothing of a frame between runs (its stack of targets is emptied after each run, its
// transitions end balanced), only its drawing scratch (the `PieceRasterizer`) and its
// allocator, whose budget must be the frame's.
import Foundation
import LaminaRaster

/// Idle `DrawListExecutor`s of one compositor (over its caches and surface pool), lent to one
/// region render at a time. Thread-safe: the bands of a frame drawn on several threads each
/// take their own.
final class DrawListExecutorPool: @unchecked Sendable {
    /// Most executors kept idle: a few per thread drawing at once (a band, and a band of a
    /// plane it shares); more are dropped.
    static let maxIdle = 8
    private var idle: [DrawListExecutor] = []
    private let lock = NSLock()
    private let cache: RasterCache, images: ImageCache, shadows: ShadowCache, coverage: CoverageCache
    private let surfaces: SurfacePool, pieces: PieceRasterizerPool

    /// A pool of executors over a compositor's caches, surface pool and drawing scratch.
    init(cache: RasterCache, images: ImageCache, shadows: ShadowCache, coverage: CoverageCache, surfaces: SurfacePool,
         pieces: PieceRasterizerPool) {
        (self.cache, self.images, self.shadows, self.coverage, self.surfaces, self.pieces) =
            (cache, images, shadows, coverage, surfaces, pieces)
        idle.reserveCapacity(Self.maxIdle)
    }

    /// An idle executor charging `budget`, drawing large planes through `planes`; a new one
    /// when none is idle (or none charges that budget).
    func take(budget: PixelMemoryBudget, planes: PlaneBands?) -> DrawListExecutor {
        let kept: DrawListExecutor? = lock.withLock {
            guard let i = idle.lastIndex(where: { $0.budget === budget }) else { return nil }
            return idle.remove(at: i)
        }
        let executor = kept ?? DrawListExecutor(cache: cache, images: images, shadows: shadows, coverage: coverage,
                                                allocator: SurfaceAllocator(budget: budget, pool: surfaces),
                                                scratch: pieces)
        executor.planes = planes
        executor.lender = self
        return executor
    }

    /// Returns an executor from `take` once its run is over (whether it threw or not).
    func giveBack(_ executor: DrawListExecutor) {
        executor.planes = nil
        lock.withLock { if idle.count < Self.maxIdle { idle.append(executor) } }
    }

    /// Executors idle now (for tests).
    var idleCount: Int { lock.withLock { idle.count } }

    /// Whether `executor` is one of the idle ones (for tests).
    func holds(_ executor: DrawListExecutor) -> Bool { lock.withLock { idle.contains { $0 === executor } } }
}

extension Compositor {
    /// Ends a frame drawn in regions once, after all of them: the caches drop what the frame
    /// did not use and the surface pool frees buffers idle too long (what
    /// `DrawListExecutor.endFrame()` does, without an executor).
    func endFrame() {
        rasterCache.endFrame(); imageCache.endFrame(); shadowCache.endFrame(); coverageCache.endFrame(); surfacePool.endFrame()
    }
}

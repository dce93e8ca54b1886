// The drawing scratch of a frame's executors kept between frames: each `PieceRasterizer`
// holds the polygon rasterizer's edge and cell buffers, the span scratch of its painter and
// the particle evaluator's buffers, all grown to what the frames need and reused — a new
// executor per frame (or per band of one) would otherwise start from empty buffers and grow
// them again every frame.
import Foundation

/// Idle `PieceRasterizer`s of one compositor (so they share its caches), lent to one executor
/// at a time. Thread-safe: the bands of a frame drawn on several threads each take their own.
final class PieceRasterizerPool: @unchecked Sendable {
    /// Most rasterizers kept idle: one per thread drawing at once; more are dropped.
    static let maxIdle = 8
    private var idle: [PieceRasterizer] = []
    private let lock = NSLock()
    private let images: ImageCache, shadows: ShadowCache, coverage: CoverageCache?

    init(images: ImageCache, shadows: ShadowCache, coverage: CoverageCache?) {
        self.images = images
        self.shadows = shadows
        self.coverage = coverage
    }

    /// An idle rasterizer, or a new one over the compositor's caches.
    func take() -> PieceRasterizer {
        lock.withLock { idle.popLast() } ?? PieceRasterizer(images: images, shadows: shadows, coverage: coverage)
    }

    /// Returns a rasterizer from `take()` once its executor is done with it.
    func giveBack(_ pieces: PieceRasterizer) {
        lock.withLock { if idle.count < Self.maxIdle { idle.append(pieces) } }
    }

    /// The rasterizer `take()` would lend next, left idle (for tests).
    func peekIdle() -> PieceRasterizer? { lock.withLock { idle.last } }

    /// Rasterizers idle now (for tests).
    var idleCount: Int { lock.withLock { idle.count } }
}

// The stroker buffers a compositor keeps between frames.
import CoreGraphics
import Foundation

/// `StrokeScratch`es kept between frames by a `Compositor`, so that stroking its shape layers'
/// outlines (`LayerPieces.strokeOutline`) does not allocate and grow the stroker's buffers for
/// every layer of every frame.
///
/// Thread-safety: a scratch is not thread-safe, and a compositor may be shared by threads that
/// render at the same time. Each frame's preparation borrows a scratch of its own (`lend`):
/// one nobody else holds, or a new one. It runs on one thread, so no scratch is used by two
/// threads at once. Which scratch a frame gets does not change its outlines (the stroker
/// empties the buffers it takes), so pixels do not depend on it.
package final class StrokeScratchPool: @unchecked Sendable {
    /// Most scratches kept idle: one per thread that prepares frames at the same time; any
    /// more are dropped when given back (their memory freed).
    static let maxIdle = 8
    private var idle: [StrokeScratch] = []
    private let lock = NSLock()

    package init() {}

    /// Runs `body` with a scratch no other caller holds until it returns.
    package func lend<R>(_ body: (StrokeScratch) throws -> R) rethrows -> R {
        let scratch = lock.withLock { idle.popLast() } ?? StrokeScratch()
        defer { lock.withLock { if idle.count < Self.maxIdle { idle.append(scratch) } } }
        return try body(scratch)
    }

    /// Scratches kept idle now (for tests).
    package var idleCount: Int { lock.withLock { idle.count } }
}

// Working memory lent to one user at a time and kept between frames.
import Foundation

/// Scratch objects (arrays that keep the capacity they grew to) kept between frames, so a
/// steady-state frame does not allocate its working memory again. A frame's work may run on
/// several threads at once (compositors shared by threads, bands), so each user borrows a
/// scratch no one else holds (`lend`), or a new one when none is idle. What a scratch held
/// before must not change results: each user empties what it uses.
final class ScratchPool<Scratch: AnyObject>: @unchecked Sendable {
    /// Most scratches kept idle (about one per thread working at the same time); any more are
    /// dropped when given back.
    let maxIdle: Int
    private let make: () -> Scratch
    private var idle: [Scratch] = []
    private let lock = NSLock()

    init(maxIdle: Int = 8, make: @escaping () -> Scratch) {
        self.maxIdle = maxIdle
        self.make = make
    }

    /// Runs `body` with a scratch no other caller holds until it returns.
    func lend<R>(_ body: (Scratch) throws -> R) rethrows -> R {
        let scratch = lock.withLock { idle.popLast() } ?? make()
        defer { lock.withLock { if idle.count < maxIdle { idle.append(scratch) } } }
        return try body(scratch)
    }

    /// Scratches idle now (for tests).
    var idleCount: Int { lock.withLock { idle.count } }
}

// Pixel memory kept between frames, so a steady-state frame allocates none (DESIGN habit 8):
// the compositor's offscreen surfaces and masks are checked out of a pool and handed back
// when the frame is done with them.
//
// Why size classes of bytes, not exact sizes: an animating frame's offscreen surfaces change
// size from frame to frame (a folding page's planes, a group whose damaged rows differ, a
// shadow window), so exact-size buckets would miss on every frame of an animation. A pool
// buffer is raw memory, and a surface over it lays its rows out tightly from the first byte
// (`Surface(storage:…)`), so any width × height that fits the capacity can use it, with the
// very layout of a fresh surface: reuse cannot change a byte once the memory is cleared.
// Capacities are 4, 5, 6 or 7 × 2^k KiB (4 KiB at least): a buffer wastes under 25 % of
// what it was made for, and a request also takes a free buffer of up to twice its size, so a
// surface that grows a little during an animation reuses the buffer of its larger neighbour.
//
// Budget: a pooled buffer stays charged to the `PixelMemoryBudget` of the frame that last
// used it, so the budget counts the memory actually held; the pool registers with that budget
// as a `PixelMemoryReclaimer` and drops idle buffers when a reservation would not fit
// otherwise. A buffer checked out by a frame charging another budget moves its charge there.
//
// Bounds: at most `byteLimit` bytes of idle buffers (a buffer handed back past it is freed),
// and a buffer not reused for `idleFrames` frames (counted by `endFrame()`) is freed.
import Foundation
import Synchronization

/// Pixel memory for offscreen surfaces and masks, reused across frames. Thread-safe (one
/// mutex around a few dictionary operations; clearing and allocating happen outside it), so
/// the bands of a frame drawn on several threads share one pool.
package final class SurfacePool: PixelMemoryReclaimer, @unchecked Sendable {
    /// What the pool has done since it was made (monotonic counters) and holds now.
    package struct Statistics: Hashable, Sendable {
        /// Buffers allocated because no idle one fitted (surfaces and masks; unpooled outputs
        /// counted by `noteUnpooledAllocation()` included).
        package var freshAllocations = 0
        /// Checkouts served by an idle buffer.
        package var reuses = 0
        /// Idle buffers freed: over the byte limit, idle too long, or reclaimed by a budget.
        package var dropped = 0
        /// Bytes (capacities) and count of the idle buffers held now.
        package var pooledBytes = 0
        package var pooledBuffers = 0
    }

    /// The byte limit when none is given: `LAMINA_SURFACE_POOL_MIB` mebibytes when that is a
    /// non-negative integer (0 turns pooling off), else 256 MiB — room for the offscreen
    /// working set of a 4K frame (a full-frame surface there is 32 MiB; the page fold's
    /// planes, its shadows and a transition's two halves need a few of them).
    package static let defaultByteLimit: Int = byteLimit(environment: ProcessInfo.processInfo.environment)

    /// The environment variable of `defaultByteLimit`.
    package static let limitVariable = "LAMINA_SURFACE_POOL_MIB"

    /// The limit `environment` asks for (see `defaultByteLimit`).
    package static func byteLimit(environment: [String: String]) -> Int {
        guard let text = environment[limitVariable]?.trimmingCharacters(in: .whitespaces), let mib = Int(text), mib >= 0,
              mib <= Int.max >> 20 else { return 256 << 20 }
        return mib << 20
    }

    /// Frames a buffer may stay idle before it is freed, when none is given: one second at
    /// 60 Hz, so an animation that pauses briefly keeps its buffers, and memory an ended
    /// animation used goes back within a second.
    package static let defaultIdleFrames = 60

    /// Bytes of idle buffers kept at most (0: nothing is kept, every checkout allocates).
    package let byteLimit: Int
    /// Frames an idle buffer is kept without being reused.
    package let idleFrames: Int

    private struct State {
        var free: [Int: [PixelStorage]] = [:] // capacity → idle buffers of that capacity
        var frame = 0
        var stats = Statistics()
    }
    private let state = Mutex(State())

    package init(byteLimit: Int = SurfacePool.defaultByteLimit, idleFrames: Int = SurfacePool.defaultIdleFrames) {
        self.byteLimit = max(0, byteLimit)
        self.idleFrames = max(0, idleFrames)
    }

    deinit {
        // Idle buffers hold their last surface object, which holds them: break the cycles.
        state.withLock { s in for list in s.free.values { for b in list { b.parked = nil } } }
    }

    package var statistics: Statistics { state.withLock { $0.stats } }

    // MARK: Size classes

    /// The capacity of the class holding `bytes`: the least 4, 5, 6 or 7 × 2^k KiB (≥ 4 KiB)
    /// that is at least `bytes`.
    package static func capacity(for bytes: Int) -> Int {
        let kib = max(4, (bytes + 1023) >> 10)
        var shift = 0
        while (kib + (1 << shift) - 1) >> shift > 7 { shift += 1 }
        return (((kib + (1 << shift) - 1) >> shift) << shift) << 10
    }

    // MARK: Checkout and return

    /// A transparent surface of `width` × `height` pixels over pooled memory, charged to
    /// `budget`; nil when `budget` has no room even after idle memory was reclaimed. Throws
    /// `Surface.Error` for sizes no surface can have.
    package func surface(width: Int, height: Int, budget: PixelMemoryBudget) throws -> Surface? {
        try Self.checkSize(width, height)
        guard let storage = checkout(bytes: width * height * 4, budget: budget) else { return nil }
        if let s = storage.parked as? Surface, s.width == width, s.height == height {
            storage.parked = nil
            return s
        }
        storage.parked = nil
        return try Surface(storage: storage, width: width, height: height)
    }

    /// A zeroed A8 mask of `width` × `height` over pooled memory; as `surface`.
    package func mask(width: Int, height: Int, budget: PixelMemoryBudget) throws -> AlphaMask? {
        try Self.checkSize(width, height)
        guard let storage = checkout(bytes: width * height, budget: budget) else { return nil }
        // The mask parked with the memory, given this size if it had another (a new object
        // per size change was a malloc a mask a frame for an animated shadow's masks).
        if let m = storage.parked as? AlphaMask, m.storage === storage {
            storage.parked = nil
            if m.width != width || m.height != height { m.reshape(width: width, height: height) }
            return m
        }
        storage.parked = nil
        return try AlphaMask(storage: storage, width: width, height: height)
    }

    /// Hands back a surface from `surface(…)`: its memory may be given to the next checkout.
    /// Nobody may use the surface (or a view of it) afterwards. Surfaces not from this pool,
    /// or already handed back, are ignored.
    package func recycle(_ surface: Surface) {
        if let storage = surface.storage { give(storage, parking: surface) }
    }

    /// Hands back a mask from `mask(…)`; as `recycle(_: Surface)`.
    package func recycle(_ mask: AlphaMask) {
        if let storage = mask.storage { give(storage, parking: mask) }
    }

    /// Counts an allocation made outside the pool on its behalf (a frame's output, which the
    /// caller keeps), so `statistics` counts every buffer a frame allocated.
    package func noteUnpooledAllocation() { state.withLock { $0.stats.freshAllocations += 1 } }

    /// Ends a frame: frees the buffers not reused during the last `idleFrames` frames.
    package func endFrame() {
        state.withLock { s in
            s.frame += 1
            let oldest = s.frame - idleFrames
            for (capacity, list) in s.free where list.contains(where: { $0.lastUsedFrame < oldest }) {
                let kept = list.filter { $0.lastUsedFrame >= oldest }
                for b in list where b.lastUsedFrame < oldest { Self.release(b, capacity: capacity, &s) }
                s.free[capacity] = kept.isEmpty ? nil : kept
            }
        }
    }

    /// Frees every idle buffer (buffers checked out are unaffected).
    package func purge() {
        state.withLock { s in
            for (capacity, list) in s.free { for b in list { Self.release(b, capacity: capacity, &s) } }
            s.free = [:]
        }
    }

    // MARK: PixelMemoryReclaimer

    package func reclaim(_ bytes: Int, from budget: PixelMemoryBudget) -> Int {
        // The freed buffers' charges are returned when they deinit: after the lock is let go.
        var freedBuffers: [PixelStorage] = []
        let freed = state.withLock { s -> Int in
            var freed = 0
            // Largest first: fewest buffers lost for the bytes needed.
            for capacity in s.free.keys.sorted(by: >) where freed < bytes {
                guard var list = s.free[capacity] else { continue }
                var i = list.count - 1
                while i >= 0, freed < bytes {
                    if list[i].charge?.budget === budget {
                        let b = list.remove(at: i)
                        Self.release(b, capacity: capacity, &s)
                        freedBuffers.append(b)
                        freed += capacity
                    }
                    i -= 1
                }
                s.free[capacity] = list.isEmpty ? nil : list
            }
            return freed
        }
        freedBuffers.removeAll()
        return freed
    }

    // MARK: Internals

    private static func checkSize(_ width: Int, _ height: Int) throws {
        guard width > 0, height > 0 else { throw Surface.Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension, width * height <= Surface.maxPixelCount
        else { throw Surface.Error.tooLarge(width: width, height: height) }
    }

    /// Memory for `bytes` bytes, zeroed over them and charged to `budget`: an idle buffer of
    /// `bytes`' class or up to twice `bytes`, else a new one of the class (or of exactly
    /// `bytes` when only that fits the budget).
    private func checkout(bytes: Int, budget: PixelMemoryBudget) -> PixelStorage? {
        let wanted = Self.capacity(for: bytes)
        let reused = state.withLock { s -> PixelStorage? in
            var capacity = wanted
            while capacity <= max(wanted, 2 * bytes) {
                // Popped in place (through the table's values: `free[capacity]?.popLast()`
                // prepares room for an insertion at every class it misses), and an emptied
                // list kept under its capacity: a copy of the list (shared with the table)
                // and a new list for the next buffer handed back were two mallocs per checkout.
                if let i = s.free.index(forKey: capacity), let b = s.free.values[i].popLast() {
                    s.stats.pooledBytes -= capacity
                    s.stats.pooledBuffers -= 1
                    s.stats.reuses += 1
                    b.leased = true
                    return b
                }
                capacity = Self.capacity(for: capacity + 1)
            }
            return nil
        }
        if let b = reused {
            if b.charge?.budget !== budget {
                // The memory moves to this frame's budget (idle memory there may be reclaimed).
                b.charge = nil
                guard let charge = budget.reserve(b.capacity) else {
                    state.withLock { $0.stats.reuses -= 1 }
                    b.leased = false
                    return nil
                }
                b.charge = charge
            }
            b.zero(bytes)
            return b
        }
        let storage: PixelStorage
        if let charge = budget.reserve(wanted) {
            storage = PixelStorage(capacity: wanted)
            storage.charge = charge
        } else if let charge = budget.reserve(bytes) {
            // Only the exact size fits: serve the request, but keep no odd-sized buffer.
            storage = PixelStorage(capacity: bytes)
            storage.charge = charge
            storage.poolable = false
        } else {
            return nil
        }
        storage.pool = self
        storage.leased = true
        budget.register(self)
        state.withLock { $0.stats.freshAllocations += 1 }
        return storage
    }

    private func give(_ storage: PixelStorage, parking object: AnyObject) {
        var dropped: PixelStorage?
        state.withLock { s in
            guard storage.pool === self, storage.leased else { return }
            storage.leased = false
            guard storage.poolable, s.stats.pooledBytes + storage.capacity <= byteLimit else {
                s.stats.dropped += 1
                dropped = storage
                return
            }
            storage.lastUsedFrame = s.frame
            storage.parked = object
            s.free[storage.capacity, default: []].append(storage)
            s.stats.pooledBytes += storage.capacity
            s.stats.pooledBuffers += 1
        }
        _ = dropped
    }

    /// Forgets an idle buffer (the caller removes it from `free`); it is freed, and its charge
    /// returned, when its last holder lets go.
    private static func release(_ b: PixelStorage, capacity: Int, _ s: inout State) {
        b.parked = nil
        s.stats.pooledBytes -= capacity
        s.stats.pooledBuffers -= 1
        s.stats.dropped += 1
    }
}

// Raw pixel memory that outlives the surfaces drawn in it: what `SurfacePool` keeps between
// frames. A `Surface` or `AlphaMask` made over a storage (`Surface(storage:…)`,
// `AlphaMask(storage:…)`) holds the storage, never frees it, and lays its rows out tightly
// from the storage's first byte, so a surface over reused memory has exactly the layout
// (and, once cleared, exactly the bytes) of a freshly allocated one.

/// `capacity` bytes of pixel memory, 64-byte aligned, freed when the last surface or pool
/// holding it lets go. Carries the budget charge for the whole capacity (`charge`), which
/// follows the memory rather than any one surface drawn in it.
package final class PixelStorage: @unchecked Sendable {
    /// The first byte.
    package let base: UnsafeMutableRawPointer
    /// Bytes available from `base`.
    package let capacity: Int
    /// The budget charge of these bytes (nil when nobody charged them). Replaced when the
    /// memory moves to a frame charging another budget.
    package var charge: PixelMemoryCharge?

    // Pool bookkeeping, read and written only under the owning pool's lock (or by the one
    // holder of a leased storage): who owns it, whether it is out, the frame it was last
    // returned in, and the surface or mask object last made over it (kept while the storage
    // is idle so reusing it for the same size makes no new object; cleared when the pool lets
    // the storage go, which breaks the storage ↔ surface cycle).
    weak var pool: SurfacePool?
    var leased = false
    /// False for storages sized exactly to a request that did not fit a size class's
    /// charge: never kept by a pool.
    var poolable = true
    var lastUsedFrame = 0
    var parked: AnyObject?

    /// New zeroed memory of `capacity` (> 0) bytes.
    package init(capacity: Int) {
        precondition(capacity > 0, "pixel storage needs at least one byte")
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        base.initializeMemory(as: UInt8.self, repeating: 0, count: capacity)
    }

    deinit { base.deallocate() }

    /// Sets the first `count` bytes to zero: what a fresh allocation of that size holds.
    func zero(_ count: Int) {
        base.initializeMemory(as: UInt8.self, repeating: 0, count: min(count, capacity))
    }
}

// One limit on the pixel memory a render may hold at once: decoded images and the surfaces the
// compositor allocates for a frame. Exceeding it is a clear error at the allocation that would
// not fit, not an abort in the allocator (issue 19: eight references to one large PNG, or a
// hostile archive that declares 16384² pixels, used to end in "failed to allocate").
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization // Atomic

/// A byte budget for pixel memory, shared by everyone who charges it (thread-safe).
///
/// A charge is an object (`PixelMemoryCharge`): the bytes return to the budget when it is
/// released, normally by the surface or image that carries it being freed (`Surface.charge`).
/// So the budget bounds the pixel memory *alive at once* — a frame that makes a thousand small
/// groups one after another needs only as much as the largest few held together.
///
/// Memory kept idle for reuse (a `SurfacePool`'s free buffers) stays charged, so `used` is
/// the pixel memory actually held; when a reservation does not fit, the budget first asks the
/// holders of such memory (`PixelMemoryReclaimer`s, registered with `register(_:)`) to let go
/// of what they hold against it, then tries again — idle memory never makes a frame fail.
///
/// Which budget applies is `PixelMemoryBudget.current`: a task-local (so a test or a tool can
/// render under its own limit without touching anyone else's) that defaults to `process`,
/// whose limit is `defaultLimit`.
package final class PixelMemoryBudget: Sendable {
    /// Bytes that may be charged at once.
    package let limit: Int

    // Two atomics (a compare-and-swap loop on `usedBytes`): frames on several threads charge
    // one budget, and a charge is a few instructions, no lock.
    private let usedBytes = Atomic<Int>(0)
    private let peakBytes = Atomic<Int>(0)
    /// Holders of idle memory charged here, asked to free it when a reservation does not fit.
    private let reclaimers = Mutex<[WeakReclaimer]>([])

    package init(limit: Int) { self.limit = max(0, limit) }

    /// A quarter of physical memory (from `sysconf`; 1 GiB when it cannot be read). Pixels are
    /// what a render spends memory on, but not all of it: the process, the layer tree, path
    /// and blur scratch, and whatever else runs on the machine need the rest; a quarter keeps a
    /// render that would need more from pushing the machine into swap or the OOM killer.
    package static let defaultLimit: Int = {
        let pages = sysconf(Int32(_SC_PHYS_PAGES)), size = sysconf(Int32(_SC_PAGESIZE))
        guard pages > 0, size > 0 else { return 1 << 30 }
        let (total, overflow) = pages.multipliedReportingOverflow(by: size)
        return overflow ? Int.max / 4 : total / 4
    }()

    /// The budget of the whole process (limit `defaultLimit`).
    package static let process = PixelMemoryBudget(limit: defaultLimit)

    /// The budget renders and image decoding charge: `process` unless a caller bound another
    /// (`PixelMemoryBudget.$current.withValue(b) { … }`, e.g. the CLI's `--memory-limit`).
    @TaskLocal package static var current: PixelMemoryBudget = process

    /// Bytes charged now.
    package var used: Int { usedBytes.load(ordering: .relaxed) }
    /// The most bytes charged at once since this budget was made.
    package var peak: Int { peakBytes.load(ordering: .relaxed) }
    /// Bytes still free.
    package var available: Int { limit - used }

    /// Charges `bytes` (≥ 0) if they fit — after the registered reclaimers have freed idle
    /// memory, if they had to — else nil. The charge lasts until the returned object is freed.
    package func reserve(_ bytes: Int) -> PixelMemoryCharge? {
        guard bytes >= 0 else { return nil }
        if let charge = reserveNow(bytes) { return charge }
        guard bytes <= limit, reclaim(bytes - available) > 0 else { return nil }
        return reserveNow(bytes)
    }

    /// Registers `reclaimer` (held weakly; registering it again changes nothing) to be asked for
    /// idle memory when a reservation does not fit.
    package func register(_ reclaimer: any PixelMemoryReclaimer) {
        reclaimers.withLock { list in
            list.removeAll { $0.value == nil }
            if !list.contains(where: { $0.value === reclaimer }) { list.append(WeakReclaimer(value: reclaimer)) }
        }
    }

    /// Asks the reclaimers to free at least `bytes` of idle memory charged here (each frees
    /// what it can until enough is free); the bytes they freed. Called without any lock held,
    /// so a reclaimer may take its own.
    private func reclaim(_ bytes: Int) -> Int {
        let holders = reclaimers.withLock { list in list.compactMap(\.value) }
        var freed = 0
        for holder in holders where freed < bytes {
            freed += holder.reclaim(bytes - freed, from: self)
        }
        return freed
    }

    private func reserveNow(_ bytes: Int) -> PixelMemoryCharge? {
        var current = usedBytes.load(ordering: .relaxed)
        while true {
            guard bytes <= limit - current else { return nil }
            let (exchanged, original) = usedBytes.compareExchange(expected: current, desired: current + bytes,
                                                                  ordering: .relaxed)
            if exchanged { break }
            current = original
        }
        let now = current + bytes
        var peak = peakBytes.load(ordering: .relaxed)
        while now > peak {
            let (exchanged, original) = peakBytes.compareExchange(expected: peak, desired: now, ordering: .relaxed)
            if exchanged { break }
            peak = original
        }
        return PixelMemoryCharge(budget: self, bytes: bytes)
    }

    fileprivate func release(_ bytes: Int) { usedBytes.subtract(bytes, ordering: .relaxed) }

    /// Bytes of a `width` × `height` buffer of `bytesPerPixel`-byte pixels, or nil when the
    /// product does not fit in an `Int` (absurd sizes must be refused, not trap).
    package static func bytes(width: Int, height: Int, bytesPerPixel: Int) -> Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (area, o1) = width.multipliedReportingOverflow(by: height)
        let (bytes, o2) = area.multipliedReportingOverflow(by: bytesPerPixel)
        return o1 || o2 ? nil : bytes
    }
}

/// Something that keeps idle pixel memory charged to a budget and can give it back (a
/// `SurfacePool`'s free buffers).
package protocol PixelMemoryReclaimer: AnyObject, Sendable {
    /// Frees idle memory charged to `budget`, at least `bytes` if it holds that much; returns
    /// the bytes freed (their charges returned to `budget`).
    func reclaim(_ bytes: Int, from budget: PixelMemoryBudget) -> Int
}

private struct WeakReclaimer: @unchecked Sendable {
    weak var value: (any PixelMemoryReclaimer)?
}

/// Bytes held against a `PixelMemoryBudget`, returned when this object is freed.
package final class PixelMemoryCharge: Sendable {
    package let budget: PixelMemoryBudget
    package let bytes: Int

    fileprivate init(budget: PixelMemoryBudget, bytes: Int) {
        self.budget = budget; self.bytes = bytes
    }

    deinit { budget.release(bytes) }
}

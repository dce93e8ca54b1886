// The one place a frame's pixel memory comes from: every offscreen surface (groups for group
// opacity, masks, alpha shadows and shouldRasterize, 3D planes, transition halves) and the
// large masks and scratch of a shadow are made here, each charged to the frame's
// `PixelMemoryBudget` (which decoded images charge too). A request that does not fit is a
// `CompositorError.memoryBudgetExceeded` naming the layer and the size, not an abort.
//
// Issue 21 (no steady-state allocation): surfaces and masks come from the compositor's
// `SurfacePool` (LaminaRaster/SurfacePool.swift: size classes, byte limit, idle trimming, and
// why), and whoever finishes with one hands it back through `recycle` — the executor where a
// group, plane or transition is popped, the shadow code when its scratch is done. A surface
// nobody hands back (an error part-way through a frame, a plane kept by the raster cache) is
// simply freed. Pooled memory stays charged to the budget while the pool holds it, and the
// pool gives it up when the budget needs the room. The frame's output is never pooled: the
// caller keeps it.
import LaminaRaster

/// What an offscreen allocation is for (named in budget errors).
package enum SurfacePurpose: String, Sendable {
    case output = "output image"
    case group = "offscreen group"
    case mask = "mask"
    case plane = "3D plane"
    case shadow = "shadow"
    case transition = "transition"
}

/// Makes a frame's surfaces and masks within a pixel-memory budget, from a pool when given one.
/// One allocator serves one thread (a band of a frame has its own); the pool is shared.
final class SurfaceAllocator {
    let budget: PixelMemoryBudget
    /// Where surfaces and masks are checked out and handed back (nil: each is allocated anew
    /// and freed when dropped).
    let pool: SurfacePool?
    /// Bytes of pixels this allocator has handed out (the frame's total, however many were
    /// alive at once): a measure of a frame's offscreen work for tests and benchmarks.
    private(set) var bytesAllocated = 0

    init(budget: PixelMemoryBudget, pool: SurfacePool? = nil) {
        self.budget = budget
        self.pool = pool
    }

    /// A transparent surface of `width` × `height` pixels for `layer`, charged 4 bytes a
    /// pixel (its pool buffer's capacity when pooled) until it is freed or handed back. Throws
    /// `offscreenTooLarge` for sizes no surface can have and `memoryBudgetExceeded` when the
    /// budget has no room.
    func surface(width: Int, height: Int, for layer: RenderNodeID, _ purpose: SurfacePurpose) throws -> Surface {
        guard let pool else { return try outputSurface(width: width, height: height, for: layer, purpose) }
        let bytes = try checkedBytes(width: width, height: height, bytesPerPixel: 4, for: layer)
        let surface: Surface?
        do { surface = try pool.surface(width: width, height: height, budget: budget) } catch {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
        guard let surface else { throw overrun(bytes, width: width, height: height, for: layer, purpose) }
        bytesAllocated += bytes
        return surface
    }

    /// A new zeroed A8 mask (1 byte a pixel), charged like `surface`.
    func mask(width: Int, height: Int, for layer: RenderNodeID, _ purpose: SurfacePurpose) throws -> AlphaMask {
        guard let pool else {
            let charge = try reserve(width: width, height: height, bytesPerPixel: 1, for: layer, purpose)
            do {
                let m = try AlphaMask(width: width, height: height)
                m.charge = charge
                return m
            } catch {
                throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
            }
        }
        let bytes = try checkedBytes(width: width, height: height, bytesPerPixel: 1, for: layer)
        let mask: AlphaMask?
        do { mask = try pool.mask(width: width, height: height, budget: budget) } catch {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
        guard let mask else { throw overrun(bytes, width: width, height: height, for: layer, purpose) }
        bytesAllocated += bytes
        return mask
    }

    /// Hands a surface from `surface(…)` back to the pool (nothing without a pool). The caller
    /// must not use it, or any view of it, afterwards.
    func recycle(_ surface: Surface?) {
        if let surface { pool?.recycle(surface) }
    }

    /// Hands a mask from `mask(…)` back; as `recycle(_: Surface?)`.
    func recycle(_ mask: AlphaMask?) {
        if let mask { pool?.recycle(mask) }
    }

    /// Ends the frame for the pool: buffers idle too long are freed.
    func endFrame() { pool?.endFrame() }

    /// A new transparent surface the caller keeps (a frame's output: never handed back),
    /// charged exactly 4 bytes a pixel for as long as it lives; errors as `surface`.
    func outputSurface(width: Int, height: Int, for layer: RenderNodeID, _ purpose: SurfacePurpose = .output) throws -> Surface {
        let charge = try reserve(width: width, height: height, bytesPerPixel: 4, for: layer, purpose)
        do {
            let s = try Surface(width: width, height: height)
            s.charge = charge
            pool?.noteUnpooledAllocation()
            return s
        } catch {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
    }

    /// Charges `width` × `height` × `bytesPerPixel` bytes of scratch (e.g. a blur's planes)
    /// until the returned charge is freed.
    func reserve(width: Int, height: Int, bytesPerPixel: Int, for layer: RenderNodeID,
                 _ purpose: SurfacePurpose) throws -> PixelMemoryCharge {
        let bytes = try checkedBytes(width: width, height: height, bytesPerPixel: bytesPerPixel, for: layer)
        guard let charge = budget.reserve(bytes) else { throw overrun(bytes, width: width, height: height, for: layer, purpose) }
        bytesAllocated += bytes
        return charge
    }

    private func checkedBytes(width: Int, height: Int, bytesPerPixel: Int, for layer: RenderNodeID) throws -> Int {
        let bytes = PixelMemoryBudget.bytes(width: width, height: height, bytesPerPixel: bytesPerPixel)
        guard let bytes, width > 0, height > 0, width <= Surface.maxDimension, height <= Surface.maxDimension else {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
        return bytes
    }

    private func overrun(_ bytes: Int, width: Int, height: Int, for layer: RenderNodeID, _ purpose: SurfacePurpose) -> CompositorError {
        .memoryBudgetExceeded(BudgetOverrun(layer: layer, purpose: purpose, width: width, height: height,
                                            bytes: bytes, used: budget.used, limit: budget.limit))
    }
}

/// An allocation the pixel-memory budget had no room for.
package struct BudgetOverrun: Hashable, Sendable {
    package var layer: RenderNodeID
    package var purpose: SurfacePurpose
    /// Pixels.
    package var width: Int, height: Int
    /// Bytes the allocation needed, bytes already charged, and the budget's limit.
    package var bytes: Int, used: Int, limit: Int

    /// "the offscreen group (5000 x 4000 pixels, 80000000 bytes) for <layer> does not fit the
    /// memory budget (1.2 MiB of 64.0 MiB in use)".
    package func description(layer name: String) -> String {
        "the \(purpose.rawValue) (\(width) x \(height) pixels, \(bytes) bytes) for \(name) does not fit the memory budget "
            + "(\(Self.readable(used)) of \(Self.readable(limit)) in use)"
    }

    /// Bytes in the largest binary unit (up to GiB) that keeps one decimal meaningful.
    static func readable(_ bytes: Int) -> String {
        let units = ["bytes", "KiB", "MiB", "GiB"]
        var unit = 0, scale = 1.0
        while unit < units.count - 1 && Double(bytes) >= scale * 1024 { unit += 1; scale *= 1024 }
        if unit == 0 { return "\(bytes) bytes" }
        let tenths = Int((Double(bytes) / scale * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}

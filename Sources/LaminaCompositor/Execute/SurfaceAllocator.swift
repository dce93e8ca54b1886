// The one place a frame's pixel memory comes from: every offscreen surface (groups for group
// opacity, masks, alpha shadows and shouldRasterize, 3D planes, transition halves) and the
// large masks and scratch of a shadow are made here, each charged to the frame's
// `PixelMemoryBudget` (which decoded images charge too). A request that does not fit is a
// `CompositorError.memoryBudgetExceeded` naming the layer and the size, not an abort.
//
// Issue 21 (no steady-state allocation) will keep a `SurfacePool` here: `surface(…)` would
// check a buffer out of it and the executor would hand finished surfaces back (one call where
// each target is popped). Pooled buffers stay charged while the pool holds them, so the pool's
// byte cap and this budget count the same memory.
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

/// Makes a frame's surfaces and masks within a pixel-memory budget.
final class SurfaceAllocator {
    let budget: PixelMemoryBudget
    /// Bytes of pixels this allocator has handed out (the frame's total, however many were
    /// alive at once): a measure of a frame's offscreen work for tests and benchmarks.
    private(set) var bytesAllocated = 0

    init(budget: PixelMemoryBudget) { self.budget = budget }

    /// A new transparent surface of `width` × `height` pixels for `layer`, charged 4 bytes a
    /// pixel until it is freed. Throws `offscreenTooLarge` for sizes no surface can have and
    /// `memoryBudgetExceeded` when the budget has no room.
    func surface(width: Int, height: Int, for layer: RenderNodeID, _ purpose: SurfacePurpose) throws -> Surface {
        let charge = try reserve(width: width, height: height, bytesPerPixel: 4, for: layer, purpose)
        do {
            let s = try Surface(width: width, height: height)
            s.charge = charge
            return s
        } catch {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
    }

    /// A new zeroed A8 mask (1 byte a pixel), charged like `surface`.
    func mask(width: Int, height: Int, for layer: RenderNodeID, _ purpose: SurfacePurpose) throws -> AlphaMask {
        let charge = try reserve(width: width, height: height, bytesPerPixel: 1, for: layer, purpose)
        do {
            let m = try AlphaMask(width: width, height: height)
            m.charge = charge
            return m
        } catch {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
    }

    /// Charges `width` × `height` × `bytesPerPixel` bytes of scratch (e.g. a blur's planes)
    /// until the returned charge is freed.
    func reserve(width: Int, height: Int, bytesPerPixel: Int, for layer: RenderNodeID,
                 _ purpose: SurfacePurpose) throws -> PixelMemoryCharge {
        let bytes = PixelMemoryBudget.bytes(width: width, height: height, bytesPerPixel: bytesPerPixel)
        guard let bytes, width > 0, height > 0, width <= Surface.maxDimension, height <= Surface.maxDimension else {
            throw CompositorError.offscreenTooLarge(layer: layer, width: width, height: height)
        }
        guard let charge = budget.reserve(bytes) else {
            throw CompositorError.memoryBudgetExceeded(BudgetOverrun(layer: layer, purpose: purpose, width: width, height: height,
                                                                     bytes: bytes, used: budget.used, limit: budget.limit))
        }
        bytesAllocated += bytes
        return charge
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

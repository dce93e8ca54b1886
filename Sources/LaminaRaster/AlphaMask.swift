/// An 8-bit coverage/alpha mask (A8): one byte per pixel, 0 = transparent/uncovered,
/// 255 = opaque/fully covered. Same pixel grid conventions as `Surface` (origin top-left,
/// y down, pixel (x, y) is the square [x, x+1) × [y, y+1)). Rows are `width` bytes apart.
package final class AlphaMask: @unchecked Sendable {
    /// Size in pixels. Variable only for `SurfacePool`, which gives a handed-back pooled mask
    /// a new size over the same memory (`reshape`) rather than making a new object whenever the
    /// size asked changes (an animated shadow's mask: a malloc a mask a frame); nobody holds a
    /// handed-back mask, so no reader sees a size change. Unchecked: no exclusivity check on
    /// every read of a per-pixel loop.
    @exclusivity(unchecked) package private(set) var width: Int
    @exclusivity(unchecked) package private(set) var height: Int
    package let base: UnsafeMutablePointer<UInt8>
    /// The pixel-memory budget charge this mask holds (see `PixelMemoryBudget`), if any.
    package var charge: PixelMemoryCharge?
    /// The pooled memory this mask is drawn in (`init(storage:…)`), kept alive by it; nil
    /// when the mask owns its memory.
    package let storage: PixelStorage?

    /// A new mask, zeroed (nothing covered). Throws for non-positive or too-large sizes,
    /// with the same limits as `Surface`.
    package init(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw Surface.Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount
        else { throw Surface.Error.tooLarge(width: width, height: height) }
        self.width = width
        self.height = height
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: width * height)
        base.initialize(repeating: 0, count: width * height)
        storage = nil
    }

    /// A mask over `storage`'s first `width · height` bytes (the layout of
    /// `init(width:height:)`), holding the storage while it lives; the bytes are left as they
    /// are (`SurfacePool` clears reused memory). Throws like `init(width:height:)`, and
    /// `invalidSize` when the storage is too small.
    package init(storage: PixelStorage, width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw Surface.Error.invalidSize(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount
        else { throw Surface.Error.tooLarge(width: width, height: height) }
        guard width * height <= storage.capacity else { throw Surface.Error.invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        base = storage.base.assumingMemoryBound(to: UInt8.self)
        self.storage = storage
    }

    deinit { if storage == nil { base.deallocate() } }

    /// Gives a pooled mask that was handed back to its pool a new size over the same storage
    /// (for `SurfacePool` only: nobody else may hold the mask). The bytes are left as they are.
    func reshape(width: Int, height: Int) {
        precondition(storage != nil && width > 0 && height > 0 && width * height <= storage!.capacity,
                     "reshaped mask \(width)x\(height) does not fit its storage")
        self.width = width
        self.height = height
    }

    @inline(__always) package func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { base + y * width }

    package subscript(x: Int, y: Int) -> UInt8 {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) outside \(width)x\(height)")
            return base[y * width + x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "mask pixel (\(x), \(y)) outside \(width)x\(height)")
            base[y * width + x] = newValue
        }
    }

    package func fill(_ value: UInt8) { base.update(repeating: value, count: width * height) }

    package func bytes() -> [UInt8] { Array(UnsafeBufferPointer(start: base, count: width * height)) }
}

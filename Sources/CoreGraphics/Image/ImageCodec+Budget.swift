import Foundation
import LaminaRaster

// Decoding under the pixel-memory budget (issue 19): the size a file declares is checked
// against `PixelMemoryBudget.current` before the decoder allocates anything, so a 134-byte
// JPEG declaring 201 megapixels is refused in microseconds instead of decoded for seconds
// into 800 MB. `ArchiveImageStore` and the compositor's `SurfaceAllocator` charge the same
// budget.
extension ImageCodec {
    /// Decodes like `decodeSurface(data:)`, after checking the declared size
    /// (`declaredSize(of:)`, 4 bytes a pixel) against `budget` and reserving it; the decoded
    /// surface carries the charge (`Surface.charge`) for as long as it lives, as the images an
    /// archive decodes do. Throws `ImageIOError.overMemoryBudget` when the pixels do not fit
    /// (or `imageTooLarge` when the size is beyond `Surface`'s limits anyway).
    package static func decodeSurface(data: Data, budget: PixelMemoryBudget) throws -> (surface: Surface, hasAlpha: Bool) {
        var charge: PixelMemoryCharge?
        if let (w, h) = declaredSize(of: data), w > 0, h > 0 {
            try ImageIOError.checkSize(width: w, height: h)
            charge = try reserve(width: w, height: h, in: budget)
        }
        let (surface, hasAlpha) = try decodeSurface(data: data)
        // A file without a readable header (or a decoder that disagrees with it) is charged
        // for what was actually allocated.
        let bytes = PixelMemoryBudget.bytes(width: surface.width, height: surface.height, bytesPerPixel: 4)
        if charge == nil || charge!.bytes != bytes {
            charge = nil
            charge = try reserve(width: surface.width, height: surface.height, in: budget)
        }
        surface.charge = charge
        return (surface, hasAlpha)
    }

    private static func reserve(width: Int, height: Int, in budget: PixelMemoryBudget) throws -> PixelMemoryCharge {
        let bytes = PixelMemoryBudget.bytes(width: width, height: height, bytesPerPixel: 4)
        guard let bytes, let charge = budget.reserve(bytes) else {
            throw ImageIOError.overMemoryBudget(width: width, height: height, bytes: bytes,
                                               available: budget.available, limit: budget.limit)
        }
        return charge
    }
}

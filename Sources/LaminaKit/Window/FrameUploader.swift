import Foundation
import QuartzCore

/// Keeps a window's texture equal to the last frame presented, copying as little as it can:
/// only a frame's `updatedRects` when the texture holds the frame before it (the same
/// source, the number before, the same size); the whole frame otherwise — the first frame, a
/// new size (resize, scale change: the texture is allocated again), a frame without a source,
/// a frame after a gap (the source drew one the window never got), or after a failed upload.
/// A frame with no updated rectangles over the frame before it uploads nothing.
package struct FrameUploader {
    /// The frame the texture holds (nil: none, or unknown after an error).
    private var held: (source: ObjectIdentifier, number: Int)?
    private var size = (width: 0, height: 0)
    /// The rectangles the last `upload` copied (empty when it copied nothing).
    package private(set) var lastUploads: [FrameRect] = []
    /// Pixels copied so far, over all uploads.
    package private(set) var uploadedPixelCount = 0

    package init() {}

    /// Makes the next frame upload whole (the texture was lost or written another way).
    package mutating func invalidate() { held = nil }

    /// Brings `texture` to `frame`'s pixels and returns the rectangles copied.
    @discardableResult
    package mutating func upload(_ frame: WindowFrame, to texture: FrameTexture) throws -> [FrameRect] {
        guard frame.width > 0, frame.height > 0, let base = frame.pixels.baseAddress,
              frame.pixels.count >= (frame.height - 1) * frame.bytesPerRow + 4 * frame.width else {
            throw WindowError.frameUnreadable(width: frame.width, height: frame.height)
        }
        let rects: [FrameRect]
        if size != (frame.width, frame.height) {
            held = nil
            size = (0, 0)
            try texture.allocate(width: frame.width, height: frame.height)
            size = (frame.width, frame.height)
            rects = [frame.bounds]
        } else if let source = frame.source, let held, held.source == source, held.number == frame.number - 1 {
            rects = frame.updatedRects
        } else {
            rects = [frame.bounds]
        }
        // Until every rectangle is in, the texture holds no frame anyone numbered.
        held = nil
        for r in rects {
            try texture.upload(r, from: base.advanced(by: r.y * frame.bytesPerRow + 4 * r.x), bytesPerRow: frame.bytesPerRow)
        }
        held = frame.source.map { ($0, frame.number) }
        lastUploads = rects
        uploadedPixelCount += rects.reduce(0) { $0 + $1.area }
        return rects
    }
}

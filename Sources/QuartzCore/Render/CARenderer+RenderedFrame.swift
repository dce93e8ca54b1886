// CARenderer's damage-aware frame access, for hosts that keep a copy of the frame (a window's
// texture, a remote display, a video encoder working in place): the renderer lends its kept
// frame and says which rectangles changed since the frame it drew before, so the host copies
// only those. Apple's CARenderer draws into the host's GPU texture and offers only the
// bounding box (`updateBounds()`); Lamina's renderer owns the pixels, hence this extension.
import Foundation
import LaminaCompositor
import LaminaRaster

extension CARenderer {
    /// A frame drawn by `withRenderedFrame(_:)` (Lamina extension): the renderer's own
    /// pixels, lent for the duration of the call, and where they changed since the frame the
    /// renderer drew before it.
    ///
    /// Pixel space: device pixels of the frame, origin at its top-left (the top-left of the
    /// renderer's `bounds`), y down; the frame is `width` × `height` pixels
    /// (`pixelWidth` × `pixelHeight` of the renderer when it was drawn).
    public struct RenderedFrame {
        /// The frame's pixels: `height` rows of `bytesPerRow` bytes, top row first, each
        /// pixel 4 bytes in `PixelFormat.rgba8Premultiplied` order (R, G, B, A, colour
        /// premultiplied by alpha). Valid only inside the closure given to
        /// `withRenderedFrame(_:)`: the renderer draws its next frame into the same memory.
        /// Read only.
        public let pixels: UnsafeRawBufferPointer
        /// Width in pixels.
        public let width: Int
        /// Height in pixels.
        public let height: Int
        /// Distance in bytes between the starts of two rows (≥ `4 · width`).
        public let bytesPerRow: Int
        /// The frame's place among the frames this renderer has drawn: 1 for the first, one
        /// more for each frame drawn since by any of its drawing methods (`render()`,
        /// `renderImage()`, `render(into:…)`, `withRenderedFrame(_:)`). A host that copies
        /// only `updatedRects` must hold frame `frameNumber - 1`; otherwise (it missed a
        /// frame drawn another way, or has no copy yet) it copies the whole frame.
        public let frameNumber: Int
        /// Rectangles in pixels (integral, within the frame, possibly overlapping) outside
        /// which every byte equals frame `frameNumber - 1`: the frame's damage, at most a few
        /// rectangles (nearby ones are merged). The whole frame for the first frame, after a
        /// change of pixel size or background, or after a failed frame; empty when the frame
        /// is byte-identical to the one before.
        public let updatedRects: [CGRect]

        /// The byte offset in `pixels` of pixel (`x`, `y`).
        public func byteOffset(x: Int, y: Int) -> Int { y * bytesPerRow + 4 * x }
    }

    /// Draws the current frame as `render()` does — incrementally, only its damage, into the
    /// renderer's kept frame — and hands that frame to `body` with the rectangles that changed
    /// (Lamina extension). No pixel is copied: a host uploads `updatedRects` straight from
    /// `RenderedFrame.pixels`, and a frame in which nothing changed costs no copy at all.
    ///
    /// ```swift
    /// renderer.beginFrame(atTime: t)
    /// if !renderer.updateBounds().isEmpty {
    ///     try renderer.withRenderedFrame { frame in
    ///         for r in frame.updatedRects { upload(r, from: frame.pixels.baseAddress! + frame.byteOffset(x: Int(r.minX), y: Int(r.minY))) }
    ///     }
    /// }
    /// renderer.endFrame()
    /// ```
    ///
    /// - Returns: what `body` returns.
    /// - Throws: `CARendererError.noLayer`, `.invalidBounds` or `.renderFailed` as
    ///   `renderImage()` does (then `body` is not called and the next frame is drawn whole),
    ///   or what `body` throws. `makeImage()` is not changed.
    ///
    /// Like `render()`, it updates the tree first when `beginFrame` did not, and commits. Call
    /// it on the renderer's thread, and do not call the renderer from `body`.
    public func withRenderedFrame<Result>(_ body: (RenderedFrame) throws -> Result) throws -> Result {
        let surface = try drawIncrementalFrame()
        didDrawFrame()
        let rects = drawnDamage.map { CGRect(x: $0.x0, y: $0.y0, width: $0.width, height: $0.height) }
        let pixels = UnsafeRawBufferPointer(start: surface.base, count: surface.bytesPerRow * surface.height)
        let frame = RenderedFrame(pixels: pixels, width: surface.width, height: surface.height,
                                  bytesPerRow: surface.bytesPerRow, frameNumber: drawnFrameCount, updatedRects: rects)
        return try withExtendedLifetime(surface) { try body(frame) }
    }
}

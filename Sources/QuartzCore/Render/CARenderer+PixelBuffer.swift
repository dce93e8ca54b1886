import Foundation
import LaminaRaster

extension CARenderer {
    /// The byte layout of the pixels `render(into:…)` writes (Lamina extension).
    ///
    /// Both are 8 bits a component, 4 bytes a pixel, colour premultiplied by alpha (so every
    /// colour byte ≤ the alpha byte), sRGB; rows top to bottom, pixel (0, 0) the top-left of
    /// `bounds`. The names give the byte order in memory.
    public enum PixelFormat: Sendable, Hashable {
        /// Bytes R, G, B, A: Lamina's own layout (the compositor draws straight into the
        /// buffer); `CGImage`'s `premultipliedLast` with the default byte order, OpenGL's
        /// `GL_RGBA`/`GL_UNSIGNED_BYTE`, SDL's `ABGR8888` on little-endian machines.
        case rgba8Premultiplied
        /// Bytes B, G, R, A: what most window systems and video encoders take (X11/Wayland
        /// `ARGB8888`, Windows DIBs, SDL's `ARGB8888` on little-endian machines). Drawn as RGBA,
        /// then swapped in place.
        case bgra8Premultiplied
    }

    /// Draws the current frame into memory the caller owns (Lamina extension: a window's
    /// back buffer, a video frame, a shared-memory segment), as `render()` draws into its
    /// image: the same pixels, byte for byte, in `pixelFormat`'s byte order.
    ///
    /// - Parameters:
    ///   - buffer: at least `height · bytesPerRow` bytes; written, never kept — the renderer
    ///     holds no reference after returning, and the caller keeps ownership. Every pixel of
    ///     the `width` × `height` area is written (the frame over `backgroundColor`,
    ///     transparent when nil); bytes past `4 · width` in a row are left alone. Any
    ///     alignment works. The frame is drawn incrementally into the renderer's kept frame
    ///     (only what changed since the last frame drawn) and then copied into the buffer.
    ///   - width: the buffer's width in pixels, which must be the renderer's `pixelWidth`
    ///     (`bounds.width` × `scale`, rounded): set `bounds` and `scale` to match a window's
    ///     size rather than stretching a frame.
    ///   - height: the buffer's height in pixels, which must be the renderer's `pixelHeight`
    ///     (`bounds.height` × `scale`, rounded).
    ///   - bytesPerRow: distance in bytes between the starts of two rows, ≥ `4 · width`.
    ///   - pixelFormat: the byte order to write.
    /// - Throws: `CARendererError.noLayer`, `.invalidBounds` (no pixel size for `bounds` at
    ///   `scale`), `.invalidBuffer` (a size other than the frame's, rows too short, too few
    ///   bytes) — in these cases nothing is written — or `.renderFailed` when the compositor
    ///   refuses the frame (the buffer's contents are then unspecified).
    ///
    /// Like `render()`, it updates the tree first when `beginFrame` did not, and commits.
    /// `makeImage()` is not changed. Call it on the renderer's thread.
    public func render(into buffer: UnsafeMutableRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                       pixelFormat: PixelFormat = .rgba8Premultiplied) throws {
        guard layer != nil else { throw CARendererError.noLayer }
        let expected = (width: pixelWidth, height: pixelHeight)
        guard expected.width > 0 else { throw CARendererError.invalidBounds(bounds: bounds, scale: scale) }
        guard width == expected.width, height == expected.height else {
            throw CARendererError.invalidBuffer(reason: "\(width) x \(height) pixels, but the frame is \(expected.width) x \(expected.height) (bounds \(bounds.width) x \(bounds.height) at scale \(scale))")
        }
        guard bytesPerRow >= 4 * width else {
            throw CARendererError.invalidBuffer(reason: "bytesPerRow \(bytesPerRow) is shorter than a row of \(width) pixels (\(4 * width) bytes)")
        }
        let needed = height.multipliedReportingOverflow(by: bytesPerRow)
        guard let base = buffer.baseAddress, !needed.overflow, buffer.count >= needed.partialValue else {
            throw CARendererError.invalidBuffer(reason: "\(buffer.count) bytes cannot hold \(height) rows of \(bytesPerRow) bytes")
        }
        // The renderer's kept frame is redrawn where it is damaged (CARenderer+Damage.swift),
        // then copied out whole: the caller's buffer may hold anything.
        let frame = try drawIncrementalFrame()
        let w = frame.width, h = frame.height
        let bytes = base.bindMemory(to: UInt8.self, capacity: needed.partialValue)
        for y in 0..<h {
            let to = bytes + y * bytesPerRow
            to.update(from: frame.row(y), count: 4 * w)
            if pixelFormat == .bgra8Premultiplied { Self.swapRedAndBlue(to, count: w) }
        }
        didDrawFrame()
    }

    /// RGBA → BGRA (and back) for `count` pixels at `row`, any alignment.
    private static func swapRedAndBlue(_ row: UnsafeMutablePointer<UInt8>, count: Int) {
        var p = row
        for _ in 0..<count {
            let r = p[0]
            p[0] = p[2]
            p[2] = r
            p += 4
        }
    }
}

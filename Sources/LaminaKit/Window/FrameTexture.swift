import Foundation
import QuartzCore

/// A window's copy of the frame it shows — an SDL streaming texture, or memory for a headless
/// window — which `FrameUploader` keeps up to date by copying rectangles of frames into it.
///
/// Pixels: premultiplied RGBA8, bytes R, G, B, A (`WindowFrame`'s layout), in device pixels
/// of the frame, origin top-left.
package protocol FrameTexture: AnyObject {
    /// Makes the texture `width` × `height` pixels. Its pixels are undefined until uploaded.
    func allocate(width: Int, height: Int) throws
    /// Copies the pixels of `rect` (within the texture) from `source`, the address of the
    /// rect's top-left pixel in a frame whose rows are `bytesPerRow` apart, into the same
    /// rectangle of the texture.
    func upload(_ rect: FrameRect, from source: UnsafeRawPointer, bytesPerRow: Int) throws
}

/// A texture in memory: what a headless window shows, and what tests read to check that
/// the rectangles a window uploads rebuild the frame exactly.
package final class MemoryFrameTexture: FrameTexture {
    package private(set) var width = 0
    package private(set) var height = 0
    /// `4 · width · height` bytes, rows `4 · width` apart.
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package func allocate(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 32768, height <= 32768, width * height <= 1 << 28 else {
            throw WindowError.invalidSize(width: Double(width), height: Double(height), scale: 1)
        }
        self.width = width
        self.height = height
        // Undefined contents, as a GPU texture's: a pattern, so a test notices pixels never uploaded.
        bytes = [UInt8](repeating: 0xA5, count: 4 * width * height)
    }

    package func upload(_ rect: FrameRect, from source: UnsafeRawPointer, bytesPerRow: Int) throws {
        guard rect.intersection(FrameRect(x: 0, y: 0, width: width, height: height)) == rect, !rect.isEmpty else { return }
        let rowBytes = 4 * rect.width
        bytes.withUnsafeMutableBytes { out in
            for row in 0..<rect.height {
                out.baseAddress!.advanced(by: ((rect.y + row) * width + rect.x) * 4)
                    .copyMemory(from: source.advanced(by: row * bytesPerRow), byteCount: rowBytes)
            }
        }
    }

    /// The texture as an image (a copy), nil before the first `allocate`.
    package func makeImage() -> CGImage? {
        guard width > 0 else { return nil }
        return WindowFrame.image(rgba: Data(bytes), width: width, height: height)
    }
}

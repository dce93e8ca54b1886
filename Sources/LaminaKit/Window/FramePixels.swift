import Foundation
import QuartzCore

/// A frame's pixels as a window uploads them: premultiplied 8-bit RGBA, bytes R, G, B, A in
/// memory (SDL's `ABGR8888` on little-endian machines), rows top to bottom `bytesPerRow` apart.
///
/// Read through CoreGraphics' public API only (`CGImage.dataProvider`), as any host would. A
/// frame in that layout — every frame `CARenderer` makes — is read without a copy: the
/// provider's data is the frame's own memory. Other layouts (BGRA, straight alpha, 16-bit, gray,
/// masks: images a stand-in renderer may hand over) are drawn once into an RGBA bitmap context,
/// which is a copy, and which converts them exactly as drawing the image anywhere else would.
struct FramePixels {
    /// The pixels; `bytesPerRow × height` bytes at least.
    let data: Data
    let width: Int
    let height: Int
    let bytesPerRow: Int

    /// Whether `image`'s bytes are already premultiplied RGBA8 in memory order.
    static func isUploadable(_ image: CGImage) -> Bool {
        guard !image.isMask, image.bitsPerComponent == 8, image.bitsPerPixel == 32,
              image.colorSpace?.numberOfComponents == 3 else { return false }
        // 32-bit big-endian and the default order both put R first in memory for "…Last".
        guard image.byteOrderInfo == .orderDefault || image.byteOrderInfo == .order32Big else { return false }
        return image.alphaInfo == .premultipliedLast || image.alphaInfo == .noneSkipLast
    }

    /// The pixels of `image`. Throws `WindowError.frameUnreadable` when its bytes cannot be
    /// read or converted (no provider, a short provider, no memory for the conversion).
    init(_ image: CGImage) throws {
        width = image.width
        height = image.height
        if FramePixels.isUploadable(image), let bytes = image.dataProvider?.data,
           bytes.count >= image.bytesPerRow * image.height {
            data = bytes
            bytesPerRow = image.bytesPerRow
            // noneSkipLast: the padding byte is not necessarily 255; blending is off in the
            // window, so the alpha byte shown is never used.
            return
        }
        let rowBytes = image.width * 4
        guard let space = CGColorSpace(name: CGColorSpace.sRGB),
              let context = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8,
                                      bytesPerRow: rowBytes, space: space,
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { throw WindowError.frameUnreadable(width: image.width, height: image.height) }
        context.setBlendMode(.copy)
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        guard let memory = context.data else {
            throw WindowError.frameUnreadable(width: image.width, height: image.height)
        }
        data = Data(bytes: memory, count: rowBytes * image.height)
        bytesPerRow = rowBytes
    }
}

import Foundation
import LaminaRaster
import Testing
@testable import LaminaKit

/// What the SDL window uploads, read through CoreGraphics' public API.
@Suite struct FramePixelsTests {
    /// A 2 × 1 image of `bytes` in the given layout.
    private func image(_ bytes: [UInt8], bitmapInfo: UInt32, space: CGColorSpace = CGColorSpaceCreateDeviceRGB(),
                       bitsPerPixel: Int = 32) throws -> CGImage {
        let provider = try #require(CGDataProvider(data: Data(bytes)))
        return try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: bitsPerPixel,
                                    bytesPerRow: bytes.count, space: space, bitmapInfo: CGBitmapInfo(rawValue: bitmapInfo),
                                    provider: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent))
    }

    @Test func aRendererFrameIsUploadedFromItsOwnMemory() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 6, height: 4)
        root.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        let renderer = CARenderer(bounds: root.frame, scale: 1)
        renderer.layer = root
        let frame = try renderer.renderImage()
        let pixels = try FramePixels(frame)
        #expect(pixels.width == 6 && pixels.height == 4 && pixels.bytesPerRow == 24)
        // The bytes uploaded are the compositor's output surface itself (read here through the
        // package accessor, which the window does not use).
        let uploaded = pixels.data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        #expect(uploaded == UnsafeRawPointer(frame.premultipliedRGBA8.base), "no copy of a frame in the window's layout")
        #expect(Array(pixels.data.prefix(4)) == [255, 128, 0, 255])
    }

    @Test func otherLayoutsAreConvertedToPremultipliedRGBA() throws {
        // BGRA premultiplied (32-bit little-endian, alpha first): red, then half-transparent blue.
        let bgra = try image([0, 0, 255, 255, 128, 0, 0, 128],
                             bitmapInfo: CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue)
        #expect(!FramePixels.isUploadable(bgra))
        #expect(Array(try FramePixels(bgra).data.prefix(8)) == [255, 0, 0, 255, 0, 0, 128, 128])
        // Straight (non-premultiplied) alpha: colour is multiplied by alpha on the way.
        let straight = try image([255, 0, 0, 255, 0, 255, 0, 0],
                                 bitmapInfo: CGImageAlphaInfo.last.rawValue)
        #expect(Array(try FramePixels(straight).data.prefix(8)) == [255, 0, 0, 255, 0, 0, 0, 0])
        // Gray without alpha.
        let gray = try image([0, 200], bitmapInfo: CGImageAlphaInfo.none.rawValue, space: CGColorSpaceCreateDeviceGray(),
                             bitsPerPixel: 8)
        let g = try FramePixels(gray)
        #expect(g.bytesPerRow == 8 && Array(g.data.prefix(8)) == [0, 0, 0, 255, 200, 200, 200, 255])
    }

    @Test func premultipliedRGBAFromAProviderIsUploadedAsIs() throws {
        let rgba = try image([10, 20, 30, 40, 1, 2, 3, 255], bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        #expect(FramePixels.isUploadable(rgba))
        #expect(Array(try FramePixels(rgba).data) == [10, 20, 30, 40, 1, 2, 3, 255])
    }
}

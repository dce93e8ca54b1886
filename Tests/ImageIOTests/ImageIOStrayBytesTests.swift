import Foundation
import LaminaRaster
import Testing
@testable import ImageIO

/// CGImageSource reads the size of a JPEG whose segments are separated by stray bytes as
/// libjpeg does (it skips them), so the size is known before decoding and the memory budget
/// refuses a 134-byte file declaring 24576 × 8193 (issue 19, found by ImageFuzzer).
@Suite struct ImageIOStrayBytesTests {
    /// `FF D8`, a JFIF APP0 segment, eight stray bytes, a gray SOF0 of `width` × `height`, a
    /// quantisation table, a scan header, twelve zero bytes of scan data and `FF D9`.
    static func strayByteJPEG(width: Int, height: Int) -> Data {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 1, 0, 0x48, 0, 0x48, 0, 0] // 72 dpi
        b += [0x12, 0x34, 0x00, 0xD8, 0x56, 0x00, 0x78, 0x9A]
        b += [0xFF, 0xC0, 0x00, 0x0B, 8, UInt8(height >> 8), UInt8(height & 0xFF),
              UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
        b += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        b += [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0x00, 0, 0x3F, 0]
        b += [UInt8](repeating: 0, count: 12) + [0xFF, 0xD9]
        return Data(b)
    }

    @Test func propertiesGiveTheSizeLibjpegWouldDecode() throws {
        let data = Self.strayByteJPEG(width: 24576, height: 8193)
        #expect(data.count == 134)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let properties = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil))
        #expect(properties[kCGImagePropertyPixelWidth] as? Int == 24576)
        #expect(properties[kCGImagePropertyPixelHeight] as? Int == 8193)
        #expect(properties[kCGImagePropertyDPIWidth] as? Double == 72)
    }

    @Test func imageOverTheBudgetIsRefusedBeforeDecoding() throws {
        let data = Self.strayByteJPEG(width: 24576, height: 8193)
        let budget = PixelMemoryBudget(limit: 64 << 20)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let image = PixelMemoryBudget.$current.withValue(budget) { CGImageSourceCreateImageAtIndex(source, 0, nil) }
        #expect(image == nil)
        #expect(budget.peak == 0)
    }

    @Test func smallFrameAfterStrayBytesDecodes() throws {
        let source = try #require(CGImageSourceCreateWithData(Self.strayByteJPEG(width: 40, height: 24) as CFData, nil))
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 40 && image.height == 24)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
    }
}

import CoreGraphics
import Foundation
import LaminaRaster
import Testing

/// A JPEG whose segments are separated by bytes that are not markers: libjpeg skips them (its
/// `next_marker`, with an "extraneous bytes" warning) and decodes the frame, so the size read
/// from the header for the memory budget must skip them the same way (issue 19, found by
/// ImageFuzzer).
enum StrayByteJPEG {
    /// `FF D8`, a JFIF APP0 segment, eight stray bytes, a one-component SOF0 declaring
    /// `width` × `height`, a quantisation table, a scan header, twelve bytes of entropy-coded
    /// data (libjpeg pads the rest with zeros: every block flat gray) and `FF D9`: 134 bytes.
    static func bytes(width: Int, height: Int) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        b += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        b += [0x12, 0x34, 0x00, 0xD8, 0x56, 0x00, 0x78, 0x9A] // stray bytes, none of them 0xFF
        b += [0xFF, 0xC0, 0x00, 0x0B, 8, UInt8(height >> 8), UInt8(height & 0xFF),
              UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0]
        b += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        b += [0xFF, 0xDA, 0x00, 0x08, 1, 1, 0x00, 0, 0x3F, 0]
        b += [UInt8](repeating: 0, count: 12)
        b += [0xFF, 0xD9]
        return b
    }
}

@Suite("Image JPEG stray bytes and the memory budget")
struct ImageJPEGStrayBytesTests {
    let huge = StrayByteJPEG.bytes(width: 24576, height: 8193)

    @Test func constructionIsTheFuzzerFinding() {
        #expect(huge.count == 134)
        #expect(Array(huge[20..<28]).allSatisfy { $0 != 0xFF }, "eight stray bytes after APP0")
    }

    @Test func declaredSizeSkipsStrayBytesAsLibjpegDoes() throws {
        let size = try #require(ImageCodec.declaredSize(of: Data(huge)))
        #expect(size.width == 24576 && size.height == 8193)
    }

    /// FF 00 is a stuffed zero, not a marker, and 0xFF fill bytes precede a marker: both are
    /// skipped while scanning for the next marker.
    @Test func stuffedZerosAndFillBytesBetweenSegmentsAreSkipped() throws {
        var b = huge
        b.replaceSubrange(20..<28, with: [0xFF, 0x00, 0x01, 0xFF, 0x00, 0xFF, 0xFF, 0xFF])
        let size = try #require(ImageCodec.declaredSize(of: Data(b)))
        #expect(size.width == 24576 && size.height == 8193)
    }

    /// A segment length below 2 skips nothing (libjpeg subtracts 2 and skips a positive rest),
    /// so the frame right after the length word is found.
    @Test func segmentLengthBelowTwoSkipsNothing() throws {
        for length: UInt8 in [0, 1] {
            let b: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, length] + Array(huge[28...])
            let size = try #require(ImageCodec.declaredSize(of: Data(b)), "length \(length)")
            #expect(size.width == 24576 && size.height == 8193)
        }
    }

    /// Under a budget too small for its 768 MiB of pixels the initializer refuses the file
    /// before decoding (it used to decode all 201 megapixels), and charges nothing.
    @Test func initializerRefusesTheDeclaredSizeBeforeDecoding() throws {
        let budget = PixelMemoryBudget(limit: 64 << 20)
        let provider = try #require(CGDataProvider(data: Data(huge) as CFData))
        let start = ContinuousClock.now
        let image = PixelMemoryBudget.$current.withValue(budget) {
            CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        #expect(image == nil)
        #expect(budget.peak == 0)
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(throws: ImageIOError.self) {
            try ImageCodec.decodeSurface(data: Data(huge), budget: budget)
        }
    }

    /// The same construction at a small size decodes (libjpeg skips the stray bytes), and the
    /// image holds its pixels' charge against the budget while it lives.
    @Test func smallFrameWithStrayBytesDecodesAndIsCharged() throws {
        let budget = PixelMemoryBudget(limit: 64 << 20)
        let provider = try #require(CGDataProvider(data: Data(StrayByteJPEG.bytes(width: 40, height: 24)) as CFData))
        do {
            let image = try #require(PixelMemoryBudget.$current.withValue(budget) {
                CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
            })
            #expect(image.width == 40 && image.height == 24)
            #expect(budget.used == 40 * 24 * 4)
        }
        #expect(budget.used == 0)
    }

    /// Ordinary JPEGs still decode through the initializer under a budget that fits them, and
    /// not under one that does not.
    @Test func normalJPEGDecodesWithinTheBudget() throws {
        let samples = (0..<(32 * 16)).flatMap { i -> [UInt8] in (i % 32) < 16 ? [230, 20, 20] : [20, 40, 220] }
        let jpeg = try ImageCodec.jpegData(samples: samples, width: 32, height: 16, components: 3, quality: 92)
        let size = try #require(ImageCodec.declaredSize(of: jpeg))
        #expect(size.width == 32 && size.height == 16)
        let provider = try #require(CGDataProvider(data: jpeg as CFData))
        let image = try #require(PixelMemoryBudget.$current.withValue(PixelMemoryBudget(limit: 32 * 16 * 4)) {
            CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        })
        #expect(image.width == 32 && image.height == 16)
        let p = image.premultipliedRGBA8[4, 8]
        #expect(abs(Int(p.r) - 230) <= 12 && abs(Int(p.b) - 20) <= 12)
        let refused = PixelMemoryBudget.$current.withValue(PixelMemoryBudget(limit: 32 * 16 * 4 - 1)) {
            CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent)
        }
        #expect(refused == nil)
    }
}

import Foundation
import Testing
@testable import ImageIO

@Suite struct ImageIOPropertiesTests {
    /// `jpeg` with an EXIF APP1 segment (big-endian TIFF, IFD0 holding only the orientation tag)
    /// inserted after the start-of-image marker.
    static func withOrientation(_ jpeg: Data, _ value: UInt16) -> Data {
        let tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0, 8, // "MM", 42, IFD0 at 8
                             0, 1,                               // one entry
                             0x01, 0x12, 0, 3, 0, 0, 0, 1, UInt8(value >> 8), UInt8(value & 0xFF), 0, 0,
                             0, 0, 0, 0]                         // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return jpeg.prefix(2) + Data(segment) + jpeg.dropFirst(2)
    }

    /// `png` with a pHYs chunk (pixels per metre, unit 1) after IHDR.
    static func withPHYs(_ png: Data, pixelsPerMetre: UInt32) -> Data {
        let be: (UInt32) -> [UInt8] = { [UInt8($0 >> 24), UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        let body = Array("pHYs".utf8) + be(pixelsPerMetre) + be(pixelsPerMetre) + [1]
        let chunk = be(9) + body + be(ImageCodec.crc32(body))
        return png.prefix(33) + Data(chunk) + png.dropFirst(33)
    }

    @Test func pngPropertiesComeFromTheHeader() throws {
        let png = try #require(TestImages.encode(TestImages.halves(translucent: true), type: kUTTypePNG))
        let source = try #require(CGImageSourceCreateWithData(Self.withPHYs(png, pixelsPerMetre: 5669) as CFData, nil))
        let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any])
        #expect(props[kCGImagePropertyPixelWidth as String] as? Int == 40)
        #expect(props[kCGImagePropertyPixelHeight as String] as? Int == 20)
        #expect(props[kCGImagePropertyHasAlpha as String] as? Bool == true)
        #expect(props[kCGImagePropertyDepth as String] as? Int == 8)
        #expect(props[kCGImagePropertyColorModel as String] as? String == "RGB")
        // 5669 px/m is 144 dpi (to 0.01).
        let dpi = try #require(props[kCGImagePropertyDPIWidth as String] as? Double)
        #expect(abs(dpi - 144) < 0.01)
        #expect(props[kCGImagePropertyOrientation as String] == nil)
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil) != nil)
        let file = try #require(CGImageSourceCopyProperties(source, nil) as? [CFString: Any])
        #expect(file[kCGImagePropertyFileSize] as? Int == png.count + 21)
    }

    @Test func opaquePNGAndJPEGHaveNoAlphaAndJPEGReportsItsOrientation() throws {
        let png = try #require(TestImages.encode(TestImages.halves(), type: kUTTypePNG))
        let pngProps = CGImageSourceCopyPropertiesAtIndex(try #require(CGImageSourceCreateWithData(png, nil)), 0, nil)
        #expect(pngProps?[kCGImagePropertyHasAlpha] as? Bool == false)
        let jpeg = Self.withOrientation(try #require(TestImages.encode(TestImages.halves(), type: kUTTypeJPEG)), 6)
        let source = try #require(CGImageSourceCreateWithData(jpeg, nil))
        let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any])
        #expect(props[kCGImagePropertyHasAlpha] as? Bool == false)
        #expect(props[kCGImagePropertyColorModel] as? String == kCGImagePropertyColorModelRGB)
        #expect((props[kCGImagePropertyOrientation] as? UInt32).flatMap(CGImagePropertyOrientation.init) == .right)
        // The image itself is returned as stored.
        let image = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(image.width == 40)
    }

    @Test func thumbnailsFitTheMaximumSizeAndNeverEnlarge() throws {
        let png = try #require(TestImages.encode(TestImages.halves(), type: kUTTypePNG))
        let source = try #require(CGImageSourceCreateWithData(png, nil))
        func thumbnail(_ options: [CFString: Any]) -> CGImage? {
            CGImageSourceCreateThumbnailAtIndex(source, 0, options as CFDictionary)
        }
        let small = try #require(thumbnail([kCGImageSourceCreateThumbnailFromImageAlways: true,
                                            kCGImageSourceThumbnailMaxPixelSize: 10]))
        #expect((small.width, small.height) == (10, 5))
        let left = TestImages.pixel(small, 1, 2), right = TestImages.pixel(small, 8, 2)
        #expect(left[0] > 240 && left[2] < 16)
        #expect(right[2] > 240 && right[0] < 16)
        let fromCGFloat = try #require(thumbnail([kCGImageSourceCreateThumbnailFromImageIfAbsent: true,
                                                  kCGImageSourceThumbnailMaxPixelSize: CGFloat(7.9)]))
        #expect((fromCGFloat.width, fromCGFloat.height) == (7, 4))
        let big = try #require(thumbnail([kCGImageSourceCreateThumbnailFromImageAlways: true,
                                          kCGImageSourceThumbnailMaxPixelSize: 400]))
        #expect((big.width, big.height) == (40, 20))
        let unlimited = try #require(thumbnail([kCGImageSourceCreateThumbnailFromImageAlways: true,
                                                kCGImageSourceThumbnailMaxPixelSize: Double.nan]))
        #expect((unlimited.width, unlimited.height) == (40, 20))
        // No embedded thumbnail and not asked to make one: none, as Apple's.
        #expect(thumbnail([kCGImageSourceThumbnailMaxPixelSize: 10]) == nil)
        #expect(CGImageSourceCreateThumbnailAtIndex(source, 0, nil) == nil)
    }

    @Test func thumbnailWithTransformTurnsTheImageUpright() throws {
        // Red left half, blue right half, stored with orientation 6 (rotate 90° clockwise to
        // display): upright, red is on top and blue at the bottom.
        let jpeg = Self.withOrientation(try #require(TestImages.encode(TestImages.halves(), type: kUTTypeJPEG,
                                                                       properties: [kCGImageDestinationLossyCompressionQuality: 1] as CFDictionary)), 6)
        let source = try #require(CGImageSourceCreateWithData(jpeg, nil))
        let options = [kCGImageSourceCreateThumbnailFromImageAlways: true,
                       kCGImageSourceCreateThumbnailWithTransform: true,
                       kCGImageSourceThumbnailMaxPixelSize: 40] as CFDictionary
        let upright = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, options))
        #expect((upright.width, upright.height) == (20, 40))
        let top = TestImages.pixel(upright, 10, 3), bottom = TestImages.pixel(upright, 10, 36)
        #expect(top[0] > 240 && top[2] < 16)
        #expect(bottom[2] > 240 && bottom[0] < 16)
    }

    @Test func everyOrientationMapsTheStoredCornersWhereEXIFSays() throws {
        // A 3×2 image whose pixels are all different: for each orientation the displayed
        // top-left pixel is the stored pixel EXIF's definition names.
        let stored = TestImages.noise(width: 3, height: 2)
        let expectedTopLeft: [CGImagePropertyOrientation: (Int, Int)] = [
            .up: (0, 0), .upMirrored: (2, 0), .down: (2, 1), .downMirrored: (0, 1),
            .leftMirrored: (0, 0), .right: (0, 1), .rightMirrored: (2, 1), .left: (2, 0),
        ]
        for (orientation, (x, y)) in expectedTopLeft {
            let upright = ImageResampling.oriented(stored, orientation)
            let swapped = orientation.rawValue >= 5
            #expect((upright.width, upright.height) == (swapped ? 2 : 3, swapped ? 3 : 2))
            #expect(TestImages.pixel(upright, 0, 0) == TestImages.pixel(stored, x, y), "orientation \(orientation)")
        }
    }

    @Test func subsampleFactorScalesTheImage() throws {
        let png = try #require(TestImages.encode(TestImages.halves(width: 41, height: 20), type: kUTTypePNG))
        let source = try #require(CGImageSourceCreateWithData(png, nil))
        let half = try #require(CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceSubsampleFactor: 2] as CFDictionary))
        #expect((half.width, half.height) == (21, 10))
        let ignored = try #require(CGImageSourceCreateImageAtIndex(source, 0, [kCGImageSourceSubsampleFactor: 3] as CFDictionary))
        #expect(ignored.width == 41)
    }

    @Test func cachingReturnsTheSameImageUnlessTurnedOff() throws {
        let png = try #require(TestImages.encode(TestImages.halves(), type: kUTTypePNG))
        let cached = try #require(CGImageSourceCreateWithData(png, nil))
        #expect(CGImageSourceCreateImageAtIndex(cached, 0, nil) === CGImageSourceCreateImageAtIndex(cached, 0, nil))
        let uncached = try #require(CGImageSourceCreateWithData(png, [kCGImageSourceShouldCache: false] as CFDictionary))
        #expect(CGImageSourceCreateImageAtIndex(uncached, 0, nil) !== CGImageSourceCreateImageAtIndex(uncached, 0, nil))
    }
}

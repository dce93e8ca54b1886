// JPEG thumbnails decode at libjpeg's smallest DCT scale that still covers the thumbnail
// (1/8, 1/4, 1/2), instead of decoding the whole image and scaling it down. The work is
// checked by the decoded image's size, not timed; the thumbnails stay close to what scaling
// the full decode gives.
import Foundation
import Testing
@testable import ImageIO

@Suite struct ImageIOThumbnailScalingTests {
    /// A smooth `width` × `height` picture (gradients and a disc), so that a scaled decode and
    /// a full decode scaled down can be compared pixel by pixel.
    static func picture(width: Int, height: Int) -> CGImage {
        let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                                  colors: [CGColor(red: 0.9, green: 0.2, blue: 0.1, alpha: 1),
                                           CGColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 1)] as CFArray,
                                  locations: [0, 1])!
        context.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: width, y: height), options: [])
        context.setFillColor(CGColor(red: 1, green: 0.9, blue: 0.2, alpha: 1))
        context.fillEllipse(in: CGRect(x: width / 4, y: height / 4, width: width / 2, height: height / 2))
        return context.makeImage()!
    }

    static func jpeg(width: Int, height: Int) throws -> Data {
        try #require(TestImages.encode(picture(width: width, height: height), type: kUTTypeJPEG,
                                       properties: [kCGImageDestinationLossyCompressionQuality: 0.95] as CFDictionary))
    }

    /// What the thumbnail was before DCT scaling: the full decode scaled to `width` × `height`
    /// with high-quality interpolation (ImageResampling.scaled).
    static func scaledFullDecode(_ data: Data, width: Int, height: Int) throws -> CGImage {
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let full = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        return try #require(ImageResampling.scaled(full, width: width, height: height))
    }

    /// The premultiplied RGBA bytes of `image`, top row first.
    static func bytes(_ image: CGImage) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: image.width * image.height * 4)
        bytes.withUnsafeMutableBytes { raw in
            let context = CGContext(data: raw.baseAddress, width: image.width, height: image.height, bitsPerComponent: 8,
                                    bytesPerRow: image.width * 4, space: CGColorSpaceCreateDeviceRGB(),
                                    bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
            context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        }
        return bytes
    }

    static func options(maxPixelSize: Int, transform: Bool = false) -> CFDictionary {
        [kCGImageSourceCreateThumbnailFromImageAlways: true, kCGImageSourceThumbnailMaxPixelSize: maxPixelSize,
         kCGImageSourceCreateThumbnailWithTransform: transform, kCGImageSourceShouldCache: false] as CFDictionary
    }

    @Test func aSmallThumbnailOfALargeJPEGDecodesAnEighthOfEachSide() throws {
        let data = try Self.jpeg(width: 960, height: 640)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        let decoded = try #require(source.thumbnailSource(maxPixelSize: 100, cache: false))
        // 120 × 80 decoded pixels (1/8 of each side) for a 100 × 67 thumbnail, not 614,400.
        #expect((decoded.image.width, decoded.image.height) == (120, 80))
        #expect(decoded.fullSize == (960, 640))
        // A thumbnail just over an eighth: a quarter of each side.
        let quarter = try #require(source.thumbnailSource(maxPixelSize: 150, cache: false))
        #expect((quarter.image.width, quarter.image.height) == (240, 160))
        // As large as the image: the full decode.
        let full = try #require(source.thumbnailSource(maxPixelSize: 960, cache: false))
        #expect((full.image.width, full.image.height) == (960, 640))
    }

    @Test func scaledThumbnailsMatchScalingTheFullDecode() throws {
        let data = try Self.jpeg(width: 960, height: 640)
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        for (maxSize, size) in [(100, (100, 67)), (150, (150, 100)), (400, (400, 267))] {
            let thumbnail = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, Self.options(maxPixelSize: maxSize)))
            #expect((thumbnail.width, thumbnail.height) == size)
            let reference = try Self.scaledFullDecode(data, width: size.0, height: size.1)
            var worst = 0, total = 0, count = 0
            let a = Self.bytes(thumbnail), b = Self.bytes(reference)
            for i in 0..<a.count where i % 4 != 3 {
                let d = abs(Int(a[i]) - Int(b[i]))
                worst = max(worst, d); total += d; count += 1
            }
            // The DCT-scaled decode averages blocks as the resampler would (measured: mean 0.06–0.13
            // levels, worst 5–22 along the disc's edge).
            #expect(Double(total) / Double(count) < 0.5, "max \(maxSize): mean difference \(Double(total) / Double(count))")
            #expect(worst < 32, "max \(maxSize): worst difference \(worst)")
        }
    }

    @Test func scaledThumbnailsKeepTheirOrientation() throws {
        // Red left half, blue right half, 800 × 400, stored with orientation 6 (turn 90°
        // clockwise to display): upright, red on top and blue at the bottom.
        let stored = try #require(TestImages.encode(TestImages.halves(width: 800, height: 400), type: kUTTypeJPEG,
                                                    properties: [kCGImageDestinationLossyCompressionQuality: 1] as CFDictionary))
        let jpeg = ImageIOPropertiesTests.withOrientation(stored, 6)
        let source = try #require(CGImageSourceCreateWithData(jpeg as CFData, nil))
        #expect(source.thumbnailSource(maxPixelSize: 80, cache: false).map { ($0.image.width, $0.image.height) } ?? (0, 0) == (100, 50))
        let upright = try #require(CGImageSourceCreateThumbnailAtIndex(source, 0, Self.options(maxPixelSize: 80, transform: true)))
        #expect((upright.width, upright.height) == (40, 80))
        let top = TestImages.pixel(upright, 20, 5), bottom = TestImages.pixel(upright, 20, 74)
        #expect(top[0] > 240 && top[2] < 16)
        #expect(bottom[2] > 240 && bottom[0] < 16)
    }
}

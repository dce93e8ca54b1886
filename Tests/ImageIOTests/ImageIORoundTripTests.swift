import Foundation
import Testing
import ImageIO

@Suite struct ImageIORoundTripTests {
    @Test func pngRoundTripsThroughDataExactly() throws {
        let image = TestImages.halves(translucent: true)
        let data = try #require(TestImages.encode(image, type: kUTTypePNG))
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let source = try #require(CGImageSourceCreateWithData(data as CFData, nil))
        #expect(CGImageSourceGetType(source) == "public.png")
        #expect(CGImageSourceGetCount(source) == 1)
        #expect(CGImageSourceGetStatus(source) == .statusComplete)
        let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(back.width == 40)
        #expect(back.height == 20)
        #expect(back.alphaInfo != .noneSkipLast)
        #expect(TestImages.pixel(back, 2, 2) == [255, 0, 0, 255])
        #expect(TestImages.pixel(back, 37, 2) == [0, 0, 255, 255])
        #expect(TestImages.pixel(back, 37, 17) == [0, 0, 0, 0])
    }

    @Test func opaquePNGDecodesAsOpaqueAndJPEGIsAlwaysOpaque() throws {
        let png = try #require(TestImages.encode(TestImages.halves(), type: "public.png" as CFString))
        let source = try #require(CGImageSourceCreateWithData(png as CFData, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil)?.alphaInfo == .noneSkipLast)
        let jpeg = try #require(TestImages.encode(TestImages.halves(translucent: true), type: kUTTypeJPEG))
        let jsource = try #require(CGImageSourceCreateWithData(jpeg as CFData, nil))
        let back = try #require(CGImageSourceCreateImageAtIndex(jsource, 0, nil))
        #expect(back.alphaInfo == .noneSkipLast)
        // Translucent pixels are composited over black.
        let corner = TestImages.pixel(back, 37, 17)
        #expect(corner[0] < 8 && corner[1] < 8 && corner[2] < 8 && corner[3] == 255)
    }

    @Test func jpegRoundTripsThroughAFileURL() throws {
        let folder = try TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("photo.jpg")
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, kUTTypeJPEG, 1, nil))
        CGImageDestinationAddImage(destination, TestImages.halves(), [kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary)
        #expect(CGImageDestinationFinalize(destination))
        // Only the file: the temporary file was renamed over it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["photo.jpg"])
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceGetType(source) == "public.jpeg")
        let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        let red = TestImages.pixel(back, 5, 10), blue = TestImages.pixel(back, 35, 10)
        #expect(red[0] > 240 && red[1] < 16 && red[2] < 16)
        #expect(blue[0] < 16 && blue[1] < 16 && blue[2] > 240)
    }

    @Test func pngRoundTripsThroughAFileURLAndReplacesAnExistingFileAtomically() throws {
        let folder = try TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("out.png")
        try Data("old contents".utf8).write(to: url)
        // A reader holding the old file keeps reading the old bytes: the file was replaced by a
        // rename, never truncated and rewritten in place.
        let reader = try FileHandle(forReadingFrom: url)
        defer { try? reader.close() }
        let destination = try #require(CGImageDestinationCreateWithURL(url as CFURL, kUTTypePNG, 1, nil))
        CGImageDestinationAddImage(destination, TestImages.halves(), nil)
        #expect(CGImageDestinationFinalize(destination))
        #expect(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self) == "old contents")
        let source = try #require(CGImageSourceCreateWithURL(url as CFURL, nil))
        #expect(CGImageSourceCreateImageAtIndex(source, 0, nil).map { TestImages.pixel($0, 30, 3) } == [0, 0, 255, 255])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test func lossyQualityChangesTheJPEGSize() throws {
        let image = TestImages.noise()
        func size(_ properties: CFDictionary?) throws -> Int {
            try #require(TestImages.encode(image, type: kUTTypeJPEG, properties: properties)).count
        }
        let low = try size([kCGImageDestinationLossyCompressionQuality: 0.1] as CFDictionary)
        let high = try size([kCGImageDestinationLossyCompressionQuality: 1.0] as CFDictionary)
        #expect(low * 2 < high)
        // Out of range clamps; NaN is ignored (the default, 0.9).
        #expect(try size([kCGImageDestinationLossyCompressionQuality: 7.0] as CFDictionary) == high)
        #expect(try size([kCGImageDestinationLossyCompressionQuality: Double.nan] as CFDictionary)
                == size([kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary))
        #expect(try size(nil) == size([kCGImageDestinationLossyCompressionQuality: 0.9] as CFDictionary))
        // Destination-wide properties apply, an image's own win.
        let data = NSMutableData()
        let destination = try #require(CGImageDestinationCreateWithData(data, kUTTypeJPEG, 1,
                                                                        [kCGImageDestinationLossyCompressionQuality: 0.1] as CFDictionary))
        CGImageDestinationAddImage(destination, image, nil)
        #expect(CGImageDestinationFinalize(destination))
        #expect(data.length == low)
    }

    @Test func pngIgnoresQualityAndMaxPixelSizeScalesDown() throws {
        let image = TestImages.halves()
        let plain = try #require(TestImages.encode(image, type: kUTTypePNG))
        let lossy = try #require(TestImages.encode(image, type: kUTTypePNG,
                                                   properties: [kCGImageDestinationLossyCompressionQuality: 0.1] as CFDictionary))
        #expect(plain == lossy)
        let small = try #require(TestImages.encode(image, type: kUTTypePNG,
                                                   properties: [kCGImageDestinationImageMaxPixelSize: 10] as CFDictionary))
        let source = try #require(CGImageSourceCreateWithData(small, nil))
        let props = try #require(CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [CFString: Any])
        #expect(props[kCGImagePropertyPixelWidth] as? Int == 10)
        #expect(props[kCGImagePropertyPixelHeight] as? Int == 5)
    }

    @Test func jpegBackgroundColourFillsTranslucentPixels() throws {
        let white = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        let jpeg = try #require(TestImages.encode(TestImages.halves(translucent: true), type: kUTTypeJPEG,
                                                  properties: [kCGImageDestinationBackgroundColor: white] as CFDictionary))
        let source = try #require(CGImageSourceCreateWithData(jpeg, nil))
        let back = try #require(CGImageSourceCreateImageAtIndex(source, 0, nil))
        #expect(TestImages.pixel(back, 37, 17).allSatisfy { $0 > 245 })
    }
}

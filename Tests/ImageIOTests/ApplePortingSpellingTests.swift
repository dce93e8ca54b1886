import Foundation
import Testing
import ImageIO

// Image saving and loading written the way iOS code writes it, with no Linux-only spelling:
// each of these compiles unchanged on Apple's platforms.

extension CGImage {
    /// The popular `CFDataCreateMutable` + `"public.png" as CFString` extension.
    var portedPNG: Data? {
        guard let mutableData = CFDataCreateMutable(nil, 0),
              let destination = CGImageDestinationCreateWithData(mutableData, "public.png" as CFString, 1, nil)
        else { return nil }
        CGImageDestinationAddImage(destination, self, nil)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return mutableData as Data
    }

    /// JPEG with a quality dictionary built as `[CFString: Any]`.
    func portedJPEG(quality: CGFloat) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data as CFMutableData, kUTTypeJPEG, 1, nil) else { return nil }
        let options: [CFString: Any] = [kCGImageDestinationLossyCompressionQuality: quality]
        CGImageDestinationAddImage(destination, self, options as CFDictionary)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }

    /// Saving to a file URL.
    func portedWrite(to url: URL) -> Bool {
        guard let destination = CGImageDestinationCreateWithURL(url as CFURL, kUTTypePNG, 1, nil) else { return false }
        CGImageDestinationAddImage(destination, self, nil)
        return CGImageDestinationFinalize(destination)
    }
}

/// The common downsampling helper.
func portedDownsample(imageAt url: URL, maxDimension: CGFloat) -> CGImage? {
    let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
    guard let source = CGImageSourceCreateWithURL(url as CFURL, sourceOptions) else { return nil }
    let options = [
        kCGImageSourceCreateThumbnailFromImageAlways: true,
        kCGImageSourceShouldCacheImmediately: true,
        kCGImageSourceCreateThumbnailWithTransform: true,
        kCGImageSourceThumbnailMaxPixelSize: maxDimension,
    ] as CFDictionary
    return CGImageSourceCreateThumbnailAtIndex(source, 0, options)
}

/// Reading the pixel size from the properties, as `[String: Any]`.
func portedPixelSize(of data: Data) -> CGSize? {
    guard let source = CGImageSourceCreateWithData(data as CFData, nil),
          let properties = CGImageSourceCopyPropertiesAtIndex(source, 0, nil) as? [String: Any],
          let width = properties[kCGImagePropertyPixelWidth as String] as? Int,
          let height = properties[kCGImagePropertyPixelHeight as String] as? Int
    else { return nil }
    return CGSize(width: width, height: height)
}

@Suite struct ApplePortingSpellingTests {
    @Test func savingAndLoadingTheWayiOSCodeDoes() throws {
        let image = TestImages.halves()
        let png = try #require(image.portedPNG)
        #expect(portedPixelSize(of: png) == CGSize(width: 40, height: 20))
        let jpeg = try #require(image.portedJPEG(quality: 0.8))
        #expect(portedPixelSize(of: jpeg) == CGSize(width: 40, height: 20))
        let folder = try TestImages.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("image.png")
        #expect(image.portedWrite(to: url))
        let thumbnail = try #require(portedDownsample(imageAt: url, maxDimension: 20))
        #expect((thumbnail.width, thumbnail.height) == (20, 10))
        #expect(CFDataGetLength(png as CFData) == png.count)
        let types = CGImageDestinationCopyTypeIdentifiers() as? [String]
        #expect(types == ["public.png", "public.jpeg"])
    }
}

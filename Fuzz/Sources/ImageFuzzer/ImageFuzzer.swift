import CoreGraphics
import Foundation
import FuzzSupport
import ImageIO

/// Decodes the bytes as PNG and JPEG through every public entry point — CGImage's
/// `pngDataProviderSource`/`jpegDataProviderSource` initialisers and ImageIO's CGImageSource
/// (type sniffing, properties, image and thumbnail) — and draws each image it gets into a
/// small bitmap context scaled and rotated, so decoded pixels are read by the samplers.
/// The first byte chooses the entry point; the rest is the file.
/// The process entry point: SwiftPM links `main` to `ImageFuzzer_main`.
@_cdecl("ImageFuzzer_main")
public func imageFuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv) { data, size in data.map { fuzz($0, size) } ?? 0 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0]
    let file = Data(bytes: data + 1, count: size - 1)
    // Files that declare more than a megapixel are read up to their header only: decoding is
    // work in proportion to the declared size (a 200-byte JPEG can declare 17 megapixels, 20 s
    // under AddressSanitizer), which would leave the fuzzer little time for anything else.
    // The memory budget for huge declared sizes has its own tests. JPEG thumbnails decode at
    // 1/8 of each side (libjpeg's DCT scaling), so they may declare 32 times as much (half the 64 times the scaling saves).
    // (`CGImageSourceGetStatus` decodes the whole image, so it is skipped for those.)
    var large = false
    if let header = CGImageSourceCreateWithData(file as CFData, nil),
       let properties = CGImageSourceCopyPropertiesAtIndex(header, 0, nil),
       let w = properties[kCGImagePropertyPixelWidth] as? Int, let h = properties[kCGImagePropertyPixelHeight] as? Int {
        let scaledThumbnail = mode % 4 == 3 && CGImageSourceGetType(header) == ("public.jpeg" as CFString)
        let pixels = w.multipliedReportingOverflow(by: h).partialValue
        let budget = scaledThumbnail ? 1 << 25 : 1 << 20
        if pixels > budget || w > budget || h > budget { return 0 }
        large = pixels > 1 << 20
    }
    var images: [CGImage] = []
    switch mode % 4 {
    case 0:
        if let p = CGDataProvider(data: file as CFData),
           let image = CGImage(pngDataProviderSource: p, decode: nil, shouldInterpolate: true, intent: .defaultIntent) {
            images.append(image)
        }
    case 1:
        if let p = CGDataProvider(data: file as CFData),
           let image = CGImage(jpegDataProviderSource: p, decode: nil, shouldInterpolate: mode & 4 != 0, intent: .defaultIntent) {
            images.append(image)
        }
    default:
        if let source = CGImageSourceCreateWithData(file as CFData, nil) {
            _ = CGImageSourceGetType(source)
            if !large { _ = CGImageSourceGetStatus(source) }
            let count = CGImageSourceGetCount(source)
            _ = CGImageSourceCopyProperties(source, nil)
            for i in 0..<min(count, 2) {
                _ = CGImageSourceCopyPropertiesAtIndex(source, i, nil)
                if mode % 4 == 2 {
                    if let image = CGImageSourceCreateImageAtIndex(source, i, nil) { images.append(image) }
                } else {
                    let options = [kCGImageSourceThumbnailMaxPixelSize: 16,
                                   kCGImageSourceCreateThumbnailFromImageAlways: true] as CFDictionary
                    if let image = CGImageSourceCreateThumbnailAtIndex(source, i, options) { images.append(image) }
                }
            }
        }
    }
    for image in images {
        _ = image.width; _ = image.height; _ = image.bitsPerPixel; _ = image.dataProvider?.data
        guard let ctx = CGContext(data: nil, width: 16, height: 16, bitsPerComponent: 8, bytesPerRow: 0,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue) else { continue }
        ctx.interpolationQuality = mode & 8 != 0 ? .high : .none
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 16, height: 16))
        ctx.rotate(by: 0.3)
        ctx.draw(image, in: CGRect(x: -4, y: 2, width: 20, height: 9))
        _ = image.cropping(to: CGRect(x: 1, y: 1, width: 3, height: 3))
        _ = ctx.makeImage()
    }
    return 0
}

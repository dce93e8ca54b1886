import CoreGraphics
import LaminaRaster
import Testing
import _LaminaTestSupport

@Suite("Image CGImage layouts and API")
struct ImageCGImageTests {
    let rgb = CGColorSpaceCreateDeviceRGB()
    let gray = CGColorSpaceCreateDeviceGray()

    func image(_ bytes: [UInt8], width: Int, height: Int = 1, bpc: Int = 8, bpp: Int, bytesPerRow: Int? = nil,
               space: CGColorSpace? = nil, info: UInt32, decode: [CGFloat]? = nil) -> CGImage? {
        let provider = CGDataProvider(bytes: Data(bytes))
        let row = bytesPerRow ?? (width * bpp + 7) / 8
        if let decode {
            return decode.withUnsafeBufferPointer {
                CGImage(width: width, height: height, bitsPerComponent: bpc, bitsPerPixel: bpp, bytesPerRow: row,
                        space: space ?? rgb, bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider,
                        decode: $0.baseAddress, shouldInterpolate: true, intent: .defaultIntent)
            }
        }
        return CGImage(width: width, height: height, bitsPerComponent: bpc, bitsPerPixel: bpp, bytesPerRow: row,
                       space: space ?? rgb, bitmapInfo: CGBitmapInfo(rawValue: info), provider: provider,
                       decode: nil, shouldInterpolate: true, intent: .defaultIntent)
    }

    func px(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> PremultipliedRGBA8 { .init(r: r, g: g, b: b, a: a) }

    @Test func appleRawValues() {
        #expect(CGImageAlphaInfo.premultipliedFirst.rawValue == 2 && CGImageAlphaInfo.alphaOnly.rawValue == 7)
        #expect(CGBitmapInfo.byteOrder32Little.rawValue == 0x2000 && CGBitmapInfo.floatComponents.rawValue == 0x100)
        #expect(CGBitmapInfo.alphaInfoMask.rawValue == 0x1F && CGBitmapInfo.byteOrderMask.rawValue == 0x7000)
        #expect(CGImageByteOrderInfo.order16Big.rawValue == 0x3000 && CGBitmapInfo.byteOrder32Host == .byteOrder32Little)
    }

    @Test func eightBitRGBLayouts() throws {
        let premulFirst = CGImageAlphaInfo.premultipliedFirst.rawValue
        let little = CGBitmapInfo.byteOrder32Little.rawValue
        // BGRA (premultipliedFirst + 32-bit little endian), the common "native" layout.
        let bgra = try #require(image([30, 20, 10, 40], width: 1, bpp: 32, info: premulFirst | little))
        #expect(bgra.premultipliedRGBA8[0, 0] == px(10, 20, 30, 40))
        #expect(bgra.alphaInfo == .premultipliedFirst && bgra.byteOrderInfo == .order32Little)
        // ARGB in memory (premultipliedFirst, default order).
        let argb = try #require(image([40, 10, 20, 30], width: 1, bpp: 32, info: premulFirst))
        #expect(argb.premultipliedRGBA8[0, 0] == px(10, 20, 30, 40))
        // RGBX and XRGB (little: BGRX) are opaque.
        let rgbx = try #require(image([1, 2, 3, 99], width: 1, bpp: 32, info: CGImageAlphaInfo.noneSkipLast.rawValue))
        #expect(rgbx.premultipliedRGBA8[0, 0] == px(1, 2, 3, 255))
        let bgrx = try #require(image([3, 2, 1, 99], width: 1, bpp: 32,
                                      info: CGImageAlphaInfo.noneSkipFirst.rawValue | little))
        #expect(bgrx.premultipliedRGBA8[0, 0] == px(1, 2, 3, 255))
        // Straight alpha is premultiplied with rounding: round(200·128/255) = 100, …
        let straight = try #require(image([200, 100, 50, 128], width: 1, bpp: 32, info: CGImageAlphaInfo.last.rawValue))
        #expect(straight.premultipliedRGBA8[0, 0] == px(100, 50, 25, 128))
        let straightFirst = try #require(image([0, 200, 100, 50], width: 1, bpp: 32, info: CGImageAlphaInfo.first.rawValue))
        #expect(straightFirst.premultipliedRGBA8[0, 0] == px(0, 0, 0, 0))
        // Packed RGB, 24 bits.
        let rgb24 = try #require(image([9, 8, 7, 6, 5, 4], width: 2, bpp: 24, info: CGImageAlphaInfo.none.rawValue))
        #expect(rgb24.premultipliedRGBA8[1, 0] == px(6, 5, 4, 255))
        // Invalid premultiplied data (colour > alpha) is clamped to keep the surface valid.
        let invalid = try #require(image([200, 10, 10, 100], width: 1, bpp: 32, info: CGImageAlphaInfo.premultipliedLast.rawValue))
        #expect(invalid.premultipliedRGBA8[0, 0] == px(100, 10, 10, 100))
    }

    @Test func fastPathMatchesReference() throws {
        var random = SplitMix64(5)
        let width = 13, height = 4, bytesPerRow = 13 * 4 + 3
        let bytes = random.bytes(bytesPerRow * height)
        let alphas: [CGImageAlphaInfo] = [.premultipliedLast, .premultipliedFirst, .last, .first, .noneSkipLast, .noneSkipFirst]
        for alpha in alphas {
            for order in [CGBitmapInfo.byteOrderDefault, .byteOrder32Little, .byteOrder32Big] {
                let info = CGBitmapInfo(rawValue: alpha.rawValue | order.rawValue)
                let layout = try #require(ImagePixelLayout(
                    width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: bytesPerRow,
                    model: .rgb, bitmapInfo: info, isMask: false, decode: nil, dataCount: bytes.count))
                let fast = try Surface(width: width, height: height), reference = try Surface(width: width, height: height)
                layout.convert(Data(bytes), into: fast)
                layout.convertGeneric(Data(bytes), into: reference)
                #expect(fast.bytes() == reference.bytes(), "\(alpha) \(order)")
            }
        }
    }

    @Test func grayAlphaOnlyMaskAndCMYK() throws {
        let g = try #require(image([0, 128, 255], width: 3, bpp: 8, space: gray, info: 0))
        #expect(g.premultipliedRGBA8[1, 0] == px(128, 128, 128, 255))
        let ga = try #require(image([200, 100], width: 1, bpc: 8, bpp: 16, space: gray, info: CGImageAlphaInfo.last.rawValue))
        #expect(ga.premultipliedRGBA8[0, 0] == px(78, 78, 78, 100))
        // 16-bit gray+alpha word, little endian: memory is alpha then gray.
        let gaLittle = try #require(image([200, 100], width: 1, bpp: 16, space: gray,
                                          info: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder16Little.rawValue))
        #expect(gaLittle.premultipliedRGBA8[0, 0] == px(100, 100, 100, 200))
        let oneBit = try #require(image([0b1010_0000], width: 3, bpc: 1, bpp: 1, space: gray, info: 0))
        #expect((0..<3).map { oneBit.premultipliedRGBA8[$0, 0].r } == [255, 0, 255])
        let inverted = try #require(image([0, 255], width: 2, bpp: 8, space: gray, info: 0, decode: [1, 0]))
        #expect(inverted.premultipliedRGBA8[0, 0] == px(255, 255, 255, 255))
        #expect(inverted.decode?[0] == 1 && inverted.decode?[1] == 0)
        let alphaOnly = try #require(image([0, 77], width: 2, bpp: 8, info: CGImageAlphaInfo.alphaOnly.rawValue))
        #expect(alphaOnly.premultipliedRGBA8[1, 0] == px(0, 0, 0, 77))
        let cmyk = try #require(image([0, 255, 255, 0, 0, 0, 0, 255], width: 2, bpp: 32,
                                      space: CGColorSpace(name: nil, model: .cmyk), info: 0))
        #expect(cmyk.premultipliedRGBA8[0, 0] == px(255, 0, 0, 255) && cmyk.premultipliedRGBA8[1, 0] == px(0, 0, 0, 255))

        // An image mask: 0 paints (opaque), 1 blocks (transparent).
        let mask = try #require(CGImage(maskWidth: 4, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                                        provider: CGDataProvider(bytes: Data([0b0110_0000])), decode: nil,
                                        shouldInterpolate: false))
        #expect(mask.isMask && mask.colorSpace == nil)
        #expect((0..<4).map { mask.premultipliedRGBA8[$0, 0].a } == [255, 0, 0, 255])
    }

    @Test func sixteenBitComponents() throws {
        // RGBA16 big endian (default) and little endian; 0x8080 → 128.
        let be = try #require(image([0xFF, 0xFF, 0x80, 0x80, 0, 0, 0xFF, 0xFF], width: 1, bpc: 16, bpp: 64,
                                    info: CGImageAlphaInfo.last.rawValue))
        #expect(be.premultipliedRGBA8[0, 0] == px(255, 128, 0, 255))
        let le = try #require(image([0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80], width: 1, bpc: 16, bpp: 64,
                                    info: CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder16Little.rawValue))
        #expect(le.premultipliedRGBA8[0, 0] == px(128, 128, 128, 128))
    }

    @Test func rowPaddingAndMultipleRows() throws {
        // 2x2 RGBA with 12-byte rows (4 bytes padding).
        let bytes: [UInt8] = [1, 1, 1, 255, 2, 2, 2, 255, 0xEE, 0xEE, 0xEE, 0xEE,
                              3, 3, 3, 255, 4, 4, 4, 255]
        let img = try #require(image(bytes, width: 2, height: 2, bpp: 32, bytesPerRow: 12,
                                     info: CGImageAlphaInfo.premultipliedLast.rawValue))
        #expect(img.premultipliedRGBA8[1, 1] == px(4, 4, 4, 255) && img.premultipliedRGBA8[0, 1] == px(3, 3, 3, 255))
        #expect(img.bytesPerRow == 12 && img.dataProvider?.data == Data(bytes))
        #expect(img.premultipliedRGBA8 === img.premultipliedRGBA8, "converted once and cached")
    }

    @Test func invalidParametersReturnNil() {
        let rgba = CGImageAlphaInfo.premultipliedLast.rawValue
        let four = [UInt8](repeating: 0, count: 16)
        #expect(image(four, width: 2, height: 2, bpp: 32, bytesPerRow: 7, info: rgba) == nil, "bytesPerRow too small")
        #expect(image(Array(four[0..<15]), width: 2, height: 2, bpp: 32, info: rgba) == nil, "data too short")
        #expect(image(four, width: 1, bpc: 5, bpp: 16, info: CGImageAlphaInfo.noneSkipFirst.rawValue) == nil, "5-bit RGB")
        #expect(image(four, width: 1, bpc: 32, bpp: 128, info: rgba | CGBitmapInfo.floatComponents.rawValue) == nil, "float")
        #expect(image(four, width: 1, bpc: 3, bpp: 12, info: CGImageAlphaInfo.none.rawValue) == nil)
        #expect(image(four, width: 2, bpp: 24, info: rgba) == nil, "bits per pixel do not match RGBA")
        #expect(image(four, width: 0, bpp: 32, info: rgba) == nil)
        #expect(image(four, width: -3, bpp: 32, info: rgba) == nil)
        #expect(image(four, width: 1, height: 1, bpp: 32, bytesPerRow: -4, info: rgba) == nil)
        #expect(image(four, width: 40_000, bpp: 32, info: rgba) == nil, "over Surface.maxDimension")
        #expect(image(four, width: Int.max / 2, bpp: 32, bytesPerRow: Int.max, info: rgba) == nil, "overflowing sizes")
        #expect(image(four, width: 1, bpp: 32, info: 9) == nil, "undefined alpha info")
        #expect(image(four, width: 1, bpp: 32, info: rgba | 0x5000) == nil, "undefined byte order")
        #expect(image(four, width: 1, bpp: 32, space: CGColorSpace(name: nil, model: .lab), info: rgba) == nil)
        #expect(image(four, width: 2, bpc: 1, bpp: 2, space: gray, info: CGImageAlphaInfo.last.rawValue) == nil,
                "sub-byte components with alpha")
        #expect(image(four, width: 1, bpp: 24, info: CGImageAlphaInfo.none.rawValue | CGBitmapInfo.byteOrder32Little.rawValue) == nil,
                "32-bit byte order on 24-bit pixels")
        #expect(image(four, width: 1, bpp: 8, space: gray, info: 0, decode: [0, .nan]) == nil)
    }

    @Test func cropping() throws {
        // 4x3, pixel (x, y) = (x, y, 0, 255) as RGBA.
        var bytes: [UInt8] = []
        for y in 0..<3 { for x in 0..<4 { bytes += [UInt8(x * 10), UInt8(y * 10), 0, 255] } }
        let img = try #require(image(bytes, width: 4, height: 3, bpp: 32, info: CGImageAlphaInfo.premultipliedLast.rawValue))
        // Made integral outward: x 1.5…2.7 → 1…3, y 0.2…1.2 → 0…2.
        let c = try #require(img.cropping(to: CGRect(x: 1.5, y: 0.2, width: 1.2, height: 1)))
        #expect(c.width == 2 && c.height == 2)
        #expect(c.bitsPerPixel == 32 && c.bitmapInfo == img.bitmapInfo, "byte-aligned crops keep the layout")
        #expect(c.premultipliedRGBA8[0, 0] == px(10, 0, 0, 255) && c.premultipliedRGBA8[1, 1] == px(20, 10, 0, 255))
        // Intersected with the bounds.
        let edge = try #require(img.cropping(to: CGRect(x: 3, y: -5, width: 10, height: 6)))
        #expect(edge.width == 1 && edge.height == 1 && edge.premultipliedRGBA8[0, 0] == px(30, 0, 0, 255))
        // Negative size is standardized.
        #expect(img.cropping(to: CGRect(x: 4, y: 3, width: -1, height: -1))?.premultipliedRGBA8[0, 0] == px(30, 20, 0, 255))
        #expect(img.cropping(to: CGRect(x: 10, y: 10, width: 2, height: 2)) == nil)
        #expect(img.cropping(to: CGRect(x: 1, y: 1, width: 0, height: 2)) == nil)
        #expect(img.cropping(to: CGRect.null) == nil)
        #expect(img.cropping(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)) == nil)
        #expect(img.cropping(to: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)) == nil)
        // Surface-backed images crop to views of the same pixels; sub-byte ones convert.
        let surfaceImage = CGImage(surface: img.makeSurface())
        let view = try #require(surfaceImage.cropping(to: CGRect(x: 2, y: 1, width: 2, height: 2)))
        #expect(view.premultipliedRGBA8[1, 1] == px(30, 20, 0, 255))
        let bits = try #require(image([0b0100_0000, 0b1000_0000], width: 3, height: 2, bpc: 1, bpp: 1, space: gray, info: 0))
        let bitCrop = try #require(bits.cropping(to: CGRect(x: 1, y: 0, width: 2, height: 2)))
        #expect(bitCrop.premultipliedRGBA8[0, 0].r == 255 && bitCrop.premultipliedRGBA8[0, 1].r == 0)
    }

    @Test func surfaceBackedImagesAndCopies() throws {
        let surface = try makeStraightSurface(width: 3, height: 2) { x, y in (x * 80, y * 100, 5, 255) }
        let img = CGImage(surface: surface, isOpaque: true)
        #expect(img.premultipliedRGBA8 === surface, "no copy")
        #expect(img.alphaInfo == .noneSkipLast && img.bitsPerComponent == 8 && img.bytesPerRow == 12)
        #expect(img.colorSpace?.model == .rgb)
        #expect(img.dataProvider?.data == Data(surface.bytes()))
        #expect(img.makeSurface() !== surface && img.makeSurface().bytes() == surface.bytes())
        let copy = try #require(img.copy())
        #expect(copy !== img && copy.premultipliedRGBA8.bytes() == surface.bytes())
        #expect(img.copy(colorSpace: CGColorSpaceCreateDeviceGray()) == nil, "component count differs")
        let p3 = try #require(CGColorSpace(name: CGColorSpace.displayP3))
        let tagged = try #require(img.copy(colorSpace: p3))
        #expect(tagged.colorSpace?.name == CGColorSpace.displayP3)
    }

    /// A host uploads each frame from `dataProvider.data`: for a Lamina-made image with packed
    /// rows that is the image's own memory (no per-frame copy), kept alive by the `Data`.
    @Test func surfaceBackedDataProviderSharesThePixels() throws {
        let surface = try makeStraightSurface(width: 3, height: 2) { x, y in (x * 80, y * 100, 5, 255) }
        var data = try #require(CGImage(surface: surface).dataProvider?.data)
        // The image is gone; the Data still reads its pixels in place.
        let address = data.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }
        #expect(address == UnsafeRawPointer(surface.base), "the provider's data is the surface's memory")
        #expect(data == Data(surface.bytes()))
        // A Lamina image that outlives the Data: mutating a copy of the provider's data gives the
        // copy its own bytes (copy on write), the image is unchanged.
        let kept = CGImage(surface: surface)
        data = try #require(kept.dataProvider?.data)
        var mutated = data
        mutated[0] = 1
        #expect(kept.premultipliedRGBA8[0, 0].r == 0 && surface[0, 0].r == 0 && mutated[0] == 1)
        // Rows that are not packed (a view) give a packed copy.
        let view = try #require(surface.view(x: 1, y: 0, width: 2, height: 2))
        let viewData = try #require(CGImage(surface: view).dataProvider?.data)
        #expect(viewData.count == 16 && viewData == Data(view.bytes()))
    }

    @Test func masking() throws {
        let base = CGImage(surface: try makeStraightSurface(width: 4, height: 2) { _, _ in (200, 100, 50, 255) })
        // Image mask 2x1 stretched over 4x2: left half paints (S = 0), right half blocked (S = 1).
        let mask = try #require(CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                                        provider: CGDataProvider(bytes: Data([0, 255])), decode: nil,
                                        shouldInterpolate: false))
        let masked = try #require(base.masking(mask))
        #expect(masked.premultipliedRGBA8[1, 1] == px(200, 100, 50, 255) && masked.premultipliedRGBA8[2, 0] == .transparent)
        // A gray image acts as alpha: 128 → half.
        let grayMask = try #require(image([128, 128, 128, 128], width: 4, bpp: 8, space: gray, info: 0))
        let half = try #require(base.masking(grayMask))
        #expect(half.premultipliedRGBA8[3, 1] == px(100, 50, 25, 128))
        #expect(mask.masking(mask) == nil, "a mask cannot be masked")
        #expect(base.masking(base) == nil, "an RGB image is not a mask")
    }

    @Test func dataProviders() throws {
        let provider = try #require(CGDataProvider(data: Data([1, 2, 3])))
        #expect(provider.data == Data([1, 2, 3]))
        #expect(CGDataProvider(filename: "/nonexistent/lamina") == nil)
        let released = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        defer { released.deallocate() }
        released.pointee = 0
        let bytes: [UInt8] = [9, 8, 7]
        let callback: CGDataProviderReleaseDataCallback = { info, _, size in
            info?.assumingMemoryBound(to: Int.self).pointee = size
        }
        let p = bytes.withUnsafeBytes { raw in
            CGDataProvider(dataInfo: UnsafeMutableRawPointer(released), data: raw.baseAddress!, size: 3, releaseData: callback)
        }
        #expect(p?.data == Data([9, 8, 7]))
        #expect(released.pointee == 3, "release callback ran with the size")
    }
}

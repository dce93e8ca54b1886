import CoreGraphics
import LaminaRaster
import Testing

@Suite("Image PNG decode and encode")
struct ImagePNGTests {
    func decode(_ bytes: [UInt8]) throws -> Surface {
        try ImageCodec.decodeSurface(data: Data(bytes)).surface
    }

    @Test func roundTripTranslucentOddSize() throws {
        // 7x5 with opaque, translucent and fully transparent pixels.
        let original = try makeStraightSurface(width: 7, height: 5) { x, y in
            let a = [255, 0, 1, 128, 200, 37, 254][x]
            return (x * 36, y * 60, (x * 7 + y * 13) % 256, y == 4 ? 255 : a)
        }
        let data = try ImageCodec.pngData(surface: original, compressionLevel: 1)
        #expect(data[25] == 6, "translucent images are written as RGBA (colour type 6)")
        let decoded = try ImageCodec.decodeSurface(data: data)
        #expect(decoded.hasAlpha)
        let back = decoded.surface
        #expect(back.width == 7 && back.height == 5)
        for y in 0..<5 {
            for x in 0..<7 {
                let o = original[x, y], d = back[x, y]
                if o.a == 255 {
                    #expect(o == d, "opaque pixel (\(x), \(y)) must round-trip exactly")
                } else {
                    // Premultiplied → straight → premultiplied rounds twice: within ±1.
                    #expect(o.a == d.a)
                    #expect(abs(Int(o.r) - Int(d.r)) <= 1 && abs(Int(o.g) - Int(d.g)) <= 1 && abs(Int(o.b) - Int(d.b)) <= 1,
                            "translucent pixel (\(x), \(y)): \(o) vs \(d)")
                }
            }
        }
    }

    @Test func opaqueImagesAreWrittenAsRGB() throws {
        let original = try makeStraightSurface(width: 9, height: 3) { x, y in (x * 25, y * 80, 77, 255) }
        let data = try ImageCodec.pngData(surface: original, compressionLevel: 1)
        #expect(data[25] == 2, "opaque images are written as RGB (colour type 2)")
        let decoded = try ImageCodec.decodeSurface(data: data)
        #expect(!decoded.hasAlpha)
        #expect(decoded.surface.bytes() == original.bytes())
        // The CGImage path says the same.
        let image = try ImageCodec.decode(data: data)
        #expect(image.alphaInfo == .noneSkipLast)
        #expect(try image.pngData(compressionLevel: 1) == data)
    }

    @Test func compressionLevelChangesSizeNotPixels() throws {
        let original = try makeStraightSurface(width: 64, height: 16) { x, y in ((x / 8) * 30, y * 16, 0, 255) }
        let fast = try ImageCodec.pngData(surface: original, compressionLevel: 0)
        let small = try ImageCodec.pngData(surface: original, compressionLevel: 9)
        #expect(small.count < fast.count)
        #expect(try decode([UInt8](fast)).bytes() == decode([UInt8](small)).bytes())
    }

    @Test func paletteWithTransparency() throws {
        let palette: [(UInt8, UInt8, UInt8)] = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
        // tRNS shorter than the palette: the last entry stays opaque.
        for bitDepth in [2, 8] {
            let png = try PNGBuilder.png(width: 5, height: 2, bitDepth: bitDepth, colorType: .palette,
                                         palette: palette, trns: [255, 128, 0]) { x, y in [(x + y) % 4] }
            let s = try decode(png)
            #expect(s[0, 0] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
            #expect(s[1, 0] == PremultipliedRGBA8(r: 0, g: 128, b: 0, a: 128), "green at alpha 128, premultiplied")
            #expect(s[2, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0))
            #expect(s[3, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
            #expect(s[0, 1] == s[1, 0])
        }
    }

    @Test func grayLowBitDepths() throws {
        // 1-bit over an odd width (7) so the last byte is partial.
        let one = try decode(PNGBuilder.png(width: 7, height: 2, bitDepth: 1, colorType: .gray) { x, y in [(x + y) % 2] })
        #expect(one[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(one[1, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(one[6, 1] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        let two = try decode(PNGBuilder.png(width: 4, height: 1, bitDepth: 2, colorType: .gray) { x, _ in [x] })
        #expect((0..<4).map { two[$0, 0].r } == [0, 85, 170, 255])
        let four = try decode(PNGBuilder.png(width: 3, height: 1, bitDepth: 4, colorType: .gray) { x, _ in [x * 7] })
        #expect((0..<3).map { four[$0, 0].g } == [0, 119, 238])
    }

    @Test func grayWithAlphaAndGrayKey() throws {
        let ga = try decode(PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: .grayAlpha) { x, _ in
            x == 0 ? [200, 100] : [50, 255]
        })
        #expect(ga[0, 0] == PremultipliedRGBA8(r: 78, g: 78, b: 78, a: 100), "round(200·100/255) = 78")
        #expect(ga[1, 0] == PremultipliedRGBA8(r: 50, g: 50, b: 50, a: 255))
        // Gray tRNS: samples equal to the key are transparent.
        let keyed = try decode(PNGBuilder.png(width: 3, height: 1, bitDepth: 8, colorType: .gray, trns: [0, 9]) { x, _ in
            [[9, 10, 255][x]]
        })
        #expect(keyed[0, 0].a == 0 && keyed[1, 0] == PremultipliedRGBA8(r: 10, g: 10, b: 10, a: 255))
        // RGB tRNS colour key.
        let rgbKey = try decode(PNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: .rgb, trns: [0, 1, 0, 2, 0, 3]) { x, _ in
            x == 0 ? [1, 2, 3] : [1, 2, 4]
        })
        #expect(rgbKey[0, 0] == .transparent && rgbKey[1, 0] == PremultipliedRGBA8(r: 1, g: 2, b: 4, a: 255))
    }

    @Test func sixteenBitIsScaledToEight() throws {
        let values = [0, 0xFFFF, 0x8080, 0x1234, 0x7F7F, 0xABCD]
        let png = try PNGBuilder.png(width: values.count, height: 1, bitDepth: 16, colorType: .rgba) { x, _ in
            [values[x], values[(x + 1) % values.count], 0, 0xFFFF]
        }
        let s = try decode(png)
        for x in 0..<values.count {
            let expected = Int((Double(values[x]) * 255 / 65535).rounded())
            #expect(abs(Int(s[x, 0].r) - expected) <= 1, "16-bit \(values[x]) → \(s[x, 0].r), expected ≈ \(expected)")
            #expect(s[x, 0].a == 255 && s[x, 0].b == 0)
        }
        // 16-bit gray + alpha, half transparent.
        let ga = try decode(PNGBuilder.png(width: 1, height: 1, bitDepth: 16, colorType: .grayAlpha) { _, _ in [0xFFFF, 0x8080] })
        #expect(ga[0, 0] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 128))
    }

    @Test func interlacedMatchesProgressiveScan() throws {
        // 11x9 covers every Adam7 pass, including partial ones.
        let pixel: (Int, Int) -> [Int] = { x, y in [x * 20, y * 25, (x * 7 + y * 11) % 256, 255 - x * 3] }
        let interlaced = try PNGBuilder.png(width: 11, height: 9, bitDepth: 8, colorType: .rgba, interlaced: true, pixel: pixel)
        let plain = try PNGBuilder.png(width: 11, height: 9, bitDepth: 8, colorType: .rgba, pixel: pixel)
        let a = try decode(interlaced), b = try decode(plain)
        #expect(a.bytes() == b.bytes())
        let p = pixel(10, 8)
        let alpha = p[3]
        #expect(a[10, 8] == PremultipliedRGBA8(r: UInt8((p[0] * alpha + 127) / 255), g: UInt8((p[1] * alpha + 127) / 255),
                                               b: UInt8((p[2] * alpha + 127) / 255), a: UInt8(alpha)))
        // A tiny interlaced image where some passes are empty.
        let tiny = try decode(PNGBuilder.png(width: 1, height: 1, bitDepth: 1, colorType: .gray, interlaced: true) { _, _ in [1] })
        #expect(tiny[0, 0] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
    }

    @Test func ancillaryColourChunksAreIgnored() throws {
        // gAMA 1.0 and an sRGB chunk: samples pass through untouched (Lamina renders in sRGB).
        var png = try PNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: .rgb) { _, _ in [100, 150, 200] }
        let ihdrEnd = 8 + 25
        png.insert(contentsOf: PNGBuilder.chunk("gAMA", PNGBuilder.be32(100_000)) + PNGBuilder.chunk("sRGB", [0]), at: ihdrEnd)
        #expect(try decode(png)[0, 0] == PremultipliedRGBA8(r: 100, g: 150, b: 200, a: 255))
    }

    @Test func appleStyleInitializers() throws {
        let surface = try makeStraightSurface(width: 3, height: 2) { x, _ in (x * 100, 50, 0, 128) }
        let data = try ImageCodec.pngData(surface: surface, compressionLevel: 1)
        let provider = try #require(CGDataProvider(data: data))
        let image = try #require(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: false,
                                         intent: .defaultIntent))
        #expect(image.width == 3 && image.height == 2 && image.bitsPerPixel == 32)
        #expect(image.alphaInfo == .premultipliedLast && !image.shouldInterpolate)
        #expect(image.premultipliedRGBA8.bytes() == surface.bytes(), "alpha 128 with these colours round-trips exactly")
        #expect(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil,
                "PNG bytes are not a JPEG")
        let junk = try #require(CGDataProvider(data: Data([1, 2, 3])))
        #expect(CGImage(pngDataProviderSource: junk, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }

    @Test func writesFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-png-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("nested/out.png").path
        let image = CGImage(surface: try makeStraightSurface(width: 2, height: 2) { _, _ in (1, 2, 3, 255) })
        try image.writePNG(to: path, compressionLevel: 1)
        let back = try ImageCodec.decode(contentsOf: path)
        #expect(back.premultipliedRGBA8.bytes() == image.premultipliedRGBA8.bytes())
        #expect(throws: ImageIOError.self) { try ImageCodec.decode(contentsOf: dir.appendingPathComponent("missing.png").path) }
    }
}

import CoreGraphics
import LaminaRaster
import Testing

/// JPEGs are generated with libjpeg through the shim's encoder (no binary fixtures). Colours
/// are compared within ±12 per channel: JPEG is lossy and chroma is subsampled.
@Suite("Image JPEG decode")
struct ImageJPEGTests {
    static let tolerance = 12

    func close(_ p: PremultipliedRGBA8, _ r: Int, _ g: Int, _ b: Int) -> Bool {
        abs(Int(p.r) - r) <= Self.tolerance && abs(Int(p.g) - g) <= Self.tolerance
            && abs(Int(p.b) - b) <= Self.tolerance && p.a == 255
    }

    /// 32x16: left half red, right half blue (blocks are 8x8 and chroma 16x16, so sample the
    /// middle of each half away from the edge).
    func twoColourRGB() -> [UInt8] {
        (0..<(32 * 16)).flatMap { i -> [UInt8] in (i % 32) < 16 ? [230, 20, 20] : [20, 40, 220] }
    }

    @Test(arguments: [false, true])
    func rgbBaselineAndProgressive(progressive: Bool) throws {
        let jpeg = try ImageCodec.jpegData(samples: twoColourRGB(), width: 32, height: 16, components: 3,
                                        quality: 92, progressive: progressive)
        #expect(jpeg.count < 2048)
        let image = try ImageCodec.decode(data: jpeg)
        #expect(image.width == 32 && image.height == 16)
        #expect(image.alphaInfo == .noneSkipLast)
        let s = image.premultipliedRGBA8
        #expect(close(s[4, 8], 230, 20, 20), "left is red: \(s[4, 8])")
        #expect(close(s[27, 8], 20, 40, 220), "right is blue: \(s[27, 8])")
    }

    /// An image encodes from its pixels: translucent ones over black, as Apple's encoders do.
    @Test func imageEncodesOverBlack() throws {
        let surface = try Surface(width: 16, height: 16)
        surface.fill(PremultipliedRGBA8(r: 100, g: 0, b: 0, a: 100))
        let image = CGImage(surface: surface)
        let decoded = try ImageCodec.decode(data: try image.jpegData(quality: 95)).premultipliedRGBA8
        #expect(close(decoded[8, 8], 100, 0, 0), "\(decoded[8, 8])")
        // Lower quality gives fewer bytes for a busy picture.
        let noisy = try Surface(width: 32, height: 32)
        for y in 0..<32 { for x in 0..<32 { noisy[x, y] = PremultipliedRGBA8(r: UInt8((x * 37 + y * 11) & 255), g: UInt8((x * y) & 255), b: 9, a: 255) } }
        let busy = CGImage(surface: noisy)
        #expect(try busy.jpegData(quality: 20).count < busy.jpegData(quality: 95).count)
    }

    @Test func grayscale() throws {
        let samples = (0..<(16 * 16)).map { i -> UInt8 in (i % 16) < 8 ? 40 : 200 }
        let jpeg = try ImageCodec.jpegData(samples: samples, width: 16, height: 16, components: 1)
        let s = try ImageCodec.decodeSurface(data: jpeg).surface
        #expect(close(s[2, 5], 40, 40, 40) && close(s[13, 5], 200, 200, 200), "\(s[2, 5]) \(s[13, 5])")
        #expect(s[13, 5].r == s[13, 5].g && s[13, 5].g == s[13, 5].b, "gray stays neutral")
    }

    @Test(arguments: [false, true])
    func adobeCMYKAndYCCK(ycck: Bool) throws {
        // Adobe stores CMYK inverted (255 = no ink). Left: pure magenta+yellow ink = red;
        // right: 50% black only = mid gray.
        let samples = (0..<(16 * 16)).flatMap { i -> [UInt8] in
            (i % 16) < 8 ? [255, 0, 0, 255] : [255, 255, 255, 128]
        }
        let jpeg = try ImageCodec.jpegData(samples: samples, width: 16, height: 16, components: 4, ycck: ycck)
        let s = try ImageCodec.decodeSurface(data: jpeg).surface
        #expect(close(s[2, 8], 255, 0, 0), "red from M+Y ink: \(s[2, 8])")
        #expect(close(s[13, 8], 128, 128, 128), "gray from K: \(s[13, 8])")
    }

    @Test func appleStyleInitializer() throws {
        let jpeg = try ImageCodec.jpegData(samples: twoColourRGB(), width: 32, height: 16, components: 3)
        let provider = try #require(CGDataProvider(data: jpeg))
        let image = try #require(CGImage(jpegDataProviderSource: provider, decode: nil, shouldInterpolate: true,
                                         intent: .perceptual))
        #expect(image.renderingIntent == .perceptual && image.width == 32)
        #expect(CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: true, intent: .defaultIntent) == nil)
    }
}

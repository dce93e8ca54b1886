import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext gradients, images and shadows")
struct ContextPaintTests {
    static let redToBlue = CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                 CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                      locations: nil)!

    @Test func gradientCreation() throws {
        #expect(CGGradient(colorsSpace: nil, colors: [], locations: nil) == nil)
        #expect(CGGradient(colorsSpace: nil, colors: [.black, .white], locations: [0]) == nil)
        let g = try #require(CGGradient(colorsSpace: nil, colors: [.black, .white, .black], locations: nil))
        #expect(g.stops.map(\.offset) == [0, 0.5, 1])
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        let h = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components,
                                        locations: [0, 1], count: 2))
        #expect(h.stops.count == 2 && h.stops[1].blue == 1 && h.stops[0].red == 1)
        let gray: [CGFloat] = [0, 1, 1, 0.5]
        let k = try #require(CGGradient(colorSpace: CGColorSpaceCreateDeviceGray(), colorComponents: gray,
                                        locations: nil, count: 2))
        #expect(k.stops[1].green == 1 && k.stops[1].alpha == 0.5)
        #expect(CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil,
                           count: 0) == nil)
    }

    @Test func linearGradientValuesAndOptions() {
        let c = ContextTest.make(20, 2)
        c.drawLinearGradient(ContextPaintTests.redToBlue, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 20, y: 0), options: [])
        // Pixel x has t = (x + 0.5) / 20.
        let p0 = ContextTest.pixel(c, 0, 0), p9 = ContextTest.pixel(c, 9, 0), p19 = ContextTest.pixel(c, 19, 0)
        #expect(p0.r >= 247 && p0.b <= 8 && p0.a == 255)
        #expect(abs(Int(p9.r) - 134) <= 2 && abs(Int(p9.b) - 121) <= 2)
        #expect(p19.b >= 247 && p19.r <= 8)

        let d = ContextTest.make(20, 2)
        d.drawLinearGradient(ContextPaintTests.redToBlue, start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0), options: [])
        #expect(ContextTest.pixel(d, 2, 0) == ContextTest.clear, "before the start: untouched")
        #expect(ContextTest.pixel(d, 17, 0) == ContextTest.clear, "after the end: untouched")
        let e = ContextTest.make(20, 2)
        e.drawLinearGradient(ContextPaintTests.redToBlue, start: CGPoint(x: 5, y: 0), end: CGPoint(x: 15, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        #expect(ContextTest.pixel(e, 2, 0) == ContextTest.red)
        #expect(ContextTest.pixel(e, 17, 0) == ContextTest.blue)
        // Degenerate: start == end paints nothing.
        let f = ContextTest.make(4, 4)
        f.drawLinearGradient(ContextPaintTests.redToBlue, start: .zero, end: .zero, options: [.drawsAfterEndLocation])
        #expect(ContextTest.count(f, ContextTest.clear) == 16)
    }

    @Test func radialGradientValuesAndOptions() {
        let c = ContextTest.make(32, 32)
        c.drawRadialGradient(ContextPaintTests.redToBlue, startCenter: CGPoint(x: 16, y: 16), startRadius: 0,
                             endCenter: CGPoint(x: 16, y: 16), endRadius: 10, options: [])
        let centre = ContextTest.pixel(c, 16, 16)
        #expect(centre.r > 230 && centre.a == 255)
        #expect(ContextTest.pixel(c, 16, 29) == ContextTest.clear, "outside the end circle: untouched")
        #expect(ContextTest.pixel(c, 1, 1) == ContextTest.clear)
        let d = ContextTest.make(32, 32)
        d.drawRadialGradient(ContextPaintTests.redToBlue, startCenter: CGPoint(x: 16, y: 16), startRadius: 0,
                             endCenter: CGPoint(x: 16, y: 16), endRadius: 10, options: .drawsAfterEndLocation)
        #expect(ContextTest.pixel(d, 1, 1) == ContextTest.blue)
        let e = ContextTest.make(8, 8)
        e.drawRadialGradient(ContextPaintTests.redToBlue, startCenter: .zero, startRadius: -1, endCenter: .zero,
                             endRadius: 5, options: [.drawsAfterEndLocation])
        #expect(ContextTest.count(e, ContextTest.clear) == 64, "a negative radius paints nothing")
    }

    /// 1 x 2: top row red, bottom row blue (image rows are top to bottom).
    static let redOverBlue: CGImage = {
        let s = try! Surface(width: 1, height: 2)
        s[0, 0] = ContextTest.red
        s[0, 1] = ContextTest.blue
        return CGImage(surface: s)
    }()

    @Test func imagesDrawUprightInCGSpace() throws {
        let c = ContextTest.make(1, 2)
        c.interpolationQuality = .none
        c.draw(ContextPaintTests.redOverBlue, in: CGRect(x: 0, y: 0, width: 1, height: 2))
        #expect(ContextTest.pixel(c, 0, 1) == ContextTest.red, "the image's top row at the rect's top (maxY)")
        #expect(ContextTest.pixel(c, 0, 0) == ContextTest.blue)
        #expect(c.surface[0, 0] == ContextTest.red, "upright in memory too: row 0 is the top")

        // In a flipped (layer) context CGContextDrawImage shows the image upside down, as on iOS.
        let f = try #require(CGContext.makeLayerContext(width: 1, height: 2, scale: 1))
        f.interpolationQuality = .none
        f.draw(ContextPaintTests.redOverBlue, in: CGRect(x: 0, y: 0, width: 1, height: 2))
        #expect(f.surface[0, 0] == ContextTest.blue)
        #expect(f.surface[0, 1] == ContextTest.red)
    }

    @Test func interpolationQuality() {
        let image: CGImage = {
            let s = try! Surface(width: 2, height: 1)
            s[0, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
            s[1, 0] = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
            return CGImage(surface: s)
        }()
        let n = ContextTest.make(8, 1)
        n.interpolationQuality = .none
        n.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        #expect(ContextTest.pixel(n, 3, 0).r == 0 && ContextTest.pixel(n, 4, 0).r == 255)
        let b = ContextTest.make(8, 1)
        b.draw(image, in: CGRect(x: 0, y: 0, width: 8, height: 1))
        let v3 = ContextTest.pixel(b, 3, 0).r, v4 = ContextTest.pixel(b, 4, 0).r
        #expect(v3 > 60 && v3 < 128 && v4 > 128 && v4 < 196, "bilinear ramps across the middle: \(v3), \(v4)")
        #expect(ContextTest.pixel(b, 0, 0).r == 0 && ContextTest.pixel(b, 7, 0).r == 255, "edges clamp")
    }

    @Test func tiledImage() {
        let c = ContextTest.make(8, 2)
        c.interpolationQuality = .none
        c.draw(ContextPaintTests.redOverBlue, in: CGRect(x: 1, y: 0, width: 1, height: 1), byTiling: true)
        // Tiles 1 x 1 px, each the image squeezed: with nearest sampling every tile shows the
        // texel at its centre; rows alternate with the tile grid starting at y = 0.
        let row0 = (0..<8).map { ContextTest.pixel(c, $0, 0) }, row1 = (0..<8).map { ContextTest.pixel(c, $0, 1) }
        #expect(Set(row0).count == 1 && Set(row1).count == 1, "every column alike")
        #expect(row0[0].a == 255 && row1[0].a == 255, "the whole clip is covered")
    }

    @Test func imageMaskPaintsTheFillColour() throws {
        let mask = try #require(CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                                        provider: CGDataProvider(data: Data([0, 255]))!, decode: nil,
                                        shouldInterpolate: false))
        let c = ContextTest.make(2, 1)
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.draw(mask, in: CGRect(x: 0, y: 0, width: 2, height: 1))
        #expect(ContextTest.pixel(c, 0, 0) == ContextTest.green)
        #expect(ContextTest.pixel(c, 1, 0) == ContextTest.clear)
    }

    @Test func shadowOffsetIsInBaseSpace() throws {
        // Bitmap context: base space is y-up, so a positive height moves the shadow up.
        let c = ContextTest.make(20, 20)
        c.setShadow(offset: CGSize(width: 5, height: 5), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.scaleBy(x: 2, y: 2) // the CTM does not scale the offset
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 1, y: 1, width: 3, height: 3)) // device [2, 8)²
        #expect(ContextTest.pixel(c, 3, 3) == ContextTest.blue, "the shape is on top of its shadow")
        #expect(ContextTest.pixel(c, 10, 10) == ContextTest.red, "shadow at [7, 13)²")
        #expect(ContextTest.pixel(c, 12, 12) == ContextTest.red)
        #expect(ContextTest.pixel(c, 13, 13) == ContextTest.clear)
        #expect(ContextTest.pixel(c, 1, 1) == ContextTest.clear)

        // Layer context: base space is the layer's y-down points, so +height moves down, and
        // the offset is in points (scale 2 → 2 px per point).
        let f = try #require(CGContext.makeLayerContext(width: 20, height: 20, scale: 2))
        f.setShadow(offset: CGSize(width: 2, height: 2), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        f.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        f.fill(CGRect(x: 1, y: 1, width: 2, height: 2)) // pixels [2, 6)²
        #expect(f.surface[3, 3] == ContextTest.blue)
        #expect(f.surface[7, 7] == ContextTest.red, "shadow at pixels [6, 10)²: down and right")
        #expect(f.surface[9, 9] == ContextTest.red)
        #expect(f.surface[10, 10] == ContextTest.clear)
    }

    @Test func shadowBlurAndDefaultColour() {
        let c = ContextTest.make(40, 40)
        c.setShadow(offset: .zero, blur: 8) // σ = 4 px, black at 1/3 alpha
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 10, y: 10, width: 20, height: 20))
        #expect(ContextTest.pixel(c, 20, 20) == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // Just outside the edge the shadow is about Φ(−0.5/4)·(1/3) ≈ 0.15 alpha.
        let outside = ContextTest.pixel(c, 9, 20)
        #expect(outside.r == 0 && outside.a > 30 && outside.a < 48, "\(outside)")
        // 7.5 px (1.9σ) away: Φ(−1.875)·85 ≈ 2.6.
        let far = ContextTest.pixel(c, 20, 2).a
        #expect(far >= 1 && far <= 4, "\(far)")
        // Saved and restored with the state.
        c.saveGState()
        c.setShadow(offset: .zero, blur: 0, color: nil)
        c.restoreGState()
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(ContextTest.pixel(c, 1, 0).a > 0, "shadow still on after restore")
    }

    @Test func shadowInAnUnboundedModeTouchesOnlyItsCoverage() {
        let c = ContextTest.make(30, 30)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 30, height: 30))
        c.setBlendMode(.copy)
        c.setShadow(offset: CGSize(width: 4, height: 0), blur: 2, color: CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 10, y: 10, width: 6, height: 6))
        #expect(ContextTest.pixel(c, 12, 12) == ContextTest.blue)
        let inside = ContextTest.pixel(c, 17, 12) // shadow [14, 20)², σ = 1: coverage ≈ 0.99
        #expect(inside.g >= 250 && inside.r <= 5, "copy: the shadow replaces what it covers: \(inside)")
        #expect(ContextTest.pixel(c, 2, 2) == ContextTest.red, "far from the shadow: untouched")
        // Inside the blurred mask's box (3σ margin) but with coverage ≈ 0: untouched too.
        #expect(ContextTest.pixel(c, 22, 7) == ContextTest.red)
    }

    @Test func shadowIsClipped() {
        let c = ContextTest.make(20, 20)
        c.clip(to: CGRect(x: 0, y: 0, width: 10, height: 20))
        c.setShadow(offset: CGSize(width: 6, height: 0), blur: 0, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 2, y: 2, width: 6, height: 6))
        #expect(ContextTest.pixel(c, 9, 4) == ContextTest.red)
        #expect(ContextTest.pixel(c, 11, 4) == ContextTest.clear, "the shadow is clipped too")
    }

    /// Images drawn 1:1 on whole pixels take a copy path; it must give the same bytes as the
    /// bilinear image shader it replaces.
    @Test func wholePixelImageCopyMatchesTheSampler() throws {
        let source = try Surface(width: 7, height: 5)
        for y in 0..<5 { for x in 0..<7 {
            let a = UInt8(40 * x % 256), v = UInt8(min(Int(a), 30 * y))
            source[x, y] = PremultipliedRGBA8(r: v, g: a / 2, b: min(a, 200), a: a)
        } }
        let image = CGImage(surface: source)
        let c = ContextTest.make(16, 12)
        c.setFillColor(red: 0.2, green: 0.5, blue: 0.3, alpha: 0.7)
        c.fill(CGRect(x: 0, y: 0, width: 16, height: 12))
        let background = c.surface.copy()
        c.draw(image, in: CGRect(x: 3, y: 2, width: 7, height: 5)) // pixel rows 12 − 7 = 5 ..< 10

        let sampler = ImageShader(image: SampledImage(source), inverse: PaintAffine.translation(-3, -5), filter: .bilinear)
        var sink = Blitter(surface: background, paint: .shader(sampler), scratch: ScanlineScratch())
        AnalyticCoverage.fillRect(x0: 3, y0: 5, x1: 10, y1: 10, clip: PixelRect(background), into: &sink)
        // This used to fail now and then under parallel tests: `c.surface` was a view of
        // memory the context freed in deinit, and ARC may release `c` right after reading
        // `.surface`, before `.bytes()` runs; another thread's allocation could then reuse it.
        // A context's own memory now belongs to its surface (ContextMemoryLifetimeTests).
        #expect(c.surface.bytes() == background.bytes())
    }
}

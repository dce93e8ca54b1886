import CoreGraphics
import LaminaRaster
import Testing
import _LaminaTestSupport

/// Small golden images of CGContext drawing, each looked at once by eye when recorded
/// (LAMINA_RECORD_GOLDENS=1). Tolerance ±1 per channel: goldens are stored as straight-alpha
/// PNG, so translucent pixels round-trip within one level.
@Suite("CGContext goldens")
struct ContextGoldenTests {
    static func check(_ c: CGContext, _ name: String, file: StaticString = #filePath) {
        let result = GoldenImage.compare(actual: c.surface, goldenPath: GoldenImage.path(name, file: file), tolerance: 1)
        #expect(result.passed, "\(result)")
    }

    static func white(_ w: Int, _ h: Int) -> CGContext {
        let c = ContextTest.make(w, h)
        c.setFillColor(gray: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: w, height: h))
        return c
    }

    @Test func fills() {
        let c = ContextGoldenTests.white(64, 64)
        c.setFillColor(red: 0.9, green: 0.2, blue: 0.2, alpha: 1)
        c.fillEllipse(in: CGRect(x: 4, y: 30, width: 30, height: 30))
        c.setFillColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.6)
        c.saveGState()
        c.translateBy(x: 40, y: 40)
        c.rotate(by: .pi / 6)
        c.fill(CGRect(x: -14, y: -10, width: 28, height: 20))
        c.restoreGState()
        // A five-pointed star, even-odd: the pentagon in the middle stays empty.
        c.setFillColor(red: 0.1, green: 0.6, blue: 0.2, alpha: 1)
        var star: [CGPoint] = []
        for i in 0..<5 {
            let a = CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
            star.append(CGPoint(x: 20 + 17 * cos(a), y: 18 + 17 * sin(a)))
        }
        c.addLines(between: star)
        c.closePath()
        c.fillPath(using: .evenOdd)
        c.setFillColor(red: 0.5, green: 0.2, blue: 0.6, alpha: 1)
        c.addArc(center: CGPoint(x: 48, y: 14), radius: 11, startAngle: 0, endAngle: .pi * 1.5, clockwise: false)
        c.addLine(to: CGPoint(x: 48, y: 14))
        c.closePath()
        c.fillPath()
        ContextGoldenTests.check(c, "fills.png")
    }

    @Test func strokeCapsAndJoins() {
        let c = ContextGoldenTests.white(96, 64)
        c.setStrokeColor(red: 0.1, green: 0.1, blue: 0.5, alpha: 1)
        c.setLineWidth(8)
        let caps: [CGLineCap] = [.butt, .round, .square]
        let joins: [CGLineJoin] = [.miter, .round, .bevel]
        for i in 0..<3 {
            let x = CGFloat(10 + i * 30)
            c.setLineCap(caps[i])
            c.setLineJoin(joins[i])
            c.move(to: CGPoint(x: x, y: 14))
            c.addLine(to: CGPoint(x: x + 8, y: 50))
            c.addLine(to: CGPoint(x: x + 18, y: 20))
            c.strokePath()
        }
        // Reference lines showing where the path ends.
        c.setStrokeColor(red: 1, green: 0.3, blue: 0.3, alpha: 1)
        c.setLineWidth(1)
        c.setLineCap(.butt)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 14), CGPoint(x: 96, y: 14)])
        c.setLineWidth(0) // hairline: one device pixel
        c.stroke(CGRect(x: 2.5, y: 2.5, width: 91, height: 59))
        ContextGoldenTests.check(c, "stroke_caps_joins.png")
    }

    @Test func strokeDashes() {
        let c = ContextGoldenTests.white(96, 48)
        c.setStrokeColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.setLineWidth(3)
        c.setLineDash(phase: 0, lengths: [10, 4])
        c.strokeLineSegments(between: [CGPoint(x: 4, y: 40), CGPoint(x: 92, y: 40)])
        c.setLineDash(phase: 5, lengths: [10, 4])
        c.strokeLineSegments(between: [CGPoint(x: 4, y: 32), CGPoint(x: 92, y: 32)])
        c.setLineCap(.round)
        c.setLineDash(phase: 0, lengths: [0, 8]) // dots
        c.strokeLineSegments(between: [CGPoint(x: 4, y: 24), CGPoint(x: 92, y: 24)])
        c.setLineCap(.butt)
        c.setLineWidth(2)
        c.setStrokeColor(red: 0.8, green: 0.1, blue: 0.1, alpha: 1)
        c.setLineDash(phase: 0, lengths: [6, 3, 2, 3])
        c.strokeEllipse(in: CGRect(x: 30, y: 2, width: 36, height: 16))
        c.setLineDash(phase: 0, lengths: [])
        c.stroke(CGRect(x: 4, y: 4, width: 16, height: 12), width: 1)
        ContextGoldenTests.check(c, "stroke_dashes.png")
    }

    static func rainbow() -> CGGradient {
        CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                   colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 0, alpha: 1),
                            CGColor(red: 0, green: 0.6, blue: 1, alpha: 0.5)],
                   locations: [0, 0.3, 1])!
    }

    @Test func linearGradients() {
        let c = ContextGoldenTests.white(64, 48)
        let g = ContextGoldenTests.rainbow()
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 32, width: 64, height: 16))
        c.drawLinearGradient(g, start: CGPoint(x: 8, y: 0), end: CGPoint(x: 56, y: 0), options: [])
        c.restoreGState()
        c.saveGState()
        c.clip(to: CGRect(x: 0, y: 16, width: 64, height: 16))
        c.drawLinearGradient(g, start: CGPoint(x: 8, y: 0), end: CGPoint(x: 56, y: 0),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        c.saveGState()
        c.addEllipse(in: CGRect(x: 4, y: 1, width: 56, height: 14))
        c.clip()
        c.drawLinearGradient(g, start: CGPoint(x: 0, y: 0), end: CGPoint(x: 20, y: 16),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        ContextGoldenTests.check(c, "gradient_linear.png")
    }

    @Test func radialGradients() {
        let c = ContextGoldenTests.white(64, 64)
        let g = ContextGoldenTests.rainbow()
        c.drawRadialGradient(g, startCenter: CGPoint(x: 18, y: 46), startRadius: 0,
                             endCenter: CGPoint(x: 18, y: 46), endRadius: 16, options: [])
        c.drawRadialGradient(g, startCenter: CGPoint(x: 40, y: 24), startRadius: 2,
                             endCenter: CGPoint(x: 46, y: 18), endRadius: 16, options: [])
        // Past the end circle the last colour fills the rest of the clip.
        c.clip(to: CGRect(x: 0, y: 0, width: 24, height: 24))
        c.drawRadialGradient(g, startCenter: CGPoint(x: 12, y: 12), startRadius: 0,
                             endCenter: CGPoint(x: 12, y: 12), endRadius: 8, options: [.drawsAfterEndLocation])
        ContextGoldenTests.check(c, "gradient_radial.png")
    }

    /// A 4x4 image: top row red/green alternating, then blue, yellow, and a translucent row.
    static func testImage() -> CGImage {
        let s = try! Surface(width: 4, height: 4)
        for x in 0..<4 {
            s[x, 0] = x % 2 == 0 ? ContextTest.red : ContextTest.green
            s[x, 1] = ContextTest.blue
            s[x, 2] = PremultipliedRGBA8(r: 255, g: 255, b: 0, a: 255)
            s[x, 3] = PremultipliedRGBA8(r: 0, g: 0, b: 64, a: 128)
        }
        return CGImage(surface: s)
    }

    @Test func imageDrawing() {
        let c = ContextGoldenTests.white(64, 64)
        let image = ContextGoldenTests.testImage()
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 2, y: 34, width: 28, height: 28))
        c.interpolationQuality = .default
        c.draw(image, in: CGRect(x: 34, y: 34, width: 28, height: 28))
        c.saveGState()
        c.translateBy(x: 16, y: 16)
        c.rotate(by: .pi / 8)
        c.draw(image, in: CGRect(x: -10, y: -10, width: 20, height: 20))
        c.restoreGState()
        c.saveGState()
        c.clip(to: CGRect(x: 34, y: 2, width: 28, height: 28))
        c.interpolationQuality = .none
        c.draw(image, in: CGRect(x: 34, y: 2, width: 8, height: 8), byTiling: true)
        c.restoreGState()
        ContextGoldenTests.check(c, "image_draw.png")
    }

    @Test func shadows() {
        let c = ContextGoldenTests.white(64, 64)
        c.setShadow(offset: CGSize(width: 4, height: -4), blur: 6)
        c.setFillColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1)
        c.fill(CGRect(x: 6, y: 34, width: 22, height: 22))
        c.setShadow(offset: CGSize(width: 0, height: 3), blur: 2, color: CGColor(red: 0, green: 0, blue: 0.8, alpha: 0.8))
        c.setStrokeColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 1)
        c.setLineWidth(4)
        c.strokeEllipse(in: CGRect(x: 36, y: 36, width: 22, height: 20))
        c.setShadow(offset: CGSize(width: -3, height: -3), blur: 0, color: CGColor(gray: 0, alpha: 0.5))
        c.draw(ContextGoldenTests.testImage(), in: CGRect(x: 10, y: 6, width: 20, height: 20))
        c.setShadow(offset: .zero, blur: 10, color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        c.setFillColor(gray: 1, alpha: 1)
        c.fillEllipse(in: CGRect(x: 40, y: 8, width: 16, height: 16))
        ContextGoldenTests.check(c, "shadow.png")
    }

    /// Every CGBlendMode, one 16x16 cell each (7 columns, 4 rows, in raw-value order from the
    /// top-left): an orange/transparent destination, then a blue disc drawn in the mode.
    @Test func blendModes() {
        let c = ContextTest.make(112, 64)
        for mode in CGBlendMode.allCases {
            let i = Int(mode.rawValue)
            let x = CGFloat(i % 7 * 16), y = CGFloat(48 - i / 7 * 16)
            c.saveGState()
            c.clip(to: CGRect(x: x, y: y, width: 16, height: 16))
            c.setFillColor(gray: 0.85, alpha: 1)
            c.fill(CGRect(x: x, y: y, width: 16, height: 16))
            c.setFillColor(red: 1, green: 0.55, blue: 0.1, alpha: 1)
            c.fill(CGRect(x: x + 1, y: y + 1, width: 9, height: 14))
            c.clear(CGRect(x: x + 11, y: y + 1, width: 4, height: 14))
            c.setBlendMode(mode)
            c.setFillColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
            c.fillEllipse(in: CGRect(x: x + 4, y: y + 3, width: 10, height: 10))
            c.restoreGState()
        }
        ContextGoldenTests.check(c, "blend_modes.png")
    }

    @Test func clipping() throws {
        let c = ContextGoldenTests.white(64, 64)
        c.saveGState()
        c.addEllipse(in: CGRect(x: 4, y: 4, width: 56, height: 56))
        c.addEllipse(in: CGRect(x: 20, y: 20, width: 24, height: 24))
        c.clip(using: .evenOdd)
        c.drawLinearGradient(ContextGoldenTests.rainbow(), start: CGPoint(x: 0, y: 0), end: CGPoint(x: 64, y: 64),
                             options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        c.restoreGState()
        // A gray ramp image as a mask over the top-right corner.
        let ramp = try #require(CGImage(width: 4, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 4,
                                        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [],
                                        provider: CGDataProvider(data: Data([0, 85, 170, 255]))!, decode: nil,
                                        shouldInterpolate: true, intent: .defaultIntent))
        c.clip(to: CGRect(x: 36, y: 40, width: 28, height: 24), mask: ramp)
        c.setFillColor(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        ContextGoldenTests.check(c, "clipping.png")
    }

    /// Strokes under rotating and non-uniform CTMs: the pen is the line width in user space,
    /// so a horizontal stretch makes an elliptical pen (thick vertical sides, thin horizontal
    /// ones), and dashes stretch with it.
    @Test func transformedStrokes() {
        let c = ContextGoldenTests.white(96, 64)
        c.setStrokeColor(red: 0.1, green: 0.3, blue: 0.6, alpha: 1)
        c.saveGState()
        c.translateBy(x: 26, y: 32)
        c.scaleBy(x: 3, y: 1)
        c.setLineWidth(3)
        c.strokeEllipse(in: CGRect(x: -6, y: -22, width: 12, height: 44))
        c.restoreGState()
        c.saveGState()
        c.translateBy(x: 72, y: 32)
        c.rotate(by: .pi / 5)
        c.scaleBy(x: 1, y: 0.5)
        c.setLineWidth(4)
        c.setLineJoin(.round)
        c.setLineDash(phase: 0, lengths: [12, 6])
        c.stroke(CGRect(x: -16, y: -36, width: 32, height: 72))
        c.restoreGState()
        ContextGoldenTests.check(c, "stroke_transformed.png")
    }
}

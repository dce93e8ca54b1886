import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext fills, alpha and blend modes")
struct ContextFillTests {
    @Test func pixelAlignedRectIsExact() {
        let c = ContextTest.make(16, 16)
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 3, y: 4, width: 5, height: 6))
        #expect(ContextTest.count(c, ContextTest.blue) == 30)
        #expect(ContextTest.count(c, ContextTest.clear) == 256 - 30)
        #expect(ContextTest.pixel(c, 3, 4) == ContextTest.blue)
        #expect(ContextTest.pixel(c, 7, 9) == ContextTest.blue)
        #expect(ContextTest.pixel(c, 8, 9) == ContextTest.clear)
        // The same rect as a path through the general rasterizer.
        let p = ContextTest.make(16, 16)
        p.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        p.addRect(CGRect(x: 3, y: 4, width: 5, height: 6))
        p.fillPath()
        #expect(p.surface.bytes() == c.surface.bytes())
    }

    @Test func halfCoveredPixelIsHalf() {
        let c = ContextTest.make(4, 4)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 1, y: 0, width: 1.5, height: 4))
        #expect(ContextTest.pixel(c, 1, 2).a == 255)
        #expect(ContextTest.pixel(c, 2, 2).a == 128)
        #expect(ContextTest.pixel(c, 3, 2).a == 0)
    }

    @Test func evenOddVersusWinding() {
        func draw(_ rule: CGPathFillRule) -> CGContext {
            let c = ContextTest.make(20, 20)
            c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
            c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10)) // same direction: winding 2 inside
            c.fillPath(using: rule)
            return c
        }
        let winding = draw(.winding), evenOdd = draw(.evenOdd)
        #expect(ContextTest.pixel(winding, 10, 10) == ContextTest.red)
        #expect(ContextTest.pixel(evenOdd, 10, 10) == ContextTest.clear)
        #expect(ContextTest.pixel(evenOdd, 2, 2) == ContextTest.red)
        #expect(ContextTest.count(evenOdd, ContextTest.red) == 300)

        let d = ContextTest.make(20, 20)
        d.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        d.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        d.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        d.drawPath(using: .eoFill)
        #expect(d.surface.bytes() == evenOdd.surface.bytes())
    }

    @Test func globalAlpha() {
        let c = ContextTest.make(4, 4)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.setAlpha(0.5)
        c.setFillColor(red: 0, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(ContextTest.pixel(c, 0, 0) == PremultipliedRGBA8(r: 127, g: 127, b: 127, a: 255))
        #expect(ContextTest.pixel(c, 3, 0) == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        // Alpha of the colour and global alpha multiply.
        let d = ContextTest.make(2, 2)
        d.setAlpha(0.5)
        d.setFillColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        d.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(ContextTest.pixel(d, 0, 0) == PremultipliedRGBA8(r: 64, g: 0, b: 0, a: 64))
    }

    @Test func blendModesOnKnownPixels() {
        func blended(_ mode: CGBlendMode) -> PremultipliedRGBA8 {
            let c = ContextTest.make(2, 2)
            c.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1) // destination: opaque orange
            c.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
            c.setBlendMode(mode)
            c.setFillColor(red: 0, green: 0.5, blue: 1, alpha: 1)
            c.fill(CGRect(x: 0, y: 0, width: 1, height: 2))
            #expect(ContextTest.pixel(c, 1, 0) == PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255), "outside the shape: untouched")
            return ContextTest.pixel(c, 0, 0)
        }
        #expect(blended(.normal) == PremultipliedRGBA8(r: 0, g: 128, b: 255, a: 255))
        #expect(blended(.multiply) == PremultipliedRGBA8(r: 0, g: 64, b: 0, a: 255))
        #expect(blended(.screen) == PremultipliedRGBA8(r: 255, g: 192, b: 255, a: 255))
        #expect(blended(.darken) == PremultipliedRGBA8(r: 0, g: 128, b: 0, a: 255))
        #expect(blended(.lighten) == PremultipliedRGBA8(r: 255, g: 128, b: 255, a: 255))
        #expect(blended(.difference) == PremultipliedRGBA8(r: 255, g: 0, b: 255, a: 255))
        #expect(blended(.copy) == PremultipliedRGBA8(r: 0, g: 128, b: 255, a: 255))
        #expect(blended(.clear) == ContextTest.clear)
        #expect(blended(.destinationOver) == PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255))
        #expect(blended(.sourceIn) == PremultipliedRGBA8(r: 0, g: 128, b: 255, a: 255))
        #expect(blended(.destinationOut) == ContextTest.clear)
        #expect(blended(.xor) == ContextTest.clear)
        #expect(blended(.plusLighter) == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(CGBlendMode.allCases.count == 28)
        #expect(CGBlendMode.plusLighter.rawValue == 27 && CGBlendMode.clear.rawValue == 16)
    }

    @Test func clearRect() {
        let c = ContextTest.make(4, 4)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        c.setAlpha(0.2) // ignored by clear
        c.clear(CGRect(x: 0, y: 0, width: 2, height: 4))
        #expect(ContextTest.count(c, ContextTest.clear) == 8)
        #expect(ContextTest.count(c, ContextTest.red) == 8)
    }

    @Test func antialiasingOff() {
        let c = ContextTest.make(4, 4)
        c.setShouldAntialias(false)
        c.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0.6, y: 0, width: 1.8, height: 4)) // pixel 0: 40%, 1: 100%, 2: 40%
        #expect(ContextTest.pixel(c, 0, 1).a == 0)
        #expect(ContextTest.pixel(c, 1, 1).a == 255)
        #expect(ContextTest.pixel(c, 2, 1).a == 0)
        let d = ContextTest.make(4, 4)
        d.setAllowsAntialiasing(false)
        d.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        d.fill(CGRect(x: 0.4, y: 0, width: 1.2, height: 4)) // pixel 0: 60%, 1: 60%
        #expect(ContextTest.pixel(d, 0, 1).a == 255 && ContextTest.pixel(d, 1, 1).a == 255)
    }

    @Test func nanAndInfiniteCoordinatesDoNotCrash() {
        let c = ContextTest.make(8, 8)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4))
        c.fill(CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 4))
        c.move(to: CGPoint(x: CGFloat.nan, y: 1))
        c.addLine(to: CGPoint(x: 5, y: CGFloat.nan))
        c.addCurve(to: CGPoint(x: 1, y: 1), control1: CGPoint(x: CGFloat.infinity, y: 0), control2: .zero)
        c.addArc(center: CGPoint(x: 4, y: 4), radius: .nan, startAngle: 0, endAngle: 1, clockwise: false)
        c.addEllipse(in: CGRect(x: 0, y: 0, width: CGFloat.nan, height: 2))
        c.fillPath()
        c.strokeEllipse(in: CGRect(x: -1e300, y: 0, width: 1e300, height: 1e300))
        c.fill(CGRect(x: 1e18, y: -1e18, width: 1e19, height: 1e19))
        let e = ContextTest.make(8, 8)
        e.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        e.clip(to: CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1))
        e.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(ContextTest.count(e, ContextTest.clear) == 64, "a NaN clip rect clips everything away")
        e.resetClip()
        e.scaleBy(x: 0, y: 0) // singular CTM: nothing draws, queries answer empty
        e.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        e.addRect(CGRect(x: 0, y: 0, width: 8, height: 8))
        e.strokePath()
        #expect(e.boundingBoxOfClipPath == .zero)
        #expect(ContextTest.count(e, ContextTest.clear) == 64)
        let d = ContextTest.make(8, 8)
        d.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        d.scaleBy(x: 0, y: 1)
        d.fill(CGRect(x: 0, y: 0, width: 8, height: 8))
        #expect(ContextTest.count(d, ContextTest.clear) == 64)
    }
}

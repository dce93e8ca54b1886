import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext clipping")
struct ContextClipTests {
    @Test func clipToRect() {
        let c = ContextTest.make(10, 10)
        c.clip(to: CGRect(x: 2, y: 3, width: 4, height: 5))
        #expect(c.boundingBoxOfClipPath == CGRect(x: 2, y: 3, width: 4, height: 5))
        c.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4)) // ∩ → x 2..4, y 3..4
        #expect(c.boundingBoxOfClipPath == CGRect(x: 2, y: 3, width: 2, height: 1))
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ContextTest.count(c, ContextTest.red) == 2)
        #expect(ContextTest.pixel(c, 2, 3) == ContextTest.red && ContextTest.pixel(c, 3, 3) == ContextTest.red)
        c.resetClip()
        #expect(c.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 10, height: 10))
    }

    @Test func clipToRectsAndFractionalRect() {
        let c = ContextTest.make(10, 10)
        c.clip(to: [CGRect(x: 0, y: 0, width: 2, height: 10), CGRect(x: 8, y: 0, width: 2, height: 10)])
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(ContextTest.count(c, ContextTest.red) == 40)
        #expect(ContextTest.pixel(c, 5, 5) == ContextTest.clear)

        let h = ContextTest.make(4, 4)
        h.clip(to: CGRect(x: 0, y: 0, width: 1.5, height: 4)) // a soft edge: becomes a mask
        h.setFillColor(red: 1, green: 1, blue: 1, alpha: 1)
        h.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(ContextTest.pixel(h, 0, 0).a == 255)
        #expect(ContextTest.pixel(h, 1, 0).a == 128)
        #expect(ContextTest.pixel(h, 2, 0).a == 0)
    }

    @Test func clipToPathEvenOddAndSaveRestore() {
        let c = ContextTest.make(20, 20)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.saveGState()
        c.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        c.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        c.clip(using: .evenOdd)
        #expect(c.isPathEmpty, "clipping consumes the path")
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ContextTest.count(c, ContextTest.red) == 300)
        #expect(ContextTest.pixel(c, 10, 10) == ContextTest.clear)
        c.restoreGState()
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ContextTest.count(c, ContextTest.red) == 400, "restoreGState brings the unclipped state back")
    }

    @Test func clipAfterClipIntersects() {
        let c = ContextTest.make(20, 20)
        c.addEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        c.clip()
        c.addRect(CGRect(x: 10, y: 0, width: 10, height: 20))
        c.clip()
        c.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(ContextTest.pixel(c, 15, 10) == ContextTest.blue)
        #expect(ContextTest.pixel(c, 5, 10) == ContextTest.clear, "left half clipped by the second clip")
        #expect(ContextTest.pixel(c, 19, 19) == ContextTest.clear, "corner clipped by the ellipse")
        let box = c.boundingBoxOfClipPath
        #expect(box.minX >= 9 && box.maxX <= 20)
    }

    @Test func clipToMaskImage() throws {
        // A 2x1 gray mask: left sample 255 (paint through), right 0 (blocked).
        let provider = CGDataProvider(data: Data([255, 0]))!
        let mask = try #require(CGImage(width: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                                        space: CGColorSpaceCreateDeviceGray(), bitmapInfo: [], provider: provider,
                                        decode: nil, shouldInterpolate: false, intent: .defaultIntent))
        let c = ContextTest.make(8, 4)
        c.clip(to: CGRect(x: 0, y: 0, width: 8, height: 4), mask: mask)
        c.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(ContextTest.pixel(c, 0, 1) == ContextTest.red)
        #expect(ContextTest.pixel(c, 7, 1) == ContextTest.clear)
        #expect(ContextTest.pixel(c, 3, 1).a > ContextTest.pixel(c, 5, 1).a, "bilinear ramp between the samples")

        // An image mask (isMask): 0 lets paint through.
        let imageMask = try #require(CGImage(maskWidth: 2, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 2,
                                             provider: CGDataProvider(data: Data([255, 0]))!, decode: nil,
                                             shouldInterpolate: false))
        let d = ContextTest.make(8, 4)
        d.clip(to: CGRect(x: 0, y: 0, width: 8, height: 4), mask: imageMask)
        d.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        d.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(ContextTest.pixel(d, 0, 1) == ContextTest.clear)
        #expect(ContextTest.pixel(d, 7, 1) == ContextTest.red)

        // Outside the mask's rect everything is clipped.
        let e = ContextTest.make(8, 4)
        e.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: mask)
        e.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        e.fill(CGRect(x: 0, y: 0, width: 8, height: 4))
        #expect(ContextTest.pixel(e, 6, 1) == ContextTest.clear)
    }
}

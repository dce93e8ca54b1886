import CoreGraphics
import LaminaRaster
import Testing

@Suite("CGContext strokes under the CTM")
struct ContextStrokeTests {
    @Test func lineWidthFollowsTheCTMAtStrokeTime() {
        let c = ContextTest.make(20, 20)
        c.move(to: CGPoint(x: 10, y: 2))
        c.addLine(to: CGPoint(x: 10, y: 18)) // added under the identity
        c.scaleBy(x: 2, y: 1)                // stroked under a horizontal stretch
        c.setLineWidth(2)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.strokePath()
        // The pen is 4 device px wide horizontally: x in [8, 12].
        #expect(ContextTest.pixel(c, 8, 10) == ContextTest.red && ContextTest.pixel(c, 11, 10) == ContextTest.red)
        #expect(ContextTest.pixel(c, 7, 10) == ContextTest.clear && ContextTest.pixel(c, 12, 10) == ContextTest.clear)
        #expect(ContextTest.count(c, ContextTest.red) == 64)
    }

    @Test func dashesAreInUserSpace() {
        let c = ContextTest.make(40, 4)
        c.scaleBy(x: 2, y: 1)
        c.setLineDash(phase: 0, lengths: [5, 5])
        c.setLineWidth(2)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 20, y: 2)])
        // On 0–5 and 10–15 user units = device 0–10 and 20–30.
        #expect(ContextTest.pixel(c, 5, 2) == ContextTest.red)
        #expect(ContextTest.pixel(c, 15, 2) == ContextTest.clear)
        #expect(ContextTest.pixel(c, 25, 2) == ContextTest.red)
        #expect(ContextTest.count(c, ContextTest.red) == 40)
    }

    @Test func hairlineIsOneDevicePixel() {
        let c = ContextTest.make(10, 10)
        c.scaleBy(x: 4, y: 4)
        c.setLineWidth(0)
        c.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        c.strokeLineSegments(between: [CGPoint(x: 0, y: 1.125), CGPoint(x: 2.5, y: 1.125)]) // device y 4.5
        #expect(ContextTest.count(c, ContextTest.red) == 10)
    }

    @Test func tangentArc() {
        let c = ContextTest.make(40, 40)
        c.translateBy(x: 5, y: 5) // the arc is built in user space and mapped like the rest
        c.move(to: CGPoint(x: 0, y: 0))
        c.addArc(tangent1End: CGPoint(x: 30, y: 0), tangent2End: CGPoint(x: 30, y: 30), radius: 10)
        // Ends tangent to the second line, 10 units above its corner.
        let end = c.currentPointOfPath
        #expect(abs(end.x - 30) < 1e-9 && abs(end.y - 10) < 1e-9)
        let box = c.boundingBoxOfPath
        #expect(abs(box.maxX - 30) < 1e-9 && box.minX == 0)
        c.addArc(tangent1End: CGPoint(x: 30, y: 20), tangent2End: CGPoint(x: 30, y: 30), radius: 5) // collinear: a line
        let next = c.currentPointOfPath
        #expect(abs(next.x - 30) < 1e-9 && abs(next.y - 20) < 1e-9)
        let empty = ContextTest.make(4, 4)
        empty.addArc(tangent1End: CGPoint(x: 1, y: 1), tangent2End: CGPoint(x: 2, y: 0), radius: 1)
        #expect(empty.isPathEmpty, "no current point: nothing added")
    }

    @Test func unalignedCallerMemoryStillWorks() throws {
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: 4 * 4 * 2 + 1, alignment: 16)
        defer { bytes.deallocate() }
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: 33)
        let data = bytes + 1 // not 4-byte aligned: drawn through a working surface instead
        let c = try #require(CGContext(data: data, width: 4, height: 2, bitsPerComponent: 8, bytesPerRow: 16,
                                       space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: ContextTest.rgba))
        c.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
        c.fill(CGRect(x: 0, y: 1, width: 1, height: 1)) // top-left pixel
        let p = data.assumingMemoryBound(to: UInt8.self)
        #expect(Array(UnsafeBufferPointer(start: p, count: 8)) == [0, 255, 0, 255, 0, 0, 0, 0])
    }
}

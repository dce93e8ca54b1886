import CoreGraphics
import LaminaRaster
import Testing
import _LaminaTestSupport

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

/// `strokePath` fills the stroke's polygons mapped to pixels as the stroker makes them
/// (`strokePixelPolygon`); the outline path mapped and flattened (`strokeOutline`, what
/// `replacePathWithStrokedPath` and `pathContains` use) must cover exactly the same pixels.
@Suite struct ContextStrokeRouteTests {
    static func mask(_ polygon: Polygon, side: Int) throws -> [UInt8] {
        let m = try AlphaMask(width: side, height: side)
        var sink = MaskWriterSink(m)
        PolygonRasterizer().fill(polygon, rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: side, y1: side), generic: &sink)
        return m.bytes()
    }

    @Test func directPolygonCoversWhatTheOutlinePathCovers() throws {
        var rng = SplitMix64(0x5EED)
        func next() -> Double { rng.uniform() }
        let side = 64
        var drawn = 0
        for round in 0..<200 {
            let c = ContextTest.make(side, side)
            c.translateBy(x: next() * 20, y: next() * 20)
            c.rotate(by: next() * 6.3)
            c.scaleBy(x: 0.3 + next() * 2, y: 0.3 + next() * 2)
            c.setLineWidth([0, 0.5, 3, 9][round % 4] * (0.5 + next()))
            c.setLineCap([.butt, .round, .square][round % 3])
            c.setLineJoin([.miter, .round, .bevel][(round / 3) % 3])
            if round % 5 == 0 { c.setLineDash(phase: next() * 4, lengths: [1 + next() * 6, 1 + next() * 4]) }
            c.move(to: CGPoint(x: next() * 30, y: next() * 30))
            for _ in 0..<(1 + round % 4) {
                if next() < 0.5 {
                    c.addLine(to: CGPoint(x: next() * 30, y: next() * 30))
                } else {
                    c.addCurve(to: CGPoint(x: next() * 30, y: next() * 30), control1: CGPoint(x: next() * 30, y: next() * 30),
                               control2: CGPoint(x: next() * 30, y: next() * 30))
                }
            }
            if round % 7 == 0 { c.closePath() }
            let outline = try #require(c.strokeOutline())
            let direct = try #require(c.strokePixelPolygon())
            let viaPath = c.pixelPolygon(outline.path, transform: outline.toPixel)
            let a = try Self.mask(direct, side: side), b = try Self.mask(viaPath, side: side)
            #expect(a == b, "round \(round)")
            if a.contains(where: { $0 != 0 }) { drawn += 1 }
        }
        #expect(drawn > 100) // the rest fall outside the 64 x 64 pixels
    }
}

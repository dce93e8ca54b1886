import Testing
@testable import LaminaRaster

@Suite struct AnalyticCoverageTests {
    func rectMask(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, w: Int, h: Int, clip: PixelRect? = nil) throws -> AlphaMask {
        let m = try AlphaMask(width: w, height: h)
        var sink = MaskWriterSink(m)
        AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: clip ?? PixelRect(m), into: &sink)
        return m
    }

    func roundedMask(_ rr: RoundedRect, w: Int, h: Int) throws -> AlphaMask {
        let m = try AlphaMask(width: w, height: h)
        var sink = MaskWriterSink(m)
        AnalyticCoverage.fillRoundedRect(rr, clip: PixelRect(m), into: &sink)
        return m
    }

    @Test func pixelAlignedRectHasNoBleed() throws {
        let m = try rectMask(2, 3, 7, 9, w: 10, h: 12)
        for y in 0..<12 { for x in 0..<10 {
            #expect(m[x, y] == ((x >= 2 && x < 7 && y >= 3 && y < 9) ? 255 : 0))
        } }
    }

    @Test func fractionalEdgesAreExact() throws {
        // x from 1.25 to 4.5, y from 0.5 to 2.75: corner pixel (1, 0) is 0.75 · 0.5.
        let m = try rectMask(1.25, 0.5, 4.5, 2.75, w: 6, h: 4)
        #expect(m[1, 0] == 96)   // 0.375 · 255 = 95.6
        #expect(m[2, 0] == 128)  // 0.5
        #expect(m[2, 1] == 255)
        #expect(m[4, 1] == 128)  // 0.5 wide
        #expect(m[4, 2] == 96)   // 0.5 · 0.75
        #expect(m[1, 2] == 143)  // 0.75 · 0.75 = 0.5625
        #expect(m[5, 1] == 0 && m[0, 1] == 0 && m[2, 3] == 0)
        // A rect inside one pixel.
        let tiny = try rectMask(1.2, 1.2, 1.7, 1.6, w: 3, h: 3)
        #expect(tiny[1, 1] == 51) // 0.5 · 0.4 = 0.2
        // Matches the general rasterizer within 1/255.
        let general = try coverageMask(.rect(x0: 1.25, y0: 0.5, x1: 4.5, y1: 2.75), width: 6, height: 4)
        #expect(maxDifference(general.bytes(), m.bytes()) <= 1)
    }

    @Test func badRectsDrawNothing() throws {
        #expect(try rectMask(.nan, 0, 3, 3, w: 4, h: 4).bytes().allSatisfy { $0 == 0 })
        #expect(try rectMask(3, 3, 1, 1, w: 4, h: 4).bytes().allSatisfy { $0 == 0 })
        let huge = try rectMask(-1e300, -1e300, 1e300, 1e300, w: 4, h: 4)
        #expect(huge.bytes().allSatisfy { $0 == 255 })
        let rr = RoundedRect(x0: 0, y0: 0, x1: 4, y1: 4, topLeft: .init(.nan), topRight: .init(-3),
                             bottomRight: .init(.infinity), bottomLeft: .init(2))
        let m = try roundedMask(rr, w: 4, h: 4)
        #expect(m[3, 0] == 255 && m[0, 0] == 255) // bad radii are 0
        #expect(m[0, 3] < 255) // the valid corner is still round
    }

    @Test func roundedRectMatchesFinelyFlattenedPolygon() throws {
        // Tolerance 2/255 per pixel against the general rasterizer on 256 chords per corner.
        for (x0, y0, x1, y1, r) in [(3.3, 4.6, 61.7, 40.2, 12.0), (10.0, 10.0, 50.0, 30.0, 10.0),
                                    (2.5, 2.25, 30.75, 45.5, 14.0), (5.0, 5.0, 9.0, 40.0, 2.0)] {
            let analytic = try roundedMask(RoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: r), w: 70, h: 50)
            let poly = try coverageMask(Polygon([flattenedRoundedRect(x0, y0, x1, y1, r: r)]), width: 70, height: 50)
            #expect(maxDifference(analytic.bytes(), poly.bytes()) <= 2, "rect \(x0),\(y0),\(x1),\(y1) r \(r)")
            // Total area: w·h − (4 − π)r², within 1e-3 relative.
            let area = (x1 - x0) * (y1 - y0) - (4 - Double.pi) * r * r
            #expect(abs(coverageSum(analytic) - area) / area < 1e-3)
        }
    }

    @Test func oversizedRadiiAreFitted() throws {
        // Radius 100 on a 40 × 20 rect: scaled to 10 (sides 20 = 10 + 10), a stadium.
        let big = try roundedMask(RoundedRect(x0: 0, y0: 0, x1: 40, y1: 20, radius: 100), w: 40, h: 20)
        let fitted = try roundedMask(RoundedRect(x0: 0, y0: 0, x1: 40, y1: 20, radius: 10), w: 40, h: 20)
        #expect(big.bytes() == fitted.bytes())
    }

    @Test func perCornerAndEllipticalRadii() throws {
        let rr = RoundedRect(x0: 4, y0: 4, x1: 60, y1: 44, topLeft: .init(0), topRight: .init(rx: 20, ry: 8),
                             bottomRight: .init(16), bottomLeft: .init(rx: 5, ry: 15))
        let m = try roundedMask(rr, w: 64, h: 48)
        #expect(m[4, 4] == 255) // square corner
        #expect(m[59, 4] == 0)  // cut corner
        // Area: rect minus (1 − π/4)·rx·ry per corner; tolerance 1e-3 relative.
        let cut = (1 - Double.pi / 4) * (20 * 8 + 16 * 16 + 5 * 15)
        let area = 56.0 * 40 - cut
        #expect(abs(coverageSum(m) - area) / area < 1e-3)
    }

    @Test func bandsMatchTheWhole() throws {
        let rr = RoundedRect(x0: 3.3, y0: 4.6, x1: 61.7, y1: 40.2, radius: 12)
        let whole = try roundedMask(rr, w: 64, h: 48)
        let banded = try AlphaMask(width: 64, height: 48)
        for y0 in stride(from: 0, to: 48, by: 7) {
            var sink = MaskWriterSink(banded)
            AnalyticCoverage.fillRoundedRect(rr, clip: PixelRect(x0: 0, y0: y0, x1: 64, y1: min(48, y0 + 7)), into: &sink)
        }
        #expect(whole.bytes() == banded.bytes())
    }
}

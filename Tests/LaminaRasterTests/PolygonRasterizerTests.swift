import Testing
@testable import LaminaRaster
#if canImport(Glibc)
import Glibc
import _LaminaTestSupport
#endif

@Suite struct PolygonRasterizerTests {
    @Test func pixelAlignedRectIsExact() throws {
        let m = try coverageMask(.rect(x0: 2, y0: 3, x1: 7, y1: 9), width: 10, height: 12)
        for y in 0..<12 {
            for x in 0..<10 {
                let inside = x >= 2 && x < 7 && y >= 3 && y < 9
                #expect(m[x, y] == (inside ? 255 : 0), "pixel (\(x), \(y))")
            }
        }
    }

    @Test func halfCoveredPixelIsHalf() throws {
        // Left edge at x = 2.5: column 2 is half covered; tolerance 1/255.
        let m = try coverageMask(.rect(x0: 2.5, y0: 0, x1: 5, y1: 4), width: 8, height: 4)
        for y in 0..<4 {
            #expect(abs(Int(m[2, y]) - 128) <= 1)
            #expect(m[3, y] == 255 && m[1, y] == 0 && m[5, y] == 0)
        }
        // A quarter pixel (both edges through one pixel): 0.25 · 255 = 63.75, tolerance 1.
        let q = try coverageMask(.rect(x0: 1.5, y0: 1.5, x1: 3, y1: 3), width: 4, height: 4)
        #expect(abs(Int(q[1, 1]) - 64) <= 1)
    }

    @Test func triangleCoverageSumsToItsArea() throws {
        let pts = [RasterPoint(3.3, 2.7), RasterPoint(91.2, 20.1), RasterPoint(40.5, 80.9)]
        let area = abs((pts[1].x - pts[0].x) * (pts[2].y - pts[0].y) - (pts[2].x - pts[0].x) * (pts[1].y - pts[0].y)) / 2
        let m = try coverageMask(Polygon([pts]), width: 100, height: 90)
        #expect(abs(coverageSum(m) - area) / area < 1e-3)
        // Orientation does not matter for non-zero or even-odd.
        let rev = try coverageMask(Polygon([pts.reversed()]), rule: .evenOdd, width: 100, height: 90)
        #expect(rev.bytes() == m.bytes())
    }

    @Test func squareRotated45Degrees() throws {
        // Half-diagonal 30 → side 30√2, area 1800; tolerance 1e-3 relative.
        let sq = [RasterPoint(50, 20), RasterPoint(80, 50), RasterPoint(50, 80), RasterPoint(20, 50)]
        let m = try coverageMask(Polygon([sq]), width: 100, height: 100)
        #expect(abs(coverageSum(m) - 1800) / 1800 < 1e-3)
        #expect(m[50, 50] == 255 && m[21, 21] == 0)
        // A pixel cut by the diagonal through its corners is half covered (±1).
        #expect(abs(Int(m[65, 35]) - 128) <= 1)
    }

    @Test func fillRulesOnSelfOverlappingPolygons() throws {
        // Pentagram: the centre pentagon winds twice.
        var star: [RasterPoint] = []
        for i in 0..<5 {
            let a = -Double.pi / 2 + Double(i * 2) * 2 * Double.pi / 5
            star.append(RasterPoint(50 + 40 * cos(a), 50 + 40 * sin(a)))
        }
        let nz = try coverageMask(Polygon([star]), rule: .nonZero, width: 100, height: 100)
        let eo = try coverageMask(Polygon([star]), rule: .evenOdd, width: 100, height: 100)
        #expect(nz[50, 50] == 255 && eo[50, 50] == 0)
        #expect(nz[50, 15] == 255 && eo[50, 15] == 255) // a point of the star winds once
        // Two overlapping squares, same winding: overlap filled for non-zero, empty for even-odd.
        let a = [RasterPoint(10, 10), RasterPoint(40, 10), RasterPoint(40, 40), RasterPoint(10, 40)]
        let b = [RasterPoint(25, 25), RasterPoint(55, 25), RasterPoint(55, 55), RasterPoint(25, 55)]
        let same = Polygon([a, b])
        #expect(try coverageMask(same, rule: .nonZero, width: 60, height: 60)[30, 30] == 255)
        #expect(try coverageMask(same, rule: .evenOdd, width: 60, height: 60)[30, 30] == 0)
        // Opposite winding: the windings cancel, the overlap is empty under both rules.
        let opposite = Polygon([a, b.reversed()])
        let onz = try coverageMask(opposite, rule: .nonZero, width: 60, height: 60)
        let oeo = try coverageMask(opposite, rule: .evenOdd, width: 60, height: 60)
        #expect(onz[30, 30] == 0 && oeo[30, 30] == 0)
        #expect(onz[15, 15] == 255 && onz[50, 50] == 255 && oeo[15, 15] == 255)
        // Coincident edges accumulate as signed area, then clamp (non-zero) or fold (even-odd):
        // a square drawn twice has edge pixels of min(1, 2c) and, under even-odd, 1 - |1 - 2c|.
        let frac = [RasterPoint(2.3, 2.5), RasterPoint(7.7, 2.5), RasterPoint(7.7, 7.2), RasterPoint(2.3, 7.2)]
        let once = try coverageMask(Polygon([frac]), width: 10, height: 10)
        let twice = try coverageMask(Polygon([frac, frac]), width: 10, height: 10)
        let twiceEO = try coverageMask(Polygon([frac, frac]), rule: .evenOdd, width: 10, height: 10)
        #expect(abs(Int(once[5, 2]) - 128) <= 1 && twice[5, 2] == 255 && twiceEO[5, 2] >= 254) // c = 0.5
        #expect(abs(Int(once[2, 5]) - 179) <= 1 && twice[2, 5] == 255 && abs(Int(twiceEO[2, 5]) - 153) <= 1) // c = 0.7
        #expect(twice[5, 5] == 255 && twiceEO[5, 5] == 0)
    }

    @Test func edgesCrossingTheClipOnEverySide() throws {
        // A triangle and a circle-ish polygon crossing all four sides of the clip rect: pixels
        // inside the clip match the unclipped render (±1: clipping re-quantises split points),
        // pixels outside are untouched.
        var blob: [RasterPoint] = []
        for i in 0..<40 {
            let a = Double(i) / 40 * 2 * Double.pi
            blob.append(RasterPoint(30 + 22 * cos(a), 30 + 17 * sin(a)))
        }
        let poly = Polygon([blob, [RasterPoint(-20, 55), RasterPoint(70, 2), RasterPoint(65, 64)]])
        let clip = PixelRect(x0: 12, y0: 15, x1: 41, y1: 47)
        let full = try coverageMask(poly, width: 60, height: 60)
        let clipped = try coverageMask(poly, width: 60, height: 60, clip: clip)
        var worst = 0
        for y in 0..<60 {
            for x in 0..<60 {
                if clip.contains(x: x, y: y) {
                    worst = max(worst, abs(Int(full[x, y]) - Int(clipped[x, y])))
                } else {
                    #expect(clipped[x, y] == 0)
                }
            }
        }
        #expect(worst <= 1)
        // Winding from edges entirely left of the clip still counts.
        let wide = try coverageMask(.rect(x0: -100, y0: 2, x1: 5.5, y1: 4), width: 10, height: 6,
                                    clip: PixelRect(x0: 3, y0: 0, x1: 10, y1: 6))
        #expect(wide[3, 2] == 255 && wide[4, 3] == 255 && abs(Int(wide[5, 2]) - 128) <= 1 && wide[2, 2] == 0)
    }

    @Test func hugeCoordinatesAndNaN() throws {
        // A band from x = -1e9 to 1e9 covers rows 2..<5 fully.
        let band = try coverageMask(.rect(x0: -1e9, y0: 2, x1: 1e9, y1: 5), width: 16, height: 8)
        for x in 0..<16 { #expect(band[x, 1] == 0 && band[x, 2] == 255 && band[x, 4] == 255 && band[x, 5] == 0) }
        // A huge triangle covering everything; and 1e300 does not trap.
        let all = try coverageMask(Polygon([[RasterPoint(-1e9, -1e9), RasterPoint(1e9, -1e9), RasterPoint(0, 1e9)]]),
                                   width: 8, height: 8)
        #expect(all.bytes().allSatisfy { $0 == 255 })
        _ = try coverageMask(Polygon([[RasterPoint(-1e300, 0), RasterPoint(1e300, 3), RasterPoint(0, 1e300)]]), width: 8, height: 8)
        // A subpath with NaN is dropped; the other subpath still fills. Infinity likewise.
        let nan = Polygon([[RasterPoint(1, 1), RasterPoint(.nan, 5), RasterPoint(6, 6)],
                           [RasterPoint(0, 0), RasterPoint(2, 0), RasterPoint(2, 2), RasterPoint(0, 2)]])
        let m = try coverageMask(nan, width: 8, height: 8)
        #expect(m[0, 0] == 255 && m[1, 1] == 255 && m[4, 4] == 0)
        let inf = try coverageMask(Polygon([[RasterPoint(0, 0), RasterPoint(.infinity, 0), RasterPoint(0, 5)]]), width: 8, height: 8)
        #expect(inf.bytes().allSatisfy { $0 == 0 })
        // Empty, degenerate and one-point input: nothing.
        #expect(try coverageMask(Polygon(), width: 4, height: 4).bytes().allSatisfy { $0 == 0 })
        #expect(try coverageMask(Polygon([[RasterPoint(1, 1)], [RasterPoint(0, 0), RasterPoint(3, 3)]]), width: 4, height: 4)
            .bytes().allSatisfy { $0 == 0 })
    }

    @Test func quadMatchesPolygon() throws {
        let c = (x: 37.3, y: 41.9), a = 0.61
        func p(_ u: Double, _ v: Double) -> RasterPoint {
            RasterPoint(c.x + u * cos(a) - v * sin(a), c.y + u * sin(a) + v * cos(a))
        }
        let q = [p(-25, -15), p(25, -15), p(25, 15), p(-25, 15)]
        let viaPolygon = try coverageMask(Polygon([q]), width: 80, height: 80)
        let mask = try AlphaMask(width: 80, height: 80)
        var sink = MaskWriterSink(mask)
        PolygonRasterizer().fillQuad(q[0], q[1], q[2], q[3], clip: PixelRect(mask), into: &sink)
        #expect(maxDifference(viaPolygon.bytes(), mask.bytes()) <= 1)
        #expect(abs(coverageSum(mask) - 1500) / 1500 < 1e-3)
    }

    @Test func maskClipMultipliesCoverage() throws {
        let clipMask = try AlphaMask(width: 6, height: 6)
        for y in 0..<6 { for x in 0..<6 { clipMask[x, y] = UInt8(x * 51) } }
        let out = try AlphaMask(width: 10, height: 10)
        let scratch = ScanlineScratch(width: 10)
        var sink = MaskClipSink(base: MaskWriterSink(out), mask: clipMask, originX: 2, originY: 1,
                                scratch: scratch)
        PolygonRasterizer().fill(.rect(x0: 0, y0: 0, x1: 10, y1: 10), rule: .nonZero, clip: PixelRect(out), into: &sink)
        #expect(out[2, 1] == 0 && out[3, 1] == 51 && out[7, 6] == 255 && out[1, 3] == 0 && out[8, 3] == 0 && out[4, 7] == 0)
        // Half coverage × mask 102 → 51 (rounded).
        let out2 = try AlphaMask(width: 10, height: 10)
        var sink2 = MaskClipSink(base: MaskWriterSink(out2), mask: clipMask, originX: 2, originY: 1,
                                 scratch: scratch)
        PolygonRasterizer().fill(.rect(x0: 0, y0: 0, x1: 4.5, y1: 10), rule: .nonZero, clip: PixelRect(out2), into: &sink2)
        #expect(abs(Int(out2[4, 2]) - 51) <= 1)
    }
}

/// The rasterizer against an independent exact reference: each pixel's coverage computed by
/// clipping the polygon to the pixel square (Sutherland–Hodgman) and taking the area.
@Suite struct PolygonRasterizerReferenceTests {
    static func clippedArea(_ poly: [RasterPoint], x0: Double, y0: Double) -> Double {
        var pts = poly
        // Clip against the four half-planes of the pixel square.
        let planes: [(RasterPoint) -> Double] = [{ $0.x - x0 }, { x0 + 1 - $0.x }, { $0.y - y0 }, { y0 + 1 - $0.y }]
        for f in planes {
            guard !pts.isEmpty else { break }
            var out: [RasterPoint] = []
            for i in 0..<pts.count {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                let fa = f(a), fb = f(b)
                if fa >= 0 { out.append(a) }
                if (fa >= 0) != (fb >= 0) {
                    let t = fa / (fa - fb)
                    out.append(RasterPoint(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)))
                }
            }
            pts = out
        }
        guard pts.count >= 3 else { return 0 }
        var a = 0.0
        for i in 0..<pts.count { let p = pts[i], q = pts[(i + 1) % pts.count]; a += p.x * q.y - q.x * p.y }
        return abs(a) / 2
    }

    @Test func randomConvexPolygonsMatchExactArea() throws {
        // Tolerance 2/255 per pixel: coordinates are quantised to 1/256 px.
        var rng = SplitMix64(2024)
        var worst = 0
        for _ in 0..<12 {
            let cx = 10 + rng.uniform() * 20, cy = 10 + rng.uniform() * 20
            let rx = 3 + rng.uniform() * 12, ry = 3 + rng.uniform() * 12
            let n = 3 + Int(rng.next() % 9)
            let angles = (0..<n).map { _ in rng.uniform() * 2 * Double.pi }.sorted()
            var poly = angles.map { RasterPoint(cx + rx * cos($0), cy + ry * sin($0)) }
            if rng.next() % 2 == 0 { poly.reverse() }
            let m = try coverageMask(Polygon([poly]), width: 40, height: 40)
            for y in 0..<40 {
                for x in 0..<40 {
                    let exact = Self.clippedArea(poly, x0: Double(x), y0: Double(y)) * 255
                    worst = max(worst, Int(abs(Double(m[x, y]) - exact).rounded(.up)))
                }
            }
        }
        #expect(worst <= 2)
    }
}

@Suite struct MaskIntersectTests {
    @Test func intersectingAClipWithAShape() throws {
        // Existing clip: 200 everywhere. New shape: a triangle. Result = 200 × coverage / 255,
        // and 0 wherever the triangle does not reach — equal to intersecting with its mask.
        let tri = Polygon([[RasterPoint(3.5, 2.2), RasterPoint(27.1, 9.9), RasterPoint(10.3, 26.4)]])
        let clip = try AlphaMask(width: 32, height: 30)
        clip.fill(200)
        var sink = MaskIntersectSink(clip, region: PixelRect(clip))
        PolygonRasterizer().fill(tri, rule: .nonZero, clip: PixelRect(clip), into: &sink)
        sink.finish()
        let expected = try AlphaMask(width: 32, height: 30)
        expected.fill(200)
        expected.intersect(with: try coverageMask(tri, width: 32, height: 30))
        #expect(clip.bytes() == expected.bytes())
        // A shape that covers nothing clears the region; outside the region nothing changes.
        let other = try AlphaMask(width: 10, height: 10)
        other.fill(90)
        var s2 = MaskIntersectSink(other, region: PixelRect(x0: 2, y0: 2, x1: 8, y1: 6))
        PolygonRasterizer().fill(.rect(x0: 50, y0: 50, x1: 60, y1: 60), rule: .nonZero, clip: PixelRect(x0: 2, y0: 2, x1: 8, y1: 6), into: &s2)
        s2.finish()
        #expect(other[2, 2] == 0 && other[7, 5] == 0 && other[1, 2] == 90 && other[2, 6] == 90 && other[8, 3] == 90)
        // Analytic shapes work too (runs and spans mixed).
        let m3 = try AlphaMask(width: 20, height: 12)
        m3.fill(255)
        var s3 = MaskIntersectSink(m3, region: PixelRect(m3))
        AnalyticCoverage.fillRoundedRect(RoundedRect(x0: 2.5, y0: 1.5, x1: 17, y1: 10, radius: 3), clip: PixelRect(m3), into: &s3)
        s3.finish()
        let r3 = try AlphaMask(width: 20, height: 12)
        var w3 = MaskWriterSink(r3)
        AnalyticCoverage.fillRoundedRect(RoundedRect(x0: 2.5, y0: 1.5, x1: 17, y1: 10, radius: 3), clip: PixelRect(r3), into: &w3)
        #expect(m3.bytes() == r3.bytes())
    }
}

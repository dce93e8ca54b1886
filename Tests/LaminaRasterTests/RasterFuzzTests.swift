import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// Hostile input never traps, and band splitting never changes the bytes.
@Suite struct RasterFuzzTests {
    static func wildValue(_ rng: inout SplitMix64) -> Double {
        switch rng.next() % 12 {
        case 0: return 1e12 * (rng.uniform() - 0.5)
        case 1: return [Double.nan, .infinity, -.infinity][Int(rng.next() % 3)]
        case 2: return (rng.next() % 2 == 0 ? 1 : -1) * 1e300
        case 3: return Double.leastNonzeroMagnitude * Double(rng.next() % 5)
        case 4: return (rng.uniform() * 64).rounded() // on pixel edges
        case 5: return -3 + rng.uniform() * 2
        default: return -8 + rng.uniform() * 80
        }
    }

    @Test func randomPolygonsAndRoundedRects() throws {
        var rng = SplitMix64(99)
        let rast = PolygonRasterizer()
        for round in 0..<150 {
            var subpaths: [[RasterPoint]] = []
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                subpaths.append((0..<Int(rng.next() % 9)).map { _ in RasterPoint(Self.wildValue(&rng), Self.wildValue(&rng)) })
            }
            let poly = Polygon(subpaths)
            let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
            let clip = PixelRect(x0: Int(rng.next() % 20) - 10, y0: Int(rng.next() % 20) - 10,
                                 x1: Int(rng.next() % 70), y1: Int(rng.next() % 70))
            let whole = try AlphaMask(width: 64, height: 64), banded = try AlphaMask(width: 64, height: 64)
            var sw = MaskWriterSink(whole)
            rast.fill(poly, rule: rule, clip: clip, into: &sw)
            for y0 in stride(from: -10, to: 70, by: 3) {
                var sb = MaskWriterSink(banded)
                rast.fill(poly, rule: rule, clip: clip.rows(y0..<(y0 + 3)), into: &sb)
            }
            #expect(whole.bytes() == banded.bytes(), "round \(round)")
            // Nothing outside the clip.
            for y in 0..<64 { for x in 0..<64 where !clip.contains(x: x, y: y) { #expect(whole[x, y] == 0) } }

            let rr = RoundedRect(x0: Self.wildValue(&rng), y0: Self.wildValue(&rng), x1: Self.wildValue(&rng), y1: Self.wildValue(&rng),
                                 topLeft: .init(Self.wildValue(&rng)), topRight: .init(rx: Self.wildValue(&rng), ry: Self.wildValue(&rng)),
                                 bottomRight: .init(Self.wildValue(&rng)), bottomLeft: .init(Self.wildValue(&rng)))
            let surface = try Surface(width: 64, height: 64)
            var b = Blitter(surface: surface, paint: .solid(PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 40)), scratch: ScanlineScratch(width: 8))
            AnalyticCoverage.fillRoundedRect(rr, clip: clip, into: &b)
            AnalyticCoverage.fillRoundedRectRing(outer: rr, inner: RoundedRect(x0: rr.x0 + 2, y0: rr.y0 + 2, x1: rr.x1 - 2, y1: rr.y1 - 2, radius: 1),
                                                 clip: clip, into: &b)
            rast.fillQuad(RasterPoint(Self.wildValue(&rng), Self.wildValue(&rng)), RasterPoint(Self.wildValue(&rng), Self.wildValue(&rng)),
                          RasterPoint(Self.wildValue(&rng), Self.wildValue(&rng)), RasterPoint(Self.wildValue(&rng), Self.wildValue(&rng)),
                          clip: clip, into: &b)
            // Premultiplied output stays valid: colour never exceeds alpha.
            let bytes = surface.bytes()
            for i in stride(from: 0, to: bytes.count, by: 4) {
                #expect(bytes[i] <= bytes[i + 3] && bytes[i + 1] <= bytes[i + 3] && bytes[i + 2] <= bytes[i + 3])
            }
        }
    }

    @Test func extremeOffsetsInCompositing() throws {
        let a = try Surface(width: 4, height: 4), b = try Surface(width: 4, height: 4)
        b.fill(PremultipliedRGBA8(r: 1, g: 1, b: 1, a: 1))
        for (dx, dy) in [(Int.max, 0), (Int.min, Int.min), (0, Int.max - 1), (Int.max / 2, Int.min / 2)] {
            a.composite(b, dx: dx, dy: dy)
            a.composite(b, dx: dx, dy: dy, mode: .multiply, mask: try AlphaMask(width: 2, height: 2), maskX: dx, maskY: dy)
        }
        #expect(a.bytes().allSatisfy { $0 == 0 })
        #expect(PixelRect(x: Int.max - 1, y: 0, width: 10, height: 1).x1 == Int.max)
        #expect(PixelRect(x0: 0, y0: 0, x1: 1, y1: 1).offsetBy(dx: Int.max, dy: Int.min).x1 == Int.max)
    }
}

@Suite struct OversizedClipTests {
    @Test func hugeClipRectsAreBounded() throws {
        // A clip far larger than any surface must not allocate or loop over it.
        let huge = PixelRect(x0: -(1 << 40), y0: -(1 << 40), x1: 1 << 40, y1: 1 << 40)
        let m = try AlphaMask(width: 8, height: 8)
        var sink = MaskWriterSink(m)
        PolygonRasterizer().fill(.rect(x0: -1e12, y0: -1e12, x1: 1e12, y1: 1e12), rule: .nonZero, clip: huge, into: &sink)
        AnalyticCoverage.fillRect(x0: -1e12, y0: -1e12, x1: 1e12, y1: 3, clip: PixelRect(x0: 0, y0: -(1 << 40), x1: 8, y1: 1 << 40), into: &sink)
        #expect(m.bytes().allSatisfy { $0 == 255 })
    }
}

import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// `FlatPolygon` (subpaths in reused flat buffers, what a stroker hands the rasterizer) holds
/// what it is given, and fills exactly as the same `Polygon`: straight to the cells behind a
/// solid blitter, through a `Polygon` copy for other sinks.
@Suite struct FlatPolygonTests {
    @Test func holdsItsSubpathsAcrossGrowthAndReuse() {
        var rng = SplitMix64(31)
        let flat = FlatPolygon()
        for round in 0..<3 {
            flat.removeAll()
            // Enough subpaths and points to grow both buffers past their first capacity.
            let polygon = Polygon((0..<(20 + 15 * round)).map { k in
                (0..<(k % 7 == 0 ? 0 : 3 + k * 4)).map { _ in RasterPoint(rng.uniform() * 100, rng.uniform() * 100) }
            })
            for sp in polygon.subpaths { sp.withUnsafeBufferPointer { flat.append($0) } }
            #expect(flat.subpathCount == polygon.subpaths.count)
            for (i, sp) in polygon.subpaths.enumerated() { #expect(flat.withSubpath(i) { Array($0) } == sp) }
            #expect(flat.polygon.subpaths == polygon.subpaths)
        }
    }

    @Test func fillsAsThePolygonDoes() throws {
        var rng = SplitMix64(2026_11_27)
        let scratch = ScanlineScratch()
        let flat = FlatPolygon()
        let direct = PolygonRasterizer(), arrays = PolygonRasterizer()
        for round in 0..<30 {
            let side = [48, 160, 300][round % 3]
            let polygon = CellKernelTests.randomPolygon(&rng, size: Double(side) * 0.9)
            guard let b = polygon.bounds else { continue }
            flat.removeAll()
            for sp in polygon.subpaths { sp.withUnsafeBufferPointer { flat.append($0) } }
            let rule: FillRule = round % 2 == 0 ? .nonZero : .evenOdd
            // Inside the surface (the direct path) and reaching past it (the Polygon copy).
            let clip = round % 4 == 3 ? PixelRect(x0: -9, y0: -9, x1: side + 9, y1: side + 9)
                                      : PixelRect(x0: 2, y0: 1, x1: side - 3, y1: side - 2)
            let a = try Surface(width: side, height: side), c = try Surface(width: side, height: side)
            let color = PremultipliedRGBA8(r: 40, g: 10, b: 160, a: 204)
            var ba = Blitter(surface: a, paint: .solid(color), scratch: scratch)
            var bc = Blitter(surface: c, paint: .solid(color), scratch: scratch)
            direct.fill(flat, bounds: b, rule: rule, clip: clip, into: &ba)
            arrays.fill(polygon, bounds: b, rule: rule, clip: clip, into: &bc)
            ConvexRasterizerTests.expectSamePixels(a, c)
            // A mask sink never takes strips: the copy's path, the same coverage.
            let ma = try AlphaMask(width: side, height: side), mc = try AlphaMask(width: side, height: side)
            var sa = MaskWriterSink(ma), sc = MaskWriterSink(mc)
            direct.fill(flat, bounds: b, rule: rule, clip: clip, generic: &sa)
            arrays.fill(polygon, rule: rule, clip: clip, generic: &sc)
            let same = ma.bytes() == mc.bytes()
            #expect(same, "round \(round)")
        }
    }
}

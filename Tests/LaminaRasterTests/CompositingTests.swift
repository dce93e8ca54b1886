import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// Every fast path against its scalar reference, byte for byte, on random premultiplied data.
@Suite struct CompositingTests {
    func randomRow(_ rng: inout SplitMix64, _ n: Int) -> [UInt32] { (0..<n).map { _ in rng.premultiplied() } }

    @Test func fillOverMatchesReference() {
        var rng = SplitMix64(7)
        for count in [0, 1, 3, 4, 5, 17, 64, 131] {
            for _ in 0..<8 {
                let color = rng.premultiplied()
                var fast = randomRow(&rng, count), ref = fast
                fast.withUnsafeMutableBufferPointer { PixelKernels.fillOver($0.baseAddress!, count: count, color: color) }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.fillOver($0.baseAddress!, count: count, color: color) }
                #expect(fast == ref, "count \(count) colour \(color)")
            }
        }
    }

    @Test func coverageSpansMatchReference() {
        var rng = SplitMix64(8)
        for count in [1, 2, 7, 33, 100] {
            for _ in 0..<8 {
                let color = rng.premultiplied()
                let cov = (0..<count).map { i in i % 5 == 0 ? 255 : (i % 7 == 0 ? 0 : rng.byte()) }
                let src = randomRow(&rng, count)
                let alpha = rng.byte()
                var fast = randomRow(&rng, count), ref = fast
                fast.withUnsafeMutableBufferPointer { PixelKernels.spanOver($0.baseAddress!, count: count, color: color, coverage: cov) }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.spanOver($0.baseAddress!, count: count, color: color, coverage: cov) }
                #expect(fast == ref)
                var f2 = randomRow(&rng, count), r2 = f2
                f2.withUnsafeMutableBufferPointer { PixelKernels.rowOver($0.baseAddress!, src, count: count, coverage: cov, alpha: alpha) }
                r2.withUnsafeMutableBufferPointer { ReferenceKernels.rowOver($0.baseAddress!, src, count: count, coverage: cov, alpha: alpha) }
                #expect(f2 == r2)
            }
        }
    }

    @Test func rowOverMatchesReference() {
        var rng = SplitMix64(9)
        for count in [1, 3, 4, 9, 64, 257] {
            for alpha: UInt8 in [0, 1, 128, 200, 254, 255] {
                // Mixed: runs of opaque pixels (the opaque fast path) and translucent ones.
                var src = randomRow(&rng, count)
                for i in 0..<count where (i / 8) % 2 == 0 { src[i] |= 0xFF00_0000 }
                var fast = randomRow(&rng, count), ref = fast
                fast.withUnsafeMutableBufferPointer { PixelKernels.rowOver($0.baseAddress!, src, count: count, alpha: alpha) }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.rowOver($0.baseAddress!, src, count: count, alpha: alpha) }
                #expect(fast == ref, "count \(count) alpha \(alpha)")
            }
        }
    }

    @Test func surfaceCompositingMatchesReference() throws {
        var rng = SplitMix64(10)
        let src = try Surface(width: 37, height: 23), dst = try Surface(width: 50, height: 40)
        for y in 0..<23 { for x in 0..<37 { src.row32(y)[x] = rng.premultiplied() } }
        for y in 0..<40 { for x in 0..<50 { dst.row32(y)[x] = rng.premultiplied() } }
        let expected = dst.copy()
        let (dx, dy) = (20, -5), alpha: UInt8 = 128
        for y in 0..<40 {
            for x in 0..<50 {
                let sx = x - dx, sy = y - dy
                guard sx >= 0, sx < 37, sy >= 0, sy < 23 else { continue }
                let p = expected.row32(y) + x
                p.pointee = ReferenceKernels.over(ReferenceKernels.scale(src.row32(sy)[sx], UInt32(alpha)), p.pointee)
            }
        }
        dst.composite(src, dx: dx, dy: dy, alpha: alpha)
        #expect(dst.bytes() == expected.bytes())
        // Clipped: only the clip rect changes.
        let d2 = try Surface(width: 50, height: 40)
        d2.composite(src, dx: 0, dy: 0, alpha: 255, mode: .copy, clip: PixelRect(x0: 5, y0: 5, x1: 10, y1: 8))
        #expect(d2[5, 5] == src[5, 5] && d2[9, 7] == src[9, 7] && d2[4, 5] == .transparent && d2[5, 8] == .transparent)
        // Offsets entirely outside: nothing happens, no crash.
        dst.composite(src, dx: 10_000, dy: -10_000)
        dst.composite(src, dx: Int.max / 4, dy: 0)
    }

    @Test func blitterSolidSourceOverMatchesReference() throws {
        // A filled shape through the blitter equals the reference kernels applied to its coverage.
        var rng = SplitMix64(11)
        let surface = try Surface(width: 40, height: 30)
        for y in 0..<30 { for x in 0..<40 { surface.row32(y)[x] = rng.premultiplied() } }
        let before = surface.copy()
        let poly = Polygon([[RasterPoint(3.2, 1.7), RasterPoint(37.9, 9.1), RasterPoint(20.3, 28.6), RasterPoint(1.1, 20.4)]])
        let color = PremultipliedRGBA8(r: 120, g: 40, b: 7, a: 153)
        var blitter = Blitter(surface: surface, paint: .solid(color), alpha: 200, scratch: ScanlineScratch())
        PolygonRasterizer().fill(poly, rule: .nonZero, clip: PixelRect(surface), into: &blitter)
        let cov = try coverageMask(poly, width: 40, height: 30)
        let c = ReferenceKernels.scale(color.packed, 200)
        for y in 0..<30 {
            for x in 0..<40 {
                let want = ReferenceKernels.over(ReferenceKernels.scale(c, UInt32(cov[x, y])), before.row32(y)[x])
                #expect(surface.row32(y)[x] == want, "(\(x), \(y))")
            }
        }
    }

    @Test func shaderPaintMatchesSolidPaint() throws {
        // SolidShader through the shader path gives the same bytes as the solid fast path
        // (both round identically), in source-over and with a float-path mode.
        for mode in [BlendMode.normal, .multiply] {
            let a = try Surface(width: 30, height: 30), b = try Surface(width: 30, height: 30)
            a.fill(PremultipliedRGBA8(r: 10, g: 90, b: 200, a: 255)); b.fill(PremultipliedRGBA8(r: 10, g: 90, b: 200, a: 255))
            let color = PremultipliedRGBA8(r: 200, g: 100, b: 0, a: 220)
            let rr = RoundedRect(x0: 2.5, y0: 3.25, x1: 27.5, y1: 26, radius: 7)
            var ba = Blitter(surface: a, paint: .solid(color), mode: mode, alpha: 255, scratch: ScanlineScratch())
            var bb = Blitter(surface: b, paint: .shader(SolidShader(color)), mode: mode, alpha: 255, scratch: ScanlineScratch())
            AnalyticCoverage.fillRoundedRect(rr, clip: PixelRect(a), into: &ba)
            AnalyticCoverage.fillRoundedRect(rr, clip: PixelRect(b), into: &bb)
            #expect(maxDifference(a.bytes(), b.bytes()) <= (mode == .normal ? 0 : 1))
        }
    }
}

@Suite struct MaskedCompositingTests {
    @Test func maskedCompositeUsesMaskAsCoverage() throws {
        let src = try Surface(width: 8, height: 8)
        src.fill(PremultipliedRGBA8(r: 200, g: 0, b: 0, a: 200))
        let mask = try AlphaMask(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { mask[x, y] = UInt8(x * 85) } }
        let dst = try Surface(width: 8, height: 8)
        dst.fill(PremultipliedRGBA8(r: 0, g: 0, b: 100, a: 255))
        let before = dst.copy()
        dst.composite(src, dx: 0, dy: 0, alpha: 255, mask: mask, maskX: 2, maskY: 3)
        for y in 0..<8 {
            for x in 0..<8 {
                let inMask = x >= 2 && x < 6 && y >= 3 && y < 7
                let m = inMask ? UInt32(mask[x - 2, y - 3]) : 0
                let want = m == 0 ? before.row32(y)[x]
                    : ReferenceKernels.over(ReferenceKernels.scale(src.row32(y - 0)[x], m), before.row32(y)[x])
                #expect(dst.row32(y)[x] == want, "(\(x), \(y))")
            }
        }
        // Unbounded mode through the mask: outside the mask nothing changes.
        let d2 = before.copy()
        d2.composite(src, dx: 0, dy: 0, mode: .copy, mask: mask, maskX: 2, maskY: 3)
        #expect(d2[0, 0] == before[0, 0] && d2[5, 4] == src[5, 4] && d2[2, 4] == before[2, 4])
    }

    @Test func blitterDropsSpansOutsideTheSurface() throws {
        // A clip rect larger than the surface must not write out of bounds.
        let s = try Surface(width: 10, height: 6)
        var b = Blitter(surface: s, paint: .solid(PremultipliedRGBA8(r: 9, g: 9, b: 9, a: 255)), scratch: ScanlineScratch(width: 4))
        PolygonRasterizer().fill(.rect(x0: -20, y0: -20, x1: 40, y1: 40), rule: .nonZero,
                                 clip: PixelRect(x0: -50, y0: -50, x1: 100, y1: 100), into: &b)
        #expect(s.bytes().allSatisfy { $0 == 9 || $0 == 255 })
        let fullMask = try AlphaMask(width: 100, height: 100)
        fullMask.fill(255)
        s.clear()
        var mb = MaskClipSink(base: b, mask: fullMask, originX: -30, originY: -30,
                              scratch: ScanlineScratch(width: 3)) // smaller than the spans: sent in pieces
        AnalyticCoverage.fillRect(x0: -5, y0: -5, x1: 50, y1: 50, clip: PixelRect(x0: -50, y0: -50, x1: 100, y1: 100), into: &mb)
        PolygonRasterizer().fill(.rect(x0: -5, y0: 2.5, x1: 50, y1: 3), rule: .nonZero, clip: PixelRect(s), into: &mb)
        #expect(s.bytes().allSatisfy { $0 == 9 || $0 == 255 })
    }
}

@Suite struct BlitterModeTests {
    @Test func clearAndCopyRects() throws {
        let s = try Surface(width: 8, height: 4)
        s.fill(PremultipliedRGBA8(r: 100, g: 50, b: 20, a: 200))
        var clear = Blitter(surface: s, paint: .solid(PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)), mode: .clear,
                            scratch: ScanlineScratch())
        AnalyticCoverage.fillRect(x0: 1.5, y0: 0, x1: 4, y1: 4, clip: PixelRect(s), into: &clear)
        #expect(s[2, 1] == .transparent && s[3, 3] == .transparent && s[0, 0].a == 200 && s[4, 0].a == 200)
        #expect(s[1, 1] == PremultipliedRGBA8(r: 50, g: 25, b: 10, a: 100)) // half coverage: halfway to clear
        let red = PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128)
        var copy = Blitter(surface: s, paint: .solid(red), mode: .copy, scratch: ScanlineScratch())
        AnalyticCoverage.fillRect(x0: 5, y0: 1, x1: 8, y1: 3, clip: PixelRect(s), into: &copy)
        #expect(s[5, 1] == red && s[7, 2] == red && s[5, 0].a == 200 && s[5, 3].a == 200)
        // Global alpha scales the copied colour.
        var half = Blitter(surface: s, paint: .shader(SolidShader(red)), mode: .copy, alpha: 128, scratch: ScanlineScratch())
        AnalyticCoverage.fillRect(x0: 0, y0: 3, x1: 1, y1: 4, clip: PixelRect(s), into: &half)
        #expect(s[0, 3] == PremultipliedRGBA8(r: 64, g: 0, b: 0, a: 64))
    }
}

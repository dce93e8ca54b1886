import Foundation
import Testing
import CLaminaKernels
@testable import LaminaRaster
import _LaminaTestSupport

@Suite struct BlurShadowTests {
    /// max |analytic − blurred box mask| in levels over the analytic bounds.
    func rectVersusBlurredMask(sigma: Double, method: GaussianBlur.Method? = nil) throws -> Int {
        let src = BlurGaussianTests.mask(96, 72) { x, y in x >= 20 && x < 60 && y >= 16 && y < 40 }
        let blurred = try GaussianBlur.blurred(src, sigma: sigma, method: method)
        let m = GaussianBlur.margin(sigma: sigma)
        let shape = BlurredRoundedRect(x0: 20, y0: 16, x1: 60, y1: 40, cornerRadius: 0, sigma: sigma)
        let mask = try #require(shape.makeMask())
        var worst = 0
        for j in 0..<mask.height {
            for i in 0..<mask.width {
                let x = shape.boundsX + i, y = shape.boundsY + j
                let ref = Int(blurred[x + m, y + m])
                worst = max(worst, abs(Int(mask[i, j]) - ref))
                #expect(abs(shape.coverage(x: x, y: y) * 255 - Double(mask[i, j])) <= 0.51)
            }
        }
        return worst
    }

    @Test func analyticRectMatchesABlurredBoxMask() throws {
        // Against the exact-kernel blur (the faithful discrete Gaussian): ≤ 3/255 (measured ≤ 1).
        for s in [0.6, 1.5, 3, 5] { #expect(try rectVersusBlurredMask(sigma: s, method: .exactKernel) <= 3, "σ = \(s)") }
        // Against the three-box approximation the blur itself is off by up to ~3 levels per axis.
        #expect(try rectVersusBlurredMask(sigma: 5) <= 4)
    }

    /// Brute force: integrate the Gaussian over the rounded rect on a 1/8-px grid of cells,
    /// each cell's weight integrated exactly per axis.
    func bruteForce(x: Int, y: Int, x0: Double, y0: Double, x1: Double, y1: Double, r: Double, sigma: Double) -> Double {
        let cx = Double(x) + 0.5, cy = Double(y) + 0.5, h = 0.125
        func inside(_ u: Double, _ v: Double) -> Bool {
            guard u >= x0, u <= x1, v >= y0, v <= y1 else { return false }
            let qx = max(x0 + r - u, u - (x1 - r), 0), qy = max(y0 + r - v, v - (y1 - r), 0)
            return qx * qx + qy * qy <= r * r
        }
        func weights(_ c: Double, _ lo: Double, _ hi: Double) -> [(Double, Double)] {
            let a = max(lo, c - 4 * sigma), b = min(hi, c + 4 * sigma)
            guard b > a else { return [] }
            var out: [(Double, Double)] = []
            var u = (a / h).rounded(.down) * h
            while u < b {
                out.append((u + h / 2, NormalCDF.exact((u + h - c) / sigma) - NormalCDF.exact((u - c) / sigma)))
                u += h
            }
            return out
        }
        var sum = 0.0
        let wy = weights(cy, y0, y1), wx = weights(cx, x0, x1)
        for (v, gv) in wy { for (u, gu) in wx where inside(u, v) { sum += gu * gv } }
        return sum
    }

    @Test(arguments: [(12.0, 3.0), (12.0, 5.0), (6.0, 1.0), (20.0, 0.6)])
    func analyticRoundedRectMatchesBruteForce(radius: Double, sigma: Double) throws {
        let (x0, y0, x1, y1, r, s) = (20.0, 14.0, 90.0, 60.0, radius, sigma)
        let shape = BlurredRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, cornerRadius: r, sigma: s)
        let mask = try #require(shape.makeMask())
        var worst = 0.0
        // Pixels around the top-left and bottom-right corners, where the arcs matter.
        let points = stride(from: 10, to: 40, by: 3).flatMap { x in stride(from: 6, to: 34, by: 3).map { (x, $0) } }
            + stride(from: 72, to: 100, by: 4).flatMap { x in stride(from: 44, to: 70, by: 4).map { (x, $0) } }
        for (x, y) in points {
            let ref = bruteForce(x: x, y: y, x0: x0, y0: y0, x1: x1, y1: y1, r: r, sigma: s)
            worst = max(worst, abs(shape.coverage(x: x, y: y) - ref) * 255)
            let i = x - shape.boundsX, j = y - shape.boundsY
            let inMask = i >= 0 && j >= 0 && i < mask.width && j < mask.height
            #expect(abs(Double(inMask ? mask[i, j] : 0) - ref * 255) <= 2, "(\(x), \(y))")
        }
        print("rounded rect r \(r) σ \(s): worst \(worst)")
        #expect(worst <= 1.5)
    }

    @Test func zeroRadiusIsTheRectAndRadiusIsClamped() {
        let rect = BlurredRoundedRect(x0: 10, y0: 10, x1: 30, y1: 20, cornerRadius: 0, sigma: 2)
        let big = BlurredRoundedRect(x0: 10, y0: 10, x1: 30, y1: 20, cornerRadius: 50, sigma: 2)
        #expect(big.radius == 5)
        let rounded = BlurredRoundedRect(x0: 10, y0: 10, x1: 30, y1: 20, cornerRadius: 5, sigma: 2)
        // A corner pixel is darker when rounded; the middle of an edge is the same.
        #expect(rounded.coverage(x: 10, y: 10) < rect.coverage(x: 10, y: 10) - 0.05)
        #expect(abs(rounded.coverage(x: 20, y: 9) - rect.coverage(x: 20, y: 9)) < 0.02)
        #expect(abs(big.coverage(x: 12, y: 12) - rounded.coverage(x: 12, y: 12)) < 1e-6)
    }

    @Test func sharpShadowIsAreaCoverage() {
        for sigma in [0.0, -3, .nan] {
            let s = BlurredRoundedRect(x0: 2.5, y0: 3, x1: 6, y1: 7.25, cornerRadius: 0, sigma: sigma)
            #expect(abs(s.coverage(x: 2, y: 4) - 0.5) < 1e-6)
            #expect(abs(s.coverage(x: 4, y: 7) - 0.25) < 1e-6)
            #expect(s.coverage(x: 4, y: 4) == 1 && s.coverage(x: 1, y: 4) == 0)
        }
    }

    @Test func shadersPaintColourTimesCoverage() throws {
        let shape = BlurredRoundedRect(x0: 8, y0: 6, x1: 40, y1: 30, cornerRadius: 6, sigma: 2.5)
        let black50 = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128).packed
        let direct = shape.shader(color: black50)
        let mask = try #require(shape.makeMask())
        let viaMask = MaskColorShader(mask: mask, originX: shape.boundsX, originY: shape.boundsY, color: black50)
        for y in [0, 3, 6, 18, 31, 40] {
            let a = PaintTestSupport.span(direct, x: 0, y: y, count: 50)
            let b = PaintTestSupport.span(viaMask, x: 0, y: y, count: 50)
            for x in 0..<50 {
                let expected = shape.coverage(x: x, y: y) * 128
                #expect(abs(Double(a[x] >> 24) - expected) <= 1 && abs(Double(b[x] >> 24) - expected) <= 1, "(\(x), \(y))")
                #expect(a[x] & 0x00FF_FFFF == 0)
            }
        }
        #expect(PaintTestSupport.span(direct, x: 0, y: 60, count: 8).allSatisfy { $0 == 0 })
        let white = MaskColorShader(mask: mask, originX: 0, originY: 0, color: 0xFFFF_FFFF)
        let full = PaintTestSupport.span(white, x: 16 - shape.boundsX, y: 18 - shape.boundsY, count: 1)[0]
        #expect(full == 0xFFFF_FFFF)
    }

    @Test func tintedMaskDrawsUnderATransform() throws {
        let shape = BlurredRoundedRect(x0: 4, y0: 4, x1: 28, y1: 20, cornerRadius: 5, sigma: 2)
        let mask = try #require(shape.makeMask())
        let black50 = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128).packed
        let tinted = try MaskColorShader.tinted(mask, color: black50)
        let direct = MaskColorShader(mask: mask, originX: 0, originY: 0, color: black50)
        for y in 0..<mask.height {
            #expect((0..<mask.width).map { tinted.row32(y)[$0] } == PaintTestSupport.span(direct, x: 0, y: y, count: mask.width))
        }
        // Drawn scaled by 2 through the image shader: pixel (2i + 1, 2j + 1)'s centre samples
        // between texels, close to the mask's own value around (i + 0.5, j + 0.5).
        let s = ImageShader(image: SampledImage(tinted), inverse: PaintAffine.scale(0.5, 0.5), filter: .bilinear, edge: .transparent)
        let i = 10 - shape.boundsX, j = 12 - shape.boundsY
        let got = Int(PaintTestSupport.span(s, x: 2 * i + 1, y: 2 * j + 1, count: 1)[0] >> 24)
        #expect(abs(got - Int(tinted[i, j].a)) <= 2)
    }

    @Test func emptyOrBadShapesHaveNoCoverage() {
        for s in [BlurredRoundedRect(x0: .nan, y0: 0, x1: 10, y1: 10, cornerRadius: 2, sigma: 2),
                  BlurredRoundedRect(x0: 10, y0: 0, x1: 5, y1: 10, cornerRadius: 2, sigma: 2),
                  BlurredRoundedRect(x0: 0, y0: 0, x1: .infinity, y1: 10, cornerRadius: 2, sigma: 2)] {
            #expect(s.boundsWidth == 0 && s.makeMask() == nil && s.coverage(x: 3, y: 3) == 0)
            #expect(PaintTestSupport.span(s.shader(color: 0xFF00_0000), x: 0, y: 3, count: 5).allSatisfy { $0 == 0 })
        }
        let nanRadius = BlurredRoundedRect(x0: 0, y0: 0, x1: 10, y1: 10, cornerRadius: .nan, sigma: 1)
        #expect(nanRadius.radius == 0)
        // Huge shapes: tables are bounded by the clip, coverage outside it reads 0.
        let huge = BlurredRoundedRect(x0: -5e6, y0: -5e6, x1: 5e6, y1: 5e6, cornerRadius: 4e6, sigma: 0.3,
                                      clip: PixelRect(x0: 0, y0: 0, x1: 64, y1: 48))
        #expect(huge.boundsWidth == 64 && huge.boundsHeight == 48 && huge.coverage(x: 10, y: 10) == 1)
        #expect(huge.coverage(x: -1, y: 10) == 0)
        let offClip = BlurredRoundedRect(x0: 500, y0: 500, x1: 600, y1: 600, cornerRadius: 5, sigma: 2,
                                         clip: PixelRect(x0: 0, y0: 0, x1: 64, y1: 48))
        #expect(offClip.boundsWidth == 0 && offClip.makeMask() == nil)
        // Clipping does not change the coverage inside the clip.
        let a = BlurredRoundedRect(x0: 10, y0: 10, x1: 50, y1: 40, cornerRadius: 8, sigma: 2)
        let b = BlurredRoundedRect(x0: 10, y0: 10, x1: 50, y1: 40, cornerRadius: 8, sigma: 2, clip: PixelRect(x0: 5, y0: 5, x1: 20, y1: 20))
        #expect(abs(a.coverage(x: 12, y: 12) - b.coverage(x: 12, y: 12)) < 1e-6 && b.coverage(x: 30, y: 30) == 0)
    }

    @Test func writeShadowImageForInspection() throws {
        // Writes only when LAMINA_PAINT_DUMP is set: an S3-like shadow (σ 5, offset (0, 3),
        // 50% black) under an opaque rect, and a rounded one, composited by hand.
        let w = 128, h = 96
        var px = [UInt8](repeating: 255, count: w * h * 4)
        func over(_ x: Int, _ y: Int, _ c: UInt32) {
            let i = 4 * (y * w + x), a = Int(c >> 24)
            for ch in 0..<4 { px[i + ch] = UInt8(Int((c >> (8 * UInt32(ch))) & 0xFF) + Int(px[i + ch]) * (255 - a) / 255) }
        }
        let shadows = [BlurredRoundedRect(x0: 8, y0: 11, x1: 58, y1: 49, cornerRadius: 0, sigma: 5),
                       BlurredRoundedRect(x0: 70, y0: 23, x1: 120, y1: 83, cornerRadius: 14, sigma: 5)]
        for s in shadows {
            let sh = s.shader(color: PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128).packed)
            for y in 0..<h { for (x, c) in PaintTestSupport.span(sh, x: 0, y: y, count: w).enumerated() { over(x, y, c) } }
        }
        for y in 8..<46 { for x in 8..<58 { over(x, y, 0xFF30_60E0) } }
        let card = BlurredRoundedRect(x0: 70, y0: 20, x1: 120, y1: 80, cornerRadius: 14, sigma: 0)
        for y in 0..<h { for x in 0..<w {
            let a = UInt32(card.coverage(x: x, y: y) * 255 + 0.5)
            if a > 0 { over(x, y, a << 24 | (a * 0xE0 / 255) << 16 | (a * 0x90 / 255) << 8 | (a * 0x30 / 255)) }
        } }
        #expect(px[4 * (60 * w + 30) + 3] == 255)
        #expect(px[4 * (48 * w + 30)] < 200) // shadow visible under the first rect
        PaintTestSupport.dump("shadow", width: w, height: h, rgbaPremultiplied: px)
    }
}

/// The AVX2 row of a blurred rect's shadow shader (`lamina_avx2_shadow_color_row`, rows
/// without corner arcs) against the Swift definition: `weights` then `MaskColorShader.scale`.
@Suite struct ShadowRowKernelTests {
    @Test func kernelRowsEqualTheSwiftDefinition() throws {
        guard lamina_kernels_have_avx2() != 0 else { return } // shadeStraightRow is the AVX2 kernel
        var rng = SplitMix64(31)
        var straightRows = 0
        for round in 0..<300 {
            let x0 = rng.uniform() * 60 - 10, y0 = rng.uniform() * 40 - 10
            let w = [0.3, 5, 40, 150][round % 4] * (0.5 + rng.uniform()), h = 1 + rng.uniform() * 60
            let radius = round % 3 == 0 ? 0 : rng.uniform() * 20
            let sigma = [0.2, 1, 5, 12][Int(rng.next() % 4)] * (0.5 + rng.uniform())
            let shape = BlurredRoundedRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, cornerRadius: radius, sigma: sigma)
            let color = PremultipliedRGBA8(packed: rng.premultiplied()).packed
            let width = shape.boundsWidth
            guard width > 0 else { continue }
            var fast = [UInt32](repeating: 0, count: width), slow = [UInt32](repeating: 0, count: width)
            for j in 0..<shape.boundsHeight {
                let i = Int(rng.next() % UInt64(width)), n = width - i
                let straight = fast.withUnsafeMutableBufferPointer {
                    shape.shadeStraightRow(j, from: i, count: n, color: color, into: $0.baseAddress!)
                }
                guard straight else { continue }
                straightRows += 1
                slow.withUnsafeMutableBufferPointer { shape.weights(row: j, from: i, count: n, into: $0.baseAddress!) }
                for k in 0..<n { slow[k] = MaskColorShader.scale(color, slow[k]) }
                #expect(Array(fast[..<n]) == Array(slow[..<n]), "round \(round) row \(j)")
            }
        }
        #expect(straightRows > 1000)
    }
}

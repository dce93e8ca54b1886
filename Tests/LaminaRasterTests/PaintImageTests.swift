import Foundation
import Testing
@testable import LaminaRaster

@Suite struct PaintImageTests {
    typealias T = PaintTestSupport

    /// A deterministic premultiplied image with varied alpha.
    static func image(_ w: Int, _ h: Int, opaque: Bool = false) -> Surface {
        let s = try! Surface(width: w, height: h) // small fixed sizes
        var state: UInt32 = 12345
        for y in 0..<h {
            for x in 0..<w {
                state = state &* 1_664_525 &+ 1_013_904_223
                let a = opaque ? 255 : UInt8(truncatingIfNeeded: state >> 24) | 1
                let f = Double(a) / 255
                s[x, y] = PremultipliedRGBA8(r: UInt8(Double(UInt8(truncatingIfNeeded: state >> 8)) * f),
                                             g: UInt8(Double(UInt8(truncatingIfNeeded: state >> 16)) * f),
                                             b: UInt8(Double(x * 7 % 256) * f), a: a)
            }
        }
        return s
    }

    func render<S: SpanShader>(_ s: S, _ w: Int, _ h: Int) -> [UInt32] {
        (0..<h).flatMap { T.span(s, x: 0, y: $0, count: w) }
    }

    func words(_ s: Surface) -> [UInt32] {
        (0..<s.height).flatMap { y in (0..<s.width).map { s.row32(y)[$0] } }
    }

    @Test func identityReproducesTheImageExactly() {
        let img = Self.image(37, 29)
        let sampled = SampledImage(img)
        for filter in [ImageFilter.nearest, .bilinear, .trilinear] {
            let s = ImageShader(image: sampled, inverse: PaintAffine.identity, filter: filter)
            #expect(render(s, 37, 29) == words(img), "\(filter)")
        }
        // The same through the projective (per-pixel divide) path: w = 2 everywhere, scaled.
        let p = PaintProjective(m00: 2, m01: 0, m02: 0, m10: 0, m11: 2, m12: 0, m20: 0, m21: 0.0, m22: 2)
        #expect(render(ImageShader(image: sampled, inverse: p, filter: .nearest), 37, 29) == words(img))
    }

    @Test func bilinearHalfwayAveragesNeighbours() {
        let img = try! Surface(width: 2, height: 1)
        img[0, 0] = PremultipliedRGBA8(r: 200, g: 10, b: 0, a: 255)
        img[1, 0] = PremultipliedRGBA8(r: 0, g: 100, b: 51, a: 101)
        // Pixel 0's centre (0.5) maps to source u = 1.0: halfway between texel centres 0.5 and 1.5.
        let s = ImageShader(image: SampledImage(img), inverse: PaintAffine.translation(0.5, 0), filter: .bilinear)
        #expect(T.pixel(s, 0, 0) == PremultipliedRGBA8(r: 100, g: 55, b: 26, a: 178))
        // A quarter of the way: 3/4·a + 1/4·b.
        let q = ImageShader(image: SampledImage(img), inverse: PaintAffine.translation(0.25, 0), filter: .bilinear)
        #expect(T.pixel(q, 0, 0) == PremultipliedRGBA8(r: 150, g: 33, b: 13, a: 217)) // 216.5 rounds up
    }

    @Test func trilinearTwoTimesDownscaleEqualsTheMipLevel() {
        let img = Self.image(64, 48)
        let sampled = SampledImage(img, mipmapped: true)
        #expect(sampled.levels.map(\.width) == [64, 32, 16, 8, 4, 2, 1])
        let s = ImageShader(image: sampled, inverse: PaintAffine.scale(2, 2), filter: .trilinear)
        #expect(render(s, 32, 24) == words(sampled.levels[1]))
        let s4 = ImageShader(image: sampled, inverse: PaintAffine.scale(4, 4), filter: .trilinear)
        #expect(render(s4, 16, 12) == words(sampled.levels[2]))
        // Between levels (scale 2.8, λ ≈ 1.49) the result lies between the two levels' samples.
        let mid = ImageShader(image: sampled, inverse: PaintAffine.scale(2.8, 2.8), filter: .trilinear)
        let b1 = ImageShader(image: SampledImage(sampled.levels[1]), inverse: PaintAffine.scale(1.4, 1.4), filter: .bilinear)
        let out = render(mid, 20, 15), ref = render(b1, 20, 15)
        #expect(zip(out, ref).contains { $0 != $1 })
    }

    @Test func mipChainHalvesOddSizesRoundingUp() throws {
        let sampled = SampledImage(Self.image(37, 29), mipmapped: true)
        #expect(sampled.levels.map { [$0.width, $0.height] } == [[37, 29], [19, 15], [10, 8], [5, 4], [3, 2], [2, 1], [1, 1]])
        // Level 1 pixel (0,0) is the rounded mean of the 2x2 block.
        let l0 = sampled.levels[0], l1 = sampled.levels[1]
        let sum = Int(l0[0, 0].a) + Int(l0[1, 0].a) + Int(l0[0, 1].a) + Int(l0[1, 1].a)
        #expect(Int(l1[0, 0].a) == (sum + 2) / 4)
        // The last column of an odd level pairs the edge pixel with itself.
        let sumEdge = 2 * Int(l0[36, 0].a) + 2 * Int(l0[36, 1].a)
        #expect(Int(l1[18, 0].a) == (sumEdge + 2) / 4)
    }

    static func checker(_ x: Int, _ y: Int) -> PremultipliedRGBA8 {
        ((x >> 3) + (y >> 3)) & 1 == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : PremultipliedRGBA8(r: 20, g: 0, b: 90, a: 255)
    }

    @Test func projectiveCheckerboardMatchesTheHomography() throws {
        let img = try Surface(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { img[x, y] = Self.checker(x, y) } }
        // S2-style: image rotated about its vertical axis by 40°, perspective distance 300, placed at (64, 64).
        let t = 40.0 * .pi / 180, d = 300.0, cx = 64.0, cy = 64.0, half = 32.0
        let c = cos(t), s = sin(t), a = c + cx * s / d
        let h = PaintProjective(m00: a, m01: 0, m02: cx - half * a,
                                m10: cy * s / d, m11: 1, m12: cy - half - half * cy * s / d,
                                m20: s / d, m21: 0, m22: 1 - half * s / d)
        let inv = try #require(h.inverted())
        let shader = ImageShader(image: SampledImage(img), inverse: inv, filter: .nearest, edge: .transparent)
        var checked = 0
        for py in stride(from: 30, to: 100, by: 7) {
            for px in stride(from: 30, to: 100, by: 5) {
                let x = Double(px) + 0.5, y = Double(py) + 0.5
                // Solve H·(u, v, 1) ∝ (x, y, 1) by Cramer's rule (independent of `inverted`).
                let a11 = h.m00 - x * h.m20, a12 = h.m01 - x * h.m21, b1 = x * h.m22 - h.m02
                let a21 = h.m10 - y * h.m20, a22 = h.m11 - y * h.m21, b2 = y * h.m22 - h.m12
                let det = a11 * a22 - a12 * a21
                let u = (b1 * a22 - a12 * b2) / det, v = (a11 * b2 - b1 * a21) / det
                let got = T.pixel(shader, px, py)
                if u < 0 || v < 0 || u >= 64 || v >= 64 {
                    if u < -0.01 || v < -0.01 || u > 64.01 || v > 64.01 { #expect(got == .transparent, "(\(px), \(py))") }
                    continue
                }
                // Skip points within 0.01 texel of a texel edge (rounding may go either way).
                let fu = u - u.rounded(.down), fv = v - v.rounded(.down)
                guard fu > 0.01, fu < 0.99, fv > 0.01, fv < 0.99 else { continue }
                #expect(got == Self.checker(Int(u), Int(v)), "(\(px), \(py)) → (\(u), \(v))")
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func edgeModesAtTheBorders() {
        let img = try! Surface(width: 4, height: 4)
        for y in 0..<4 { for x in 0..<4 { img[x, y] = PremultipliedRGBA8(r: UInt8(x * 60), g: UInt8(y * 60), b: 0, a: 255) } }
        let sampled = SampledImage(img)
        // Destination pixel x maps to source u = x + 0.5 − 2: pixel 0 → texel −2, pixel 7 → texel 5.
        let shift = PaintAffine.translation(-2, 0)
        let clamp = T.span(ImageShader(image: sampled, inverse: shift, filter: .nearest, edge: .clamp), x: 0, y: 1, count: 8)
        let wrap = T.span(ImageShader(image: sampled, inverse: shift, filter: .nearest, edge: .repeat), x: 0, y: 1, count: 8)
        let clear = T.span(ImageShader(image: sampled, inverse: shift, filter: .nearest, edge: .transparent), x: 0, y: 1, count: 8)
        let row = (0..<4).map { img.row32(1)[$0] }
        #expect(clamp == [row[0], row[0], row[0], row[1], row[2], row[3], row[3], row[3]])
        #expect(wrap == [row[2], row[3], row[0], row[1], row[2], row[3], row[0], row[1]])
        #expect(clear == [0, 0, row[0], row[1], row[2], row[3], 0, 0])
        // Bilinear repeat at the seam blends the last and first texels.
        let seam = ImageShader(image: sampled, inverse: PaintAffine.translation(3.5, 0), filter: .bilinear, edge: .repeat)
        #expect(T.pixel(seam, 0, 1).r == 90) // (180 + 0) / 2
    }

    @Test func transparentOutsideFadesHalfATexelAndNoFurther() {
        let img = try! Surface(width: 8, height: 8)
        img.fill(PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255))
        let s = ImageShader(image: SampledImage(img), inverse: PaintAffine.translation(-4, -4), filter: .bilinear, edge: .transparent)
        // Destination x = 4 is source u = 0.5 (the first texel's centre): fully inside.
        #expect(T.pixel(s, 4, 8) == PremultipliedRGBA8(r: 255, g: 128, b: 0, a: 255))
        #expect(T.pixel(s, 11, 8).a == 255)
        // Source u = 0.0 (destination pixel centre 4.0 is not a centre; use a 0.5 shift): half.
        let half = ImageShader(image: SampledImage(img), inverse: PaintAffine.translation(-4.5, -4), filter: .bilinear, edge: .transparent)
        #expect(T.pixel(half, 4, 8) == PremultipliedRGBA8(r: 128, g: 64, b: 0, a: 128))
        #expect(T.pixel(s, 2, 8) == .transparent && T.pixel(s, 13, 8) == .transparent && T.pixel(s, 8, 1) == .transparent)
        #expect(!s.isOpaque)
        let clampShader = ImageShader(image: SampledImage(img), inverse: PaintAffine.translation(-4, -4), filter: .bilinear, edge: .clamp)
        #expect(clampShader.isOpaque && T.pixel(clampShader, 0, 0).a == 255)
    }

    @Test func affineSteppingStaysAccurateFarFromTheOrigin() throws {
        // u = X/3 with repeat: at columns near 30000 the stepped coordinate must still pick
        // the texel floor(u) mod 128 (16.16 stepping would drift ~0.23 texel there).
        let img = try Surface(width: 128, height: 1)
        for x in 0..<128 { img[x, 0] = PremultipliedRGBA8(r: UInt8(x), g: 0, b: 0, a: 255) }
        let s = ImageShader(image: SampledImage(img), inverse: PaintAffine.scale(1.0 / 3, 1), filter: .nearest, edge: .repeat)
        var checked = 0
        for X in stride(from: 29_000, to: 32_000, by: 37) {
            let u = (Double(X) + 0.5) / 3
            let frac = u - u.rounded(.down)
            guard frac > 0.01, frac < 0.99 else { continue }
            #expect(Int(T.span(s, x: X, y: 0, count: 1)[0] & 0xFF) == Int(u) % 128, "X = \(X)")
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test func fastAffinePathEqualsThePerPixelPath() throws {
        // Spans crossing the border run the per-pixel edge code for the whole span; the same
        // pixels shaded in interior-only pieces take the fast path. Bytes must match.
        let sampled = SampledImage(Self.image(40, 40))
        let inv = try #require(PaintAffine(a: 0.9, b: 0.21, c: -0.17, d: 0.8, tx: -6.3, ty: 4.1).inverted())
        for edge in [ImageEdgeMode.clamp, .repeat, .transparent] {
            for filter in [ImageFilter.nearest, .bilinear] {
                let s = ImageShader(image: sampled, inverse: inv, filter: filter, edge: edge)
                for y in stride(from: 0, to: 60, by: 3) {
                    let whole = T.span(s, x: 0, y: y, count: 64)
                    var pieces: [UInt32] = []
                    for x in 0..<64 { pieces += T.span(s, x: x, y: y, count: 1) }
                    var chunks: [UInt32] = []
                    var x = 0
                    for n in [5, 11, 3, 17, 28] { chunks += T.span(s, x: x, y: y, count: n); x += n }
                    #expect(whole == pieces && whole == chunks, "\(edge) \(filter) row \(y)")
                }
            }
        }
    }

    @Test func projectiveFastPathEqualsThePerPixelPath() throws {
        // Whole spans crossing the image border take the per-pixel path; single pixels and
        // interior chunks take the interior fast path. Bytes must match.
        let sampled = SampledImage(Self.image(40, 40))
        let h = try #require(PaintProjective(rowMajor: [1.1, 0.2, 5, -0.1, 0.9, 8, 0.004, -0.002, 1]))
        let inv = try #require(h.inverted())
        for edge in [ImageEdgeMode.clamp, .repeat, .transparent] {
            let s = ImageShader(image: sampled, inverse: inv, filter: .bilinear, edge: edge)
            for y in stride(from: 0, to: 64, by: 3) {
                let whole = T.span(s, x: 0, y: y, count: 64)
                var pieces: [UInt32] = []
                for x in 0..<64 { pieces += T.span(s, x: x, y: y, count: 1) }
                var chunks: [UInt32] = []
                var x = 0
                for n in [5, 11, 3, 17, 28] { chunks += T.span(s, x: x, y: y, count: n); x += n }
                #expect(whole == pieces && whole == chunks, "\(edge) row \(y)")
            }
        }
    }

    @Test func fastLog2IsCloseEnoughForMipSelection() {
        var worst = 0.0
        for i in 1..<5000 {
            let x = Double(i) * 0.0137
            worst = max(worst, abs(TexelKernels.fastLog2(x) - log2(x)))
        }
        #expect(worst < 5e-5)
        #expect(TexelKernels.fastLog2(0) == 0 && TexelKernels.fastLog2(.nan) == 0 && TexelKernels.fastLog2(.infinity) == 1024)
    }

    @Test func projectiveTrilinearPicksCoarserLevelsWhereMinified() throws {
        // A strongly receding plane: far rows are heavily minified and must come from coarse
        // levels, so they approach the image mean instead of aliasing.
        let img = try Surface(width: 64, height: 64)
        for y in 0..<64 { for x in 0..<64 { img[x, y] = (x + y) & 1 == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255) } }
        let sampled = SampledImage(img, mipmapped: true)
        // Inverse map: (u, v) = (x, y) / w with w = 1 − 0.012·y, so minification grows as 1/w².
        let inv = PaintProjective(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0, m21: -0.012, m22: 1)
        let tri = ImageShader(image: sampled, inverse: inv, filter: .trilinear, edge: .repeat)
        let near = T.span(tri, x: 0, y: 2, count: 16).map { Int($0 & 0xFF) }
        let far = T.span(tri, x: 0, y: 75, count: 16).map { Int($0 & 0xFF) }
        #expect(near.contains { $0 > 200 } && near.contains { $0 < 55 })
        #expect(far.allSatisfy { abs($0 - 128) < 30 })
    }

    @Test func badMapsPaintNothingAndNeverCrash() throws {
        let sampled = SampledImage(Self.image(8, 8), mipmapped: true)
        let maps: [PaintProjective] = [
            PaintAffine(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).projective,
            PaintProjective(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0, m21: 0, m22: -1),
            PaintProjective(m00: 1, m01: 0, m02: .infinity, m10: 0, m11: 1, m12: 0, m20: 0, m21: 0, m22: 1),
        ]
        for m in maps {
            for f in [ImageFilter.nearest, .bilinear, .trilinear] {
                let s = ImageShader(image: sampled, inverse: m, filter: f)
                #expect(T.span(s, x: 0, y: 0, count: 9).allSatisfy { $0 == 0 } && !s.isOpaque)
            }
        }
        // Huge but finite coefficients and pixels behind the eye: no trap, defined output.
        let huge = PaintAffine(a: 1e30, b: -1e30, c: 3e29, d: 1e300, tx: -1e308, ty: 5).projective
        let behind = PaintProjective(m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: -0.1, m21: 0, m22: 1)
        for m in [huge, behind] {
            for f in [ImageFilter.nearest, .bilinear, .trilinear] {
                for e in [ImageEdgeMode.clamp, .repeat, .transparent] {
                    _ = T.span(ImageShader(image: sampled, inverse: m, filter: f, edge: e), x: 0, y: 3, count: 40)
                }
            }
        }
        #expect(T.span(ImageShader(image: sampled, inverse: behind), x: 20, y: 0, count: 4).allSatisfy { $0 == 0 })
        #expect(PaintAffine(a: 0, b: 0, c: 0, d: 0, tx: 1, ty: 1).inverted() == nil)
        #expect(PaintProjective(rowMajor: [1, 2, 3]) == nil)
    }

    @Test func projectiveInverseRoundTrips() throws {
        let h = try #require(PaintProjective(rowMajor: [1.2, 0.1, 30, -0.2, 0.9, 12, 0.001, -0.0004, 1]))
        let inv = try #require(h.inverted())
        for (x, y) in [(0.0, 0.0), (100.0, 50.0), (-20.0, 80.0)] {
            let p = try #require(h.apply(x, y))
            let q = try #require(inv.apply(p.x, p.y))
            #expect(abs(q.x - x) < 1e-9 && abs(q.y - y) < 1e-9)
        }
    }
}

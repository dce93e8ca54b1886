import Foundation
import Testing
@testable import LaminaRaster

@Suite struct BlurGaussianTests {
    static func mask(_ w: Int, _ h: Int, _ inside: (Int, Int) -> Bool) -> AlphaMask {
        let m = try! AlphaMask(width: w, height: h) // small fixed sizes
        for y in 0..<h { for x in 0..<w where inside(x, y) { m[x, y] = 255 } }
        return m
    }

    static func mass(_ m: AlphaMask) -> Int { m.bytes().reduce(0) { $0 + Int($1) } }

    @Test func methodPerSigmaAndBoxWidths() {
        #expect(GaussianBlur.method(forSigma: 0) == .identity)
        #expect(GaussianBlur.method(forSigma: 1.99) == .exactKernel)
        #expect(GaussianBlur.method(forSigma: 2) == .threeBox)
        #expect(GaussianBlur.method(forSigma: 8) == .threeBox)
        #expect(GaussianBlur.method(forSigma: 8.5) == .downsampled(factor: 2))
        #expect(GaussianBlur.method(forSigma: 40) == .downsampled(factor: 4))
        #expect(GaussianBlur.boxWidths(sigma: 5) == [9, 9, 11])
        // Three extended boxes have variance σ² (to 1e-9) and reach at most 1.5 px past 3σ.
        for s in [2.0, 2.9, 3.3, 5, 7.9, 20, 100] {
            let (r, alpha) = GaussianBlur.extendedBox(sigma: s)
            #expect(alpha >= 0 && alpha <= 1)
            #expect(abs(3 * GaussianBlur.variance(ofBoxRadius: r, alpha: alpha) - s * s) < 1e-9, "σ = \(s)")
            #expect(Double(3 * (r + 1)) <= 3 * s + 1.5)
        }
        // A plain box's variance is (w² − 1)/12.
        #expect(abs(GaussianBlur.variance(ofBoxRadius: 4, alpha: 0) - 80.0 / 12) < 1e-12)
        let k = GaussianBlur.kernel(sigma: 1.3)
        #expect(k.count == 2 * 4 + 1 && k.reduce(0, +) == 65536 && k == k.reversed())
    }

    @Test func massIsPreserved() throws {
        let blob = Self.mask(40, 30) { x, y in (x - 15) * (x - 15) + (y - 12) * (y - 12) < 80 || (x > 25 && y > 20) }
        let before = Self.mass(blob)
        for sigma in [0.7, 1.5, 3, 5, 12] {
            let out = try GaussianBlur.blurred(blob, sigma: sigma)
            #expect(out.width == 40 + 2 * GaussianBlur.margin(sigma: sigma))
            let ratio = Double(Self.mass(out)) / Double(before)
            #expect(abs(ratio - 1) < 0.005, "σ = \(sigma): mass ratio \(ratio)")
        }
        // Spread very thin (σ = 30 over a ~400 px blob: peak ≈ 18 levels), the 8-bit output
        // rounds the faint tails to 0: measured 1.3% lost, bounded at 2%.
        let thin = try GaussianBlur.blurred(blob, sigma: 30)
        #expect(abs(Double(Self.mass(thin)) / Double(before) - 1) < 0.02)
    }

    /// A vertical step edge (x < 50 covered) in a mask tall enough that the middle row feels no
    /// vertical falloff; returns max |out − 255·Φ(d/σ)| in levels along that row.
    func stepEdgeError(sigma: Double, method: GaussianBlur.Method?) throws -> Double {
        let src = Self.mask(100, 80) { x, _ in x < 50 }
        let out = try GaussianBlur.blurred(src, sigma: sigma, method: method)
        let m = GaussianBlur.margin(sigma: sigma)
        var worst = 0.0
        for x in 20..<80 {
            let d = 50 - (Double(x) + 0.5)
            let expected = 255 * NormalCDF.exact(d / sigma)
            worst = max(worst, abs(Double(out[x + m, 40 + m]) - expected))
        }
        return worst
    }

    @Test func stepEdgeMatchesPhi() throws {
        // Exact kernel: within 2/255 (measured ≤ 0.6).
        for s in [0.5, 1, 1.5, 1.9] { #expect(try stepEdgeError(sigma: s, method: nil) <= 2, "σ = \(s)") }
        // Three extended boxes: the documented 3/255.
        for s in [2.0, 2.5, 3.5, 5, 8] { #expect(try stepEdgeError(sigma: s, method: nil) <= 3, "σ = \(s)") }
        // Downsampled path (σ > 8): within 5/255 of the true Gaussian.
        #expect(try stepEdgeError(sigma: 10, method: nil) <= 5)
        // The exact kernel stays exact at larger sigma when forced.
        #expect(try stepEdgeError(sigma: 5, method: .exactKernel) <= 2)
    }

    @Test func impulseBlurIsSymmetric() throws {
        // A 3x3 block (so σ = 11 still leaves non-zero 8-bit values), centred.
        let imp = Self.mask(21, 21) { x, y in abs(x - 10) <= 1 && abs(y - 10) <= 1 }
        // Exact kernel and three boxes: exactly symmetric. The downsampled path (σ = 11) puts
        // its 2x2 blocks on a grid that an odd-sized canvas cannot mirror: within 1 level.
        for (sigma, tolerance) in [(1.2, 0), (4, 0), (11, 1)] {
            let out = try GaussianBlur.blurred(imp, sigma: sigma)
            let n = out.width
            #expect(out.height == n)
            var nonzero = 0, worst = 0
            for y in 0..<n {
                for x in 0..<n {
                    let v = Int(out[x, y])
                    if v > 0 { nonzero += 1 }
                    worst = max(worst, abs(v - Int(out[n - 1 - x, y])), abs(v - Int(out[x, n - 1 - y])), abs(v - Int(out[y, x])))
                }
            }
            #expect(worst <= tolerance, "σ = \(sigma)")
            #expect(nonzero > 1)
        }
    }

    @Test func sigmaZeroIsIdentityAndBadSigmaMeansNoBlur() throws {
        let src = Self.mask(9, 7) { x, y in (x + y) % 3 == 0 }
        for sigma in [0.0, -1, -.infinity, .nan] {
            let out = try GaussianBlur.blurred(src, sigma: sigma)
            #expect(out.width == 9 && out.height == 7 && out.bytes() == src.bytes(), "σ = \(sigma)")
        }
        #expect(GaussianBlur.sanitized(.infinity) == GaussianBlur.maxSigma)
        #expect(GaussianBlur.sanitized(1e9) == 256 && GaussianBlur.margin(sigma: 1e9) == 768)
        // A huge sigma on a tiny mask: clamped, bounded output, mass spread thin but kept.
        let dot = Self.mask(2, 2) { _, _ in true }
        let wide = try GaussianBlur.blurred(dot, sigma: .infinity)
        #expect(wide.width == 2 + 2 * 768)
    }

    @Test func inPlaceBlurLosesMassAtTheEdgesOnly() {
        let src = Self.mask(30, 30) { x, y in x < 4 || (x > 12 && x < 18 && y > 12 && y < 18) }
        let copy = Self.mask(30, 30) { x, y in x < 4 || (x > 12 && x < 18 && y > 12 && y < 18) }
        GaussianBlur.blurInPlace(src, sigma: 2.5)
        #expect(Self.mass(src) < Self.mass(copy))
        #expect(src[15, 15] < 255 && src[15, 15] > 100 && src[0, 15] < 255)
    }

    @Test func surfaceBlurKeepsPremultipliedInvariants() throws {
        let s = try Surface(width: 20, height: 16)
        for y in 4..<12 { for x in 5..<15 { s[x, y] = PremultipliedRGBA8(r: 200, g: 40, b: 10, a: 200) } }
        s[0, 0] = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
        for sigma in [1.0, 3, 9] {
            let out = try GaussianBlur.blurred(s, sigma: sigma)
            let m = GaussianBlur.margin(sigma: sigma)
            #expect(out.width == 20 + 2 * m)
            var alphaMass = 0
            for y in 0..<out.height {
                for x in 0..<out.width {
                    let p = out[x, y]
                    #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
                    alphaMass += Int(p.a)
                }
            }
            // 0.5% (exact kernel, boxes); σ = 9 spreads thin enough that 8-bit rounding of the
            // tails loses more (measured 0.6%): 1.5%.
            #expect(abs(Double(alphaMass) / Double(80 * 200 + 255) - 1) < (sigma > 8 ? 0.015 : 0.005), "σ = \(sigma)")
            // Where only the red square contributes, red tracks alpha (200/200 ratio).
            let centre = out[10 + m, 8 + m]
            #expect(abs(Int(centre.r) - Int(centre.a)) <= 1)
        }
    }

    @Test func downsampledPathStaysCloseToFullResolution() throws {
        let src = Self.mask(48, 40) { x, y in x > 10 && x < 38 && y > 8 && y < 30 }
        let full = try GaussianBlur.blurred(src, sigma: 10, method: .threeBox)
        let fast = try GaussianBlur.blurred(src, sigma: 10)
        #expect(full.width == fast.width)
        let worst = zip(full.bytes(), fast.bytes()).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 3)
    }

    @Test func normalCDFTableIsAccurate() {
        var worst = 0.0
        for i in -2000...2000 {
            let x = Double(i) / 211.3
            worst = max(worst, abs(NormalCDF.phi(x) - NormalCDF.exact(x)))
        }
        #expect(worst < 1e-6)
        #expect(NormalCDF.phi(.nan) == 0 && NormalCDF.phi(-.infinity) == 0 && NormalCDF.phi(.infinity) == 1)
    }

    @Test func boxPassesMatchANaiveReference() {
        // Horizontal and vertical extended-box passes vs the same fixed-point formula summed
        // naively, on planes narrower and wider than the window.
        var state: UInt32 = 99
        for (w, h) in [(3, 2), (10, 7), (37, 23)] {
            var plane = BlurPlane(width: w, height: h)
            for i in 0..<(w * h) { state = state &* 1_664_525 &+ 1_013_904_223; plane.values[i] = Int32(state >> 16) }
            for (r, alpha) in [(0, 0.0), (1, 0.25), (4, 0.8), (6, 0.5)] {
                let (inner, outer) = BlurPlane.Pass.boxWeights(r, alpha)
                func naive(_ get: (Int) -> Int, _ n: Int, _ i: Int) -> Int32 {
                    func at(_ j: Int) -> Int { j >= 0 && j < n ? get(j) : 0 }
                    var sum = 0
                    for j in (i - r)...(i + r) { sum += at(j) }
                    let edge = at(i - r - 1) + at(i + r + 1)
                    return Int32((sum * inner + edge * outer + (1 << 31)) >> 32)
                }
                var hOut = BlurPlane(width: w, height: h), vOut = BlurPlane(width: w, height: h)
                plane.horizontal(.box(radius: r, alpha: alpha), into: &hOut)
                plane.vertical(.box(radius: r, alpha: alpha), into: &vOut)
                for y in 0..<h {
                    for x in 0..<w {
                        #expect(hOut.values[y * w + x] == naive({ Int(plane.values[y * w + $0]) }, w, x))
                        #expect(vOut.values[y * w + x] == naive({ Int(plane.values[$0 * w + x]) }, h, y))
                    }
                }
            }
        }
    }
}

import CoreGraphics
@testable import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

/// The page border of a direct masked plane (ProjectedBorderShader.swift): the run of each row
/// it skips as 0 (`zeroRun`) holds only pixels the per-pixel definition makes 0, so `shade`
/// and the page's `UnderlayShader` give the bytes of shading every pixel.
@Suite struct ProjectedBorderShaderTests {
    /// Target pixels → bounds points of a `size` page turned `angle` about its left edge's
    /// vertical axis under m34 = −1/`eye`, `scale` pixels per point, its left edge at
    /// (`ox`, `oy`) pixels.
    static func pageInverse(size: CGSize, angle: Double, eye: Double, scale: Double, ox: Double, oy: Double) -> PaintProjective? {
        let k = sin(angle) / eye, c = cos(angle) * scale, cy = Double(size.height) / 2
        // x = (c·u + ox·w) / w, y = (scale·(v − cy) + oy·w) / w, w = 1 + k·u.
        let forward = PaintProjective(m00: c + ox * k, m01: 0, m02: ox,
                                      m10: oy * k, m11: scale, m12: -scale * cy + oy,
                                      m20: k, m21: 0, m22: 1)
        return forward.inverted()
    }

    /// A border of `width` points around `size`, amber.
    static func border(_ inverse: PaintProjective, size: CGSize, width: CGFloat) -> ProjectedBorderShader {
        ProjectedBorderShader(inverse: inverse, inner: CGRect(origin: .zero, size: size).insetBy(dx: width, dy: width),
                              color: PremultipliedRGBA8(r: 255, g: 217, b: 0, a: 255).packed)
    }

    /// Random page maps (turned either way, near and far eyes, minified and magnified) and
    /// random general homographies, random rows and spans: `shade` equals `shadeReference`,
    /// and every pixel of `zeroRun` is 0 in the reference.
    @Test func shadeMatchesTheReferenceAndTheRunIsZero() throws {
        var rng = SplitMix64(21_05)
        var runPixels = 0
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096), ref = UnsafeMutablePointer<UInt32>.allocate(capacity: 4096)
        defer { out.deallocate(); ref.deallocate() }
        for trial in 0..<400 {
            let size = CGSize(width: 50 + rng.uniform() * 1000, height: 50 + rng.uniform() * 1000)
            var inverse: PaintProjective?
            if trial % 4 == 3 {
                // A general homography: an affine part with a small random perspective row.
                let f = PaintProjective(m00: 0.2 + rng.uniform() * 2, m01: rng.uniform() - 0.5, m02: rng.uniform() * 400,
                                        m10: rng.uniform() - 0.5, m11: 0.2 + rng.uniform() * 2, m12: rng.uniform() * 400,
                                        m20: (rng.uniform() - 0.5) * 0.004, m21: (rng.uniform() - 0.5) * 0.004, m22: 1)
                inverse = f.inverted()
            } else {
                inverse = Self.pageInverse(size: size, angle: (rng.uniform() - 0.5) * 2.8, eye: 300 + rng.uniform() * 3000,
                                           scale: 0.3 + rng.uniform() * 3, ox: rng.uniform() * 800, oy: rng.uniform() * 400)
            }
            let shader = Self.border(try #require(inverse), size: size, width: 0.5 + rng.uniform() * 6)
            for _ in 0..<12 {
                let y = Int(rng.uniform() * 1400) - 100
                let x = Int(rng.uniform() * 1200) - 100, count = 1 + Int(rng.uniform() * 2000)
                shader.shade(y: y, x: x, count: count, into: out)
                shader.shadeReference(y: y, x: x, count: count, into: ref)
                let run = shader.zeroRun(y: y, x: x, count: count)
                #expect(run.isEmpty || (run.lowerBound >= x && run.upperBound <= x + count))
                for i in 0..<count where out[i] != ref[i] {
                    Issue.record("trial \(trial) row \(y) pixel \(x + i): \(out[i]) vs reference \(ref[i])")
                    break
                }
                for X in run where ref[X - x] != 0 {
                    Issue.record("trial \(trial) row \(y) pixel \(X) in the zero run is \(ref[X - x])")
                    break
                }
                runPixels += run.count
            }
        }
        // The runs are not trivially empty.
        #expect(runPixels > 500_000)
    }

    /// On a page like the fold's (960 × 1080 points at 1 px/pt, turned 0.25 rad), the run is
    /// all of each row's interior but the few pixels along the ring.
    @Test func theRunCoversThePageInterior() throws {
        let size = CGSize(width: 960, height: 1080)
        let inverse = try #require(Self.pageInverse(size: size, angle: 0.25, eye: 2000, scale: 0.9, ox: 960, oy: 540))
        let shader = Self.border(inverse, size: size, width: 2)
        let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: 1920)
        defer { ref.deallocate() }
        for y in stride(from: 100, to: 1000, by: 50) {
            shader.shadeReference(y: y, x: 0, count: 1920, into: ref)
            // The reference's zero pixels between its first and last non-zero ones (the ring).
            let nonZero = (0..<1920).filter { ref[$0] != 0 }
            let first = try #require(nonZero.first), last = try #require(nonZero.last)
            let zeros = (first...last).filter { ref[$0] == 0 }.count
            let run = shader.zeroRun(y: y, x: 0, count: 1920)
            #expect(run.count >= zeros - 8, "row \(y): run \(run) of \(zeros) zero pixels")
        }
    }

    /// The page's fill paint with a border layer skips the zero run when blending: the same
    /// bytes as shading and blending every layer over the whole span.
    @Test func underlayWithBorderMatchesCompositingEveryLayer() throws {
        let size = CGSize(width: 300, height: 400)
        let inverse = try #require(Self.pageInverse(size: size, angle: -0.6, eye: 800, scale: 1.3, ox: 200, oy: 300))
        let border = Self.border(inverse, size: size, width: 3)
        let paper = SolidShader(PremultipliedRGBA8(r: 250, g: 250, b: 245, a: 255))
        let ink = SolidShader(PremultipliedRGBA8(r: 0, g: 0, b: 100, a: 100))
        let underlay = UnderlayShader(layers: [paper, ink, border])
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 700), tmp = UnsafeMutablePointer<UInt32>.allocate(capacity: 700)
        let ref = UnsafeMutablePointer<UInt32>.allocate(capacity: 700)
        defer { out.deallocate(); tmp.deallocate(); ref.deallocate() }
        var skipped = 0
        for y in stride(from: 0, to: 700, by: 7) {
            for (x, count) in [(0, 700), (13, 400), (250, 1), (300, 77)] {
                underlay.shade(y: y, x: x, count: count, into: out)
                paper.shade(y: y, x: x, count: count, into: ref)
                for layer in [ink, border] as [any SpanShader] {
                    layer.shade(y: y, x: x, count: count, into: tmp)
                    PixelKernels.rowOver(ref, tmp, count: count, alpha: 255)
                }
                #expect((0..<count).allSatisfy { out[$0] == ref[$0] }, "row \(y) span \(x) + \(count)")
                skipped += border.zeroRun(y: y, x: x, count: count).count
            }
        }
        #expect(skipped > 10_000)
    }
}

import Foundation
import Testing
@testable import LaminaRaster

/// Release-mode timing sanity checks for S2-like and S3-like work (see the shared bench notes).
/// Off unless LAMINA_PAINT_PERF is set; prints milliseconds. Run with
/// `LAMINA_PAINT_PERF=1 swift test -c release --filter PaintPerformanceTests`.
/// The only assertions are that something was drawn: timing is never asserted.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["LAMINA_PAINT_PERF"] != nil))
struct PaintPerformanceTests {
    struct SplitMix64 {
        var s: UInt64
        mutating func next() -> UInt64 {
            s &+= 0x9E37_79B9_7F4A_7C15
            var z = s
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func uniform() -> Double { Double(next() >> 11) * 0x1p-53 }
        mutating func byte() -> Int { Int(uniform() * 256) }
    }

    func ms(_ body: () -> Void) -> Double {
        let t0 = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
    }

    @Test func s2PerspectiveBilinearShading() throws {
        let img = try Surface(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 {
            img[x, y] = PremultipliedRGBA8(r: UInt8(x), g: UInt8(y), b: ((x >> 5) + (y >> 5)) & 1 == 1 ? 255 : 64, a: 255)
        } }
        let sampled = SampledImage(img, mipmapped: true)
        var rng = SplitMix64(s: 1002)
        let d = 1000.0, W = 1920, H = 1080
        var quads: [(PaintProjective, PaintProjective)] = []
        var affineQuads: [(PaintProjective, PaintProjective)] = [] // S2a
        for _ in 0..<200 {
            let cx = rng.uniform() * Double(W), cy = rng.uniform() * Double(H)
            let theta = (rng.uniform() * 2 - 1) * 60 * .pi / 180
            let c = cos(theta), s = sin(theta), a = c + cx * s / d
            let h = PaintProjective(m00: a, m01: 0, m02: cx - 128 * a, m10: cy * s / d, m11: 1, m12: cy - 128 - 128 * cy * s / d,
                                    m20: s / d, m21: 0, m22: 1 - 128 * s / d)
            quads.append((h, try #require(h.inverted())))
            let ha = PaintProjective(m00: c, m01: 0, m02: cx - 128 * c, m10: 0, m11: 1, m12: cy - 128, m20: 0, m21: 0, m22: 1)
            affineQuads.append((ha, try #require(ha.inverted())))
        }
        var row = [UInt32](repeating: 0, count: W)
        // Baseline on this (shared, drifting) machine: a plain per-pixel loop of similar size.
        var sink: UInt32 = 0
        let base = ms {
            row.withUnsafeMutableBufferPointer { buf in
                for k in 0..<(10_000_000 / W) { for i in 0..<W { buf[i] = buf[i] &* 3 &+ UInt32(truncatingIfNeeded: i ^ k) }; sink &+= buf[k % W] }
            }
        }
        print("PERF baseline: 10M-pixel trivial loop \(String(format: "%.1f", base)) ms (sink \(sink))")
        for (label, set, filter) in [("S2 perspective", quads, ImageFilter.bilinear), ("S2 perspective", quads, .trilinear),
                                     ("S2a affine", affineQuads, .bilinear)] {
            var pixels = 0, checksum: UInt32 = 0
            var best = Double.infinity
            for _ in 0..<3 {
                pixels = 0; checksum = 0
                let t = ms {
                    for (h, inv) in set {
                        let shader = ImageShader(image: sampled, inverse: inv, filter: filter, edge: .clamp)
                        let corners = [(0.0, 0.0), (256.0, 0.0), (256.0, 256.0), (0.0, 256.0)].compactMap { h.apply($0.0, $0.1) }
                        let y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down))), y1 = min(H, Int(corners.map(\.y).max()!.rounded(.up)))
                        guard y1 > y0 else { continue }
                        row.withUnsafeMutableBufferPointer { buf in
                            for y in y0..<y1 {
                                // The quad's extent on this row's centre line.
                                let yc = Double(y) + 0.5
                                var lo = Double.infinity, hi = -Double.infinity
                                for k in 0..<4 {
                                    let p = corners[k], q = corners[(k + 1) % 4]
                                    if (p.y <= yc) != (q.y <= yc) {
                                        let x = p.x + (yc - p.y) / (q.y - p.y) * (q.x - p.x)
                                        lo = min(lo, x); hi = max(hi, x)
                                    }
                                }
                                guard lo.isFinite, hi.isFinite else { continue }
                                let x0 = max(0, Int(lo.rounded(.down))), x1 = min(W, Int(hi.rounded(.up)))
                                guard x1 > x0 else { continue }
                                shader.shade(y: y, x: x0, count: x1 - x0, into: buf.baseAddress!)
                                pixels += x1 - x0
                                checksum &+= buf[0]
                            }
                        }
                    }
                }
                best = min(best, t)
            }
            print("PERF \(label) \(filter) shading: \(String(format: "%.1f", best)) ms for \(pixels) px (\(String(format: "%.1f", Double(pixels) / best / 1000)) Mpx/s), checksum \(checksum)")
            #expect(pixels > 1_000_000)
        }
    }

    @Test func s3AnalyticShadows() {
        var rng = SplitMix64(s: 1003)
        var rects: [(Double, Double)] = []
        for _ in 0..<100 {
            let x = rng.uniform() * (1920 - 200), y = rng.uniform() * (1080 - 150)
            _ = (rng.byte(), rng.byte(), rng.byte())
            rects.append((x, y))
        }
        var row = [UInt32](repeating: 0, count: 1920)
        let color = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128).packed
        for radius in [0.0, 12.0] {
            var pixels = 0, best = Double.infinity, checksum: UInt32 = 0
            for _ in 0..<3 {
                pixels = 0
                let t = ms {
                    for (x, y) in rects {
                        let shape = BlurredRoundedRect(x0: x, y0: y + 3, x1: x + 200, y1: y + 153, cornerRadius: radius, sigma: 5)
                        let sh = shape.shader(color: color)
                        let x0 = max(0, shape.boundsX), x1 = min(1920, shape.boundsX + shape.boundsWidth)
                        row.withUnsafeMutableBufferPointer { buf in
                            for yy in max(0, shape.boundsY)..<min(1080, shape.boundsY + shape.boundsHeight) {
                                sh.shade(y: yy, x: x0, count: x1 - x0, into: buf.baseAddress!)
                                pixels += x1 - x0
                                checksum &+= buf[(x1 - x0) / 2]
                            }
                        }
                    }
                }
                best = min(best, t)
            }
            print("PERF S3-like analytic shadows r=\(radius): \(String(format: "%.1f", best)) ms for \(pixels) px, checksum \(checksum)")
            #expect(pixels > 100_000)
        }
        // The mask path (build once per shape, as a cached shadow would be).
        let maskTime = ms {
            for (x, y) in rects { _ = BlurredRoundedRect(x0: x, y0: y + 3, x1: x + 200, y1: y + 153, cornerRadius: 12, sigma: 5).makeMask() }
        }
        print("PERF S3-like rounded shadow masks (100 x makeMask): \(String(format: "%.1f", maskTime)) ms")
        // Full blur of one 200x150 alpha mask at sigma 5 (the arbitrary-alpha path), and sigma 20.
        let m = try! AlphaMask(width: 200, height: 150)
        m.fill(255)
        for s in [5.0, 20.0] {
            var out: AlphaMask? = nil
            let t = ms { for _ in 0..<10 { out = try? GaussianBlur.blurred(m, sigma: s) } }
            print("PERF blur of a 200x150 mask, sigma \(s): \(String(format: "%.2f", t / 10)) ms each")
            #expect(out != nil)
        }
    }
}

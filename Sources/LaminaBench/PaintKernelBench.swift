import Foundation
import LaminaRaster

/// `LaminaBench --kernels`: the paint kernels behind scenes S2 and S3 timed on their own, with
/// no rasterizer or compositing around them (what the former `PaintPerformanceTests` printed).
///
/// - S2-like image shading: 200 copies of a 256×256 mip-mapped image under a perspective
///   rotation about the vertical axis (up to ±60°, eye at 1000 px) shaded row by row over each
///   quad's extent in a 1920×1080 frame, bilinear and trilinear; S2a: the same quads without
///   the perspective (affine), bilinear.
/// - S3-like shadows: 100 analytic blurred 200×150 rects (σ 5 px), sharp and with 12 px
///   corners; building the same 100 rounded shadow masks (`makeMask`, as a cache would once);
///   a Gaussian blur of a 200×150 mask at σ 5 and σ 20 (the arbitrary-alpha path).
///
/// Times are the best of 3 runs in milliseconds, after a trivial 10M-pixel loop that shows
/// how fast the (shared, drifting) machine is right now. Build with `-c release`. Fails (exit
/// 1) when a kernel drew almost nothing, so a broken setup is not read as a fast one.
enum PaintKernelBench {
    /// Milliseconds `body` takes on the monotonic clock.
    static func time(_ body: () -> Void) -> Double {
        let t0 = nowMs()
        body()
        return nowMs() - t0
    }

    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// Runs every kernel and prints one line each; false when one drew less than it must.
    static func run() throws -> Bool {
        var ok = true
        ok = try imageShading() && ok
        ok = try shadows() && ok
        return ok
    }

    static func imageShading() throws -> Bool {
        let image = try Surface(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 {
            image[x, y] = PremultipliedRGBA8(r: UInt8(x), g: UInt8(y), b: ((x >> 5) + (y >> 5)) & 1 == 1 ? 255 : 64, a: 255)
        } }
        let sampled = SampledImage(image, mipmapped: true)
        var rng = SplitMix64(seed: 1002)
        let eye = 1000.0, width = 1920, height = 1080
        var perspective: [(map: PaintProjective, inverse: PaintProjective)] = []
        var affine: [(map: PaintProjective, inverse: PaintProjective)] = []
        for _ in 0..<200 {
            let cx = rng.uniform() * Double(width), cy = rng.uniform() * Double(height)
            let theta = (rng.uniform() * 2 - 1) * 60 * .pi / 180
            let c = cos(theta), s = sin(theta), a = c + cx * s / eye
            let h = PaintProjective(m00: a, m01: 0, m02: cx - 128 * a,
                                    m10: cy * s / eye, m11: 1, m12: cy - 128 - 128 * cy * s / eye,
                                    m20: s / eye, m21: 0, m22: 1 - 128 * s / eye)
            let flat = PaintProjective(m00: c, m01: 0, m02: cx - 128 * c, m10: 0, m11: 1, m12: cy - 128,
                                       m20: 0, m21: 0, m22: 1)
            guard let hi = h.inverted(), let fi = flat.inverted() else { continue }
            perspective.append((h, hi))
            affine.append((flat, fi))
        }
        var row = [UInt32](repeating: 0, count: width)
        var sink: UInt32 = 0
        let base = time {
            row.withUnsafeMutableBufferPointer { buf in
                for k in 0..<(10_000_000 / width) {
                    for i in 0..<width { buf[i] = buf[i] &* 3 &+ UInt32(truncatingIfNeeded: i ^ k) }
                    sink &+= buf[k % width]
                }
            }
        }
        print("baseline: 10M-pixel trivial loop \(fixed(base, 1)) ms (sink \(sink))")
        var ok = true
        for (label, quads, filter) in [("S2 perspective", perspective, ImageFilter.bilinear),
                                       ("S2 perspective", perspective, .trilinear),
                                       ("S2a affine", affine, .bilinear)] {
            var pixels = 0, checksum: UInt32 = 0, best = Double.infinity
            for _ in 0..<3 {
                pixels = 0
                checksum = 0
                best = min(best, time {
                    for (map, inverse) in quads {
                        let shader = ImageShader(image: sampled, inverse: inverse, filter: filter, edge: .clamp)
                        let corners = [(0.0, 0.0), (256.0, 0.0), (256.0, 256.0), (0.0, 256.0)]
                            .compactMap { map.apply($0.0, $0.1) }
                        guard corners.count == 4 else { continue }
                        let y0 = max(0, Int(corners.map(\.y).min()!.rounded(.down)))
                        let y1 = min(height, Int(corners.map(\.y).max()!.rounded(.up)))
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
                                        lo = min(lo, x)
                                        hi = max(hi, x)
                                    }
                                }
                                guard lo.isFinite, hi.isFinite else { continue }
                                let x0 = max(0, Int(lo.rounded(.down))), x1 = min(width, Int(hi.rounded(.up)))
                                guard x1 > x0 else { continue }
                                shader.shade(y: y, x: x0, count: x1 - x0, into: buf.baseAddress!)
                                pixels += x1 - x0
                                checksum &+= buf[0]
                            }
                        }
                    }
                })
            }
            print("\(label) \(filter) shading: \(fixed(best, 1)) ms for \(pixels) px "
                  + "(\(fixed(Double(pixels) / best / 1000, 1)) Mpx/s), checksum \(checksum)")
            ok = ok && pixels > 1_000_000
        }
        return ok
    }

    static func shadows() throws -> Bool {
        var rng = SplitMix64(seed: 1003)
        var origins: [(x: Double, y: Double)] = []
        for _ in 0..<100 {
            let x = rng.uniform() * (1920 - 200), y = rng.uniform() * (1080 - 150)
            _ = (rng.byte(), rng.byte(), rng.byte())  // S3's colour draws, to keep its sequence
            origins.append((x, y))
        }
        var row = [UInt32](repeating: 0, count: 1920)
        let color = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 128).packed
        var ok = true
        for radius in [0.0, 12.0] {
            var pixels = 0, checksum: UInt32 = 0, best = Double.infinity
            for _ in 0..<3 {
                pixels = 0
                best = min(best, time {
                    for (x, y) in origins {
                        let shape = BlurredRoundedRect(x0: x, y0: y + 3, x1: x + 200, y1: y + 153,
                                                       cornerRadius: radius, sigma: 5)
                        let shader = shape.shader(color: color)
                        let x0 = max(0, shape.boundsX), x1 = min(1920, shape.boundsX + shape.boundsWidth)
                        guard x1 > x0 else { continue }
                        row.withUnsafeMutableBufferPointer { buf in
                            for yy in max(0, shape.boundsY)..<min(1080, shape.boundsY + shape.boundsHeight) {
                                shader.shade(y: yy, x: x0, count: x1 - x0, into: buf.baseAddress!)
                                pixels += x1 - x0
                                checksum &+= buf[(x1 - x0) / 2]
                            }
                        }
                    }
                })
            }
            print("S3-like analytic shadows r=\(fixed(radius, 0)): \(fixed(best, 1)) ms for \(pixels) px, checksum \(checksum)")
            ok = ok && pixels > 100_000
        }
        var masks = 0
        let maskTime = time {
            for (x, y) in origins {
                if BlurredRoundedRect(x0: x, y0: y + 3, x1: x + 200, y1: y + 153, cornerRadius: 12, sigma: 5)
                    .makeMask() != nil { masks += 1 }
            }
        }
        print("S3-like rounded shadow masks (100 × makeMask): \(fixed(maskTime, 1)) ms")
        ok = ok && masks == origins.count
        let mask = try AlphaMask(width: 200, height: 150)
        mask.fill(255)
        for sigma in [5.0, 20.0] {
            var out: AlphaMask?
            let t = time { for _ in 0..<10 { out = try? GaussianBlur.blurred(mask, sigma: sigma) } }
            print("blur of a 200×150 mask, σ \(fixed(sigma, 0)): \(fixed(t / 10, 2)) ms each")
            ok = ok && out != nil
        }
        return ok
    }
}

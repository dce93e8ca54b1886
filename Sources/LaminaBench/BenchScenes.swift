import Foundation

/// The reference random source of the shared benchmark scenes (bench/peers/scenes.py):
/// SplitMix64, so every renderer draws exactly the same numbers.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1) from the top 53 bits: (next >> 11) · 2^-53.
    mutating func uniform() -> Double { Double(next() >> 11) * (1.0 / 9_007_199_254_740_992.0) }

    /// floor(uniform · 256), an integer in 0...255 (uniform < 1, so the product is < 256).
    mutating func byte() -> UInt8 { UInt8(uniform() * 256) }
}

/// Scenes S1–S5 of the shared benchmark, generated exactly as scenes.py does (same seeds, same
/// draw order, the same floating-point expressions in the same order), in pixels of a
/// 1920x1080 frame, origin top-left, y down. Colours are straight (unpremultiplied) 8-bit.
enum BenchScenes {
    static let width = 1920, height = 1080

    /// S1: 500 rounded rects 120x80, corner radius 12, centred at (cx, cy), rotated by `angle`
    /// radians about their centre, colour (r, g, b) at alpha 0.6 (153/255), source-over, AA.
    struct RoundedRect { var cx, cy, angle: Double; var r, g, b: UInt8 }
    static let s1Size = (w: 120.0, h: 80.0, radius: 12.0)
    static let s1Alpha: UInt8 = 153
    static func s1() -> [RoundedRect] {
        var rng = SplitMix64(seed: 1001)
        return (0..<500).map { _ in
            let cx = rng.uniform() * Double(width)
            let cy = rng.uniform() * Double(height)
            let angle = rng.uniform() * 2.0 * Double.pi
            let r = rng.byte(), g = rng.byte(), b = rng.byte()
            return RoundedRect(cx: cx, cy: cy, angle: angle, r: r, g: g, b: b)
        }
    }

    /// S2: 200 perspective quads of the 256x256 image; `h` maps image (u, v, 1) to homogeneous
    /// screen coordinates (row-major 3x3, column vectors: screen = H · (u, v, 1)). Bilinear,
    /// source-over on white.
    struct ImageQuad { var cx, cy, theta: Double; var h: [Double] }
    static let s2ImageSize = 256
    static func s2() -> [ImageQuad] {
        var rng = SplitMix64(seed: 1002)
        let d = 1000.0
        // Python's math.radians(x) is x · (π / 180), in that order.
        let radians60 = 60.0 * (Double.pi / 180.0)
        return (0..<200).map { _ in
            let cx = rng.uniform() * Double(width)
            let cy = rng.uniform() * Double(height)
            let theta = (rng.uniform() * 2.0 - 1.0) * radians60
            let c = cos(theta), s = sin(theta)
            let a = c + cx * s / d
            let h = [a, 0.0, cx - 128.0 * a,
                     cy * s / d, 1.0, cy - 128.0 - 128.0 * cy * s / d,
                     s / d, 0.0, 1.0 - 128.0 * s / d]
            return ImageQuad(cx: cx, cy: cy, theta: theta, h: h)
        }
    }

    /// The S2 image: 256x256 opaque, r = x, g = y, b = 255 or 64 on a 32 px checker
    /// (255 where ((x >> 5) + (y >> 5)) is odd). Bytes R, G, B, A, rows top to bottom.
    static func s2ImageRGBA() -> [UInt8] {
        var px = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for y in 0..<256 {
            for x in 0..<256 {
                let i = (y * 256 + x) * 4
                px[i] = UInt8(x)
                px[i + 1] = UInt8(y)
                px[i + 2] = ((x >> 5) + (y >> 5)) & 1 == 1 ? 255 : 64
            }
        }
        return px
    }

    /// S3: 100 opaque rects 200x150 at top-left (x, y), each drawn after its shadow: the same
    /// rect offset (0, +3), black at alpha 0.5 (128/255, as Skia rounds it), Gaussian sigma 5 px.
    /// scenes.py states sigma directly (5, "CA shadowRadius 10": sigma = shadowRadius / 2) and
    /// the Skia peer passes it to MakeBlur as sigma, so sigma here is 5 with no conversion.
    struct ShadowedRect { var x, y: Double; var r, g, b: UInt8 }
    static let s3Size = (w: 200.0, h: 150.0)
    static let s3Shadow = (dx: 0.0, dy: 3.0, sigma: 5.0, alpha: UInt8(128))
    static func s3() -> [ShadowedRect] {
        var rng = SplitMix64(seed: 1003)
        return (0..<100).map { _ in
            let x = rng.uniform() * Double(width - 200)
            let y = rng.uniform() * Double(height - 150)
            let r = rng.byte(), g = rng.byte(), b = rng.byte()
            return ShadowedRect(x: x, y: y, r: r, g: g, b: b)
        }
    }

    /// S4: 1000 cubics p0 p1 p2 p3 stroked width 6, round caps and joins, alpha 0.8 (204/255).
    /// p0 uniform on screen, p1...p3 = p0 + uniform(-200, 200) per coordinate.
    struct StrokedCubic { var p: [(x: Double, y: Double)]; var r, g, b: UInt8 }
    static let s4Width = 6.0
    static let s4Alpha: UInt8 = 204
    static func s4() -> [StrokedCubic] {
        var rng = SplitMix64(seed: 1004)
        return (0..<1000).map { _ in
            let x0 = rng.uniform() * Double(width)
            let y0 = rng.uniform() * Double(height)
            var pts = [(x: x0, y: y0)]
            for _ in 0..<3 {
                let dx = (rng.uniform() * 2.0 - 1.0) * 200.0
                let dy = (rng.uniform() * 2.0 - 1.0) * 200.0
                pts.append((x: x0 + dx, y: y0 + dy))
            }
            let r = rng.byte(), g = rng.byte(), b = rng.byte()
            return StrokedCubic(p: pts, r: r, g: g, b: b)
        }
    }

    /// S5: 8 full-frame opaque layers at opacity 0.5 (128/255) source-over on opaque black.
    static let s5Layers = 8
    static let s5Alpha: UInt8 = 128

    /// S5 layer k pixel (x, y): r = (x + 37k) & 255, g = (y + 53k) & 255,
    /// b = ((x ^ y) + 91k) & 255, a = 255, as packed 0xAABBGGRR words, rows top to bottom.
    static func s5Layer(_ k: Int, into row: (_ y: Int) -> UnsafeMutablePointer<UInt32>) {
        for y in 0..<height {
            let p = row(y)
            for x in 0..<width {
                let r = UInt32((x + 37 * k) & 255), g = UInt32((y + 53 * k) & 255)
                let b = UInt32(((x ^ y) + 91 * k) & 255)
                p[x] = r | g << 8 | b << 16 | 0xFF00_0000
            }
        }
    }

    /// Every generated number with full round-trip precision, one per line, in the order
    /// scenes.py's `all_scenes()` holds them (for `bench/check_scenes.py`).
    static func dump() -> String {
        var out: [String] = []
        for r in s1() { out.append("S1 \(r.cx) \(r.cy) \(r.angle) \(r.r) \(r.g) \(r.b)") }
        for q in s2() { out.append("S2 \(q.cx) \(q.cy) \(q.theta) " + q.h.map { "\($0)" }.joined(separator: " ")) }
        for r in s3() { out.append("S3 \(r.x) \(r.y) \(r.r) \(r.g) \(r.b)") }
        for c in s4() { out.append("S4 " + c.p.map { "\($0.x) \($0.y)" }.joined(separator: " ") + " \(c.r) \(c.g) \(c.b)") }
        return out.joined(separator: "\n")
    }
}

import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// Nearest sampling of texels that sit exactly on pixels (unit scale, whole-pixel offset: the
/// compositor's pixel-aligned contents) copies each row's texels; here against the definition,
/// texel (X + tx, y + ty) under the edge mode, for spans inside, across and outside the image.
@Suite struct AlignedNearestRowTests {
    /// Texel (i, j) of `s` under `edge`, written out independently of the shader.
    static func expected(_ s: Surface, _ i: Int, _ j: Int, _ edge: ImageEdgeMode) -> UInt32 {
        func wrap(_ v: Int, _ n: Int) -> Int { ((v % n) + n) % n }
        switch edge {
        case .clamp: return s.row32(min(max(j, 0), s.height - 1))[min(max(i, 0), s.width - 1)]
        case .repeat: return s.row32(wrap(j, s.height))[wrap(i, s.width)]
        case .transparent: return i >= 0 && i < s.width && j >= 0 && j < s.height ? s.row32(j)[i] : 0
        }
    }

    @Test func alignedNearestRowsAreTheTexels() throws {
        let s = try Surface(width: 53, height: 29)
        var rng = SplitMix64(5150)
        for y in 0..<s.height { for x in 0..<s.width { s.row32(y)[x] = rng.premultiplied() } }
        let image = SampledImage(s)
        let out = UnsafeMutablePointer<UInt32>.allocate(capacity: 200)
        defer { out.deallocate() }
        var pixels = 0
        for edge in [ImageEdgeMode.clamp, .repeat, .transparent] {
            for _ in 0..<300 {
                let tx = Int(rng.next() % 140) - 70, ty = Int(rng.next() % 60) - 30
                let shader = ImageShader(image: image, inverse: PaintAffine(a: 1, b: 0, c: 0, d: 1, tx: Double(tx), ty: Double(ty)),
                                         filter: .nearest, edge: edge)
                let y = Int(rng.next() % 50) - 10, x = Int(rng.next() % 150) - 70, count = 1 + Int(rng.next() % 150)
                shader.shade(y: y, x: x, count: count, into: out)
                for k in 0..<count where out[k] != Self.expected(s, x + k + tx, y + ty, edge) {
                    Issue.record("\(edge) offset (\(tx), \(ty)) row \(y) pixel \(x + k): \(out[k])")
                    break
                }
                pixels += count
            }
        }
        #expect(pixels > 50_000)
    }
}

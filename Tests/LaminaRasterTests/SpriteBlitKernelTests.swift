import CLaminaKernels
import Foundation
import Testing
import _LaminaTestSupport
@testable import LaminaRaster

/// The AVX2 row of the particle kernel (`lamina_avx2_sprite_row`) against the Swift loop it
/// replaces: random sprites — sizes, sub-rectangles, rotations, scales from tiny to large (mip
/// levels), grey and coloured tints, both blends, with and without a clip, drawn whole and
/// within tiles, partly off the surface — give the same bytes. Skipped (with the reason) on a
/// CPU without AVX2.
@Suite(.enabled(if: lamina_kernels_have_avx2() != 0, "needs a CPU with AVX2"))
struct SpriteBlitKernelTests {
    @Test(arguments: [SpriteBlend.normal, .additive], [false, true])
    func vectorRowsEqualTheSwiftLoop(blend: SpriteBlend, clipped: Bool) throws {
        var rng = SplitMix64(blend == .normal ? (clipped ? 21 : 22) : (clipped ? 23 : 24))
        let w = 53, h = 47
        for round in 0..<60 {
            let sw = 1 + Int(rng.next() % 24), sh = 1 + Int(rng.next() % 24)
            let src = try SpriteBlitTests.sprite(sw, sh, &rng)
            let image = SampledImage(src, mipmapped: round % 2 == 0)
            let vector = try SpriteBlitTests.background(w, h, &rng)
            let swift = try Surface(width: w, height: h, bytesPerRow: w * 4)
            for y in 0..<h { for x in 0..<w { swift.row32(y)[x] = vector.row32(y)[x] } }
            var clip: AlphaMask?
            if clipped {
                let mask = try AlphaMask(width: 40, height: 30)
                for y in 0..<30 { for x in 0..<40 { mask.row(y)[x] = [0, 255, rng.byte()][Int(rng.next() % 3)] } }
                clip = mask
            }
            let angle = rng.uniform() * 2 * .pi
            let k = [0.05, 0.2, 0.7, 1, 1.6, 4][Int(rng.next() % 6)] * (0.8 + rng.uniform() * 0.4)
            let m = PaintAffine(a: cos(angle) * k, b: sin(angle) * k, c: -sin(angle) * k, d: cos(angle) * k,
                                tx: -10 + rng.uniform() * 70, ty: -10 + rng.uniform() * 60)
            let a = Float(rng.uniform())
            let grey = round % 3 == 0
            let r = grey ? a : Float(rng.uniform()) * a, g = grey ? a : Float(rng.uniform()) * a
            let b = grey ? a : Float(rng.uniform()) * a
            let sx0 = Int(rng.next() % UInt64(sw)), sy0 = Int(rng.next() % UInt64(sh))
            let sx1 = sx0 + 1 + Int(rng.next() % UInt64(sw - sx0)), sy1 = sy0 + 1 + Int(rng.next() % UInt64(sh - sy0))
            let within: SpriteBox? = round % 4 == 1 ? SpriteBox(x0: 7, y0: 3, x1: 31, y1: 40) : nil
            var fast = SpriteBlitter(surface: vector, clip: clip, clipX: 5, clipY: 9)
            var slow = SpriteBlitter(surface: swift, clip: clip, clipX: 5, clipY: 9)
            fast.usesVectorRows = true
            slow.usesVectorRows = false
            for blitter in [fast, slow] {
                blitter.draw(image, sx0: sx0, sy0: sy0, sx1: sx1, sy1: sy1, toSurface: m,
                             r: r, g: g, b: b, a: a, blend: blend, within: within)
            }
            var differing = 0
            for y in 0..<h { for x in 0..<w where vector.row32(y)[x] != swift.row32(y)[x] { differing += 1 } }
            #expect(differing == 0, "round \(round): \(differing) pixels differ")
        }
    }

    /// The kernel really draws (a test of the equality above would pass if both did nothing).
    @Test func vectorRowsDraw() throws {
        let src = try Surface(width: 4, height: 4, bytesPerRow: 16)
        for y in 0..<4 { for x in 0..<4 { src.row32(y)[x] = 0xFF00_00FF } }
        let dst = try Surface(width: 16, height: 16, bytesPerRow: 64)
        var blitter = SpriteBlitter(surface: dst)
        blitter.usesVectorRows = true
        blitter.draw(SampledImage(src), sx0: 0, sy0: 0, sx1: 4, sy1: 4, toSurface: .scale(2, 2),
                     r: 1, g: 1, b: 1, a: 1, blend: .normal)
        #expect(dst.row32(4)[4] == 0xFF00_00FF)
        #expect(dst.row32(12)[12] == 0)
    }
}

import CLaminaKernels
import Foundation
import Testing
import _LaminaTestSupport
@testable import LaminaRaster

/// The AVX2 particle kernel (`lamina_avx2_sprite`) against the Swift loop it replaces: random
/// sprites — sizes, sub-rectangles, rotations, scales from tiny to large (mip levels), grey
/// and coloured tints, both blends, with and without a clip, drawn whole and
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

    /// Sprites whose visible texels are a small blob (a disc, a diagonal bar, one texel) in a
    /// transparent rectangle: the rows the vector path narrows to the blob's octagon, and the
    /// chunks it skips because all their taps are transparent, give the Swift loop's bytes.
    @Test(arguments: [SpriteBlend.normal, .additive])
    func clearMarginsAreSkippedWithoutChangingBytes(blend: SpriteBlend) throws {
        var rng = SplitMix64(blend == .normal ? 31 : 32)
        let w = 61, h = 57
        var drawn = 0
        for round in 0..<80 {
            let sw = 4 + Int(rng.next() % 28), sh = 4 + Int(rng.next() % 28)
            let src = try Surface(width: sw, height: sh, bytesPerRow: sw * 4)
            let cx = rng.uniform() * Double(sw), cy = rng.uniform() * Double(sh)
            let radius = 0.5 + rng.uniform() * Double(min(sw, sh)) / 3
            for y in 0..<sh {
                for x in 0..<sw {
                    let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                    let inside: Bool
                    switch round % 3 {
                    case 0: inside = dx * dx + dy * dy <= radius * radius
                    case 1: inside = abs(dx - dy) <= radius / 2
                    default: inside = x == Int(cx) && y == Int(cy)
                    }
                    guard inside else { continue }
                    let a = UInt32(1 + rng.next() % 255)
                    // Every fifth sprite is not premultiplied (colour above alpha): the kernel
                    // must then clamp as the Swift loop does.
                    let top = round % 5 == 4 ? 256 : UInt64(a + 1)
                    src.row32(y)[x] = UInt32(rng.next() % top) | UInt32(rng.next() % top) << 8 | a << 24
                }
            }
            let image = SampledImage(src, mipmapped: round % 2 == 0)
            let vector = try SpriteBlitTests.background(w, h, &rng)
            let swift = try Surface(width: w, height: h, bytesPerRow: w * 4)
            for y in 0..<h { for x in 0..<w { swift.row32(y)[x] = vector.row32(y)[x] } }
            let original = (0..<h).flatMap { y in (0..<w).map { x in vector.row32(y)[x] } }
            let angle = rng.uniform() * 2 * .pi
            let k = [0.3, 0.7, 1, 1.3, 2.5][Int(rng.next() % 5)] * (0.8 + rng.uniform() * 0.4)
            let m = PaintAffine(a: cos(angle) * k, b: sin(angle) * k, c: -sin(angle) * k, d: cos(angle) * k,
                                tx: -5 + rng.uniform() * 60, ty: -5 + rng.uniform() * 55)
            let a = Float(0.2 + rng.uniform() * 0.8)
            var fast = SpriteBlitter(surface: vector)
            var slow = SpriteBlitter(surface: swift)
            fast.usesVectorRows = true
            slow.usesVectorRows = false
            for blitter in [fast, slow] {
                blitter.draw(image, sx0: 0, sy0: 0, sx1: sw, sy1: sh, toSurface: m, r: a, g: a * 0.5, b: a, a: a,
                             blend: blend, within: round % 4 == 1 ? SpriteBox(x0: 9, y0: 4, x1: 40, y1: 45) : nil)
            }
            var differing = 0
            for y in 0..<h { for x in 0..<w where vector.row32(y)[x] != swift.row32(y)[x] { differing += 1 } }
            #expect(differing == 0, "round \(round): \(differing) pixels differ")
            drawn += (0..<h).contains { y in (0..<w).contains { x in swift.row32(y)[x] != original[y * w + x] } } ? 1 : 0
        }
        // Most sprites land on the surface and change it (the comparison is not of two no-ops).
        #expect(drawn > 40)
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

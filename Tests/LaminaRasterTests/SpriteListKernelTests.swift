import CLaminaKernels
import Foundation
import Testing
import _LaminaTestSupport
@testable import LaminaRaster

/// The particle kernel's list entry point and its white-texture path: white sprites (every
/// texel's four bytes equal, filtered as one alpha channel from 2×2 alpha blocks) give the
/// Swift loop's bytes, and a list of sprites drawn tile by tile in one call per tile
/// (`lamina_avx2_sprite_list`, which prefetches) gives the bytes of drawing them whole one
/// after another — sprites straddling tile edges, edge tiles narrower than the others, both
/// blends. Skipped (with the reason) on a CPU without AVX2.
@Suite(.enabled(if: lamina_kernels_have_avx2() != 0, "needs a CPU with AVX2"))
struct SpriteListKernelTests {
    /// A white image at random alphas (a disc, with some transparent and opaque texels).
    static func whiteSprite(_ w: Int, _ h: Int, _ rng: inout SplitMix64) throws -> Surface {
        let s = try Surface(width: w, height: h, bytesPerRow: w * 4)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt32([0, 255, rng.byte()][Int(rng.next() % 3)])
                s.row32(y)[x] = a &* 0x0101_0101
            }
        }
        return s
    }

    static func copy(_ s: Surface) throws -> Surface {
        let c = try Surface(width: s.width, height: s.height, bytesPerRow: s.width * 4)
        for y in 0..<s.height { for x in 0..<s.width { c.row32(y)[x] = s.row32(y)[x] } }
        return c
    }

    static func differing(_ a: Surface, _ b: Surface) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a.row32(y)[x] != b.row32(y)[x] { n += 1 } }
        return n
    }

    @Test(arguments: [SpriteBlend.normal, .additive], [false, true])
    func whiteSpritesMatchTheSwiftLoop(blend: SpriteBlend, clipped: Bool) throws {
        var rng = SplitMix64(blend == .normal ? (clipped ? 41 : 42) : (clipped ? 43 : 44))
        let w = 53, h = 47
        var whitePlans = 0
        for round in 0..<60 {
            let sw = 1 + Int(rng.next() % 24), sh = 1 + Int(rng.next() % 24)
            let image = SampledImage(try Self.whiteSprite(sw, sh, &rng), mipmapped: round % 2 == 0)
            let vector = try SpriteBlitTests.background(w, h, &rng)
            let swift = try Self.copy(vector)
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
            // Grey, coloured (colour ≤ alpha) and over-alpha tints (the kernel must clamp).
            let a = Float(rng.uniform())
            let r: Float, g: Float, b: Float
            switch round % 3 {
            case 0: (r, g, b) = (a, a, a)
            case 1: (r, g, b) = (Float(rng.uniform()) * a, Float(rng.uniform()) * a, Float(rng.uniform()) * a)
            default: (r, g, b) = (min(1, a * 1.5), Float(rng.uniform()), a * 0.5)
            }
            let within: SpriteBox? = round % 4 == 1 ? SpriteBox(x0: 7, y0: 3, x1: 31, y1: 40) : nil
            var fast = SpriteBlitter(surface: vector, clip: clip, clipX: 5, clipY: 9)
            var slow = SpriteBlitter(surface: swift, clip: clip, clipX: 5, clipY: 9)
            fast.usesVectorRows = true
            slow.usesVectorRows = false
            if let plan = fast.plan(image, sx0: 0, sy0: 0, sx1: sw, sy1: sh, toSurface: m, r: r, g: g, b: b, a: a, blend: blend) {
                #expect(plan.texture.alphaBlocks != nil, "a white texture takes the alpha-block path")
                whitePlans += 1
            }
            for blitter in [fast, slow] {
                blitter.draw(image, sx0: 0, sy0: 0, sx1: sw, sy1: sh, toSurface: m, r: r, g: g, b: b, a: a,
                             blend: blend, within: within)
            }
            #expect(Self.differing(vector, swift) == 0, "round \(round)")
        }
        #expect(whitePlans > 40)
    }

    /// The alpha blocks hold each texel's 2×2 alphas (bytes: itself, right, below, below
    /// right; 0 past the end), and only white textures have them.
    @Test func alphaBlocksHoldTwoByTwoAlphas() throws {
        let src = try Surface(width: 2, height: 2, bytesPerRow: 8)
        let alphas: [UInt32] = [0x10, 0x20, 0x30, 0x40]
        for i in 0..<4 { src.row32(i / 2)[i % 2] = alphas[i] &* 0x0101_0101 }
        let t = SpriteTexture(src, x0: 0, y0: 0, x1: 2, y1: 2)
        let blocks = try #require(t.alphaBlocks)
        // Texture texel (1, 1) is image texel (0, 0) (a one-texel border).
        let i = t.stride + 1
        #expect(blocks[i] == 0x10 | 0x20 << 8 | 0x30 << 16 | 0x40 << 24)
        #expect(blocks[i + 1] == 0x20 | 0x40 << 16)
        #expect(blocks[t.count - 1] == 0)
        src.row32(0)[0] = 0x1010_1011 // colour not equal to alpha: not white
        #expect(SpriteTexture(src, x0: 0, y0: 0, x1: 2, y1: 2).alphaBlocks == nil)
    }

    /// Tile by tile through the list entry point (every tile's sprites in order, one call a
    /// tile) equals drawing every sprite whole, one after another, with the Swift loop.
    @Test(arguments: [SpriteBlend.normal, .additive], [false, true])
    func listTileByTileEqualsOneAfterAnother(blend: SpriteBlend, white: Bool) throws {
        var rng = SplitMix64((blend == .normal ? 51 : 52) + (white ? 10 : 0))
        let image = SampledImage(white ? try Self.whiteSprite(9, 7, &rng) : try SpriteBlitTests.sprite(9, 7, &rng),
                                 mipmapped: true)
        let whole = try SpriteBlitTests.background(150, 100, &rng)
        let tiled = try Self.copy(whole)
        var one = SpriteBlitter(surface: whole)
        one.usesVectorRows = false
        var list = SpriteBlitter(surface: tiled)
        list.usesVectorRows = true
        var batch = SpriteBatch()
        for _ in 0..<300 {
            let angle = rng.uniform() * 2 * .pi, k = 0.2 + rng.uniform() * 4
            let m = PaintAffine(a: cos(angle) * k, b: sin(angle) * k, c: -sin(angle) * k, d: cos(angle) * k,
                                tx: -20 + rng.uniform() * 190, ty: -20 + rng.uniform() * 140)
            let a = Float(rng.uniform())
            let t = SIMD4(Float(rng.uniform()) * a, Float(rng.uniform()) * a, Float(rng.uniform()) * a, a)
            one.draw(image, sx0: 0, sy0: 0, sx1: 9, sy1: 7, toSurface: m, r: t.x, g: t.y, b: t.z, a: t.w, blend: blend)
            if let plan = list.plan(image, sx0: 0, sy0: 0, sx1: 9, sy1: 7, toSurface: m, r: t.x, g: t.y, b: t.z, a: t.w,
                                    blend: blend) {
                batch.append(plan)
            }
        }
        #expect(batch.count > 250)
        // 40 × 32 tiles: the last column is 30 wide and the last row 4 high.
        for ty in stride(from: 0, to: 100, by: 32) {
            for tx in stride(from: 0, to: 150, by: 40) {
                let tile = SpriteBox(x0: tx, y0: ty, x1: min(150, tx + 40), y1: min(100, ty + 32))
                let members = (0..<batch.count).filter { i in
                    let b = batch.box(i)
                    return b.x0 < tile.x1 && b.x1 > tile.x0 && b.y0 < tile.y1 && b.y1 > tile.y0
                }.map(Int32.init)
                members.withUnsafeBufferPointer { list.draw(batch, order: $0, within: tile) }
            }
        }
        #expect(Self.differing(whole, tiled) == 0)
        // The sprites changed the surface (the comparison is not of two untouched surfaces).
        #expect(Self.differing(whole, try SpriteBlitTests.background(150, 100, &rng)) > 1000)
    }
}

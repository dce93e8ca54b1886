import Foundation
import Testing
import _LaminaTestSupport
@testable import LaminaRaster

/// A sprite texture cache kept from frame to frame (`SpriteBlitter(…textures:)`): the bordered
/// source rectangles a particle system draws from are made once, not every frame; entries no
/// batch asked for in the last `keptUses` batches go; and sprites drawn through a kept cache
/// are the bytes of sprites drawn through a new one.
@Suite struct SpriteTextureCacheTests {
    @Test func texturesAreKeptAcrossBatchesAndStaleOnesDropped() throws {
        var rng = SplitMix64(71)
        let a = try SpriteBlitTests.sprite(9, 7, &rng), b = try SpriteBlitTests.sprite(5, 5, &rng)
        let cache = SpriteTextureCache()
        cache.beginUse()
        let first = cache.texture(a, x0: 0, y0: 0, x1: 9, y1: 7)
        _ = cache.texture(b, x0: 0, y0: 0, x1: 5, y1: 5)
        #expect(cache.count == 2)
        // The next batches ask only for `a`'s rectangle: the same texture, not a new one…
        for _ in 0..<SpriteTextureCache.keptUses {
            cache.beginUse()
            #expect(cache.texture(a, x0: 0, y0: 0, x1: 9, y1: 7) === first, "the texture was made again")
        }
        #expect(cache.count == 2, "an entry went before `keptUses` batches had passed")
        // …and once `keptUses` batches have passed without `b`, its texture goes.
        cache.beginUse()
        #expect(cache.count == 1)
        #expect(cache.texture(a, x0: 0, y0: 0, x1: 9, y1: 7) === first)
        // Another rectangle of the same surface is another texture.
        #expect(cache.texture(a, x0: 1, y0: 0, x1: 9, y1: 7) !== first)
    }

    @Test func spritesThroughAKeptCacheAreTheBytesOfANewOne() throws {
        var rng = SplitMix64(72)
        let image = SampledImage(try SpriteBlitTests.sprite(9, 7, &rng), mipmapped: true)
        let kept = SpriteTextureCache()
        for frame in 0..<3 {
            let fresh = try SpriteBlitTests.background(60, 40, &rng)
            let reused = try SpriteListKernelTests.copy(fresh)
            kept.beginUse()
            let one = SpriteBlitter(surface: fresh)
            let other = SpriteBlitter(surface: reused, textures: kept)
            for i in 0..<20 {
                let angle = Double(i + frame) * 0.7, k = 0.5 + Double(i % 5)
                let m = PaintAffine(a: cos(angle) * k, b: sin(angle) * k, c: -sin(angle) * k, d: cos(angle) * k,
                                    tx: Double(i * 3), ty: Double(i * 2))
                one.draw(image, sx0: 0, sy0: 0, sx1: 9, sy1: 7, toSurface: m, r: 0.5, g: 0.4, b: 0.3, a: 0.6, blend: .normal)
                other.draw(image, sx0: 0, sy0: 0, sx1: 9, sy1: 7, toSurface: m, r: 0.5, g: 0.4, b: 0.3, a: 0.6, blend: .normal)
            }
            for y in 0..<40 {
                #expect((0..<60).allSatisfy { fresh.row32(y)[$0] == reused.row32(y)[$0] }, "frame \(frame) row \(y)")
            }
            #expect(kept.count >= 1 && kept.count <= image.levels.count)
        }
    }
}

import Foundation
import Testing
import _LaminaTestSupport
@testable import LaminaRaster

/// The particle kernel (`SpriteBlitter`, 8-bit fixed point) against a float evaluation of the
/// same bilinear filter, tint and blend: random sprites (sizes, rotations, scales, tints,
/// both blends, with and without a clip) over a random background stay within 2 levels per
/// channel, and the blend primitives are exact where they must be.
@Suite struct SpriteBlitTests {
    /// A premultiplied random image (colour ≤ alpha), with transparent and opaque texels.
    static func sprite(_ w: Int, _ h: Int, _ rng: inout SplitMix64) throws -> Surface {
        let s = try Surface(width: w, height: h, bytesPerRow: w * 4)
        for y in 0..<h {
            for x in 0..<w {
                let a = [0, 255, rng.byte()][Int(rng.next() % 3)]
                func c() -> UInt8 { UInt8(UInt32(rng.byte()) * UInt32(a) / 255) }
                s.row32(y)[x] = UInt32(c()) | UInt32(c()) << 8 | UInt32(c()) << 16 | UInt32(a) << 24
            }
        }
        return s
    }

    static func background(_ w: Int, _ h: Int, _ rng: inout SplitMix64) throws -> Surface {
        let s = try sprite(w, h, &rng)
        return s
    }

    /// The filter in Float, as the kernel was first written: the reference.
    static func reference(into surface: Surface, _ src: Surface, toSurface m: PaintAffine,
                          tint: SIMD4<Float>, additive: Bool, clip: AlphaMask?) {
        guard let inverse = m.inverted() else { return }
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let u = Float(p.x) - 0.5, v = Float(p.y) - 0.5
                guard u > -1, v > -1, u < Float(src.width), v < Float(src.height) else { continue }
                let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
                let wu = u - Float(iu), wv = v - Float(iv)
                var acc = SIMD4<Float>.zero
                func tap(_ i: Int, _ j: Int, _ w: Float) {
                    guard i >= 0, i < src.width, j >= 0, j < src.height else { return }
                    let t = src.row32(j)[i]
                    acc += SIMD4<Float>(Float(t & 0xFF), Float((t >> 8) & 0xFF), Float((t >> 16) & 0xFF), Float(t >> 24)) * w
                }
                tap(iu, iv, (1 - wu) * (1 - wv)); tap(iu + 1, iv, wu * (1 - wv))
                tap(iu, iv + 1, (1 - wu) * wv); tap(iu + 1, iv + 1, wu * wv)
                var s = acc * tint
                if let clip { s *= Float(clip.row(y)[x]) / 255 }
                let d = surface.row32(y)[x]
                var o = SIMD4<Float>(Float(d & 0xFF), Float((d >> 8) & 0xFF), Float((d >> 16) & 0xFF), Float(d >> 24))
                o = additive ? o + s : s + o * (1 - s.w / 255)
                func q(_ c: Float) -> UInt32 { UInt32(min(255, max(0, c + 0.5))) }
                surface.row32(y)[x] = q(o.x) | q(o.y) << 8 | q(o.z) << 16 | q(o.w) << 24
            }
        }
    }

    @Test(arguments: [false, true], [false, true])
    func randomSpritesMatchTheFloatFilter(additive: Bool, clipped: Bool) throws {
        var rng = SplitMix64(additive ? (clipped ? 11 : 12) : (clipped ? 13 : 14))
        var worst = 0
        for _ in 0..<40 {
            let src = try Self.sprite(1 + Int(rng.next() % 12), 1 + Int(rng.next() % 12), &rng)
            let fast = try Self.background(40, 40, &rng)
            let slow = try Surface(width: 40, height: 40, bytesPerRow: 160)
            for y in 0..<40 { for x in 0..<40 { slow.row32(y)[x] = fast.row32(y)[x] } }
            var clip: AlphaMask?
            if clipped {
                let mask = try AlphaMask(width: 40, height: 40)
                for y in 0..<40 { for x in 0..<40 { mask.row(y)[x] = rng.byte() } }
                clip = mask
            }
            let angle = rng.uniform() * 2 * .pi, k = 0.3 + rng.uniform() * 3
            let m = PaintAffine(a: cos(angle) * k, b: sin(angle) * k, c: -sin(angle) * k, d: cos(angle) * k,
                                tx: 5 + rng.uniform() * 30, ty: 5 + rng.uniform() * 30)
            let a = Float(rng.uniform())
            let tint = SIMD4<Float>(Float(rng.uniform()) * a, Float(rng.uniform()) * a, Float(rng.uniform()) * a, a)
            let blitter = SpriteBlitter(surface: fast, clip: clip)
            blitter.draw(SampledImage(src), sx0: 0, sy0: 0, sx1: src.width, sy1: src.height, toSurface: m,
                         r: tint.x, g: tint.y, b: tint.z, a: tint.w, blend: additive ? .additive : .normal)
            Self.reference(into: slow, src, toSurface: m, tint: tint, additive: additive, clip: clip)
            for y in 0..<40 {
                for x in 0..<40 {
                    let p = fast.row32(y)[x], q = slow.row32(y)[x]
                    for c in 0..<4 {
                        let d = abs(Int((p >> (8 * c)) & 0xFF) - Int((q >> (8 * c)) & 0xFF))
                        worst = max(worst, d)
                    }
                }
            }
        }
        #expect(worst <= 2, "largest channel difference \(worst)")
    }

    /// Drawing overlapping sprites tile by tile (each tile's sprites in order, clipped with
    /// `within`) writes the same bytes as drawing each sprite whole, one after another: what
    /// lets the particle renderer keep the destination in cache.
    @Test(arguments: [SpriteBlend.normal, .additive])
    func tileByTileEqualsOneAfterAnother(blend: SpriteBlend) throws {
        var rng = SplitMix64(blend == .normal ? 31 : 32)
        let src = try Self.sprite(9, 7, &rng)
        let image = SampledImage(src, mipmapped: true)
        let whole = try Self.background(150, 100, &rng)
        let tiled = try Surface(width: 150, height: 100, bytesPerRow: 600)
        for y in 0..<100 { for x in 0..<150 { tiled.row32(y)[x] = whole.row32(y)[x] } }
        var sprites: [(PaintAffine, SIMD4<Float>)] = []
        for _ in 0..<300 {
            let angle = rng.uniform() * 2 * .pi, k = 0.2 + rng.uniform() * 4
            let m = PaintAffine(a: cos(angle) * k, b: sin(angle) * k, c: -sin(angle) * k, d: cos(angle) * k,
                                tx: -20 + rng.uniform() * 190, ty: -20 + rng.uniform() * 140)
            let a = Float(rng.uniform())
            sprites.append((m, SIMD4(Float(rng.uniform()) * a, Float(rng.uniform()) * a, Float(rng.uniform()) * a, a)))
        }
        let one = SpriteBlitter(surface: whole), pieces = SpriteBlitter(surface: tiled)
        for (m, t) in sprites {
            one.draw(image, sx0: 0, sy0: 0, sx1: 9, sy1: 7, toSurface: m, r: t.x, g: t.y, b: t.z, a: t.w, blend: blend)
        }
        for ty in stride(from: 0, to: 100, by: 32) {
            for tx in stride(from: 0, to: 150, by: 40) {
                let tile = SpriteBox(x0: tx, y0: ty, x1: min(150, tx + 40), y1: min(100, ty + 32))
                for (m, t) in sprites {
                    pieces.draw(image, sx0: 0, sy0: 0, sx1: 9, sy1: 7, toSurface: m, r: t.x, g: t.y, b: t.z, a: t.w,
                                blend: blend, within: tile)
                }
            }
        }
        var differing = 0
        for y in 0..<100 { for x in 0..<150 where whole.row32(y)[x] != tiled.row32(y)[x] { differing += 1 } }
        #expect(differing == 0)
    }

    /// A row's span is a superset of the pixels whose sample passes the kernel's test (so
    /// narrowing rows changes no byte), and it does narrow a rotated sprite's rows.
    @Test func rowSpansHoldEveryDrawnPixel() {
        var rng = SplitMix64(31)
        var narrowed = 0
        for _ in 0..<20_000 {
            let x0 = Int(rng.next() % 40), x1 = x0 + 1 + Int(rng.next() % 60), bx0 = x0 - Int(rng.next() % 3)
            func f(_ lo: Double, _ hi: Double) -> Float { Float(lo + rng.uniform() * (hi - lo)) }
            let u0 = f(-30, 30), v0 = f(-30, 30)
            let scale = [0.01, 0.1, 1, 5][Int(rng.next() % 4)]
            let du = f(-scale, scale), dv = f(-scale, scale)
            let uMin = f(-5, 5), vMin = f(-5, 5)
            let uMax = uMin + f(0.5, 20), vMax = vMin + f(0.5, 20)
            let span = SpriteBlitter.rowSpan(x0: x0, x1: x1, bx0: bx0, u0: u0, v0: v0, du: du, dv: dv,
                                             uMin: uMin, vMin: vMin, uMax: uMax, vMax: vMax)
            var first: Int?, last = 0
            for x in x0..<x1 {
                let k = Float(x - bx0)
                let u = u0 + k * du, v = v0 + k * dv
                if u > uMin, v > vMin, u < uMax, v < vMax { first = first ?? x; last = x }
            }
            if let first {
                #expect(span != nil && span!.0 <= first && span!.1 > last)
            }
            if let span, span.1 - span.0 < x1 - x0 { narrowed += 1 }
        }
        #expect(narrowed > 1_000, "rows narrowed: \(narrowed) of 20000")
    }

    @Test func blendPrimitivesAreExactAtTheirEnds() {
        let d: UInt32 = 0x8040_2010
        #expect(SpriteBlitter.sourceOver(0, d) == d, "a transparent source leaves the destination")
        #expect(SpriteBlitter.sourceOver(0xFF11_2233, d) == 0xFF11_2233, "an opaque source replaces it")
        #expect(SpriteBlitter.addSaturating(0xF0F0_F0F0, 0x2020_2020) == 0xFFFF_FFFF)
        #expect(SpriteBlitter.addSaturating(0x0102_0304, 0x1010_1010) == 0x1112_1314)
        #expect(SpriteBlitter.lerp(0x0000_0000, 0xFFFF_FFFF, 256) == 0xFFFF_FFFF)
        #expect(SpriteBlitter.lerp(0x1234_5678, 0xFFFF_FFFF, 0) == 0x1234_5678)
        #expect(SpriteBlitter.scale(0xFF80_4020, 256) == 0xFF80_4020)
        // Grey 128 at alpha 128 over opaque red: red 128 + 255·127/255 = 255, green and blue
        // 128 + 0, alpha 128 + 127 = 255.
        #expect(SpriteBlitter.sourceOver(0x8080_8080, 0xFF00_00FF) == 0xFF80_80FF)
    }
}

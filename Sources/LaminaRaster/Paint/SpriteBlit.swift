// One textured, tinted, rotated quad composited straight into a surface: the particle
// kernel. A particle system draws thousands of small sprites a frame; going through the
// general path (a coverage rasterizer, a shader, a blitter per sprite) costs microseconds
// each before the first pixel. Here a sprite is one loop over its device box: each pixel
// centre maps back to a texel by the inverse affine map, is sampled bilinearly with
// transparent texels outside the source rectangle (so the sprite's edges come out
// anti-aliased by the filter itself, no coverage pass), tinted, and blended source-over or
// additively. No allocation; the only state is the destination and the sampled image.
import Foundation

/// How a sprite's premultiplied colour `s` combines with the destination `d`.
package enum SpriteBlend: Sendable, Hashable {
    /// Source-over: d' = s + d·(1 − sa).
    case normal
    /// Additive (CG's plusLighter): d' = min(1, s + d), per channel.
    case additive
}

/// Draws sprites into `surface`. A value type over the destination; `clip` (an A8 mask whose
/// pixel (0, 0) is surface pixel (`clipX`, `clipY`)) multiplies coverage when set.
package struct SpriteBlitter {
    package let surface: Surface
    package let clip: AlphaMask?
    package let clipX: Int, clipY: Int

    package init(surface: Surface, clip: AlphaMask? = nil, clipX: Int = 0, clipY: Int = 0) {
        self.surface = surface
        self.clip = clip
        self.clipX = clipX
        self.clipY = clipY
    }

    /// Draws the texels `sx0 ..< sx1` × `sy0 ..< sy1` of `image` (level-0 pixels) placed by
    /// `toSurface` (texel space → surface pixels; texel (u, v) is the point at u, v, so pixel
    /// (i, j) of the image covers [i, i+1) × [j, j+1)), multiplied by the premultiplied tint
    /// (`r`, `g`, `b`, `a` in [0, 1], colour ≤ alpha), blended by `blend`. A mip level is
    /// chosen when the sprite shrinks the image by 2 or more (when the image has levels).
    /// Non-finite or singular maps draw nothing.
    package func draw(_ image: SampledImage, sx0: Int, sy0: Int, sx1: Int, sy1: Int, toSurface m: PaintAffine,
                      r: Float, g: Float, b: Float, a: Float, blend: SpriteBlend) {
        guard a > 0, sx1 > sx0, sy1 > sy0, let inverse = m.inverted() else { return }
        // Texels per surface pixel along the sprite's axes: the level that brings it near 1.
        let shrink = max(hypot(inverse.a, inverse.b), hypot(inverse.c, inverse.d))
        var level = 0
        if shrink >= 2, image.levels.count > 1 {
            level = Int(min(Double(image.levels.count - 1), log2(min(shrink, 0x1p60)).rounded(.down)))
        }
        let src = image.levels[level]
        let f = Double(1 << level)
        // Source rectangle in this level's texels (rounded outwards).
        let lx0 = Int((Double(sx0) / f).rounded(.down)), ly0 = Int((Double(sy0) / f).rounded(.down))
        let lx1 = min(src.width, Int((Double(sx1) / f).rounded(.up))), ly1 = min(src.height, Int((Double(sy1) / f).rounded(.up)))
        guard lx1 > lx0, ly1 > ly0 else { return }
        // Device box of the quad, grown by a pixel for the filter's soft edge.
        let corners = [m.apply(Double(sx0), Double(sy0)), m.apply(Double(sx1), Double(sy0)),
                       m.apply(Double(sx0), Double(sy1)), m.apply(Double(sx1), Double(sy1))]
        var minX = corners[0].x, maxX = corners[0].x, minY = corners[0].y, maxY = corners[0].y
        for c in corners.dropFirst() {
            minX = min(minX, c.x); maxX = max(maxX, c.x); minY = min(minY, c.y); maxY = max(maxY, c.y)
        }
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return }
        let w = Double(surface.width), h = Double(surface.height)
        func clamp(_ v: Double, _ hi: Double) -> Int { Int(min(hi + 1, max(-1, v))) }
        var x0 = clamp((minX - 1).rounded(.down), w), x1 = clamp((maxX + 1).rounded(.up), w)
        var y0 = clamp((minY - 1).rounded(.down), h), y1 = clamp((maxY + 1).rounded(.up), h)
        x0 = max(0, x0); y0 = max(0, y0); x1 = min(surface.width, x1); y1 = min(surface.height, y1)
        if let clip {
            x0 = max(x0, clipX); y0 = max(y0, clipY)
            x1 = min(x1, clipX + clip.width); y1 = min(y1, clipY + clip.height)
        }
        guard x1 > x0, y1 > y0 else { return }
        // Surface pixel centre → this level's texel coordinates, sampled at texel centres.
        let toLevel = inverse.concatenating(PaintAffine.scale(1 / f, 1 / f))
        let ta = Float(toLevel.a), tb = Float(toLevel.b)
        let blendAdd = blend == .additive
        let fx0 = Float(lx0), fy0 = Float(ly0), fx1 = Float(lx1), fy1 = Float(ly1)
        for y in y0..<y1 {
            let row = surface.row32(y)
            let clipRow = clip.map { $0.row(y - clipY) }
            // Texel position of this row's first pixel centre, minus half a texel (bilinear);
            // computed per row from the map (no drift down the sprite).
            let p = toLevel.apply(Double(x0) + 0.5, Double(y) + 0.5)
            var u = Float(p.x) - 0.5, v = Float(p.y) - 0.5
            for x in x0..<x1 {
                defer { u += ta; v += tb }
                // Outside the rectangle grown by one texel every tap is transparent.
                guard u > fx0 - 1, v > fy0 - 1, u < fx1, v < fy1 else { continue }
                let iu = Int(u.rounded(.down)), iv = Int(v.rounded(.down))
                let wu = u - Float(iu), wv = v - Float(iv)
                var acc = SIMD4<Float>.zero
                @inline(__always) func tap(_ i: Int, _ j: Int, _ w: Float) {
                    guard w > 0, i >= lx0, i < lx1, j >= ly0, j < ly1 else { return }
                    let t = src.row32(j)[i]
                    acc += SIMD4<Float>(Float(t & 0xFF), Float((t >> 8) & 0xFF), Float((t >> 16) & 0xFF), Float(t >> 24)) * w
                }
                tap(iu, iv, (1 - wu) * (1 - wv))
                tap(iu + 1, iv, wu * (1 - wv))
                tap(iu, iv + 1, (1 - wu) * wv)
                tap(iu + 1, iv + 1, wu * wv)
                var s = acc * SIMD4<Float>(r, g, b, a)
                if let clipRow { s *= Float(clipRow[x - clipX]) / 255 }
                guard s.w > 0.5 / 255 || (blendAdd && (s.x + s.y + s.z) > 0.5 / 255) else { continue }
                let d = row[x]
                var o = SIMD4<Float>(Float(d & 0xFF), Float((d >> 8) & 0xFF), Float((d >> 16) & 0xFF), Float(d >> 24))
                if blendAdd {
                    o = (o + s).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                } else {
                    o = s + o * (1 - s.w / 255)
                }
                // Lane by lane: `SIMD4<UInt32>(_: SIMD4<Float>)` goes through the generic
                // bit-level conversion (60 % of a particle frame); a scalar conversion is one
                // instruction, truncating the same way.
                let q = (o + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                row[x] = UInt32(q.x) | (UInt32(q.y) << 8) | (UInt32(q.z) << 16) | (UInt32(q.w) << 24)
            }
        }
    }
}

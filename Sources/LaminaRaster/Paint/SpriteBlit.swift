// One textured, tinted, rotated quad composited straight into a surface: the particle
// kernel. A particle system draws thousands of small sprites a frame; going through the
// general path (a coverage rasterizer, a shader, a blitter per sprite) costs microseconds
// each before the first pixel. Here a sprite is one loop over its device box: each pixel
// centre maps back to a texel by the inverse affine map, is sampled bilinearly with
// transparent texels outside the source rectangle (so the sprite's edges come out
// anti-aliased by the filter itself, no coverage pass), tinted, and blended source-over or
// additively. The only state besides the destination is a per-blitter cache of the source
// rectangles copied with a transparent border (`SpriteTexture`), so the pixel loop needs no
// bounds test per texel.
//
// Arithmetic is 8-bit fixed point on packed pixels (two 8-bit channels per 32-bit lane, the
// 0x00FF00FF trick): bilinear weights are quantized to 1/256, the tint to 1/256 of its value,
// and source-over divides by 255 exactly (rounded). Against a float evaluation of the same
// filter every channel is within 2 levels (SpriteBlitTests); a particle is a few hundred
// pixels, so this — not the setup — is what a frame of ten thousand of them costs.
import CLaminaKernels
import Foundation

/// A rectangle of surface pixels, half-open: x0 ..< x1 × y0 ..< y1.
package struct SpriteBox: Equatable, Sendable {
    package var x0: Int, y0: Int, x1: Int, y1: Int
    package init(x0: Int, y0: Int, x1: Int, y1: Int) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}

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
    /// Source rectangles with their transparent border, by level surface and rectangle: the
    /// caller's when it keeps one from frame to frame (a particle system's sprites come from
    /// the same few rectangles every frame), else the blitter's own.
    private let textures: SpriteTextureCache
    /// Sprites go through the AVX2 kernel (`lamina_avx2_sprite`, the same bytes) when the CPU
    /// has it; tests clear this to compare it with the Swift loop.
    package var usesVectorRows = lamina_kernels_use_avx2() != 0

    package init(surface: Surface, clip: AlphaMask? = nil, clipX: Int = 0, clipY: Int = 0,
                 textures: SpriteTextureCache = SpriteTextureCache()) {
        self.surface = surface
        self.textures = textures
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
    ///
    /// `within` (surface pixels, half-open) limits the pixels written: drawing a sprite in
    /// pieces, one per rectangle of a partition, writes exactly the bytes one whole draw writes
    /// (each pixel's sample depends only on the sprite, not on where drawing starts).
    package func draw(_ image: SampledImage, sx0: Int, sy0: Int, sx1: Int, sy1: Int, toSurface m: PaintAffine,
                      r: Float, g: Float, b: Float, a: Float, blend: SpriteBlend, within: SpriteBox? = nil) {
        guard let plan = plan(image, sx0: sx0, sy0: sy0, sx1: sx1, sy1: sy1, toSurface: m,
                              r: r, g: g, b: b, a: a, blend: blend) else { return }
        draw(plan, within: within)
    }

    /// What `draw` works out once per sprite — the inverse map, the mip level, the bordered
    /// texture, the device box, the tint — so that a sprite drawn in several pieces (tile by
    /// tile) pays for it once. Nil when the sprite can draw nothing (transparent, empty
    /// rectangle, singular or non-finite map).
    package func plan(_ image: SampledImage, sx0: Int, sy0: Int, sx1: Int, sy1: Int, toSurface m: PaintAffine,
                      r: Float, g: Float, b: Float, a: Float, blend: SpriteBlend) -> SpritePlan? {
        guard a > 0, sx1 > sx0, sy1 > sy0, let inverse = m.inverted() else { return nil }
        // Texels per surface pixel along the sprite's axes: the level that brings it near 1.
        var level = 0
        // (Squared lengths below 3.99 have both hypotenuses below 2 whatever the rounding:
        // level 0 without the two hypot calls, the common case of particles near their size.)
        if image.levels.count > 1,
           !(inverse.a * inverse.a + inverse.b * inverse.b < 3.99 && inverse.c * inverse.c + inverse.d * inverse.d < 3.99) {
            let shrink = max(hypot(inverse.a, inverse.b), hypot(inverse.c, inverse.d))
            if shrink >= 2 {
                level = Int(min(Double(image.levels.count - 1), log2(min(shrink, 0x1p60)).rounded(.down)))
            }
        }
        let src = image.levels[level]
        let f = Double(1 << level)
        // Source rectangle in this level's texels (rounded outwards).
        let lx0 = max(0, Int((Double(sx0) / f).rounded(.down))), ly0 = max(0, Int((Double(sy0) / f).rounded(.down)))
        let lx1 = min(src.width, Int((Double(sx1) / f).rounded(.up))), ly1 = min(src.height, Int((Double(sy1) / f).rounded(.up)))
        guard lx1 > lx0, ly1 > ly0 else { return nil }
        guard let box = deviceBox(sx0: sx0, sy0: sy0, sx1: sx1, sy1: sy1, toSurface: m) else { return nil }
        let texture = textures.texture(src, x0: lx0, y0: ly0, x1: lx1, y1: ly1)
        // Every texel transparent: nothing to draw (every sample is 0). The kernels index
        // texels with 32-bit ints (a texture of 2^31 texels, 8 GiB, is refused).
        guard texture.visible != nil, texture.count < Int(Int32.max) else { return nil }
        // Surface pixel centre → this level's texel coordinates, sampled at texel centres.
        let toLevel = inverse.concatenating(PaintAffine.scale(1 / f, 1 / f))
        return SpritePlan(box: box, texture: texture, lx0: lx0, ly0: ly0, lx1: lx1, ly1: ly1, toLevel: toLevel,
                          tint: PackedTint(r: r, g: g, b: b, a: a), additive: blend == .additive)
    }

    /// Draws the sprites `order[0]`, `order[1]`, … of `batch` (planned by this blitter), in
    /// that order, limited to `within` when given: the bytes of drawing each with
    /// `draw(_:within:)` one after another. With the vector kernel the whole list is one call,
    /// which prefetches each next sprite's rows while it draws one.
    package func draw(_ batch: SpriteBatch, order: UnsafeBufferPointer<Int32>, within: SpriteBox? = nil) {
        guard !order.isEmpty else { return }
        if !usesVectorRows {
            for i in order { draw(record: batch.records[Int(i)], within: within) }
            return
        }
        guard let area = drawableArea(within) else { return }
        batch.records.withUnsafeBufferPointer { records in
            lamina_avx2_sprite_list(surface.row32(0), surface.bytesPerRow / 4, area.x0, area.y0, area.x1, area.y1,
                                    max(0, within?.x0 ?? 0), min(surface.width, within?.x1 ?? surface.width),
                                    records.baseAddress, order.baseAddress, order.count,
                                    clip.map { UnsafePointer($0.row(0)) }, clip?.width ?? 0, clipX, clipY)
        }
    }

    /// The surface pixels a draw limited to `within` may change: the surface, the clip's
    /// rectangle and `within`; nil when empty.
    private func drawableArea(_ within: SpriteBox?) -> SpriteBox? {
        var x0 = 0, y0 = 0, x1 = surface.width, y1 = surface.height
        if let clip {
            x0 = max(x0, clipX); y0 = max(y0, clipY)
            x1 = min(x1, clipX + clip.width); y1 = min(y1, clipY + clip.height)
        }
        if let within {
            x0 = max(x0, within.x0); y0 = max(y0, within.y0); x1 = min(x1, within.x1); y1 = min(y1, within.y1)
        }
        return x1 > x0 && y1 > y0 ? SpriteBox(x0: x0, y0: y0, x1: x1, y1: y1) : nil
    }

    /// Draws a planned sprite (see `draw(_:sx0:sy0:sx1:sy1:toSurface:r:g:b:a:blend:within:)`),
    /// limited to `within` when given.
    package func draw(_ plan: SpritePlan, within: SpriteBox? = nil) {
        withExtendedLifetime(plan.texture) { draw(record: plan.record, within: within) }
    }

    /// Draws the sprite `s` (a plan's record: its texture must be alive), limited to `within`.
    private func draw(record s: lamina_sprite, within: SpriteBox?) {
        guard let area = drawableArea(within) else { return }
        let x0 = max(area.x0, s.bx0), y0 = max(area.y0, s.by0), x1 = min(area.x1, s.bx1), y1 = min(area.y1, s.by1)
        guard x1 > x0, y1 > y0 else { return }
        if usesVectorRows {
            // Pixels of the row the kernel may rewrite unchanged (its last eight-pixel chunk
            // may run past the span): the part of the surface this draw owns (the tile when
            // drawing tile by tile).
            let writeX0 = max(0, within?.x0 ?? 0), writeX1 = min(surface.width, within?.x1 ?? surface.width)
            withUnsafePointer(to: s) { sp in
                lamina_avx2_sprite(surface.row32(0), surface.bytesPerRow / 4, x0, y0, x1, y1, writeX0, writeX1, sp,
                                   clip.map { UnsafePointer($0.row(0)) }, clip?.width ?? 0, clipX, clipY)
            }
            return
        }
        // Samples with u in (uMin, uMax) and v in (vMin, vMax) have a tap inside the
        // rectangle; the texture's border makes every tap of such a sample readable.
        let uMin = s.uMin, vMin = s.vMin, uMax = s.uMax, vMax = s.vMax
        let stride = s.stride, lx0 = Int(s.lx0), ly0 = Int(s.ly0), bx0 = s.bx0
        let toLevel = PaintAffine(a: s.a, b: s.b, c: s.c, d: s.d, tx: s.tx, ty: s.ty)
        let ta = Float(s.a), tb = Float(s.b)
        let tint = PackedTint(factors: s.tint)
        let additive = s.additive != 0
        let t = s.texels!
        for y in y0..<y1 {
            let row = surface.row32(y)
            let clipRow = clip.map { $0.row(y - clipY) - clipX }
            // Texel position of the box's first pixel centre on this row, minus half a
            // texel (bilinear); computed per row from the map (no drift down the sprite),
            // and per pixel as a multiple of the step from it (the same sample wherever
            // drawing starts: see `within`).
            let p = toLevel.apply(Double(bx0) + 0.5, Double(y) + 0.5)
            let u0 = Float(p.x) - 0.5, v0 = Float(p.y) - 0.5
            // Only the pixels whose sample can pass the test below (a rotated sprite fills
            // about half its box): a superset, so the bytes are those of the whole row.
            guard let (x0, x1) = Self.rowSpan(x0: x0, x1: x1, bx0: bx0, u0: u0, v0: v0, du: ta, dv: tb,
                                              uMin: uMin, vMin: vMin, uMax: uMax, vMax: vMax)
            else { continue }
            for x in x0..<x1 {
                let k = Float(x - bx0)
                let u = u0 + k * ta, v = v0 + k * tb
                guard u > uMin, v > vMin, u < uMax, v < vMax else { continue }
                let fu = u.rounded(.down), fv = v.rounded(.down)
                // Texel (iu, iv) of the level is texture texel (iu − lx0 + 1, iv − ly0 + 1).
                let i = (Int(fv) - ly0 + 1) * stride + (Int(fu) - lx0 + 1)
                let wu = UInt32((u - fu) * 256 + 0.5), wv = UInt32((v - fv) * 256 + 0.5)
                let top = Self.lerp(t[i], t[i + 1], wu)
                let bottom = Self.lerp(t[i + stride], t[i + stride + 1], wu)
                var c = tint.apply(Self.lerp(top, bottom, wv))
                if let clipRow { c = Self.scale(c, UInt32(clipRow[x]) + (UInt32(clipRow[x]) >> 7)) }
                if c == 0 { continue }
                row[x] = additive ? Self.addSaturating(c, row[x]) : Self.sourceOver(c, row[x])
            }
        }
    }

    /// The pixels of `x0 ..< x1` whose samples u = u0 + k·du, v = v0 + k·dv (k = x − bx0) can
    /// satisfy uMin < u < uMax and vMin < v < vMax, widened by two pixels for Float rounding
    /// (a superset: each pixel is still tested); nil when none can. Steps under 1/64 texel a
    /// pixel and coordinates beyond 2^16 texels are not used to narrow (their rounding,
    /// divided by the step, is not small).
    @inline(__always)
    static func rowSpan(x0: Int, x1: Int, bx0: Int, u0: Float, v0: Float, du: Float, dv: Float,
                        uMin: Float, vMin: Float, uMax: Float, vMax: Float) -> (Int, Int)? {
        var lo = Double(x0 - bx0), hi = Double(x1 - 1 - bx0)
        func narrow(_ c0: Float, _ step: Float, _ cMin: Float, _ cMax: Float) {
            guard abs(step) >= 1.0 / 64, abs(c0) < 65536, abs(cMin) < 65536, abs(cMax) < 65536 else { return }
            let a = (Double(cMin) - Double(c0)) / Double(step), b = (Double(cMax) - Double(c0)) / Double(step)
            lo = max(lo, min(a, b) - 2)
            hi = min(hi, max(a, b) + 2)
        }
        narrow(u0, du, uMin, uMax)
        narrow(v0, dv, vMin, vMax)
        guard lo <= hi else { return nil }
        let from = max(x0, bx0 + Int(lo.rounded(.down))), to = min(x1, bx0 + Int(hi.rounded(.up)) + 1)
        return to > from ? (from, to) : nil
    }

    /// The surface pixels (half-open, not clipped to the surface) a sprite placed by `m` can
    /// change: the box of its quad grown by a pixel for the filter's soft edge; nil when the
    /// map is not finite. Far-off boxes are clamped to one pixel outside the surface.
    package func deviceBox(sx0: Int, sy0: Int, sx1: Int, sy1: Int, toSurface m: PaintAffine) -> SpriteBox? {
        let c0 = m.apply(Double(sx0), Double(sy0)), c1 = m.apply(Double(sx1), Double(sy0))
        let c2 = m.apply(Double(sx0), Double(sy1)), c3 = m.apply(Double(sx1), Double(sy1))
        let minX = min(min(c0.x, c1.x), min(c2.x, c3.x)), maxX = max(max(c0.x, c1.x), max(c2.x, c3.x))
        let minY = min(min(c0.y, c1.y), min(c2.y, c3.y)), maxY = max(max(c0.y, c1.y), max(c2.y, c3.y))
        guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        let w = Double(surface.width), h = Double(surface.height)
        func clamp(_ v: Double, _ hi: Double) -> Int { Int(min(hi + 1, max(-1, v))) }
        return SpriteBox(x0: clamp((minX - 1).rounded(.down), w), y0: clamp((minY - 1).rounded(.down), h),
                         x1: clamp((maxX + 1).rounded(.up), w), y1: clamp((maxY + 1).rounded(.up), h))
    }

    /// `p + (q − p)·f/256` per channel (f in 0…256), rounded.
    @inline(__always)
    static func lerp(_ p: UInt32, _ q: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let rb = (((p & 0x00FF_00FF) &* g) &+ ((q & 0x00FF_00FF) &* f) &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = ((((p >> 8) & 0x00FF_00FF) &* g) &+ (((q >> 8) & 0x00FF_00FF) &* f) &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// Every channel times `f`/256 (f in 0…256), rounded.
    @inline(__always)
    static func scale(_ p: UInt32, _ f: UInt32) -> UInt32 {
        let rb = (((p & 0x00FF_00FF) &* f) &+ 0x0080_0080) >> 8 & 0x00FF_00FF
        let ag = ((((p >> 8) & 0x00FF_00FF) &* f) &+ 0x0080_0080) & 0xFF00_FF00
        return rb | ag
    }

    /// Premultiplied source-over: s + d·(255 − sa)/255, the division exact and rounded.
    @inline(__always)
    static func sourceOver(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let m = 255 &- (s >> 24)
        if m == 0 { return s }
        var rb = ((d & 0x00FF_00FF) &* m) &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = (((d >> 8) & 0x00FF_00FF) &* m) &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        // No channel overflows: s's channels are at most its alpha.
        return s &+ (rb | ag)
    }

    /// min(255, s + d) per channel.
    @inline(__always)
    static func addSaturating(_ s: UInt32, _ d: UInt32) -> UInt32 {
        var rb = (s & 0x00FF_00FF) &+ (d & 0x00FF_00FF)
        var ag = ((s >> 8) & 0x00FF_00FF) &+ ((d >> 8) & 0x00FF_00FF)
        // A carry into bit 8 of a lane means over 255: fill that lane with 0xFF.
        rb |= ((rb >> 8) & 0x0001_0001) &* 0xFF
        ag |= ((ag >> 8) & 0x0001_0001) &* 0xFF
        return (rb & 0x00FF_00FF) | ((ag & 0x00FF_00FF) << 8)
    }
}

/// A premultiplied tint as 1/256 fixed-point factors per channel.
struct PackedTint {
    let r: UInt32, g: UInt32, b: UInt32, a: UInt32
    /// One factor for all channels (a grey tint over the alpha): one packed multiply.
    let uniform: Bool

    init(r: Float, g: Float, b: Float, a: Float) {
        func q(_ v: Float) -> UInt32 { UInt32(min(256, max(0, v * 256 + 0.5))) }
        self.r = q(r); self.g = q(g); self.b = q(b); self.a = q(a)
        uniform = self.r == self.a && self.g == self.a && self.b == self.a
    }

    /// The tint of already quantized factors (r, g, b, a in 0…256).
    init(factors f: (UInt16, UInt16, UInt16, UInt16)) {
        r = UInt32(f.0); g = UInt32(f.1); b = UInt32(f.2); a = UInt32(f.3)
        uniform = r == a && g == a && b == a
    }

    @inline(__always)
    func apply(_ p: UInt32) -> UInt32 {
        if uniform { return SpriteBlitter.scale(p, a) }
        let cr = ((p & 0xFF) &* r &+ 128) >> 8
        let cg = (((p >> 8) & 0xFF) &* g &+ 128) >> 8
        let cb = (((p >> 16) & 0xFF) &* b &+ 128) >> 8
        let ca = ((p >> 24) &* a &+ 128) >> 8
        // Keep premultiplied: no colour above the alpha (tints with colour ≤ alpha round
        // there at most by one).
        return min(cr, ca) | (min(cg, ca) << 8) | (min(cb, ca) << 16) | (ca << 24)
    }
}

/// A source rectangle of a surface copied with a one-texel transparent border, so the
/// bilinear taps of any sample touching the rectangle are inside the buffer. A class owning
/// its buffer, so a plan can hand the kernel a pointer that stays put.
final class SpriteTexture {
    let texels: UnsafeMutablePointer<UInt32>
    /// Texels per row (the rectangle's width + 2).
    let stride: Int
    let count: Int
    /// The octagon around the texels that are not transparent (0), in texture texels (the
    /// border's included, so the rectangle's texel (0, 0) is (1, 1)): their least and greatest
    /// column i, row j, i + j and i − j. Nil when every texel is transparent.
    let visible: (iMin: Int, iMax: Int, jMin: Int, jMax: Int, sMin: Int, sMax: Int, dMin: Int, dMax: Int)?

    /// A texel index whose 2×2 block is transparent: two extra rows below the border (the
    /// vector kernel's skipped lanes read it).
    let zeroIndex: Int
    /// Whether every texel is premultiplied (no colour byte above its alpha): then tints whose
    /// colour factors are at most the alpha factor need no clamp (every step is monotone).
    let premultiplied: Bool
    /// When every texel is white (its four bytes equal: a white image at any alpha, as most
    /// particle images are, tinted by their cell's colour): for each texel index i of
    /// `texels`, the alphas of texels i, i + 1, i + stride and i + stride + 1 as the bytes of
    /// one word (0 past the end). The vector kernel then gathers one word a pixel instead of
    /// four texels and filters one channel: every channel's bilinear is the same number, so
    /// the bytes are the same. Nil otherwise.
    let alphaBlocks: UnsafeMutablePointer<UInt32>?

    init(_ src: Surface, x0: Int, y0: Int, x1: Int, y1: Int) {
        stride = x1 - x0 + 2
        zeroIndex = stride * (y1 - y0 + 2)
        count = stride * (y1 - y0 + 4)
        texels = .allocate(capacity: count)
        texels.initialize(repeating: 0, count: count)
        var v = (iMin: Int.max, iMax: Int.min, jMin: Int.max, jMax: Int.min,
                 sMin: Int.max, sMax: Int.min, dMin: Int.max, dMax: Int.min)
        var premultiplied = true, white = true
        for y in y0..<y1 {
            let row = src.row32(y)
            let j = y - y0 + 1
            let base = j * stride + 1
            for x in x0..<x1 {
                texels[base + x - x0] = row[x]
                let p = row[x]
                guard p != 0 else { continue }
                let a = p >> 24
                if p & 0xFF > a || (p >> 8) & 0xFF > a || (p >> 16) & 0xFF > a { premultiplied = false }
                if p != a &* 0x0101_0101 { white = false }
                let i = x - x0 + 1
                v.iMin = min(v.iMin, i); v.iMax = max(v.iMax, i)
                v.jMin = min(v.jMin, j); v.jMax = max(v.jMax, j)
                v.sMin = min(v.sMin, i + j); v.sMax = max(v.sMax, i + j)
                v.dMin = min(v.dMin, i - j); v.dMax = max(v.dMax, i - j)
            }
        }
        visible = v.iMin <= v.iMax ? v : nil
        self.premultiplied = premultiplied
        if white {
            let blocks = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
            let t = texels, n = count, s = stride
            func alpha(_ i: Int) -> UInt32 { i < n ? t[i] >> 24 : 0 }
            for i in 0..<n {
                blocks[i] = alpha(i) | alpha(i + 1) << 8 | alpha(i + s) << 16 | alpha(i + s + 1) << 24
            }
            alphaBlocks = blocks
        } else {
            alphaBlocks = nil
        }
    }

    deinit {
        texels.deallocate()
        alphaBlocks?.deallocate()
    }
}

/// The textures blitters made, by source surface and rectangle (a particle system draws
/// thousands of sprites from a handful of them). One cache may serve the blitters of many
/// frames (`SpriteBlitter.init(…textures:)`): its sources are image levels, which are never
/// written once made, and an entry holds its surface, so the identity it is keyed by cannot
/// pass to another surface while it is cached. Call `beginUse()` once per blitter's batch:
/// entries no batch asked for in the last `keptUses` are dropped, and all of them when they
/// hold more than `maxTexels`. Not thread-safe: one thread's at a time.
package final class SpriteTextureCache {
    private struct Key: Hashable { let surface: ObjectIdentifier; let x0, y0, x1, y1: Int }
    private struct Entry {
        let source: Surface
        let texture: SpriteTexture
        var lastUse: Int
    }
    private var entries: [Key: Entry] = [:]
    /// The last texture asked for (consecutive particles are mostly of one cell and level).
    private var last: (key: Key, texture: SpriteTexture)?
    /// Uses (`beginUse`) counted so far; the current one.
    private var use = 0
    private var texels = 0
    /// Uses an unused entry survives (several emitters drawn one after another share a cache).
    static let keptUses = 8
    /// Most texels (4 bytes each, border included) kept: 16 MiB.
    static let maxTexels = 1 << 22

    package init() {}

    /// Starts a batch of sprites: drops the entries the last `keptUses` batches did not use.
    package func beginUse() {
        use += 1
        last = nil
        if texels > Self.maxTexels {
            entries.removeAll(keepingCapacity: true)
            texels = 0
            return
        }
        guard entries.contains(where: { use - $0.value.lastUse > Self.keptUses }) else { return }
        for (key, entry) in entries where use - entry.lastUse > Self.keptUses {
            entries[key] = nil
            texels -= entry.texture.count
        }
    }

    /// Textures held now (for tests).
    package var count: Int { entries.count }

    func texture(_ src: Surface, x0: Int, y0: Int, x1: Int, y1: Int) -> SpriteTexture {
        let key = Key(surface: ObjectIdentifier(src), x0: x0, y0: y0, x1: x1, y1: y1)
        if let last, last.key == key { return last.texture }
        let t: SpriteTexture
        if let i = entries.index(forKey: key) {
            t = entries.values[i].texture
            entries.values[i].lastUse = use
        } else {
            t = SpriteTexture(src, x0: x0, y0: y0, x1: x1, y1: y1)
            entries[key] = Entry(source: src, texture: t, lastUse: use)
            texels += t.count
        }
        last = (key, t)
        return t
    }
}

/// A sprite prepared by `SpriteBlitter.plan`: everything its pixels depend on but the part of
/// the surface being drawn. Valid only with the blitter that made it (its texture is that
/// blitter's).
package struct SpritePlan {
    /// The surface pixels the sprite can change (not clipped to the surface).
    package let box: SpriteBox
    /// Keeps the texels `record` points to alive.
    let texture: SpriteTexture
    /// The sprite as the kernels take it: texture pointers, the map from surface pixels to the
    /// mip level's texels, the sample ranges, the visible octagon, the box, the tint.
    let record: lamina_sprite

    init(box: SpriteBox, texture: SpriteTexture, lx0: Int, ly0: Int, lx1: Int, ly1: Int, toLevel: PaintAffine,
         tint: PackedTint, additive: Bool) {
        self.box = box
        self.texture = texture
        // Samples with u in (lx0 − 1, lx1) and v in (ly0 − 1, ly1) have a tap inside the
        // rectangle; the texture's border makes every tap of such a sample readable.
        let fx0 = Float(lx0), fy0 = Float(ly0), fx1 = Float(lx1), fy1 = Float(ly1)
        // The visible octagon in level texel coordinates (texture texel i is level texel
        // i − 1 + lx0). A sample (u, v) taps texels ⌊u⌋ and ⌊u⌋ + 1 across, ⌊v⌋ and ⌊v⌋ + 1
        // down: one of them is visible only if u ∈ [iMin − 1, iMax + 1), u + v ∈
        // [sMin − 2, sMax + 2), u − v ∈ (dMin − 2, dMax + 2), and likewise v. (A plan exists
        // only for a texture with a visible texel.)
        let vis = texture.visible ?? (0, 0, 0, 0, 0, 0, 0, 0)
        let ou = lx0 - 1, ov = ly0 - 1
        // The clamp to the alpha changes nothing when the texels are premultiplied and no
        // colour factor exceeds the alpha's (bilinear and tint are monotone).
        let clamps = !tint.uniform && !(texture.premultiplied && max(tint.r, tint.g, tint.b) <= tint.a)
        record = lamina_sprite(texels: UnsafePointer(texture.texels), alphaBlocks: texture.alphaBlocks.map { UnsafePointer($0) },
                               stride: texture.stride, lx0: Int32(lx0), ly0: Int32(ly0), zeroIndex: Int32(texture.zeroIndex),
                               a: toLevel.a, b: toLevel.b, c: toLevel.c, d: toLevel.d, tx: toLevel.tx, ty: toLevel.ty,
                               uMin: fx0 - 1, vMin: fy0 - 1, uMax: fx1, vMax: fy1,
                               cuMin: Float(vis.iMin + ou - 1), cuMax: Float(vis.iMax + ou + 1),
                               cvMin: Float(vis.jMin + ov - 1), cvMax: Float(vis.jMax + ov + 1),
                               csMin: Float(vis.sMin + ou + ov - 2), csMax: Float(vis.sMax + ou + ov + 2),
                               cdMin: Float(vis.dMin + ou - ov - 2), cdMax: Float(vis.dMax + ou - ov + 2),
                               bx0: box.x0, by0: box.y0, bx1: box.x1, by1: box.y1,
                               tint: (UInt16(tint.r), UInt16(tint.g), UInt16(tint.b), UInt16(tint.a)),
                               clampToAlpha: clamps ? 1 : 0, additive: additive ? 1 : 0)
    }
}

/// Planned sprites kept for drawing as a list (`SpriteBlitter.draw(_:order:within:)`): their
/// kernel records side by side, without the plans' references (the blitter that planned
/// them keeps their textures alive). Reusable: `removeAll` keeps the storage.
package struct SpriteBatch {
    fileprivate(set) var records: [lamina_sprite] = []

    package init() {}

    package var count: Int { records.count }
    package func box(_ i: Int) -> SpriteBox {
        let r = records[i]
        return SpriteBox(x0: r.bx0, y0: r.by0, x1: r.bx1, y1: r.by1)
    }

    package mutating func append(_ plan: SpritePlan) { records.append(plan.record) }
    package mutating func removeAll() { records.removeAll(keepingCapacity: true) }
    package mutating func reserveCapacity(_ n: Int) { records.reserveCapacity(n) }
}

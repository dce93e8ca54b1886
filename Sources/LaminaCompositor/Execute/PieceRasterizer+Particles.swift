// An emitter's particles: evaluated at the emitter's time (ParticleEvaluator), then each
// drawn as its cell's image — centred on the particle, scaled, rotated, multiplied by the
// particle's colour — by `SpriteBlitter`, tile by tile when there are many (`ParticleTiles`).
// Source-over, or additive for `renderMode = .additive` (CG's plusLighter). Cells without an
// image draw nothing.
import CoreGraphics
import LaminaRaster

extension PieceRasterizer {
    func particles(_ e: EmitterContent, _ t: CGAffineTransform, into target: RasterTarget, alpha: Double, tint: RenderTint) {
        guard let surface = target.surface, alpha > 0 else { return }
        let evaluator = particleEvaluator
        evaluator.evaluate(e)
        guard !evaluator.particles.isEmpty else { return }
        let scratch = particleScratch
        // Per cell: its sampled image and source rectangle (pixels), looked up once.
        scratch.sprites.removeAll(keepingCapacity: true)
        for cell in evaluator.cells { scratch.sprites.append(CellSprite(cell, images: images)) }
        let sprites = scratch.sprites // (a second reference for this call only: the next emitter's `removeAll` finds it unshared)
        scratch.textures.beginUse()
        var blitter = SpriteBlitter(surface: surface, textures: scratch.textures)
        if let clip = target.clips.last {
            blitter = SpriteBlitter(surface: surface, clip: clip.mask, clipX: clip.x - target.originX, clipY: clip.y - target.originY,
                                    textures: scratch.textures)
        }
        let toSurface = Self.paintAffine(t)
        let blend: SpriteBlend = e.renderOrder == .additive ? .additive : .normal
        let alphaScale = alpha * tint.alpha
        scratch.batch.removeAll()
        scratch.batch.reserveCapacity(evaluator.particles.count)
        // A region render (one band of a frame split across threads) plans only the sprites
        // that can reach its pixels: each sprite lies within its source rectangle's half
        // diagonal (scaled by the particle and by the map's Frobenius norm, which bounds how
        // far it stretches) of the particle's centre; 2 pixels more cover the filter's soft
        // edge and the box's rounding. Those left out would draw nothing inside the limit.
        let cull = target.limit.map { l in (l, (toSurface.a * toSurface.a + toSurface.b * toSurface.b
                                                + toSurface.c * toSurface.c + toSurface.d * toSurface.d).squareRoot()) }
        let selection = e.selection
        for (i, p) in evaluator.particles.enumerated() {
            if let selection, !selection.contains(i) { continue } // another run's particle (ParticleDepthRuns.swift)
            guard let sprite = sprites[Int(p.cell)], p.scale > 0, p.a > 0 else { continue }
            let k = p.scale / sprite.contentsScale
            if let (l, stretch) = cull {
                let r = sprite.halfDiagonal * k * stretch + 2
                let o = toSurface.apply(p.x, p.y)
                // (Comparisons with NaN are false: such sprites go on to `plan`, which refuses them.)
                if o.y + r < Double(l.y0) || o.y - r > Double(l.y1) || o.x + r < Double(l.x0) || o.x - r > Double(l.x1) {
                    continue
                }
            }
            let turn = sinCos(p.angle)
            let c = turn.cos * k, s = turn.sin * k
            // Texel → bounds space: centre the source rectangle, scale, rotate, move to the
            // particle; then bounds → surface pixels.
            let cx = Double(sprite.x0 + sprite.x1) / 2, cy = Double(sprite.y0 + sprite.y1) / 2
            let local = PaintAffine(a: c, b: s, c: -s, d: c, tx: p.x - (c * cx - s * cy), ty: p.y - (s * cx + c * cy))
            let m = local.concatenating(toSurface)
            let a = Float(alphaScale) * p.a
            // Premultiplied tint, scaled to texel bytes (0…255) → output bytes. Planned once
            // (inverse map, mip level, texture), however many tiles the sprite touches.
            guard let plan = blitter.plan(sprite.image, sx0: sprite.x0, sy0: sprite.y0, sx1: sprite.x1, sy1: sprite.y1,
                                          toSurface: m, r: p.r * Float(tint.red) * a, g: p.g * Float(tint.green) * a,
                                          b: p.b * Float(tint.blue) * a, a: a, blend: blend)
            else { continue }
            let box = plan.box
            guard box.x1 > max(0, box.x0), box.y1 > max(0, box.y0), box.x0 < surface.width, box.y0 < surface.height
            else { continue }
            scratch.batch.append(plan)
        }
        let batch = scratch.batch
        guard batch.count > 0 else { return }
        // A region render's limit: sprites clipped to it draw the same bytes inside it.
        let limit = target.limit.map { SpriteBox(x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) }
        func draw(_ order: UnsafeBufferPointer<Int32>, within tile: SpriteBox?) {
            var tile = tile
            if let l = limit {
                let t = tile ?? SpriteBox(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
                let c = SpriteBox(x0: max(l.x0, t.x0), y0: max(l.y0, t.y0), x1: min(l.x1, t.x1), y1: min(l.y1, t.y1))
                guard c.x1 > c.x0, c.y1 > c.y0 else { return }
                tile = c
            }
            blitter.draw(batch, order: order, within: tile)
        }
        // Thousands of sprites scattered over a large surface miss the cache on every row they
        // blend into. Drawn tile by tile instead (each tile's sprites in particle order, each
        // clipped to the tile), the destination stays in cache; every pixel still receives its
        // sprites in the same order, so the bytes are those of drawing them one after another.
        let tiles = ParticleTiles(width: surface.width, height: surface.height)
        guard batch.count >= ParticleTiles.minimumSprites, tiles.count > 1 else {
            scratch.order.removeAll(keepingCapacity: true)
            scratch.order.append(contentsOf: 0..<Int32(batch.count))
            scratch.order.withUnsafeBufferPointer { draw($0, within: nil) }
            return
        }
        tiles.bin(count: batch.count, box: batch.box, into: scratch)
        scratch.order.withUnsafeBufferPointer { order in
            for t in 0..<tiles.count where scratch.starts[t] < scratch.starts[t + 1] {
                let members = UnsafeBufferPointer(rebasing: order[Int(scratch.starts[t])..<Int(scratch.starts[t + 1])])
                draw(members, within: tiles.rect(t))
            }
        }
    }
}

/// Buffers for drawing an emitter's particles, kept by the rasterizer from emitter to emitter
/// and frame to frame (after the first frames, drawing particles allocates nothing per
/// particle).
final class ParticleScratch {
    /// The frame's planned sprites.
    var batch = SpriteBatch()
    /// Sprite indices grouped by tile (tile t's are `order[starts[t] ..< starts[t + 1]]`,
    /// each group in increasing order), or all of them in order when not tiled.
    var order: [Int32] = []
    var starts: [Int32] = []
    /// Where each tile's next index goes while binning.
    var next: [Int32] = []
    /// The emitter's cells as sprites (nil: a cell that draws nothing), by cell index.
    fileprivate var sprites: [CellSprite?] = []
    /// The bordered source rectangles of the sprites, kept from frame to frame.
    let textures = SpriteTextureCache()
}

/// The surface cut into tiles of `size` pixels (128 × 64: 32 KiB of destination, an L1
/// cache's worth), for drawing sprites tile by tile.
struct ParticleTiles {
    static let tileWidth = 128, tileHeight = 64
    /// Fewer sprites than this are drawn in one pass (binning would cost more than it saves).
    static let minimumSprites = 256
    let width: Int, height: Int
    let columns: Int, rows: Int
    var count: Int { columns * rows }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        columns = max(1, (width + Self.tileWidth - 1) / Self.tileWidth)
        rows = max(1, (height + Self.tileHeight - 1) / Self.tileHeight)
    }

    /// Tile `t`'s rectangle (row-major numbering), clipped to the surface.
    func rect(_ t: Int) -> SpriteBox {
        let c = t % columns, r = t / columns
        return SpriteBox(x0: c * Self.tileWidth, y0: r * Self.tileHeight,
                         x1: min(width, (c + 1) * Self.tileWidth), y1: min(height, (r + 1) * Self.tileHeight))
    }

    /// The tiles (row-major) touched by `box`, as column and row ranges; nil when none.
    private func span(_ b: SpriteBox) -> (ClosedRange<Int>, ClosedRange<Int>)? {
        let c0 = max(0, b.x0) / Self.tileWidth, c1 = min(columns - 1, (min(width, b.x1) - 1) / Self.tileWidth)
        let r0 = max(0, b.y0) / Self.tileHeight, r1 = min(rows - 1, (min(height, b.y1) - 1) / Self.tileHeight)
        guard c1 >= c0, r1 >= r0 else { return nil }
        return (c0...c1, r0...r1)
    }

    /// Groups sprites 0 ..< `count` by the tiles their boxes (`box(i)`, surface pixels) touch:
    /// tile t's sprites are `scratch.order[scratch.starts[t] ..< scratch.starts[t + 1]]`, in
    /// increasing order (a counting sort: one pass to count, one to place).
    func bin(count n: Int, box: (Int) -> SpriteBox, into scratch: ParticleScratch) {
        scratch.starts.removeAll(keepingCapacity: true)
        scratch.starts.append(contentsOf: repeatElement(0, count: count + 1))
        var total = 0
        scratch.starts.withUnsafeMutableBufferPointer { starts in
            for i in 0..<n {
                guard let (cs, rs) = span(box(i)) else { continue }
                for r in rs { for c in cs { starts[r * columns + c + 1] += 1 } }
            }
            for t in 0..<count { starts[t + 1] += starts[t] }
            total = Int(starts[count])
        }
        scratch.order.removeAll(keepingCapacity: true)
        scratch.order.append(contentsOf: repeatElement(0, count: total))
        scratch.next.removeAll(keepingCapacity: true)
        scratch.next.append(contentsOf: scratch.starts.dropLast())
        scratch.order.withUnsafeMutableBufferPointer { order in
            scratch.next.withUnsafeMutableBufferPointer { next in
                for i in 0..<n {
                    guard let (cs, rs) = span(box(i)) else { continue }
                    for r in rs {
                        for c in cs {
                            let t = r * columns + c
                            order[Int(next[t])] = Int32(i)
                            next[t] += 1
                        }
                    }
                }
            }
        }
    }
}

/// What drawing a cell's particles needs of the cell.
private struct CellSprite {
    let image: SampledImage
    /// The source rectangle (contentsRect of the image), level-0 pixels.
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Image pixels per point (≥ a tiny positive value).
    let contentsScale: Double
    /// Half the source rectangle's diagonal, level-0 pixels: how far the sprite reaches from
    /// its centre at scale 1.
    let halfDiagonal: Double

    init?(_ cell: EmitterCellContent, images: ImageCache.Reader) {
        guard let cg = cell.image, cg.width > 0, cg.height > 0 else { return nil }
        let w = Double(cg.width), h = Double(cg.height)
        let r = cell.contentsRect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        x0 = Int(max(0, min(w, Double(r.minX) * w)).rounded())
        y0 = Int(max(0, min(h, Double(r.minY) * h)).rounded())
        x1 = Int(max(0, min(w, Double(r.maxX) * w)).rounded())
        y1 = Int(max(0, min(h, Double(r.maxY) * h)).rounded())
        guard x1 > x0, y1 > y0 else { return nil }
        halfDiagonal = hypot(Double(x1 - x0), Double(y1 - y0)) / 2
        contentsScale = cell.contentsScale.isFinite && cell.contentsScale > 1e-6 ? cell.contentsScale : 1
        // Sprites are often drawn much smaller than their image: any filter but nearest
        // samples the nearest mip level then (Apple's linear would shimmer).
        image = images.sampled(cg, mipmapped: cell.minificationFilter != .nearest)
    }
}

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
        // Per cell: its sampled image and source rectangle (pixels), looked up once.
        // The arrays are the rasterizer's, kept between frames (`ParticleScratch`).
        let scratch = particleScratch
        defer { scratch.clear() }
        scratch.sprites.removeAll(keepingCapacity: true)
        for cell in evaluator.cells { scratch.sprites.append(CellSprite(cell, images: images)) }
        var blitter = SpriteBlitter(surface: surface)
        if let clip = target.clips.last {
            blitter = SpriteBlitter(surface: surface, clip: clip.mask, clipX: clip.x - target.originX, clipY: clip.y - target.originY)
        }
        let toSurface = Self.paintAffine(t)
        let blend: SpriteBlend = e.renderOrder == .additive ? .additive : .normal
        let alphaScale = alpha * tint.alpha
        scratch.jobs.removeAll(keepingCapacity: true)
        scratch.jobs.reserveCapacity(evaluator.particles.count)
        for p in evaluator.particles {
            guard let sprite = scratch.sprites[Int(p.cell)], p.scale > 0, p.a > 0 else { continue }
            let k = p.scale / sprite.contentsScale
            let c = cos(p.angle) * k, s = sin(p.angle) * k
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
            scratch.jobs.append(plan)
        }
        // A region render's limit: sprites clipped to it draw the same bytes inside it.
        let limit = target.limit.map { SpriteBox(x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) }
        func draw(_ job: SpritePlan, within tile: SpriteBox?) {
            var tile = tile
            if let l = limit {
                let t = tile ?? SpriteBox(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
                let c = SpriteBox(x0: max(l.x0, t.x0), y0: max(l.y0, t.y0), x1: min(l.x1, t.x1), y1: min(l.y1, t.y1))
                guard c.x1 > c.x0, c.y1 > c.y0 else { return }
                tile = c
            }
            blitter.draw(job, within: tile)
        }
        // Thousands of sprites scattered over a large surface miss the cache on every row they
        // blend into. Drawn tile by tile instead (each tile's sprites in particle order, each
        // clipped to the tile), the destination stays in cache; every pixel still receives its
        // sprites in the same order, so the bytes are those of drawing them one after another.
        let tiles = ParticleTiles(width: surface.width, height: surface.height)
        guard scratch.jobs.count >= ParticleTiles.minimumSprites, tiles.count > 1 else {
            for job in scratch.jobs { draw(job, within: nil) }
            return
        }
        tiles.bin(scratch.jobs.count, box: { scratch.jobs[$0].box }, into: &scratch.bins)
        for t in 0..<tiles.count {
            let members = scratch.bins.members(of: t)
            guard !members.isEmpty else { continue }
            let tile = tiles.rect(t)
            for j in members { draw(scratch.jobs[j], within: tile) }
        }
    }
}

/// The working arrays of drawing an emitter, kept by a `PieceRasterizer` between frames so a
/// steady-state frame of 10,000 particles allocates none of them (the per-tile member lists
/// alone were 1,600 allocations a 1080p frame). Emptied after each emitter (`clear`), so no
/// image stays referenced.
final class ParticleScratch {
    /// Per emitter cell: its sampled image and source rectangle, or nil when it draws nothing.
    var sprites: [CellSprite?] = []
    /// The particles' planned sprites, in particle order.
    var jobs: [SpritePlan] = []
    /// The sprites of each tile (`ParticleTiles.bin`).
    var bins = ParticleBins()

    init() {}

    /// Empties the arrays, keeping their capacity.
    func clear() {
        sprites.removeAll(keepingCapacity: true)
        jobs.removeAll(keepingCapacity: true)
    }
}

/// Box indices grouped by tile, in one array: tile t's are `members[starts[t] ..< starts[t + 1]]`,
/// in increasing order (a counting sort, so refilling it allocates nothing once it has grown).
struct ParticleBins {
    fileprivate(set) var starts: [Int] = []
    fileprivate(set) var members: [Int] = []
    /// Where each tile's next member goes while filling.
    fileprivate var cursor: [Int] = []

    init() {}

    /// The indices of the boxes touching tile `t`, in increasing order.
    func members(of t: Int) -> ArraySlice<Int> {
        guard t >= 0, t + 1 < starts.count else { return [] }
        return members[starts[t] ..< starts[t + 1]]
    }
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

    /// For each tile that some box touches, in row-major order: its rectangle and the indices
    /// of the boxes touching it, in increasing order.
    func bin(_ boxes: [SpriteBox]) -> [(SpriteBox, [Int])] {
        var bins = ParticleBins()
        bin(boxes.count, box: { boxes[$0] }, into: &bins)
        return (0..<count).compactMap { t in
            let m = bins.members(of: t)
            return m.isEmpty ? nil : (rect(t), Array(m))
        }
    }

    /// Groups boxes `0 ..< n` (`box(i)`) by the tiles they touch into `bins`, replacing what
    /// it held: tile t lists the boxes touching it in increasing order.
    func bin(_ n: Int, box: (Int) -> SpriteBox, into bins: inout ParticleBins) {
        bins.starts.removeAll(keepingCapacity: true)
        bins.starts.append(contentsOf: repeatElement(0, count: count + 1))
        // Count each tile's boxes (at starts[t + 1]), sum them into starts, then fill.
        for i in 0..<n {
            guard let s = span(box(i)) else { continue }
            for r in s.r0...s.r1 { for c in s.c0...s.c1 { bins.starts[r * columns + c + 1] += 1 } }
        }
        for t in 0..<count { bins.starts[t + 1] += bins.starts[t] }
        bins.members.removeAll(keepingCapacity: true)
        bins.members.append(contentsOf: repeatElement(0, count: bins.starts[count]))
        bins.cursor.removeAll(keepingCapacity: true)
        bins.cursor.append(contentsOf: bins.starts)
        for i in 0..<n {
            guard let s = span(box(i)) else { continue }
            for r in s.r0...s.r1 {
                for c in s.c0...s.c1 {
                    bins.members[bins.cursor[r * columns + c]] = i
                    bins.cursor[r * columns + c] += 1
                }
            }
        }
    }

    /// Tile `t`'s pixels (edge tiles stop at the surface).
    func rect(_ t: Int) -> SpriteBox {
        let c = t % columns, r = t / columns
        return SpriteBox(x0: c * Self.tileWidth, y0: r * Self.tileHeight,
                         x1: min(width, (c + 1) * Self.tileWidth), y1: min(height, (r + 1) * Self.tileHeight))
    }

    /// The columns and rows of tiles `b` touches, or nil when it misses the surface.
    private func span(_ b: SpriteBox) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
        let c0 = max(0, b.x0) / Self.tileWidth, c1 = min(columns - 1, (min(width, b.x1) - 1) / Self.tileWidth)
        let r0 = max(0, b.y0) / Self.tileHeight, r1 = min(rows - 1, (min(height, b.y1) - 1) / Self.tileHeight)
        guard c1 >= c0, r1 >= r0 else { return nil }
        return (c0, c1, r0, r1)
    }
}

/// What drawing a cell's particles needs of the cell.
struct CellSprite {
    let image: SampledImage
    /// The source rectangle (contentsRect of the image), level-0 pixels.
    let x0: Int, y0: Int, x1: Int, y1: Int
    /// Image pixels per point (≥ a tiny positive value).
    let contentsScale: Double

    init?(_ cell: EmitterCellContent, images: ImageCache) {
        guard let cg = cell.image, cg.width > 0, cg.height > 0 else { return nil }
        let w = Double(cg.width), h = Double(cg.height)
        let r = cell.contentsRect.standardized
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return nil }
        x0 = Int(max(0, min(w, Double(r.minX) * w)).rounded())
        y0 = Int(max(0, min(h, Double(r.minY) * h)).rounded())
        x1 = Int(max(0, min(w, Double(r.maxX) * w)).rounded())
        y1 = Int(max(0, min(h, Double(r.maxY) * h)).rounded())
        guard x1 > x0, y1 > y0 else { return nil }
        contentsScale = cell.contentsScale.isFinite && cell.contentsScale > 1e-6 ? cell.contentsScale : 1
        // Sprites are often drawn much smaller than their image: any filter but nearest
        // samples the nearest mip level then (Apple's linear would shimmer).
        image = images.sampled(cg, mipmapped: cell.minificationFilter != .nearest)
    }
}

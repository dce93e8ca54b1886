// An emitter's particles: evaluated at the emitter's time (ParticleEvaluator), then each
// drawn as its cell's image — centred on the particle, scaled, rotated, multiplied by the
// particle's colour — in one pass of `SpriteBlitter` per sprite. Source-over, or additive
// for `renderMode = .additive` (CG's plusLighter). Cells without an image draw nothing.
import CoreGraphics
import LaminaRaster

extension PieceRasterizer {
    func particles(_ e: EmitterContent, _ t: CGAffineTransform, into target: RasterTarget, alpha: Double, tint: RenderTint) {
        guard let surface = target.surface, alpha > 0 else { return }
        let evaluator = particleEvaluator
        evaluator.evaluate(e)
        guard !evaluator.particles.isEmpty else { return }
        // Per cell: its sampled image and source rectangle (pixels), looked up once.
        var sprites: [CellSprite?] = []
        sprites.reserveCapacity(evaluator.cells.count)
        for cell in evaluator.cells { sprites.append(CellSprite(cell, images: images)) }
        var blitter = SpriteBlitter(surface: surface)
        if let clip = target.clips.last {
            blitter = SpriteBlitter(surface: surface, clip: clip.mask, clipX: clip.x - target.originX, clipY: clip.y - target.originY)
        }
        let toSurface = Self.paintAffine(t)
        let blend: SpriteBlend = e.renderOrder == .additive ? .additive : .normal
        let alphaScale = alpha * tint.alpha
        for p in evaluator.particles {
            guard let sprite = sprites[Int(p.cell)], p.scale > 0, p.a > 0 else { continue }
            let k = p.scale / sprite.contentsScale
            let c = cos(p.angle) * k, s = sin(p.angle) * k
            // Texel → bounds space: centre the source rectangle, scale, rotate, move to the
            // particle; then bounds → surface pixels.
            let cx = Double(sprite.x0 + sprite.x1) / 2, cy = Double(sprite.y0 + sprite.y1) / 2
            let local = PaintAffine(a: c, b: s, c: -s, d: c, tx: p.x - (c * cx - s * cy), ty: p.y - (s * cx + c * cy))
            let a = Float(alphaScale) * p.a
            // Premultiplied tint, scaled to texel bytes (0…255) → output bytes.
            blitter.draw(sprite.image, sx0: sprite.x0, sy0: sprite.y0, sx1: sprite.x1, sy1: sprite.y1,
                         toSurface: local.concatenating(toSurface),
                         r: p.r * Float(tint.red) * a, g: p.g * Float(tint.green) * a, b: p.b * Float(tint.blue) * a, a: a,
                         blend: blend)
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

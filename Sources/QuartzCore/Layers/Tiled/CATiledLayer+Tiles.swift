import Foundation
import LaminaRaster

// Which tiles a CATiledLayer needs, drawing the missing ones, and assembling what is visible
// into the image its render node shows. Runs on the committing thread, in the display pass
// (`displayIfNeeded()` → `display()` → the backing-store path → `drawTiledBackingStore()`).

extension CATiledLayer {
    /// The part of the bounds the frame can show (layer space) and the on-screen scale (root
    /// points per layer point), from the model tree: the bounds cut to every `masksToBounds`
    /// ancestor and to the root's bounds (mirrored top to bottom when the contents are
    /// flipped). A layer that is its own root (detached, or rendered
    /// alone) shows its whole bounds at scale 1. nil when nothing is visible.
    package func visibleRectAndScale() -> (rect: CGRect?, scale: CGFloat) {
        var visible = bounds.standardized
        var top: CALayer = self
        while let parent = top.superlayerStorage {
            top = parent
            if parent.masksToBounds || parent.superlayerStorage == nil {
                visible = visible.intersection(convert(parent.bounds, from: parent))
            }
        }
        guard !visible.isNull, visible.width > 0, visible.height > 0,
              [visible.minX, visible.minY, visible.width, visible.height].allSatisfy(\.isFinite)
        else { return (nil, 1) }
        if contentsAreFlipped() {
            // Flipped contents are shown mirrored top to bottom in the bounds (as a plain
            // layer's backing store is): the part drawn for what is visible is the mirror image.
            let b = bounds.standardized
            visible.origin.y = b.minY + (b.maxY - visible.maxY)
        }
        guard top !== self else { return (visible, 1) }
        // The larger axis scale of the layer-to-root mapping at the visible centre (exact for
        // affine chains; a local measure under perspective).
        let c = CGPoint(x: visible.midX, y: visible.midY)
        let p0 = top.convert(c, from: self)
        let px = top.convert(CGPoint(x: c.x + 1, y: c.y), from: self)
        let py = top.convert(CGPoint(x: c.x, y: c.y + 1), from: self)
        let scale = max(hypot(px.x - p0.x, px.y - p0.y), hypot(py.x - p0.x, py.y - p0.y))
        return (visible, scale.isFinite && scale > 0 ? scale : 1)
    }

    /// What the layer should show now: the level for its on-screen scale, lowered while the
    /// visible tiles (plus the image's one-pixel border) exceed the backing-store limit.
    package func currentTileView() -> TileView {
        let b = bounds.standardized
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let tile = effectiveTileSize
        let (visible, onScreen) = visibleRectAndScale()
        let levels = TileLevels.range(levelsOfDetail: levelsOfDetail, bias: levelsOfDetailBias,
                                      pixelSize: CGSize(width: b.width * scale, height: b.height * scale))
        var level = TileLevels.level(onScreenScale: onScreen, in: levels)
        while true {
            let grid = TileGrid(bounds: b, level: level, density: scale * CGFloat(pow(2.0, Double(level))),
                                tileWidth: tile.width, tileHeight: tile.height)
            var view = TileView(grid: grid, span: nil, generation: tileCache.generation)
            guard let visible, let span = grid.span(meeting: visible) else { return view }
            let px = grid.pixelRect(span)
            if Double(px.width + 2) * Double(px.height + 2) <= Double(CALayer.maxBackingStorePixels) {
                view.span = span
                return view
            }
            if level <= levels.lowerBound {
                view.tooLarge = true
                return view
            }
            level -= 1
        }
    }

    /// The tiled backing store: draws the visible tiles not yet cached (each with its own
    /// `draw(in:)` call), assembles the visible tiles into one image with a transparent
    /// one-pixel border and remembers where it goes. nil when nothing is visible or nothing
    /// fits (reported).
    package func drawTiledBackingStore() -> CGImage? {
        let view = currentTileView()
        if view == tileCache.shown, let mosaic = tileCache.mosaic { return mosaic.image }
        tileCache.adopt(view.grid)
        tileCache.shown = view
        tileCache.mosaic = nil
        guard let span = view.span else {
            if view.tooLarge {
                LayerDiagnostics.report(.renderFailed(reason: "CATiledLayer: the visible tiles of a \(view.grid.bounds.width) x "
                    + "\(view.grid.bounds.height) point layer exceed \(CALayer.maxBackingStorePixels) pixels even at its "
                    + "coarsest level of detail"))
            }
            return nil
        }
        let grid = view.grid
        // Every cached tile and the assembled image hold a charge against the pixel-memory
        // budget (`PixelMemoryBudget.current`, what the CLI's --memory-limit sets), returned
        // when they are freed: tiles the budget cannot hold are not drawn (after dropping the
        // off-screen tiles), and the shortfall is reported, so an absurd tiled layer (huge
        // bounds at a huge contentsScale) is bounded by the budget, not by the machine.
        let budget = PixelMemoryBudget.current
        var missing = 0
        for t in span.tiles where tileCache.tiles[t] == nil {
            let p = grid.pixelRect(t)
            guard missing == 0, let charge = reserve(width: p.width, height: p.height, in: budget, keeping: span) else {
                missing += 1
                continue
            }
            if let surface = drawTile(t, of: grid) {
                surface.charge = charge
                tileCache.store(surface, at: t)
            }
        }
        tileCache.trim(keeping: span, limit: CALayer.maxBackingStorePixels)

        let px = grid.pixelRect(span)
        let mosaicCharge = missing == 0 ? reserve(width: px.width + 2, height: px.height + 2, in: budget,
                                                  keeping: span) : nil
        if missing > 0 || mosaicCharge == nil {
            // Draw again at the next commit: the budget may have room by then.
            tileCache.shown = nil
            LayerDiagnostics.report(.renderFailed(reason: "CATiledLayer: the pixel-memory budget (\(budget.limit) bytes, "
                + "\(budget.available) available) cannot hold the visible tiles of a \(grid.bounds.width) x "
                + "\(grid.bounds.height) point layer at \(grid.density) pixels per point: "
                + (missing > 0 ? "\(missing) of \(span.tiles.count) tiles not drawn" : "the assembled image not made")))
        }
        guard let mosaicCharge, let mosaic = try? Surface(width: px.width + 2, height: px.height + 2) else { return nil }
        mosaic.charge = mosaicCharge
        for t in span.tiles {
            guard let tile = tileCache.tiles[t] else { continue }
            let at = grid.pixelRect(t)
            let dx = at.x - px.x + 1, dy = at.y - px.y + 1
            let bytes = min(tile.width, at.width) * 4
            for y in 0..<min(tile.height, at.height) {
                (mosaic.row(dy + y) + dx * 4).update(from: tile.row(y), count: bytes)
            }
        }
        let image = CGImage(surface: mosaic)
        let d = grid.density
        let rect = CGRect(x: grid.bounds.minX + CGFloat(px.x - 1) / d, y: grid.bounds.minY + CGFloat(px.y - 1) / d,
                          width: CGFloat(px.width + 2) / d, height: CGFloat(px.height + 2) / d)
        tileCache.mosaic = (image, rect)
        return image
    }

    /// A charge for `width` × `height` RGBA8 pixels against `budget`, after dropping the
    /// cached tiles outside `span` when it is short; nil when it still does not fit.
    private func reserve(width: Int, height: Int, in budget: PixelMemoryBudget,
                         keeping span: TileGrid.Span) -> PixelMemoryCharge? {
        guard let bytes = PixelMemoryBudget.bytes(width: width, height: height, bytesPerPixel: 4) else { return nil }
        if let charge = budget.reserve(bytes) { return charge }
        tileCache.trim(keeping: span, limit: 0)
        return budget.reserve(bytes)
    }

    /// One tile drawn by `draw(in:)`: a context of the tile's pixels whose user space is layer
    /// space at the grid's density, clipped to the tile's rectangle.
    private func drawTile(_ t: TileGrid.Tile, of grid: TileGrid) -> Surface? {
        let p = grid.pixelRect(t)
        guard p.width > 0, p.height > 0,
              let ctx = CGContext.makeLayerContext(width: p.width, height: p.height, scale: grid.density) else { return nil }
        let rect = grid.rect(t)
        ctx.translateBy(x: -(grid.bounds.minX + CGFloat(p.x) / grid.density),
                        y: -(grid.bounds.minY + CGFloat(p.y) / grid.density))
        ctx.clip(to: rect)
        draw(in: ctx)
        return ctx.makeImage()?.premultipliedRGBA8
    }
}

import QuartzCore

/// CATiledLayer (issue 22): a 480 × 480-point map drawn tile by tile, on a 240 × 160 stage.
///
///   left: the map at full size in a CAScrollLayer window (only the tiles it shows are
///         drawn); the `scroll` command moves the window, and the newly visible tiles are
///         drawn on demand at that commit.
///   right: the same map zoomed out to a quarter (levelsOfDetail 3): drawn at the coarser
///         level of detail, a quarter of the pixels per point, in tiles four times the size.
///
/// Each tile is painted with its own tint and outline (`MapTiledLayer`), so the tiling and
/// the level of detail show in the picture.
package final class TiledScene: SceneModel {
    package static let size = CGSize(width: 240, height: 160)
    package let root = CALayer()
    package let window = CAScrollLayer()
    package let map = MapTiledLayer()
    package let overview = MapTiledLayer()
    package let script: [ScriptStep] = [ScriptStep(1.0, .command("scroll"))]

    package static let commands = [SceneCommand("scroll", key: "s", "scroll the window across the map")]

    package init() {
        root.bounds = CGRect(origin: .zero, size: Self.size)
        root.position = CGPoint(x: Self.size.width / 2, y: Self.size.height / 2)
        root.backgroundColor = CGColor(gray: 0.12, alpha: 1)
        root.name = "tiled"
        window.frame = CGRect(x: 8, y: 8, width: 104, height: 144)
        window.name = "window"
        window.masksToBounds = true
        window.borderWidth = 1
        window.borderColor = CGColor(gray: 1, alpha: 0.8)
        root.addSublayer(window)
        for layer in [map, overview] {
            layer.bounds = CGRect(x: 0, y: 0, width: MapTiledLayer.side, height: MapTiledLayer.side)
            layer.tileSize = CGSize(width: 64, height: 64)
        }
        map.name = "map"
        map.anchorPoint = .zero
        map.position = .zero
        window.addSublayer(map)
        overview.name = "overview"
        overview.levelsOfDetail = 3
        overview.position = CGPoint(x: 176, y: 80)
        overview.transform = CATransform3DMakeScale(0.25, 0.25, 1)
        root.addSublayer(overview)
    }

    package func handle(_ input: SceneInput) {
        guard case .command("scroll") = input else { return }
        // Steps diagonally across the map, wrapping to the top-left corner.
        let next = CGPoint(x: window.bounds.minX + 100, y: window.bounds.minY + 90)
        let fits = next.x + window.bounds.width <= MapTiledLayer.side && next.y + window.bounds.height <= MapTiledLayer.side
        window.scroll(to: fits ? next : .zero)
    }
}

/// A procedural map drawn per tile: each `draw(in:)` call fills its tile (the clip's
/// bounding box, layer space) with a tint derived from the tile's place and size, draws a
/// ring of dots over it and outlines it.
package final class MapTiledLayer: CATiledLayer {
    /// Side of the map, points.
    package static let side: CGFloat = 480

    package override func draw(in ctx: CGContext) {
        let tile = ctx.boundingBoxOfClipPath
        guard tile.width > 0, tile.height > 0, tile.width.isFinite, tile.height.isFinite else { return }
        // Tint: hue from the tile's position, darker for coarser (larger) tiles.
        let u = tile.midX / Self.side, v = tile.midY / Self.side
        let depth = min(1, 40 / max(tile.width, tile.height))
        ctx.setFillColor(CGColor(red: 0.25 + 0.6 * u * depth, green: 0.3 + 0.5 * v * depth,
                                 blue: 0.55 + 0.35 * (1 - u) * depth, alpha: 1))
        ctx.fill(tile)
        // Dots on a 24-point grid of the map (continuous across tiles): what tiles share.
        ctx.setFillColor(CGColor(red: 1, green: 1, blue: 1, alpha: 0.75))
        let step: CGFloat = 24
        var y = (tile.minY / step).rounded(.down) * step
        while y < tile.maxY {
            var x = (tile.minX / step).rounded(.down) * step
            while x < tile.maxX {
                let r = 3 + 3 * abs(sin((x + 2 * y) / 70))
                ctx.fillEllipse(in: CGRect(x: x + step / 2 - r, y: y + step / 2 - r, width: 2 * r, height: 2 * r))
                x += step
            }
            y += step
        }
        // The tile's own outline: what shows the tiling.
        ctx.setStrokeColor(CGColor(red: 1, green: 0.85, blue: 0.2, alpha: 1))
        ctx.setLineWidth(max(1, tile.width / 64))
        ctx.stroke(tile.insetBy(dx: 0.5, dy: 0.5))
    }
}

import Foundation
import LaminaRaster

/// What a CATiledLayer shows: the grid (level, density, tile size, bounds), the tiles of it
/// that are visible, and the cache generation the drawing came from. Two equal views draw
/// the same image, so a commit whose view equals the shown one has nothing to draw.
package struct TileView: Equatable {
    package var grid: TileGrid
    /// The visible tiles; nil when nothing of the layer is visible (or nothing fits).
    package var span: TileGrid.Span?
    /// The cache's invalidation count when the view was taken.
    package var generation: Int
    /// True when even the coarsest level's visible tiles exceed the backing-store limit.
    package var tooLarge = false
}

/// The tiles a CATiledLayer has drawn, for one grid at a time, and the image assembled from
/// them. Tiles are premultiplied RGBA8 surfaces of the tile's pixel size; they are never
/// changed once stored.
package struct TileCache {
    /// The grid the stored tiles belong to.
    package private(set) var grid: TileGrid?
    package private(set) var tiles: [TileGrid.Tile: Surface] = [:]
    /// Bumped by every invalidation, so a view taken before it differs from one taken after.
    package private(set) var generation = 0
    /// The view the current contents image shows.
    package var shown: TileView?
    /// The assembled image and the layer-space rectangle it covers (see
    /// `RenderNode+TiledLayer.swift`).
    package var mosaic: (image: CGImage, rect: CGRect)?

    package init() {}

    /// Pixels held by the stored tiles.
    package var pixelCount: Int { tiles.values.reduce(0) { $0 + $1.width * $1.height } }

    /// Keeps the tiles only if they belong to `grid`.
    package mutating func adopt(_ grid: TileGrid) {
        guard grid != self.grid else { return }
        tiles = [:]
        self.grid = grid
    }

    package mutating func store(_ tile: Surface, at t: TileGrid.Tile) { tiles[t] = tile }

    package mutating func invalidateAll() {
        tiles = [:]
        generation &+= 1
    }

    /// Drops the tiles that meet `r` (layer space) with some area; a rectangle with a
    /// non-finite coordinate drops every tile.
    package mutating func invalidate(_ r: CGRect) {
        let r = r.standardized
        guard [r.minX, r.minY, r.width, r.height].allSatisfy(\.isFinite) else {
            invalidateAll()
            return
        }
        if let grid, let span = grid.span(meeting: r) {
            for t in span.tiles { tiles[t] = nil }
        }
        generation &+= 1
    }

    /// Drops tiles outside `span` while the cache holds more than `limit` pixels.
    package mutating func trim(keeping span: TileGrid.Span, limit: Int) {
        guard pixelCount > limit else { return }
        tiles = tiles.filter { span.columns.contains($0.key.column) && span.rows.contains($0.key.row) }
    }
}

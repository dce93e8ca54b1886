import Foundation

/// The tiles of a CATiledLayer at one level of detail, as plain geometry.
///
/// Units: tiles are `tilePixels` *pixels* of the level's bitmap (Apple's `tileSize` is in
/// pixels: with contentsScale 2 a 256 × 256 tile covers 128 × 128 points). The level's bitmap
/// has `density` pixels per layer point — `contentsScale × 2^level` — and its pixel (0, 0) is
/// the top-left corner of `bounds`, so tile (column, row) covers pixels
/// [column·w, (column+1)·w) × [row·h, (row+1)·h) of it, cut at the bitmap's edge, which is
/// bounds.size × density rounded up (as a plain layer's backing store).
package struct TileGrid: Equatable, Sendable {
    /// The layer's bounds (layer space, points).
    package var bounds: CGRect
    /// Level of detail as a power of two: 0 is full resolution, −1 half, +1 twice (a magnified
    /// level from `levelsOfDetailBias`).
    package var level: Int
    /// Pixels per point at this level (contentsScale × 2^level).
    package var density: CGFloat
    /// The tile size in pixels (already clamped, see `CATiledLayer.effectiveTileSize`).
    package var tileWidth: Int
    package var tileHeight: Int

    /// The level's bitmap size in pixels: bounds × density, rounded up.
    package var pixelWidth: Int { Self.pixels(bounds.width * density) }
    package var pixelHeight: Int { Self.pixels(bounds.height * density) }
    package var columns: Int { (pixelWidth + tileWidth - 1) / tileWidth }
    package var rows: Int { (pixelHeight + tileHeight - 1) / tileHeight }

    /// One tile's place in the grid.
    package struct Tile: Hashable, Sendable {
        package var column: Int
        package var row: Int
        package init(column: Int, row: Int) { self.column = column; self.row = row }
    }

    /// A rectangle of tiles (inclusive ranges); empty when nothing is visible.
    package struct Span: Equatable, Sendable {
        package var columns: ClosedRange<Int>
        package var rows: ClosedRange<Int>
        package var tiles: [Tile] {
            rows.flatMap { r in columns.map { Tile(column: $0, row: r) } }
        }
        package var count: Int { columns.count * rows.count }
    }

    /// The tile's pixels in the level's bitmap.
    package func pixelRect(_ t: Tile) -> (x: Int, y: Int, width: Int, height: Int) {
        let x = t.column * tileWidth, y = t.row * tileHeight
        return (x, y, min(tileWidth, pixelWidth - x), min(tileHeight, pixelHeight - y))
    }

    /// The tile in layer space (points): what `draw(in:)` sees as the clip's bounding box.
    /// Edge tiles stop at the bounds.
    package func rect(_ t: Tile) -> CGRect {
        let p = pixelRect(t)
        let x0 = bounds.minX + CGFloat(p.x) / density, y0 = bounds.minY + CGFloat(p.y) / density
        let x1 = min(bounds.maxX, bounds.minX + CGFloat(p.x + p.width) / density)
        let y1 = min(bounds.maxY, bounds.minY + CGFloat(p.y + p.height) / density)
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The tiles that meet `r` (layer space) with some area, or nil when none does.
    /// Tolerance: an edge within 1e-6 of a tile's width of a boundary does not reach into the next
    /// tile (so a visible rect that ends exactly on a boundary, give or take rounding, does not
    /// ask for a tile it shows nothing of).
    package func span(meeting r: CGRect) -> Span? {
        let r = r.standardized.intersection(bounds)
        guard !r.isNull, r.width > 0, r.height > 0, columns > 0, rows > 0 else { return nil }
        let eps = 1e-6
        func range(_ lo: CGFloat, _ hi: CGFloat, _ origin: CGFloat, _ tile: Int, _ count: Int) -> ClosedRange<Int>? {
            let a = Double((lo - origin) * density) / Double(tile), b = Double((hi - origin) * density) / Double(tile)
            guard a.isFinite, b.isFinite else { return nil }
            let first = max(0, Int(min(Double(count), (a + eps).rounded(.down))))
            let last = min(count - 1, Int(max(-1, (b - eps).rounded(.up) - 1)))
            return first <= last ? first...last : nil
        }
        guard let cs = range(r.minX, r.maxX, bounds.minX, tileWidth, columns),
              let rs = range(r.minY, r.maxY, bounds.minY, tileHeight, rows) else { return nil }
        return Span(columns: cs, rows: rs)
    }

    /// The pixels a span covers in the level's bitmap.
    package func pixelRect(_ s: Span) -> (x: Int, y: Int, width: Int, height: Int) {
        let a = pixelRect(Tile(column: s.columns.lowerBound, row: s.rows.lowerBound))
        let b = pixelRect(Tile(column: s.columns.upperBound, row: s.rows.upperBound))
        return (a.x, a.y, b.x + b.width - a.x, b.y + b.height - a.y)
    }

    /// A pixel count from a size in pixels: rounded up, 0 for non-finite or non-positive sizes,
    /// and at most 2^40 (far past any bitmap Lamina allocates, but safe to convert to Int and
    /// to multiply by a tile size).
    static func pixels(_ v: CGFloat) -> Int {
        guard v.isFinite, v > 0 else { return 0 }
        return Int(min(Double(v).rounded(.up), 1_099_511_627_776))
    }
}

/// How CATiledLayer picks its level of detail (Apple: "Each level of detail is half the
/// resolution of the previous level"; `levelsOfDetailBias` is "the number of magnified levels
/// of detail"). With n = levelsOfDetail and b = levelsOfDetailBias the levels are the powers of
/// two 2^b, 2^(b−1), …, 2^(b−n+1) — n levels, the b highest magnified (Bill Dudney's account of
/// Apple's answer: n 4, b 1 gives 2×, 1×, ½×, ¼×) — and the lowest is raised until the
/// layer keeps at least one pixel in each dimension, as Apple documents.
package enum TileLevels {
    /// The highest level exponent Lamina uses (2^20 magnification): past it a point's tile
    /// grid would outgrow exact Double arithmetic long before anyone sees a difference.
    package static let maxExponent = 20
    /// The lowest: 2^−30 (no bitmap in Lamina is 2^30 pixels wide anyway).
    package static let minExponent = -30

    /// The exponents available, highest first: [b−n+1, b] cut to the one-pixel rule and to
    /// [minExponent, maxExponent]. `levelsOfDetail` below 1 counts as 1, a negative bias as 0.
    /// `pixelSize`: the bounds in pixels at level 0 (bounds × contentsScale).
    package static func range(levelsOfDetail n: Int, bias b: Int, pixelSize: CGSize) -> ClosedRange<Int> {
        let top = min(max(b, 0), maxExponent)
        let count = max(n, 1)
        var bottom = max(minExponent, top - min(count - 1, top - minExponent))
        // The lowest level keeps at least one pixel each way: 2^e · min(w, h) ≥ 1.
        let smallest = Double(min(pixelSize.width, pixelSize.height))
        if smallest.isFinite, smallest > 0 {
            bottom = max(bottom, Int((-log2(smallest)).rounded(.up)))
        }
        return min(bottom, top)...top
    }

    /// The level for an on-screen scale `z` (layer points to screen points): the coarsest
    /// available level whose resolution is at least `z` (tiles are never magnified on screen
    /// while a finer level exists), else the finest. A non-finite or non-positive scale counts
    /// as 1. Tolerance: z within 1e-9 (relative) above a level still picks that level.
    package static func level(onScreenScale z: CGFloat, in levels: ClosedRange<Int>) -> Int {
        let s = z.isFinite && z > 0 ? Double(z) : 1
        let wanted = Int((log2(s) - 1e-9).rounded(.up))
        return min(max(wanted, levels.lowerBound), levels.upperBound)
    }
}

import Foundation

/// A layer that draws its content in tiles, on demand, at several levels of detail (Apple's
/// CATiledLayer): `draw(in:)` (or the delegate's `draw(_:in:)`) is called once per tile, with
/// the context clipped to the tile — `ctx.boundingBoxOfClipPath` is the tile's rectangle in
/// layer space — and its CTM scaled to the tile's resolution (contentsScale × 2^level), so
/// a huge layer (a map, a page) costs only what is on screen.
///
/// What Lamina does, and where it differs from Apple:
/// - **Synchronous, no fade.** Apple draws tiles on background threads and fades each new tile
///   in over `fadeDuration`. Lamina renders offline and deterministically, so tiles are drawn
///   on the committing thread during the commit's display pass, and a frame shows every
///   visible tile fully drawn: `fadeDuration` is kept (and overridable) but never applied.
///   The same tree at the same media time gives the same pixels, whatever ran before.
/// - **Visible tiles.** At each commit that touches the tree the layer works out what is
///   visible: its bounds cut to the root layer's bounds and to every `masksToBounds`
///   ancestor, mapped into layer space with `convert(_:from:)` (model values: a transform
///   being animated does not change the tiles until its model value does). Only tiles that
///   meet that rectangle are drawn.
/// - **Level of detail** from the layer's on-screen scale (root points per layer point, the
///   larger of the two axes' scales at the visible rectangle's centre): the coarsest level
///   at least as sharp as the screen (see `TileLevels`). Each level halves the resolution;
///   `levelsOfDetailBias` of the `levelsOfDetail` levels are magnified (2×, 4×, …).
/// - **Cache.** Drawn tiles are kept: another commit showing the same tiles at the same level
///   draws nothing. `setNeedsDisplay()` drops every tile, `setNeedsDisplay(_:)` the tiles that
///   meet its rectangle. A change of bounds, contentsScale or tileSize drops every tile, and
///   so does a change of level (Lamina keeps one level; Apple may keep several).
/// - **Contents.** The visible tiles are assembled into one image, stored as `contents` like a
///   plain layer's backing store; the render node places it over the part of the bounds it
///   covers (`RenderNode+TiledLayer.swift`), so contentsGravity, contentsRect and
///   contentsCenter do not apply to it.
/// - **Bad sizes.** `tileSize` keeps what you set, but tiles use it rounded to whole pixels
///   and clamped to 16…4096 pixels a side (NaN, infinite, zero or negative sides use 256), so
///   a 1 × 1 or 10⁹-pixel tile neither floods `draw(in:)` with calls nor allocates absurdly.
///   The assembled image obeys the backing-store limit (`CALayer.maxBackingStorePixels`): when
///   the visible tiles at the chosen level would exceed it, coarser levels are tried, and
///   when none fits the error is reported and contents is nil. The tile cache holds at most
///   as many pixels again; past that, tiles not visible now are dropped.
/// - A delegate that implements `display(_:)` takes over display entirely, as for any layer.
open class CATiledLayer: CALayer {
    package struct Settings: Equatable {
        var tileSize = CGSize(width: 256, height: 256)
        var levelsOfDetail = 1
        var levelsOfDetailBias = 0
    }

    package var tiling = Settings()
    /// The tiles drawn so far and what the current contents shows (CATiledLayer+Tiles.swift).
    package var tileCache = TileCache()

    /// A CATiledLayer with Apple's default values.
    public override init() { super.init() }

    /// A presentation copy of `layer`: CALayer's properties and, when `layer` is a CATiledLayer, its own (see `CALayer.init(layer:)`).
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? CATiledLayer {
            tiling = other.tiling
            // The copy shows the same image in the same place; it draws its own tiles if asked.
            tileCache.shown = other.tileCache.shown
            tileCache.mosaic = other.tileCache.mosaic
        }
    }

    /// Always fails: keyed archives of layers are not supported (use the JSON layer archive).
    public required init?(coder: NSCoder) { return nil }

    /// The time, in seconds, Apple takes to fade a newly drawn tile in. Default 0.25.
    /// Lamina draws tiles synchronously and shows them at once, so this is never applied (see
    /// the class overview); subclasses may still override it, as iOS code does.
    open class var fadeDuration: CFTimeInterval { 0.25 }

    private func set<T: Equatable>(_ key: String, _ kp: WritableKeyPath<Settings, T>, _ value: T) {
        let old = tiling[keyPath: kp]
        guard old != value else { return }
        changeValue(forKey: key, oldValue: old) { _ in self.tiling[keyPath: kp] = value }
    }

    /// The largest size of a tile, in pixels. Default 256 × 256. Stored as set; drawing uses
    /// `effectiveTileSize`.
    open var tileSize: CGSize {
        get { tiling.tileSize }
        set {
            // NaN never equals itself: compare bit patterns so setting NaN twice is no change.
            let old = tiling.tileSize
            guard old.width.bitPattern != newValue.width.bitPattern || old.height.bitPattern != newValue.height.bitPattern
            else { return }
            changeValue(forKey: "tileSize", oldValue: old) { _ in self.tiling.tileSize = newValue }
        }
    }

    /// The number of levels of detail, each half the resolution of the one before. Default 1.
    /// Values below 1 count as 1; too many for the layer's size are cut so the lowest level
    /// keeps a pixel in each dimension.
    open var levelsOfDetail: Int {
        get { tiling.levelsOfDetail }
        set { set("levelsOfDetail", \.levelsOfDetail, newValue) }
    }

    /// How many of the levels of detail are magnified (2×, 4×, …). Default 0. Negative values
    /// count as 0; magnification stops at 2^20.
    open var levelsOfDetailBias: Int {
        get { tiling.levelsOfDetailBias }
        set { set("levelsOfDetailBias", \.levelsOfDetailBias, newValue) }
    }

    /// The tile size drawing uses, in whole pixels: each side of `tileSize` rounded, clamped
    /// to `tileSideRange`; a NaN, infinite or non-positive side uses 256.
    package var effectiveTileSize: (width: Int, height: Int) {
        func side(_ v: CGFloat) -> Int {
            guard v.isFinite, v > 0 else { return 256 }
            let r = Double(v).rounded()
            return Int(min(max(r, Double(Self.tileSideRange.lowerBound)), Double(Self.tileSideRange.upperBound)))
        }
        return (side(tiling.tileSize.width), side(tiling.tileSize.height))
    }

    /// The tile sides drawing allows, in pixels.
    package static let tileSideRange = 16...4096

    // MARK: Display

    /// Drops every cached tile and marks the layer for display.
    open override func setNeedsDisplay() {
        tileCache.invalidateAll()
        super.setNeedsDisplay()
    }

    /// Drops the cached tiles that meet `r` (layer space) and marks the layer for display; the
    /// other tiles are kept. A rectangle with a non-finite coordinate drops every tile.
    open override func setNeedsDisplay(_ r: CGRect) {
        tileCache.invalidate(r)
        super.setNeedsDisplay()
    }

    /// Displays when marked, and also when tiles the current view needs are not drawn yet (the
    /// layer scrolled or zoomed to parts it has not drawn): the on-demand drawing Apple's
    /// render server asks for, done here at the commit.
    open override func displayIfNeeded() {
        if needsDisplay() || tileCache.shown != currentTileView() {
            display()
        }
    }

    package override class var propertyTable: LayerPropertyTable { CATiledLayer.table }

    private static let table: LayerPropertyTable = {
        typealias P = LayerProperty
        let D = Settings()
        return CALayer.baseTable.adding([
            P.make("tileSize", \CATiledLayer.tileSize, .size, default: D.tileSize, animates: false),
            P.make("levelsOfDetail", \CATiledLayer.levelsOfDetail, .int, default: D.levelsOfDetail, animates: false),
            P.make("levelsOfDetailBias", \CATiledLayer.levelsOfDetailBias, .int, default: D.levelsOfDetailBias,
                   animates: false, zero: 0),
        ])
    }()
}

import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// A tiled layer that records each `draw(in:)` call: the clip's bounding box (the tile, in
/// layer space) and the CTM's x scale (the tile's pixels per point), and fills the tile.
final class RecordingTiledLayer: CATiledLayer {
    var clips: [CGRect] = []
    var densities: [CGFloat] = []
    /// Keeps the test's host and root alive (superlayers and hosts are weak references: a
    /// commit displays the layer only while its root exists and is attached to a host).
    var kept: [AnyObject] = []

    override func draw(in ctx: CGContext) {
        clips.append(ctx.boundingBoxOfClipPath)
        densities.append(ctx.ctm.a)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(ctx.boundingBoxOfClipPath)
    }

    func take() -> [CGRect] {
        defer { clips = []; densities = [] }
        return clips
    }

    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { nil }
}

/// CATiledLayer: Apple's defaults, per-tile drawing of what is visible, the cache and its
/// invalidation, levels of detail, and bad tile sizes.
@Suite struct TiledLayerTests {
    /// A recording tiled layer with `frame` under a committed 300 × 300 root.
    func shown(_ frame: CGRect, tileSize: CGSize = CGSize(width: 128, height: 128),
               _ configure: (RecordingTiledLayer) -> Void = { _ in }) -> (TestHost, CALayer, RecordingTiledLayer) {
        let host = TestHost()
        let root = attachedRoot(host)
        let tiled = RecordingTiledLayer()
        tiled.frame = frame
        tiled.tileSize = tileSize
        tiled.kept = [host, root]
        configure(tiled)
        root.addSublayer(tiled)
        CATransaction.flush()
        return (host, root, tiled)
    }

    func sorted(_ rects: [CGRect]) -> [CGRect] {
        rects.sorted { ($0.minY, $0.minX) < ($1.minY, $1.minX) }
    }

    @Test func defaultsAreApples() {
        let t = CATiledLayer()
        #expect(CATiledLayer.fadeDuration == 0.25)
        #expect(t.tileSize == CGSize(width: 256, height: 256))
        #expect(t.levelsOfDetail == 1)
        #expect(t.levelsOfDetailBias == 0)
        #expect(t.value(forKey: "tileSize") as? CGSize == CGSize(width: 256, height: 256))
        #expect(t.value(forKey: "levelsOfDetail") as? Int == 1)
        t.setValue(3, forKey: "levelsOfDetail")
        #expect(t.levelsOfDetail == 3)
        let copy = CATiledLayer(layer: t)
        #expect(copy.levelsOfDetail == 3 && copy.tileSize == t.tileSize)
    }

    @Test func drawInIsCalledOncePerVisibleTileWithTheTileAsClip() {
        freshTransactions()
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 300, height: 200))
        // 300 × 200 points at contentsScale 1 in 128-pixel tiles: 3 columns, 2 rows; the last
        // column and row stop at the bounds.
        #expect(sorted(tiled.clips) == [
            CGRect(x: 0, y: 0, width: 128, height: 128), CGRect(x: 128, y: 0, width: 128, height: 128),
            CGRect(x: 256, y: 0, width: 44, height: 128),
            CGRect(x: 0, y: 128, width: 128, height: 72), CGRect(x: 128, y: 128, width: 128, height: 72),
            CGRect(x: 256, y: 128, width: 44, height: 72),
        ])
        #expect(tiled.densities.allSatisfy { $0 == 1 })
        let image = tiled.contents as? CGImage
        #expect(image != nil, "the tiles become the layer's contents")
    }

    @Test func tileSizeIsInPixels() {
        freshTransactions()
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 100, height: 64)) { $0.contentsScale = 2 }
        // 128-pixel tiles at 2 pixels per point are 64 points.
        #expect(sorted(tiled.clips) == [CGRect(x: 0, y: 0, width: 64, height: 64), CGRect(x: 64, y: 0, width: 36, height: 64)])
        #expect(tiled.densities.allSatisfy { $0 == 2 })
    }

    @Test func onlyTilesTheFrameShowsAreDrawnAndScrollingDrawsOnlyNewOnes() {
        freshTransactions()
        // 1000 × 1000 points in a 300 × 300 root: tiles of columns and rows 0...2.
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 1000, height: 1000))
        #expect(tiled.take().count == 9)
        // Scroll 200 points left: x 200...500 is visible, columns 1...3; column 3 is new.
        tiled.position.x -= 200
        CATransaction.flush()
        #expect(sorted(tiled.take()) == (0...2).map { CGRect(x: 384, y: CGFloat($0) * 128, width: 128, height: 128) })
        // Back again: everything needed is cached.
        tiled.position.x += 200
        CATransaction.flush()
        #expect(tiled.take().isEmpty)
    }

    @Test func aMasksToBoundsAncestorLimitsTheVisibleTiles() {
        freshTransactions()
        let host = TestHost()
        let root = attachedRoot(host)
        let clip = CALayer()
        clip.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        clip.masksToBounds = true
        let tiled = RecordingTiledLayer()
        tiled.kept = [host, root]
        tiled.tileSize = CGSize(width: 64, height: 64)
        tiled.frame = CGRect(x: 0, y: 0, width: 300, height: 300)
        clip.addSublayer(tiled)
        root.addSublayer(clip)
        CATransaction.flush()
        #expect(tiled.take().count == 4, "100 × 100 visible: 2 × 2 tiles of 64")
    }

    @Test func cachedTilesAreNotDrawnAgain() throws {
        freshTransactions()
        let (_, root, tiled) = shown(CGRect(x: 0, y: 0, width: 300, height: 200))
        #expect(tiled.take().count == 6)
        // Another commit of the tree, and frames: no tile is drawn again.
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        CATransaction.flush()
        _ = try LayerRenderer.renderImage(root, at: 0, pixelWidth: 30, pixelHeight: 30, scale: 0.1)
        _ = try LayerRenderer.renderImage(root, at: 1, pixelWidth: 30, pixelHeight: 30, scale: 0.1)
        tiled.displayIfNeeded()
        // Even an explicit display() reuses the cache: only invalidation redraws.
        tiled.display()
        #expect(tiled.take().isEmpty)
    }

    @Test func setNeedsDisplayInRectRedrawsOnlyTheTilesItMeets() {
        freshTransactions()
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 300, height: 200))
        _ = tiled.take()
        tiled.setNeedsDisplay(CGRect(x: 130, y: 10, width: 5, height: 5))
        CATransaction.flush()
        #expect(tiled.take() == [CGRect(x: 128, y: 0, width: 128, height: 128)])
        // Across a tile corner: four tiles.
        tiled.setNeedsDisplay(CGRect(x: 120, y: 120, width: 20, height: 20))
        CATransaction.flush()
        #expect(tiled.take().count == 4)
        tiled.setNeedsDisplay()
        CATransaction.flush()
        #expect(tiled.take().count == 6, "setNeedsDisplay() redraws every tile")
    }

    @Test func aZoomedOutLayerDrawsAtACoarserLevel() {
        freshTransactions()
        // 1024 points scaled by 1/4 on screen: 256 screen points, inside the root.
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 1024, height: 1024)) {
            $0.levelsOfDetail = 3
        }
        _ = tiled.take()
        tiled.setAffineTransform(CGAffineTransform(scaleX: 0.25, y: 0.25))
        tiled.position = CGPoint(x: 128, y: 128)
        CATransaction.flush()
        // Level −2: a quarter of the resolution, 128-pixel tiles cover 512 points.
        #expect(sorted(tiled.clips) == [
            CGRect(x: 0, y: 0, width: 512, height: 512), CGRect(x: 512, y: 0, width: 512, height: 512),
            CGRect(x: 0, y: 512, width: 512, height: 512), CGRect(x: 512, y: 512, width: 512, height: 512),
        ])
        #expect(tiled.densities.allSatisfy { $0 == 0.25 })
        let image = tiled.contents as? CGImage
        #expect(image?.width == 256 + 2, "the visible tiles at a quarter resolution, with a one-pixel border")
    }

    @Test(arguments: [
        (levels: 1, bias: 0, scale: 0.25, density: 1.0),   // one level: always full resolution
        (levels: 2, bias: 0, scale: 0.25, density: 0.5),   // clamped to the lowest level
        (levels: 3, bias: 0, scale: 0.3, density: 0.5),    // the coarsest level still at least as sharp
        (levels: 3, bias: 0, scale: 0.6, density: 1.0),
        (levels: 3, bias: 2, scale: 4, density: 4.0),      // magnified levels 4×, 2×, 1×
        (levels: 3, bias: 2, scale: 3, density: 4.0),
        (levels: 3, bias: 2, scale: 8, density: 4.0),      // no finer level than 4×
        (levels: 1, bias: 1, scale: 1, density: 2.0),      // n 1, b 1: the only level is 2×
    ])
    func theLevelFollowsTheOnScreenScale(levels: Int, bias: Int, scale: Double, density: Double) {
        freshTransactions()
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 64, height: 64)) {
            $0.levelsOfDetail = levels
            $0.levelsOfDetailBias = bias
            $0.setAffineTransform(CGAffineTransform(scaleX: scale, y: scale))
            $0.position = CGPoint(x: 100, y: 100)
        }
        #expect(!tiled.densities.isEmpty)
        #expect(tiled.densities.allSatisfy { $0 == CGFloat(density) }, "\(tiled.densities)")
    }

    @Test func tooManyLevelsStopAtOnePixel() {
        // A 64-point layer has levels down to 2^−6 (one pixel); 20 levels are cut there.
        #expect(TileLevels.range(levelsOfDetail: 20, bias: 0, pixelSize: CGSize(width: 64, height: 100)) == -6...0)
        #expect(TileLevels.range(levelsOfDetail: 0, bias: -3, pixelSize: CGSize(width: 64, height: 64)) == 0...0)
        #expect(TileLevels.range(levelsOfDetail: Int.max, bias: Int.max, pixelSize: CGSize(width: 1e300, height: 1e300))
                == TileLevels.minExponent...TileLevels.maxExponent)
    }

    @Test(arguments: [
        (CGSize(width: 0, height: 0), 256, 256),
        (CGSize(width: -5, height: 100), 256, 100),
        (CGSize(width: CGFloat.nan, height: CGFloat.infinity), 256, 256),
        (CGSize(width: 1, height: 1), 16, 16),
        (CGSize(width: 1e9, height: 1e9), 4096, 4096),
        (CGSize(width: 100.4, height: 99.6), 100, 100),
    ])
    func badTileSizesAreClamped(size: CGSize, width: Int, height: Int) {
        let t = CATiledLayer()
        t.tileSize = size
        #expect(t.tileSize.width.bitPattern == size.width.bitPattern, "the property keeps what was set")
        #expect(t.effectiveTileSize == (width, height))
    }

    @Test func absurdTileSizesDrawFewTilesAndDoNotCrash() {
        freshTransactions()
        let (_, _, tiny) = shown(CGRect(x: 0, y: 0, width: 64, height: 64), tileSize: CGSize(width: 0.001, height: 0.001))
        #expect(tiny.take().count == 16, "1-pixel tiles are clamped to 16 pixels")
        let (_, _, huge) = shown(CGRect(x: 0, y: 0, width: 200, height: 100), tileSize: CGSize(width: 1e9, height: 1e9))
        #expect(huge.take() == [CGRect(x: 0, y: 0, width: 200, height: 100)])
        let (_, _, nan) = shown(CGRect(x: 0, y: 0, width: 300, height: 300), tileSize: CGSize(width: CGFloat.nan, height: -1))
        #expect(nan.take().count == 4, "the default 256-pixel tiles")
    }

    @Test func aHugeLayerDrawsOnlyWhatIsOnScreen() {
        freshTransactions()
        let (_, _, tiled) = shown(CGRect(x: 0, y: 0, width: 1e7, height: 1e7)) { $0.levelsOfDetail = 40 }
        #expect(tiled.take().count == 9)
        let image = tiled.contents as? CGImage
        #expect((image?.width ?? 0) <= 386)
    }

    @Test func visibleTilesPastTheBackingLimitAreReportedNotAllocated() {
        freshTransactions()
        let host = TestHost()
        let root = attachedRoot(host)
        root.bounds = CGRect(x: 0, y: 0, width: 1e6, height: 1e6)
        CATransaction.flush()
        let tiled = RecordingTiledLayer()
        tiled.kept = [host, root]
        tiled.frame = root.bounds
        _ = LayerDiagnostics.takeLastError()
        root.addSublayer(tiled)
        CATransaction.flush()
        #expect(tiled.take().isEmpty)
        #expect(tiled.contents == nil)
        #expect(LayerDiagnostics.takeLastError() != nil)
    }

    @Test func aDetachedLayerDrawsItsWholeBoundsWhenAsked() {
        let tiled = RecordingTiledLayer()
        tiled.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        tiled.setNeedsDisplay()
        tiled.displayIfNeeded()
        #expect(tiled.take().count == 1)
        tiled.displayIfNeeded()
        #expect(tiled.take().isEmpty)
    }
}

/// CATiledLayer's cached tiles and assembled image under the pixel-memory budget.
@Suite struct TiledLayerMemoryTests {
    /// A 300 × 300-point recording tiled layer filling a committed root, drawn at
    /// `contentsScale` with 64-pixel tiles.
    static func shown(contentsScale: CGFloat) -> RecordingTiledLayer {
        let host = TestHost()
        let root = attachedRoot(host)
        let tiled = RecordingTiledLayer()
        tiled.frame = root.bounds
        tiled.tileSize = CGSize(width: 64, height: 64)
        tiled.contentsScale = contentsScale
        tiled.kept = [host, root]
        root.addSublayer(tiled)
        CATransaction.flush()
        return tiled
    }

    @Test func tilesAndTheirImageAreChargedToTheBudget() throws {
        freshTransactions()
        let budget = PixelMemoryBudget(limit: 8 << 20)
        try PixelMemoryBudget.$current.withValue(budget) {
            let tiled = Self.shown(contentsScale: 2) // 600 × 600 pixels: 100 tiles
            #expect(tiled.take().count == 100)
            let image = try #require(tiled.contents as? CGImage)
            // 100 tiles of 60 × 60 … 64 × 64 pixels (1.44 MB) and the 602 × 602 image (1.45 MB).
            #expect(budget.used == 600 * 600 * 4 + 602 * 602 * 4)
            #expect(image.width == 602)
            // Dropping the tiles returns their bytes; drawing them again charges them again.
            tiled.setNeedsDisplay()
            CATransaction.flush()
            #expect(tiled.take().count == 100)
            #expect(budget.used <= 600 * 600 * 4 + 2 * 602 * 602 * 4) // the old image may still be held
        }
    }

    @Test func anAbsurdTiledLayerStaysWithinTheBudgetAndIsReported() {
        freshTransactions()
        let budget = PixelMemoryBudget(limit: 4 << 20)
        PixelMemoryBudget.$current.withValue(budget) {
            _ = LayerDiagnostics.takeLastError()
            // 300 points at 24 pixels per point: 7200² pixels (207 MB) visible, under the
            // backing-store limit but 50 times the budget.
            let tiled = Self.shown(contentsScale: 24)
            let drawn = tiled.take().count
            #expect(drawn > 0 && drawn < 12_769)
            #expect(budget.peak <= budget.limit)
            #expect(budget.used > 0)
            #expect(tiled.contents == nil)
            #expect(LayerDiagnostics.takeLastError() != nil)
            // The next commit tries again (the budget may have room then), still bounded.
            CATransaction.flush()
            #expect(budget.peak <= budget.limit)
        }
    }
}

import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// Draws the same picture whatever it is asked for: a diagonal stripe, a circle and a
/// half-transparent rectangle, with anti-aliased edges crossing tile boundaries.
func drawTiledTestPicture(in ctx: CGContext) {
    ctx.setFillColor(CGColor(red: 0, green: 0.4, blue: 1, alpha: 1))
    ctx.fillEllipse(in: CGRect(x: 5.5, y: 3.25, width: 30, height: 22))
    ctx.setStrokeColor(CGColor(red: 1, green: 0.5, blue: 0, alpha: 1))
    ctx.setLineWidth(3)
    ctx.move(to: CGPoint(x: 0, y: 0))
    ctx.addLine(to: CGPoint(x: 40, y: 30))
    ctx.strokePath()
    ctx.setFillColor(CGColor(red: 0, green: 0.8, blue: 0, alpha: 0.5))
    ctx.fill(CGRect(x: 14.3, y: 12.7, width: 20, height: 9))
}

final class PictureTiledLayer: CATiledLayer {
    override func draw(in ctx: CGContext) { drawTiledTestPicture(in: ctx) }
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { nil }
}

final class PictureLayer: CALayer {
    override func draw(in ctx: CGContext) { drawTiledTestPicture(in: ctx) }
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { nil }
}

/// Paints each tile by its column: red for even columns, blue for odd ones (tiles of 128
/// pixels), so a frame shows whether each tile landed where it belongs.
final class ColumnTiledLayer: CATiledLayer {
    var kept: [AnyObject] = []
    override func draw(in ctx: CGContext) {
        let clip = ctx.boundingBoxOfClipPath
        let column = Int(((clip.minX - bounds.minX) * ctx.ctm.a / 128).rounded())
        ctx.setFillColor(column % 2 == 0 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.fill(clip)
    }
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { nil }
}

/// The same stripes as ColumnTiledLayer, drawn in one go by a plain layer.
final class ColumnLayer: CALayer {
    override func draw(in ctx: CGContext) {
        for k in 0..<Int((bounds.width / 128).rounded(.up)) {
            ctx.setFillColor(k % 2 == 0 ? CGColor(red: 1, green: 0, blue: 0, alpha: 1) : CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            ctx.fill(CGRect(x: bounds.minX + CGFloat(k) * 128, y: bounds.minY, width: 128, height: bounds.height))
        }
    }
    override init() { super.init() }
    override init(layer: Any) { super.init(layer: layer) }
    required init?(coder: NSCoder) { nil }
}

/// The tiled layer's pixels, its freedom from fade, and its archive form.
@Suite struct TiledLayerRenderTests {
    /// `layer` (40 × 30 points at `contentsScale`) drawn under a committed root, as a frame.
    func frame(of layer: CALayer, contentsScale: CGFloat) throws -> [UInt8] {
        let host = TestHost()
        let root = attachedRoot(host)
        layer.frame = CGRect(x: 3, y: 2, width: 40, height: 30)
        layer.contentsScale = contentsScale
        layer.setNeedsDisplay()
        root.addSublayer(layer)
        withExtendedLifetime(host) { CATransaction.flush() }
        return try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 46, pixelHeight: 34, scale: contentsScale).bytes()
    }

    @Test(arguments: [1.0, 2.0])
    func aTiledLayerLooksLikeAPlainLayerDrawingTheSame(scale: Double) throws {
        freshTransactions()
        let tiled = PictureTiledLayer()
        tiled.tileSize = CGSize(width: 16, height: 16)   // 3 × 2 tiles at 1×, 5 × 4 at 2×
        let a = try frame(of: tiled, contentsScale: CGFloat(scale))
        let b = try frame(of: PictureLayer(), contentsScale: CGFloat(scale))
        #expect(a.contains { $0 != 0 }, "something is drawn")
        // Tolerance: 1 per channel. Each tile draws the picture translated by whole pixels,
        // which rounds the anti-aliased edges' coverage differently in the last bit (measured:
        // 21 of 5,520 bytes at 1×, 28 of 22,080 at 2×, each off by one).
        let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 1, "bytes differ by up to \(worst)")
        #expect(zip(a, b).filter { $0 != $1 }.count < a.count / 100)
    }

    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)

    /// A 1000-point tiled layer scrolled 200 points left (and `transform`): only part of it is
    /// on screen, so its contents covers part of its bounds.
    @Test(arguments: [
        // Unscaled: screen x 10 is layer x 210 (column 1), 100 → 300 (2), 250 → 450 (3).
        (1.0, [(10, blue), (100, red), (250, blue)]),
        // At half size (level −1, 128-pixel tiles of 256 points): screen x = 100 + (layer x − 500) / 2
        // with the layer centred at 100; screen 10 → layer 320 (column 1), 150 → 600 (2).
        (0.5, [(10, blue), (150, red)]),
    ])
    func aPartlyVisibleLayerShowsEachTileInItsPlace(scale: Double, probes: [(Int, PremultipliedRGBA8)]) throws {
        freshTransactions()
        let host = TestHost()
        let root = attachedRoot(host)
        let tiled = ColumnTiledLayer()
        tiled.kept = [host, root]
        tiled.levelsOfDetail = 2
        tiled.tileSize = CGSize(width: 128, height: 128)
        tiled.bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
        tiled.position = scale == 1 ? CGPoint(x: 300, y: 500) : CGPoint(x: 100, y: 150)
        tiled.setAffineTransform(CGAffineTransform(scaleX: scale, y: scale))
        root.addSublayer(tiled)
        CATransaction.flush()
        let s = try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 300, pixelHeight: 300, scale: 1)
        for (x, color) in probes {
            #expect(s[x, 100] == color, "screen x \(x)")
        }
        let image = try #require(tiled.contents as? CGImage)
        #expect(image.width < 1000, "only the visible tiles are in the image")
    }

    /// A partly visible layer (its contents covers part of its bounds) under a geometry-flipped
    /// root, and its presentation copy, draw as a plain layer drawing the same.
    @Test func aPartlyVisibleLayerMatchesAPlainOneUnderAFlippedRootAndInItsPresentation() throws {
        freshTransactions()
        func frame(_ layer: CALayer, presentation: Bool) throws -> [UInt8] {
            let host = TestHost()
            let root = attachedRoot(host)
            root.isGeometryFlipped = true
            (layer as? ColumnTiledLayer)?.kept = [host, root]
            (layer as? CATiledLayer)?.tileSize = CGSize(width: 128, height: 128)
            layer.frame = CGRect(x: -200, y: -350, width: 1000, height: 500)
            layer.setNeedsDisplay()
            root.addSublayer(layer)
            withExtendedLifetime(host) { CATransaction.flush() }
            if presentation {
                // The presented tree (copies made with init(layer:)) draws as the model does.
                let copy = try #require(root.presentation())
                return try LayerRenderer.renderSurface(copy, at: 0, pixelWidth: 300, pixelHeight: 300, scale: 1).bytes()
            }
            return try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 300, pixelHeight: 300, scale: 1).bytes()
        }
        for presentation in [false, true] {
            let tiled = ColumnTiledLayer()
            let a = try frame(tiled, presentation: presentation)
            let b = try frame(ColumnLayer(), presentation: presentation)
            #expect((tiled.contents as? CGImage).map { $0.height < 500 } == true, "the image covers part of the bounds")
            #expect(a.contains { $0 != 0 })
            // (Counted, not compared as arrays: a failing array comparison diffs 360,000 bytes.)
            let differing = a.indices.filter { a[$0] != b[$0] }
            #expect(differing.isEmpty, "presentation: \(presentation): \(differing.count) bytes differ, first at byte \(differing.first ?? -1)")
        }
    }

    @Test func newTilesShowAtOnceWithoutAFade() throws {
        freshTransactions()
        let host = TestHost()
        let root = attachedRoot(host)
        let tiled = RecordingTiledLayer()
        tiled.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        tiled.kept = [host, root]
        root.addSublayer(tiled)
        CATransaction.flush()
        let now = CACurrentMediaTime()
        // Right after the commit — well inside Apple's 0.25 s fade — the tile is fully red.
        let s = try LayerRenderer.renderSurface(root, at: now, pixelWidth: 20, pixelHeight: 20, scale: 1)
        #expect(s[10, 10] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(root.animationKeys() == nil && tiled.animationKeys() == nil, "no fade animation is added")
    }

    @Test func theArchiveRoundTripsTheTilingProperties() throws {
        freshTransactions()
        let tiled = CATiledLayer()
        tiled.bounds = CGRect(x: 0, y: 0, width: 50, height: 40)
        tiled.tileSize = CGSize(width: 512, height: 128)
        tiled.levelsOfDetail = 4
        tiled.levelsOfDetailBias = 2
        tiled.display()
        #expect(tiled.contents != nil)
        let data = try LayerArchive.encode(tiled)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"CATiledLayer\""))
        #expect(!json.contains("\"contents\""), "drawn tiles are not archived")
        let decoded = try #require(try LayerArchive.decode(data) as? CATiledLayer)
        #expect(decoded.tileSize == CGSize(width: 512, height: 128))
        #expect(decoded.levelsOfDetail == 4 && decoded.levelsOfDetailBias == 2)
        #expect(try LayerArchive.encode(decoded) == data)
        // Defaults are not written.
        let plain = String(decoding: try LayerArchive.encode(CATiledLayer()), as: UTF8.self)
        #expect(!plain.contains("tileSize") && !plain.contains("levelsOfDetail"))
    }

    @Test func theArchiveRefusesBadTilingValues() {
        #expect(throws: LayerArchiveError.self) {
            try LayerArchive.decode(Data(#"{"class": "CATiledLayer", "tileSize": ["nan", 10]}"#.utf8))
        }
        #expect(throws: LayerArchiveError.self) {
            try LayerArchive.decode(Data(#"{"class": "CATiledLayer", "levelsOfDetail": 1.5}"#.utf8))
        }
        // Odd but finite sizes are accepted and clamped when drawing.
        let odd = try? LayerArchive.decode(Data(#"{"class": "CATiledLayer", "tileSize": [0, 1e9]}"#.utf8)) as? CATiledLayer
        #expect(odd.map { $0.effectiveTileSize == (256, 4096) } == true)
    }
}

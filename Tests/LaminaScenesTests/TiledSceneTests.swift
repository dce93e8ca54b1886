import CoreGraphics
import Foundation
@testable import LaminaScenes
import LaminaRaster
import QuartzCore
import Testing
import _LaminaTestSupport

/// The `tiled` scene (issue 22): goldens before and after the scripted scroll, and what the
/// tiling must show.
@Suite struct TiledSceneTests {
    static let scale: CGFloat = 0.5

    func image(at t: Double) throws -> CGImage {
        let d = try #require(SceneCatalog.named("tiled"))
        let runner = SceneRunner(scene: d.make())
        runner.advance(to: t)
        return try LayerRenderer.renderImage(runner.scene.root, at: runner.mediaTime,
                                             pixelWidth: Int(d.size.width * Self.scale),
                                             pixelHeight: Int(d.size.height * Self.scale), scale: Self.scale,
                                             background: CGColor(gray: 0, alpha: 1))
    }

    /// (The scroll at 1.0 s shows its new tiles from the commit that follows it: 1.1 s.)
    @Test(arguments: [(0.0, "still"), (1.1, "scrolled")])
    func golden(time: Double, label: String) throws {
        let result = GoldenImage.compare(actual: try image(at: time), goldenPath: GoldenImage.path("tiled-\(label).png"),
                                         tolerance: 1)
        #expect(result.passed, "\(result)")
    }

    @Test func scrollingDrawsOnlyTheNewlyVisibleTilesAndTheOverviewIsCoarser() throws {
        let d = try #require(SceneCatalog.named("tiled"))
        let runner = SceneRunner(scene: d.make())
        runner.advance(to: 0.5)
        let scene = try #require(runner.scene as? TiledScene)
        // The window shows 104 × 144 points of the 480-point map: 2 × 3 tiles of 64 pixels.
        #expect(scene.map.tileCache.tiles.count == 6)
        // A quarter size: level −2, a quarter of the pixels per point (64-pixel tiles of 256 points).
        #expect(scene.overview.tileCache.grid?.density == 0.25)
        #expect(scene.overview.tileCache.tiles.count == 4)
        let before = try image(at: 0.5)
        runner.advance(to: 1.5)
        #expect(scene.window.bounds.origin == CGPoint(x: 100, y: 90))
        let after = try LayerRenderer.renderImage(runner.scene.root, at: runner.mediaTime, pixelWidth: 120, pixelHeight: 80,
                                                  scale: Self.scale, background: CGColor(gray: 0, alpha: 1))
        #expect(before.premultipliedRGBA8.bytes() != after.premultipliedRGBA8.bytes())

    }
}

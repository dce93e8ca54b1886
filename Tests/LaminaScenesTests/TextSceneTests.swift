import Foundation
import LaminaScenes
import QuartzCore
import Testing

/// The text scene: every text layer is drawn by the commit that attaches the tree, and the
/// scripted tap's new string is drawn by the commit that follows it.
@Suite struct TextSceneTests {
    func textLayers(_ layer: CALayer) -> [CATextLayer] {
        ((layer as? CATextLayer).map { [$0] } ?? []) + (layer.sublayers ?? []).flatMap(textLayers)
    }

    @Test func everyTextLayerHasDrawnContentsAndTheTapRedrawsTheCounter() throws {
        let scene = TextScene()
        let runner = SceneRunner(scene: scene)
        let layers = textLayers(scene.root)
        #expect(layers.count >= 12)
        #expect(layers.allSatisfy { $0.contents is CGImage && !$0.needsDisplay() })
        let before = try #require(scene.counter.contents as? CGImage)
        runner.advance(to: 1.0)
        #expect(scene.counter.string as? String == "Tapped once")
        let after = try #require(scene.counter.contents as? CGImage)
        #expect(after !== before && after.width == 220, "redrawn at contentsScale 2 (110 points)")
    }
}

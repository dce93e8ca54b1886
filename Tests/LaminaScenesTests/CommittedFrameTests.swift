import CoreGraphics
import Foundation
import LaminaCompositor
import LaminaScenes
import QuartzCore
import Testing

/// Every scene, driven through its script, drawn from the committed render tree (the render
/// server's copy, what windows, the CLI and CARenderer draw) and from `presentation()`: the
/// same render trees and exactly the same bytes. Both read the server's evaluation, so this
/// checks that the copies (the model's classes drawn by `RenderNode(layer:)`, what hit testing
/// and conversions see) agree with the frame's nodes; the animated values themselves are
/// checked by hand in QuartzCoreTests (PresentationFromServerTests, the hand-computed tests of
/// CommittedPresentationTests, CommittedRenderTreeTests, SubclassNodeWriterTests) and
/// LaminaCompositorTests (HandBuiltAnimatedTreeTests, CommittedPresentedValuesTests).
@Suite struct CommittedFrameTests {
    static let scale: CGFloat = 0.5

    @Test(arguments: SceneCatalog.all.map(\.name))
    func committedFramesEqualPresentation(_ name: String) throws {
        let d = try #require(SceneCatalog.named(name))
        let runner = SceneRunner(scene: d.make())
        let w = Int(d.size.width * Self.scale), h = Int(d.size.height * Self.scale)
        var times = Set(d.keyTimes)
        for k in 0...12 { times.insert(d.duration * Double(k) / 12) }
        let compositor = Compositor()
        for t in times.sorted() where t <= d.duration {
            runner.advance(to: t)
            let root = runner.scene.root
            let committed = root.committedRenderTree().tree(at: runner.mediaTime)
            let copy = try #require(MediaClock.withTime(runner.mediaTime) { root.presentation() })
            var model = RenderTree(layer: copy)
            // What a copy does not carry, taken from the frame: running transitions (their
            // progress is checked by hand in TransitionSnapshotTests) and emitter clocks.
            for (id, node) in committed.nodes {
                model.modify(id) { copied in
                    copied.transition = node.transition
                    if case .emitter(let e) = node.kind { copied.setEmitterTime(e.time) }
                }
            }
            #expect(committed.nodes == model.nodes, "\(name) at \(t): render trees differ")
            let a = try LayerRenderer.renderSurface(tree: committed, pixelWidth: w, pixelHeight: h, scale: Self.scale,
                                                    compositor: compositor)
            let b = try LayerRenderer.renderSurface(tree: model, pixelWidth: w, pixelHeight: h, scale: Self.scale)
            #expect(a.bytes() == b.bytes(), "\(name) at \(t): pixels differ")
        }
    }
}

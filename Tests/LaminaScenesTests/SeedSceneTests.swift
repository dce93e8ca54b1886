import Foundation
import LaminaScenes
import QuartzCore
import Testing

/// Each seed scene does what its seed document says, checked on the model and presentation
/// trees (pixels are checked by the golden tests).
@Suite struct SeedSceneTests {
    @Test func sketchStrokesBurnIntoTheIncrementalBitmap() throws {
        let scene = SketchFoldScene()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 1.9)
        let image = try #require(scene.canvas.incrementalImage)
        #expect(image.width == 960 && image.height == 640)
        #expect(scene.canvas.liveStrokeLayer.path == nil)
        #expect(scene.canvas.sketchLayer.contents != nil)
    }

    @Test func tapsFoldByTheSeedsAnglesAndTwoFingersUnfold() throws {
        let scene = SketchFoldScene()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 2.0)
        #expect(scene.isFolded)
        runner.advance(to: 2.6)
        // Two taps: scaled by 0.95² and turned by 15° about y, on top of the perspective.
        let expected = CATransform3DRotate(CATransform3DScale(CATransform3DRotate(CATransform3DScale(
            SketchFoldScene.perspective(), 0.95, 0.95, 0.95), 7.5 * .pi / 180, 0, 1, 0), 0.95, 0.95, 0.95), 7.5 * .pi / 180, 0, 1, 0)
        #expect(CATransform3DEqualToTransform(scene.leftPageTransform, expected))
        runner.advance(to: 3.2)
        #expect(!scene.isFolded)
    }

    @Test func pinchFoldsWithoutAnimationAndReleaseAnimatesBackThenRemovesTheCurtain() throws {
        let scene = SketchFoldScene()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 4.6)
        #expect(scene.isFolded)
        #expect(!scene.interactionEnabled)
        // Mid-pinch the pages show the model transform: actions were disabled.
        let left = try #require(runner.presentationRoot()?.sublayers?.last?.sublayers?.first)
        #expect(CATransform3DEqualToTransform(left.transform, scene.leftPageTransform))
        runner.advance(to: 4.7 + 0.25)
        #expect(scene.isFolded, "the return animation (0.5 / 0.48 s) is still running")
        #expect(CATransform3DIsIdentity(scene.leftPageTransform))
        runner.advance(to: 4.7 + 0.5 / 0.48 + 0.05)
        #expect(!scene.isFolded)
        #expect(scene.interactionEnabled)
    }

    @Test func implicitSceneFollowsSeed002() throws {
        let scene = ImplicitScene()
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 0.8)
        let root = try #require(runner.presentationRoot())
        let shownColor = try #require(root.sublayers?[0].sublayers?[0].backgroundColor)
        #expect(shownColor != scene.colorLayer.backgroundColor, "the 1 s colour change is still animating")
        #expect(root.sublayers?[1].backgroundColor == scene.viewLayer.backgroundColor, "a view's layer does not animate")
        runner.advance(to: 2.0)
        // The completion block turned the layer by 90° (model) once the colour animation ended.
        let turned = scene.colorLayer.affineTransform()
        #expect(abs(turned.b - 1) < 1e-9 && abs(turned.a) < 1e-9)
        let redBefore = scene.movingLayer.backgroundColor
        runner.advance(to: 4.1)
        #expect(scene.movingLayer.position == CGPoint(x: 440, y: 250))
        #expect(scene.movingLayer.backgroundColor != redBefore, "a tap where the layer is seen hits its presentation")
    }

    @Test func pageCurlTubeIsAClosedPrismOfOneFacePerStripOverTheViewsSnapshot() throws {
        let scene = PageCurlScene(stripCount: 8)
        #expect(PageCurlScene(stripCount: 1).stripCount == 3)
        #expect(PageCurlScene(stripCount: 10_000).stripCount == 64)
        let runner = SceneRunner(scene: scene)
        runner.advance(to: 0.5 + 0.05)
        let tube = try #require(scene.curlTube)
        #expect(tube.faces.count == 8 && tube.pageStrips.count == 8)
        #expect(scene.oldView.isHidden, "the strips stand in for the view")
        #expect(tube.container.frame == scene.oldView.frame)
        let snapshot = try #require(tube.pageStrips[0].contents as? CGImage)
        #expect(snapshot.width == 960 && snapshot.height == 640)
        #expect(tube.tube.animation(forKey: "slide") != nil && tube.tube.animation(forKey: "roll") != nil)
        runner.advance(to: 1.6)
        let mid = try #require(runner.presentationRoot())
        let shown = mid.sublayers?.last?.sublayers?.prefix(8).filter { $0.opacity > 0 }.count ?? -1
        #expect(shown > 0 && shown < 8, "mid-curl, part of the page is still flat")
        runner.advance(to: 3.5)
        #expect(tube.container.superlayer == nil, "the completion block removed the strips")
    }

    @Test func aPageCurlNeedsALayerWithASuperlayerAndASize() {
        #expect(PageCurlTube(over: CALayer()) == nil)
        let parent = CALayer(), child = CALayer()
        parent.addSublayer(child)
        #expect(PageCurlTube(over: child) == nil, "empty bounds")
    }

    @Test func everyCatalogSceneBuildsAndRunsToItsEnd() {
        for descriptor in SceneCatalog.all {
            let runner = SceneRunner(scene: descriptor.make())
            runner.advance(to: descriptor.duration)
            #expect(runner.presentationRoot() != nil, "\(descriptor.name)")
            #expect(descriptor.keyTimes.allSatisfy { $0 >= 0 && $0 <= descriptor.duration }, "\(descriptor.name)")
        }
    }
}

import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore
import Testing

/// The sketch-fold demo driven the way a person drives it: through a (headless) window,
/// touches and gesture recognizers, with the run loop committing each turn.
@Suite struct SceneWindowTests {
    /// Frames are not what these tests look at (the goldens do): a blank image keeps the
    /// debug-build run loop fast.
    final class BlankRenderer: FrameRenderer {
        func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                         scale: CGFloat) throws -> CGImage {
            let bytes = Data(count: pixelWidth * pixelHeight * 4)
            guard let provider = CGDataProvider(data: bytes),
                  let image = CGImage(width: pixelWidth, height: pixelHeight, bitsPerComponent: 8, bitsPerPixel: 32,
                                      bytesPerRow: pixelWidth * 4, space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                      bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedLast.rawValue),
                                      provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
            else { throw CocoaError(.coderInvalidValue) }
            return image
        }
    }

    func makeWindow(playsScript: Bool = false) throws -> (SceneWindow, ScriptedInput, SketchFoldScene) {
        let descriptor = try #require(SceneCatalog.named("sketch-fold"))
        let window = try HeadlessWindow(size: descriptor.size)
        let shown = SceneWindow(descriptor, window: window, clock: ManualFrameClock(now: 1000), playsScript: playsScript,
                                renderer: BlankRenderer())
        let input = try #require(ScriptedInput(host: shown.host))
        let scene = try #require(shown.scene as? SketchFoldScene)
        return (shown, input, scene)
    }

    @Test func draggingAFingerDrawsIntoTheBitmap() throws {
        let (_, input, scene) = try makeWindow()
        #expect(scene.canvas.incrementalImage == nil)
        input.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 300, y: 120), steps: 20)
        input.frames(2)
        #expect(scene.canvas.incrementalImage != nil)
    }

    @Test func aTapFoldsAndATwoFingerTapUnfolds() throws {
        let (_, input, scene) = try makeWindow()
        input.tap(at: CGPoint(x: 240, y: 160))
        input.wait(0.5)
        #expect(scene.isFolded)
        input.tap(at: CGPoint(x: 240, y: 160), fingers: 2)
        input.wait(0.5)
        #expect(!scene.isFolded)
    }

    @Test func aPinchFoldsAndItsReleaseAnimatesBackAndRemovesTheCurtain() throws {
        let (_, input, scene) = try makeWindow()
        input.pinch(centre: CGPoint(x: 240, y: 160), from: 200, to: 110, steps: 20, release: false)
        #expect(scene.isFolded)
        #expect(!CATransform3DIsIdentity(scene.leftPageTransform))
        input.touches(.ended, [(2001, CGPoint(x: 185, y: 160)), (2002, CGPoint(x: 295, y: 160))])
        input.wait(0.1)
        #expect(scene.isFolded, "the return animation runs before the completion block")
        input.wait(2)
        #expect(!scene.isFolded)
        #expect(scene.interactionEnabled)
    }

    @Test func theScriptPlaysThroughTheWindowLikeTheOfflineRunner() throws {
        let (shown, input, scene) = try makeWindow(playsScript: true)
        input.wait(2.1)
        #expect(scene.isFolded)
        let window = try #require(shown.host.window as? HeadlessWindow)
        #expect(window.presentedFrameCount > 0)
        #expect(window.lastFrame?.width == 480)
    }
}

import CoreGraphics
import Foundation
import LaminaScenes
import QuartzCore
import Testing
import _LaminaTestSupport

/// Each seed scene, driven headlessly through its scripted interaction, against goldens at
/// the moments that matter (half size, so the images stay small). Look at every PNG in
/// Goldens/ before recording (`LAMINA_RECORD_GOLDENS=1 swift test --filter SceneGoldenTests`).
@Suite struct SceneGoldenTests {
    /// Half size: 240 x 160 for the 480 x 320 scenes.
    static let scale: CGFloat = 0.5

    func check(_ name: String, at times: [(Double, String)]) throws {
        let d = try #require(SceneCatalog.named(name))
        let runner = SceneRunner(scene: d.make())
        for (t, label) in times {
            runner.advance(to: t)
            let w = Int(d.size.width * Self.scale), h = Int(d.size.height * Self.scale)
            let image = try LayerRenderer.renderImage(runner.scene.root, at: runner.mediaTime, pixelWidth: w,
                                                      pixelHeight: h, scale: Self.scale,
                                                      background: CGColor(gray: 0, alpha: 1))
            let path = GoldenImage.path("\(name)-\(label).png")
            // Tolerance ±1 per channel: rounding of blurred shadows and gradients.
            let result = GoldenImage.compare(actual: image, goldenPath: path, tolerance: 1)
            #expect(result.passed, "\(result)")
        }
    }

    @Test func sketchFold() throws {
        try check("sketch-fold", at: [
            (1.9, "drawn"),            // three strokes in the bitmap
            (2.1, "mid-fold"),         // the first tap's implicit 0.25 s fold, half way
            (4.6, "pinched-0.48"),     // the pinch held at the 0.48 clamp: the pages almost edge-on
            (5.2, "mid-unfold"),       // the animated return after release
        ])
    }

    @Test func implicitAnimations() throws {
        try check("implicit", at: [(0.8, "mid-colour"), (1.45, "completion-spin"), (3.0, "moving")])
    }

    @Test func transitions() throws {
        try check("transitions", at: [(0.9, "mid-push"), (2.8, "paused")])
    }

    @Test func pageCurl() throws {
        try check("page-curl", at: [(1.0, "early"), (1.6, "mid-curl")])
    }

    @Test func gallery() throws {
        try check("gallery", at: [(0, "still")])
    }

    @Test func text() throws {
        try check("text", at: [(1.0, "tapped")])
    }
}

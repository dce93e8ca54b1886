import Foundation
import LaminaScenes
import Testing
import UIKit
import _LaminaTestSupport

/// A corpus program on a stage: its view (or its view controller's view) as the root of a
/// layer tree, played by a `SceneRunner` so media time is exact, with the program's own calls
/// (`startAnimating()`, `flip()`…) as scripted commands — what a user's taps or a view
/// controller's `viewDidAppear` would have called on a device.
///
/// Each command runs at its scene time with the media clock frozen there (so
/// `CACurrentMediaTime()` in the program reads it) and is followed by a commit, as a run-loop
/// turn is; between commands the clock ticks at 60 Hz, so completion blocks fire on time.
final class CorpusStage: SceneModel {
    let root: CALayer
    let script: [ScriptStep]
    /// The program's root view (kept alive for the run).
    let view: UIView
    /// The controller whose view this is (kept alive for the run).
    private(set) var controller: UIViewController?
    private let commands: [() -> Void]

    /// `view` as the root (at its own frame); `steps` are (scene time in seconds, call) pairs.
    init(view: UIView, steps: [(Double, () -> Void)] = []) {
        self.view = view
        root = view.layer
        let ordered = steps.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        commands = ordered.map(\.element.1)
        script = ordered.indices.map { ScriptStep(ordered[$0].element.0, .command("\($0)")) }
    }

    /// A view controller's view, loaded at the size UIKit gives it (`UIScreen.main.bounds`: the
    /// controller fills the screen, as a window's root controller does on a device) and brought
    /// on screen at scene time 0 with the appearance calls a window makes (`viewWillAppear`,
    /// a layout pass, `viewDidAppear`), then `steps`.
    convenience init(controller: UIViewController, steps: [(Double, () -> Void)] = []) {
        let view: UIView = controller.view
        self.init(view: view, steps: [(0, {
            controller.beginAppearanceTransition(true, animated: false)
            view.layoutIfNeeded()
            controller.endAppearanceTransition()
        })] + steps)
        self.controller = controller
    }

    func handle(_ input: SceneInput) {
        if case .command(let name) = input, let i = Int(name), commands.indices.contains(i) { commands[i]() }
    }
}

/// Plays a stage and compares it with goldens named `<program>-<label>.png` in Goldens/.
///
/// The picture is `viewport` (points, in the root view's superview space: its frame; default
/// the view's frame) at `scale` pixels per point over an opaque white background — what sits
/// behind a view with no background colour in a light-mode app.
final class CorpusPlay {
    let program: String
    let stage: CorpusStage
    let runner: SceneRunner
    let viewport: CGRect
    let scale: CGFloat

    init(_ program: String, _ stage: CorpusStage, viewport: CGRect? = nil, scale: CGFloat = 1) {
        self.program = program
        self.stage = stage
        runner = SceneRunner(scene: stage)
        self.viewport = viewport ?? stage.view.frame
        self.scale = scale
    }

    /// Scene time now (seconds).
    var time: Double { runner.sceneTime }

    /// Runs the script and the clock up to scene time `t`.
    func advance(to t: Double) { runner.advance(to: t) }

    /// The picture at scene time `t` against golden `<program>-<label>.png`. Tolerance ±1 per
    /// channel: the PNG round trip of translucent pixels, and blurred shadows.
    func golden(_ label: String, at t: Double, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try render(at: t)
        let result = GoldenImage.compare(actual: image, goldenPath: GoldenImage.path("\(program)-\(label).png"),
                                         tolerance: 1)
        #expect(result.passed, "\(result)", sourceLocation: sourceLocation)
    }

    /// The picture at scene time `t` (see the type's comment).
    func render(at t: Double) throws -> CGImage {
        runner.advance(to: t)
        let w = Int((viewport.width * scale).rounded()), h = Int((viewport.height * scale).rounded())
        return try LayerRenderer.renderImage(stage.root, at: runner.mediaTime, viewport: viewport,
                                             pixelWidth: w, pixelHeight: h, scale: scale,
                                             background: CGColor(gray: 1, alpha: 1))
    }

    /// The presentation copy of `layer` now (nil when the tree has none).
    func presented(_ layer: CALayer) -> CALayer? {
        MediaClock.$override.withValue(runner.mediaTime) { layer.presentation() }
    }
}

/// The red, green, blue and alpha bytes (premultiplied) of pixel (x, y) of `image`, row 0 at
/// the top, read back through a bitmap context (public API only).
func pixel(_ image: CGImage, x: Int, y: Int) -> [UInt8] {
    guard let ctx = CGContext(data: nil, width: image.width, height: image.height, bitsPerComponent: 8, bytesPerRow: 0,
                              space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
          let data = ctx.data else { return [] }
    ctx.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
    let p = data.assumingMemoryBound(to: UInt8.self) + y * ctx.bytesPerRow + x * 4
    return [p[0], p[1], p[2], p[3]]
}

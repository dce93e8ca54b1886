import Foundation
import LaminaSceneCatalog
import QuartzCore

/// A layer tree shown the way a window host shows it, through QuartzCore's public host API: a
/// `CARenderer` the size of the scene (one pixel a point) over a black background, drawing each
/// frame into one pixel buffer that lives as long as the loop — a window's back buffer — so
/// what a frame allocates is the renderer's own.
///
/// A frame is Apple's protocol (`CARenderer`'s documentation): `beginFrame(atTime:)` (commit,
/// animation clock), `updateBounds()` (the damage since the last frame drawn), `render(into:…)`
/// when something is damaged (only the damage is redrawn, then the frame is copied out),
/// `endFrame()`. A *full* frame first marks the whole frame dirty (`addUpdate(bounds)`), so the
/// whole frame is redrawn from its draw list, as before damage tracking.
///
/// Time is scene time: seconds from when the tree was first shown, at media time `origin`
/// (injected with `MediaClock.setManualTime`; not 0, which Core Animation reads as "now").
final class SceneFrameLoop {
    static let origin: CFTimeInterval = 1000
    /// One display refresh at 60 Hz, seconds.
    static let frameInterval = 1.0 / 60

    let root: CALayer
    /// The scene that answers `deliver(_:)` and plays its script in `play(to:)` (nil for a
    /// tree without one).
    let scene: (any SceneModel)?
    let renderer: CARenderer
    private let pixels: UnsafeMutableRawBufferPointer
    private(set) var sceneTime: Double = 0
    private var nextStep = 0

    /// Shows `root` (committing it) at scene time 0; `scene` is what receives input.
    init(root: CALayer, scene: (any SceneModel)? = nil, size: CGSize) {
        self.root = root
        self.scene = scene
        renderer = CARenderer(bounds: CGRect(origin: .zero, size: size))
        renderer.backgroundColor = CGColor(gray: 0, alpha: 1)
        pixels = .allocate(byteCount: max(1, renderer.pixelWidth * renderer.pixelHeight * 4), alignment: 64)
        setTime(0)
        renderer.layer = root
    }

    /// A scene of the catalog (`lamina list --all` names), made afresh.
    convenience init(sceneNamed name: String) throws {
        guard let d = SceneCatalog.named(name) else { throw SceneFrameLoopError.noScene(name) }
        let scene = d.make()
        self.init(root: scene.root, scene: scene, size: d.size)
    }

    deinit { pixels.deallocate() }

    private func setTime(_ s: Double) {
        sceneTime = max(sceneTime, s)
        MediaClock.setManualTime(Self.origin + sceneTime)
    }

    /// Runs the scene's scripted inputs up to scene time `t`, each at its own time followed by
    /// a commit, with the animation clock ticked every 1/60 s in between (no frame drawn): what
    /// `lamina bench` does before it times a frame.
    func play(to t: Double) {
        let script = scene?.script ?? []
        while sceneTime < t {
            let next = min(t, sceneTime + Self.frameInterval)
            while nextStep < script.count, script[nextStep].time <= next {
                let step = script[nextStep]
                nextStep += 1
                tick(at: step.time)
                deliver(step.input)
            }
            tick(at: next)
        }
    }

    /// One input to the scene now, then the commit a run-loop turn makes.
    func deliver(_ input: SceneInput) {
        setTime(sceneTime)
        scene?.handle(input)
        CATransaction.flush()
    }

    /// A frame turn that draws nothing (the clock ticks, callbacks fire).
    private func tick(at s: Double) {
        setTime(s)
        renderer.beginFrame(atTime: Self.origin + sceneTime)
        renderer.endFrame()
    }

    /// Draws the frame one refresh after the current scene time (or at the current time when
    /// `advancing` is false). `full` redraws the whole frame. Returns the damaged area in
    /// pixels (0: nothing changed, nothing drawn).
    @discardableResult
    func drawNextFrame(full: Bool = false, advancing: Bool = true) throws -> Int {
        setTime(advancing ? sceneTime + Self.frameInterval : sceneTime)
        renderer.beginFrame(atTime: Self.origin + sceneTime)
        defer { renderer.endFrame() }
        if full { renderer.addUpdate(renderer.bounds) }
        let damage = renderer.updateBounds()
        guard !damage.isNull else { return 0 }
        let w = renderer.pixelWidth, h = renderer.pixelHeight
        try renderer.render(into: pixels, width: w, height: h, bytesPerRow: 4 * w)
        let s = Double(renderer.scale)
        return Int((damage.width * s).rounded()) * Int((damage.height * s).rounded())
    }
}

enum SceneFrameLoopError: Error, CustomStringConvertible {
    case noScene(String)
    case notPageFold

    var description: String {
        switch self {
        case .noScene(let name): "the scene catalog has no scene named \(name)"
        case .notPageFold: "bench-page-fold is not the sketch-fold scene any more"
        }
    }
}

// Whole frames of Lamina's benchmark scenes (the catalog `lamina bench` draws, 1920 × 1080 at
// one pixel a point), each drawn by a CARenderer into the caller's pixels as a window host
// draws (SceneFrameLoop). One sample is one frame, 1/60 s of scene time after the previous one,
// after five warm-up frames; besides time and mallocs, `damagedPixels` is the area the frame
// redrew (the whole 2,073,600 for a full frame).
//
//   bench-layers          500 layers (rounded bordered rects, images, shapes, shadows): still, so
//                         each frame is redrawn whole (addUpdate(bounds))
//   bench-perspective     200 perspective image layers 256 × 256: still, redrawn whole
//   bench-particles       one emitter with 10,000 live particles, from scene time 3 s: animating
//   bench-page-fold       the sketch-fold pages while they animate: the scene's pinch release
//                         (its script's 4.7 s step, folded at scale 0.48, turning back flat over
//                         1.04 s), started again as soon as the previous return has ended, so
//                         every frame but the two around each restart is mid-animation
//   spinner               a 40 × 40 layer turning once a second over bench-layers: the incremental
//                         frame (only the damage redrawn, issue 21's target ≤ 5 % of the full
//                         frame) and the same frame redrawn whole
import Benchmark
import LaminaBenchmarkSupport
import LaminaSceneCatalog
import QuartzCore

let benchmarks: @Sendable () -> Void = {
    /// The area (pixels) a frame redrew: its damage, or the whole frame when drawn whole.
    let damagedPixels = BenchmarkMetric.custom("damagedPixels", polarity: .prefersSmaller, useScalingFactor: false)

    /// A benchmark of `loop`'s frames (built and brought to its first frame in the first
    /// sample, unmeasured); `beforeFrame` runs before each frame, unmeasured (input). A scene
    /// that animates in a cycle records exactly one `cycle` of frames (so every run records
    /// the same ones); others up to 30 frames or 3 s.
    func frames(_ name: String, full: Bool, cycle: Int? = nil, _ make: @escaping () throws -> SceneFrameLoop,
                beforeFrame: ((SceneFrameLoop) -> Void)? = nil) {
        let configuration = LaminaBenchmarkConfiguration.make(
            extraMetrics: [damagedPixels], maxDuration: .seconds(cycle == nil ? 3 : 15), maxIterations: cycle ?? 30)
        let loop = Lazy {
            let l = try make()
            try l.drawNextFrame(advancing: false)  // the first frame, drawn whole
            return l
        }
        Benchmark(name, configuration: configuration) { benchmark in
            benchmark.checked {
                let l = try loop.get()
                beforeFrame?(l)
                let damage = try benchmark.measured { try l.drawNextFrame(full: full) }
                benchmark.measurement(damagedPixels, damage)
            }
        }
    }

    frames("bench-layers: full frame (500 layers)", full: true) {
        try SceneFrameLoop(sceneNamed: "bench-layers")
    }

    frames("bench-perspective: full frame (200 perspective image layers)", full: true) {
        try SceneFrameLoop(sceneNamed: "bench-perspective")
    }

    frames("bench-particles: frame (10,000 live particles)", full: false) {
        let l = try SceneFrameLoop(sceneNamed: "bench-particles")
        l.play(to: 3)
        return l
    }

    // One cycle: the release's 1.04 s is 63 frames at 60 Hz, the last one hiding the curtain.
    frames("bench-page-fold: frame while the pages turn", full: false, cycle: 63, {
        guard let d = SceneCatalog.named("bench-page-fold"), let fold = d.make() as? SketchFoldScene else {
            throw SceneFrameLoopError.notPageFold
        }
        let l = SceneFrameLoop(root: fold.root, scene: fold, size: d.size)
        l.play(to: 1.95)  // the script's three strokes, so the pages show a drawing
        return l
    }, beforeFrame: { l in
        // The scene's pinch and release, again once the last return has ended (its completion
        // block hides the curtain).
        guard let fold = l.scene as? SketchFoldScene, !fold.isFolded else { return }
        l.deliver(.pinch(.began, scale: 1))
        l.deliver(.pinch(.changed, scale: 0.4))
        l.deliver(.pinch(.ended, scale: 0.4))
    })

    /// bench-layers with a 40 × 40 point spinner turning once a second at its centre.
    func spinnerOverLayers() throws -> SceneFrameLoop {
        guard let d = SceneCatalog.named("bench-layers") else { throw SceneFrameLoopError.noScene("bench-layers") }
        let root = d.make().root
        let spinner = CALayer()
        spinner.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.position = CGPoint(x: d.size.width / 2, y: d.size.height / 2)
        spinner.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        spinner.cornerRadius = 6
        root.addSublayer(spinner)
        let l = SceneFrameLoop(root: root, size: d.size)
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0.0
        spin.toValue = 2 * Double.pi
        spin.duration = 1
        spin.repeatCount = .infinity
        spinner.add(spin, forKey: "spin")
        CATransaction.flush()
        return l
    }

    // One cycle: a turn is 60 frames.
    frames("spinner over bench-layers: incremental frame", full: false, cycle: 60, spinnerOverLayers)
    frames("spinner over bench-layers: full frame", full: true, cycle: 60, spinnerOverLayers)
}

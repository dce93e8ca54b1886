// Issue 21, item 3: frames reuse their offscreen surfaces. Every scene drawn with the
// compositor's surface pool has the bytes of the same frames drawn with every surface
// allocated anew, and an animating scene — the page fold while it folds, a spinner over the
// 500-layer scene, transitions, particles — allocates no surface after a warm-up.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import LaminaScenes
import QuartzCore
import Testing

@Suite struct SurfacePoolSceneTests {
    /// Every scene and the benchmark scenes but the 10,000 and 100,000 siblings (too slow in
    /// a debug build).
    static let names = SceneCatalog.all.map(\.name)
        + SceneCatalog.benchmarks.map(\.name).filter { !$0.hasPrefix("bench-siblings") }

    /// Each scene at its key times and a frame later (so consecutive frames reuse each
    /// other's surfaces, dirty), drawn by one pooled compositor and by one that keeps nothing.
    @Test(arguments: names)
    func pooledFramesMatchFramesWithFreshSurfaces(_ name: String) throws {
        let d = try #require(SceneCatalog.named(name))
        let runner = SceneRunner(scene: d.make())
        let scale = min(1, 96 / max(d.size.width, d.size.height))
        let w = max(1, Int(d.size.width * scale)), h = max(1, Int(d.size.height * scale))
        let pooled = Compositor(), fresh = Compositor(memoryBudget: nil, poolBytes: 0)
        let times = Set(d.keyTimes.flatMap { [$0, $0 + 1.0 / 60] }).sorted()
        for t in times {
            runner.advance(to: t)
            let tree = runner.scene.root.committedRenderTree().tree(at: runner.mediaTime)
            let a = try pooled.render(tree: tree, width: w, height: h, scale: Double(scale), background: DamageSceneTests.background)
            let b = try fresh.render(tree: tree, width: w, height: h, scale: Double(scale), background: DamageSceneTests.background)
            #expect(a.bytes() == b.bytes(), "\(name) at \(t) s")
        }
        #expect(fresh.surfacePool.statistics.reuses == 0)
    }

    /// `name` stepped at 60 Hz from scene time `start`: `warmUp` frames, then `measured`
    /// frames drawn incrementally (as CARenderer draws); the pool's counters after the warm-up
    /// and at the end.
    private func steady(_ name: String, from start: Double, warmUp: Int = 12, measured: Int = 12,
                        pixels: CGFloat = 240) throws -> (warm: SurfacePool.Statistics, end: SurfacePool.Statistics) {
        let d = try #require(SceneCatalog.named(name))
        let runner = SceneRunner(scene: d.make())
        let scale = min(1, pixels / max(d.size.width, d.size.height))
        let w = max(1, Int(d.size.width * scale)), h = max(1, Int(d.size.height * scale))
        // A budget of its own: under the process's (shared with the tests running beside this
        // one), a test that fills it makes the budget reclaim this pool's idle buffers, and the
        // next frame allocates afresh — the count failed now and then in the full suite.
        let frames = IncrementalFrames(compositor: Compositor(memoryBudget: PixelMemoryBudget(limit: 1 << 30)))
        var warm = frames.compositor.surfacePool.statistics
        for step in 0..<(warmUp + measured) {
            runner.advance(to: start + Double(step) / 60)
            let tree = runner.scene.root.committedRenderTree().tree(at: runner.mediaTime)
            try frames.render(tree: tree, width: w, height: h, scale: Double(scale), background: DamageSceneTests.background)
            if step == warmUp - 1 { warm = frames.compositor.surfacePool.statistics }
        }
        return (warm, frames.compositor.surfacePool.statistics)
    }

    /// The pages fold from the tap at 2.0 s: the planes are drawn straight through their
    /// homographies, their wide shadows from quarter-resolution masks (pooled), which change
    /// size every frame.
    @Test func thePageFoldAllocatesNoSurfaceWhileItFolds() throws {
        let (warm, end) = try steady("sketch-fold", from: 2.0)
        #expect(warm.freshAllocations > 0 && end.reuses > warm.reuses, "\(warm) → \(end)")
        #expect(end.freshAllocations == warm.freshAllocations, "\(warm) → \(end)")
    }

    /// Push, every transition type, a spin and perspective from 0.5 s.
    @Test func transitionsAllocateNoSurfaceWhileTheyRun() throws {
        let (warm, end) = try steady("transitions", from: 0.6)
        #expect(end.reuses > warm.reuses)
        #expect(end.freshAllocations == warm.freshAllocations, "\(warm) → \(end)")
    }

    @Test func particlesAllocateNoSurfaceWhileTheyFly() throws {
        let (warm, end) = try steady("particles", from: 0.5)
        #expect(end.freshAllocations == warm.freshAllocations, "\(warm) → \(end)")
    }

    /// A 40 × 40 point spinner turning over the 500-layer scene, through CARenderer's public
    /// counters: after the first frames, no buffer is allocated (the kept frame included).
    @Test func aSpinnerOverTheLayersSceneAllocatesNothingThroughCARenderer() throws {
        let d = try #require(SceneCatalog.named("bench-layers"))
        let root = d.make().root
        let spinner = CALayer()
        spinner.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.position = CGPoint(x: 960, y: 540)
        spinner.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        spinner.cornerRadius = 6
        spinner.opacity = 0.8
        spinner.shadowOpacity = 0.5
        let renderer = CARenderer(bounds: CGRect(origin: .zero, size: d.size), scale: 0.2)
        let w = renderer.pixelWidth, h = renderer.pixelHeight
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        MediaClock.withTime(50) {
            root.addSublayer(spinner)
            renderer.layer = root
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0.0
            spin.toValue = 2 * Double.pi
            spin.duration = 1
            spin.repeatCount = .infinity
            spinner.add(spin, forKey: "spin")
        }
        // The spinner's extent repeats every quarter turn (15 frames): after one, every size
        // its frames need has been seen.
        var warm = renderer.surfaceStatistics
        for k in 0..<32 {
            let t = 50 + Double(k) / 60
            try MediaClock.withTime(t) {
                renderer.beginFrame(atTime: t)
                defer { renderer.endFrame() }
                try pixels.withUnsafeMutableBytes { try renderer.render(into: $0, width: w, height: h, bytesPerRow: w * 4) }
            }
            if k == 15 { warm = renderer.surfaceStatistics }
        }
        let end = renderer.surfaceStatistics
        #expect(warm.freshAllocations > 0)
        #expect(end.freshAllocations == warm.freshAllocations, "\(warm) → \(end)")
        #expect(end.reuses > warm.reuses && end.pooledBytes > 0)
        renderer.layer = nil
    }
}

// Wide shadows (σ ≥ 32 device pixels) are blurred at quarter resolution, and a region render
// blurs only the rows of that small mask its own rows read (WideShadow.swift, and the page
// fold's projected shadows in DirectMaskedPlaneDrawing.swift). RegionSceneTests draws every
// scene at most 128 px wide, where no shadow is that wide; here the sketch-fold scene is made
// 160 × 120 points at one pixel per point, so its page shadows (shadowRadius 100, σ 50 px)
// take the quarter-resolution path flat and while the pages fold in perspective, and every
// region must still give the whole frame's bytes.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import LaminaScenes
import QuartzCore
import Testing
import _LaminaTestSupport

@Suite struct WideShadowRegionTests {
    @Test func regionsOfTheFoldingPagesMatchTheWholeFrame() throws {
        let d = try #require(SceneCatalog.named("sketch-fold"))
        let w = 160, h = 120
        let runner = SceneRunner(scene: SketchFoldScene(size: CGSize(width: w, height: h)))
        var times = Set(d.keyTimes.filter { $0 <= d.duration })
        for k in 0...8 { times.insert(d.duration * Double(k) / 8) }
        let compositor = Compositor()
        let background = CGColor(red: 0.93, green: 0.93, blue: 0.9, alpha: 1)
        var rng = SplitMix64(51)
        var previous = RegionCheck.junk(width: w, height: h, seed: 5)
        let pool = WorkerPool(threadCount: 2)
        for t in times.sorted() {
            runner.advance(to: t)
            let tree = runner.scene.root.committedRenderTree().tree(at: runner.mediaTime)
            let full = try compositor.render(tree: tree, width: w, height: h, background: background)
            let list = compositor.drawList(tree: tree, width: w, height: h)
            for (count, threads) in [(3, nil), (7, pool)] as [(Int, WorkerPool?)] {
                let banded = RegionCheck.junk(width: w, height: h, seed: 3)
                // Planes split into bands of their own from 1,000 pixels (PlaneBands.swift).
                try compositor.render(list, into: banded, regions: Compositor.bands(width: w, height: h, count: count),
                                      background: background, pool: threads, minimumSplitPixels: 1000)
                let same = banded.bytes() == full.bytes()
                #expect(same, "at \(t): \(count) bands differ from the whole frame")
            }
            for _ in 0..<3 {
                let r = RegionCheck.oddRect(width: w, height: h, rng: &rng)
                let out = previous.copy()
                try compositor.render(list, into: out, region: PixelBox(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1),
                                      background: background)
                let bad = RegionCheck.mismatch(result: out, full: full, before: previous, region: r)
                #expect(bad == nil, "at \(t): \(bad ?? "")")
            }
            previous = full
        }
    }
}

// Every scene, at several times, drawn whole and by regions (issue 21's foundation for damage
// tracking and parallel bands): four horizontal bands over a surface of junk, five bands on
// three threads, and an
// odd-sized random rectangle into the previous frame, must give the whole frame's bytes
// inside the region and leave every other pixel alone. The frames come from the committed
// render tree, the path windows, the CLI and CARenderer draw.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import LaminaScenes
import QuartzCore
import Testing
import _LaminaTestSupport

@Suite struct RegionSceneTests {
    static let background = CGColor(red: 0.93, green: 0.93, blue: 0.9, alpha: 1)

    /// Every scene, and the benchmark scenes but the 10,000 and 100,000 siblings (too slow in
    /// a debug build; flat rectangles the random trees cover).
    static let names = SceneCatalog.all.map(\.name)
        + SceneCatalog.benchmarks.map(\.name).filter { !$0.hasPrefix("bench-siblings") }

    @Test(arguments: names)
    func regionsOfEverySceneMatchTheWholeFrame(_ name: String) throws {
        let d = try #require(SceneCatalog.named(name))
        let runner = SceneRunner(scene: d.make())
        // At most 128 px a side: debug builds are slow.
        let scale = min(1, 128 / max(d.size.width, d.size.height))
        let w = max(1, Int(d.size.width * scale)), h = max(1, Int(d.size.height * scale))
        var times = Set(d.keyTimes.filter { $0 <= d.duration })
        for k in 0...4 { times.insert(d.duration * Double(k) / 4) }
        let compositor = Compositor()
        var rng = SplitMix64(name.utf8.reduce(21) { $0 &* 31 &+ UInt64($1) })
        var previous = RegionCheck.junk(width: w, height: h, seed: 7)
        let pool = WorkerPool(threadCount: 3)
        for t in times.sorted() {
            runner.advance(to: t)
            let tree = runner.scene.root.committedRenderTree().tree(at: runner.mediaTime)
            let full = try compositor.render(tree: tree, width: w, height: h, scale: Double(scale), background: Self.background)
            let list = compositor.drawList(tree: tree, width: w, height: h, scale: Double(scale))
            // (i) Four bands over junk: every pixel redrawn.
            let banded = RegionCheck.junk(width: w, height: h, seed: 3)
            try compositor.render(list, into: banded, regions: Compositor.bands(width: w, height: h, count: 4),
                                  background: Self.background, pool: nil)
            #expect(banded.bytes() == full.bytes(), "\(name) at \(t): four bands differ from the whole frame")
            // (iii) Five bands on three threads.
            let threaded = RegionCheck.junk(width: w, height: h, seed: 4)
            try compositor.render(list, into: threaded, regions: Compositor.bands(width: w, height: h, count: 5),
                                  background: Self.background, pool: pool)
            #expect(threaded.bytes() == full.bytes(), "\(name) at \(t): bands on three threads differ from the whole frame")
            // (ii) Odd-sized random rectangles into a copy of the previous frame.
            for _ in 0..<2 {
                let r = RegionCheck.oddRect(width: w, height: h, rng: &rng)
                let out = previous.copy()
                try compositor.render(list, into: out, region: PixelBox(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1),
                                      background: Self.background)
                let bad = RegionCheck.mismatch(result: out, full: full, before: previous, region: r)
                #expect(bad == nil, "\(name) at \(t): \(bad ?? "")")
            }
            previous = full
        }
    }
}

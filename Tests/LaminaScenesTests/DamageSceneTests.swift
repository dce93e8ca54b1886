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
        frames.retained.verifies = true // every retained list compared with a full walk's
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
        #expect(frames.retained.mismatches == 0, "\(name): retained lists differ from full walks")
    }
}

@Suite struct DamageSpinnerTests {
    /// A 40 × 40 point spinner turning over the static 500-layer benchmark scene (1920 × 1080
    /// points at 0.2 px a point): each frame's damage is a small fraction of the frame, and
    /// the incremental frames are the bytes of full redraws.
    @Test func aSpinnerOverAStaticSceneDamagesASmallPartOfTheFrame() throws {
        let d = try #require(SceneCatalog.named("bench-layers"))
        let root = d.make().root
        let spinner = CALayer()
        spinner.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
        spinner.position = CGPoint(x: 960, y: 540)
        spinner.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
        spinner.cornerRadius = 6
        let renderer = CARenderer(bounds: CGRect(origin: .zero, size: d.size), scale: 0.2)
        renderer.backgroundColor = DamageSceneTests.background
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
        let frameArea = Double(renderer.bounds.width * renderer.bounds.height)
        renderer.frames.retained.verifies = true
        for k in 0..<8 {
            let t = 50 + Double(k) / 60
            try MediaClock.withTime(t) {
                renderer.beginFrame(atTime: t)
                defer { renderer.endFrame() }
                let damage = renderer.updateBounds()
                let incremental = try renderer.renderImage()
                if k > 0 {
                    // Only the spinner's branch is walked again: every other sublayer of the
                    // root is the last frame's commands.
                    #expect(renderer.frames.retained.reusedSegments >= 500, "frame \(k)")
                }
                if k == 0 {
                    #expect(damage == renderer.bounds)
                } else {
                    #expect(!damage.isEmpty, "frame \(k): the spinner turns")
                    #expect(Double(damage.width * damage.height) / frameArea <= 0.05, "frame \(k): damage \(damage)")
                    #expect(damage.contains(CGRect(x: 945, y: 525, width: 30, height: 30)), "frame \(k): damage \(damage)")
                }
                // Every other frame: the same frame drawn whole.
                if k % 2 == 1 {
                    renderer.addUpdate(renderer.bounds)
                    let full = try renderer.renderImage()
                    let a = try #require(incremental.dataProvider?.data), b = try #require(full.dataProvider?.data)
                    #expect([UInt8](a) == [UInt8](b), "frame \(k)")
                }
            }
        }
        #expect(renderer.frames.retained.mismatches == 0)
        #expect(renderer.frames.retained.retainedFrames >= 7)
    }
}

import CoreGraphics
import Foundation
@testable import LaminaScenes
import LaminaRaster
import QuartzCore
import Testing
import _LaminaTestSupport

/// The `particles` scene (issue 22): a golden at quarter size, the same bytes whatever the
/// frame rate, and what each panel must show.
@Suite struct ParticlesSceneTests {
    static let scale: CGFloat = 0.25

    /// The scene at scene time `t`, driven by a runner ticking every `frameInterval` seconds.
    func render(at t: Double, frameInterval: Double = 1.0 / 60, scale: CGFloat = 0.5) throws -> Surface {
        let d = try #require(SceneCatalog.named("particles"))
        let runner = SceneRunner(scene: d.make())
        runner.frameInterval = frameInterval
        runner.advance(to: t)
        return try LayerRenderer.renderSurface(runner.scene.root, at: runner.mediaTime,
                                               pixelWidth: Int(d.size.width * scale), pixelHeight: Int(d.size.height * scale),
                                               scale: scale, background: CGColor(gray: 0, alpha: 1))
    }

    @Test func golden() throws {
        let d = try #require(SceneCatalog.named("particles"))
        let runner = SceneRunner(scene: d.make())
        runner.advance(to: 1.0)
        let image = try LayerRenderer.renderImage(runner.scene.root, at: runner.mediaTime,
                                                  pixelWidth: Int(d.size.width * Self.scale),
                                                  pixelHeight: Int(d.size.height * Self.scale), scale: Self.scale,
                                                  background: CGColor(gray: 0, alpha: 1))
        let result = GoldenImage.compare(actual: image, goldenPath: GoldenImage.path("particles-1s.png"), tolerance: 1)
        #expect(result.passed, "\(result)")
    }

    /// Particles are a function of time, not of the frames before: 60 Hz, 7 Hz and one jump
    /// to the time give the same bytes (what makes `--frames A..B` shards agree).
    @Test func sameBytesWhateverTheFrameRate() throws {
        let a = try render(at: 2.0)
        let b = try render(at: 2.0, frameInterval: 1.0 / 7)
        let c = try render(at: 2.0, frameInterval: 10)
        #expect(a.sameBytes(as: b))
        #expect(a.sameBytes(as: c))
    }

    /// Each panel shows particles over its background; the additive fire is brighter than
    /// any of its faint dots alone; the confetti burst is gone until the next `burst`.
    @Test func panelsShowTheirParticles() throws {
        let s = try render(at: 1.0)   // 240 x 160 pixels, each panel 120 x 80
        func differing(_ x0: Int, _ y0: Int, from background: PremultipliedRGBA8) -> Int {
            var n = 0
            for y in y0..<(y0 + 80) { for x in x0..<(x0 + 120) where s[x, y] != background { n += 1 } }
            return n
        }
        func colour(_ r: Double, _ g: Double, _ b: Double) -> PremultipliedRGBA8 {
            PremultipliedRGBA8(r: UInt8((r * 255).rounded()), g: UInt8((g * 255).rounded()), b: UInt8((b * 255).rounded()), a: 255)
        }
        #expect(differing(0, 0, from: colour(0.93, 0.93, 0.96)) > 100, "confetti")
        #expect(differing(120, 0, from: colour(0.10, 0.16, 0.30)) > 50, "snow")
        #expect(differing(0, 80, from: colour(0.06, 0.03, 0.02)) > 300, "fire")
        #expect(differing(120, 80, from: colour(0.02, 0.02, 0.08)) > 50, "firework")
        // Additive: overlapping 0.2-alpha flames add up past what one dot over the background gives.
        var brightest = 0
        for y in 80..<160 { for x in 0..<120 { brightest = max(brightest, Int(s[x, y].r)) } }
        #expect(brightest > 200)

        // 2.4 s after the first burst the paper has fallen out of the panel; 0.3 s after the
        // second (at 2.5 s) it is back.
        let before = try render(at: 2.45)
        let after = try render(at: 2.8)
        func confettiPixels(_ s: Surface) -> Int {
            var n = 0
            let bg = colour(0.93, 0.93, 0.96)
            for y in 0..<80 { for x in 0..<120 where s[x, y] != bg { n += 1 } }
            return n
        }
        #expect(confettiPixels(before) < 20)
        #expect(confettiPixels(after) > 100)
    }
}

extension ParticlesSceneTests {
    /// The snow panel (120 x 80 px at half scale) at scene time `t`, after `commands`
    /// delivered at time 0.
    func snow(at t: Double, after commands: [String], frameInterval: Double = 1.0 / 60) throws -> Surface {
        let d = try #require(SceneCatalog.named("particles"))
        let runner = SceneRunner(scene: d.make())
        runner.frameInterval = frameInterval
        for c in commands { runner.deliver(.command(c), at: 0) }
        runner.advance(to: t)
        let full = try LayerRenderer.renderSurface(runner.scene.root, at: runner.mediaTime, pixelWidth: 240, pixelHeight: 160,
                                                   scale: 0.5, background: CGColor(gray: 0, alpha: 1))
        let out = try Surface(width: 120, height: 80)
        for y in 0..<80 { for x in 0..<120 { out[x, y] = full[120 + x, y] } }
        return out
    }

    /// The `depth` command: the snow in 3-D (preservesDepth under a perspective) — other
    /// pixels than the flat snow, still the same bytes whatever the frame rate — and back.
    @Test func depthCommandTurnsTheSnowTo3D() throws {
        let flat = try snow(at: 4, after: [])
        let deep = try snow(at: 4, after: ["depth"])
        #expect(!flat.sameBytes(as: deep))
        #expect(deep.sameBytes(as: try snow(at: 4, after: ["depth"], frameInterval: 1.0 / 7)))
        #expect(flat.sameBytes(as: try snow(at: 4, after: ["depth", "depth"])))
        // Flakes show in 3-D too: the panel is not bare.
        var lit = 0
        for y in 0..<80 { for x in 0..<120 where deep[x, y].r > 128 { lit += 1 } }
        #expect(lit > 20)
    }
}

extension Surface {
    func sameBytes(as other: Surface) -> Bool {
        guard width == other.width, height == other.height else { return false }
        for y in 0..<height where memcmp(row(y), other.row(y), width * 4) != 0 { return false }
        return true
    }
}

// Every scene through the host API on 1, 2 and 3 threads, against the same frame drawn whole
// on one thread (`LayerFrameStream` without a pool: the one-thread path): `CARenderer`
// frames (the first whole, then only each frame's damage over the last, here at several
// times and one 60 Hz step after each) and whole `LayerFrameStream` frames. The split
// threshold is lowered to 64 pixels so these small frames, their damage rectangles and their
// 3D planes are cut into bands as large ones are.
import CoreGraphics
import Foundation
import LaminaCompositor
import LaminaRaster
import LaminaScenes
import QuartzCore
import Testing
import _LaminaTestSupport

@Suite struct ThreadedFrameSceneTests {
    static let threadCounts = [1, 2, 3]
    static let splitPixels = 64

    @Test(arguments: DamageSceneTests.names)
    func framesOnThreadsAreTheOneThreadBytes(_ name: String) throws {
        let d = try #require(SceneCatalog.named(name))
        // At most 96 px a side: debug builds are slow.
        let scale = min(1, 96 / max(d.size.width, d.size.height))
        let w = Int((d.size.width * scale).rounded()), h = Int((d.size.height * scale).rounded())
        let viewport = CGRect(origin: .zero, size: d.size)
        let background = DamageSceneTests.background
        // One scene per thread count, each shown by its runner's CARenderer.
        let runners = Self.threadCounts.map { n -> SceneRunner in
            let runner = SceneRunner(scene: d.make())
            runner.renderer.renderThreadCount = n
            runner.renderer.frames.minimumSplitPixels = Self.splitPixels
            return runner
        }
        #expect(runners.map(\.renderer.renderThreadCount) == Self.threadCounts)
        let references = runners.map { _ in LayerFrameStream(pool: nil) }
        // (On one thread the stream is the reference itself.)
        let streams = Self.threadCounts.filter { $0 > 1 }.map { n -> LayerFrameStream in
            let stream = LayerFrameStream(pool: RenderThreads.pool(threads: n))
            stream.minimumSplitPixels = Self.splitPixels
            return stream
        }
        var times = Set(d.keyTimes.filter { $0 <= d.duration })
        times.insert(0)
        times.insert(d.duration)
        // One 60 Hz step after each time: a frame whose damage is what a step changes.
        for t in times { times.insert(t + 1.0 / 60) }
        for t in times.sorted() {
            for (k, runner) in runners.enumerated() {
                runner.advance(to: t)
                let frame = try runner.render(viewport: viewport, scale: scale, background: background)
                let root = runner.scene.root
                let one = try references[k].render(root, at: runner.mediaTime, viewport: viewport, pixelWidth: w,
                                                   pixelHeight: h, scale: scale, background: background)
                #expect(try Self.bytes(frame) == Self.bytes(one),
                        "\(name) at \(t): CARenderer on \(Self.threadCounts[k]) thread(s) differs from one thread")
                if k == 0 {
                    for (n, stream) in zip(Self.threadCounts.filter { $0 > 1 }, streams) {
                        let streamed = try stream.render(root, at: runner.mediaTime, viewport: viewport, pixelWidth: w,
                                                         pixelHeight: h, scale: scale, background: background)
                        #expect(try Self.bytes(streamed) == Self.bytes(one),
                                "\(name) at \(t): LayerFrameStream on \(n) thread(s) differs from one thread")
                        // Into a surface the caller holds (junk first: every pixel is drawn).
                        guard n == 3 else { continue }
                        let into = RegionCheck.junk(width: w, height: h, seed: UInt64(n))
                        try stream.render(root, at: runner.mediaTime, viewport: viewport, into: into, scale: scale,
                                          background: background)
                        #expect(try into.bytes() == Self.bytes(one),
                                "\(name) at \(t): LayerFrameStream into a surface on \(n) thread(s) differs")
                    }
                }
            }
        }
    }

    /// `renderThreadCount`: `LAMINA_THREADS` (else the cores) by default, clamped to 1...64.
    @Test func renderThreadCountDefaultsToTheSettingAndIsClamped() {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(renderer.renderThreadCount == RenderThreads.configured)
        renderer.renderThreadCount = 0
        #expect(renderer.renderThreadCount == 1 && renderer.frames.pool == nil)
        renderer.renderThreadCount = 1000
        #expect(renderer.renderThreadCount == 64)
        renderer.renderThreadCount = 2
        #expect(renderer.renderThreadCount == 2)
    }

    static func bytes(_ image: CGImage) throws -> [UInt8] {
        [UInt8](try #require(image.dataProvider?.data))
    }
}

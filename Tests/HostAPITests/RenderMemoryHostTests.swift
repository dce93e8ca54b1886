import Foundation
import QuartzCore
import Testing

// `RenderMemory` as a tool outside the package uses it (the CLI's `--memory-limit`).

@Suite struct RenderMemoryHostTests {
    @Test func aFrameOverTheLimitFailsWithAnErrorAndUnderItRenders() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        root.backgroundColor = CGColor(red: 0, green: 0.5, blue: 1, alpha: 1)
        let renderer = CARenderer(bounds: root.frame, scale: 1)
        renderer.layer = root
        // 64 × 64 × 4 bytes will not fit in 1 KiB.
        #expect(throws: CARendererError.self) { try RenderMemory.withLimit(1024) { try renderer.renderImage() } }
        let frame = try RenderMemory.withLimit(64 << 20) { try renderer.renderImage() }
        #expect(frame.width == 64 && frame.height == 64)
        #expect(RenderMemory.defaultLimit >= 1 << 28, "a quarter of any machine that runs the tests")
    }

    @Test func anArchiveImageOverTheLimitIsAnArchiveError() throws {
        // A 64 × 64 PNG, drawn and encoded through public API only.
        let context = try #require(CGContext(data: nil, width: 64, height: 64, bitsPerComponent: 8, bytesPerRow: 0,
                                             space: CGColorSpaceCreateDeviceRGB(),
                                             bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 64, height: 64))
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 64, height: 64)
        layer.contents = try #require(context.makeImage())
        let data = try CALayerArchive.archivedData(withRootLayer: layer)
        #expect(throws: CALayerArchiveError.self) {
            try RenderMemory.withLimit(1024) { try CALayerArchive.unarchivedLayer(from: data) }
        }
        let read = try RenderMemory.withLimit(64 << 20) { try CALayerArchive.unarchivedLayer(from: data) }
        #expect(read.contents != nil)
    }
}

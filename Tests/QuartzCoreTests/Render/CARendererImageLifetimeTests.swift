import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// CARenderer hands out its frames without copying them (IncrementalFrames draws the next
/// frame into another surface): an image a caller keeps never changes, `makeImage()` is the
/// last frame drawn, and every frame equals a full render.
@Suite struct CARendererImageLifetimeTests {
    @Test func keptImagesNeverChangeAndEveryFrameIsExact() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 60, height: 40)
        root.backgroundColor = CGColor(gray: 0.2, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 10, width: 10, height: 10)
        box.backgroundColor = CGColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        root.addSublayer(box)
        let renderer = CARenderer(bounds: root.bounds)
        renderer.layer = root
        var kept: [(image: CGImage, bytes: [UInt8])] = []
        for k in 0..<6 {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            box.position = CGPoint(x: 5 + 9 * Double(k), y: 15)
            CATransaction.commit()
            let image = try renderer.renderImage()
            #expect(renderer.makeImage() === image)
            let bytes = image.premultipliedRGBA8.bytes()
            let full = try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 60, pixelHeight: 40, scale: 1)
            #expect(bytes == full.bytes(), "frame \(k)")
            // Keep every other image, drop the rest (both buffer paths run).
            if k % 2 == 0 { kept.append((image, bytes)) }
        }
        for (i, k) in kept.enumerated() {
            #expect(k.image.premultipliedRGBA8.bytes() == k.bytes, "kept image \(i) changed")
        }
    }
}

import _LaminaTestSupport
import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// Particles' depth with `preservesDepth = false` (the default): flattened into the emitter's
/// plane, their z orders `backToFront`. (`preservesDepth = true`: EmitterPreservesDepthTests.)
@Suite struct EmitterDepthTests {
    /// A 40 × 40 stage whose emitter, at its centre, shoots a red particle towards the viewer
    /// (+z) and a blue one away from it (−z), in that cell order, each 10 × 10.
    static func stage(_ mode: CAEmitterLayerRenderMode, perspective: Bool = false, cells: Bool = true) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        if perspective {
            var t = CATransform3DIdentity
            t.m34 = -1 / 100
            root.sublayerTransform = CATransform3DRotate(t, 0.5, 0, 1, 0)
        }
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: 20, y: 20)
        e.emitterZPosition = 5
        e.renderMode = mode
        func cell(_ r: CGFloat, _ b: CGFloat, latitude: CGFloat) -> CAEmitterCell {
            let c = CAEmitterCell()
            c.contents = EmitterRenderingTests.sprite(10, 10)
            c.birthRate = 1
            c.lifetime = 10
            c.velocity = 20
            c.emissionLatitude = latitude
            c.color = CGColor(red: r, green: 0, blue: b, alpha: 1)
            return c
        }
        if cells { e.emitterCells = [cell(1, 0, latitude: .pi / 2), cell(0, 1, latitude: -.pi / 2)] }
        root.addSublayer(e)
        return root
    }

    static func render(_ root: CALayer) throws -> Surface {
        try LayerRenderer.renderSurface(root, at: 0.5, pixelWidth: 40, pixelHeight: 40, scale: 1)
    }

    @Test func backToFrontDrawsTheNearerParticleLast() throws {
        // Unordered: cell order, the blue (far) one on top.
        let unordered = try Self.render(Self.stage(.unordered))[20, 20]
        #expect(unordered.b > 200 && unordered.r < 50)
        // backToFront: by z, the red (near) one on top.
        let sorted = try Self.render(Self.stage(.backToFront))[20, 20]
        #expect(sorted.r > 200 && sorted.b < 50)
    }

    @Test func emittersUnderPerspectiveAreDrawn() throws {
        // Their surface once spanned "anywhere" and was drawn at a vanishing scale.
        let root = Self.stage(.unordered, perspective: true)
        root.sublayers?.first?.backgroundColor = CGColor(gray: 0.5, alpha: 1)
        let s = try Self.render(root)
        #expect(s[5, 20] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(s[20, 20].b > 200)
    }
}

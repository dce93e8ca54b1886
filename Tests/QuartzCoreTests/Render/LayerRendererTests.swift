import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// The layer → pixels path: model trees, presented values at a time, the renderer façade.
@Suite struct LayerRendererTests {
    /// Reads one pixel (premultiplied RGBA) of a surface.
    func pixel(_ s: Surface, _ x: Int, _ y: Int) -> [UInt8] {
        let bytes = s.bytes()
        let i = (y * s.width + x) * 4
        return Array(bytes[i..<i + 4])
    }

    @Test func aModelTreeRendersWithoutAHost() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 40, height: 30)
        root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        root.addSublayer(child)
        let s = try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 40, pixelHeight: 30, scale: 1)
        #expect(pixel(s, 2, 2) == [255, 0, 0, 255])
        #expect(pixel(s, 15, 15) == [0, 0, 255, 255])
        #expect(pixel(s, 25, 15) == [255, 0, 0, 255])
    }

    @Test func scaleMapsPointsToPixels() throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let s = try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 30, pixelHeight: 30, scale: 2)
        #expect(pixel(s, 19, 19) == [255, 255, 255, 255])
        #expect(pixel(s, 21, 21) == [0, 0, 0, 0])
    }

    @Test func presentedValuesAreDrawnAtTheRequestedTime() throws {
        let renderer = fadingRootRenderer(side: 20)
        MediaClock.$override.withValue(101) {
            renderer.beginFrame(atTime: 101)
            renderer.render()
            renderer.endFrame()
        }
        let image = try #require(renderer.makeImage())
        let alpha = pixel(image.premultipliedRGBA8, 10, 10)[3]
        #expect(abs(Int(alpha) - 128) <= 1)
        #expect(renderer.nextFrameTime().isFinite)
    }

    @Test func theViewportSelectsARegionOfTheRootsSuperlayerSpace() throws {
        let root = CALayer()
        root.frame = CGRect(x: 100, y: 100, width: 10, height: 10)
        root.backgroundColor = CGColor(gray: 1, alpha: 1)
        let s = try LayerRenderer.renderSurface(root, at: 0, viewport: CGRect(x: 95, y: 95, width: 20, height: 20),
                                                pixelWidth: 20, pixelHeight: 20, scale: 1)
        #expect(pixel(s, 4, 4) == [0, 0, 0, 0])
        #expect(pixel(s, 5, 5) == [255, 255, 255, 255])
        #expect(pixel(s, 14, 14) == [255, 255, 255, 255])
        #expect(pixel(s, 15, 15) == [0, 0, 0, 0])
    }

    @Test func absurdSizesThrowInsteadOfCrashing() {
        let root = CALayer()
        #expect(throws: (any Error).self) {
            try LayerRenderer.renderSurface(root, at: 0, pixelWidth: -1, pixelHeight: 10, scale: 1)
        }
        #expect(throws: (any Error).self) {
            try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 1 << 20, pixelHeight: 1 << 20, scale: 1)
        }
    }

    /// A shadow from alpha (a layer with sublayers) with shadowRadius 1e6 used to fail the
    /// whole frame: its group surface was the output grown by 32768 px a side (65636 x 65636).
    /// The rasterizer draws blurs up to σ = 256 px, so it now renders as radius 256 does.
    @Test func aHugeShadowRadiusRendersLikeTheWidestBlur() throws {
        func render(radius: CGFloat, offset: CGSize = .zero) throws -> Surface {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 30, height: 30)
            root.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
            root.shadowOpacity = 1
            root.shadowRadius = radius
            root.shadowOffset = offset
            let child = CALayer()
            child.frame = CGRect(x: 5, y: 5, width: 10, height: 10)
            child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(child)
            return try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 40, pixelHeight: 40, scale: 1)
        }
        let huge = try render(radius: 1e6)
        #expect(pixel(huge, 20, 20) == [255, 0, 0, 255])
        #expect(pixel(huge, 10, 10) == [0, 0, 255, 255])
        #expect(huge.bytes() == (try render(radius: 256)).bytes())
        // A far offset (the shadow leaves the output) renders too.
        let far = try render(radius: 3, offset: CGSize(width: 1e6, height: 1e6))
        #expect(pixel(far, 35, 35) == [0, 0, 0, 0])
    }

    /// A presentation copy is drawn as the render server's frame at the given time (the frame a
    /// window shows), from the copy's node down: a sublayer's copy shows its subtree alone, with
    /// the committed animation evaluated at that time, not the values the copy was made with.
    @Test func aSublayersPresentationCopyDrawsTheServersFrameOfItsSubtree() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let child = CALayer(), grandchild = CALayer()
        at(10) {
            child.frame = CGRect(x: 20, y: 20, width: 40, height: 40)
            grandchild.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            child.addSublayer(grandchild)
            root.addSublayer(child)
            CATransaction.flush()
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = Float(0)
            fade.toValue = Float(1)
            fade.duration = 2
            child.add(fade, forKey: "fade")
            CATransaction.flush()
        }
        let copy = try #require(at(10.5) { child.presentation() })
        #expect(abs(copy.opacity - 0.25) < 1e-6)
        let tree = LayerRenderer.renderTree(of: copy, at: 11)
        #expect(tree.rootID == child.renderNodeID)
        #expect(tree.subtree(of: child.renderNodeID).order.sorted()
                == [child.renderNodeID, grandchild.renderNodeID].sorted())
        // At 11 the fade is half way, whatever the copy holds (0.25, from 10.5).
        #expect(abs((tree[child.renderNodeID]?.opacity ?? -1) - 0.5) < 1e-6)
        withExtendedLifetime(host) {}
    }
}

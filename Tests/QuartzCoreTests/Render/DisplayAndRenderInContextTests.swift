import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// The backing store (`display()` → `draw(in:)` → `contents`) and `render(in:)`.
@Suite struct DisplayAndRenderInContextTests {
    final class Painter: CALayerDelegate {
        var calls = 0
        func draw(_ layer: CALayer, in ctx: CGContext) {
            calls += 1
            ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 5))   // the top half, in layer space
        }
    }

    func rgba(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let s = image.premultipliedRGBA8
        let bytes = s.bytes()
        let i = (y * s.width + x) * 4
        return Array(bytes[i..<i + 4])
    }

    @Test func displayDrawsThroughTheDelegateIntoAFlippedBackingStoreAtContentsScale() throws {
        let layer = CALayer()
        let painter = Painter()
        layer.delegate = painter
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        layer.displayIfNeeded()
        #expect(painter.calls == 1)
        #expect(!layer.needsDisplay())
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 20 && image.height == 20)
        #expect(rgba(image, 10, 2) == [255, 0, 0, 255], "y down: the top rows are red")
        #expect(rgba(image, 10, 17) == [0, 0, 0, 0])
    }

    @Test func displayReplacesContentsEvenWhenNothingIsDrawnAndEmptyBoundsGiveNil() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
        layer.contents = "something"
        layer.display()
        #expect(layer.contents is CGImage)
        layer.bounds = .zero
        layer.display()
        #expect(layer.contents == nil)
    }

    @Test func anAbsurdBackingStoreIsReportedNotAllocated() {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 1_000_000, height: 1_000_000)
        _ = LayerDiagnostics.takeLastError()
        layer.display()
        #expect(layer.contents == nil)
        #expect(LayerDiagnostics.takeLastError() != nil)
    }

    /// Backing stores past Int.max pixels a side used to trap while the error was being
    /// reported (Int(w) in the message): a text layer with contentsScale 1e30, bounds 1e300.
    @Test func backingStoresPastIntMaxAreReportedNotTrapped() {
        let text = CATextLayer()
        text.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        text.string = "hi"
        text.contentsScale = 1e30
        _ = LayerDiagnostics.takeLastError()
        text.display()
        #expect(text.contents == nil)
        guard case .renderFailed(let reason)? = LayerDiagnostics.takeLastError() else {
            Issue.record("no error reported"); return
        }
        #expect(reason.contains("1e+32 x 1e+32 pixel backing store"))
        #expect(reason.contains("contentsScale 1e+30"))
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 1e300, height: 10)
        layer.display()
        #expect(layer.contents == nil && LayerDiagnostics.takeLastError() != nil)
    }

    /// CARenderer made its pixel size with Int(_:), trapping on NaN or huge bounds.
    @Test func aRendererWithAbsurdBoundsReportsTheFrame() {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        for bounds in [CGRect(x: 0, y: 0, width: 1e300, height: 10), CGRect(x: 0, y: 0, width: CGFloat.nan, height: 10),
                       CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 10)] {
            let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 10, height: 10))
            renderer.layer = root
            renderer.bounds = bounds
            _ = LayerDiagnostics.takeLastError()
            renderer.beginFrame(atTime: 0)
            renderer.render()
            renderer.endFrame()
            #expect(LayerDiagnostics.takeLastError() != nil, "\(bounds)")
        }
    }

    @Test func renderInContextDrawsTheTreeInTheLayersSpace() throws {
        let root = CALayer()
        root.frame = CGRect(x: 500, y: 500, width: 20, height: 20)   // position is ignored
        root.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        root.addSublayer(child)
        let ctx = try #require(CGContext(data: nil, width: 20, height: 20, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        // UIKit-style flip so layer space (y down) lands upright in the bitmap.
        ctx.translateBy(x: 0, y: 20)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let image = try #require(ctx.makeImage())
        #expect(rgba(image, 5, 5) == [0, 255, 0, 255], "the child sits at the top-left of the image")
        #expect(rgba(image, 15, 15) == [0, 0, 255, 255])
    }
}

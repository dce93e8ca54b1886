import Foundation
import Testing
@testable import QuartzCore

/// Animated fontSize and foregroundColor: frames draw the text with presented values, while
/// the model's backing store keeps the model's text.
@Suite struct TextAnimationTests {
    /// A committed text layer ("Hi", red, 20 pt) shown by a renderer at media time 100.
    func stage() -> (CARenderer, CATextLayer) {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 120, height: 60))
        let text = CATextLayer()
        text.frame = CGRect(x: 0, y: 0, width: 120, height: 60)
        text.string = "Hi"
        text.fontSize = 20
        text.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        MediaClock.$override.withValue(100) { renderer.layer = text }
        return (renderer, text)
    }

    func frame(_ renderer: CARenderer, at t: CFTimeInterval) -> TextRenderingTests.Ink {
        MediaClock.$override.withValue(t) {
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
        }
        return TextRenderingTests.ink(renderer.makeImage())
    }

    func animate(_ layer: CALayer, _ key: String, from: Any, to: Any) {
        let a = CABasicAnimation(keyPath: key)
        a.fromValue = from
        a.toValue = to
        a.duration = 2
        a.beginTime = 100
        MediaClock.$override.withValue(100) {
            layer.add(a, forKey: key)
            CATransaction.flush()
        }
    }

    @Test func anAnimatedColourIsDrawnAtItsPresentedValue() throws {
        let (renderer, text) = stage()
        let model = try #require(text.contents as? CGImage)
        animate(text, "foregroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                to: CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        let mid = frame(renderer, at: 101)
        #expect(!mid.opaqueColours.isEmpty)
        #expect(mid.opaqueColours.allSatisfy { abs(Int($0[0]) - 128) <= 2 && $0[1] == 0 && abs(Int($0[2]) - 128) <= 2 },
                "half way from red to blue: \(mid.opaqueColours)")
        #expect(text.contents as? CGImage === model, "the model's backing store is untouched")
        let after = frame(renderer, at: 103)
        #expect(after.opaqueColours == [[255, 0, 0]], "removed when finished: the model's red again")
        renderer.layer = nil
    }

    @Test func anAnimatedFontSizeGrowsTheInk() {
        let (renderer, text) = stage()
        let start = frame(renderer, at: 100)
        animate(text, "fontSize", from: 20, to: 40)
        let mid = frame(renderer, at: 101)
        let again = frame(renderer, at: 101)
        #expect(mid == again, "the same time draws the same text (cached)")
        let w0 = start.maxX - start.minX, w1 = mid.maxX - mid.minX
        #expect(Double(w1) > Double(w0) * 1.35 && Double(w1) < Double(w0) * 1.65, "30 pt at half way: \(w0) → \(w1)")
        renderer.layer = nil
    }

    @Test func presentationCopiesDrawTheirPresentedText() throws {
        let (renderer, text) = stage()
        animate(text, "fontSize", from: 20, to: 40)
        let copy = try #require(MediaClock.$override.withValue(101) { text.presentation() })
        #expect(copy.fontSize == 30)
        let node = RenderNode(layer: copy)
        guard case let .image(image) = node.contents else { Issue.record("no contents"); return }
        #expect(image !== text.contents as? CGImage)
        renderer.layer = nil
    }
}

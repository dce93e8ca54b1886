import Foundation
import Testing
@testable import QuartzCore

/// CATextLayer.preferredFrameSize(): the size of the text, from the font's metrics.
@Suite struct TextPreferredSizeTests {
    func layer(_ text: Any?, size: CGFloat = 20, wrapped: Bool = false, width: CGFloat = 0) -> CATextLayer {
        let l = CATextLayer()
        l.string = text
        l.fontSize = size
        l.isWrapped = wrapped
        l.bounds = CGRect(x: 0, y: 0, width: width, height: 7)
        return l
    }

    @Test func oneLineIsTheAdvanceByTheLineHeight() throws {
        let face = try #require(CATextLayer.resolveFace(nil))
        let lineHeight = CGFloat(face.lineHeight) * 20 / CGFloat(face.unitsPerEm)
        let one = layer("Hello").preferredFrameSize()
        #expect(abs(one.height - lineHeight) < 1e-9)
        #expect(one.width > 40 && one.width < 60)
        // Advances add up (no kerning between the two halves' "oH"), and scale with the size.
        let twice = layer("HelloHello").preferredFrameSize()
        #expect(abs(twice.width - 2 * one.width) < 1)
        let big = layer("Hello", size: 40).preferredFrameSize()
        #expect(abs(big.width - 2 * one.width) < 1e-9 && abs(big.height - 2 * one.height) < 1e-9)
        // The bounds do not matter unwrapped; trailing spaces do not count.
        #expect(layer("Hello  ", width: 3).preferredFrameSize() == one)
    }

    @Test func wrappedTextWrapsToTheBoundsWidth() {
        let l = layer("one two three four", wrapped: true, width: 60)
        let size = l.preferredFrameSize()
        let line = layer("one").preferredFrameSize().height
        #expect(size.width <= 60)
        #expect(size.height >= 3 * line - 1e-9)
        // Hard breaks count, wrapped or not; no width: measured unwrapped.
        #expect(abs(layer("a\nb\nc").preferredFrameSize().height - 3 * line) < 1e-9)
        #expect(layer("one two", wrapped: true, width: 0).preferredFrameSize() == layer("one two").preferredFrameSize())
    }

    @Test func nothingToMeasureIsZero() {
        #expect(layer(nil).preferredFrameSize() == .zero)
        #expect(layer("").preferredFrameSize() == .zero)
        #expect(layer("x", size: .nan).preferredFrameSize() == .zero)
        #expect(layer("x", size: -4).preferredFrameSize() == .zero)
        #expect(layer(NSAttributedString(string: "Hi")).preferredFrameSize() == layer("Hi").preferredFrameSize())
    }
}

import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Text as the render server's plain values: a hand-built text node (no CALayer anywhere)
/// whose presented size or colour differ from its backing store's is drawn from its values.
@Suite struct TextContentTests {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func node(fontSize: CGFloat, color: CGColor) throws -> RenderNode {
        let face = try #require(FontCatalog.face(named: "Helvetica"), "no DejaVu font installed")
        var text = TextContent(string: "Hello", face: face, fontSize: 10, color: Self.red,
                               bounds: CGRect(x: 0, y: 0, width: 64, height: 24), scale: 1)
        text.fontSize = fontSize
        text.color = color
        var node = RenderNode(id: RenderNodeID(1), kind: .text(text))
        node.bounds = CGRect(x: 0, y: 0, width: 64, height: 24)
        return node
    }

    /// Pixels with ink (alpha > 0), the widest extent of ink, and which of red, green and blue
    /// the inked pixels have (1: some), in the image.
    func ink(_ image: CGImage) -> (count: Int, width: Int, colours: Set<[UInt8]>) {
        let bytes = [UInt8](image.dataProvider!.data!)
        var count = 0, minX = Int.max, maxX = -1
        var colours = Set<[UInt8]>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = y * image.bytesPerRow + x * 4
                guard bytes[i + 3] > 0 else { continue }
                count += 1
                minX = min(minX, x); maxX = max(maxX, x)
                colours.insert([bytes[i] == 0 ? 0 : 1, bytes[i + 1] == 0 ? 0 : 1, bytes[i + 2] == 0 ? 0 : 1])
            }
        }
        return (count, maxX - minX + 1, colours)
    }

    @Test func unchangedValuesKeepTheBackingStore() throws {
        var n = try node(fontSize: 10, color: Self.red)
        var cache: PresentedTextImage?
        n.showPresentedText(cache: &cache, maxPixels: 1 << 20)
        #expect(n.contents == .none, "nothing presented differs: the backing store (none here) stays")
        #expect(cache == nil)
    }

    @Test func aPresentedSizeAndColourAreDrawnFromThePlainValues() throws {
        var small = try node(fontSize: 10, color: Self.blue), large = try node(fontSize: 16, color: Self.blue)
        var cacheA: PresentedTextImage?, cacheB: PresentedTextImage?
        small.showPresentedText(cache: &cacheA, maxPixels: 1 << 20)
        large.showPresentedText(cache: &cacheB, maxPixels: 1 << 20)
        guard case .image(let a) = small.contents, case .image(let b) = large.contents else {
            Issue.record("no presented image"); return
        }
        #expect(a.width == 64 && a.height == 24, "the backing store's size")
        let inkA = ink(a), inkB = ink(b)
        #expect(inkA.count > 0)
        #expect(inkA.colours == [[0, 0, 1]], "drawn in the presented blue: \(inkA.colours)")
        #expect(Double(inkB.width) > Double(inkA.width) * 1.3, "16 pt is wider than 10 pt: \(inkA.width) → \(inkB.width)")
    }

    @Test func theSameValuesReuseTheLastDrawing() throws {
        var cache: PresentedTextImage?
        var first = try node(fontSize: 14, color: Self.red), second = try node(fontSize: 14, color: Self.red)
        first.showPresentedText(cache: &cache, maxPixels: 1 << 20)
        second.showPresentedText(cache: &cache, maxPixels: 1 << 20)
        guard case .image(let a) = first.contents, case .image(let b) = second.contents else {
            Issue.record("no presented image"); return
        }
        #expect(a === b)
        var other = try node(fontSize: 15, color: Self.red)
        other.showPresentedText(cache: &cache, maxPixels: 1 << 20)
        guard case .image(let c) = other.contents else { Issue.record("no presented image"); return }
        #expect(c !== a, "other values draw again")
    }

    @Test func anImageOverThePixelCapIsNotDrawn() throws {
        var n = try node(fontSize: 14, color: Self.red)
        var cache: PresentedTextImage?
        n.showPresentedText(cache: &cache, maxPixels: 100)
        #expect(n.contents == .none)
    }
}

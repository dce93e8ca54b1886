import Foundation
import Testing
@testable import QuartzCore

/// CATextLayer with an NSAttributedString: per-range foreground colour and kern; and a
/// right-to-left paragraph's natural alignment. Needs fonts-dejavu-core (Hebrew from DejaVu Sans).
@Suite struct TextAttributedStringTests {
    typealias R = TextRenderingTests
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// The opaque ink colours left and right of x.
    static func colours(_ layer: CATextLayer, splitAt split: Int) -> (left: Set<[UInt8]>, right: Set<[UInt8]>) {
        layer.displayIfNeeded()
        guard let image = layer.contents as? CGImage else { return ([], []) }
        let s = image.premultipliedRGBA8, b = s.bytes()
        var left = Set<[UInt8]>(), right = Set<[UInt8]>()
        for y in 0..<s.height {
            for x in 0..<s.width {
                let i = (y * s.width + x) * 4
                guard b[i + 3] == 255 else { continue }
                if x < split { left.insert(Array(b[i..<i + 3])) } else { right.insert(Array(b[i..<i + 3])) }
            }
        }
        return (left, right)
    }

    @Test func foregroundColourAppliesPerRange() {
        let text = NSMutableAttributedString(string: "HHH HHH")
        text.addAttribute(.foregroundColor, value: Self.blue, range: NSRange(location: 4, length: 3))
        let layer = R.textLayer(text)                       // the layer's colour: red
        let c = Self.colours(layer, splitAt: 45)             // "HHH " is about 50 pt wide at 20 pt
        #expect(c.left == [[255, 0, 0]], "the first word in the layer's colour: \(c.left)")
        #expect(c.right == [[0, 0, 255]], "the second in the range's colour: \(c.right)")
        // Without attributes the whole string is the layer's colour.
        #expect(Self.colours(R.textLayer(NSAttributedString(string: "HHH HHH")), splitAt: 45).right == [[255, 0, 0]])
    }

    @Test func kernWidensTheAdvanceAfterEachCharacter() {
        let plain = R.rendered(R.textLayer("iiii"))
        let kerned = NSAttributedString(string: "iiii", attributes: [.kern: 5.0])
        let ink = R.rendered(R.textLayer(kerned))
        // Three advances before the last i grow by 5 points each.
        #expect(ink.maxX - plain.maxX >= 14 && ink.maxX - plain.maxX <= 16, "\(plain.maxX) → \(ink.maxX)")
        let partial = NSMutableAttributedString(string: "iiii")
        partial.addAttribute(.kern, value: NSNumber(value: -2), range: NSRange(location: 0, length: 1))
        #expect(R.rendered(R.textLayer(partial)).maxX < plain.maxX, "negative kern on the first i tightens")
        let layer = R.textLayer(kerned)
        #expect(layer.preferredFrameSize().width > R.textLayer("iiii").preferredFrameSize().width + 19,
                "the preferred size counts the kern (the last character's too)")
    }

    @Test func aRightToLeftParagraphAlignsRightNaturally() {
        let hebrew = "\u{5E9}\u{5DC}\u{5D5}\u{5DD}"
        let natural = R.rendered(R.textLayer(hebrew))
        #expect(natural.maxX > 190 && natural.minX > 100, "natural is right: \(natural.minX)...\(natural.maxX)")
        let left = R.rendered(R.textLayer(hebrew, alignment: .left))
        #expect(left.minX < 10)
        #expect(R.rendered(R.textLayer("abc")).minX < 10, "a left-to-right paragraph stays left")
    }

    @Test func emojiAndClustersInAttributedRangesKeepCharacterOffsets() {
        // U+1F600 is two UTF-16 units but one character: the colour range after it still lines up.
        let text = NSMutableAttributedString(string: "\u{1F600}HH HH")
        text.addAttribute(.foregroundColor, value: Self.blue, range: NSRange(location: 5, length: 2))
        let c = Self.colours(R.textLayer(text), splitAt: 55)
        #expect(c.right == [[0, 0, 255]], "\(c.right)")
        #expect(c.left.contains([255, 0, 0]) && !c.left.contains([0, 0, 255]))
    }

    /// A font object with a size, as UIKit's UIFont is.
    final class SizedFont: CATextLayerFont {
        let fontName: String, pointSize: CGFloat
        init(_ name: String, _ size: CGFloat) { fontName = name; pointSize = size }
    }

    @Test func fontAppliesPerRangeWithItsSize() {
        let plain = R.rendered(R.textLayer("iiii xx"))
        let mono = NSMutableAttributedString(string: "iiii xx")
        mono.addAttribute(.font, value: "Menlo", range: NSRange(location: 0, length: 4))
        let monoInk = R.rendered(R.textLayer(mono))
        #expect(monoInk.maxX > plain.maxX + 10, "monospaced i's at the layer's size are wider")
        #expect(monoInk.maxY == plain.maxY, "same size: same baseline")

        let big = NSMutableAttributedString(string: "Hx")
        big.addAttribute(.font, value: SizedFont("Helvetica-Bold", 40), range: NSRange(location: 0, length: 1))
        let layer = R.textLayer(big, height: 80)
        let ink = R.rendered(layer)
        let small = R.rendered(R.textLayer("Hx", height: 80))
        #expect(ink.maxY - ink.minY > 2 * (small.maxY - small.minY) - 4, "the H is twice as tall")
        #expect(ink.maxY > small.maxY + 10, "the line's baseline drops to fit the taller font")
        let preferred = layer.preferredFrameSize(), plainSize = R.textLayer("Hx").preferredFrameSize()
        #expect(preferred.height > 2 * plainSize.height - 1 && preferred.width > plainSize.width + 10)
    }

    @Test func aLineAfterALargeLineStepsByTheLargeFontsDescent() {
        let text = NSMutableAttributedString(string: "H\nH")
        text.addAttribute(.font, value: SizedFont("Helvetica", 40), range: NSRange(location: 0, length: 1))
        let two = R.rendered(R.textLayer(text, height: 100))
        let plain = R.rendered(R.textLayer("H\nH", height: 100))
        #expect(two.maxY > plain.maxY + 15, "the second line sits lower: \(plain.maxY) → \(two.maxY)")
    }
}

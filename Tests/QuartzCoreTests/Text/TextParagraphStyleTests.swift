import Foundation
import Testing
@testable import QuartzCore
import LaminaCompositor

/// NSParagraphStyle / NSMutableParagraphStyle (UIKit's names and defaults) and CATextLayer
/// drawing attributed strings with them; colour objects in `.foregroundColor`. Needs
/// fonts-dejavu-core.
@Suite struct TextParagraphStyleTests {
    typealias R = TextRenderingTests

    @Test func defaultsAreUIKits() {
        let d = NSParagraphStyle.default
        #expect(d.alignment == .natural && d.lineBreakMode == .byWordWrapping && d.baseWritingDirection == .natural)
        #expect(d.lineSpacing == 0 && d.paragraphSpacing == 0 && d.paragraphSpacingBefore == 0)
        #expect(d.headIndent == 0 && d.tailIndent == 0 && d.firstLineHeadIndent == 0)
        #expect(d.minimumLineHeight == 0 && d.maximumLineHeight == 0 && d.lineHeightMultiple == 0 && d.hyphenationFactor == 0)
        #expect(NSAttributedString.Key.paragraphStyle.rawValue == "NSParagraphStyle")
        #expect(NSTextAlignment.natural.rawValue == 4 && NSLineBreakMode.byTruncatingMiddle.rawValue == 5)
        #expect(NSWritingDirection.natural.rawValue == -1 && NSWritingDirection.rightToLeft.rawValue == 1)
    }

    @Test func mutableStylesCopyAndCompareByValue() throws {
        let m = NSMutableParagraphStyle()
        m.alignment = .center
        m.lineSpacing = 4
        let copy = try #require(m.copy() as? NSParagraphStyle)
        #expect(!(copy is NSMutableParagraphStyle), "copy() is immutable")
        #expect(copy.isEqual(m) && copy.hash == m.hash && copy.alignment == .center)
        m.lineSpacing = 5
        #expect(copy.lineSpacing == 4 && !copy.isEqual(m), "the copy keeps its values")
        let again = try #require(copy.mutableCopy() as? NSMutableParagraphStyle)
        again.setParagraphStyle(m)
        #expect(again.isEqual(m))
        #expect(!NSParagraphStyle.default.isEqual(m) && NSParagraphStyle.default.isEqual(NSParagraphStyle()))
    }

    @Test func attributeValuesReachTheLayout() throws {
        let p = NSMutableParagraphStyle()
        p.alignment = .right
        p.lineBreakMode = .byTruncatingHead
        p.baseWritingDirection = .rightToLeft
        p.headIndent = -3                       // never negative: sanitised to 0
        p.tailIndent = -12
        let text = NSMutableAttributedString(string: "ab\ncd")
        text.addAttribute(.paragraphStyle, value: p, range: NSRange(location: 3, length: 2))
        let runs = CATextLayer.textStyles(text)
        let run = try #require(runs.first)
        #expect(runs.count == 1 && run.range == 3..<5)
        #expect(run.paragraph == TextParagraphStyle(alignment: .right, lineBreak: .truncatingHead, isRightToLeft: true,
                                                    tailIndent: -12))
    }

    /// `text` with a paragraph style made by `configure` on all of it.
    func styled(_ text: String, _ configure: (NSMutableParagraphStyle) -> Void) -> NSAttributedString {
        let p = NSMutableParagraphStyle()
        configure(p)
        return NSAttributedString(string: text, attributes: [.paragraphStyle: p])
    }

    @Test func theStylesAlignmentWinsOverAlignmentMode() {
        let centred = R.rendered(R.textLayer(styled("HH") { $0.alignment = .center }, alignment: .left))
        #expect(abs(centred.centerX - 100) < 3, "centred: \(centred.minX)...\(centred.maxX)")
        let left = R.rendered(R.textLayer(styled("HH") { $0.alignment = .left }, alignment: .right))
        #expect(left.minX < 10)
        // An attributed string without a paragraph style takes the layer's alignmentMode.
        let plain = R.rendered(R.textLayer(NSAttributedString(string: "HH", attributes: [.kern: 0.0]), alignment: .right))
        #expect(plain.maxX > 190)
    }

    @Test func paragraphSpacingMovesTheNextParagraphDownAndGrowsThePreferredSize() {
        let plainLayer = R.textLayer("H\nH", height: 120)
        let spaced = R.textLayer(styled("H\nH") { $0.paragraphSpacing = 20 }, height: 120)
        let a = R.rendered(plainLayer), b = R.rendered(spaced)
        #expect(abs(b.maxY - a.maxY - 20) <= 1, "\(a.maxY) → \(b.maxY)")
        #expect(b.minY == a.minY, "the first line stays")
        #expect(abs(spaced.preferredFrameSize().height - plainLayer.preferredFrameSize().height - 20) < 1e-6)
    }

    @Test func indentsWidenThePreferredSizeAndTruncatingModesDoNotShrinkIt() {
        let plain = R.textLayer("Hello").preferredFrameSize()
        let indented = R.textLayer(styled("Hello") { $0.firstLineHeadIndent = 15 }).preferredFrameSize()
        #expect(abs(indented.width - plain.width - 15) < 1e-6)
        let truncating = R.textLayer(styled("Hello") { $0.lineBreakMode = .byTruncatingTail }, width: 0).preferredFrameSize()
        #expect(truncating == plain, "preferredFrameSize measures the whole text")
    }

    @Test func aTruncatingStyleShortensALongLine() {
        let long = "HHHHHHHHHHHHHHHHHHHH"
        let clipped = R.rendered(R.textLayer(styled(long) { $0.lineBreakMode = .byClipping }, width: 100))
        let tail = R.rendered(R.textLayer(styled(long) { $0.lineBreakMode = .byTruncatingTail }, width: 100))
        #expect(clipped.maxX >= 99, "clipping draws to the edge")
        #expect(tail.maxX < 100 && tail.maxX > 60, "the ellipsis ends inside the bounds: \(tail.maxX)")
    }

    /// A colour object other than CGColor, as UIKit's UIColor is.
    final class Paint: CATextLayerColor {
        let cgColor: CGColor
        init(_ c: CGColor) { cgColor = c }
    }

    @Test func aColourObjectInTheAttributeDrawsItsCGColor() {
        let text = NSMutableAttributedString(string: "HHH HHH")
        text.addAttribute(.foregroundColor, value: Paint(TextAttributedStringTests.blue), range: NSRange(location: 4, length: 3))
        let c = TextAttributedStringTests.colours(R.textLayer(text), splitAt: 45)
        #expect(c.right == [[0, 0, 255]] && c.left == [[255, 0, 0]], "\(c.left) | \(c.right)")
        // Anything else is no colour: the layer's.
        let other = NSAttributedString(string: "HHH", attributes: [.foregroundColor: "blue"])
        #expect(TextAttributedStringTests.colours(R.textLayer(other), splitAt: 0).right == [[255, 0, 0]])
    }
}

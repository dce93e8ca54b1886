import Foundation
import Testing
@testable import UIKit

@Suite struct UILabelTests {
    /// A white label of `size` showing `text` in black 17-point system text.
    func label(_ text: String?, size: CGSize, _ configure: (UILabel) -> Void = { _ in }) -> UILabel {
        let l = UILabel(frame: CGRect(origin: .zero, size: size))
        l.backgroundColor = .white
        l.textColor = .black
        l.text = text
        configure(l)
        return l
    }

    @Test func defaultsAreUIKits() {
        let l = UILabel()
        #expect(l.font == UIFont.systemFont(ofSize: 17))
        #expect(l.textColor == UIColor.label)
        #expect(l.textAlignment == .natural)
        #expect(l.numberOfLines == 1)
        #expect(l.lineBreakMode == .byTruncatingTail)
        #expect(l.isUserInteractionEnabled == false)
        #expect(l.contentMode == .redraw)
        #expect(l.shadowOffset == CGSize(width: 0, height: -1))
        l.font = nil
        l.textColor = nil
        #expect(l.font.pointSize == 17)
        #expect(l.textColor == UIColor.label)
    }

    @Test func textAndAttributedTextShareTheCharacters() {
        let l = UILabel()
        l.text = "plain"
        #expect(l.attributedText?.string == "plain")
        l.attributedText = NSAttributedString(string: "rich")
        #expect(l.text == "rich")
        #expect(l.textLayer.string as? String == "rich")
        l.text = nil
        #expect(l.attributedText == nil)
    }

    @Test func textAppearsCentredVertically() {
        let l = label("Hxg", size: CGSize(width: 80, height: 60))
        let p = renderView(l, name: "label-centred")
        let box = try! #require(p.inkBox())
        // The line box is centred: its top is (60 - line height) / 2 on a whole pixel.
        let lineHeight = l.font.lineHeight
        #expect(abs(l.textLayer.frame.minY - ((60 - lineHeight) / 2).rounded()) < 0.001)
        #expect(abs(l.textLayer.frame.height - lineHeight) < 0.001)
        // Ink sits in the middle band, not at the top where a bare CATextLayer draws.
        #expect(box.minY > 15 && box.maxY < 45)
        #expect(abs(Double(box.minY + box.maxY) / 2 - 30) < 4)
    }

    @Test(arguments: [(NSTextAlignment.left, 0), (.center, 1), (.right, 2), (.natural, 0)])
    func alignmentPlacesTheLine(alignment: NSTextAlignment, side: Int) {
        let l = label("abc", size: CGSize(width: 120, height: 30)) { $0.textAlignment = alignment }
        let p = renderView(l, name: "label-align-\(alignment.rawValue)")
        let box = try! #require(p.inkBox())
        switch side {
        case 0: #expect(box.minX <= 3)
        case 1: #expect(abs(Double(box.minX + box.maxX) / 2 - 60) < 3)
        default: #expect(box.maxX >= 116)
        }
    }

    @Test func numberOfLinesZeroWrapsAndOneTruncates() {
        let text = "wrap these words please"
        let wrapped = label(text, size: CGSize(width: 60, height: 120)) { $0.numberOfLines = 0 }
        let lines = wrapped.sizeThatFits(CGSize(width: 60, height: 0))
        let lineHeight = wrapped.font.lineHeight
        #expect(lines.width <= 60)
        #expect(lines.height > 2.5 * lineHeight)
        let p = renderView(wrapped, name: "label-wrapped")
        let box = try! #require(p.inkBox())
        #expect(box.maxY - box.minY > Int(2 * lineHeight))
        #expect(box.maxX < 60)

        let single = label(text, size: CGSize(width: 60, height: 120))
        let q = renderView(single, name: "label-single")
        let one = try! #require(q.inkBox())
        #expect(one.maxY - one.minY < Int(lineHeight))
        #expect(single.textLayer.truncationMode == .end)
        #expect(single.textLayer.isWrapped == false)

        // Two lines at most: the text layer is two lines tall.
        let two = label(text, size: CGSize(width: 60, height: 120)) { $0.numberOfLines = 2 }
        two.layoutIfNeeded()
        #expect(abs(two.textLayer.frame.height - 2 * lineHeight) < 0.001)
    }

    @Test func sizeToFitUsesTheFontsMetrics() {
        let l = UILabel()
        l.text = "Hello"
        l.sizeToFit()
        let h = l.bounds.height
        // One line: the font's line height (ascender − descender + leading), whole pixels up.
        #expect(h == l.font.lineHeight.rounded(.up))
        #expect(l.bounds.width > 20 && l.bounds.width < 60)
        // Widths come from advances: twice the text, twice the width (to a pixel).
        let twice = UILabel()
        twice.text = "HelloHello"
        #expect(abs(twice.intrinsicContentSize.width - 2 * l.bounds.width) <= 1)
        // A bigger font, proportionally bigger.
        twice.font = UIFont.systemFont(ofSize: 34)
        #expect(abs(twice.sizeThatFits(.zero).height - (UIFont.systemFont(ofSize: 34).lineHeight).rounded(.up)) < 0.001)
        // No text: no size.
        #expect(UILabel().sizeThatFits(CGSize(width: 100, height: 100)) == .zero)
    }

    @Test func highlightedAndDisabledColours() {
        let l = label("Hi", size: CGSize(width: 40, height: 20))
        l.highlightedTextColor = .red
        #expect(l.textLayer.foregroundColor == UIColor.black.cgColor)
        l.isHighlighted = true
        #expect(l.textLayer.foregroundColor == UIColor.red.cgColor)
        l.isHighlighted = false
        l.isEnabled = false
        #expect(l.textLayer.foregroundColor?.alpha == 0.5)
    }

    @Test func shadowIsTheTextsShape() {
        let l = label("I", size: CGSize(width: 40, height: 30)) {
            $0.font = UIFont.boldSystemFont(ofSize: 24)
            $0.shadowColor = .red
            $0.shadowOffset = CGSize(width: 4, height: 0)
        }
        let p = renderView(l, name: "label-shadow")
        let black = try! #require(p.inkBox { $0[0] < 80 && $0[1] < 80 })
        let red = try! #require(p.inkBox { $0[0] > 200 && $0[1] < 80 })
        #expect(red.maxX - black.maxX >= 3)
    }

    @Test func adjustsFontSizeToFitWidthShrinksDownToTheMinimumScale() {
        let l = label("a rather long line of text", size: CGSize(width: 80, height: 30)) {
            $0.adjustsFontSizeToFitWidth = true
            $0.minimumScaleFactor = 0.2
        }
        l.layoutIfNeeded()
        let shrunk = l.textLayer.fontSize
        #expect(shrunk < 17 && shrunk > 17 * 0.2)
        l.minimumScaleFactor = 0.9
        l.layoutIfNeeded()
        #expect(abs(l.textLayer.fontSize - 17 * 0.9) < 0.001)
        l.minimumScaleFactor = 0
        l.layoutIfNeeded()
        #expect(l.textLayer.fontSize == 17)
    }

    @Test func drawTextInRectInsetsTheText() {
        final class Padded: UILabel {
            override func drawText(in rect: CGRect) { super.drawText(in: rect.inset(by: UIEdgeInsets(top: 0, left: 30, bottom: 0, right: 0))) }
        }
        let l = Padded(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        l.backgroundColor = .white
        l.textColor = .black
        l.text = "x"
        let box = try! #require(renderView(l).inkBox())
        #expect(box.minX >= 30)
    }

    @Test func badInputDoesNotCrash() {
        let l = UILabel(frame: CGRect(x: 0, y: 0, width: CGFloat.nan, height: .infinity))
        l.text = "x"
        l.numberOfLines = -3
        l.shadowOffset = CGSize(width: CGFloat.nan, height: 1)
        l.layoutIfNeeded()
        _ = l.sizeThatFits(CGSize(width: CGFloat.nan, height: -1))
        l.font = UIFont.systemFont(ofSize: .nan)
        l.text = ""
        #expect(l.intrinsicContentSize == .zero)
    }
}

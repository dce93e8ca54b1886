import Testing
import UIKit

/// UIColor and NSParagraphStyle in an attributed string, as iOS code writes them: the text
/// layer draws the range in the UIColor (through `CATextLayerColor`, not reflection) and lays
/// the paragraph out with the style. Needs fonts-dejavu-core.
@Suite struct UIColorTextAttributeTests {
    /// The set of opaque colours a text layer drew (RGB).
    func colours(_ string: NSAttributedString, width: CGFloat = 120) -> (colours: Set<[UInt8]>, minX: Int) {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: 30)
        layer.fontSize = 20
        layer.foregroundColor = UIColor.red.cgColor
        layer.string = string
        layer.displayIfNeeded()
        guard let image = layer.contents as? CGImage, let p = Pixels(UIImage(cgImage: image)) else { return ([], 0) }
        var out = Set<[UInt8]>(), minX = Int.max
        for y in 0..<p.height {
            for x in 0..<p.width where p[x, y][3] == 255 {
                out.insert(Array(p[x, y][0..<3]))
                minX = min(minX, x)
            }
        }
        return (out, minX)
    }

    @Test func aUIColorAttributeColoursItsRange() {
        #expect(UIColor.blue is CATextLayerColor)
        let text = NSAttributedString(string: "HHH", attributes: [.foregroundColor: UIColor.blue])
        #expect(colours(text).colours == [[0, 0, 255]])
    }

    @Test func aParagraphStyleAlignsTheText() {
        let style = NSMutableParagraphStyle()
        style.alignment = .right
        let text = NSAttributedString(string: "HH", attributes: [.paragraphStyle: style, .font: UIFont.systemFont(ofSize: 20)])
        #expect(colours(text).minX > 60, "right-aligned in 120 pt")
    }
}

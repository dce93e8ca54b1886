import Foundation
import Testing
@testable import UIKit

@Suite struct UIButtonTests {
    /// A `size`-point image filled with `color` at `scale`.
    static func solidImage(_ color: UIColor, size: CGSize = CGSize(width: 10, height: 10), scale: CGFloat = 1) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        return UIGraphicsImageRenderer(size: size, format: format).image { ctx in
            color.setFill()
            ctx.fill(CGRect(origin: .zero, size: size))
        }
    }

    @Test func typesAndDefaults() {
        let custom = UIButton(frame: .zero)
        #expect(custom.buttonType == .custom)
        #expect(custom.currentTitleColor == .white)
        #expect(custom.titleLabel?.font.pointSize == 15)
        let system = UIButton(type: .system)
        #expect(system.buttonType == .system)
        #expect(system.currentTitleColor == system.tintColor)
        system.isEnabled = false
        #expect(system.currentTitleColor == .systemGray)
        #expect(UIButton.ButtonType.roundedRect == .system)
    }

    @Test func stateValuesFallBackToNormal() {
        let b = UIButton(type: .custom)
        b.setTitle("N", for: .normal)
        b.setTitle("H", for: .highlighted)
        b.setTitleColor(.red, for: .highlighted)
        #expect(b.title(for: .highlighted) == "H")
        #expect(b.title(for: .selected) == "N")
        #expect(b.title(for: [.selected, .highlighted]) == "N")
        #expect(b.currentTitle == "N")
        b.isHighlighted = true
        #expect(b.currentTitle == "H")
        #expect(b.titleLabel?.text == "H")
        #expect(b.titleLabel?.textColor == .red)
        b.isHighlighted = false
        #expect(b.titleLabel?.text == "N")
        #expect(b.titleLabel?.textColor == .white)
        b.setTitle(nil, for: .normal)
        #expect(b.currentTitle == nil)
        #expect(b.titleLabel?.isHidden == true)
    }

    @Test func highlightingByTouchChangesTheTitleColour() throws {
        let button = UIButton(type: .custom)
        button.setTitle("Go", for: .normal)
        button.setTitleColor(.blue, for: .normal)
        button.setTitleColor(.red, for: .highlighted)
        let c = try ControlFixture(button)
        let label = try #require(button.titleLabel)
        c.f.input.touches(.began, [(1, CGPoint(x: 70, y: 60))])
        #expect(button.isHighlighted)
        #expect(label.textLayer.foregroundColor == UIColor.red.cgColor)
        c.f.input.touches(.ended, [(1, CGPoint(x: 70, y: 60))])
        #expect(label.textLayer.foregroundColor == UIColor.blue.cgColor)
        // Buttons add the primary action to touch up inside.
        #expect(c.log.events == [.touchDown, .touchUpInside, .primaryActionTriggered])
    }

    @Test func disabledButtonsSendNothing() throws {
        var fired = 0
        let button = UIButton(primaryAction: UIAction(title: "Play") { _ in fired += 1 })
        let c = try ControlFixture(button)
        c.f.input.tap(at: CGPoint(x: 70, y: 60))
        #expect(fired == 1)
        c.f.now { button.isEnabled = false }
        c.f.input.tap(at: CGPoint(x: 70, y: 60))
        #expect(fired == 1)
        #expect(c.log.events == [.touchDown, .touchUpInside, .primaryActionTriggered])
    }

    @Test func primaryActionGivesTitleAndImage() {
        let image = UIButtonTests.solidImage(.red)
        let b = UIButton(primaryAction: UIAction(title: "Play", image: image) { _ in })
        #expect(b.buttonType == .system)
        #expect(b.currentTitle == "Play")
        #expect(b.currentImage === image)
        #expect(b.allControlEvents == .primaryActionTriggered)
    }

    @Test func systemButtonsDimWhileHighlighted() {
        let b = UIButton(type: .system)
        b.setTitle("Tap", for: .normal)
        b.isHighlighted = true
        #expect(abs((b.titleLabel?.alpha ?? 1) - 0.2) < 1e-6)   // opacity is a Float
        #expect(abs((b.imageView?.alpha ?? 1) - 0.2) < 1e-6)
        b.isHighlighted = false
        #expect(b.titleLabel?.alpha == 1)
        let custom = UIButton(type: .custom)
        custom.isHighlighted = true
        #expect(custom.titleLabel?.alpha == 1)
    }

    @Test func imageAndTitleAreCentredTogether() {
        let b = UIButton(frame: CGRect(x: 0, y: 0, width: 120, height: 40))
        b.setImage(UIButtonTests.solidImage(.red, size: CGSize(width: 20, height: 20)), for: .normal)
        b.setTitle("Title", for: .normal)
        b.setTitleColor(.black, for: .normal)
        b.backgroundColor = .white
        b.layoutIfNeeded()
        let image = b.imageView!.frame, title = b.titleLabel!.frame
        #expect(image.size == CGSize(width: 20, height: 20))
        #expect(image.maxX == title.minX)
        #expect(abs((image.minX + title.maxX) / 2 - 60) <= 0.5)
        #expect(abs(image.midY - 20) <= 0.5 && abs(title.midY - 20) <= 0.5)
        let p = renderView(b, name: "button-image-title")
        #expect(close(p[Int(image.midX), 20], opaqueRed))
        let text = try! #require(p.inkBox { $0[0] < 100 && $0[1] < 100 && $0[2] < 100 })
        #expect(text.minX >= Int(title.minX) - 1 && text.maxX <= Int(title.maxX) + 1)

        // Insets: content inset moves the pair, a title inset shifts the title by half.
        b.contentEdgeInsets = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 0)
        b.titleEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        b.layoutIfNeeded()
        #expect(abs(b.imageView!.frame.minX - (image.minX + 10)) <= 0.5)
        #expect(abs(b.titleLabel!.frame.minX - (title.minX + 15)) <= 0.5)
        // Left alignment puts the image at the content rect's left edge.
        b.contentHorizontalAlignment = .left
        b.layoutIfNeeded()
        #expect(b.imageView!.frame.minX == 20)
    }

    @Test func sizeThatFitsAddsContentInsets() {
        let b = UIButton(type: .system)
        b.setTitle("Title", for: .normal)
        let bare = b.sizeThatFits(.zero)
        #expect(bare == b.titleLabel!.sizeThatFits(.zero))
        b.setImage(UIButtonTests.solidImage(.red, size: CGSize(width: 30, height: 30)), for: .normal)
        b.contentEdgeInsets = UIEdgeInsets(top: 2, left: 4, bottom: 6, right: 8)
        b.sizeToFit()
        #expect(b.bounds.size == CGSize(width: bare.width + 30 + 12, height: 30 + 8))
    }

    @Test func backgroundImageFollowsTheState() {
        let b = UIButton(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        b.setBackgroundImage(UIButtonTests.solidImage(.blue), for: .normal)
        b.setBackgroundImage(UIButtonTests.solidImage(.green), for: .selected)
        #expect(close(renderView(b)[10, 10], opaqueBlue))
        b.isSelected = true
        #expect(close(renderView(b, name: "button-background-selected")[10, 10], opaqueGreen))
    }
}

/// iOS code as people write it for controls compiles unchanged (this is the test: it builds).
final class PortedPlayButton: UIButton {
    private let glyph = UIImageView(image: UIImage())
    private let caption = UILabel()
    var onPlay: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 8
        backgroundColor = .systemBlue
        setTitle("Play", for: .normal)
        setTitleColor(.white, for: .normal)
        setTitleColor(UIColor.white.withAlphaComponent(0.5), for: .highlighted)
        titleLabel?.font = .boldSystemFont(ofSize: 16)
        contentEdgeInsets = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        glyph.contentMode = .scaleAspectFit
        caption.textAlignment = .center
        caption.numberOfLines = 0
        caption.lineBreakMode = .byWordWrapping
        caption.adjustsFontSizeToFitWidth = true
        caption.minimumScaleFactor = 0.5
        addSubview(glyph)
        addSubview(caption)
        addAction(UIAction { [weak self] _ in self?.onPlay?() }, for: .touchUpInside)
        addTarget(self, action: Selector("played:"), for: .touchUpInside)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override var isHighlighted: Bool {
        didSet { transform = isHighlighted ? CGAffineTransform(scaleX: 0.95, y: 0.95) : .identity }
    }

    override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
        super.beginTracking(touch, with: event)
    }
}

@Suite struct PortedControlTests {
    @Test func portedButtonWorks() throws {
        let button = PortedPlayButton(frame: CGRect(x: 0, y: 0, width: 60, height: 40))
        var played = 0
        button.onPlay = { played += 1 }
        let c = try ControlFixture(button)
        c.f.input.touches(.began, [(1, CGPoint(x: 70, y: 60))])
        #expect(button.transform == CGAffineTransform(scaleX: 0.95, y: 0.95))
        c.f.input.touches(.ended, [(1, CGPoint(x: 70, y: 60))])
        #expect(button.transform == .identity)
        #expect(played == 1)
    }
}

extension UIButtonTests {
    @Test func systemButtonImagesAreTintedTemplates() {
        let red = UIButtonTests.solidImage(.red, size: CGSize(width: 10, height: 10))
        let b = UIButton(type: .system)
        b.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        b.tintColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1)
        b.setImage(red, for: .normal)
        #expect(b.currentImage === red)
        #expect(b.imageView?.image?.renderingMode == .alwaysTemplate)
        #expect(close(renderView(b, name: "button-system-image")[5, 5], opaqueGreen))
        b.setImage(red.withRenderingMode(.alwaysOriginal), for: .normal)
        #expect(close(renderView(b)[5, 5], opaqueRed))
        // Custom buttons show images as they are.
        let custom = UIButton(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        custom.setImage(red, for: .normal)
        #expect(close(renderView(custom)[5, 5], opaqueRed))
    }
}

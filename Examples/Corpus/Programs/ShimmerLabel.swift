import UIKit

/// "Slide to unlock"-style shimmer: a label whose text is lit by a bright band sweeping across,
/// made with a gradient layer used as the text's mask.
final class ShimmerLabelView: UIView {
    private let textLayer = CATextLayer()
    private let gradient = CAGradientLayer()

    var text: String = "Loading…" {
        didSet { textLayer.string = text }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        let font = UIFont.boldSystemFont(ofSize: 22)
        textLayer.string = text
        textLayer.font = font
        textLayer.fontSize = font.pointSize
        textLayer.alignmentMode = .center
        textLayer.foregroundColor = UIColor.white.cgColor
        textLayer.contentsScale = UIScreen.main.scale
        layer.addSublayer(textLayer)

        gradient.colors = [UIColor(white: 1, alpha: 0.25).cgColor, UIColor.white.cgColor,
                           UIColor(white: 1, alpha: 0.25).cgColor]
        gradient.startPoint = CGPoint(x: 0, y: 0.5)
        gradient.endPoint = CGPoint(x: 1, y: 0.5)
        gradient.locations = [0, 0.1, 0.2]
        textLayer.mask = gradient
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        textLayer.frame = CGRect(x: 0, y: bounds.midY - 15, width: bounds.width, height: 30)
        gradient.frame = textLayer.bounds
    }

    func startShimmering() {
        let animation = CABasicAnimation(keyPath: "locations")
        animation.fromValue = [-0.2, -0.1, 0]
        animation.toValue = [1, 1.1, 1.2]
        animation.duration = 1.6
        animation.repeatCount = .infinity
        gradient.add(animation, forKey: "shimmer")
    }
}

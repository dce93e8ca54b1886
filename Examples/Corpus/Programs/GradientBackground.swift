import UIKit

/// An animated gradient background (the "Instagram login" look): the gradient's colours cycle
/// through a palette, each step animated when the previous one ends.
final class GradientBackgroundView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }

    private var gradientLayer: CAGradientLayer { layer as! CAGradientLayer }
    private let palette: [[CGColor]] = [
        [UIColor.systemPurple.cgColor, UIColor.systemPink.cgColor],
        [UIColor.systemPink.cgColor, UIColor.systemOrange.cgColor],
        [UIColor.systemOrange.cgColor, UIColor.systemPurple.cgColor],
    ]
    private var step = 0

    override init(frame: CGRect) {
        super.init(frame: frame)
        gradientLayer.colors = palette[0]
        gradientLayer.startPoint = CGPoint(x: 0, y: 0)
        gradientLayer.endPoint = CGPoint(x: 1, y: 1)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func animateNext() {
        step = (step + 1) % palette.count
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in
            self?.animateNext()
        }
        let animation = CABasicAnimation(keyPath: "colors")
        animation.fromValue = gradientLayer.colors
        animation.toValue = palette[step]
        animation.duration = 2
        gradientLayer.colors = palette[step]
        gradientLayer.add(animation, forKey: "colors")
        CATransaction.commit()
    }
}

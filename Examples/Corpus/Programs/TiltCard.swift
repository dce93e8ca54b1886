import UIKit

/// A card tilted in perspective that swings gently, like a parallax card reacting to motion.
final class TiltCardView: UIView {
    let card = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        card.frame = bounds.insetBy(dx: 30, dy: 40)
        card.backgroundColor = UIColor.systemBlue.cgColor
        card.cornerRadius = 14
        card.shadowColor = UIColor.black.cgColor
        card.shadowOpacity = 0.3
        card.shadowRadius = 10
        card.shadowOffset = CGSize(width: 0, height: 8)
        card.allowsEdgeAntialiasing = true
        layer.addSublayer(card)

        let stripe = CAGradientLayer()
        stripe.frame = card.bounds
        stripe.cornerRadius = 14
        stripe.colors = [UIColor(white: 1, alpha: 0.35).cgColor, UIColor(white: 1, alpha: 0).cgColor]
        stripe.startPoint = CGPoint(x: 0, y: 0)
        stripe.endPoint = CGPoint(x: 1, y: 1)
        card.addSublayer(stripe)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func tilt(x: CGFloat, y: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1.0 / 500
        t = CATransform3DRotate(t, x, 0, 1, 0)
        t = CATransform3DRotate(t, y, 1, 0, 0)
        return t
    }

    func startSwinging() {
        let swing = CAKeyframeAnimation(keyPath: "transform")
        swing.values = [
            NSValue(caTransform3D: TiltCardView.tilt(x: -0.4, y: 0.2)),
            NSValue(caTransform3D: TiltCardView.tilt(x: 0.4, y: 0.2)),
            NSValue(caTransform3D: TiltCardView.tilt(x: 0.4, y: -0.2)),
            NSValue(caTransform3D: TiltCardView.tilt(x: -0.4, y: -0.2)),
            NSValue(caTransform3D: TiltCardView.tilt(x: -0.4, y: 0.2)),
        ]
        swing.duration = 4
        swing.calculationMode = .cubic
        swing.repeatCount = .infinity
        card.add(swing, forKey: "swing")
    }
}

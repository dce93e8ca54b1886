import UIKit

/// A card turned in 3D by hand: two layers back to back (the back one pre-rotated by half a
/// turn), hidden when facing away, in a container with perspective.
final class CardFlip3DView: UIView {
    private let card = CATransformLayer()
    private let frontLayer = CALayer()
    private let backLayer = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 400
        layer.sublayerTransform = perspective

        card.frame = CGRect(x: bounds.midX - 45, y: bounds.midY - 60, width: 90, height: 120)
        layer.addSublayer(card)

        for side in [frontLayer, backLayer] {
            side.frame = card.bounds
            side.cornerRadius = 12
            side.isDoubleSided = false
            card.addSublayer(side)
        }
        frontLayer.backgroundColor = UIColor.systemOrange.cgColor
        backLayer.backgroundColor = UIColor.systemTeal.cgColor
        backLayer.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func flip(duration: CFTimeInterval = 1.2) {
        let animation = CABasicAnimation(keyPath: "transform")
        animation.fromValue = NSValue(caTransform3D: CATransform3DIdentity)
        animation.toValue = NSValue(caTransform3D: CATransform3DMakeRotation(.pi, 0, 1, 0))
        animation.duration = duration
        animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        card.add(animation, forKey: "flip")
    }
}

import UIKit

/// A round "record" button with a halo that keeps pulsing outwards and fading, drawing the eye.
final class PulseButtonView: UIView {
    private let halo = CAShapeLayer()
    private let button = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let circle = UIBezierPath(arcCenter: .zero, radius: 28, startAngle: 0, endAngle: .pi * 2, clockwise: true)

        halo.path = circle.cgPath
        halo.position = center
        halo.fillColor = UIColor.systemPink.cgColor
        halo.opacity = 0
        layer.addSublayer(halo)

        button.path = circle.cgPath
        button.position = center
        button.fillColor = UIColor.systemPink.cgColor
        button.shadowColor = UIColor.black.cgColor
        button.shadowOpacity = 0.3
        button.shadowOffset = CGSize(width: 0, height: 3)
        button.shadowRadius = 4
        layer.addSublayer(button)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startPulsing() {
        let scale = CABasicAnimation(keyPath: "transform.scale.xy")
        scale.fromValue = 1.0
        scale.toValue = 2.2

        let fade = CAKeyframeAnimation(keyPath: "opacity")
        fade.values = [0.6, 0.4, 0]
        fade.keyTimes = [0, 0.3, 1]

        let group = CAAnimationGroup()
        group.animations = [scale, fade]
        group.duration = 1.5
        group.repeatCount = .greatestFiniteMagnitude
        group.timingFunction = CAMediaTimingFunction(name: .default)
        halo.add(group, forKey: "pulse")
    }
}

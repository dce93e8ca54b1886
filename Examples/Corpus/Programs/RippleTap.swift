import UIKit

/// Material "ink" feedback: every touch drops a ripple that spreads and fades, then removes
/// itself when its animation is done.
final class RippleView: UIView {
    var rippleColor = UIColor(white: 1, alpha: 0.6)

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesBegan(touches, with: event)
        guard let point = touches.first?.location(in: self) else { return }
        addRipple(at: point)
    }

    func addRipple(at point: CGPoint) {
        let radius = max(bounds.width, bounds.height)
        let ripple = CAShapeLayer()
        ripple.frame = bounds
        ripple.fillColor = rippleColor.cgColor
        let start = UIBezierPath(arcCenter: point, radius: 4, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        let end = UIBezierPath(arcCenter: point, radius: radius, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
        ripple.path = end.cgPath
        ripple.opacity = 0
        layer.addSublayer(ripple)

        CATransaction.begin()
        CATransaction.setCompletionBlock {
            ripple.removeFromSuperlayer()
        }
        let grow = CABasicAnimation(keyPath: "path")
        grow.fromValue = start.cgPath
        grow.toValue = end.cgPath
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.duration = 0.6
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        ripple.add(group, forKey: "ripple")
        CATransaction.commit()
    }
}

import UIKit

/// Three dots that shrink and grow one after another: the "ball pulse" loading indicator most
/// activity-indicator libraries ship, built from shape layers and one keyframe animation.
final class BallPulseIndicatorView: UIView {
    var color: UIColor = .systemBlue
    private(set) var isAnimating = false

    func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        layer.sublayers?.forEach { $0.removeFromSuperlayer() }

        let spacing: CGFloat = 4
        let size = (bounds.width - 2 * spacing) / 3
        let y = (bounds.height - size) / 2
        let beginTime = CACurrentMediaTime()
        let beginTimes = [0.12, 0.24, 0.36]
        let timing = CAMediaTimingFunction(controlPoints: 0.2, 0.68, 0.18, 1.08)

        let animation = CAKeyframeAnimation(keyPath: "transform.scale")
        animation.keyTimes = [0, 0.3, 1]
        animation.timingFunctions = [timing, timing]
        animation.values = [1, 0.3, 1]
        animation.duration = 0.75
        animation.repeatCount = HUGE
        animation.isRemovedOnCompletion = false

        for i in 0..<3 {
            let circle = CAShapeLayer()
            let path = UIBezierPath(arcCenter: CGPoint(x: size / 2, y: size / 2), radius: size / 2,
                                    startAngle: 0, endAngle: 2 * .pi, clockwise: false)
            circle.path = path.cgPath
            circle.fillColor = color.cgColor
            circle.frame = CGRect(x: (size + spacing) * CGFloat(i), y: y, width: size, height: size)
            animation.beginTime = beginTime + beginTimes[i]
            circle.add(animation, forKey: "animation")
            layer.addSublayer(circle)
        }
    }

    func stopAnimating() {
        isAnimating = false
        layer.sublayers?.forEach { $0.removeFromSuperlayer() }
    }
}

import UIKit

/// A Material-style spinner: an arc whose ends chase each other while the whole ring turns.
final class MaterialSpinnerView: UIView {
    private let ring = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.fillColor = nil
        ring.strokeColor = UIColor.systemRed.cgColor
        ring.lineWidth = 6
        ring.lineCap = .round
        ring.strokeEnd = 0
        layer.addSublayer(ring)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        ring.frame = bounds
        let radius = min(bounds.width, bounds.height) / 2 - ring.lineWidth
        ring.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: radius,
                                 startAngle: -.pi / 2, endAngle: 3 * .pi / 2, clockwise: true).cgPath
    }

    func startAnimating() {
        let rotation = CABasicAnimation(keyPath: "transform.rotation.z")
        rotation.fromValue = 0
        rotation.toValue = 2 * CGFloat.pi
        rotation.duration = 2
        rotation.repeatCount = .infinity
        ring.add(rotation, forKey: "rotation")

        let head = CABasicAnimation(keyPath: "strokeEnd")
        head.fromValue = 0
        head.toValue = 1
        head.duration = 0.75
        head.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        head.fillMode = .forwards

        let tail = CABasicAnimation(keyPath: "strokeStart")
        tail.fromValue = 0
        tail.toValue = 1
        tail.beginTime = 0.75
        tail.duration = 0.75
        tail.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)

        let group = CAAnimationGroup()
        group.animations = [head, tail]
        group.duration = 1.5
        group.repeatCount = .infinity
        group.fillMode = .forwards
        ring.add(group, forKey: "stroke")
    }
}

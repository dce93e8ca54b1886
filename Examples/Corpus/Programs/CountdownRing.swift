import UIKit

/// A countdown timer: a ring that drains linearly over the duration around a label.
final class CountdownView: UIView {
    private let ring = CAShapeLayer()
    private let label = CATextLayer()
    let duration: CFTimeInterval

    init(frame: CGRect, duration: CFTimeInterval) {
        self.duration = duration
        super.init(frame: frame)
        ring.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width / 2 - 10,
                                 startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        ring.strokeColor = UIColor.systemIndigo.cgColor
        ring.fillColor = UIColor.clear.cgColor
        ring.lineWidth = 8
        layer.addSublayer(ring)

        label.string = "\(Int(duration))s"
        label.font = UIFont.monospacedDigitSystemFont(ofSize: 28, weight: .bold)
        label.fontSize = 28
        label.alignmentMode = .center
        label.foregroundColor = UIColor.label.cgColor
        label.frame = CGRect(x: 0, y: bounds.midY - 18, width: bounds.width, height: 36)
        label.contentsScale = UIScreen.main.scale
        layer.addSublayer(label)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func start() {
        let drain = CABasicAnimation(keyPath: "strokeEnd")
        drain.fromValue = 1
        drain.toValue = 0
        drain.duration = duration
        drain.timingFunction = CAMediaTimingFunction(name: .linear)
        drain.fillMode = .forwards
        drain.isRemovedOnCompletion = false
        ring.add(drain, forKey: "countdown")
    }
}

import UIKit

/// A success checkmark: the circle draws itself, then the tick, timed one after the other with
/// `beginTime` and a backwards fill so the tick waits invisible.
final class CheckmarkView: UIView {
    private let circle = CAShapeLayer()
    private let tick = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let inset = bounds.insetBy(dx: 12, dy: 12)
        circle.path = UIBezierPath(ovalIn: inset).cgPath
        let check = UIBezierPath()
        check.move(to: CGPoint(x: inset.minX + inset.width * 0.27, y: inset.midY))
        check.addLine(to: CGPoint(x: inset.minX + inset.width * 0.45, y: inset.minY + inset.height * 0.68))
        check.addLine(to: CGPoint(x: inset.minX + inset.width * 0.75, y: inset.minY + inset.height * 0.33))
        tick.path = check.cgPath
        for shape in [circle, tick] {
            shape.fillColor = nil
            shape.strokeColor = UIColor.systemGreen.cgColor
            shape.lineWidth = 6
            shape.lineCap = .round
            shape.lineJoin = .round
            layer.addSublayer(shape)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func animate() {
        let drawCircle = CABasicAnimation(keyPath: "strokeEnd")
        drawCircle.fromValue = 0
        drawCircle.toValue = 1
        drawCircle.duration = 0.5
        drawCircle.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        circle.add(drawCircle, forKey: "draw")

        let drawTick = CABasicAnimation(keyPath: "strokeEnd")
        drawTick.fromValue = 0
        drawTick.toValue = 1
        drawTick.beginTime = CACurrentMediaTime() + 0.5
        drawTick.duration = 0.3
        drawTick.fillMode = .backwards
        drawTick.timingFunction = CAMediaTimingFunction(name: .easeOut)
        tick.add(drawTick, forKey: "draw")
    }
}

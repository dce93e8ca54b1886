import UIKit

/// The "like" heart: tapping fills it red with a bouncy pop (a scale keyframe animation with
/// overshoot) and a colour fade.
final class HeartLikeView: UIView {
    private let heart = CAShapeLayer()
    private(set) var isLiked = false

    override init(frame: CGRect) {
        super.init(frame: frame)
        heart.frame = bounds
        heart.path = HeartLikeView.heartPath(in: bounds.insetBy(dx: bounds.width * 0.2, dy: bounds.height * 0.2)).cgPath
        heart.fillColor = UIColor.clear.cgColor
        heart.strokeColor = UIColor.systemRed.cgColor
        heart.lineWidth = 3
        layer.addSublayer(heart)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    static func heartPath(in rect: CGRect) -> UIBezierPath {
        let path = UIBezierPath()
        let w = rect.width, h = rect.height
        path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
        path.addCurve(to: CGPoint(x: rect.minX, y: rect.minY + h * 0.3),
                      controlPoint1: CGPoint(x: rect.midX - w * 0.1, y: rect.maxY - h * 0.15),
                      controlPoint2: CGPoint(x: rect.minX, y: rect.minY + h * 0.6))
        path.addArc(withCenter: CGPoint(x: rect.minX + w * 0.25, y: rect.minY + h * 0.3), radius: w * 0.25,
                    startAngle: .pi, endAngle: 0, clockwise: true)
        path.addArc(withCenter: CGPoint(x: rect.minX + w * 0.75, y: rect.minY + h * 0.3), radius: w * 0.25,
                    startAngle: .pi, endAngle: 0, clockwise: true)
        path.addCurve(to: CGPoint(x: rect.midX, y: rect.maxY),
                      controlPoint1: CGPoint(x: rect.maxX, y: rect.minY + h * 0.6),
                      controlPoint2: CGPoint(x: rect.midX + w * 0.1, y: rect.maxY - h * 0.15))
        path.close()
        return path
    }

    func toggleLike() {
        isLiked.toggle()
        let target = isLiked ? UIColor.systemRed : UIColor.clear
        let fill = CABasicAnimation(keyPath: "fillColor")
        fill.fromValue = heart.presentation()?.fillColor ?? heart.fillColor
        fill.toValue = target.cgColor
        fill.duration = 0.2
        heart.fillColor = target.cgColor
        heart.add(fill, forKey: "fill")

        let pop = CAKeyframeAnimation(keyPath: "transform.scale")
        pop.values = [1.0, 1.35, 0.9, 1.08, 1.0]
        pop.keyTimes = [0, 0.3, 0.55, 0.8, 1]
        pop.duration = 0.5
        heart.add(pop, forKey: "pop")
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        toggleLike()
    }
}

import UIKit

/// A shape that breathes between a circle-like polygon and a star: both paths have the same
/// number of points, so `path` interpolates point by point.
final class MorphShapeView: UIView {
    private let shape = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        shape.frame = bounds
        shape.fillColor = UIColor.systemYellow.cgColor
        shape.strokeColor = UIColor.systemOrange.cgColor
        shape.lineWidth = 3
        shape.lineJoin = .round
        shape.path = MorphShapeView.polygon(in: bounds, points: 10, innerRatio: 1).cgPath
        layer.addSublayer(shape)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    /// A closed polygon of `points * 2` vertices alternating between two radii.
    static func polygon(in rect: CGRect, points: Int, innerRatio: CGFloat) -> UIBezierPath {
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let outer = min(rect.width, rect.height) * 0.4
        let path = UIBezierPath()
        for i in 0..<(points * 2) {
            let r = i % 2 == 0 ? outer : outer * innerRatio
            let a = CGFloat(i) * .pi / CGFloat(points) - .pi / 2
            let p = CGPoint(x: center.x + r * cos(a), y: center.y + r * sin(a))
            i == 0 ? path.move(to: p) : path.addLine(to: p)
        }
        path.close()
        return path
    }

    func startMorphing() {
        let morph = CABasicAnimation(keyPath: "path")
        morph.toValue = MorphShapeView.polygon(in: bounds, points: 10, innerRatio: 0.45).cgPath
        morph.duration = 1
        morph.autoreverses = true
        morph.repeatCount = .infinity
        morph.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        shape.add(morph, forKey: "morph")
    }
}

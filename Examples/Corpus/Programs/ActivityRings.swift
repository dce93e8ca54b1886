import UIKit

/// Three concentric activity rings, each a faint full track under a rounded progress arc that
/// fills to its goal with an ease-out.
final class ActivityRingsView: UIView {
    struct Ring {
        let progress: CGFloat
        let color: UIColor
    }

    let rings = [Ring(progress: 0.8, color: .systemRed), Ring(progress: 0.55, color: .systemGreen),
                 Ring(progress: 0.35, color: .systemCyan)]
    private var arcs: [CAShapeLayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .black
        let lineWidth: CGFloat = 14
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        for (i, ring) in rings.enumerated() {
            let radius = min(bounds.width, bounds.height) / 2 - lineWidth * (CGFloat(i) + 0.5) - CGFloat(i) * 2 - 4
            let path = UIBezierPath(arcCenter: center, radius: radius, startAngle: -.pi / 2,
                                    endAngle: 3 * .pi / 2, clockwise: true)
            let track = CAShapeLayer()
            track.path = path.cgPath
            track.strokeColor = ring.color.withAlphaComponent(0.25).cgColor
            track.fillColor = nil
            track.lineWidth = lineWidth
            layer.addSublayer(track)

            let arc = CAShapeLayer()
            arc.path = path.cgPath
            arc.strokeColor = ring.color.cgColor
            arc.fillColor = nil
            arc.lineWidth = lineWidth
            arc.lineCap = .round
            arc.strokeEnd = ring.progress
            layer.addSublayer(arc)
            arcs.append(arc)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func animateRings() {
        for (arc, ring) in zip(arcs, rings) {
            let fill = CABasicAnimation(keyPath: "strokeEnd")
            fill.fromValue = 0
            fill.toValue = ring.progress
            fill.duration = 1.0
            fill.timingFunction = CAMediaTimingFunction(name: .easeOut)
            arc.add(fill, forKey: "fill")
        }
    }
}

import UIKit

/// A radar/location pulse: rings that keep expanding from a dot and fading, three at a time,
/// from one ring layer copied by a replicator with an instance delay.
final class RadarPulseView: UIView {
    private let replicator = CAReplicatorLayer()
    private let ring = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor(red: 0.05, green: 0.1, blue: 0.2, alpha: 1)
        replicator.frame = bounds
        replicator.instanceCount = 3
        replicator.instanceDelay = 0.7
        layer.addSublayer(replicator)

        let size = min(bounds.width, bounds.height) * 0.9
        ring.bounds = CGRect(x: 0, y: 0, width: size, height: size)
        ring.position = CGPoint(x: bounds.midX, y: bounds.midY)
        ring.cornerRadius = size / 2
        ring.borderWidth = 3
        ring.borderColor = UIColor.systemTeal.cgColor
        ring.backgroundColor = UIColor.systemTeal.withAlphaComponent(0.15).cgColor
        ring.opacity = 0
        replicator.addSublayer(ring)

        let dot = CALayer()
        dot.bounds = CGRect(x: 0, y: 0, width: 14, height: 14)
        dot.position = ring.position
        dot.cornerRadius = 7
        dot.backgroundColor = UIColor.systemTeal.cgColor
        layer.addSublayer(dot)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func start() {
        let grow = CABasicAnimation(keyPath: "transform")
        grow.fromValue = NSValue(caTransform3D: CATransform3DMakeScale(0.05, 0.05, 1))
        grow.toValue = NSValue(caTransform3D: CATransform3DIdentity)

        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0

        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.duration = 2.1
        group.repeatCount = .infinity
        group.timingFunction = CAMediaTimingFunction(name: .easeOut)
        ring.add(group, forKey: "radar")
    }
}

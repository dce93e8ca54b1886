import UIKit

/// A notification banner that drops in from the top with a spring (CASpringAnimation) and
/// settles, as in-app notification libraries do.
final class SpringDropView: UIView {
    let banner = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemGray6
        banner.frame = CGRect(x: 12, y: 12, width: bounds.width - 24, height: 44)
        banner.backgroundColor = UIColor.systemGreen.cgColor
        banner.cornerRadius = 10
        layer.addSublayer(banner)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func drop() {
        let spring = CASpringAnimation(keyPath: "position.y")
        spring.fromValue = -banner.bounds.height
        spring.toValue = banner.position.y
        spring.damping = 8
        spring.stiffness = 120
        spring.mass = 1
        spring.initialVelocity = 0
        spring.duration = spring.settlingDuration
        banner.add(spring, forKey: "drop")
    }
}

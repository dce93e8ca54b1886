import UIKit

/// The classic twelve-spoke spinner: one bar copied around a circle by a replicator layer,
/// each copy fading a little later than the one before.
final class LineSpinnerView: UIView {
    private let replicator = CAReplicatorLayer()
    private let bar = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func setUp() {
        let count = 12
        replicator.frame = bounds
        replicator.instanceCount = count
        replicator.instanceTransform = CATransform3DMakeRotation(2 * .pi / CGFloat(count), 0, 0, 1)
        replicator.instanceDelay = 1.0 / Double(count)
        layer.addSublayer(replicator)

        bar.bounds = CGRect(x: 0, y: 0, width: 4, height: bounds.height * 0.22)
        bar.position = CGPoint(x: bounds.midX, y: bounds.height * 0.2)
        bar.cornerRadius = 2
        bar.backgroundColor = UIColor.darkGray.cgColor
        bar.opacity = 0.15
        replicator.addSublayer(bar)
    }

    func startAnimating() {
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.15
        fade.duration = 1
        fade.repeatCount = .infinity
        bar.add(fade, forKey: "fade")
    }
}

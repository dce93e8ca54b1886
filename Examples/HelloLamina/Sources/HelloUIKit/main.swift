// HelloUIKit: the README's UIKit example as an app in its own package — iOS code (a UIView
// subclass with a shape layer, a window, a view controller, an explicit animation) built with
// Lamina's opt-in UIKit product and run on LaminaKit's loop.
//
//   swift run HelloUIKit                                   # a window (SDL2), or headless
//   LAMINA_HEADLESS=1 LAMINA_FRAMES=30 LAMINA_OUTPUT=ring.png swift run HelloUIKit
import UIKit

final class ProgressRingView: UIView {
    private let ring = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        ring.path = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: 40,
                                 startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: true).cgPath
        ring.strokeColor = UIColor.systemGreen.cgColor
        ring.fillColor = UIColor.clear.cgColor
        ring.lineWidth = 10
        ring.lineCap = .round
        ring.strokeEnd = 0
        layer.addSublayer(ring)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func setProgress(_ value: CGFloat) {
        let animation = CABasicAnimation(keyPath: "strokeEnd")
        animation.fromValue = ring.presentation()?.strokeEnd ?? ring.strokeEnd
        animation.toValue = value
        animation.duration = 0.8
        ring.strokeEnd = value
        ring.add(animation, forKey: "progress")
    }
}

let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
let controller = UIViewController()
window.rootViewController = controller
let ring = ProgressRingView(frame: controller.view.bounds)
controller.view.addSubview(ring)
window.makeKeyAndVisible()          // opens an SDL2 window (headless without a display)
ring.setProgress(0.7)
UIApplication.shared.run()          // LAMINA_HEADLESS / LAMINA_FRAMES / LAMINA_OUTPUT apply

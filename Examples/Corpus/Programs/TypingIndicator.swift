import UIKit

/// The chat "someone is typing" bubble: three dots hopping in a wave, each an additive
/// keyframe animation of `position.y` offset in time from its neighbour.
final class TypingIndicatorView: UIView {
    private var dots: [CALayer] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = UIColor.systemGray5
        layer.cornerRadius = frame.height / 2
        let size: CGFloat = 10
        for i in 0..<3 {
            let dot = CALayer()
            dot.bounds = CGRect(x: 0, y: 0, width: size, height: size)
            dot.cornerRadius = size / 2
            dot.backgroundColor = UIColor.systemGray.cgColor
            dot.position = CGPoint(x: bounds.midX + CGFloat(i - 1) * (size + 6), y: bounds.midY)
            layer.addSublayer(dot)
            dots.append(dot)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startAnimating() {
        let now = CACurrentMediaTime()
        for (i, dot) in dots.enumerated() {
            let hop = CAKeyframeAnimation(keyPath: "position.y")
            hop.values = [0, -8, 0, 0]
            hop.keyTimes = [0, 0.25, 0.5, 1]
            hop.isAdditive = true
            hop.duration = 1.2
            hop.repeatCount = .infinity
            hop.beginTime = now + 0.15 * Double(i)
            hop.timingFunctions = [CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeIn),
                                   CAMediaTimingFunction(name: .linear)]
            dot.add(hop, forKey: "hop")
        }
    }
}

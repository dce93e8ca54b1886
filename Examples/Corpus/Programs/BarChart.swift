import UIKit

/// Bars that spring up one after another, laid out as plain views and animated with UIKit's
/// spring animation.
final class BarChartView: UIView {
    private var bars: [UIView] = []
    let values: [CGFloat] = [0.4, 0.75, 0.55, 0.95, 0.3]

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        let colors: [UIColor] = [.systemRed, .systemOrange, .systemYellow, .systemGreen, .systemBlue]
        for i in values.indices {
            let bar = UIView()
            bar.backgroundColor = colors[i % colors.count]
            bar.layer.cornerRadius = 4
            bar.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
            addSubview(bar)
            bars.append(bar)
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func barFrame(_ i: Int, height fraction: CGFloat) -> CGRect {
        let gap: CGFloat = 8
        let width = (bounds.width - gap * CGFloat(values.count + 1)) / CGFloat(values.count)
        let height = (bounds.height - 20) * fraction
        return CGRect(x: gap + CGFloat(i) * (width + gap), y: bounds.height - 10 - height, width: width, height: height)
    }

    func resetBars() {
        for (i, bar) in bars.enumerated() { bar.frame = barFrame(i, height: 0) }
    }

    func animateBars() {
        for (i, bar) in bars.enumerated() {
            UIView.animate(withDuration: 0.8, delay: 0.1 * Double(i), usingSpringWithDamping: 0.6,
                           initialSpringVelocity: 0.5, options: [.curveEaseOut], animations: {
                bar.frame = self.barFrame(i, height: self.values[i])
            }, completion: nil)
        }
    }
}

import UIKit

/// A line chart that draws itself: a smoothed line through the data revealed by animating
/// `strokeEnd`, over a gradient fill clipped to the area under the line.
final class LineChartView: UIView {
    var values: [CGFloat] = [3, 7, 4, 9, 6, 11, 8] {
        didSet { setNeedsLayout() }
    }

    private let lineLayer = CAShapeLayer()
    private let fillLayer = CAGradientLayer()
    private let fillMask = CAShapeLayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        fillLayer.colors = [UIColor.systemBlue.withAlphaComponent(0.4).cgColor,
                            UIColor.systemBlue.withAlphaComponent(0).cgColor]
        fillLayer.mask = fillMask
        layer.addSublayer(fillLayer)

        lineLayer.strokeColor = UIColor.systemBlue.cgColor
        lineLayer.fillColor = nil
        lineLayer.lineWidth = 3
        lineLayer.lineJoin = .round
        lineLayer.lineCap = .round
        layer.addSublayer(lineLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func points(in rect: CGRect) -> [CGPoint] {
        guard let maxValue = values.max(), values.count > 1 else { return [] }
        let step = rect.width / CGFloat(values.count - 1)
        return values.enumerated().map { i, v in
            CGPoint(x: rect.minX + CGFloat(i) * step, y: rect.maxY - v / maxValue * rect.height)
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let chartRect = bounds.insetBy(dx: 10, dy: 16)
        let pts = points(in: chartRect)
        guard let first = pts.first, let last = pts.last else { return }

        let line = UIBezierPath()
        line.move(to: first)
        for (a, b) in zip(pts, pts.dropFirst()) {
            let midX = (a.x + b.x) / 2
            line.addCurve(to: b, controlPoint1: CGPoint(x: midX, y: a.y), controlPoint2: CGPoint(x: midX, y: b.y))
        }
        lineLayer.frame = bounds
        lineLayer.path = line.cgPath

        let area = line.copy() as! UIBezierPath
        area.addLine(to: CGPoint(x: last.x, y: chartRect.maxY))
        area.addLine(to: CGPoint(x: first.x, y: chartRect.maxY))
        area.close()
        fillLayer.frame = bounds
        fillMask.frame = bounds
        fillMask.path = area.cgPath
    }

    func animateDrawing(duration: CFTimeInterval = 1.5) {
        let draw = CABasicAnimation(keyPath: "strokeEnd")
        draw.fromValue = 0
        draw.toValue = 1
        draw.duration = duration
        draw.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        lineLayer.add(draw, forKey: "draw")

        let reveal = CABasicAnimation(keyPath: "opacity")
        reveal.fromValue = 0
        reveal.toValue = 1
        reveal.duration = duration
        fillLayer.add(reveal, forKey: "reveal")
    }
}

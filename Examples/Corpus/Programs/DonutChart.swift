import UIKit

/// A donut chart: each slice is a thick stroked arc, and the chart sweeps in by animating the
/// slices' `strokeEnd` in turn.
final class DonutChartView: UIView {
    struct Slice {
        let value: CGFloat
        let color: UIColor
    }

    var slices: [Slice] = [
        Slice(value: 45, color: .systemPurple),
        Slice(value: 25, color: .systemTeal),
        Slice(value: 20, color: .systemOrange),
        Slice(value: 10, color: .systemGray),
    ]
    private var sliceLayers: [CAShapeLayer] = []

    func buildSlices() {
        sliceLayers.forEach { $0.removeFromSuperlayer() }
        sliceLayers.removeAll()
        let total = slices.reduce(0) { $0 + $1.value }
        let center = CGPoint(x: bounds.midX, y: bounds.midY)
        let radius = min(bounds.width, bounds.height) / 2 - 20
        var start = -CGFloat.pi / 2
        for slice in slices {
            let end = start + 2 * .pi * slice.value / total
            let arc = UIBezierPath(arcCenter: center, radius: radius, startAngle: start, endAngle: end, clockwise: true)
            let shape = CAShapeLayer()
            shape.path = arc.cgPath
            shape.fillColor = UIColor.clear.cgColor
            shape.strokeColor = slice.color.cgColor
            shape.lineWidth = 26
            layer.addSublayer(shape)
            sliceLayers.append(shape)
            start = end
        }
    }

    func animateIn(duration: CFTimeInterval = 1.2) {
        let total = slices.reduce(0) { $0 + $1.value }
        var begin = CACurrentMediaTime()
        for (shape, slice) in zip(sliceLayers, slices) {
            let share = duration * Double(slice.value / total)
            let sweep = CABasicAnimation(keyPath: "strokeEnd")
            sweep.fromValue = 0
            sweep.toValue = 1
            sweep.beginTime = begin
            sweep.duration = share
            sweep.fillMode = .backwards
            shape.add(sweep, forKey: "sweep")
            begin += share
        }
    }
}

import UIKit

/// A speedometer-style gauge drawn in `draw(in:)` from a custom animatable property. `value`
/// is stored through key-value coding (the portable spelling of `@NSManaged`), so the
/// presentation copy carries the animated value, and `needsDisplay(forKey:)` makes Core
/// Animation redraw every frame of the animation.
final class GaugeLayer: CALayer {
    var value: CGFloat {
        get { (self.value(forKey: "value") as? CGFloat) ?? 0 }
        set { setValue(newValue, forKey: "value") }
    }

    override init() {
        super.init()
    }

    override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? GaugeLayer {
            value = other.value
        }
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "value" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "value" {
            let animation = CABasicAnimation(keyPath: event)
            animation.fromValue = presentation()?.value ?? value
            animation.duration = 1.2
            animation.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return animation
        }
        return super.action(forKey: event)
    }

    override func draw(in ctx: CGContext) {
        let center = CGPoint(x: bounds.midX, y: bounds.maxY - 12)
        let radius = min(bounds.width / 2, bounds.height) - 16
        let start = CGFloat.pi, sweep = CGFloat.pi
        ctx.setLineWidth(12)
        ctx.setLineCap(.round)
        ctx.setStrokeColor(UIColor.systemGray5.cgColor)
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep, clockwise: false)
        ctx.strokePath()

        let fraction = min(max(value, 0), 1)
        ctx.setStrokeColor(UIColor(hue: 0.33 * (1 - fraction), saturation: 0.9, brightness: 0.9, alpha: 1).cgColor)
        ctx.addArc(center: center, radius: radius, startAngle: start, endAngle: start + sweep * fraction, clockwise: false)
        ctx.strokePath()

        let angle = start + sweep * fraction
        ctx.setLineWidth(3)
        ctx.setStrokeColor(UIColor.darkGray.cgColor)
        ctx.move(to: center)
        ctx.addLine(to: CGPoint(x: center.x + cos(angle) * (radius - 10), y: center.y + sin(angle) * (radius - 10)))
        ctx.strokePath()
    }
}

final class GaugeView: UIView {
    override class var layerClass: AnyClass { GaugeLayer.self }

    var gaugeLayer: GaugeLayer { layer as! GaugeLayer }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
        layer.contentsScale = 1
        layer.setNeedsDisplay()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func setValue(_ newValue: CGFloat) {
        gaugeLayer.value = newValue
    }
}

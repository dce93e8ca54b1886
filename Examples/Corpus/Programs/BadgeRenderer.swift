import UIKit

/// An app-icon style badge drawn once with UIGraphicsImageRenderer (a gradient, a star path
/// with a stroke, a highlight) and shown as a layer's contents, with a gentle bob.
enum BadgeArtwork {
    static func starPath(center: CGPoint, outer: CGFloat, inner: CGFloat, points: Int = 5) -> UIBezierPath {
        let path = UIBezierPath()
        for i in 0..<(points * 2) {
            let radius = i.isMultiple(of: 2) ? outer : inner
            let angle = CGFloat(i) * .pi / CGFloat(points) - .pi / 2
            let p = CGPoint(x: center.x + cos(angle) * radius, y: center.y + sin(angle) * radius)
            if i == 0 { path.move(to: p) } else { path.addLine(to: p) }
        }
        path.close()
        return path
    }

    static func render(size: CGSize) -> UIImage {
        let format = UIGraphicsImageRendererFormat.default()
        format.scale = 2
        let renderer = UIGraphicsImageRenderer(size: size, format: format)
        return renderer.image { context in
            let rect = CGRect(origin: .zero, size: size)
            let rounded = UIBezierPath(roundedRect: rect, cornerRadius: size.width * 0.22)
            rounded.addClip()
            let colors = [UIColor.systemOrange.cgColor, UIColor.systemRed.cgColor] as CFArray
            let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors, locations: [0, 1])!
            context.cgContext.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: size.height), options: [])

            let star = starPath(center: CGPoint(x: rect.midX, y: rect.midY + 2), outer: size.width * 0.34, inner: size.width * 0.15)
            UIColor.white.setFill()
            star.fill()
            UIColor(white: 0, alpha: 0.2).setStroke()
            star.lineWidth = 2
            star.lineJoinStyle = .round
            star.stroke()

            UIColor(white: 1, alpha: 0.25).setFill()
            UIBezierPath(ovalIn: CGRect(x: -size.width * 0.2, y: -size.height * 0.6,
                                        width: size.width * 1.4, height: size.height)).fill()
        }
    }
}

final class BadgeView: UIView {
    let badgeLayer = CALayer()

    override init(frame: CGRect) {
        super.init(frame: frame)
        let image = BadgeArtwork.render(size: CGSize(width: 80, height: 80))
        badgeLayer.contents = image.cgImage
        badgeLayer.contentsScale = image.scale
        badgeLayer.frame = CGRect(x: bounds.midX - 40, y: bounds.midY - 40, width: 80, height: 80)
        badgeLayer.shadowOpacity = 0.35
        badgeLayer.shadowOffset = CGSize(width: 0, height: 4)
        badgeLayer.shadowRadius = 6
        layer.addSublayer(badgeLayer)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func startBobbing() {
        let bob = CABasicAnimation(keyPath: "transform.translation.y")
        bob.fromValue = -6
        bob.toValue = 6
        bob.duration = 1
        bob.autoreverses = true
        bob.repeatCount = .infinity
        bob.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        badgeLayer.add(bob, forKey: "bob")
    }
}

// HelloLamina: a red square that glides to wherever you tap, pinches to scale, a ring drawn
// with `draw(_:in:)` and a spinner driven by a display link — using only LaminaKit's public API.
import LaminaKit
import QuartzCore

/// A view subclass (View is `open`): lays out its badge in `layoutSubviews` and darkens
/// while a finger is down on it (`touchesBegan` / `touchesEnded`).
final class CardView: View {
    let badge = View(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        layer.cornerRadius = 12
        badge.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 0.9)
        addSubview(badge)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        // A 24-point square inset 8 points from the top-left corner, in this view's bounds.
        badge.frame = CGRect(x: bounds.minX + 8, y: bounds.minY + 8, width: 24, height: 24)
    }

    override func touchesBegan(_ touches: [Touch]) {
        alpha = 0.7
    }

    override func touchesEnded(_ touches: [Touch]) {
        alpha = 1
    }
}

/// Custom drawing: `draw(_:in:)` draws in the view's bounds (points, y down) after
/// `setNeedsDisplay()`.
final class RingView: View {
    override init(frame: CGRect) {
        super.init(frame: frame)
        setNeedsDisplay()
    }

    override func draw(_ rect: CGRect, in context: CGContext) {
        context.setStrokeColor(CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1))
        context.setLineWidth(6)
        context.strokeEllipse(in: rect.insetBy(dx: 4, dy: 4))
        // A dot in the top-left quadrant shows which way is up.
        context.setFillColor(CGColor(red: 0.1, green: 0.6, blue: 0.3, alpha: 1))
        context.fillEllipse(in: CGRect(x: rect.width * 0.25 - 5, y: rect.height * 0.25 - 5, width: 10, height: 10))
    }
}

/// Another layer class: `makeLayer()` is UIKit's `layerClass`.
final class GradientView: View {
    override class func makeLayer() -> CALayer { CAGradientLayer() }

    var gradientLayer: CAGradientLayer? { layer as? CAGradientLayer }
}

let app = try LaminaApplication(title: "Hello, Lamina", size: CGSize(width: 480, height: 320))
app.rootView.backgroundColor = CGColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)

let card = CardView(frame: CGRect(x: 40, y: 40, width: 100, height: 100))
card.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
app.rootView.addSubview(card)

let banner = GradientView(frame: CGRect(x: 0, y: 296, width: 480, height: 24))
banner.gradientLayer?.colors = [CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1),
                                CGColor(red: 0.6, green: 0.2, blue: 0.8, alpha: 1)]
banner.gradientLayer?.startPoint = CGPoint(x: 0, y: 0.5)
banner.gradientLayer?.endPoint = CGPoint(x: 1, y: 0.5)
app.rootView.addSubview(banner)
app.rootView.addSubview(RingView(frame: CGRect(x: 200, y: 30, width: 80, height: 80)))

// Tap anywhere: the card's centre glides there (window points = the root view's space).
let tap = TapGestureRecognizer { tap in
    View.animate(withDuration: 0.5) {
        card.center = tap.location(in: app.rootView)
    }
}
app.rootView.addGestureRecognizer(tap)

// Pinch (Alt-drag or Ctrl-wheel on a desktop) scales the card; `scale = 1` makes each change
// incremental, as in UIKit.
let pinch = PinchGestureRecognizer { pinch in
    card.transform = card.transform.scaledBy(x: pinch.scale, y: pinch.scale)
    pinch.scale = 1
}
app.rootView.addGestureRecognizer(pinch)

// A bar turning half a turn per second, moved by a display link each frame.
let spinner = View(frame: CGRect(x: 400, y: 240, width: 48, height: 8))
spinner.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.9, alpha: 1)
app.rootView.addSubview(spinner)
let start = app.currentTime
app.add(DisplayLink { link in
    let turns = (link.targetTimestamp - start) * 0.5
    spinner.transform = CGAffineTransform(rotationAngle: CGFloat(turns * 2 * .pi))
})

// Escape quits (a window on screen; headless runs stop by themselves).
app.keyHandler = { key, _ in
    if key.isDown, key.keyCode == KeyCode.escape { app.quit() }
}

print(app.isHeadless ? "HelloLamina: headless (\(app.headlessReason ?? "asked for"))"
                     : "HelloLamina: tap to move the square, Alt-drag to pinch, Esc to quit")
app.run()

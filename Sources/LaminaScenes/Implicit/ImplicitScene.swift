import QuartzCore

/// Seed 002 (implicit animations), every listing side by side on a 480 x 320 point stage:
///
/// - `colorLayer` inside the white `layerView` (listings 7.1–7.3): "change-color" picks a
///   random colour inside a 1 s transaction whose completion block turns the layer 90°
///   (that turn animates with the default 0.25 s, being a new implicit transaction).
/// - `viewLayer`, a view's own layer (listing 7.4): the same change does not animate,
///   because the view, as its delegate, answers NSNull outside animation blocks.
/// - `pushLayer` with a custom action (listings 7.5–7.6): its colour arrives as a push
///   transition from the left instead of a cross-fade.
/// - `movingLayer` (listing 7.7): a tap on its presentation layer (where it is seen) picks a
///   new colour; a tap anywhere else moves it there over 4 s.
package final class ImplicitScene: SceneModel {
    package let root = CALayer()
    package let layerView = CALayer()
    package let colorLayer = CALayer()
    package let viewLayer = CALayer()
    package let pushLayer = CALayer()
    package let movingLayer = CALayer()
    /// The delegates of the two view-backed layers. A layer holds its delegate weakly (as on
    /// iOS, where the view owns its layer), so the scene keeps them alive, as views would.
    private let viewDelegate = ViewBackingDelegate()
    private let layerViewDelegate = ViewBackingDelegate()
    private var random = SceneRandom(seed: 2002)
    package let script: [ScriptStep]

    package init() {
        root.bounds = CGRect(x: 0, y: 0, width: 480, height: 320)
        root.position = CGPoint(x: 240, y: 160)
        root.backgroundColor = CGColor(red: 0.93, green: 0.93, blue: 0.95, alpha: 1)
        root.name = "stage"

        layerView.frame = CGRect(x: 20, y: 20, width: 200, height: 200)
        layerView.backgroundColor = CGColor(gray: 1, alpha: 1)
        layerView.borderWidth = 1
        layerView.borderColor = CGColor(gray: 0.7, alpha: 1)
        layerView.delegate = layerViewDelegate
        layerView.name = "layerView"
        colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        colorLayer.name = "colorLayer"
        layerView.addSublayer(colorLayer)

        viewLayer.frame = CGRect(x: 240, y: 20, width: 100, height: 100)
        viewLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        viewLayer.delegate = viewDelegate
        viewLayer.name = "viewLayer"

        pushLayer.frame = CGRect(x: 360, y: 20, width: 100, height: 100)
        pushLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft
        pushLayer.actions = ["backgroundColor": push]
        pushLayer.name = "pushLayer"

        movingLayer.frame = CGRect(x: 0, y: 0, width: 60, height: 60)
        movingLayer.position = CGPoint(x: 280, y: 250)
        movingLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        movingLayer.name = "movingLayer"

        for layer in [layerView, viewLayer, pushLayer, movingLayer] { root.addSublayer(layer) }
        script = [
            ScriptStep(0.3, .command("change-color")),
            ScriptStep(0.3, .command("change-view-color")),
            ScriptStep(0.3, .command("change-push-color")),
            ScriptStep(2.0, .tap(CGPoint(x: 440, y: 250), touches: 1)),
            // Halfway through the 4 s move (the implicit animation's default timing curve
            // has covered 80 % of the way by then) the layer is seen around x = 408, over
            // 378…438, while its model already covers 410…470: a tap at 405 hits only what
            // is seen — the presentation layer.
            ScriptStep(4.0, .tap(CGPoint(x: 405, y: 250), touches: 1)),
        ]
    }

    package static let commands = [
        SceneCommand("change-color", key: "c", "new colour over 1 s, then a turn (listing 7.3)"),
        SceneCommand("change-view-color", key: "v", "a view's layer: no animation (7.4)"),
        SceneCommand("change-push-color", key: "p", "colour pushed in from the left (7.6)"),
    ]
    package static let gestures = [
        SceneGesture("click the red square", "new colour (hit where it is seen, 7.7)"),
        SceneGesture("click elsewhere", "move the red square there over 4 s"),
    ]

    private func randomColor() -> CGColor {
        CGColor(red: random.unit(), green: random.unit(), blue: random.unit(), alpha: 1)
    }

    package func handle(_ input: SceneInput) {
        switch input {
        case .command("change-color"): changeColor()
        case .command("change-view-color"):
            // Listing 7.4: a 1 s transaction, but the view's delegate vetoes the animation.
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            viewLayer.backgroundColor = randomColor()
            CATransaction.commit()
        case .command("change-push-color"):
            pushLayer.backgroundColor = randomColor()
        case .tap(let point, _):
            // Only the recognised tap: the window also reports the same click as a touch
            // (`.pointerDown`), which must not run the handler a second time.
            tap(at: point)
        default: break
        }
    }

    /// Listing 7.3.
    private func changeColor() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setCompletionBlock { [colorLayer] in
            colorLayer.setAffineTransform(colorLayer.affineTransform().rotated(by: .pi / 2))
        }
        colorLayer.backgroundColor = randomColor()
        CATransaction.commit()
    }

    /// Listing 7.7: hit-test where the layer is seen, not where its model says it is.
    private func tap(at point: CGPoint) {
        if let seen = movingLayer.presentation(), seen.hitTest(point) != nil {
            movingLayer.backgroundColor = randomColor()
        } else {
            CATransaction.begin()
            CATransaction.setAnimationDuration(4)
            movingLayer.position = point
            CATransaction.commit()
        }
    }
}

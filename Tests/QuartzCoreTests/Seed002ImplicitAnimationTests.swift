import Foundation
import Testing
import QuartzCore

/// Seed 002 (Lockwood, ch. 7 "Implicit animations"), listings rewritten in Swift. `layerView`
/// stands for the UIView's backing layer: a root attached to a host (a window); the view-backed
/// case uses a delegate that answers like UIView outside animation blocks.
@Suite struct Seed002ImplicitAnimationTests {
    final class ViewController {
        let host = TestHost()
        let layerView: CALayer
        let colorLayer = CALayer()

        init() {
            layerView = attachedRoot(host)
            // viewDidLoad (listing 7.1)
            colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            layerView.addSublayer(colorLayer)
            CATransaction.flush()   // the run loop turn that shows the view
        }
    }

    static let newColor = CGColor(red: 0.3, green: 0.6, blue: 0.9, alpha: 1)

    @Test func listing7_1ChangingTheColorAnimatesImplicitly() throws {
        let vc = ViewController()
        #expect(vc.colorLayer.animationKeys() == nil, "setting up before the first commit does not animate")
        vc.colorLayer.backgroundColor = Self.newColor
        let a = try #require(vc.colorLayer.animation(forKey: "backgroundColor") as? CABasicAnimation)
        #expect(a.duration == 0.25)
        #expect(a.fromValue as? CGColor == CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        #expect(vc.colorLayer.backgroundColor == Self.newColor)
        CATransaction.flush()
    }

    @Test func listing7_2OneSecondTransaction() throws {
        let vc = ViewController()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        vc.colorLayer.backgroundColor = Self.newColor
        CATransaction.commit()
        let a = try #require(vc.colorLayer.animation(forKey: "backgroundColor"))
        #expect(a.duration == 1.0)
    }

    @Test func listing7_3CompletionBlockRotatesWithTheDefaultDuration() throws {
        let vc = ViewController()
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        CATransaction.setCompletionBlock {
            let transform = vc.colorLayer.affineTransform().rotated(by: .pi / 2)
            vc.colorLayer.setAffineTransform(transform)
        }
        vc.colorLayer.backgroundColor = Self.newColor
        CATransaction.commit()
        #expect(vc.colorLayer.animation(forKey: "transform") == nil, "the spin waits for the colour animation")
        let colour = try #require(vc.colorLayer.animation(forKey: "backgroundColor"))
        vc.colorLayer.animationDidFinish(colour)   // the colour fade ends
        let spin = try #require(vc.colorLayer.animation(forKey: "transform") as? CABasicAnimation)
        #expect(spin.duration == 0.25, "the block runs after its transaction: default duration")
        #expect(abs(vc.colorLayer.transform.m12 - 1) < 1e-12, "rotated by 90°")
        CATransaction.flush()
    }

    /// UIView's behaviour as a layer delegate (§5.3.2): NSNull outside animation blocks.
    final class ViewLikeDelegate: CALayerDelegate {
        var insideAnimationBlock = false
        func action(for layer: CALayer, forKey event: String) -> CAAction? {
            insideAnimationBlock ? CABasicAnimation(keyPath: event) : NSNull()
        }
    }

    @Test func listings7_4And7_5TheViewBackingLayerDoesNotAnimate() {
        let vc = ViewController()
        let view = ViewLikeDelegate()
        vc.layerView.delegate = view
        vc.layerView.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1.0)
        vc.layerView.backgroundColor = Self.newColor
        CATransaction.commit()
        #expect(vc.layerView.animationKeys() == nil, "the colour snaps")
        #expect(view.action(for: vc.layerView, forKey: "backgroundColor") is NSNull, "Outside: <null>")
        view.insideAnimationBlock = true
        #expect(view.action(for: vc.layerView, forKey: "backgroundColor") is CABasicAnimation, "Inside: <CABasicAnimation>")
    }

    @Test func listing7_6CustomPushActionViaTheActionsDictionary() throws {
        let host = TestHost()
        let layerView = attachedRoot(host)
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
        colorLayer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let transition = CATransition()
        transition.type = .push
        transition.subtype = .fromLeft
        colorLayer.actions = ["backgroundColor": transition]
        layerView.addSublayer(colorLayer)
        CATransaction.flush()

        colorLayer.backgroundColor = Self.newColor
        let t = try #require(colorLayer.animation(forKey: "transition") as? CATransition)
        #expect(t.type == .push && t.subtype == .fromLeft)
        #expect(t !== transition, "a copy is attached")
        #expect(colorLayer.animation(forKey: "backgroundColor") == nil)
        #expect(colorLayer.animationKeys() == ["transition"])
        CATransaction.flush()
    }

    @Test func listing7_7HitTestingThePresentationLayer() throws {
        let host = TestHost()
        let view = attachedRoot(host)
        let colorLayer = CALayer()
        colorLayer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        colorLayer.position = CGPoint(x: view.bounds.width / 2, y: view.bounds.height / 2)
        colorLayer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        #expect(colorLayer.presentation() == nil, "no presentation before the first commit")
        view.addSublayer(colorLayer)
        #expect(colorLayer.presentation() == nil)
        CATransaction.flush()
        let presented = try #require(colorLayer.presentation())
        #expect(presented !== colorLayer && presented.model() === colorLayer && colorLayer.model() === colorLayer)
        #expect(presented.hitTest(CGPoint(x: 150, y: 150)) === presented)
        #expect(presented.hitTest(CGPoint(x: 10, y: 10)) == nil)
        #expect(presented.superlayer?.model() === view, "the presentation tree mirrors the model tree")

        at(1000) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(4.0)
            colorLayer.position = CGPoint(x: 20, y: 20)
            CATransaction.commit()
        }
        #expect(colorLayer.animation(forKey: "position")?.duration == 4.0)
        // The presentation layer is where the layer is seen: at the start, then on its way
        // (the implicit `default` curve is at 0.802403 half-way), while the model is at the end.
        #expect(at(1000) { colorLayer.presentation()?.position } == CGPoint(x: 150, y: 150))
        let moving = try #require(at(1002) { colorLayer.presentation() })
        #expect(close(moving.position.x, 150 - 130 * 0.802403, 1e-4))
        #expect(moving.hitTest(CGPoint(x: 90, y: 90)) === moving && colorLayer.hitTest(CGPoint(x: 90, y: 90)) == nil)
    }
}

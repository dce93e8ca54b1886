import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// The renderer's per-frame path (model + evaluated animations) gives the same render tree as
/// snapshotting `presentation()`.
@Suite struct PresentedRenderTreeTests {
    @Test func matchesThePresentationTreeOnAMixedAnimatedTree() throws {
        freshTransactions()
        let host = TestHost()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let a = CALayer(), shape = CAShapeLayer(), gradient = CAGradientLayer(), still = CALayer()
        for l in [a, shape, gradient, still] as [CALayer] {
            l.frame = CGRect(x: 10, y: 10, width: 50, height: 40)
            root.addSublayer(l)
        }
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 30), transform: nil)
        gradient.colors = [CGColor(gray: 0, alpha: 1), CGColor(gray: 1, alpha: 1)]
        MediaClock.$override.withValue(100) {
            root.attach(to: host)
            CATransaction.flush()
            let move = CABasicAnimation(keyPath: "position")
            move.fromValue = CGPoint(x: 0, y: 0)
            move.toValue = CGPoint(x: 100, y: 50)
            move.duration = 2
            a.add(move, forKey: "move")
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.toValue = Double.pi
            spin.duration = 2
            a.add(spin, forKey: "spin")
            let fade = CAKeyframeAnimation(keyPath: "opacity")
            fade.values = [1, 0.2, 1]
            fade.duration = 2
            gradient.add(fade, forKey: "fade")
            let stroke = CABasicAnimation(keyPath: "strokeEnd")
            stroke.fromValue = 0
            stroke.toValue = 1
            stroke.duration = 2
            shape.add(stroke, forKey: "stroke")
            CATransaction.flush()
        }
        for t in [100.0, 100.5, 101.3, 103.0] {
            let fast = PresentedRenderTree(root: root).tree(at: t)
            let copy = try #require(MediaClock.$override.withValue(t) { root.makePresentation() })
            let reference = RenderTree(layer: copy, at: t)
            #expect(fast.count == reference.count)
            for layer in [root, a, shape, gradient, still] {
                let id = layer.renderNodeID
                #expect(fast[id] == reference[id], "layer \(layer.name ?? "\(id)") at \(t)")
            }
        }
        withExtendedLifetime(host) {}
    }
}

import Foundation
import Testing
import LaminaCompositor
import QuartzCore

/// The committed render tree (the render server's copy: what windows, the CLI, `CARenderer`
/// and `LayerRenderer` draw) gives exactly what `presentation()` gives. Both read one
/// evaluation (the server's), so the comparison checks how presented values become nodes — the
/// frame's in-place writers against `RenderNode(layer:)` of the presentation copies — and the
/// values themselves are checked by hand (`handComputedValuesOnTheMixedTree`); on a tree mixing
/// every kind of animation: basic from/to, by-only, to-only, from-only and value-less
/// (implicit), keyframes in every calculation mode, key-frame paths with rotation, springs,
/// groups, additive and cumulative animations, transform sub-key paths over identity and
/// non-identity transforms, whole-matrix transforms, colours, Bools, a subclass property
/// (`strokeEnd`), a mask, and layer timing (speed, begin time).
@Suite struct CommittedPresentationTests {
    /// The tree: root → container (speed 2, begin time 1) → layers a…f; a has a mask.
    final class MixedTree {
        let host = TestHost()
        var root: CALayer!
        var layers: [CALayer] = []
        var plain: CALayer!

        init() {
            at(0) {
                root = attachedRoot(host)
                let container = CALayer()
                container.speed = 2
                container.beginTime = 1
                root.addSublayer(container)
                let a = CALayer(), b = CALayer(), c = CAShapeLayer(), d = CALayer(), e = CALayer(), f = CALayer()
                plain = CALayer()
                let mask = CALayer()
                a.mask = mask
                c.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
                c.path = CGPath(rect: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
                d.backgroundColor = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
                for (i, l) in ([a, b, c, d, e, f, plain!] as [CALayer]).enumerated() {
                    l.frame = CGRect(x: Double(i) * 20, y: 10, width: 16, height: 16)
                    container.addSublayer(l)
                }
                layers = [a, b, c, d, e, f, mask] as [CALayer]
                CATransaction.flush()
            }
            at(1) {
                let (a, b, c, d, e, f, mask) = (layers[0], layers[1], layers[2] as! CAShapeLayer, layers[3], layers[4],
                                                 layers[5], layers[6])
                a.add(eased(basic("position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 90, y: 40), duration: 2)), forKey: "move")
                let cubic = CAKeyframeAnimation(keyPath: "opacity")
                cubic.values = [0, 1, 0.3, 0.9]
                cubic.calculationMode = .cubic
                cubic.duration = 1.5
                cubic.repeatCount = .infinity
                a.add(cubic, forKey: "fade")
                let spring = CASpringAnimation(keyPath: "transform.rotation.z")
                spring.fromValue = 0
                spring.toValue = 1.2
                spring.damping = 6
                spring.duration = spring.settlingDuration
                a.add(spring, forKey: "spin")
                mask.add(basic("opacity", from: 0.2, to: 1, duration: 1), forKey: "maskFade")

                let group = CAAnimationGroup()
                let scale = CAKeyframeAnimation(keyPath: "transform.scale")
                scale.values = [1, 2, 1.5]
                scale.calculationMode = .paced
                group.animations = [basic("bounds.size.width", by: 30, duration: 1),
                                    basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                          to: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), duration: 2),
                                    scale]
                group.duration = 1.5
                group.fillMode = .forwards
                group.isRemovedOnCompletion = false
                b.add(group, forKey: "group")
                let nudge = basic("position", by: CGPoint(x: 5, y: -5), duration: 1)
                nudge.isAdditive = true
                b.add(nudge, forKey: "nudge")
                let pulse = basic("opacity", from: 0.1, to: 0.3, duration: 0.5)
                pulse.isCumulative = true
                pulse.repeatCount = 3
                b.add(pulse, forKey: "pulse")

                c.add(basic("strokeEnd", from: 0, to: 1, duration: 2), forKey: "draw")
                let along = CAKeyframeAnimation(keyPath: "position")
                along.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 40), transform: nil)
                along.rotationMode = .rotateAuto
                along.duration = 2
                c.add(along, forKey: "along")
                c.add(basic("transform.translation.x", from: 0, to: 25, duration: 1), forKey: "slide")

                d.add(basic("cornerRadius", to: 8, duration: 1), forKey: "round")
                d.add(basic("zPosition", from: 5, duration: 1), forKey: "lift")
                d.add(basic("transform", from: CATransform3DIdentity,
                            to: CATransform3DRotate(CATransform3DMakeScale(2, 2, 1), 3, 0, 0, 1), duration: 1), forKey: "turn")
                d.add(basic("sublayerTransform.rotation.x", from: 0, to: 0.5, duration: 1), forKey: "tilt")

                let blink = CAKeyframeAnimation(keyPath: "hidden")
                blink.values = [false, true, false]
                blink.calculationMode = .discrete
                blink.duration = 1
                e.add(blink, forKey: "blink")
                e.add(basic("shadowOffset.height", from: 0, to: 12, duration: 1), forKey: "drop")
                let tint = basic("backgroundColor", to: CGColor(red: 0, green: 1, blue: 0, alpha: 1), duration: 1)
                tint.beginTime = 0.5
                tint.fillMode = .backwards
                e.add(tint, forKey: "tint")
                CATransaction.flush()
            }
            // An implicit animation (no from, to or by: runs from the previous presented value).
            at(1.2) {
                f.opacity = 0.25
                CATransaction.flush()
            }
        }

        private var f: CALayer { layers[5] }

        private func eased(_ a: CABasicAnimation) -> CABasicAnimation {
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return a
        }
    }

    /// The render tree of `root.presentation()` at media time `t`.
    static func presentationTree(_ root: CALayer, at t: Double) throws -> RenderTree {
        let copy = try #require(at(t) { root.presentation() })
        return RenderTree(layer: copy)
    }

    @Test func committedFramesEqualPresentationOnAMixedTree() throws {
        let tree = MixedTree()
        let committed = tree.root.committedRenderTree()
        let times = stride(from: 0.9, through: 4.0, by: 0.0625).map { $0 } + [1.2, 1.7, 2.0, 2.5]
        for t in times {
            let frame = committed.tree(at: t)
            let reference = try Self.presentationTree(tree.root, at: t)
            #expect(frame.count == reference.count, "at \(t)")
            for layer in tree.layers + [tree.plain!] {
                let id = layer.renderNodeID
                #expect(frame[id] == reference[id], "\(type(of: layer)) \(id) at \(t)")
            }
        }
    }

    /// The independent oracle: values computed by hand at t = 1.25, where the container's time
    /// (speed 2, begin time 1) is 0.5 s past the animations' start, read from the committed
    /// frame and from `presentation()`.
    @Test func handComputedValuesOnTheMixedTree() throws {
        let tree = MixedTree()
        let (a, c, d, e, mask) = (tree.layers[0], tree.layers[2], tree.layers[3], tree.layers[4], tree.layers[6])
        let frame = tree.root.committedRenderTree().tree(at: 1.25)
        let copy = try #require(at(1.25) { tree.root.presentation() })
        let container = try #require(copy.sublayers?.first)
        func presented(_ layer: CALayer) throws -> CALayer {
            try #require(container.sublayers?.first { $0.model() === layer })
        }
        // The mask: opacity 0.2 → 1 over 1 s, half-way.
        let presentedMask = try #require(try presented(a).mask)
        #expect(presentedMask.model() === mask)
        #expect(abs(Double(try #require(frame[mask.renderNodeID]?.opacity)) - 0.6) < 1e-6)
        #expect(abs(Double(presentedMask.opacity) - 0.6) < 1e-6)
        // c: strokeEnd 0 → 1 over 2 s: a quarter.
        #expect(close(try #require(try presented(c) as? CAShapeLayer).strokeEnd, 0.25))
        // d: cornerRadius to 8 from the model's 0, zPosition from 5 to the model's 0: half-way.
        #expect(close(try #require(frame[d.renderNodeID]?.cornerRadius), 4))
        let shownD = try presented(d)
        #expect(close(shownD.cornerRadius, 4) && close(shownD.zPosition, 2.5))
        // e: shadowOffset.height 0 → 12 over 1 s.
        #expect(close(try presented(e).shadowOffset.height, 6))
        #expect(close(try #require(frame[e.renderNodeID]?.shadowOffset.height), 6))
    }

    @Test func theMixedTreeIsAnimatedAtAll() throws {
        // Guards the comparison above against a tree whose animations show nothing.
        let tree = MixedTree()
        let a = tree.layers[0]
        let node = try #require(tree.root.committedRenderTree().tree(at: 1.3)[a.renderNodeID])
        #expect(node.position != a.position)
        #expect(node.opacity != a.opacity)
        #expect(!CATransform3DIsIdentity(node.transform))
    }

    @Test func animationsNotYetCommittedAreNotPresented() throws {
        let scene = AnimatedScene(at: 0)
        let committed = scene.root.committedRenderTree()
        at(1) { scene.layer.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "a") }
        #expect(committed.tree(at: 1.5)[scene.layer.renderNodeID]?.opacity == scene.layer.opacity)
        at(1) { CATransaction.flush() }
        #expect(committed.tree(at: 1.5)[scene.layer.renderNodeID]?.opacity == 0.5)
    }
}

import Foundation
import Testing
import QuartzCore

/// `PresentationEvaluator` (the renderer's buffer of presented values) gives exactly what
/// `presentation()` gives, on a tree mixing every kind of animation: basic from/to, by-only,
/// to-only, from-only and value-less (implicit), keyframes in every calculation mode, key-frame
/// paths with rotation, springs, groups, additive and cumulative animations, transform
/// sub-key paths over identity and non-identity transforms, whole-matrix transforms, colours,
/// Bools, a subclass property (`strokeEnd`), a mask, and layer timing (speed, begin time).
@Suite struct PresentationEvaluatorTests {
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

    /// The value of every `DirectField` property and of `strokeEnd` of a layer.
    static func snapshot(_ layer: CALayer) -> [String: AnimatableValue] {
        var out: [String: AnimatableValue] = [:]
        for field in DirectField.allCases {
            let key = "\(field)"
            if let property = PresentedProperty.lookup(key, on: layer), let v = property.read(layer) { out[key] = v }
        }
        if let property = PresentedProperty.lookup("strokeEnd", on: layer), let v = property.read(layer) {
            out["strokeEnd"] = v
        }
        return out
    }

    @Test func matchesPresentationOnAMixedTree() throws {
        let tree = MixedTree()
        let evaluator = PresentationEvaluator(root: tree.root)
        let times = stride(from: 0.9, through: 4.0, by: 0.0625).map { $0 } + [1.2, 1.7, 2.0, 2.5]
        for t in times {
            evaluator.evaluate(at: t)
            let presented = Array(evaluator.presented)
            // Every layer with committed animations, and only those, has an entry.
            #expect(presented.count == evaluator.count)
            #expect(Set(presented.map { ObjectIdentifier($0.layer) }) == Set(tree.layers.map(ObjectIdentifier.init)),
                    "at \(t)")
            #expect(!presented.contains { $0.layer === tree.plain })
            for entry in presented {
                let model = entry.layer
                let copy = type(of: model).init(presentationCopyOf: model)
                entry.store(into: copy)
                let expected = try #require(at(t) { model.presentation() })
                let got = Self.snapshot(copy), want = Self.snapshot(expected)
                #expect(got.keys.sorted() == want.keys.sorted())
                for (key, value) in want {
                    #expect(got[key] == value, "\(key) of \(model) at \(t): \(String(describing: got[key])) vs \(value)")
                }
                // What the entry itself reports equals the presentation copy for its fields.
                for field in DirectField.allCases where entry.values.fields.contains(field) {
                    #expect(entry.presentedValue(forKey: "\(field)") == want["\(field)"], "\(field) at \(t)")
                }
            }
        }
    }

    @Test func fieldsAndExtrasNameWhatIsAnimated() throws {
        let tree = MixedTree()
        let evaluator = PresentationEvaluator(root: tree.root)
        evaluator.evaluate(at: 1.5)
        let shape = try #require(evaluator.presented.first { $0.layer === tree.layers[2] })
        #expect(shape.values.fields == DirectFieldSet([.position, .transform].map(DirectFieldSet.init)))
        #expect(shape.extras.map(\.property.key) == ["strokeEnd"])
        let a = try #require(evaluator.presented.first { $0.layer === tree.layers[0] })
        #expect(a.values.fields == DirectFieldSet([.position, .opacity, .transform].map(DirectFieldSet.init)))
        #expect(a.presentedValue(forKey: "bounds") == nil)
    }

    @Test func entriesFollowTheTree() throws {
        let tree = MixedTree()
        let evaluator = PresentationEvaluator(root: tree.root)
        evaluator.evaluate(at: 1.5)
        #expect(evaluator.count == tree.layers.count)
        // A layer leaving the tree leaves the buffer; removed animations stop being presented.
        at(1.5) {
            tree.layers[1].removeFromSuperlayer()
            tree.layers[3].removeAllAnimations()
            CATransaction.flush()
        }
        evaluator.evaluate(at: 1.6)
        #expect(evaluator.count == tree.layers.count - 2)
        #expect(!evaluator.presented.contains { $0.layer === tree.layers[1] || $0.layer === tree.layers[3] })
    }

    @Test func transitionsAloneMakeNoEntry() throws {
        let scene = AnimatedScene(at: 0)
        let other = CALayer()
        at(0) {
            scene.root.addSublayer(other)
            CATransaction.flush()
        }
        scene.add(CATransition(), forKey: nil, at: 1)
        at(1) {
            other.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "fade")
            CATransaction.flush()
        }
        let evaluator = PresentationEvaluator(root: scene.root)
        evaluator.evaluate(at: 1.25)
        #expect(evaluator.count == 1)
        #expect(evaluator[0].layer === other)
        #expect(evaluator[0].values.opacity == 0.25)
    }

    @Test func theMixedTreeIsAnimatedAtAll() throws {
        // Guards the comparison above against a tree whose animations show nothing.
        let tree = MixedTree()
        let evaluator = PresentationEvaluator(root: tree.root)
        evaluator.evaluate(at: 1.3)
        let a = try #require(evaluator.presented.first { $0.layer === tree.layers[0] })
        #expect(a.values.position != tree.layers[0].position)
        #expect(a.values.opacity != tree.layers[0].opacity)
        #expect(!CATransform3DIsIdentity(a.values.transform))
    }

    @Test func animationsNotYetCommittedAreNotPresented() throws {
        let scene = AnimatedScene(at: 0)
        let evaluator = PresentationEvaluator(root: scene.root)
        at(1) { scene.layer.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "a") }
        evaluator.evaluate(at: 1.5)
        #expect(evaluator.count == 0)
        at(1) { CATransaction.flush() }
        evaluator.evaluate(at: 1.5)
        #expect(evaluator.count == 1)
        #expect(evaluator[0].values.opacity == 0.5)
    }
}

import Foundation
import Testing
@testable import QuartzCore

/// `presentation()` reads the render server's evaluation of the committed tree (reference
/// §9.6.1: "the properties as at the start of the current transaction plus all active
/// animations applied"): values computed by hand for the committed state, uncommitted changes
/// and animations not presented, finished animations gone from the tick on, ancestors' clocks,
/// subclass and custom keys, and implicit animations starting where the layer is seen.
@Suite struct PresentationFromServerTests {
    /// An additive slide of `position.x` by 0 → 20 over 2 s, committed at t = 1 on a layer at
    /// x = 100.
    static func slidingScene() -> AnimatedScene {
        let scene = AnimatedScene(at: 0)  // position (100, 100)
        let slide = basic("position.x", from: 0, to: 20, duration: 2)
        slide.isAdditive = true
        scene.add(slide, forKey: "slide", at: 1)
        return scene
    }

    @Test func theValueUnderAnAnimationIsTheCommittedOne() throws {
        let scene = Self.slidingScene()
        #expect(close(try #require(scene.presented(at: 2)).position.x, 110), "100 + half of 20")
        // A model change not committed yet: the server still animates over x = 100.
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        scene.layer.position = CGPoint(x: 300, y: 100)
        let before = try #require(scene.presented(at: 2)).position.x
        CATransaction.commit()
        #expect(close(before, 110), "\(before): the uncommitted model value is not under the animation yet")
        #expect(close(try #require(scene.presented(at: 2)).position.x, 310), "committed: 300 + 10")
        #expect(scene.layer.position.x == 300, "the model is never animated")
    }

    @Test func animationsAddedSinceTheLastCommitAreNotPresented() throws {
        let scene = AnimatedScene(at: 0)
        at(1) { scene.layer.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "fade") }
        #expect(try #require(scene.presented(at: 2)).opacity == 1, "not committed: the model value")
        at(1) { CATransaction.flush() }
        #expect(abs(try #require(scene.presented(at: 2)).opacity - 0.5) < 1e-6, "committed at 1: 1 s of 2")
    }

    @Test func finishedAnimationsLeaveTheServerWithTheTick() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1 }
        let committed = scene.root.committedRenderTree()
        let lift = basic("zPosition", from: 0, to: 10, duration: 1)
        lift.fillMode = .forwards
        scene.add(lift, forKey: "lift", at: 1)
        #expect(committed.tree(at: 2.5)[scene.layer.renderNodeID]?.zPosition == 10, "filled forwards until removed")
        scene.tick(2.5)
        // No commit since the tick: the server dropped the animation itself.
        #expect(committed.tree(at: 2.5)[scene.layer.renderNodeID]?.zPosition == -1, "the window's frame")
        #expect(try #require(scene.presented(at: 2.5)).zPosition == -1, "the presentation layer")
        CATransaction.flush()
        #expect(try #require(scene.presented(at: 2.5)).zPosition == -1)
    }

    @Test func ancestorsClocksApply() throws {
        let child = CALayer()
        let scene = AnimatedScene(at: 0) { parent in
            parent.speed = 2
            parent.timeOffset = 0.5
            child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            parent.addSublayer(child)
        }
        at(1) {
            child.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "fade")
            CATransaction.flush()
        }
        // 0.25 s of media time later the parent's (and child's) time has run 0.5 s: a quarter.
        let p = try #require(at(1.25) { child.presentation() })
        #expect(abs(p.opacity - 0.25) < 1e-6, "\(p.opacity)")
        #expect(p.superlayer?.model() === scene.layer)
    }

    @Test func subclassAndCustomKeysComeFromTheServer() throws {
        let shape = CAShapeLayer(), gradient = CAGradientLayer(), text = CATextLayer(), bar = ProgressLayer()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let scene = AnimatedScene(at: 0) { parent in
            for l in [shape, gradient, text, bar] as [CALayer] {
                l.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
                parent.addSublayer(l)
            }
            shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
            gradient.colors = [red, blue]
            text.string = "A"
            text.fontSize = 10
        }
        at(1) {
            shape.add(basic("strokeEnd", from: 0, to: 1, duration: 2), forKey: "draw")
            gradient.add(basic("colors", from: [red, blue], to: [blue, red], duration: 2), forKey: "swap")
            text.add(basic("fontSize", from: 10, to: 20, duration: 2), forKey: "grow")
            bar.add(basic("progress", from: 0, to: 1, duration: 2), forKey: "fill")
            CATransaction.flush()
        }
        let root = try #require(at(2) { scene.root.presentation() })
        let layers = try #require(root.sublayers?.first?.sublayers)
        #expect(layers.count == 4)
        let s = try #require(layers[0] as? CAShapeLayer), g = try #require(layers[1] as? CAGradientLayer)
        let t = try #require(layers[2] as? CATextLayer), b = try #require(layers[3] as? ProgressLayer)
        #expect(close(s.strokeEnd, 0.5))
        let colors = try #require(g.colors as? [CGColor])
        for c in colors {
            let comps = try #require(c.components)
            #expect(comps.count == 4 && abs(comps[0] - 0.5) < 1e-6 && abs(comps[2] - 0.5) < 1e-6, "\(comps)")
        }
        #expect(close(t.fontSize, 15))
        #expect(close(b.progress, 0.5))
        #expect(shape.strokeEnd == 1 && text.fontSize == 10 && bar.progress == 0, "the models are not animated")
    }

    @Test func implicitAnimationsStartWhereThePresentationIs() throws {
        let scene = AnimatedScene(at: 0)
        scene.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "fade", at: 1)
        let seen = try #require(scene.presented(at: 1.5)).opacity
        #expect(abs(seen - 0.25) < 1e-6)
        let implicit = at(1.5) { () -> CABasicAnimation? in
            scene.layer.opacity = 0.8
            return scene.layer.animation(forKey: "opacity") as? CABasicAnimation
        }
        let from = try #require(implicit?.fromValue as? Float)
        #expect(from == seen, "from the presented value (§5.4.2)")
        at(1.5) { CATransaction.flush() }
    }

    /// A layer taken out of its window keeps its presentation layer (it was committed); with no
    /// host its tree has no committed copy, so one is snapshotted for the call.
    @Test func aLayerNoLongerShownStillPresentsItsAnimations() throws {
        let scene = AnimatedScene(at: 0)
        scene.add(basic("opacity", from: 0, to: 1, duration: 2), forKey: "fade", at: 1)
        at(1) {
            scene.layer.removeFromSuperlayer()
            CATransaction.flush()
        }
        #expect(scene.layer.superlayer == nil)
        let shown = try #require(scene.presented(at: 1.5))
        #expect(abs(shown.opacity - 0.25) < 1e-6, "\(shown.opacity)")
        #expect(shown.superlayer == nil && shown.model() === scene.layer)
    }
}

import Foundation
import Testing
import QuartzCore

/// Presentation copies show animated values, so hit testing and conversions work where the
/// layer is seen (seed 002, listing 7.7).
@Suite struct PresentationAnimationTests {
    @Test func hitTestingThePresentationLayerFindsTheMovingLayer() throws {
        let scene = AnimatedScene(at: 0)  // frame (50, 50, 100, 100): position (100, 100)
        let move = basic("position", from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 200), duration: 2)
        scene.layer.position = CGPoint(x: 200, y: 200)  // Apple's advice: set the model, then animate
        scene.add(move, forKey: "move", at: 1)
        let touch = CGPoint(x: 110, y: 110)
        let presented = try #require(scene.presented(at: 1.2))  // at (110, 110): covers 60…160
        #expect(presented.hitTest(touch) === presented)
        #expect(presented.hitTest(touch)?.model() === scene.layer)
        #expect(scene.layer.hitTest(touch) == nil, "the model is already at its end position")
        let later = try #require(scene.presented(at: 2.8))  // at (190, 190): covers 140…240
        #expect(later.hitTest(touch) == nil && later.hitTest(CGPoint(x: 230, y: 230)) === later)
        // From the root's presentation, as a window would test a touch.
        let rootCopy = try #require(at(2.8) { scene.root.presentation() })
        #expect(rootCopy.hitTest(CGPoint(x: 230, y: 230))?.model() === scene.layer)
    }

    @Test func sublayersAreConvertedThroughAnimatedAncestors() throws {
        let child = CALayer()
        let scene = AnimatedScene(at: 0) { parent in
            child.frame = CGRect(x: 10, y: 10, width: 10, height: 10)
            parent.addSublayer(child)
        }
        scene.add(basic("position.x", from: 100, to: 200, duration: 1), forKey: "x", at: 1)
        let p = try #require(at(1.5) { child.presentation() })
        // The parent is presented at x = 150 (its bounds origin at 100 in root space).
        let inRoot = p.convert(CGPoint.zero, to: nil)
        #expect(close(inRoot, CGPoint(x: 110, y: 60)), "\(inRoot)")
        #expect(child.convert(CGPoint.zero, to: nil) == CGPoint(x: 60, y: 60), "the model is not animated")
    }

    @Test func presentationReflectsEveryLayerAtOneInstant() throws {
        let scene = AnimatedScene(at: 0)
        let sibling = CALayer()
        at(0) { scene.root.addSublayer(sibling); CATransaction.flush() }
        scene.add(basic("opacity", from: 0, to: 1, duration: 1), forKey: "o", at: 1)
        at(1) { sibling.add(basic("opacity", from: 1, to: 0, duration: 1), forKey: "o"); CATransaction.flush() }
        let rootCopy = try #require(at(1.25) { scene.root.presentation() })
        let opacities = rootCopy.sublayers?.map(\.opacity) ?? []
        #expect(opacities.count == 2 && abs(opacities[0] - 0.25) < 1e-6 && abs(opacities[1] - 0.75) < 1e-6)
    }
}

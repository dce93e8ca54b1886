import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// A transition animates from the rendering before the transaction to the one after it: the
/// snapshot taken when it is added, and its progress in the frame's render tree.
@Suite struct TransitionSnapshotTests {
    func attachedPair() -> (host: TestHost, root: CALayer, layer: CALayer) {
        freshTransactions()
        let host = TestHost()
        let root = CALayer()
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        layer.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(layer)
        MediaClock.$override.withValue(100) {
            root.attach(to: host)
            CATransaction.flush()
        }
        return (host, root, layer)
    }

    @Test func listing5_1TheSnapshotShowsTheLayerBeforeItWasHidden() throws {
        let (_, root, layer) = attachedPair()
        MediaClock.$override.withValue(100) {
            let t = CATransition()
            t.type = .push
            t.subtype = .fromRight
            t.duration = 1
            layer.add(t, forKey: "transition")
            layer.isHidden = true
            CATransaction.flush()
        }
        let stored = try #require(layer.animation(forKey: "transition") as? CATransition)
        let before = try #require(stored.beforeSnapshot)
        #expect(before.tree[layer.renderNodeID]?.isHidden == false)
        let tree = LayerRenderer.renderTree(of: root, at: 100.5)
        let node = try #require(tree[layer.renderNodeID])
        #expect(node.isHidden)
        let transition = try #require(node.transition)
        #expect(transition.style == TransitionStyle(.push, subtype: .fromRight))
        // Half of the linear one-second transition (no timing function: linear pacing).
        #expect(abs(transition.progress - 0.5) < 1e-9, "\(transition.progress)")
        #expect(LayerRenderer.renderTree(of: root, at: 102)[layer.renderNodeID]?.transition == nil)
    }

    @Test func aTransitionRunAsAnActionAfterTheChangeStillStartsFromTheOldValue() throws {
        let (host, _, layer) = attachedPair()   // the host must live: layers hold it weakly
        let push = CATransition()
        push.type = .push
        push.subtype = .fromLeft
        layer.actions = ["backgroundColor": push]
        MediaClock.$override.withValue(101) {
            layer.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            CATransaction.flush()
        }
        let stored = try #require(layer.animation(forKey: "transition") as? CATransition)
        let before = try #require(stored.beforeSnapshot?.tree[layer.renderNodeID])
        #expect(before.backgroundColor == CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        withExtendedLifetime(host) {}
    }

    @Test func extensionTypesAndTheBarsFilterMapOntoTheCompositorsStyles() {
        let t = CATransition()
        t.type = .pageCurl
        #expect(TransitionStyle(t).type == .pageCurl)
        t.type = CATransitionType(rawValue: "somethingElse")
        #expect(TransitionStyle(t).type == .fade)
        t.filter = BarsSwipeTransitionFilter(angle: 3.14, width: 30, barOffset: 10)
        #expect(TransitionStyle(t).type == .barsSwipe(angle: 3.14, width: 30, barOffset: 10))
    }
}

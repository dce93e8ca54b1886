import Foundation
import Testing
import QuartzCore

/// A subclass whose class-level default action is configurable per key.
final class DefaultActionLayer: CALayer {
    nonisolated(unsafe) static var defaults: [String: CAAction] = [:]
    override class func defaultAction(forKey event: String) -> CAAction? { defaults[event] }
}

@Suite(.serialized) struct ActionLookupTests {
    @Test func delegateWinsThenActionsThenStyleThenNestedStyle() {
        let x = RecordingAction("delegate"), y = RecordingAction("actions")
        let z = RecordingAction("style"), w = RecordingAction("nested")
        let l = CALayer()
        let delegate = FixedDelegate(x)
        l.delegate = delegate
        l.actions = ["opacity": y]
        l.style = ["actions": ["opacity": z], "style": ["actions": ["opacity": w]]]
        #expect((l.action(forKey: "opacity") as? RecordingAction) === x)
        delegate.answer = nil
        #expect((l.action(forKey: "opacity") as? RecordingAction) === y, "nil from the delegate continues")
        l.actions = [:]
        #expect((l.action(forKey: "opacity") as? RecordingAction) === z)
        l.style = ["actions": ["other": z], "style": ["actions": ["opacity": w]]]
        #expect((l.action(forKey: "opacity") as? RecordingAction) === w, "nested style dictionaries")
        l.style = nil
        #expect(l.action(forKey: "opacity") is CABasicAnimation, "built-in implicit animation last")
        #expect(delegate.asked.allSatisfy { $0 == "opacity" } && delegate.asked.count == 5)
    }

    @Test func nsNullStopsTheSearchAtEveryStep() {
        let later = RecordingAction("later")
        let l = CALayer()
        let delegate = FixedDelegate(NSNull())
        l.delegate = delegate
        l.actions = ["opacity": later]
        #expect(l.action(forKey: "opacity") == nil, "delegate NSNull")
        delegate.answer = nil
        l.actions = ["opacity": NSNull()]
        l.style = ["actions": ["opacity": later]]
        #expect(l.action(forKey: "opacity") == nil, "actions NSNull")
        l.actions = nil
        l.style = ["actions": ["opacity": NSNull()], "style": ["actions": ["opacity": later]]]
        #expect(l.action(forKey: "opacity") == nil, "style NSNull")
        l.style = nil
        #expect(l.action(forKey: "opacity") is CABasicAnimation)
    }

    @Test func classDefaultActionComesBeforeTheImplicitAnimation() {
        let v = RecordingAction("default")
        DefaultActionLayer.defaults = ["opacity": v, "position": NSNull()]
        defer { DefaultActionLayer.defaults = [:] }
        let l = DefaultActionLayer()
        #expect((l.action(forKey: "opacity") as? RecordingAction) === v)
        #expect(l.action(forKey: "position") == nil, "NSNull from defaultAction: no implicit animation")
        l.actions = ["opacity": NSNull()]
        #expect(l.action(forKey: "opacity") == nil, "the dictionary is consulted first")
        #expect(l.action(forKey: "bounds") is CABasicAnimation)
    }

    @Test func builtInStepCoversAnimatablePropertiesOnly() {
        #expect(CALayer.defaultAction(forKey: "position") == nil, "§5.2.4: the class method answers nil")
        let l = CALayer()
        for key in ["position", "bounds", "opacity", "backgroundColor", "transform", "zPosition", "anchorPoint",
                    "cornerRadius", "borderWidth", "shadowOpacity", "contents", "hidden", "masksToBounds"] {
            let a = l.action(forKey: key) as? CABasicAnimation
            #expect(a?.keyPath == key, "\(key)")
        }
        for key in ["name", "doubleSided", "contentsGravity", "maskedCorners", "geometryFlipped", "frame",
                    "sublayers", "onOrderIn", "noSuchKey"] {
            #expect(l.action(forKey: key) == nil, "\(key)")
        }
        let s = CAShapeLayer()
        #expect(s.action(forKey: "strokeEnd") is CABasicAnimation)
        #expect(s.action(forKey: "path") == nil, "path: animatable but no implicit animation")
    }
}

@Suite struct ImplicitAnimationTests {
    @Test func onlyCommittedAttachedLayersAnimate() {
        let host = TestHost()
        let root = attachedRoot(host)
        let standalone = CALayer()
        standalone.opacity = 0.5
        #expect(standalone.animationKeys() == nil, "never attached")
        let fresh = CALayer()
        root.addSublayer(fresh)
        fresh.opacity = 0.5
        #expect(fresh.animationKeys() == nil, "attached but not committed yet")
        CATransaction.flush()
        fresh.opacity = 0.25
        #expect(fresh.animationKeys() == ["opacity"])
        let detached = committedChild(of: root)
        detached.removeFromSuperlayer()
        CATransaction.flush()
        detached.opacity = 0.5
        #expect(detached.animationKeys() == nil, "removed from the attached tree")
        root.attach(to: nil)
        CATransaction.flush()
        fresh.position = CGPoint(x: 1, y: 1)
        #expect(fresh.animationKeys() == ["opacity"], "host gone: no new animation")
    }

    @Test func implicitAnimationShape() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        l.opacity = 0.5
        let a = try #require(l.animation(forKey: "opacity") as? CABasicAnimation)
        #expect(a.keyPath == "opacity")
        #expect(a.fromValue as? Float == 1, "fromValue is the old value")
        #expect(a.toValue == nil && a.byValue == nil)
        #expect(a.duration == 0.25)
        #expect(a.timingFunction == CAMediaTimingFunction(name: .default))
        #expect(l.opacity == 0.5, "the model holds the new value at once")
        CATransaction.flush()
    }

    @Test func transactionDurationAndTimingFunctionApply() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        CATransaction.begin()
        CATransaction.setAnimationDuration(2)
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
        l.position = CGPoint(x: 10, y: 20)
        CATransaction.commit()
        let a = try #require(l.animation(forKey: "position") as? CABasicAnimation)
        #expect(a.duration == 2 && a.fromValue as? CGPoint == CGPoint(x: 100, y: 100))
        #expect(a.timingFunction == CAMediaTimingFunction(name: .easeIn))
    }

    @Test func settingTheCurrentValueAddsNoAnimation() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        l.opacity = 1
        l.frame = l.frame
        l.backgroundColor = nil
        l.transform = CATransform3DIdentity
        #expect(l.animationKeys() == nil)
        CATransaction.flush()
    }

    @Test func frameAnimatesPositionAndBounds() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        l.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        #expect(Set(l.animationKeys() ?? []) == ["position", "bounds"])
        CATransaction.flush()
    }

    @Test func disableActionsIsScopedToOneTransaction() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        l.opacity = 0.5
        #expect(CATransaction.disableActions())
        #expect(l.action(forKey: "opacity") is CABasicAnimation, "asking directly still answers (§5.2.5)")
        CATransaction.commit()
        #expect(l.animationKeys() == nil)
        #expect(!CATransaction.disableActions())
        l.opacity = 0.25
        #expect(l.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    @Test func actionsRunAfterTheValueIsStoredButAreLookedUpBefore() {
        final class Probe: CALayerDelegate {
            var seenAtLookup: Float?
            let action = RecordingAction("probe")
            func action(for layer: CALayer, forKey event: String) -> CAAction? {
                if event == "opacity" { seenAtLookup = layer.opacity }
                return action
            }
        }
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        let probe = Probe()
        l.delegate = probe
        l.opacity = 0.5
        #expect(probe.seenAtLookup == 1)
        #expect(probe.action.runs.count == 1 && probe.action.runs[0].event == "opacity")
        #expect((probe.action.runs[0].object as? CALayer) === l)
        #expect(l.animationKeys() == nil, "the custom action replaced the implicit animation")
        CATransaction.flush()
    }

    @Test func customKeysPostEventsToo() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        let action = RecordingAction("custom")
        l.actions = ["wobble": action]
        l.setValue(3, forKey: "wobble")
        #expect(action.runs.map(\.event) == ["wobble"])
        #expect(l.value(forKey: "wobble") as? Int == 3)
        l.setValue(3, forKey: "wobble")
        #expect(action.runs.count == 1, "same value: no event")
        CATransaction.flush()
    }

    /// §5.5.1: order-in is posted when a layer "is added as a sublayer of a visible layer" —
    /// a new layer, never committed, included (its first appearance is what seed 004 starts
    /// its curl from). Not when the parent is not shown, nor for a hidden layer.
    @Test func aNewLayerAddedToAVisibleLayerGetsOrderIn() {
        let host = TestHost()
        let root = attachedRoot(host)
        let visible = committedChild(of: root)
        let fresh = CALayer(), hiddenOne = CALayer(), replacing = CALayer(), listed = CALayer()
        let action = RecordingAction("in")
        for l in [fresh, hiddenOne, replacing, listed] { l.actions = [kCAOnOrderIn: action] }
        hiddenOne.isHidden = true
        visible.addSublayer(fresh)
        #expect(action.runs.count == 1, "a new layer added to a visible one is ordered in")
        visible.addSublayer(hiddenOne)
        #expect(action.runs.count == 1, "a hidden layer does not become visible")
        visible.replaceSublayer(fresh, with: replacing)
        #expect(action.runs.count == 2, "replaceSublayer orders the new layer in")
        visible.sublayers = [replacing, listed]
        #expect(action.runs.count == 3, "sublayers = orders in the layers it adds")
        let detached = CALayer(), child = CALayer()
        child.actions = [kCAOnOrderIn: action]
        detached.addSublayer(child)
        #expect(action.runs.count == 3, "a parent that is not shown makes nothing visible")
        CATransaction.flush()
    }

    @Test func orderEventsWhenEnteringAndLeavingAVisibleTree() {
        let host = TestHost()
        let root = attachedRoot(host)
        let inAction = RecordingAction("in"), outAction = RecordingAction("out")
        let l = committedChild(of: root)
        l.actions = [kCAOnOrderIn: inAction, kCAOnOrderOut: outAction]
        l.removeFromSuperlayer()
        #expect(outAction.runs.count == 1)
        root.addSublayer(l)
        #expect(inAction.runs.count == 1)
        l.isHidden = true
        #expect(outAction.runs.count == 2, "hiding posts order-out")
        let transition = RecordingAction("transition")
        root.actions = [kCATransition: transition]
        root.replaceSublayer(l, with: CALayer())
        #expect(transition.runs.count == 1 && outAction.runs.count == 3)
        CATransaction.flush()
    }
}

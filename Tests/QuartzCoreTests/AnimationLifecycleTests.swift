import Foundation
import Testing
import QuartzCore

/// Start/stop callbacks, removal on completion and completion blocks, driven by explicit ticks
/// of the animation clock (reference §9.5, §6.9).
@Suite struct AnimationLifecycleTests {
    func named(_ name: String, _ anim: CAAnimation, _ recorder: AnimationRecorder) -> CAAnimation {
        anim.setValue(name, forKey: "name")
        anim.delegate = recorder
        return anim
    }

    @Test func delegateThenCompletionBlockInMediaTimeOrder() {
        let scene = AnimatedScene(at: 0)
        let rec = AnimationRecorder()
        at(10) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { rec.log.append("completion") }
            scene.layer.add(named("a", basic("opacity", from: 0, to: 1, duration: 2), rec), forKey: "a")
            scene.layer.add(named("b", basic("zPosition", from: 0, to: 1, duration: 3), rec), forKey: "b")
            CATransaction.commit()
        }
        #expect(rec.log.isEmpty, "nothing before the first frame")
        scene.tick(10)
        #expect(rec.log == ["start a", "start b"])
        scene.tick(11.99)
        #expect(rec.log == ["start a", "start b"])
        scene.tick(12)
        #expect(rec.log == ["start a", "start b", "stop a true"])
        #expect(scene.layer.animationKeys() == ["b"], "removed at the first frame past its end")
        scene.tick(13.5)
        #expect(rec.log == ["start a", "start b", "stop a true", "stop b true", "completion"])
        scene.tick(20)
        #expect(rec.log.count == 5, "each callback once")
    }

    @Test func removalReportsUnfinishedAndSettlesTheCompletionBlock() {
        let scene = AnimatedScene(at: 0)
        let rec = AnimationRecorder()
        at(1) {
            CATransaction.begin()
            CATransaction.setCompletionBlock { rec.log.append("completion") }
            scene.layer.add(named("a", basic("opacity", from: 0, to: 1, duration: 2), rec), forKey: "a")
            scene.layer.add(named("b", basic("opacity", from: 0, to: 1, duration: 2), rec), forKey: "b")
            scene.layer.add(named("c", basic("opacity", from: 0, to: 1, duration: 2), rec), forKey: "c")
            CATransaction.commit()
        }
        scene.tick(1.5)
        scene.layer.removeAnimation(forKey: "a")
        #expect(rec.log == ["start a", "start b", "start c", "stop a false"])
        scene.layer.add(named("b2", basic("opacity", from: 0, to: 1, duration: 9), rec), forKey: "b")
        #expect(rec.log.last == "stop b false", "replacing under the same key removes")
        scene.layer.removeAllAnimations()
        // The block waited for a, b and c only (b2 was added after the transaction closed).
        #expect(Array(rec.log.suffix(3)) == ["stop c false", "completion", "stop b2 false"])
        CATransaction.flush()
    }

    @Test func removedOnCompletionSnapsBackUnlessKeptWithFillForwards() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1 }
        let removed = basic("zPosition", from: 0, to: 10, duration: 1)
        removed.fillMode = .forwards
        scene.add(removed, forKey: "removed", at: 1)
        #expect(abs(try #require(scene.presented(at: 2.5)).zPosition - 10) < 1e-9, "held until the next frame removes it")
        scene.tick(2.5)
        #expect(scene.layer.animation(forKey: "removed") == nil)
        #expect(try #require(scene.presented(at: 2.5)).zPosition == -1, "snaps back to the model")

        let rec = AnimationRecorder()
        let kept = named("kept", basic("zPosition", from: 0, to: 10, duration: 1), rec)
        kept.fillMode = .forwards
        kept.isRemovedOnCompletion = false
        scene.add(kept, forKey: "kept", at: 5)
        scene.tick(6)
        scene.tick(7)
        #expect(rec.log == ["start kept", "stop kept true"])
        #expect(scene.layer.animation(forKey: "kept") != nil)
        #expect(abs(try #require(scene.presented(at: 100)).zPosition - 10) < 1e-9, "the end value, indefinitely")
        scene.layer.removeAnimation(forKey: "kept")
        #expect(rec.log == ["start kept", "stop kept true"], "no second stop")
        CATransaction.flush()
    }

    @Test func startWaitsForTheActiveIntervalAndShortAnimationsGetBothCallbacks() {
        let scene = AnimatedScene(at: 0)
        let rec = AnimationRecorder()
        let delayed = named("delayed", basic("opacity", from: 0, to: 1, duration: 1), rec)
        delayed.beginTime = 5
        scene.add(delayed, forKey: "delayed", at: 1)
        scene.tick(4.9)
        #expect(rec.log.isEmpty)
        scene.tick(5)
        #expect(rec.log == ["start delayed"])
        let blink = named("blink", basic("zPosition", from: 0, to: 1, duration: 0.01), rec)
        scene.add(blink, forKey: "blink", at: 5.1)
        scene.tick(5.5)
        #expect(rec.log == ["start delayed", "start blink", "stop blink true"])
    }

    @Test func uncommittedAnimationsAreNotPresentedOrTimed() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1 }
        let rec = AnimationRecorder()
        at(1) {
            CATransaction.begin()
            scene.layer.add(named("a", basic("zPosition", from: 0, to: 10, duration: 1), rec), forKey: "a")
        }
        #expect(try #require(scene.presented(at: 1.5)).zPosition == -1)
        scene.tick(1.5)
        #expect(rec.log.isEmpty)
        at(2) { CATransaction.commit() }
        #expect(scene.layer.animation(forKey: "a")?.beginTime == 2)
        #expect(abs(try #require(scene.presented(at: 2.5)).zPosition - 5) < 1e-9)
    }

    @Test func transitionsAreTimedLikeAnimations() {
        let scene = AnimatedScene(at: 0)
        let rec = AnimationRecorder()
        let t = CATransition()
        t.type = .push
        t.subtype = .fromLeft
        t.duration = 0.5
        scene.add(named("push", t, rec), forKey: "whatever", at: 1)
        #expect(scene.layer.animationKeys() == ["transition"])
        let attached = scene.layer.animation(forKey: "transition") as? CATransition
        #expect(attached?.type == .push && attached?.subtype == .fromLeft)
        scene.tick(1.2)
        scene.tick(1.5)
        #expect(rec.log == ["start push", "stop push true"])
        #expect(scene.layer.animationKeys() == nil)
    }
}

extension AnimationLifecycleTests {
    @Test func aClockDrivesItsTreesFromItsTimeSource() {
        let scene = AnimatedScene(at: 0)
        let rec = AnimationRecorder()
        var now = 1.0
        let clock = AnimationClock(timeSource: { now })
        clock.add(scene.root)
        clock.add(scene.root)
        scene.add(named("a", basic("opacity", from: 0, to: 1, duration: 1), rec), forKey: "a", at: 1)
        clock.tick()
        #expect(rec.log == ["start a"] && clock.lastFrameTime == 1)
        now = 2
        clock.tick()
        #expect(rec.log == ["start a", "stop a true"], "each tree once")
        clock.remove(scene.root)
        clock.tick(at: 5)
        #expect(clock.lastFrameTime == 5)
    }

    /// A change while the property animates starts from where the layer is seen (§5.4.2).
    @Test func implicitAnimationsContinueFromThePresentedValue() throws {
        let scene = AnimatedScene(at: 0) { $0.position = CGPoint(x: 0, y: 0) }
        at(1) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
            scene.layer.position = CGPoint(x: 100, y: 0)
            CATransaction.commit()
        }
        at(1.5) {
            CATransaction.begin()
            CATransaction.setAnimationDuration(1)
            scene.layer.position = CGPoint(x: 200, y: 0)
            CATransaction.commit()
        }
        let retarget = try #require(scene.layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(retarget.fromValue as? CGPoint == CGPoint(x: 50, y: 0), "from the presented x = 50, not the model's 100")
        #expect(try #require(scene.presented(at: 1.5)).position == CGPoint(x: 50, y: 0), "no jump")
    }
}

extension AnimationLifecycleTests {
    /// The render server's progress of a committed transition: its timing mapped onto
    /// startProgress…endProgress (reference §10.5), nil outside its active time.
    @Test func transitionProgressForTheRenderer() throws {
        let scene = AnimatedScene(at: 0)
        let t = CATransition()
        t.duration = 2
        t.startProgress = 0.2
        t.endProgress = 0.6
        #expect(CommittedTransition(layer: scene.layer) == nil, "not attached yet")
        scene.add(t, at: 10)
        let committed = try #require(CommittedTransition(layer: scene.layer))
        #expect(abs((committed.render(atParentTime: 11)?.progress ?? -1) - 0.4) < 1e-6, "Float progress bounds")
        #expect(committed.render(atParentTime: 9) == nil)
        #expect(committed.render(atParentTime: 12.5) == nil)
    }
}

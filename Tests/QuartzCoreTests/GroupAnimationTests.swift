import Foundation
import Testing
import QuartzCore

/// CAAnimationGroup (reference §9.4): children in the group's time, clipped to its duration.
@Suite struct GroupAnimationTests {
    @Test func childrenAreClippedToTheGroup() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1 }
        let group = CAAnimationGroup()
        group.animations = [basic("zPosition", from: 0, to: 10, duration: 10)]
        group.duration = 5
        scene.add(group, forKey: "g", at: 1)
        #expect(abs(try #require(scene.presented(at: 3.5)).zPosition - 2.5) < 1e-9, "not rescaled")
        #expect(try #require(scene.presented(at: 6)).zPosition == -1, "cut off at 5 s")

        let held = CAAnimationGroup()
        held.animations = [basic("zPosition", from: 0, to: 10, duration: 10)]
        held.duration = 5
        held.fillMode = .forwards
        held.isRemovedOnCompletion = false
        scene.add(held, forKey: "g", at: 10)
        scene.tick(20)
        #expect(abs(try #require(scene.presented(at: 20)).zPosition - 5) < 1e-9, "held where it was cut")
    }

    @Test func childTimingIsRelativeToTheGroup() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1; $0.opacity = 0.5 }
        let late = basic("zPosition", from: 0, to: 10, duration: 1)
        late.beginTime = 1  // one second after the group starts; not replaced at commit
        let fading = basic("opacity", from: 0, to: 1, duration: 2)
        let group = CAAnimationGroup()
        group.animations = [late, fading]
        group.duration = 3
        group.speed = 2
        scene.add(group, forKey: "g", at: 10)
        #expect((scene.layer.animation(forKey: "g") as? CAAnimationGroup)?.animations?.first?.beginTime == 1)
        let early = try #require(scene.presented(at: 10.25))  // group time 0.5
        #expect(early.zPosition == -1 && abs(early.opacity - 0.25) < 1e-6)
        let mid = try #require(scene.presented(at: 10.75))  // group time 1.5
        #expect(abs(mid.zPosition - 5) < 1e-9 && abs(mid.opacity - 0.75) < 1e-6)

        // With fill backwards the late child shows its start value while it waits.
        late.fillMode = .backwards
        group.animations = [late]
        scene.add(group, forKey: "g", at: 20)
        #expect(try #require(scene.presented(at: 20.25)).zPosition == 0)
    }

    @Test func aGroupWithoutDurationTakesTheTransactionsAndTruncates() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1 }
        let group = CAAnimationGroup()
        group.animations = [basic("zPosition", from: 0, to: 10, duration: 1)]
        scene.add(group, forKey: "g", at: 1)
        #expect(scene.layer.animation(forKey: "g")?.duration == 0.25)
        #expect(abs(try #require(scene.presented(at: 1.2)).zPosition - 2) < 1e-9)
        #expect(try #require(scene.presented(at: 1.3)).zPosition == -1)
    }

    /// Apple's CAAnimationGroup listing: a scale with no duration in a 1 s group grows for the
    /// whole second while the fade runs, rather than for the 0.25 s a top-level animation gets.
    @Test func aChildWithoutDurationRunsForTheGroupsDuration() throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1; $0.opacity = 0 }
        let grow = CABasicAnimation(keyPath: "zPosition")
        grow.fromValue = 0
        grow.toValue = 10
        let fade = basic("opacity", from: 1, to: 0, duration: 2)
        let group = CAAnimationGroup()
        group.animations = [grow, fade]
        group.duration = 2
        scene.add(group, forKey: "g", at: 1)
        let mid = try #require(scene.presented(at: 2))
        #expect(abs(mid.zPosition - 5) < 1e-9 && abs(mid.opacity - 0.5) < 1e-6)
        #expect(abs(try #require(scene.presented(at: 2.9)).zPosition - 9.5) < 1e-9)
        #expect(try #require(scene.presented(at: 3.1)).zPosition == -1)

        // A nested group without duration passes the outer group's duration on.
        let inner = CAAnimationGroup()
        inner.animations = [grow]
        let outer = CAAnimationGroup()
        outer.animations = [inner]
        outer.duration = 4
        scene.add(outer, forKey: "g", at: 10)
        #expect(abs(try #require(scene.presented(at: 13)).zPosition - 7.5) < 1e-9)
    }

    @Test func onlyTheGroupsDelegateIsTold() {
        let scene = AnimatedScene(at: 0)
        let groupRecorder = AnimationRecorder(), childRecorder = AnimationRecorder()
        let child = basic("zPosition", from: 0, to: 10, duration: 1)
        child.delegate = childRecorder
        child.setValue("child", forKey: "name")
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        group.delegate = groupRecorder
        group.setValue("group", forKey: "name")
        scene.add(group, forKey: "g", at: 1)
        scene.tick(1)
        scene.tick(2)
        #expect(groupRecorder.log == ["start group", "stop group true"])
        #expect(childRecorder.log.isEmpty)
    }
}

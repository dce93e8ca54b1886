import Foundation
import Testing
@testable import QuartzCore

/// The tick compares one cached "next event" time per layer (`nextAnimationEventTime`) instead
/// of reading every animation each frame. The cache must follow every way an event moves: a
/// start moves it to the animation's end, a second animation added later brings it earlier,
/// a removal drops it — or callbacks would be late or lost.
@Suite struct TickEventTimeTests {
    @Test func callbacksArriveOnTimeWhileTheCachedEventMoves() {
        let scene = AnimatedScene(at: 100)
        let recorder = AnimationRecorder()
        let long = basic("opacity", from: 0, to: 1, duration: 10)
        long.setValue("long", forKey: "name")
        long.beginTime = 102 // absolute: starts 2 s after the commit
        long.delegate = recorder
        scene.add(long, forKey: "long", at: 100)
        scene.tick(101)
        #expect(recorder.log.isEmpty)
        #expect(scene.layer.nextAnimationEventTime == 102, "cached: the begin time")
        scene.tick(102.5)
        #expect(recorder.log == ["start long"])
        // Started: the next event is the end (112), recomputed because the runtime moved it.
        scene.tick(103)
        #expect(scene.layer.nextAnimationEventTime == 112)
        // A short animation added later brings the layer's next event earlier.
        let short = basic("position.x", from: 0, to: 10, duration: 0.5)
        short.setValue("short", forKey: "name")
        short.delegate = recorder
        scene.add(short, forKey: "short", at: 104)
        scene.tick(104.1)
        #expect(recorder.log == ["start long", "start short"])
        scene.tick(104.7)
        #expect(recorder.log == ["start long", "start short", "stop short true"])
        scene.tick(112.5)
        #expect(recorder.log == ["start long", "start short", "stop short true", "stop long true"])
        #expect(scene.layer.animationKeys() == nil)
    }
}

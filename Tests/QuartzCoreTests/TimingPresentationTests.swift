import Foundation
import Testing
import QuartzCore

/// The media-timing model (reference §7, vectors §11.5) observed through layers: a linear
/// zPosition animation from 0 to 1 whose presented value is the basic local time / duration;
/// the model zPosition −1 shows when the animation has no effect.
@Suite struct TimingPresentationTests {
    struct Row: CustomStringConvertible {
        var label: String
        var beginTime = 0.0
        var duration = 1.0
        var speed: Float = 1
        var timeOffset = 0.0
        var repeatCount: Float = 0
        var repeatDuration = 0.0
        var autoreverses = false
        var fill: CAMediaTimingFillMode = .removed
        var t: Double
        /// Expected basic local time; nil: the model value shows.
        var local: Double?
        var description: String { "\(label) at \(t)" }
    }

    static let rows: [Row] = [
        Row(label: "defaults", t: 0.5, local: 0.5),
        Row(label: "defaults", t: 1.0, local: nil),
        Row(label: "fill forwards", fill: .forwards, t: 1.0, local: 1.0),
        Row(label: "fill forwards", fill: .forwards, t: 1.5, local: 1.0),
        Row(label: "speed 2", speed: 2, t: 0.4, local: 0.8),
        Row(label: "speed 2", speed: 2, t: 0.6, local: nil),
        Row(label: "speed 2 fill forwards", speed: 2, fill: .forwards, t: 0.6, local: 1.0),
        Row(label: "timeOffset 0.5", timeOffset: 0.5, t: 0.25, local: 0.75),
        Row(label: "timeOffset 0.5", timeOffset: 0.5, t: 0.75, local: 0.25),
        Row(label: "timeOffset 0.5", timeOffset: 0.5, t: 0.99, local: 0.49),
        Row(label: "repeatCount 3.5", repeatCount: 3.5, t: 2.5, local: 0.5),
        Row(label: "repeatCount 3.5", repeatCount: 3.5, t: 3.6, local: nil),
        Row(label: "repeatCount 3.5 fill forwards", repeatCount: 3.5, fill: .forwards, t: 3.6, local: 0.5),
        Row(label: "repeatDuration 2.25", repeatDuration: 2.25, t: 2.5, local: nil),
        Row(label: "repeatDuration 2.25 fill forwards", repeatDuration: 2.25, fill: .forwards, t: 3.0, local: 0.25),
        Row(label: "autoreverses", autoreverses: true, t: 1.25, local: 0.75),
        Row(label: "autoreverses", autoreverses: true, t: 1.75, local: 0.25),
        Row(label: "autoreverses repeatCount 0.5", repeatCount: 0.5, autoreverses: true, t: 1.25, local: nil),
        Row(label: "autoreverses repeatCount 0.5 fill forwards", repeatCount: 0.5, autoreverses: true, fill: .forwards,
            t: 1.25, local: 1.0),
        Row(label: "autoreverses fill forwards", autoreverses: true, fill: .forwards, t: 2.5, local: 0.0),
        Row(label: "beginTime 0.5", beginTime: 0.5, t: 0.2, local: nil),
        Row(label: "beginTime 0.5 fill backwards", beginTime: 0.5, fill: .backwards, t: 0.2, local: 0.0),
        Row(label: "beginTime 0.5", beginTime: 0.5, t: 0.7, local: 0.2),
        Row(label: "duration 0 (→ 0.25)", duration: 0, t: 0.2, local: 0.2),
        Row(label: "duration 0 (→ 0.25)", duration: 0, t: 0.3, local: nil),
    ]

    @Test(arguments: rows) func presentedValueFollowsTheTimingModel(_ row: Row) throws {
        let t0 = 100.0
        let scene = AnimatedScene(at: t0) { $0.zPosition = -1 }
        let a = basic("zPosition", from: 0, to: 1, duration: row.duration)
        a.beginTime = t0 + row.beginTime  // non-zero: not replaced at commit
        a.speed = row.speed
        a.timeOffset = row.timeOffset
        a.repeatCount = row.repeatCount
        a.repeatDuration = row.repeatDuration
        a.autoreverses = row.autoreverses
        a.fillMode = row.fill
        scene.add(a, at: t0)
        let p = try #require(scene.presented(at: t0 + row.t))
        let d = row.duration > 0 ? row.duration : 0.25
        let expected = row.local.map { CGFloat($0 / d) } ?? -1
        #expect(abs(p.zPosition - expected) < 1e-9, "\(row): got \(p.zPosition), expected \(expected)")
        #expect(scene.layer.zPosition == -1, "animations never change the model")
    }

    /// §7.2: a 10 s animation on a layer of speed 2 inside a superlayer of speed 2 takes 2.5 s.
    @Test func speedMultipliesDownTheTree() throws {
        let host = TestHost()
        let t0 = 10.0
        let (root, inner) = at(t0) { () -> (CALayer, CALayer) in
            let root = attachedRoot(host)
            let outer = CALayer(), inner = CALayer()
            outer.speed = 2
            inner.speed = 2
            outer.addSublayer(inner)
            root.addSublayer(outer)
            CATransaction.flush()
            return (root, inner)
        }
        let recorder = AnimationRecorder()
        let a = basic("opacity", from: 0, to: 1, duration: 10)
        a.delegate = recorder
        a.setValue("fade", forKey: "name")
        at(t0) {
            inner.add(a, forKey: "fade")
            CATransaction.flush()
        }
        // Stamped begin time is the layer's local time at t0: ((10 · 2) · 2) = 40.
        #expect(inner.animation(forKey: "fade")?.beginTime == 40)
        let half = try #require(at(t0 + 1.25) { inner.presentation() })
        #expect(abs(half.opacity - 0.5) < 1e-6)
        AnimationEngine.tick(root, at: t0 + 2.49)
        #expect(recorder.log == ["start fade"])
        AnimationEngine.tick(root, at: t0 + 2.5)
        #expect(recorder.log == ["start fade", "stop fade true"])
        #expect(inner.animationKeys() == nil)
    }

    /// Seed 003, listing 5-4, written as the chapter writes it: pause with speed 0 and
    /// timeOffset = the layer's current time; resume by moving beginTime by the paused time.
    @Test func seed003PauseAndResume() throws {
        let scene = AnimatedScene(at: 100)
        let layer = scene.layer
        let move = basic("position.x", from: 0, to: 100, duration: 10)
        scene.add(move, forKey: "move", at: 100)

        func pauseLayer(_ layer: CALayer) {
            let pausedTime = layer.convertTime(CACurrentMediaTime(), from: nil)
            layer.speed = 0.0
            layer.timeOffset = pausedTime
        }
        func resumeLayer(_ layer: CALayer) {
            let pausedTime = layer.timeOffset
            layer.speed = 1.0
            layer.timeOffset = 0.0
            layer.beginTime = 0.0
            let timeSincePause = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
            layer.beginTime = timeSincePause
        }

        #expect(abs(try #require(scene.presented(at: 103)).position.x - 30) < 1e-9)
        at(103) { pauseLayer(layer); CATransaction.flush() }
        #expect(layer.speed == 0 && layer.timeOffset == 103)
        for t in [103.0, 105, 107.9] {
            #expect(abs(try #require(scene.presented(at: t)).position.x - 30) < 1e-9, "paused at \(t)")
        }
        scene.tick(200)
        #expect(layer.animation(forKey: "move") != nil, "a paused animation never ends")
        at(108) { resumeLayer(layer); CATransaction.flush() }
        #expect(layer.beginTime == 5, "108 − 103")
        #expect(abs(try #require(scene.presented(at: 108)).position.x - 30) < 1e-9, "continues where it stopped")
        #expect(abs(try #require(scene.presented(at: 110)).position.x - 50) < 1e-9)
        scene.tick(114.9)
        #expect(layer.animation(forKey: "move") != nil)
        scene.tick(115)
        #expect(layer.animation(forKey: "move") == nil, "ends 5 s late: 10 s of animation time")
    }

    /// Seed 003: chain two animations by starting the second at the first's end; fill
    /// backwards shows the second's start value while it waits.
    @Test func seed003BeginTimeChainingWithFillBackwards() throws {
        let scene = AnimatedScene(at: 50) { $0.opacity = 0.25 }
        let first = basic("opacity", from: 1, to: 0.5, duration: 2)
        let second = basic("opacity", from: 0, to: 1, duration: 2)
        let now = at(50) { scene.layer.convertTime(CACurrentMediaTime(), from: nil) }
        second.beginTime = now + first.duration
        second.fillMode = .backwards
        at(50) {
            scene.layer.add(first, forKey: "first")
            scene.layer.add(second, forKey: "second")
            CATransaction.flush()
        }
        // Second is added later, so it wins while it fills backwards: its start value shows.
        #expect(abs(try #require(scene.presented(at: 51)).opacity - 0) < 1e-6)
        #expect(abs(try #require(scene.presented(at: 53)).opacity - 0.5) < 1e-6)

        // Without fill backwards the first animation shows until the second begins.
        let plain = AnimatedScene(at: 50) { $0.opacity = 0.25 }
        let waiting = basic("opacity", from: 0, to: 1, duration: 2)
        waiting.beginTime = now + 2
        at(50) {
            plain.layer.add(basic("opacity", from: 1, to: 0.5, duration: 2), forKey: "first")
            plain.layer.add(waiting, forKey: "second")
            CATransaction.flush()
        }
        #expect(abs(try #require(plain.presented(at: 51)).opacity - 0.75) < 1e-6)
        #expect(abs(try #require(plain.presented(at: 54.5)).opacity - 0.25) < 1e-6, "after both: the model")
    }

    /// Seed 003: autoreverses with repeatCount 1.5 stops on the end value (1.0 on the start).
    @Test func seed003AutoreverseHalfStepEndsOnTheEndValue() throws {
        for (count, end) in [(Float(1.5), CGFloat(100)), (1.0, 0)] {
            let scene = AnimatedScene(at: 0) { $0.position = CGPoint(x: -5, y: 0) }
            let a = basic("position.x", from: 0, to: 100, duration: 1)
            a.autoreverses = true
            a.repeatCount = count
            a.fillMode = .forwards
            a.isRemovedOnCompletion = false
            scene.add(a, at: 10)
            scene.tick(13.5)
            #expect(scene.layer.animation(forKey: "a") != nil)
            let p = try #require(scene.presented(at: 20))
            #expect(abs(p.position.x - end) < 1e-9, "repeatCount \(count)")
            #expect(abs(try #require(scene.presented(at: 11.25)).position.x - 75) < 1e-9, "on the way back")
            if count == 1.5 {
                #expect(abs(try #require(scene.presented(at: 12.25)).position.x - 25) < 1e-9, "second forward pass")
            }
        }
    }

    /// Seed 003, listing 5-7: the inner transaction's 5 s and the outer 2 s durations; every
    /// animation starts when the outer transaction commits.
    @Test func seed003NestedTransactionsAnimateWithTheirDurations() throws {
        let scene = AnimatedScene(at: 0) { $0.position = CGPoint(x: 100, y: 100) }
        let theLayer = scene.layer
        at(20) {
            CATransaction.begin()  // Outer transaction
            CATransaction.setValue(NSNumber(value: 2.0), forKey: kCATransactionAnimationDuration)
            theLayer.position = CGPoint(x: 0.0, y: 0.0)
            CATransaction.begin()  // Inner transaction
            CATransaction.setValue(NSNumber(value: 5.0), forKey: kCATransactionAnimationDuration)
            theLayer.zPosition = 200.0
            theLayer.opacity = 0.0
            CATransaction.commit()  // Inner transaction
        }
        at(21) { CATransaction.commit() }  // Outer transaction, one second later
        for key in ["position", "zPosition", "opacity"] {
            #expect(theLayer.animation(forKey: key)?.beginTime == 21, "\(key) starts at the outer commit")
        }
        #expect(theLayer.animation(forKey: "position")?.duration == 2)
        #expect(theLayer.animation(forKey: "opacity")?.duration == 5)
        // Implicit animations use the default curve: 0.802403 progress at half time (§11.1).
        let p = try #require(scene.presented(at: 22))
        #expect(abs(p.position.x - 100 * (1 - 0.802403)) < 1e-3)
        let q = try #require(scene.presented(at: 23.5))
        #expect(abs(q.opacity - Float(1 - 0.802403)) < 1e-4)
        #expect(abs(q.zPosition - 200 * 0.802403) < 1e-2)
        scene.tick(23)
        #expect(theLayer.animationKeys() == ["zPosition", "opacity"])
        scene.tick(26)
        #expect(theLayer.animationKeys() == nil)
        #expect(try #require(scene.presented(at: 26)).opacity == 0)
    }
}

extension TimingPresentationTests {
    /// convertTime cancels the shared ancestors: times between the sublayers of a paused layer
    /// stay defined (reference §7.5, TimingChain).
    @Test func convertTimeBetweenSublayersOfAPausedLayer() {
        freshTransactions()
        let paused = CALayer(), a = CALayer(), b = CALayer()
        paused.speed = 0
        paused.timeOffset = 7
        b.speed = 2
        b.beginTime = 1
        paused.addSublayer(a)
        paused.addSublayer(b)
        #expect(at(100) { a.convertTime(CACurrentMediaTime(), from: nil) } == 7, "frozen at the pause")
        #expect(b.convertTime(3, from: a) == 4, "(3 − 1) · 2")
        #expect(a.convertTime(4, from: b) == 3)
        #expect(a.convertTime(5, to: b) == 8)
        #expect(paused.convertTime(5, from: a) == 5)
        #expect(a.convertTime(5, to: nil).isNaN, "no absolute time maps to a paused local time")
        CATransaction.flush()
    }
}

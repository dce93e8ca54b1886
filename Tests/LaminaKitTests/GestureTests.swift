import Foundation
import Testing
@testable import LaminaKit

@Suite struct TapGestureTests {
    @Test func singleTapIsRecognisedOnTheViewUnderTheFinger() throws {
        let f = try ViewFixture()
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.attach(tap)
        var location = CGPoint.zero
        tap.addAction { g in location = g.location(in: f.child) }
        f.child.addGestureRecognizer(tap)
        f.input.tap(at: CGPoint(x: 150, y: 150))   // outside the child
        #expect(log.states.isEmpty)
        f.input.tap(at: CGPoint(x: 30, y: 40))
        #expect(log.states == [.ended])
        #expect(location == CGPoint(x: 10, y: 20))
    }

    @Test func doubleTapAndSingleTapThatRequiresItToFail() throws {
        let f = try ViewFixture()
        let single = TapGestureRecognizer(), double = TapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        let singles = StateLog(), doubles = StateLog()
        singles.attach(single)
        doubles.attach(double)
        f.root.addGestureRecognizer(single)
        f.root.addGestureRecognizer(double)

        f.input.tap(at: CGPoint(x: 100, y: 100))
        f.input.tap(at: CGPoint(x: 102, y: 101))
        #expect(doubles.states == [.ended])
        #expect(singles.states.isEmpty)

        // One tap: the double tap times out, then the single tap fires.
        f.input.tap(at: CGPoint(x: 100, y: 100))
        #expect(singles.states.isEmpty)
        f.input.wait(0.5)
        #expect(singles.states == [.ended])
        #expect(doubles.states == [.ended])
    }

    @Test func twoFingerTapOfSeed001() throws {
        let f = try ViewFixture()
        let fold = TapGestureRecognizer(), unfold = TapGestureRecognizer()
        unfold.numberOfTouchesRequired = 2
        let folds = StateLog(), unfolds = StateLog()
        folds.attach(fold)
        unfolds.attach(unfold)
        f.root.addGestureRecognizer(fold)
        f.root.addGestureRecognizer(unfold)
        f.input.tap(at: CGPoint(x: 100, y: 100), fingers: 2)
        #expect(unfolds.states == [.ended])
        #expect(folds.states.isEmpty)
        f.input.tap(at: CGPoint(x: 100, y: 100), fingers: 1)
        #expect(folds.states == [.ended])
        #expect(unfolds.states == [.ended])
    }

    @Test func tapFailsOnMovementOrALongPress() throws {
        let f = try ViewFixture()
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.attach(tap)
        f.root.addGestureRecognizer(tap)
        f.input.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 90, y: 50), steps: 4)
        f.input.touches(.began, [(7, CGPoint(x: 50, y: 50))])
        f.input.wait(1)
        f.input.touches(.ended, [(7, CGPoint(x: 50, y: 50))])
        #expect(log.states.isEmpty)
        f.input.tap(at: CGPoint(x: 50, y: 50))
        #expect(log.states == [.ended])
    }
}

@Suite struct PinchGestureTests {
    @Test func pinchDrivesScaleDownAndBackWithStatesInOrder() throws {
        // Seed 000's foldWithPinch: scale from 1.0 to 0.48 and back.
        let f = try ViewFixture()
        let pinch = PinchGestureRecognizer()
        let log = StateLog()
        log.attach(pinch)
        var velocities: [CGFloat] = []
        var symmetricAtBegin = false
        pinch.addAction { g in
            velocities.append((g as! PinchGestureRecognizer).velocity)
            if g.state == .began {
                // Simultaneous finger moves arrive together: both fingers moved already.
                let xs = g.trackedTouches.map(\.locationInWindow.x)
                symmetricAtBegin = xs.count == 2 && abs(xs[0] + xs[1] - 200) < 1e-9
            }
        }
        f.root.addGestureRecognizer(pinch)
        let c = CGPoint(x: 100, y: 100)
        f.input.pinch(centre: c, from: 100, to: 48, steps: 13, release: false)
        #expect(log.states.first == .began)
        #expect(symmetricAtBegin)
        #expect(log.states.dropFirst().allSatisfy { $0 == .changed })
        #expect(abs((log.scales.last ?? 0) - 0.48) < 1e-6)
        #expect((velocities.last ?? 0) < 0)
        #expect(pinch.numberOfTouches == 2)
        // And back out to 1.0, then release.
        for i in 1...13 {
            let d = 48 + 52 * CGFloat(i) / 13
            f.input.touches(.moved, [(2001, CGPoint(x: c.x - d / 2, y: c.y)), (2002, CGPoint(x: c.x + d / 2, y: c.y))])
        }
        #expect(abs((log.scales.last ?? 0) - 1) < 1e-6)
        #expect((velocities.last ?? 0) > 0)
        f.input.touches(.ended, [(2001, CGPoint(x: 50, y: 100)), (2002, CGPoint(x: 150, y: 100))])
        #expect(log.states.last == .ended)
        #expect(log.states.filter { $0 == .began }.count == 1)
        #expect(pinch.state == .possible)
    }

    @Test func settingScaleRebasesTheGesture() throws {
        let f = try ViewFixture()
        let pinch = PinchGestureRecognizer()
        var increments: [CGFloat] = []
        pinch.addAction { g in
            let p = g as! PinchGestureRecognizer
            increments.append(p.scale)
            p.scale = 1
        }
        f.root.addGestureRecognizer(pinch)
        f.input.pinch(centre: CGPoint(x: 100, y: 100), from: 100, to: 50, steps: 5)
        // The product of the increments is the total scale.
        let product = increments.dropLast().reduce(CGFloat(1), *)
        #expect(abs(product - 0.5) < 1e-6)
    }

    @Test func oneFingerFailsAPinchAndCancellingTouchesCancelsIt() throws {
        let f = try ViewFixture()
        let pinch = PinchGestureRecognizer()
        let log = StateLog()
        log.attach(pinch)
        f.root.addGestureRecognizer(pinch)
        f.input.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 100, y: 100))
        #expect(log.states.isEmpty)
        f.input.pinch(centre: CGPoint(x: 100, y: 100), from: 100, to: 60, steps: 4, release: false)
        f.input.touches(.cancelled, [(2001, .zero), (2002, .zero)])
        #expect(log.states.last == .cancelled)
    }

    @Test func disablingOrRemovingAPossibleRecognizerFailsIt() throws {
        let f = try ViewFixture()
        let tap = TapGestureRecognizer()
        let log = StateLog()
        log.attach(tap)
        f.root.addGestureRecognizer(tap)
        f.input.touches(.began, [(1, CGPoint(x: 50, y: 50))])
        tap.isEnabled = false
        f.input.touches(.ended, [(1, CGPoint(x: 50, y: 50))])
        #expect(log.states.isEmpty)
        #expect(tap.state == .possible)
        tap.isEnabled = true
        f.input.touches(.began, [(2, CGPoint(x: 50, y: 50))])
        f.root.removeGestureRecognizer(tap)
        f.input.touches(.ended, [(2, CGPoint(x: 50, y: 50))])
        #expect(log.states.isEmpty)
        #expect(tap.view == nil)
    }

    @Test func disablingAnActivePinchCancelsIt() throws {
        let f = try ViewFixture()
        let pinch = PinchGestureRecognizer()
        let log = StateLog()
        log.attach(pinch)
        f.root.addGestureRecognizer(pinch)
        f.input.pinch(centre: CGPoint(x: 100, y: 100), from: 100, to: 60, steps: 4, release: false)
        pinch.isEnabled = false
        #expect(log.states.last == .cancelled)
        f.input.touches(.ended, [(2001, .zero), (2002, .zero)])
        #expect(log.states.last == .cancelled)
    }
}

@Suite struct PanAndLongPressTests {
    @Test func panTranslationAndVelocity() throws {
        let f = try ViewFixture()
        let pan = PanGestureRecognizer()
        let log = StateLog()
        log.attach(pan)
        var translations: [CGPoint] = []
        var velocity = CGPoint.zero
        pan.addAction { g in
            let p = g as! PanGestureRecognizer
            translations.append(p.translation(in: f.root))
            velocity = p.velocity(in: f.root)
        }
        f.child.addGestureRecognizer(pan)
        // 60 pt right and 30 pt down in 6 frames of 1/60 s: 600 pt/s, 300 pt/s.
        f.input.drag(from: CGPoint(x: 40, y: 40), to: CGPoint(x: 100, y: 70), steps: 6)
        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(translations.last == CGPoint(x: 60, y: 30))
        #expect(abs(velocity.x - 600) < 1)
        #expect(abs(velocity.y - 300) < 1)
    }

    @Test func panTranslationInAScaledView() throws {
        let f = try ViewFixture()
        let pan = PanGestureRecognizer()
        var inChild = CGPoint.zero
        pan.addAction { g in inChild = (g as! PanGestureRecognizer).translation(in: f.child) }
        f.now {
            CATransaction.setDisableActions(true)
            f.child.transform = CGAffineTransform(scaleX: 2, y: 2)
        }
        f.host.runFrames(1)
        f.root.addGestureRecognizer(pan)
        f.input.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 140, y: 100), steps: 4)
        #expect(abs(inChild.x - 20) < 1e-6)
    }

    @Test func setTranslationResetsTheIncrement() throws {
        let f = try ViewFixture()
        let pan = PanGestureRecognizer()
        var steps: [CGFloat] = []
        pan.addAction { g in
            let p = g as! PanGestureRecognizer
            steps.append(p.translation(in: nil).x)
            p.setTranslation(.zero, in: nil)
        }
        f.root.addGestureRecognizer(pan)
        f.input.drag(from: CGPoint(x: 10, y: 100), to: CGPoint(x: 110, y: 100), steps: 5)
        #expect(abs(steps.reduce(0, +) - 100) < 1e-6)
    }

    @Test func longPressBeginsWithoutEventsAndEndsOnLift() throws {
        let f = try ViewFixture()
        let press = LongPressGestureRecognizer()
        let log = StateLog()
        log.attach(press)
        f.child.addGestureRecognizer(press)
        f.input.touches(.began, [(1, CGPoint(x: 40, y: 40))])
        f.input.wait(0.3)
        #expect(log.states.isEmpty)
        f.input.wait(0.3)
        #expect(log.states == [.began])
        f.input.touches(.moved, [(1, CGPoint(x: 60, y: 60))])
        f.input.touches(.ended, [(1, CGPoint(x: 60, y: 60))])
        #expect(log.states == [.began, .changed, .ended])
        // Lifted early: nothing.
        f.input.tap(at: CGPoint(x: 40, y: 40))
        f.input.wait(1)
        #expect(log.states.count == 3)
    }

    @Test func continuousRecognizerExcludesOthersUnlessSimultaneous() throws {
        let f = try ViewFixture()
        let pan = PanGestureRecognizer(), press = LongPressGestureRecognizer()
        press.allowableMovement = 1000
        let pans = StateLog(), presses = StateLog()
        pans.attach(pan)
        presses.attach(press)
        f.root.addGestureRecognizer(pan)
        f.root.addGestureRecognizer(press)
        f.input.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 100, y: 10), steps: 3)
        f.input.wait(1)
        #expect(pans.states.first == .began)
        #expect(presses.states.isEmpty)
    }
}

@Suite struct RotationGestureTests {
    @Test func altDragAroundTheCentreRotatesAndPinchesTogether() throws {
        let f = try ViewFixture()
        let rotate = RotationGestureRecognizer(), pinch = PinchGestureRecognizer()
        let rotations = StateLog(), pinches = StateLog()
        rotations.attach(rotate)
        pinches.attach(pinch)
        var angle: CGFloat = 0
        rotate.addAction { g in angle = (g as! RotationGestureRecognizer).rotation }
        rotate.shouldRecognizeSimultaneously = { _, _ in true }
        f.root.addGestureRecognizer(rotate)
        f.root.addGestureRecognizer(pinch)
        // A quarter turn clockwise (y down) at a constant 50 pt from the centre (100, 100).
        f.input.modifiers = .alt
        f.window.post(InputEvent(.pointerDown(location: CGPoint(x: 150, y: 100), button: .primary), at: f.clock.now, modifiers: .alt))
        f.input.frames(1)
        for i in 1...9 {
            let a = Double(i) / 9 * .pi / 2
            let p = CGPoint(x: 100 + 50 * cos(a), y: 100 + 50 * sin(a))
            f.window.post(InputEvent(.pointerMoved(location: p), at: f.clock.now, modifiers: .alt))
            f.input.frames(1)
        }
        f.window.post(InputEvent(.pointerUp(location: CGPoint(x: 100, y: 150), button: .primary), at: f.clock.now, modifiers: .alt))
        f.input.frames(1)
        #expect(rotations.states.first == .began)
        #expect(rotations.states.last == .ended)
        #expect(abs(angle - .pi / 2) < 1e-6)
        // The fingers kept their distance: the pinch never began.
        #expect(pinches.states.isEmpty)
    }

    @Test func rotationAccumulatesPastHalfATurn() throws {
        let f = try ViewFixture()
        let rotate = RotationGestureRecognizer()
        var angle: CGFloat = 0
        rotate.addAction { g in angle = (g as! RotationGestureRecognizer).rotation }
        f.root.addGestureRecognizer(rotate)
        let c = CGPoint(x: 100, y: 100)
        func fingers(_ a: Double) -> [(id: Int64, at: CGPoint)] {
            [(1, CGPoint(x: c.x - 40 * cos(a), y: c.y - 40 * sin(a))), (2, CGPoint(x: c.x + 40 * cos(a), y: c.y + 40 * sin(a)))]
        }
        f.input.touches(.began, fingers(0))
        for i in 1...24 { f.input.touches(.moved, fingers(-Double(i) / 24 * 1.5 * .pi)) }
        f.input.touches(.ended, fingers(-1.5 * .pi))
        #expect(abs(angle + 1.5 * .pi) < 1e-6)
    }

    /// `velocity` is radians per second between the last two changes, and re-basing
    /// `rotation` does not show up as a jump in it.
    @Test func velocityIsTheRateOfTheLastChange() throws {
        let f = try ViewFixture()
        let rotate = RotationGestureRecognizer()
        var velocities: [CGFloat] = []
        rotate.addAction { g in
            let r = g as! RotationGestureRecognizer
            velocities.append(r.velocity)
            r.rotation = 0 // the incremental idiom
        }
        f.root.addGestureRecognizer(rotate)
        let c = CGPoint(x: 100, y: 100)
        func fingers(_ a: Double) -> [(id: Int64, at: CGPoint)] {
            [(1, CGPoint(x: c.x - 40 * cos(a), y: c.y - 40 * sin(a))), (2, CGPoint(x: c.x + 40 * cos(a), y: c.y + 40 * sin(a)))]
        }
        f.input.touches(.began, fingers(0))
        var times: [CFTimeInterval] = []
        for i in 1...6 {
            f.input.wait(0.1) // the clock steps in whole frames
            times.append(f.clock.now)
            f.input.touches(.moved, fingers(Double(i) * 0.1)) // 0.1 rad a step
        }
        #expect(velocities.count >= 4)
        // Each report after the first: 0.1 rad over the time since the previous move.
        for (v, k) in zip(velocities.dropFirst(), (times.count - velocities.count + 1)...) {
            let want = 0.1 / (times[k] - times[k - 1])
            #expect(want > 0.5 && abs(v - want) < 1e-6, "\(v) vs \(want)")
        }
    }
}

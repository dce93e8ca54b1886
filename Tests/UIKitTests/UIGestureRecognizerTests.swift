import Foundation
import Testing
@testable import UIKit

final class ShouldBeginDelegate: UIGestureRecognizerDelegate {
    var allow = false
    var asked = 0
    func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
        asked += 1
        return allow
    }
}

@Suite struct UIGestureRecognizerTests {
    @Test func tapWithAClosureReportsRecognizedWithItsLocation() throws {
        let f = try UIKitFixture()
        var states: [UIGestureRecognizer.State] = []
        var location = CGPoint.zero
        let tap = UITapGestureRecognizer { (r: UITapGestureRecognizer) in
            states.append(r.state)
            location = r.location(in: r.view)
            #expect(r.numberOfTapsRequired == 1)
        }
        f.now { f.child.addGestureRecognizer(tap) }
        #expect(tap.view === f.child)
        #expect(f.child.gestureRecognizers?.count == 1)
        f.input.tap(at: CGPoint(x: 150, y: 150))
        #expect(states.isEmpty)
        f.input.tap(at: CGPoint(x: 30, y: 40))
        #expect(states == [.recognized])
        #expect(location == CGPoint(x: 10, y: 20))
        #expect(tap.state == .possible)
        f.now { f.child.removeGestureRecognizer(tap) }
        #expect(tap.view == nil)
        #expect(f.child.gestureRecognizers == nil)
    }

    @Test func doubleTapAndSingleTapRequiringItToFail() throws {
        let f = try UIKitFixture()
        var singles = 0, doubles = 0
        let single = UITapGestureRecognizer(target: nil, action: nil)
        single.addTarget { _ in singles += 1 }
        let double = UITapGestureRecognizer { _ in doubles += 1 }
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        f.now {
            f.window.addGestureRecognizer(single)
            f.window.addGestureRecognizer(double)
        }
        f.input.tap(at: CGPoint(x: 100, y: 100))
        f.input.tap(at: CGPoint(x: 101, y: 100))
        #expect(doubles == 1 && singles == 0)
        f.input.tap(at: CGPoint(x: 100, y: 100))
        f.input.wait(0.5)
        #expect(singles == 1)
    }

    @Test func panStatesTranslationAndSetTranslation() throws {
        let f = try UIKitFixture()
        var states: [UIGestureRecognizer.State] = []
        var translations: [CGPoint] = []
        var velocities: [CGPoint] = []
        let pan = UIPanGestureRecognizer { p in
            states.append(p.state)
            translations.append(p.translation(in: f.window))
            if p.state == .changed { velocities.append(p.velocity(in: f.window)) }
            p.setTranslation(.zero, in: f.window)
        }
        f.now { f.window.addGestureRecognizer(pan) }
        f.input.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 110, y: 50), steps: 4)
        #expect(states.first == .began)
        #expect(states.last == .ended)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
        // Incremental translations: each change reports the movement since the last one.
        #expect(translations.dropFirst().dropLast().allSatisfy { $0 == CGPoint(x: 15, y: 0) })
        // 15 points per frame at 60 Hz.
        #expect(velocities.allSatisfy { abs($0.x - 900) < 1e-6 && $0.y == 0 })
        #expect(!velocities.isEmpty)
    }

    @Test func pinchScaleAndDelegateShouldBegin() throws {
        let f = try UIKitFixture()
        var scales: [CGFloat] = []
        let pinch = UIPinchGestureRecognizer { p in scales.append(p.scale) }
        let delegate = ShouldBeginDelegate()
        pinch.delegate = delegate
        f.now { f.window.addGestureRecognizer(pinch) }
        f.input.pinch(centre: CGPoint(x: 100, y: 100), from: 100, to: 50, steps: 5)
        #expect(delegate.asked == 1)
        #expect(scales.isEmpty)
        delegate.allow = true
        f.input.pinch(centre: CGPoint(x: 100, y: 100), from: 100, to: 50, steps: 5)
        #expect(abs((scales.last ?? 0) - 0.5) < 1e-6)
        #expect(pinch.state == .possible)
    }

    @Test func longPressBeginsAfterTheMinimumDuration() throws {
        let f = try UIKitFixture()
        var states: [UIGestureRecognizer.State] = []
        let press = UILongPressGestureRecognizer { p in states.append(p.state) }
        press.minimumPressDuration = 0.3
        f.now { f.child.addGestureRecognizer(press) }
        f.input.touches(.began, [(1, CGPoint(x: 40, y: 40))])
        f.input.wait(0.1)
        #expect(states.isEmpty)
        f.input.wait(0.3)
        #expect(states == [.began])
        #expect(press.numberOfTouches == 1)
        f.input.touches(.ended, [(1, CGPoint(x: 40, y: 40))])
        #expect(states == [.began, .ended])
    }

    @Test func recognitionCancelsTheViewsTouches() throws {
        let f = try UIKitFixture()
        let log = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let pan = UIPanGestureRecognizer()
        f.now {
            f.controller.view.addSubview(log)
            log.addGestureRecognizer(pan)
        }
        f.input.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 110, y: 50), steps: 4)
        #expect(log.phases.first == "began")
        #expect(log.phases.last == "cancelled")
        #expect(!log.phases.contains("ended"))
    }

    @Test func selectorActionsCompileButAreNotCalled() {
        let tap = UITapGestureRecognizer(target: NSObject(), action: Selector("handleTap:"))
        #expect(tap.state == .possible)
        tap.removeTarget(nil, action: nil)
        let rotation = UIRotationGestureRecognizer()
        rotation.rotation = 0
        #expect(rotation.rotation == 0)
    }
}

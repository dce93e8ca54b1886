import Foundation
import Testing
@testable import UIKit

/// A control at (40, 40, 60, 40) in the fixture's root view, recording every event it sends.
struct ControlFixture {
    let f: UIKitFixture
    let control: UIControl
    let log: EventLog

    final class EventLog {
        var events: [UIControl.Event] = []
        var highlightedDuringDrag: [Bool] = []
    }

    init(_ control: UIControl = UIControl()) throws {
        let f = try UIKitFixture()
        self.f = f
        self.control = control
        let log = EventLog()
        self.log = log
        // Not `.touchDownRepeat`: a tap's count depends on the taps just before it, at any
        // place within 10 points, and other tests' taps share the registry of recent taps.
        let all: [UIControl.Event] = [.touchDown, .touchDragInside, .touchDragOutside, .touchDragEnter,
                                      .touchDragExit, .touchUpInside, .touchUpOutside, .touchCancel, .primaryActionTriggered]
        for e in all {
            control.addAction(UIAction { action in
                log.events.append(e)
                if e == .touchDragInside || e == .touchDragOutside {
                    log.highlightedDuringDrag.append((action.sender as? UIControl)?.isHighlighted ?? false)
                }
            }, for: e)
        }
        f.now {
            control.frame = CGRect(x: 40, y: 40, width: 60, height: 40)
            f.controller.view.addSubview(control)
        }
        f.host.runFrames(1)
    }
}

@Suite struct UIControlTests {
    @Test func eventRawValuesAreUIKits() {
        #expect(UIControl.Event.touchDown.rawValue == 1)
        #expect(UIControl.Event.touchUpInside.rawValue == 64)
        #expect(UIControl.Event.touchCancel.rawValue == 256)
        #expect(UIControl.Event.valueChanged.rawValue == 4096)
        #expect(UIControl.Event.primaryActionTriggered.rawValue == 8192)
        #expect(UIControl.Event.menuActionTriggered.rawValue == 16384)
        #expect(UIControl.Event.editingDidEndOnExit.rawValue == 1 << 19)
        #expect(UIControl.Event.allTouchEvents.rawValue == 0xFFF)
        #expect(UIControl.Event.allEvents.rawValue == 0xFFFF_FFFF)
        #expect(UIControl.State.disabled.rawValue == 2)
        #expect(UIControl.State.selected.rawValue == 4)
    }

    @Test func tapSendsTouchDownThenTouchUpInside() throws {
        let c = try ControlFixture()
        c.f.input.tap(at: CGPoint(x: 70, y: 60))
        #expect(c.log.events == [.touchDown, .touchUpInside])
        #expect(c.control.isHighlighted == false)
    }

    @Test func liftingWithinTheSlopIsStillInside() throws {
        let c = try ControlFixture()
        // 50 points right of the control's right edge (x 100): inside the 70-point slop.
        c.f.input.drag(from: CGPoint(x: 70, y: 60), to: CGPoint(x: 150, y: 60), steps: 2)
        #expect(c.log.events == [.touchDown, .touchDragInside, .touchDragInside, .touchUpInside])
        #expect(c.log.highlightedDuringDrag == [true, true])
    }

    @Test func liftingBeyondTheSlopIsOutside() throws {
        let c = try ControlFixture()
        // 90 points beyond the right edge, then back in, then out again.
        c.f.input.touches(.began, [(1, CGPoint(x: 70, y: 60))])
        c.f.input.touches(.moved, [(1, CGPoint(x: 190, y: 60))])
        #expect(c.control.isHighlighted == false)
        #expect(c.control.isTouchInside == false)
        c.f.input.touches(.moved, [(1, CGPoint(x: 90, y: 60))])
        #expect(c.control.isHighlighted == true)
        c.f.input.touches(.moved, [(1, CGPoint(x: 190, y: 60))])
        c.f.input.touches(.ended, [(1, CGPoint(x: 190, y: 60))])
        // Events sent together run their actions in the order the actions were added.
        #expect(c.log.events == [.touchDown, .touchDragOutside, .touchDragExit, .touchDragInside, .touchDragEnter,
                                 .touchDragOutside, .touchDragExit, .touchUpOutside])
        #expect(c.log.highlightedDuringDrag == [false, true, false])
        #expect(c.control.isHighlighted == false)
    }

    @Test func aQuickSecondTapIsATouchDownRepeat() throws {
        let c = try ControlFixture()
        var repeats = 0
        c.control.addAction(UIAction { _ in repeats += 1 }, for: .touchDownRepeat)
        c.f.input.tap(at: CGPoint(x: 70, y: 60))
        let before = repeats
        c.f.input.tap(at: CGPoint(x: 72, y: 60))
        #expect(repeats == before + 1)
    }

    @Test func disabledControlsSendNothing() throws {
        let c = try ControlFixture()
        c.f.now { c.control.isEnabled = false }
        c.f.input.tap(at: CGPoint(x: 70, y: 60))
        c.f.input.drag(from: CGPoint(x: 70, y: 60), to: CGPoint(x: 80, y: 60), steps: 2)
        #expect(c.log.events.isEmpty)
        #expect(c.control.state == .disabled)
    }

    @Test func cancelledTouchesSendTouchCancel() throws {
        final class Recorder: UIControl {
            var touch: UITouch?
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { self.touch = touch; return true }
        }
        let recorder = Recorder()
        let c = try ControlFixture(recorder)
        c.f.input.touches(.began, [(1, CGPoint(x: 70, y: 60))])
        #expect(c.control.isTracking)
        c.control.touchesCancelled([], with: nil)   // not the tracked touch: ignored
        #expect(c.control.isTracking)
        let touch = try #require(recorder.touch)
        c.control.touchesCancelled([touch], with: nil)
        #expect(c.log.events == [.touchDown, .touchCancel])
        #expect(c.control.isTracking == false && c.control.isHighlighted == false)
    }

    @Test func trackingMethodsAreCalledInOrder() throws {
        final class Tracker: UIControl {
            var calls: [String] = []
            override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("begin"); return true }
            override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool { calls.append("continue"); return false }
            override func endTracking(_ touch: UITouch?, with event: UIEvent?) { calls.append("end") }
        }
        let tracker = Tracker()
        let c = try ControlFixture(tracker)
        c.f.input.drag(from: CGPoint(x: 70, y: 60), to: CGPoint(x: 75, y: 60), steps: 3)
        // continueTracking answered false: no more tracking calls, but events go on.
        #expect(tracker.calls == ["begin", "continue"])
        #expect(c.log.events.last == .touchUpInside)
    }

    @Test func actionsAreUniquedByIdentifierAndRemovable() {
        let control = UIControl()
        var log: [String] = []
        let id = UIAction.Identifier("tap")
        control.addAction(UIAction(identifier: id) { _ in log.append("first") }, for: .touchUpInside)
        control.addAction(UIAction(identifier: id) { _ in log.append("second") }, for: .valueChanged)
        control.sendActions(for: .touchUpInside)
        control.sendActions(for: .valueChanged)
        #expect(log == ["second", "second"])
        control.removeAction(identifiedBy: id, for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        #expect(log.count == 2)
        #expect(control.allControlEvents == .valueChanged)
        let other = UIAction(title: "t") { action in log.append(action.sender is UIControl ? "sender" : "none") }
        control.addAction(other, for: [.touchDown, .touchDragInside])
        control.sendActions(for: [.touchDown, .touchDragInside])   // once, though two events match
        #expect(log.last == "sender" && log.count == 3)
        control.removeAction(other, for: [.touchDown, .touchDragInside])
        #expect(control.allControlEvents == .valueChanged)
    }

    @Test func selectorTargetsAreRecordedNotCalled() {
        final class Target: NSObject {}
        let control = UIControl()
        let target = Target()
        control.addTarget(target, action: Selector("tapped:"), for: .touchUpInside)
        control.addTarget(nil, action: "next:", for: .valueChanged)
        #expect(control.allTargets.contains(AnyHashable(target)))
        #expect(control.allTargets.contains { $0.base is NSNull })
        #expect(control.actions(forTarget: target, forControlEvent: .touchUpInside) == ["tapped:"])
        #expect(control.actions(forTarget: target, forControlEvent: .valueChanged) == nil)
        #expect(control.actions(forTarget: nil, forControlEvent: .valueChanged) == ["next:"])
        control.sendActions(for: .allEvents)   // nothing to call, nothing crashes
        control.removeTarget(target, action: nil, for: .allEvents)
        #expect(control.actions(forTarget: target, forControlEvent: .touchUpInside) == nil)
        #expect(control.allControlEvents == .valueChanged)
    }

    @Test func stateFollowsTheFlags() {
        let control = UIControl()
        #expect(control.state == .normal)
        control.isSelected = true
        control.isHighlighted = true
        #expect(control.state == [.selected, .highlighted])
        control.isEnabled = false
        #expect(control.state == [.selected, .disabled])
        control.contentHorizontalAlignment = .leading
        #expect(control.effectiveContentHorizontalAlignment == .left)
    }
}

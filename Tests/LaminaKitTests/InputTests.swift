import Foundation
import Testing
@testable import LaminaKit

/// A view that records its touch callbacks.
final class TouchLogView: View {
    var log: [String] = []
    override func touchesBegan(_ touches: [Touch]) { log.append("began \(touches.count)") }
    override func touchesMoved(_ touches: [Touch]) { log.append("moved") }
    override func touchesEnded(_ touches: [Touch]) { log.append("ended") }
    override func touchesCancelled(_ touches: [Touch]) { log.append("cancelled") }
}

@Suite struct InputTests {
    @Test func altDragEmulatesATwoFingerPinchAboutTheCentre() throws {
        let f = try ViewFixture()
        let pinch = PinchGestureRecognizer()
        let log = StateLog()
        log.attach(pinch)
        var fingers: [CGPoint] = []
        pinch.addAction { g in
            if g.state == .began { fingers = g.trackedTouches.map(\.locationInWindow) }
        }
        f.root.addGestureRecognizer(pinch)
        f.input.modifiers = .alt
        // 50 pt from the centre (100, 100) to 25 pt: the mirrored fingers halve their distance.
        f.input.pointerDrag(from: CGPoint(x: 150, y: 100), to: CGPoint(x: 125, y: 100), steps: 5)
        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(abs((log.scales.last ?? 0) - 0.5) < 1e-6)
        #expect(fingers.count == 2)
        if fingers.count == 2 {
            #expect(fingers[0].x + fingers[1].x == 200)
            #expect(fingers[1].y == 100)
        }
        #expect(f.host.router.map { ($0 as! TouchRouter).activeTouches.isEmpty } == true)
    }

    @Test func plainMouseDragIsOneTouch() throws {
        let f = try ViewFixture()
        let pan = PanGestureRecognizer(), pinch = PinchGestureRecognizer()
        let pans = StateLog(), pinches = StateLog()
        pans.attach(pan)
        pinches.attach(pinch)
        f.root.addGestureRecognizer(pan)
        f.root.addGestureRecognizer(pinch)
        var touchCount = 0
        pan.addAction { g in touchCount = max(touchCount, g.numberOfTouches) }
        f.input.pointerDrag(from: CGPoint(x: 150, y: 100), to: CGPoint(x: 100, y: 100), steps: 5)
        #expect(pans.states.first == .began)
        #expect(pinches.states.isEmpty)
        #expect(touchCount == 1)
    }

    @Test func controlWheelPinchesAndEndsAfterAPause() throws {
        let f = try ViewFixture()
        let pinch = PinchGestureRecognizer()
        let log = StateLog()
        log.attach(pinch)
        f.root.addGestureRecognizer(pinch)
        f.input.modifiers = .control
        f.input.wheel(steps: [1, 1, 1])
        #expect(log.states.first == .began)
        #expect(abs((log.scales.last ?? 0) - 1.331) < 1e-3)
        #expect(log.states.last != .ended)
        f.input.wait(0.5)
        #expect(log.states.last == .ended)
        // Without Ctrl the wheel does not pinch.
        f.input.modifiers = []
        f.input.wheel(steps: [3])
        #expect(log.states.filter { $0 == .began }.count == 1)
    }

    @Test func hitTestingUsesPresentationLayers() throws {
        let f = try ViewFixture()
        let onChild = TapGestureRecognizer(), onRoot = TapGestureRecognizer()
        let childTaps = StateLog(), rootTaps = StateLog()
        childTaps.attach(onChild)
        rootTaps.attach(onRoot)
        f.child.addGestureRecognizer(onChild)
        f.root.addGestureRecognizer(onRoot)
        // Child: centre (50, 50) → (150, 150) over 1 s, linearly.
        f.now {
            View.animate(withDuration: 1, options: .curveLinear, animations: { f.child.center = CGPoint(x: 150, y: 150) })
        }
        f.input.wait(0.5)
        // Presented centre ≈ (100, 100); the model frame is (120…180).
        f.input.tap(at: CGPoint(x: 100, y: 100))
        #expect(childTaps.states == [.ended])
        f.input.tap(at: CGPoint(x: 175, y: 175))
        #expect(childTaps.states.count == 1)
        #expect(rootTaps.states.count == 2)
    }

    @Test func hiddenTransparentAndDisabledViewsAreSkipped() throws {
        let f = try ViewFixture()
        let childTap = TapGestureRecognizer(), rootTap = TapGestureRecognizer()
        let childTaps = StateLog(), rootTaps = StateLog()
        childTaps.attach(childTap)
        rootTaps.attach(rootTap)
        f.child.addGestureRecognizer(childTap)
        f.root.addGestureRecognizer(rootTap)
        let point = CGPoint(x: 50, y: 50)
        f.now { f.child.isHidden = true }
        f.input.tap(at: point)
        f.now { f.child.isHidden = false; f.child.alpha = 0.001 }
        f.input.tap(at: point)
        f.now { f.child.alpha = 1 }
        f.child.isUserInteractionEnabled = false
        f.input.tap(at: point)
        #expect(childTaps.states.isEmpty)
        #expect(rootTaps.states.count == 3)
        f.child.isUserInteractionEnabled = true
        f.input.tap(at: point)
        #expect(childTaps.states.count == 1)
    }

    @Test func viewsGetTouchesUntilARecognizerTakesThem() throws {
        let f = try ViewFixture()
        let canvas = TouchLogView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        f.now { f.root.addSubview(canvas) }
        f.input.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 30, y: 10), steps: 2)
        #expect(canvas.log == ["began 1", "moved", "moved", "ended"])
        // A second finger is not delivered to a view without multiple touch (seed 001).
        canvas.log = []
        f.input.touches(.began, [(1, CGPoint(x: 10, y: 10)), (2, CGPoint(x: 50, y: 50))])
        f.input.touches(.ended, [(1, CGPoint(x: 10, y: 10)), (2, CGPoint(x: 50, y: 50))])
        #expect(canvas.log == ["began 1", "ended"])
        // A pan that begins cancels the view's touches.
        canvas.log = []
        canvas.addGestureRecognizer(PanGestureRecognizer())
        f.input.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 100, y: 10), steps: 3)
        #expect(canvas.log == ["began 1", "cancelled"])
    }

    @Test func keysReachTheEventObserverWithModifiers() throws {
        let f = try ViewFixture()
        var keys: [(Int32, Bool, KeyModifiers)] = []
        f.host.eventObserver = { e in
            if case .key(let k) = e.kind { keys.append((k.keyCode, k.isDown, e.modifiers)) }
        }
        f.input.modifiers = .shift
        f.input.key(KeyCode.space)
        #expect(keys.count == 2)
        #expect(keys.first?.0 == KeyCode.space)
        #expect(keys.first?.2 == .shift)
        #expect(keys.last?.1 == false)
    }

    @Test func badAndStormyInputDoesNotCrash() throws {
        let f = try ViewFixture()
        let pan = PanGestureRecognizer()
        let log = StateLog()
        log.attach(pan)
        f.root.addGestureRecognizer(pan)
        let t = f.clock.now
        // Lifts and moves of fingers that never went down, NaN positions.
        f.window.post(InputEvent(.touch(id: 99, phase: .ended, location: .zero), at: t))
        f.window.post(InputEvent(.touch(id: 98, phase: .moved, location: .zero), at: t))
        f.window.post(InputEvent(.touch(id: 1, phase: .began, location: CGPoint(x: CGFloat.nan, y: 5)), at: t))
        f.window.post(InputEvent(.touch(id: 1, phase: .ended, location: .zero), at: t))
        // 10,000 moves of one finger in one turn.
        f.window.post(InputEvent(.touch(id: 5, phase: .began, location: CGPoint(x: 10, y: 10)), at: t))
        for i in 0..<10_000 {
            f.window.post(InputEvent(.touch(id: 5, phase: .moved, location: CGPoint(x: 10 + Double(i % 150), y: 10)), at: t))
        }
        f.window.post(InputEvent(.touch(id: 5, phase: .ended, location: CGPoint(x: 150, y: 10)), at: t))
        f.input.frames(10)
        #expect(f.window.pendingEventCount == 0)
        #expect(log.states.first == .began)
        #expect(log.states.last == .ended)
        #expect(f.window.isOpen)
    }
}

@Suite struct KeyboardTests {
    final class Field: View {
        var keys: [Int32] = []
        override var canBecomeFirstResponder: Bool { true }
        override func keyDown(_ key: KeyEvent, modifiers: KeyModifiers) { keys.append(key.keyCode) }
    }
    final class Root: View {
        var keys: [Int32] = []
        override func keyDown(_ key: KeyEvent, modifiers: KeyModifiers) { keys.append(key.keyCode) }
    }

    @Test func keysGoToTheFirstResponderThenUpTheChain() throws {
        let window = try HeadlessWindow(size: CGSize(width: 50, height: 50))
        let root = Root()
        let host = WindowHost(window: window, renderer: FakeRenderer(), clock: ManualFrameClock(), rootView: root)
        let input = try #require(ScriptedInput(host: host))
        let field = Field(), plain = View()
        root.addSubview(field)
        field.addSubview(plain)
        #expect(!plain.becomeFirstResponder())
        input.key(65)
        #expect(root.keys == [65])
        #expect(field.becomeFirstResponder())
        #expect(field.isFirstResponder)
        input.key(66)
        #expect(field.keys == [66])
        #expect(root.keys == [65])
        // A removed responder no longer gets keys.
        field.removeFromSuperview()
        input.key(67)
        #expect(root.keys == [65, 67])
        #expect(!field.isFirstResponder)
    }
}

@Suite struct InputScriptTests {
    @Test func scriptDrivesGestures() throws {
        let f = try ViewFixture()
        let tap = TapGestureRecognizer(), pinch = PinchGestureRecognizer()
        let taps = StateLog(), pinches = StateLog()
        taps.attach(tap)
        pinches.attach(pinch)
        f.root.addGestureRecognizer(tap)
        f.root.addGestureRecognizer(pinch)
        try InputScript.run("""
            # a tap, then an Alt-drag pinch to half
            tap 50 50
            wait 0.1
            modifiers alt
            mouse 150 100 125 100 5
            modifiers none
            frames 2
            """, on: f.input)
        #expect(taps.states == [.ended])
        #expect(pinches.states.last == .ended)
        #expect(abs((pinches.scales.last ?? 0) - 0.5) < 1e-6)
    }

    @Test func badLinesAreNamed() throws {
        let f = try ViewFixture()
        let cases: [(String, String)] = [
            ("tap 1", "tap takes 2 to 3 numbers, got 1"),
            ("frames 0", "a count must be a whole number"),
            ("drag 0 0 nan 0", "\"nan\" is not a finite number"),
            ("jump 1", "unknown command \"jump\""),
            ("modifiers hyper", "unknown modifier \"hyper\""),
            ("wait 1e9", "wait takes 0 to 3600 seconds"),
        ]
        for (script, message) in cases {
            do {
                try InputScript.run("frames 1\n\(script)", on: f.input)
                Issue.record("\(script) was accepted")
            } catch let error as InputScript.Error {
                #expect(error.line == 2)
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
    }
}

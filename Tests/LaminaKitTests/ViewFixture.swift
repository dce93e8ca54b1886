import Foundation
@testable import LaminaKit

/// A 200×200 pt headless host at 60 Hz whose root view holds `child` at (20, 20, 60, 60).
struct ViewFixture {
    let clock = ManualFrameClock(now: 50)
    let window: HeadlessWindow
    let renderer = FakeRenderer()
    let root = View()
    let child = View(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
    let host: WindowHost
    let input: ScriptedInput

    init() throws {
        window = try HeadlessWindow(size: CGSize(width: 200, height: 200))
        root.name = "root"
        child.name = "child"
        host = WindowHost(window: window, renderer: renderer, clock: clock, rootView: root)
        input = ScriptedInput(host: host)!
        let (root, child) = (self.root, self.child)
        host.atCurrentTime {
            root.addSubview(child)
            CATransaction.flush()
        }
        host.runFrames(1)
    }

    /// Runs `body` at the clock's time (model changes outside a turn).
    func now<R>(_ body: () -> R) -> R { host.atCurrentTime(body) }
}

/// Records the states a recognizer reported to its action.
final class StateLog {
    var states: [GestureRecognizer.State] = []
    var scales: [CGFloat] = []
    func attach(_ r: GestureRecognizer) {
        r.addAction { [unowned self] g in
            self.states.append(g.state)
            if let p = g as? PinchGestureRecognizer { self.scales.append(p.scale) }
        }
    }
}

import Foundation
import QuartzCore

/// Synthetic input for a headless host, frame by frame (issue 8 item 6): each call queues
/// the events a real device would report, stamped with the clock's time, then advances the
/// manual clock by one refresh interval and runs a turn — so an interaction (draw a stroke,
/// pinch to 0.6, release) can be tested without a display or sleeping.
///
/// Locations are window points. Finger ids are chosen by the caller (any distinct numbers).
///
/// On a real clock (`init(host:injectingInto:)`, e.g. an SDL window wrapped in an
/// `InjectingWindow`) the same script plays in real time: each frame is a host turn paced on
/// the refresh grid, as `WindowHost.run()` paces them, so a person sees the replay.
package final class ScriptedInput {
    package let host: WindowHost
    /// Where the events go: the host's window.
    package let target: InputInjecting
    package let clock: FrameClock
    /// Modifier keys stamped on the events posted.
    package var modifiers: KeyModifiers = []

    /// Fails (nil) unless the host's window is headless and its clock manual.
    package init?(host: WindowHost) {
        guard let window = host.window as? HeadlessWindow, host.clock is ManualFrameClock else { return nil }
        self.host = host
        target = window
        clock = host.clock
    }

    /// Input posted into `window` (the host's window, or what it reads its events from), on
    /// whatever clock the host has: a manual clock jumps, a real one is waited for.
    package init(host: WindowHost, injectingInto window: InputInjecting) {
        self.host = host
        target = window
        clock = host.clock
    }

    /// Runs `count` frames (one refresh interval each) with no new input.
    package func frames(_ count: Int = 1) {
        if clock is ManualFrameClock {
            host.runFrames(count)
        } else {
            var remaining = count
            host.run(while: {
                remaining -= 1
                return remaining >= 0
            })
        }
    }

    /// Waits `seconds` of media time, running the frames in between (paced in real time on a
    /// real clock: `host.runFrames` alone does nothing there, so a replayed `wait` took no time).
    package func wait(_ seconds: CFTimeInterval) {
        guard seconds.isFinite, seconds > 0 else { return }
        frames(Int((seconds / host.refreshInterval).rounded(.up)))
    }

    private func post(_ kind: InputEvent.Kind) {
        target.post(InputEvent(kind, at: clock.now, modifiers: modifiers))
    }

    /// Finger changes in one frame: `fingers` maps ids to locations.
    package func touches(_ phase: TouchPhase, _ fingers: [(id: Int64, at: CGPoint)]) {
        for f in fingers { post(.touch(id: f.id, phase: phase, location: f.at)) }
        frames(1)
    }

    /// A tap of `fingers` fingers, 20 pt apart horizontally, starting at `point`.
    package func tap(at point: CGPoint, fingers: Int = 1) {
        let list = (0..<max(1, fingers)).map { (id: Int64(1000 + $0), at: CGPoint(x: point.x + CGFloat($0) * 20, y: point.y)) }
        touches(.began, list)
        touches(.ended, list)
    }

    /// A one-finger drag from `start` to `end` in `steps` moves, one per frame.
    package func drag(from start: CGPoint, to end: CGPoint, steps: Int = 10, id: Int64 = 1) {
        touches(.began, [(id, start)])
        let n = max(1, steps)
        for i in 1...n {
            let t = CGFloat(i) / CGFloat(n)
            touches(.moved, [(id, CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))])
        }
        touches(.ended, [(id, end)])
    }

    /// Two fingers on a horizontal line through `centre`, `from` points apart, moving to
    /// `to` points apart in `steps` frames, lifting when `release` is set.
    package func pinch(centre: CGPoint, from: CGFloat, to: CGFloat, steps: Int = 10, release: Bool = true) {
        func fingers(_ d: CGFloat) -> [(id: Int64, at: CGPoint)] {
            [(2001, CGPoint(x: centre.x - d / 2, y: centre.y)), (2002, CGPoint(x: centre.x + d / 2, y: centre.y))]
        }
        touches(.began, fingers(from))
        let n = max(1, steps)
        for i in 1...n { touches(.moved, fingers(from + (to - from) * CGFloat(i) / CGFloat(n))) }
        if release { touches(.ended, fingers(to)) }
    }

    /// Mouse: button down, moves, button up (with `modifiers` held, e.g. `.alt` to pinch).
    package func pointerDrag(from start: CGPoint, to end: CGPoint, steps: Int = 10) {
        post(.pointerDown(location: start, button: .primary))
        frames(1)
        let n = max(1, steps)
        for i in 1...n {
            let t = CGFloat(i) / CGFloat(n)
            post(.pointerMoved(location: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)))
            frames(1)
        }
        post(.pointerUp(location: end, button: .primary))
        frames(1)
    }

    /// Scroll-wheel steps (with `modifiers`, e.g. `.control` to pinch), one per frame.
    package func wheel(steps: [CGFloat]) {
        for s in steps {
            post(.wheel(delta: CGVector(dx: 0, dy: s), location: nil))
            frames(1)
        }
    }

    /// A key press and release.
    package func key(_ code: Int32) {
        post(.key(KeyEvent(isDown: true, keyCode: code)))
        post(.key(KeyEvent(isDown: false, keyCode: code)))
        frames(1)
    }
}

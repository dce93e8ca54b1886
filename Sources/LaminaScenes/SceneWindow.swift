import LaminaKit
import QuartzCore

/// A scene shown by a LaminaKit window host: the scene's root inside a root View whose
/// gestures and touches become the scene's inputs (points of the scene, y down):
///
/// - one-finger tap → `.tap(_, touches: 1)`, two-finger tap → `.tap(_, touches: 2)`
/// - pinch (real fingers, Alt-drag or Ctrl-wheel on a desktop) → `.pinch(phase, scale:)`
/// - the first touch's began / moved / ended → `.pointerDown` / `.pointerMoved` / `.pointerUp`
///
/// The tap recognizers do not cancel touches, so a tap also reaches the scene as a short
/// touch — as on iOS with `cancelsTouchesInView = false`.
package final class SceneWindow {
    package let scene: any SceneModel
    package let rootView: View
    package let host: WindowHost

    /// Shows `descriptor`'s scene in `window`, at `clock`'s time, drawn by `renderer` (the
    /// compositor unless a test wants something cheaper). With `playsScript`, the scene's
    /// scripted inputs are scheduled relative to now.
    package init(_ descriptor: SceneDescriptor, window: WindowBackend, clock: FrameClock, playsScript: Bool,
                 renderer: FrameRenderer = CompositorFrameRenderer()) {
        scene = descriptor.make()
        rootView = View(frame: CGRect(origin: .zero, size: descriptor.size))
        host = WindowHost(window: window, renderer: renderer, clock: clock, rootView: rootView)
        let scene = self.scene, view = rootView
        host.atCurrentTime {
            view.layer.addSublayer(scene.root)
            CATransaction.flush()
        }
        connectInput()
        if playsScript {
            for step in scene.script {
                _ = host.schedule(after: step.time) { _ in scene.handle(step.input) }
            }
        }
    }

    private func connectInput() {
        let scene = self.scene, view = rootView
        let tap = TapGestureRecognizer { g in scene.handle(.tap(g.location(in: view), touches: 1)) }
        tap.cancelsTouchesInView = false
        let twoFingerTap = TapGestureRecognizer { g in scene.handle(.tap(g.location(in: view), touches: 2)) }
        twoFingerTap.numberOfTouchesRequired = 2
        twoFingerTap.cancelsTouchesInView = false
        let pinch = PinchGestureRecognizer { p in
            guard let phase = Self.phase(of: p.state) else { return }
            scene.handle(.pinch(phase, scale: p.scale))
        }
        for g in [tap, twoFingerTap, pinch] as [GestureRecognizer] { view.addGestureRecognizer(g) }
        view.isMultipleTouchEnabled = true
        view.touchHandler = { view, phase, touches in
            guard let touch = touches.first else { return }
            let p = touch.location(in: view)
            switch phase {
            case .began: scene.handle(.pointerDown(p))
            case .moved, .stationary: scene.handle(.pointerMoved(p))
            case .ended, .cancelled: scene.handle(.pointerUp(p))
            }
        }
    }

    static func phase(of state: GestureRecognizer.State) -> SceneInput.PinchPhase? {
        switch state {
        case .began: return .began
        case .changed: return .changed
        case .ended: return .ended
        case .cancelled, .failed: return .cancelled
        case .possible: return nil
        }
    }
}

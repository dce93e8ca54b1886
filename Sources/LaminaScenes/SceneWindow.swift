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
///
/// Keys: each of the scene's commands (`SceneDescriptor.commands`) runs on its key; `?`
/// (Shift-/) or F1 opens and closes the help overlay (`SceneHelpOverlay`), whose buttons run
/// the commands too. A press on the help (or its badge) never reaches the scene.
package final class SceneWindow {
    package let scene: any SceneModel
    package let descriptor: SceneDescriptor
    package let rootView: View
    package let host: WindowHost
    package let help: SceneHelpOverlay

    /// Shows `descriptor`'s scene in `window`, at `clock`'s time, drawn by `renderer` (the
    /// compositor unless a test wants something cheaper). With `playsScript`, the scene's
    /// scripted inputs are scheduled relative to now.
    package init(_ descriptor: SceneDescriptor, window: WindowBackend, clock: FrameClock, playsScript: Bool,
                 renderer: FrameRenderer = CompositorFrameRenderer()) {
        scene = descriptor.make()
        self.descriptor = descriptor
        rootView = View(frame: CGRect(origin: .zero, size: descriptor.size))
        host = WindowHost(window: window, renderer: renderer, clock: clock, rootView: rootView)
        help = SceneHelpOverlay(descriptor, size: descriptor.size)
        let scene = self.scene, view = rootView, help = self.help
        host.atCurrentTime {
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            view.layer.addSublayer(scene.root)
            help.add(to: view.layer)
            CATransaction.commit()
            CATransaction.flush()
        }
        connectInput()
        connectKeys()
        if playsScript {
            for step in scene.script {
                _ = host.schedule(after: step.time) { _ in scene.handle(step.input) }
            }
        }
    }

    /// SDL keycodes of the help keys: "?" (some layouts report it), "/" (with Shift, "?" on
    /// most layouts) and F1.
    package static let questionMark: Int32 = 63, slash: Int32 = 47, f1: Int32 = 0x4000_003A

    /// Whether `key` with `modifiers` asks for the help.
    static func isHelpKey(_ key: KeyEvent, modifiers: KeyModifiers) -> Bool {
        key.keyCode == questionMark || key.keyCode == f1 || (key.keyCode == slash && modifiers.contains(.shift))
    }

    private func connectKeys() {
        let scene = self.scene, help = self.help, commands = descriptor.commands
        rootView.keyHandler = { _, key, modifiers in
            if Self.isHelpKey(key, modifiers: modifiers) {
                if key.isDown, !key.isRepeat { help.toggle() }
                return true
            }
            guard !modifiers.contains(.control), !modifiers.contains(.alt), !modifiers.contains(.command),
                  let command = commands.first(where: { $0.keyCode == key.keyCode }) else { return false }
            if key.isDown, !key.isRepeat { scene.handle(.command(command.name)) }
            return true
        }
    }

    /// A click the help overlay takes (the badge, or anywhere while it is open): true when it
    /// took it, after running the command of a button clicked.
    private static func helpTakes(_ point: CGPoint, help: SceneHelpOverlay, scene: any SceneModel) -> Bool {
        switch help.click(at: point) {
        case nil: return false
        case .overlay: return true
        case .command(let name):
            scene.handle(.command(name))
            return true
        }
    }

    private func connectInput() {
        let scene = self.scene, view = rootView, help = self.help
        let tap = TapGestureRecognizer { g in
            let p = g.location(in: view)
            if !Self.helpTakes(p, help: help, scene: scene) { scene.handle(.tap(p, touches: 1)) }
        }
        tap.cancelsTouchesInView = false
        let twoFingerTap = TapGestureRecognizer { g in
            let p = g.location(in: view)
            if !help.covers(p) { scene.handle(.tap(p, touches: 2)) }
        }
        twoFingerTap.numberOfTouchesRequired = 2
        twoFingerTap.cancelsTouchesInView = false
        let pinch = PinchGestureRecognizer { p in
            guard let phase = Self.phase(of: p.state) else { return }
            scene.handle(.pinch(phase, scale: p.scale))
        }
        for g in [tap, twoFingerTap, pinch] as [GestureRecognizer] { view.addGestureRecognizer(g) }
        view.isMultipleTouchEnabled = true
        // A touch that began on the help stays with the help to its end (the tap recognizer
        // reports the click); the scene never sees it.
        var touchOnHelp = false
        view.touchHandler = { view, phase, touches in
            guard let touch = touches.first else { return }
            let p = touch.location(in: view)
            if phase == .began { touchOnHelp = help.covers(p) }
            if touchOnHelp {
                if phase == .ended || phase == .cancelled { touchOnHelp = false }
                return
            }
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

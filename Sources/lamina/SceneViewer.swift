import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore

/// `lamina view`: a scene in a window (SDL2, or headless when there is no display), its
/// script played in real time, then yours to touch: drag to draw, tap, two-finger tap
/// (right click), pinch (Alt-drag or Ctrl-wheel on a desktop), Escape or closing quits.
enum SceneViewer {
    struct Settings {
        var headless = false
        /// Headless only: how many frames to run before stopping.
        var frames = 240
        /// Headless only: where to write the last frame.
        var output: String?
        var playsScript = true
    }

    static func run(_ descriptor: SceneDescriptor, settings: Settings) throws {
        let opened = try WindowFactory.open(title: "Lamina — \(descriptor.name)", size: descriptor.size,
                                            headless: settings.headless)
        let scene = descriptor.make()
        let rootView = View(frame: CGRect(origin: .zero, size: descriptor.size))
        let isHeadless = opened.window is HeadlessWindow
        let clock: FrameClock = isHeadless ? ManualFrameClock(now: 1000) : SystemFrameClock()
        let host = WindowHost(window: opened.window, renderer: CompositorFrameRenderer(), clock: clock, rootView: rootView)
        host.atCurrentTime {
            rootView.layer.addSublayer(scene.root)
            CATransaction.flush()
        }
        connectInput(scene, to: rootView, host: host)
        if settings.playsScript {
            for step in scene.script {
                _ = host.schedule(after: step.time) { _ in scene.handle(step.input) }
            }
        }
        if isHeadless {
            host.runFrames(max(1, settings.frames))
            if let path = settings.output, let window = opened.window as? HeadlessWindow {
                try window.writeLastFrame(toPNG: path)
                print(path)
            }
        } else {
            print("Lamina — \(descriptor.name): drag to draw, click to tap, right-click for a two-finger tap, Alt-drag to pinch, Esc to quit")
            host.run()
        }
    }

    /// Gestures and touches of the root view become the scene's inputs, in scene points.
    static func connectInput(_ scene: any SceneModel, to view: View, host: WindowHost) {
        let tap = TapGestureRecognizer { g in scene.handle(.tap(g.location(in: view), touches: 1)) }
        tap.cancelsTouchesInView = false
        let twoFingerTap = TapGestureRecognizer { g in scene.handle(.tap(g.location(in: view), touches: 2)) }
        twoFingerTap.numberOfTouchesRequired = 2
        let pinch = PinchGestureRecognizer { g in
            guard let p = g as? PinchGestureRecognizer else { return }
            let phase: SceneInput.PinchPhase
            switch p.state {
            case .began: phase = .began
            case .changed: phase = .changed
            case .ended: phase = .ended
            case .cancelled, .failed: phase = .cancelled
            case .possible: return
            }
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
        host.eventObserver = { event in
            if case .key(let key) = event.kind, key.isDown, key.keyCode == KeyCode.escape { host.window.close() }
        }
    }
}

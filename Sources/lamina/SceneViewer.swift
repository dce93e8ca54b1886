import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore

/// `lamina view`: a scene in a window (SDL2, or headless when there is no display), its
/// script played in real time, then yours to touch: drag to draw, tap, two-finger tap
/// (Alt-click), pinch (Alt-drag or Ctrl-wheel on a desktop); Escape or closing quits.
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
        let isHeadless = opened.window is HeadlessWindow
        let clock: FrameClock = isHeadless ? ManualFrameClock(now: 1000) : SystemFrameClock()
        let shown = SceneWindow(descriptor, window: opened.window, clock: clock, playsScript: settings.playsScript)
        let host = shown.host
        host.eventObserver = { event in
            if case .key(let key) = event.kind, key.isDown, key.keyCode == KeyCode.escape { host.window.close() }
        }
        if isHeadless {
            host.runFrames(max(1, settings.frames))
            if let path = settings.output, let window = opened.window as? HeadlessWindow {
                guard let frame = window.lastFrame else { throw CLIError("no frame was shown, nothing to write to \(path)") }
                try SceneRendering.write(frame, to: path)
                print(path)
            }
        } else {
            print("Lamina — \(descriptor.name): drag to draw, click to tap, Alt-click for a two-finger tap, Alt-drag to pinch, Esc to quit")
            host.run()
        }
    }
}

import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore

/// `lamina view`: a scene in a window (SDL2, or headless when there is no display), its
/// script played in real time, then yours to touch: drag to draw, tap, two-finger tap
/// (Alt-click), pinch (Alt-drag or Ctrl-wheel on a desktop), each scene command on its key,
/// `?` for the help overlay; Escape or closing quits. An input script (`--input`) replays an
/// interaction instead of the scene's script: in real time in a window, frame by frame headless.
enum SceneViewer {
    struct Settings {
        var headless = false
        /// Headless only: how many frames to run (after the input script, if any) before stopping.
        var frames = 240
        /// Headless only: where to write the last frame.
        var output: String?
        var playsScript = true
        /// An `InputScript` to replay once the window is up.
        var inputScript: String?
    }

    /// Largest input script read (a script is text a person writes; 16 MB is far beyond that).
    static let maxInputBytes = 16 << 20

    /// The text of `path`, or of standard input for "-".
    static func readInput(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: path) else {
                throw CLIError("cannot read the input script \(path)")
            }
            data = read
        }
        guard data.count <= maxInputBytes else { throw CLIError("the input script is larger than 16 MB") }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIError("the input script is not UTF-8 text") }
        return text
    }

    /// Shows `descriptor` until the window closes (headless: for the frames asked) and returns
    /// the window's scene, for tests to inspect.
    @discardableResult
    static func run(_ descriptor: SceneDescriptor, settings: Settings) throws -> SceneWindow {
        let opened = try WindowFactory.open(title: "Lamina — \(descriptor.name)", size: descriptor.size,
                                            headless: settings.headless)
        let isHeadless = opened.window is HeadlessWindow
        let clock: FrameClock = isHeadless ? ManualFrameClock(now: 1000) : SystemFrameClock()
        // A real window takes the script's events beside the device's.
        let injecting = isHeadless ? nil : InjectingWindow(opened.window)
        let shown = SceneWindow(descriptor, window: injecting ?? opened.window, clock: clock,
                                playsScript: settings.playsScript)
        let host = shown.host
        host.eventObserver = { event in
            if case .key(let key) = event.kind, key.isDown, key.keyCode == KeyCode.escape { host.window.close() }
        }
        if !isHeadless {
            print("Lamina — \(descriptor.name): drag to draw, click to tap, Alt-click for a two-finger tap, Alt-drag to pinch, ? for keys and buttons, Esc to quit")
        }
        if let script = settings.inputScript {
            let input = injecting.map { ScriptedInput(host: host, injectingInto: $0) } ?? ScriptedInput(host: host)
            guard let input else { throw CLIError("this window cannot take scripted input") }
            do {
                // `;` separates commands like a newline (as LaminaApplication's LAMINA_INPUT).
                try InputScript.run(script.replacingOccurrences(of: ";", with: "\n"), on: input)
            } catch let error as InputScript.Error {
                host.window.close()
                throw CLIError("\(error)")
            }
        }
        if isHeadless {
            host.runFrames(settings.inputScript == nil ? max(1, settings.frames) : settings.frames)
            if let path = settings.output, let window = opened.window as? HeadlessWindow {
                guard let frame = window.lastFrame else { throw CLIError("no frame was shown, nothing to write to \(path)") }
                try SceneRendering.write(frame, to: path)
                print(path)
            }
        } else {
            host.run()
        }
        return shown
    }
}

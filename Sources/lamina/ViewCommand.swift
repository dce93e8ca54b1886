import ArgumentParser
import LaminaScenes

extension Lamina {
    struct View: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open a scene in a window (SDL2; headless without a display): its script, then your input.",
            discussion: "Drag to draw, click to tap, Alt-click for a two-finger tap, Alt-drag or Ctrl+wheel to pinch, Esc to quit.")

        @Argument(help: "A scene name (see `lamina list`).")
        var scene: String

        @Flag(help: "Render to memory instead of a window.")
        var headless = false

        @Option(help: "Headless: frames to run (at 60 per second).")
        var frames: Int = 240

        @Option(name: .shortAndLong, help: "Headless: write the last frame to this PNG.")
        var output: String?

        @Flag(help: "Do not play the scene's scripted interaction.")
        var noScript = false

        func run() throws {
            let d = try SceneCatalog.require(scene)
            var settings = SceneViewer.Settings()
            settings.headless = headless
            settings.frames = frames
            settings.output = output
            settings.playsScript = !noScript
            try SceneViewer.run(d, settings: settings)
        }
    }
}

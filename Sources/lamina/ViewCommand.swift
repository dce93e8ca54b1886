import ArgumentParser
import LaminaScenes

extension Lamina {
    struct View: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Open a scene in a window (SDL2; headless without a display): its script, then your input.",
            discussion: """
                Drag to draw, click to tap, Alt-click for a two-finger tap, Alt-drag or Ctrl+wheel to pinch, \
                each scene command on its key (`lamina list --verbose`), ? for the help overlay, Esc to quit.

                --input replays an input script (one command a line: frames N, wait S, tap X Y [fingers], \
                drag X1 Y1 X2 Y2 [steps], pinch CX CY D1 D2 [steps], modifiers alt|ctrl|shift|cmd|none, \
                mouse X1 Y1 X2 Y2 [steps], wheel S…, key CODE|CHAR|escape|space|f1; # comments; ; also \
                separates commands) in window \
                points and seconds, in real time in a window or frame by frame headless; the scene's own \
                script does not play then.
                """)

        @Argument(help: "A scene name (see `lamina list`).")
        var scene: String

        @Flag(help: "Render to memory instead of a window.")
        var headless = false

        @Option(help: "Headless: frames to run (at 60 per second); with --input, frames after the script (default 240, or 1 with --input).")
        var frames: Int?

        @Option(name: .shortAndLong, help: "Headless: write the last frame to this PNG.")
        var output: String?

        @Flag(help: "Do not play the scene's scripted interaction.")
        var noScript = false

        @Option(help: "Replay this input script (a file, or - for standard input).")
        var input: String?

        func run() throws {
            let d = try SceneCatalog.require(scene)
            var settings = SceneViewer.Settings()
            settings.headless = headless
            settings.frames = max(0, frames ?? (input == nil ? 240 : 1))
            settings.output = output
            settings.playsScript = !noScript && input == nil
            if let input { settings.inputScript = try SceneViewer.readInput(input) }
            try SceneViewer.run(d, settings: settings)
        }
    }
}

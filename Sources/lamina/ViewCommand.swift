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

                --record FILE.mp4 (or .gif, .webm; needs ffmpeg) records what the window shows, one frame \
                per refresh, until it closes (Esc, the close button, Ctrl-C) — headless, the frames run. \
                --time T opens the scene paused at T seconds of scene time, the frame `lamina render --time T` \
                draws.

                d shows the debug overlay (frame time, the median of the last second; dropped frames; the last \
                frame's damage), o outlines the damaged rectangles; --overlay opens with the overlay shown. \
                --stats prints, when the window closes (or --duration S seconds have passed), the frames \
                presented, the frames dropped at the display's refresh rate, the frame time median, p95 and \
                max, and the mean damage (% of the window a frame changed).
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

        @Option(help: "Record what the window shows into this video: FILE.mp4, FILE.gif or FILE.webm (needs ffmpeg).")
        var record: String?

        // `.unconditional`: "--time -1" reaches validate() (a clear message).
        @Option(parsing: .unconditional, help: "Open paused at this scene time in seconds (not with --input or --record).")
        var time: Double?

        @Flag(help: "Show the debug overlay (d toggles it, o the damage outlines).")
        var overlay = false

        @Flag(help: "When the window closes, print frames presented, dropped frames, frame time median/p95/max and mean damage.")
        var stats = false

        // `.unconditional`: "--duration -1" reaches validate() (a clear message).
        @Option(parsing: .unconditional, help: "Close the window after this many seconds (headless: run that many seconds of frames at 60 per second).")
        var duration: Double?

        func validate() throws {
            if let duration, !duration.isFinite || duration <= 0 || duration > 86_400 {
                throw ValidationError("--duration must be a number of seconds above 0, at most 86400")
            }
            if duration != nil, time != nil { throw ValidationError("--time opens the scene paused: use it without --duration") }
            if let time, !time.isFinite || time < 0 || time > 3600 { throw ValidationError("--time must be a number of seconds from 0 to 3600") }
            if time != nil, input != nil || record != nil { throw ValidationError("--time opens the scene paused: use it without --input and --record") }
            if let record, record.isEmpty { throw ValidationError("--record needs a file name") }
        }

        func run() throws {
            let d = try SceneCatalog.require(scene)
            var settings = SceneViewer.Settings()
            settings.headless = headless
            let durationFrames = duration.map { Int(($0 * 60).rounded(.up)) }
            settings.frames = max(0, frames ?? durationFrames ?? (input == nil ? 240 : 1))
            settings.output = output
            settings.playsScript = !noScript && input == nil
            if let input { settings.inputScript = try SceneViewer.readInput(input) }
            settings.record = record
            settings.pausedAt = time
            settings.overlay = overlay
            settings.stats = stats
            settings.duration = duration
            try SceneViewer.run(d, settings: settings)
        }
    }
}

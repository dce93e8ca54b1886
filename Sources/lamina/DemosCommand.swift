import ArgumentParser
import Foundation
import LaminaScenes

extension Lamina {
    struct Demos: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render every scene: PNG frames, a contact sheet of its key moments, and an MP4 when ffmpeg exists.")

        @Option(name: .shortAndLong, help: "Output directory.")
        var output: String = "out"

        @Option(help: "Frames per second.")
        var fps: Double = 30

        @Option(help: "Pixels per point.")
        var scale: Double = 1

        @Flag(help: "Only the contact sheets and key-moment stills (no frame sequences or videos).")
        var stillsOnly = false

        func run() throws {
            if !stillsOnly { try FrameGeometry.checkFPS(fps) }
            try SceneRendering.makeDirectory(output)
            let ffmpeg = VideoExport.ffmpegPath()
            if ffmpeg == nil && !stillsOnly {
                FileHandle.standardError.write(Data("lamina: ffmpeg not found, writing PNG frames without MP4s (apt-get install ffmpeg)\n".utf8))
            }
            for d in SceneCatalog.all {
                let g = try FrameGeometry(sceneSize: d.size, scale: scale, size: nil)
                let stills = try SceneRendering.stills(d, times: d.keyTimes, g)
                for still in stills {
                    try SceneRendering.write(still.image, to: "\(output)/\(d.name)-\(SceneRendering.timeLabel(still.time)).png")
                }
                let sheet = "\(output)/\(d.name)-sheet.png"
                try SceneRendering.write(try SceneRendering.contactSheet(stills.map(\.image), columns: 3), to: sheet)
                print(sheet)
                guard !stillsOnly, d.duration > 0 else { continue }
                let dir = "\(output)/\(d.name)"
                let range = try SceneRendering.wholeRange(d, fps: fps)
                let n = try SceneRendering.frames(d, range: range, fps: fps, g, into: dir, label: d.name)
                print("\(dir)/ (\(n) frames)")
                if ffmpeg != nil {
                    try VideoExport.encode(frames: dir, range: range, fps: fps, output: "\(output)/\(d.name).mp4")
                    print("\(output)/\(d.name).mp4")
                }
            }
        }
    }
}

import Foundation
import LaminaScenes
import QuartzCore

// The lamina command-line tool: list the scenes, render them to PNG, frames or video, render
// a JSON layer archive. Every failure prints one clear line and exits non-zero.

let usage = """
lamina — Core Animation for Linux

usage:
  lamina list                                   the scenes and what they show
  lamina render [SCENE...] [--all] [--time T] [--scale S] [--out DIR]
                                                PNGs at the scenes' key times (or at T seconds)
  lamina frames SCENE [--fps F] [--scale S] --out DIR
                                                every frame as DIR/frame-00000.png …
  lamina video SCENE [--fps F] [--scale S] --out FILE.mp4
                                                a video (needs ffmpeg)
  lamina view SCENE [--headless --frames N --out FILE.png] [--no-script]
                                                the scene in a window (SDL2), script then your input
  lamina archive FILE.json [--scale S] --out FILE.png
                                                render a JSON layer archive
  lamina version
"""

func scenes(_ names: [String], all: Bool) throws -> [SceneDescriptor] {
    if all || names.isEmpty { return SceneCatalog.all }
    return try names.map { name in
        guard let d = SceneCatalog.named(name) else {
            let known = SceneCatalog.all.map(\.name).joined(separator: ", ")
            throw CLIError.usage("no scene named \"\(name)\" (scenes: \(known))")
        }
        return d
    }
}

func makeDirectory(_ path: String) throws {
    do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
        throw CLIError.failed("cannot create \(path): \(error.localizedDescription)")
    }
}

func run(_ arguments: [String]) throws {
    guard let command = arguments.first else {
        print(usage)
        return
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "list":
        for d in SceneCatalog.all {
            print("\(d.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(Int(d.size.width))x\(Int(d.size.height)) pt, \(d.duration) s — \(d.summary)")
        }
    case "render":
        let o = try Options(rest, valued: ["time", "scale", "out"], flags: ["all"])
        let out = o.value("out") ?? "renders"
        let scale = CGFloat(try o.double("scale", default: 1))
        try makeDirectory(out)
        for d in try scenes(o.positional, all: o.has("all")) {
            let times = try o.value("time").map { _ in [try o.double("time", default: 0)] } ?? d.keyTimes
            for path in try SceneRendering.renderStills(d, times: times, scale: scale, directory: out) {
                print(path)
            }
        }
    case "frames", "video":
        let o = try Options(rest, valued: ["fps", "scale", "out"], flags: [])
        guard o.positional.count == 1, let d = try scenes(o.positional, all: false).first else {
            throw CLIError.usage("\(command) takes exactly one scene name")
        }
        guard let out = o.value("out") else { throw CLIError.usage("\(command) needs --out") }
        let fps = try o.double("fps", default: 30)
        let scale = CGFloat(try o.double("scale", default: 1))
        if command == "frames" {
            try makeDirectory(out)
            let n = try SceneRendering.renderFrames(d, fps: fps, scale: scale, directory: out)
            print("\(n) frames in \(out)")
        } else {
            try VideoExport.export(d, fps: fps, scale: scale, output: out)
            print(out)
        }
    case "view":
        let o = try Options(rest, valued: ["frames", "out"], flags: ["headless", "no-script"])
        guard o.positional.count == 1, let d = try scenes(o.positional, all: false).first else {
            throw CLIError.usage("view takes exactly one scene name")
        }
        var settings = SceneViewer.Settings()
        settings.headless = o.has("headless")
        settings.frames = try o.int("frames", default: 240)
        settings.output = o.value("out")
        settings.playsScript = !o.has("no-script")
        try SceneViewer.run(d, settings: settings)
    case "archive":
        let o = try Options(rest, valued: ["scale", "out"], flags: [])
        guard o.positional.count == 1 else { throw CLIError.usage("archive takes one JSON file") }
        guard let out = o.value("out") else { throw CLIError.usage("archive needs --out") }
        try SceneRendering.renderArchive(at: o.positional[0], scale: CGFloat(try o.double("scale", default: 1)), to: out)
        print(out)
    case "version", "--version":
        print("lamina 0.2.0")
    case "help", "--help", "-h":
        print(usage)
    default:
        throw CLIError.usage("unknown command \"\(command)\"")
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("lamina: \(error)\n".utf8))
    exit(1)
}

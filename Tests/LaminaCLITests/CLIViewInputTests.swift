import Foundation
import Testing
@testable import lamina
import LaminaScenes

/// `lamina view SCENE --input FILE|-` replays an input script (issue 23 point 4) and
/// `lamina list --verbose` lists every scene's keys (point 1).
@Suite struct CLIViewInputTests {
    private func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("lamina-view-input-\(UUID().uuidString)-\(name)")
    }

    @Test func headlessViewReplaysAnInputScriptFile() throws {
        let script = temporary("script.txt"), png = temporary("out.png")
        defer { try? FileManager.default.removeItem(at: script); try? FileManager.default.removeItem(at: png) }
        try Data("""
            # draw a stroke, fold by a tap, open the help with its key
            drag 60 200 200 220 12
            tap 240 160
            wait 0.4
            key ?
            """.utf8).write(to: script)
        var settings = SceneViewer.Settings()
        settings.headless = true
        settings.frames = 1
        settings.output = png.path
        settings.playsScript = false
        settings.inputScript = try SceneViewer.readInput(script.path)
        let shown = try SceneViewer.run(try SceneCatalog.require("sketch-fold"), settings: settings)
        let scene = try #require(shown.scene as? SketchFoldScene)
        #expect(scene.canvas.incrementalImage != nil, "the drag drew")
        #expect(scene.isFolded, "the tap folded")
        #expect(shown.help.isShown, "key ? opened the help")
        #expect(FileManager.default.fileExists(atPath: png.path))
    }

    @Test func aBadInputLineIsAnErrorNamingTheLine() throws {
        var settings = SceneViewer.Settings()
        settings.headless = true
        settings.inputScript = "wait 0.1\ntap 12\n"
        #expect(throws: (any Error).self) { try SceneViewer.run(try SceneCatalog.require("implicit"), settings: settings) }
        do {
            try SceneViewer.run(try SceneCatalog.require("implicit"), settings: settings)
        } catch {
            #expect("\(error)".contains("line 2"), "\(error)")
        }
        #expect(throws: (any Error).self) { try SceneViewer.readInput("/nonexistent/lamina-input.txt") }
    }

    /// The binary as a person runs it: the script on standard input, and the list of keys.
    @Test func theBinaryReadsTheScriptFromStandardInputAndListsKeys() throws {
        let lamina = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina")
        func run(_ arguments: [String], stdin: String? = nil) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = lamina
            process.arguments = arguments
            let out = Pipe(), input = Pipe()
            process.standardOutput = out
            process.standardError = out
            process.standardInput = stdin == nil ? FileHandle.nullDevice : input
            try process.run()
            if let stdin {
                input.fileHandleForWriting.write(Data(stdin.utf8))
                try input.fileHandleForWriting.close()
            }
            let data = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let folded = temporary("folded.png"), flat = temporary("flat.png")
        defer { try? FileManager.default.removeItem(at: folded); try? FileManager.default.removeItem(at: flat) }
        let (status, output) = try run(["view", "transitions", "--headless", "--input", "-", "-o", folded.path],
                                       stdin: "key p\nwait 0.5\n")
        #expect(status == 0, "\(output)")
        let (status2, _) = try run(["view", "transitions", "--headless", "--no-script", "--frames", "31", "-o", flat.path])
        #expect(status2 == 0)
        let a = try Data(contentsOf: folded), b = try Data(contentsOf: flat)
        #expect(a != b, "the push ran from the script on standard input")

        let (listStatus, list) = try run(["list", "--verbose"])
        #expect(listStatus == 0)
        for d in SceneCatalog.all {
            for c in d.commands { #expect(list.contains("key \(c.key)  \(c.name)"), "\(d.name): \(c.name)") }
        }
    }
}

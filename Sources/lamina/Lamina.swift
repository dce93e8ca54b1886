import ArgumentParser
import Foundation

/// The `lamina` command-line tool: list the scenes, render them (PNG, PNG frames, MP4/GIF),
/// render a JSON layer archive, open a scene in a window, run the benchmarks. Every failure
/// prints one clear line and exits non-zero.
@main
struct Lamina: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina",
        abstract: "Core Animation for Linux: render and view layer-tree scenes.",
        version: "0.2.0",
        subcommands: [List.self, Demos.self, Render.self, View.self, Bench.self],
        defaultSubcommand: List.self)
}

/// Errors the commands report as one line.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

import Foundation

/// `lamina render x.json -o out.png` + `extra` in a fresh folder holding the archive `json`
/// (and `old` as an existing out.png): the exit status, the combined output, the folder's
/// files afterwards and out.png's bytes (nil when there is none). Stdin is /dev/null.
func renderArchive(_ json: String, extra: [String] = [], keeping old: Data? = nil, environment: [String: String] = [:]) throws
    -> (status: Int32, output: String, files: [String], out: Data?) {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-cli-archive-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try Data(json.utf8).write(to: dir.appendingPathComponent("x.json"))
    if let old { try old.write(to: dir.appendingPathComponent("out.png")) }
    let process = Process()
    process.executableURL = CLIProcessTests.lamina
    process.arguments = ["render", "x.json", "-o", "out.png"] + extra
    process.currentDirectoryURL = dir
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    process.standardInput = FileHandle.nullDevice
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), files,
            FileManager.default.contents(atPath: dir.appendingPathComponent("out.png").path))
}

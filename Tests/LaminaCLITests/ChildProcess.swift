import Foundation

/// Runs a program as the CLI tests need it: `arguments` in `directory`, `environment` added to
/// this process's, standard input from `stdin` (or /dev/null), standard output and error
/// collected together (read on another thread: a full pipe would block the child); sends
/// `signal` after its delay when given; kills the child after `timeout` seconds (status -1).
func runChildProcess(_ executable: URL, _ arguments: [String], in directory: URL,
                     environment: [String: String] = [:], stdin: String? = nil,
                     signal: (after: TimeInterval, number: Int32)? = nil,
                     timeout: TimeInterval) throws -> (status: Int32, output: String, pid: Int32) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let input = Pipe(), out = Pipe()
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    process.standardOutput = out
    process.standardError = out
    let done = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in done.signal() }
    try process.run()
    if let stdin {
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
    }
    let collected = CollectedOutput(), reader = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        collected.data = out.fileHandleForReading.readDataToEndOfFile()
        reader.signal()
    }
    if let signal {
        Thread.sleep(forTimeInterval: signal.after)
        kill(process.processIdentifier, signal.number)
    }
    var status = Int32(-1)
    if done.wait(timeout: .now() + timeout) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    } else {
        status = process.terminationStatus
    }
    _ = reader.wait(timeout: .now() + 10)
    return (status, String(decoding: collected.data, as: UTF8.self), process.processIdentifier)
}

private final class CollectedOutput: @unchecked Sendable { var data = Data() }

/// The standard output of a helper tool (ffprobe, ffmpeg, xdotool, xwd) run to the end, with
/// no input and its standard error discarded.
func toolOutput(_ path: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return data
}

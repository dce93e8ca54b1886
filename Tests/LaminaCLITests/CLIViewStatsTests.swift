import Foundation
import Testing
@testable import lamina

/// `lamina view --stats`, `--duration` and `--overlay` (issue 21 item 4): the figures the lead
/// measures a real window with, checked headless (the clock moves a refresh per frame there,
/// so no frame drops and every frame takes 0 ms).
@Suite struct CLIViewStatsTests {
    private func run(_ arguments: [String]) throws -> (Int32, String) {
        let lamina = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("lamina")
        let process = Process()
        process.executableURL = lamina
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func statsAfterADurationHeadless() throws {
        // The implicit scene animates from its start: a frame every refresh for half a second.
        let (status, output) = try run(["view", "implicit", "--headless", "--stats", "--duration", "0.5", "--overlay"])
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("stats: ") }, "\(output)")
        #expect(line.contains("dropped 0 at 60.0 Hz"), "\(line)")
        #expect(line.contains("frame time median 0.0 ms, p95 0.0 ms, max 0.0 ms"), "\(line)")
        #expect(line.contains("% (mean)"), "\(line)")
        let frames = line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
        #expect((frames ?? 0) > 1 && (frames ?? 0) <= 30, "at most one frame a refresh over 0.5 s: \(line)")
    }

    @Test func badDurationsAreRefused() throws {
        for bad in ["0", "-1", "nan", "1e9"] {
            let (status, output) = try run(["view", "implicit", "--headless", "--duration", bad])
            #expect(status != 0, "--duration \(bad)")
            #expect(output.contains("--duration"), "\(output)")
        }
        let (status, _) = try run(["view", "implicit", "--headless", "--duration", "1", "--time", "0.5"])
        #expect(status != 0)
    }

    /// A real SDL window (Xvfb in CI, run with the other real-window tests by `.ci/run`):
    /// `--duration` closes it and `--stats` prints figures measured on the wall clock. No
    /// target on drops or frame times here (a debug build on a shared machine); that is the
    /// release benchmark's job.
    @Test(.timeLimit(.minutes(3)), .enabled(if: realWindowShotsCanRun(),
                                             "needs LAMINA_CLI_WINDOW_TEST=1, DISPLAY (e.g. Xvfb), xwd and xdotool"))
    func statsOfARealWindow() throws {
        let (status, output) = try realDisplay.withLock {
            try run(["view", "implicit", "--stats", "--duration", "1.5", "--overlay"])
        }
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("stats: ") }, "\(output)")
        let frames = line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) }
        #expect((frames ?? 0) > 1, "\(line)")
        #expect(line.contains("frame time median"), "\(line)")
    }

    /// Issue 21 item 4 in a real 1920×1080 window (CI's Xvfb screen is that size): the
    /// 500-layer scene with its 40×40 spinner turning presents only what changed — the mean
    /// damage is the spinner's square (about 0.4 % of the window; a whole-frame present would
    /// be 100 %). Frame times are not checked (a debug build on a shared machine).
    @Test(.timeLimit(.minutes(3)), .enabled(if: realWindowShotsCanRun(),
                                             "needs LAMINA_CLI_WINDOW_TEST=1, DISPLAY (e.g. Xvfb), xwd and xdotool"))
    func aFullHDWindowPresentsOnlyTheSpinnersDamage() throws {
        let (status, output) = try realDisplay.withLock {
            try run(["view", "bench-spinner", "--stats", "--duration", "3"])
        }
        #expect(status == 0, "\(output)")
        let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("stats: ") }, "\(output)")
        let frames = line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? 0
        #expect(frames > 5, "\(line)")
        // "… · damage 0.4 % (mean)"
        let damage = line.components(separatedBy: "damage ").last?.split(separator: " ").first.flatMap { Double($0) }
        let mean = try #require(damage, "\(line)")
        // The first frame presents the whole window (100 %); the mean of the others (a debug
        // build drops frames, so the spinner turns further between presents: still ~0.2 %).
        let others = (mean * Double(frames) - 100) / Double(frames - 1)
        #expect(others < 1.5, "the spinner's frames should present a small part of the window: \(line)")
    }
}

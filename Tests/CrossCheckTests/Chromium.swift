import Foundation
import LaminaRaster
import QuartzCore

/// Debian's headless Chromium as an independent renderer: find it (installing it only when
/// asked to), run it once on an HTML page, read back the screenshot.
///
/// Flags, as checked on Debian 12's chromium 156: `--headless` is the new headless mode there
/// (`=new` and `=old` are accepted and give the same screenshot); the screenshot is exactly
/// `--window-size` pixels of viewport at `--force-device-scale-factor=1`. `--no-sandbox` is
/// needed when running as root (CI containers); `--force-color-profile=srgb` keeps colours
/// unconverted; a private `--user-data-dir` keeps runs independent; `--disable-gpu` selects
/// Skia's software rasterizer, which anti-aliases analytically like Lamina.
enum Chromium {
    /// Environment variable naming the chromium binary to use instead of searching.
    static let binaryVariable = "LAMINA_CHROMIUM"
    /// Setting it to 1 allows `apt-get install -y chromium` when chromium is missing (as `CI`
    /// being set does).
    static let installVariable = "LAMINA_INSTALL_CHROMIUM"
    /// How long one chromium run may take before it is killed.
    static let timeoutSeconds = 90.0

    enum Failure: Error, CustomStringConvertible {
        case notFound(String)
        case launch(String)
        case timedOut
        case noScreenshot(status: Int32, log: String)
        case badScreenshot(String)

        var description: String {
            switch self {
            case let .notFound(why): "chromium not available: \(why)"
            case let .launch(why): "could not start chromium: \(why)"
            case .timedOut: "chromium did not finish within \(Int(Chromium.timeoutSeconds)) s"
            case let .noScreenshot(status, log): "chromium exited with status \(status) and wrote no screenshot; log tail:\n\(log)"
            case let .badScreenshot(why): "chromium's screenshot is unusable: \(why)"
            }
        }
    }

    /// The chromium binary, found or installed once per test process; the failure says why
    /// there is none.
    static let binary: Result<String, Failure> = locateOrInstall()

    static var isAvailable: Bool { (try? binary.get()) != nil }

    /// A one-line reason for skipping, when chromium is not available.
    static var unavailableReason: String {
        if case let .failure(f) = binary { return f.description }
        return ""
    }

    private static func locateOrInstall() -> Result<String, Failure> {
        let env = ProcessInfo.processInfo.environment
        if let explicit = env[binaryVariable], !explicit.isEmpty {
            return FileManager.default.isExecutableFile(atPath: explicit)
                ? .success(explicit) : .failure(.notFound("\(binaryVariable)=\(explicit) is not an executable file"))
        }
        if let found = search() { return .success(found) }
        let mayInstall = env["CI"].map { !$0.isEmpty } ?? false || env[installVariable] == "1"
        guard mayInstall else {
            return .failure(.notFound("no chromium on PATH; set \(installVariable)=1 (or CI) to let the tests run `apt-get install -y chromium`"))
        }
        // Try without refreshing the package lists first (fast on a warm machine), then with.
        if run("/usr/bin/env", ["apt-get", "install", "-y", "-qq", "chromium"], timeout: installTimeoutSeconds) != 0 {
            _ = run("/usr/bin/env", ["apt-get", "update", "-qq"], timeout: installTimeoutSeconds)
            _ = run("/usr/bin/env", ["apt-get", "install", "-y", "-qq", "chromium"], timeout: installTimeoutSeconds)
        }
        if let found = search() { return .success(found) }
        return .failure(.notFound("`apt-get install -y chromium` did not provide one (not root, or no network?)"))
    }

    private static func search() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let dirs = path.split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/snap/bin"]
        for dir in dirs {
            for name in ["chromium", "chromium-browser", "google-chrome"] {
                let candidate = "\(dir)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// How long each apt-get step may take (a machine without network can stall on mirrors).
    static let installTimeoutSeconds = 600.0

    /// Runs a command with no input and its output discarded; its exit status, or −1 when it
    /// cannot start or is stopped after `timeout` seconds.
    private static func run(_ executable: String, _ arguments: [String], timeout: Double) -> Int32 {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["DEBIAN_FRONTEND"] = "noninteractive"
        p.environment = env
        p.standardInput = FileHandle.nullDevice
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return -1 }
        let deadline = Date().addingTimeInterval(timeout)
        while p.isRunning && Date() < deadline { usleep(100_000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            return -1
        }
        return p.terminationStatus
    }

    /// Screenshots `html` (a complete page) in a `width` × `height` px viewport; the pixels as a
    /// surface. The page, the screenshot and chromium's log are left in `directory`.
    static func screenshot(html: String, width: Int, height: Int, directory: URL) throws -> Surface {
        let binary = try binary.get()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let page = directory.appendingPathComponent("page.html")
        let shot = directory.appendingPathComponent("chromium.png")
        let log = directory.appendingPathComponent("chromium.log")
        try html.write(to: page, atomically: true, encoding: .utf8)
        try? FileManager.default.removeItem(at: shot)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)

        let p = Process()
        p.executableURL = URL(fileURLWithPath: binary)
        p.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--force-device-scale-factor=1", "--force-color-profile=srgb",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            "--window-size=\(width),\(height)",
            "--screenshot=\(shot.path)",
            page.absoluteString,
        ]
        p.standardInput = FileHandle.nullDevice
        let logHandle = try FileHandle(forWritingTo: log)
        p.standardOutput = logHandle
        p.standardError = logHandle
        do { try p.run() } catch { throw Failure.launch("\(binary): \(error)") }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while p.isRunning && Date() < deadline { usleep(50_000) }
        if p.isRunning {
            p.terminate()
            p.waitUntilExit()
            throw Failure.timedOut
        }
        try? logHandle.close()
        guard let data = FileManager.default.contents(atPath: shot.path) else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw Failure.noScreenshot(status: p.terminationStatus, log: String(text.suffix(800)))
        }
        let surface: Surface
        do { surface = try ImageCodec.decodeSurface(data: data).surface } catch {
            throw Failure.badScreenshot("\(error)")
        }
        guard surface.width == width, surface.height == height else {
            throw Failure.badScreenshot("size \(surface.width)x\(surface.height), asked for \(width)x\(height)")
        }
        return surface
    }
}

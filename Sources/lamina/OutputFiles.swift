import CoreGraphics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writing outputs without ever destroying what is already there.
///
/// Every file the CLI writes (PNG stills, frames, videos) is first written completely to a
/// hidden temporary file in the target's own folder (`.NAME.lamina-PID-N.tmp`, same file
/// system) and then renamed over the target in one step. Until that rename an existing file
/// is untouched: a full disk, an encoder failure, SIGINT, SIGTERM or SIGHUP leave it as it was.
/// Temporaries and scratch folders are registered with `Cleanup`, which removes them on those
/// signals (and stops child processes such as ffmpeg) before the process exits with
/// 128 + the signal number. SIGKILL cannot be caught: after one, a `.lamina-*.tmp` file may
/// remain next to the output (the output itself is still intact).
///
/// Symbolic links: `-o link.png` replaces the link with the new file (as `mv` and `sed -i`
/// do); the file the link pointed to is not written through and stays as it was.
enum OutputFiles {
    nonisolated(unsafe) private static var counter = 0
    private static let lock = NSLock()

    /// The folder `path` is written into, checked to exist and be writable, with a clear error.
    static func checkedFolder(of path: String) throws -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError("cannot write \(path): the folder \(dir) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: dir) else {
            throw CLIError("cannot write \(path): the folder \(dir) is not writable")
        }
        return dir
    }

    /// A fresh hidden path beside `path` for its temporary; keeps the extension (ffmpeg picks
    /// its format from it).
    static func temporaryPath(for path: String) throws -> String {
        let dir = try checkedFolder(of: path)
        let name = (path as NSString).lastPathComponent
        let ext = (name as NSString).pathExtension
        let n: Int = lock.withLock { counter += 1; return counter }
        return "\(dir)/.\(name).lamina-\(getpid())-\(n).tmp\(ext.isEmpty ? "" : ".\(ext)")"
    }

    /// Writes `data` to `path` atomically (see the type's documentation).
    static func write(_ data: Data, to path: String) throws {
        let temporary = try temporaryPath(for: path)
        try Cleanup.shared.removing(temporary) {
            try writeNew(data, at: temporary)
            try commit(temporary, to: path)
        }
    }

    /// Renames a finished temporary over `path` (one step; the old file is replaced whole).
    static func commit(_ temporary: String, to path: String) throws {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            throw CLIError("cannot write \(path): \(reason)")
        }
    }

    /// Creates `path` (which must not exist: `O_EXCL`, so a file or link planted under the
    /// temporary's name is never written through) with `data`, flushed to disk (so the rename
    /// that follows can only show the old file or the whole new one). Foundation's
    /// `FileHandle` does the writing (retrying short writes) and the flush.
    private static func writeNew(_ data: Data, at path: String) throws {
        let name = (path as NSString).lastPathComponent
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw CLIError("cannot write \(name): \(String(cString: strerror(errno)))") }
        let file = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        do {
            try file.write(contentsOf: data)
            try file.synchronize()
        } catch {
            unlink(path)
            throw CLIError("cannot write \(name): \(reason(error))")
        }
    }

    /// The system's words for a file error (`strerror` of its POSIX code when it has one).
    private static func reason(_ error: Error) -> String {
        let e = error as NSError
        if e.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(e.code))) }
        if let underlying = e.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return e.localizedDescription
    }
}

/// What to undo when the CLI is interrupted: temporaries and scratch folders to remove and
/// child processes to stop. SIGINT, SIGTERM and SIGHUP are handled on a dispatch queue (the
/// main thread may be busy rendering): cleanup runs there, then the process exits with
/// 128 + the signal number, as a shell expects.
final class Cleanup: @unchecked Sendable {
    static let shared = Cleanup()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var children: [ObjectIdentifier: Process] = [:]
    private var sources: [DispatchSourceSignal] = []
    private var installed = false
    /// Takes the next signal instead of the exit (`stoppingOnInterrupt`), once.
    private var onInterrupt: (@Sendable () -> Void)?

    /// Runs `body` with `path` registered for removal on a signal; removes `path` afterwards
    /// if `body` left it there (a failed write leaves no temporary behind).
    func removing<T>(_ path: String, _ body: () throws -> T) rethrows -> T {
        installHandlers()
        lock.withLock { _ = paths.insert(path) }
        defer {
            lock.withLock { _ = paths.remove(path) }
            if FileManager.default.fileExists(atPath: path) { try? FileManager.default.removeItem(atPath: path) }
        }
        return try body()
    }

    /// Runs `body` with `process` registered to be terminated on a signal.
    func supervising<T>(_ process: Process, _ body: () throws -> T) rethrows -> T {
        installHandlers()
        let id = ObjectIdentifier(process)
        lock.withLock { children[id] = process }
        defer { lock.withLock { _ = children.removeValue(forKey: id) } }
        return try body()
    }

    /// Runs `body` with the first SIGINT, SIGTERM or SIGHUP handed to `stop` instead of ending
    /// the process: a recording (`lamina view --record`) stops its window on Ctrl-C and still
    /// encodes what it recorded. A second signal, or one after `body` returned, exits as usual.
    func stoppingOnInterrupt<T>(_ stop: @escaping @Sendable () -> Void, _ body: () throws -> T) rethrows -> T {
        installHandlers()
        lock.withLock { onInterrupt = stop }
        defer { lock.withLock { onInterrupt = nil } }
        return try body()
    }

    private func installHandlers() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler { [unowned self] in self.interrupted(by: sig) }
            source.resume()
            sources.append(source)
        }
    }

    private func interrupted(by sig: Int32) {
        let stop: (@Sendable () -> Void)? = lock.withLock {
            defer { onInterrupt = nil }
            return onInterrupt
        }
        if let stop {
            FileHandle.standardError.write(Data("\nlamina: stopping; finishing the recording (interrupt again to abandon it)\n".utf8))
            stop()
            return
        }
        let (toRemove, toStop) = lock.withLock { (paths, Array(children.values)) }
        for process in toStop where process.isRunning { process.terminate() }
        for path in toRemove { try? FileManager.default.removeItem(atPath: path) }
        FileHandle.standardError.write(Data("\nlamina: interrupted; temporary files removed (finished outputs are complete, unfinished ones untouched)\n".utf8))
        _exit(128 + sig)
    }
}

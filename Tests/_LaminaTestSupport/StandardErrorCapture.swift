import Foundation

/// Runs `body` with the process's standard error (file descriptor 2) going to a temporary file
/// and returns what was written there as UTF-8 text; the text is then written on to the real
/// standard error, so nothing is lost from the test log.
///
/// Captures are serialised (one at a time in the process), but other tests running
/// concurrently may write to standard error during a capture, so callers look for their own
/// phrases in the result rather than expecting it to hold nothing else. When the temporary
/// file cannot be made, `body` still runs and the result is "".
package func capturingStandardError(_ body: () -> Void) -> String {
    standardErrorCaptureLock.lock()
    defer { standardErrorCaptureLock.unlock() }
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("lamina-stderr-\(UUID().uuidString)").path
    let fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
    guard fd >= 0 else {
        body()
        return ""
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    fflush(nil)
    let saved = dup(STDERR_FILENO)
    dup2(fd, STDERR_FILENO)
    body()
    fflush(nil)
    dup2(saved, STDERR_FILENO)
    close(saved)
    close(fd)
    let data = FileManager.default.contents(atPath: path) ?? Data()
    if !data.isEmpty { FileHandle.standardError.write(data) }
    return String(decoding: data, as: UTF8.self)
}

private let standardErrorCaptureLock = NSLock()

import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a whole file or nothing: the bytes go to a new temporary file in the destination's
/// folder (so the final step is a same-filesystem rename), which is flushed, closed and then
/// renamed over the destination. Readers see the old file or the new one, never a part; on any
/// failure the temporary file is removed and an existing file at the destination is untouched.
enum AtomicFileWriter {
    /// Writes `data` to the file at `path`; returns whether it succeeded. The folder must
    /// exist (Apple's `CGImageDestinationFinalize` does not create folders either). New files
    /// get mode 0666 less the umask.
    static func write(_ data: Data, toPath path: String) -> Bool {
        guard !path.isEmpty, !path.hasSuffix("/") else { return false }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return false }
        for attempt in 0..<16 {
            let temp = folder + "/." + name + ".\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(attempt).tmp"
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd < 0 {
                if errno == EEXIST { continue }
                return false
            }
            let written = writeAll(data, to: fd) && fsync(fd) == 0
            let closed = close(fd) == 0
            guard written, closed, rename(temp, path) == 0 else {
                unlink(temp)
                return false
            }
            return true
        }
        return false
    }

    private static func writeAll(_ data: Data, to fd: Int32) -> Bool {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            guard var pointer = raw.baseAddress else { return true }
            var remaining = raw.count
            while remaining > 0 {
                let n = Glibc.write(fd, pointer, remaining)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                pointer += n
                remaining -= n
            }
            return true
        }
    }
}

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
            let status = ExclusiveFile.create(temp, contents: data, mode: 0o666)
            if status == EEXIST { continue }
            guard status == 0 else { return false }
            guard rename(temp, path) == 0 else {
                unlink(temp)
                return false
            }
            return true
        }
        return false
    }
}

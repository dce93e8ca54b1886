import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The first step of every atomic file write in Lamina (ImageIO's `CGImageDestination`, the
/// CLI's outputs): create a file that must not exist yet, write all of `data` to it (retrying
/// interrupted writes) and flush it to disk, so that renaming it over the destination can only
/// ever show the old file or the complete new one.
package enum ExclusiveFile {
    /// Creates `path` with `data` and permission bits `mode` (less the umask). Returns 0, or
    /// the `errno` of the step that failed; a file that was created is removed again then.
    package static func create(_ path: String, contents data: Data, mode: mode_t) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { return errno }
        var failure: Int32 = 0
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            guard var pointer = raw.baseAddress else { return }
            var remaining = raw.count
            while remaining > 0 {
                let n = Glibc.write(fd, pointer, remaining)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                pointer += n
                remaining -= n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 { unlink(path) }
        return failure
    }
}

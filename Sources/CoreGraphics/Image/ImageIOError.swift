import Foundation
import LaminaRaster

/// Why an image could not be decoded or encoded. Every case names what was wrong so a failing
/// test or tool prints something actionable.
package enum ImageIOError: Error, CustomStringConvertible, Equatable {
    /// No bytes at all.
    case emptyData
    /// The data is neither PNG nor JPEG; `firstBytes` is its start in hex (up to 16 bytes).
    case unknownFormat(firstBytes: String)
    /// The data ends before the image does.
    case truncated(format: String, message: String)
    /// The decoder rejected the data; `message` is libpng's or libjpeg's explanation.
    case corruptData(format: String, message: String)
    /// Valid data in a variant Lamina does not handle (12-bit JPEG, arithmetic coding, …).
    case unsupportedVariant(format: String, message: String)
    /// The header declares more than `Surface.maxDimension` px a side or
    /// `Surface.maxPixelCount` pixels; nothing was allocated.
    case imageTooLarge(width: Int, height: Int)
    /// The header declares a zero width or height.
    case zeroSized(width: Int, height: Int)
    /// The decoded pixels (`bytes`, 4 a pixel) would not fit in what is left of the pixel-memory
    /// budget (`available` of `limit` bytes, `PixelMemoryBudget.current`); nothing was allocated.
    case overMemoryBudget(width: Int, height: Int, bytes: Int?, available: Int, limit: Int)
    /// Memory ran out inside the codec.
    case outOfMemory(format: String)
    /// Writing or reading a file failed.
    case fileError(path: String, message: String)

    package var description: String {
        switch self {
        case .emptyData: return "image data is empty"
        case let .unknownFormat(bytes):
            return "unknown image format (neither PNG nor JPEG); data starts with \(bytes.isEmpty ? "nothing" : bytes)"
        case let .truncated(format, message): return "\(format) data is truncated: \(message)"
        case let .corruptData(format, message): return "\(format) data is corrupt: \(message)"
        case let .unsupportedVariant(format, message): return "unsupported \(format) variant: \(message)"
        case let .imageTooLarge(w, h):
            return "image \(w)x\(h) is too large (at most \(Surface.maxDimension) px a side and \(Surface.maxPixelCount) pixels)"
        case let .zeroSized(w, h): return "image has zero size (\(w)x\(h))"
        case let .overMemoryBudget(w, h, bytes, available, limit):
            let mib = { (b: Int) in String(format: "%.0f MiB", Double(b) / 1_048_576) }
            return "image \(w)x\(h) needs \(bytes.map(mib) ?? "too much memory"), more than the \(mib(max(0, available))) left of the pixel-memory budget (\(mib(limit)))"
        case let .outOfMemory(format): return "out of memory while coding \(format)"
        case let .fileError(path, message): return "cannot access \(path): \(message)"
        }
    }

    /// Checks a declared size against Lamina's limits before anything is allocated.
    package static func checkSize(width: Int, height: Int) throws {
        guard width > 0, height > 0 else { throw ImageIOError.zeroSized(width: width, height: height) }
        guard width <= Surface.maxDimension, height <= Surface.maxDimension,
              width.multipliedReportingOverflow(by: height).partialValue <= Surface.maxPixelCount
        else { throw ImageIOError.imageTooLarge(width: width, height: height) }
    }
}

import Foundation
import ImageIO
import QuartzCore

/// PNG files of frames, through ImageIO's public `CGImageDestination` (the host writes files
/// the way an app would, not through CoreGraphics' internal codec).
package enum PNGFile {
    /// Why a PNG could not be made or written.
    package struct WriteError: Error, CustomStringConvertible, Equatable {
        package let description: String
    }

    /// The PNG encoding of `image`.
    package static func data(of image: CGImage) throws -> Data {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, "public.png" as CFString, 1, nil) else {
            throw WriteError(description: "PNG encoding is not available")
        }
        CGImageDestinationAddImage(destination, image, nil)
        guard CGImageDestinationFinalize(destination) else {
            throw WriteError(description: "cannot encode a \(image.width) x \(image.height) image as PNG")
        }
        return data as Data
    }

    /// Writes `image` as a PNG file at `path` (replacing a file there).
    package static func write(_ image: CGImage, to path: String) throws {
        let png = try data(of: image)
        do {
            try png.write(to: URL(fileURLWithPath: path))
        } catch {
            throw WriteError(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}

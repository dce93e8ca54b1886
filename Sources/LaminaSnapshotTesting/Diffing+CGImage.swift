#if SnapshotTesting
import CoreGraphics
import Foundation
import ImageIO
import SnapshotTesting

extension Diffing where Value == CGImage {
    /// Exact comparison (every byte of every pixel).
    public static var image: Diffing { .image() }

    /// Images stored as PNG and compared pixel by pixel (see `ImageDifference`). On a
    /// mismatch the message gives how much differs and the path of a difference image (each
    /// channel's absolute difference, opaque), written where swift-snapshot-testing writes the
    /// failing snapshot: `SNAPSHOT_ARTIFACTS` or the temporary directory. The difference
    /// image and the reference are also attached to the failure.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Diffing {
        Diffing.diff(
            toData: { PNGCoding.data($0) },
            fromData: { PNGCoding.image($0) },
            diffV2: { reference, snapshot in
                guard let failure = ImageDifference.compare(reference, snapshot, precision: precision,
                                                            perceptualPrecision: perceptualPrecision)
                else { return nil }
                var message = failure.message
                var attachments = [DiffAttachment.data(PNGCoding.data(reference), name: "reference.png")]
                if let difference = failure.differenceImage {
                    let data = PNGCoding.data(difference)
                    attachments.append(.data(data, name: "difference.png"))
                    if let url = PNGCoding.writeArtifact(data) { message += "\n\ndifference image: \(url.path)" }
                }
                return (message, attachments)
            })
    }
}

extension SimplySnapshotting where Value == CGImage, Format == CGImage {
    /// A CGImage compared as `Diffing<CGImage>.image(precision:perceptualPrecision:)` does.
    public static var image: Snapshotting { .image() }

    public static func image(precision: Float = 1, perceptualPrecision: Float = 1) -> Snapshotting {
        SimplySnapshotting(pathExtension: "png",
                           diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision))
    }
}

/// PNG bytes through ImageIO, as the Apple strategies store their images.
enum PNGCoding {
    static func data(_ image: CGImage) -> Data {
        let out = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(out, "public.png" as CFString, 1, nil) else { return Data() }
        CGImageDestinationAddImage(destination, image, nil)
        return CGImageDestinationFinalize(destination) ? out as Data : Data()
    }

    /// The decoded image; unreadable data gives a 1 × 1 transparent image, so the comparison
    /// fails with a size message instead of trapping.
    static func image(_ data: Data) -> CGImage {
        if let source = CGImageSourceCreateWithData(data as CFData, nil),
           let image = CGImageSourceCreateImageAtIndex(source, 0, nil) {
            return image
        }
        let ctx = CGContext(data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
        return ctx.makeImage()!
    }

    /// Writes a difference image into `SNAPSHOT_ARTIFACTS` (or the temporary directory).
    static func writeArtifact(_ data: Data) -> URL? {
        let directory = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let url = URL(fileURLWithPath: directory, isDirectory: true)
            .appendingPathComponent("lamina-difference-\(UUID().uuidString).png")
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
            return url
        } catch {
            return nil
        }
    }
}
#endif

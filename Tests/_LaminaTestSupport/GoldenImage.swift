import CoreGraphics
import LaminaRaster

/// Golden-image testing for every Lamina test target: compare a rendered surface with a PNG
/// kept in the repository, per channel with a tolerance. Test support only (it reads the
/// environment and writes files): no product module uses it.
///
/// On failure a picture `expected | diff | actual` is written to `__failures__/<name>.failure.png`
/// next to the golden (diff: red where a channel differs by more than the tolerance, orange
/// where it differs within it, a faded gray copy of the expected image elsewhere). With the
/// environment variable `LAMINA_RECORD_GOLDENS=1` the golden is (re)written instead and the
/// result says so. Goldens are stored as premultiplied → straight 8-bit PNG, so translucent
/// pixels round-trip within ±1 per channel; use `tolerance ≥ 1` for images with translucency.
///
///     let result = GoldenImage.compare(actual: surface, goldenPath: path, tolerance: 1)
///     #expect(result.passed, "\(result)")
package enum GoldenImage {
    package static let recordEnvironmentVariable = "LAMINA_RECORD_GOLDENS"
    package static let failureFolderName = "__failures__"

    /// True when `LAMINA_RECORD_GOLDENS` is set to 1 (or "true"/"yes").
    package static var isRecordingFromEnvironment: Bool {
        guard let value = ProcessInfo.processInfo.environment[recordEnvironmentVariable]?.lowercased() else { return false }
        return ["1", "true", "yes"].contains(value)
    }

    /// Compares `actual` with the PNG at `goldenPath`. Passes when at most `maxDifferentPixels`
    /// pixels have a channel (R, G, B or A, premultiplied) differing by more than `tolerance`.
    /// With `record` (default: the environment variable) the golden is written and the
    /// comparison skipped.
    package static func compare(actual: Surface, goldenPath: String, tolerance: UInt8 = 0,
                                maxDifferentPixels: Int = 0,
                                record: Bool = isRecordingFromEnvironment) -> GoldenResult {
        let failurePath = failureImagePath(forGolden: goldenPath)
        if record {
            do {
                try ImageCodec.writePNG(surface: actual, to: goldenPath, compressionLevel: 9)
                try? FileManager.default.removeItem(atPath: failurePath)
                return GoldenResult(outcome: .recorded, goldenPath: goldenPath,
                                    message: "recorded golden \(goldenPath) (\(actual.width)x\(actual.height))")
            } catch {
                return GoldenResult(outcome: .error, goldenPath: goldenPath, message: "could not record golden: \(error)")
            }
        }

        let expected: Surface
        do {
            guard let data = FileManager.default.contents(atPath: goldenPath) else {
                let written = writeFailureImage(expected: nil, actual: actual, tolerance: tolerance, to: failurePath)
                return GoldenResult(outcome: .missingGolden, goldenPath: goldenPath, failureImagePath: written,
                                    message: "golden \(goldenPath) does not exist; run with \(recordEnvironmentVariable)=1 to record it")
            }
            expected = try ImageCodec.decodeSurface(data: data).surface
        } catch {
            return GoldenResult(outcome: .error, goldenPath: goldenPath, message: "cannot read golden \(goldenPath): \(error)")
        }

        let stats = difference(expected: expected, actual: actual, tolerance: tolerance)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        if sameSize && stats.differentPixels <= maxDifferentPixels {
            try? FileManager.default.removeItem(atPath: failurePath)
            return GoldenResult(outcome: .matched, goldenPath: goldenPath, differentPixels: stats.differentPixels,
                                maxChannelDifference: stats.maxChannelDifference,
                                message: "matches \(goldenPath) (\(stats.differentPixels) pixels beyond ±\(tolerance), max channel difference \(stats.maxChannelDifference))")
        }
        let written = writeFailureImage(expected: expected, actual: actual, tolerance: tolerance, to: failurePath)
        let what = sameSize
            ? "\(stats.differentPixels) pixels differ by more than ±\(tolerance) (allowed \(maxDifferentPixels)), max channel difference \(stats.maxChannelDifference)"
            : "size \(actual.width)x\(actual.height) differs from golden \(expected.width)x\(expected.height)"
        return GoldenResult(outcome: sameSize ? .mismatched : .sizeMismatch, goldenPath: goldenPath,
                            differentPixels: stats.differentPixels, maxChannelDifference: stats.maxChannelDifference,
                            failureImagePath: written,
                            message: "\(what); see \(written ?? "(failure image could not be written)")")
    }

    /// Compares an image's premultiplied pixels; see `compare(actual:goldenPath:…)`.
    package static func compare(actual: CGImage, goldenPath: String, tolerance: UInt8 = 0,
                                maxDifferentPixels: Int = 0,
                                record: Bool = isRecordingFromEnvironment) -> GoldenResult {
        compare(actual: actual.premultipliedRGBA8, goldenPath: goldenPath, tolerance: tolerance,
                maxDifferentPixels: maxDifferentPixels, record: record)
    }

    /// The path of golden `name` in `folder` beside the calling source file, so tests keep
    /// their goldens in the repository next to them: `GoldenImage.path("shadow.png")` called
    /// from `Tests/X/ShadowTests.swift` is `Tests/X/Goldens/shadow.png`.
    package static func path(_ name: String, folder: String = "Goldens", file: StaticString = #filePath) -> String {
        URL(fileURLWithPath: "\(file)").deletingLastPathComponent()
            .appendingPathComponent(folder).appendingPathComponent(name).path
    }

    /// `<folder of golden>/__failures__/<golden name without extension>.failure.png`.
    package static func failureImagePath(forGolden goldenPath: String) -> String {
        let url = URL(fileURLWithPath: goldenPath)
        let name = url.deletingPathExtension().lastPathComponent
        return url.deletingLastPathComponent().appendingPathComponent(failureFolderName)
            .appendingPathComponent("\(name).failure.png").path
    }

    /// Pixel statistics over the union of both sizes; pixels present in only one image count
    /// as different.
    package static func difference(expected: Surface, actual: Surface, tolerance: UInt8)
        -> (differentPixels: Int, maxChannelDifference: Int) {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var count = 0, maxDiff = 0
        for y in 0..<h {
            for x in 0..<w {
                guard x < expected.width, y < expected.height, x < actual.width, y < actual.height else {
                    count += 1
                    continue
                }
                let d = channelDifference(expected.row(y) + x * 4, actual.row(y) + x * 4)
                maxDiff = max(maxDiff, d)
                if d > Int(tolerance) { count += 1 }
            }
        }
        return (count, maxDiff)
    }

    @inline(__always)
    private static func channelDifference(_ e: UnsafeMutablePointer<UInt8>, _ a: UnsafeMutablePointer<UInt8>) -> Int {
        max(abs(Int(e[0]) - Int(a[0])), abs(Int(e[1]) - Int(a[1])),
            abs(Int(e[2]) - Int(a[2])), abs(Int(e[3]) - Int(a[3])))
    }

    /// The picture `expected | diff | actual`, panels 4 px apart on a transparent background;
    /// the expected panel is empty when there is no golden. Nil when it would exceed the
    /// surface limits.
    package static func failureImage(expected: Surface?, actual: Surface, tolerance: UInt8) -> Surface? {
        let ew = expected?.width ?? 0, eh = expected?.height ?? 0
        let dw = max(ew, actual.width), dh = max(eh, actual.height)
        let gap = 4
        guard let canvas = try? Surface(width: ew + gap + dw + gap + actual.width, height: dh) else { return nil }
        if let expected { blit(expected, into: canvas, atX: 0) }
        let diffX = ew + gap
        for y in 0..<dh {
            let out = canvas.row(y) + diffX * 4
            for x in 0..<dw {
                let o = out + x * 4
                guard let expected, x < ew, y < eh, x < actual.width, y < actual.height else {
                    o[0] = 255; o[1] = 0; o[2] = 0; o[3] = 255
                    continue
                }
                let e = expected.row(y) + x * 4
                let d = channelDifference(e, actual.row(y) + x * 4)
                if d > Int(tolerance) {
                    o[0] = 255; o[1] = 0; o[2] = 0
                } else if d > 0 {
                    o[0] = 255; o[1] = 160; o[2] = 0
                } else {
                    // Faded luminance of the expected pixel over white, for context.
                    let luma = (Int(e[0]) * 54 + Int(e[1]) * 183 + Int(e[2]) * 19) >> 8
                    let shade = UInt8(255 - (Int(e[3]) - luma) / 4)
                    o[0] = shade; o[1] = shade; o[2] = shade
                }
                o[3] = 255
            }
        }
        blit(actual, into: canvas, atX: diffX + dw + gap)
        return canvas
    }

    private static func writeFailureImage(expected: Surface?, actual: Surface, tolerance: UInt8, to path: String) -> String? {
        guard let image = failureImage(expected: expected, actual: actual, tolerance: tolerance),
              (try? ImageCodec.writePNG(surface: image, to: path, compressionLevel: 6)) != nil
        else { return nil }
        return path
    }

    private static func blit(_ source: Surface, into canvas: Surface, atX x0: Int) {
        for y in 0..<source.height {
            (canvas.row(y) + x0 * 4).update(from: source.row(y), count: source.width * 4)
        }
    }
}

/// The outcome of a golden comparison; `description` is the message to show in a test failure.
package struct GoldenResult: CustomStringConvertible, Sendable {
    package enum Outcome: Sendable, Equatable {
        /// Within tolerance.
        case matched
        /// Record mode: the golden was (re)written; counts as passing.
        case recorded
        /// No golden file (and not recording).
        case missingGolden
        case sizeMismatch
        case mismatched
        /// The golden could not be read or written.
        case error
    }

    package let outcome: Outcome
    package let goldenPath: String
    package var differentPixels: Int = 0
    package var maxChannelDifference: Int = 0
    /// Where the `expected | diff | actual` picture was written, when the comparison failed.
    package var failureImagePath: String?
    package let message: String

    package init(outcome: Outcome, goldenPath: String, differentPixels: Int = 0, maxChannelDifference: Int = 0,
                 failureImagePath: String? = nil, message: String) {
        self.outcome = outcome
        self.goldenPath = goldenPath
        self.differentPixels = differentPixels
        self.maxChannelDifference = maxChannelDifference
        self.failureImagePath = failureImagePath
        self.message = message
    }

    package var passed: Bool { outcome == .matched || outcome == .recorded }
    package var description: String { message }
}

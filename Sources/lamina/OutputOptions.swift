import ArgumentParser
import Foundation
import LaminaScenes
import QuartzCore

/// Where a render goes, decided by the `-o` path: a `.png` file (one frame), a `.mp4`/`.gif`
/// file (a video through ffmpeg), or anything else (a directory of numbered PNG frames).
enum OutputKind: Equatable {
    case png(String)
    case video(String)
    case directory(String)

    init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".png") { self = .png(path) }
        else if lower.hasSuffix(".mp4") || lower.hasSuffix(".gif") || lower.hasSuffix(".webm") { self = .video(path) }
        else { self = .directory(path.hasSuffix("/") ? String(path.dropLast()) : path) }
    }
}

/// `--frames A..B`: frame indices at `--fps`, both ends included, so a long render can be
/// split across machines (`0..99`, `100..199`, …) and the numbered files join up.
struct FrameRange: ExpressibleByArgument, Equatable {
    let first: Int
    let last: Int

    init?(argument: String) {
        let parts = argument.components(separatedBy: "..")
        guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a, b - a < 1_000_000 else {
            return nil
        }
        first = a
        last = b
    }

    static var defaultValueDescription: String { "A..B" }
}

/// `--size WxH`: the output in pixels; the scene is scaled uniformly to fit and centred.
struct PixelSize: ExpressibleByArgument, Equatable {
    let width: Int
    let height: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0, w <= 16384, h <= 16384 else {
            return nil
        }
        width = w
        height = h
    }
}

/// How a scene maps onto output pixels: a scale (pixels per point) and the visible rectangle
/// of the scene's space (points).
struct FrameGeometry {
    let pixelWidth: Int
    let pixelHeight: Int
    let scale: CGFloat
    let viewport: CGRect

    /// At most this many pixels per frame: a typo must not allocate gigabytes.
    static let maxPixels = 64_000_000

    /// Throws (never traps) for a scene size that is not finite and positive and for outputs
    /// over `maxPixels`: an archive's root frame can be anything its JSON says.
    init(sceneSize: CGSize, scale: Double, size: PixelSize?) throws {
        guard scale.isFinite, scale > 0, scale <= 64 else { throw CLIError("--scale must be in (0, 64], got \(scale)") }
        guard sceneSize.width.isFinite, sceneSize.height.isFinite, sceneSize.width > 0, sceneSize.height > 0 else {
            throw CLIError("a scene of \(sceneSize.width) x \(sceneSize.height) points cannot be rendered (the size must be finite and positive)")
        }
        if let size {
            let s = min(CGFloat(size.width) / sceneSize.width, CGFloat(size.height) / sceneSize.height)
            guard s.isFinite, s > 0 else {
                throw CLIError("a scene of \(sceneSize.width) x \(sceneSize.height) points cannot be fitted into \(size.width) x \(size.height) pixels")
            }
            pixelWidth = size.width
            pixelHeight = size.height
            self.scale = s
            let visible = CGSize(width: CGFloat(size.width) / s, height: CGFloat(size.height) / s)
            viewport = CGRect(x: (sceneSize.width - visible.width) / 2, y: (sceneSize.height - visible.height) / 2,
                              width: visible.width, height: visible.height)
        } else {
            self.scale = CGFloat(scale)
            // Checked as Doubles: Int(_:) traps above Int.max and the product can overflow.
            let w = (sceneSize.width * self.scale).rounded(), h = (sceneSize.height * self.scale).rounded()
            guard w >= 1, h >= 1, w * h <= Double(Self.maxPixels) else {
                throw CLIError("an output of \(Self.describe(w)) x \(Self.describe(h)) pixels is out of range (at most \(Self.maxPixels) pixels)")
            }
            pixelWidth = Int(w)
            pixelHeight = Int(h)
            viewport = CGRect(origin: .zero, size: sceneSize)
        }
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth * pixelHeight <= Self.maxPixels else {
            throw CLIError("an output of \(pixelWidth) x \(pixelHeight) pixels is out of range (at most \(Self.maxPixels) pixels)")
        }
    }

    /// A pixel count for a message: whole numbers without ".0" while they fit an Int.
    private static func describe(_ d: Double) -> String {
        d.magnitude < 1e15 ? String(Int(d)) : "\(d)"
    }

    /// `--fps` must be a finite rate in (0, 240] before any frame range is computed from it.
    static func checkFPS(_ fps: Double) throws {
        guard fps.isFinite, fps > 0, fps <= 240 else { throw CLIError("--fps must be in (0, 240], got \(fps)") }
    }
}

/// A progress bar on standard error for multi-frame renders (only when it is a terminal or
/// when asked, so logs stay clean).
struct Progress {
    let total: Int
    let label: String
    let enabled: Bool

    init(total: Int, label: String) {
        self.total = total
        self.label = label
        enabled = isatty(2) != 0 && total > 1
    }

    func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total)".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

import Foundation
import LaminaScenes
import QuartzCore

/// Renders scenes and archives to PNG files.
enum SceneRendering {
    /// Limits that keep a typo (`--scale 1000`) from allocating gigabytes.
    static let maxPixels = 64_000_000

    /// Renders `descriptor` at each of `times` (seconds of scene time, ascending order is not
    /// required) to `directory/<scene>-<time>.png`; returns the paths written.
    static func renderStills(_ descriptor: SceneDescriptor, times: [Double], scale: CGFloat,
                             directory: String) throws -> [String] {
        let runner = SceneRunner(scene: descriptor.make())
        var written: [String] = []
        for t in times.sorted() {
            runner.advance(to: t)
            let path = "\(directory)/\(descriptor.name)-\(timeLabel(t)).png"
            try writeFrame(runner, size: descriptor.size, scale: scale, to: path)
            written.append(path)
        }
        return written
    }

    /// Renders frames at `fps` from 0 to the scene's duration into `directory/frame-00000.png`….
    static func renderFrames(_ descriptor: SceneDescriptor, fps: Double, scale: CGFloat,
                             directory: String) throws -> Int {
        guard fps > 0, fps <= 240 else { throw CLIError.usage("--fps must be in (0, 240], got \(fps)") }
        let runner = SceneRunner(scene: descriptor.make())
        let count = Int((descriptor.duration * fps).rounded(.up)) + 1
        for i in 0..<count {
            runner.advance(to: Double(i) / fps)
            try writeFrame(runner, size: descriptor.size, scale: scale,
                           to: "\(directory)/frame-\(String(format: "%05d", i)).png")
        }
        return count
    }

    static func writeFrame(_ runner: SceneRunner, size: CGSize, scale: CGFloat, to path: String) throws {
        let (w, h) = try pixelSize(size, scale: scale)
        let image = try LayerRenderer.renderImage(runner.scene.root, at: runner.mediaTime,
                                                  pixelWidth: w, pixelHeight: h, scale: scale,
                                                  background: CGColor(gray: 0, alpha: 1))
        try image.writePNG(to: path)
    }

    /// Renders the layer tree in a JSON archive (QuartzCore's LayerArchive format) to `path`.
    static func renderArchive(at input: String, scale: CGFloat, to path: String) throws {
        let root: CALayer
        do {
            root = try LayerArchive.decode(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw CLIError.failed("\(input): \(error)")
        }
        let frame = root.frame
        let size = CGSize(width: max(frame.maxX, 1), height: max(frame.maxY, 1))
        let (w, h) = try pixelSize(size, scale: scale)
        let image = try LayerRenderer.renderImage(root, at: 0, pixelWidth: w, pixelHeight: h, scale: scale)
        try image.writePNG(to: path)
    }

    static func pixelSize(_ size: CGSize, scale: CGFloat) throws -> (Int, Int) {
        guard scale.isFinite, scale > 0 else { throw CLIError.usage("--scale must be positive, got \(scale)") }
        let w = Int((size.width * scale).rounded()), h = Int((size.height * scale).rounded())
        guard w > 0, h > 0, w * h <= maxPixels else {
            throw CLIError.usage("output of \(w) x \(h) pixels is out of range (at most \(maxPixels) pixels)")
        }
        return (w, h)
    }

    /// "1.25" → "1.250s": sortable, unambiguous file-name part.
    static func timeLabel(_ t: Double) -> String { String(format: "%06.3fs", t) }
}

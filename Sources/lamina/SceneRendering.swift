import Foundation
import LaminaKit
import LaminaScenes
import QuartzCore

/// Renders scenes and archives to images, frame sequences and contact sheets.
enum SceneRendering {
    /// One frame of a scene whose runner has been advanced to the wanted time, drawn by the
    /// runner's `CARenderer` (which keeps caches between the frames of a sequence).
    static func frame(_ runner: SceneRunner, _ g: FrameGeometry, background: CGColor? = CGColor(gray: 0, alpha: 1),
                      redrawAll: Bool = false) throws -> CGImage {
        try runner.render(viewport: g.viewport, scale: g.scale, background: background, redrawAll: redrawAll)
    }

    /// The scene at each of `times` (seconds of scene time, any order), in ascending order.
    static func stills(_ d: SceneDescriptor, times: [Double], _ g: FrameGeometry) throws -> [(time: Double, image: CGImage)] {
        let runner = SceneRunner(scene: d.make())
        return try times.sorted().map { t in
            runner.advance(to: t)
            return (t, try frame(runner, g))
        }
    }

    /// Frames `range` at `fps` into `directory/frame-00000.png`…; returns how many were written.
    @discardableResult
    static func frames(_ d: SceneDescriptor, range: FrameRange, fps: Double, _ g: FrameGeometry,
                       into directory: String, label: String) throws -> Int {
        try FrameGeometry.checkFPS(fps)
        try makeDirectory(directory)
        let runner = SceneRunner(scene: d.make())
        let progress = Progress(total: range.last - range.first + 1, label: label)
        for (k, i) in (range.first...range.last).enumerated() {
            runner.advance(to: Double(i) / fps)
            try write(try frame(runner, g), to: "\(directory)/\(frameName(i, in: range))")
            progress.update(k + 1)
        }
        return range.last - range.first + 1
    }

    /// Digits in a frame file's number: at least 5, and enough for the range's last index, so
    /// 64-bit indices never wrap and the names of one range all have one width (what ffmpeg's
    /// `%0Nd` pattern needs).
    static func frameDigits(_ range: FrameRange) -> Int { max(5, String(range.last).count) }

    /// "frame-00042.png": frame `i` of `range`, zero-padded to `frameDigits(range)`.
    static func frameName(_ i: Int, in range: FrameRange) -> String {
        let digits = String(i)
        return "frame-" + String(repeating: "0", count: max(0, frameDigits(range) - digits.count)) + digits + ".png"
    }

    /// The frame range covering a scene's whole duration at `fps`.
    static func wholeRange(_ d: SceneDescriptor, fps: Double) throws -> FrameRange {
        try FrameGeometry.checkFPS(fps)
        return FrameRange(argument: "0..\(Int((d.duration * fps).rounded(.up)))")!
    }

    /// The layer tree of a JSON archive (QuartzCore's `CALayerArchive`) at scene time `t`
    /// (archives hold no script). The archive is read with the runner's media time origin, so
    /// an archived animation with begin time b is seen `t - b` seconds into its run.
    static func archive(at path: String, time t: Double, scale: Double, size: PixelSize?,
                        allowFileAccess: Bool = false) throws -> CGImage {
        let root: CALayer
        let origin: CFTimeInterval = 1000
        do {
            root = try CALayerArchive.unarchivedLayer(contentsOf: URL(fileURLWithPath: path),
                                                      allowsFileAccess: allowFileAccess, timeOrigin: origin)
        } catch {
            throw CLIError("\(path): \(error)")
        }
        let frame = root.frame
        // Huge or infinite bounds and singular or NaN transforms make a frame no output can
        // hold: say which layer and what, rather than trapping on the pixel count.
        guard frame.maxX.isFinite, frame.maxY.isFinite else {
            throw CLIError("\(path): the root layer's frame \(describe(frame)) is not a finite rectangle (check its bounds, position, anchorPoint and transform)")
        }
        let sceneSize = CGSize(width: max(frame.maxX, 1), height: max(frame.maxY, 1))
        let g: FrameGeometry
        do {
            g = try FrameGeometry(sceneSize: sceneSize, scale: scale, size: size)
        } catch {
            throw CLIError("\(path): the root layer's frame \(describe(frame)): \(error)\(size == nil ? " (use --size WxH to fit it)" : "")")
        }
        let runner = SceneRunner(scene: ArchivedScene(root: root), origin: origin)
        runner.advance(to: t)
        do {
            return try SceneRendering.frame(runner, g, background: nil)
        } catch {
            throw CLIError("\(path): \(error)")
        }
    }

    /// "[x, y, w, h]" in points (the archive's spelling), "null" for the null rectangle.
    private static func describe(_ r: CGRect) -> String {
        r.isNull ? "null" : "[\(r.origin.x), \(r.origin.y), \(r.size.width), \(r.size.height)]"
    }

    /// Key frames side by side, `columns` to a row, 8-pixel gutters, drawn by the compositor
    /// itself (each frame is an image layer).
    static func contactSheet(_ images: [CGImage], columns: Int) throws -> CGImage {
        guard let first = images.first else { throw CLIError("no frames for a contact sheet") }
        let w = CGFloat(first.width), h = CGFloat(first.height), gap: CGFloat = 8
        let cols = max(1, min(columns, images.count)), rows = (images.count + cols - 1) / cols
        let sheet = CALayer()
        sheet.frame = CGRect(x: 0, y: 0, width: CGFloat(cols) * (w + gap) + gap, height: CGFloat(rows) * (h + gap) + gap)
        sheet.backgroundColor = CGColor(gray: 0.15, alpha: 1)
        for (i, image) in images.enumerated() {
            let cell = CALayer()
            cell.frame = CGRect(x: gap + CGFloat(i % cols) * (w + gap), y: gap + CGFloat(i / cols) * (h + gap), width: w, height: h)
            cell.contents = image
            sheet.addSublayer(cell)
        }
        let renderer = CARenderer(bounds: sheet.frame)
        renderer.layer = sheet
        return try renderer.renderImage()
    }

    /// Encodes `image` as PNG and writes it to `path` atomically: an existing file is replaced
    /// only once the new one is complete (see `OutputFiles`).
    static func write(_ image: CGImage, to path: String) throws {
        _ = try OutputFiles.checkedFolder(of: path)
        let data: Data
        do {
            data = try PNGFile.data(of: image)
        } catch {
            throw CLIError("cannot write \(path): \(error)")
        }
        try OutputFiles.write(data, to: path)
    }

    static func makeDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create \(path): \(error.localizedDescription)")
        }
    }

    /// "1.25" → "01.250s": sortable, unambiguous file-name part.
    static func timeLabel(_ t: Double) -> String { String(format: "%06.3fs", t) }
}

/// A layer tree read from an archive, as a scene without a script.
final class ArchivedScene: SceneModel {
    let root: CALayer
    let script: [ScriptStep] = []
    init(root: CALayer) { self.root = root }
    func handle(_ input: SceneInput) {}
}

extension SceneCatalog {
    /// The scene called `name`, or an error listing the names there are.
    static func require(_ name: String) throws -> SceneDescriptor {
        guard let d = named(name) else {
            throw CLIError("no scene named \"\(name)\" (scenes: \(all.map(\.name).joined(separator: ", ")))")
        }
        return d
    }
}

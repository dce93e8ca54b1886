import Foundation
import QuartzCore

/// A window without a display: frames stay in memory (and can be written as PNG), events come
/// from a script. What tests, the CLI and machines without a display use.
///
/// Scripting: `post(_:)` queues events exactly as a real backend would report them;
/// `resize(to:)` and `requestClose()` queue the matching window events. Presented frames are
/// counted and the last one kept (`lastFrame`); set `keepsAllFrames` to keep every one.
///
/// Frames the host presents (`present(_: WindowFrame)`) go into a texture in memory as they
/// would into an SDL window's: only the rectangles that changed (`FrameUploader`), so
/// `lastUploads` shows what an SDL window would have uploaded and `lastFrame` what it shows.
package final class HeadlessWindow: WindowBackend {
    package var title: String
    package private(set) var pointSize: CGSize
    package private(set) var pixelSize: (width: Int, height: Int)
    package let refreshRate: Double
    package private(set) var isOpen = true
    /// Pixels per point, as given at creation (kept on resize).
    package let backingScale: CGFloat

    /// Number of frames presented so far.
    package private(set) var presentedFrameCount = 0
    /// The most recently presented frame (for a `WindowFrame`, a copy of the texture made on
    /// first use).
    package var lastFrame: CGImage? {
        if shownImage == nil, textureIsShown { shownImage = texture.makeImage() }
        return shownImage
    }
    /// The last image presented, or the texture's copy once made.
    private var shownImage: CGImage?
    /// The texture holds the frame shown (the last present was a `WindowFrame`).
    private var textureIsShown = false
    /// What the window shows: frames' changed rectangles are uploaded into it.
    package let texture = MemoryFrameTexture()
    private var uploader = FrameUploader()
    /// The rectangles the last present of a `WindowFrame` uploaded into `texture` (empty:
    /// none).
    package var lastUploads: [FrameRect] { uploader.lastUploads }
    /// Pixels uploaded into `texture` so far.
    package var uploadedPixelCount: Int { uploader.uploadedPixelCount }
    /// Every presented frame, in order, when `keepsAllFrames` is set.
    package private(set) var frames: [CGImage] = []
    package var keepsAllFrames = false

    private var queue: [InputEvent] = []
    private var queueHead = 0

    /// A window of `size` points at `scale` pixels per point, refreshing at `refreshRate` Hz.
    /// Throws `WindowError.invalidSize` for sizes that are not finite and positive or too large.
    package init(title: String = "Lamina", size: CGSize, scale: CGFloat = 1, refreshRate: Double = 60) throws {
        self.title = title
        pixelSize = try WindowSize.pixels(for: size, scale: scale)
        pointSize = size
        backingScale = scale
        self.refreshRate = refreshRate.isFinite && refreshRate >= 1 ? min(refreshRate, 1000) : 60
    }

    /// Queues `event` for the next `pollEvents`.
    package func post(_ event: InputEvent) {
        queue.append(event)
    }

    /// Queues several events.
    package func post(_ events: [InputEvent]) { queue.append(contentsOf: events) }

    /// Events queued and not yet taken.
    package var pendingEventCount: Int { queue.count - queueHead }

    /// Changes the window size now (as a user dragging the window edge would) and queues a
    /// `.resized` event stamped `time`. Invalid sizes throw and change nothing.
    package func resize(to size: CGSize, at time: CFTimeInterval) throws {
        pixelSize = try WindowSize.pixels(for: size, scale: backingScale)
        pointSize = size
        post(InputEvent(.resized(size: size), at: time))
    }

    /// Queues a close request (the window's close button).
    package func requestClose(at time: CFTimeInterval) {
        post(InputEvent(.closeRequested, at: time))
    }

    package func pollEvents(now: CFTimeInterval, limit: Int) -> [InputEvent] {
        guard isOpen, limit > 0, queueHead < queue.count else { return [] }
        let end = min(queue.count, queueHead + limit)
        let taken = Array(queue[queueHead..<end])
        queueHead = end
        if queueHead == queue.count {
            queue.removeAll(keepingCapacity: true)
            queueHead = 0
        }
        return taken
    }

    package func present(_ image: CGImage) throws {
        guard isOpen else { throw WindowError.closed }
        presentedFrameCount += 1
        shownImage = image
        textureIsShown = false
        uploader.invalidate()
        if keepsAllFrames { frames.append(image) }
    }

    package func present(_ frame: WindowFrame) throws {
        guard isOpen else { throw WindowError.closed }
        do {
            try uploader.upload(frame, to: texture)
        } catch {
            uploader.invalidate()
            throw error
        }
        presentedFrameCount += 1
        shownImage = nil
        textureIsShown = true
        if keepsAllFrames, let image = lastFrame { frames.append(image) }
    }

    /// Writes the last presented frame as PNG. Throws when nothing was presented yet.
    package func writeLastFrame(toPNG path: String) throws {
        guard let image = lastFrame else { throw HeadlessWindowError.noFrame }
        try PNGFile.write(image, to: path)
    }

    /// Writes every kept frame (`keepsAllFrames`) as `prefix`-0000.png, -0001.png… into
    /// `directory` (created if needed) and returns the paths. Throws when no frame was kept.
    @discardableResult
    package func writeFrames(toDirectory directory: String, prefix: String = "frame") throws -> [String] {
        guard !frames.isEmpty else { throw HeadlessWindowError.noFrame }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for (i, frame) in frames.enumerated() {
            let number = String(i)
            let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
            let path = (directory as NSString).appendingPathComponent("\(prefix)-\(padded).png")
            try PNGFile.write(frame, to: path)
            paths.append(path)
        }
        return paths
    }

    package func close() {
        isOpen = false
        queue.removeAll()
        queueHead = 0
    }
}

package enum HeadlessWindowError: Error, CustomStringConvertible {
    case noFrame
    package var description: String { "the headless window has not presented a frame yet" }
}

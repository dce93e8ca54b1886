import Foundation
import QuartzCore

/// A window as the host sees it: a drawable of some size that reports input and shows frames.
///
/// Sizes: `pointSize` is the content area in points (what layouts use); `pixelSize` is the
/// drawable in device pixels; their ratio is the HiDPI scale, which the host gives layers as
/// `contentsScale` and the renderer as `scale`. A backend re-reads its sizes when the window is
/// resized and reports `.resized` among the events.
package protocol WindowBackend: AnyObject {
    /// The window title (backends without a visible title just keep it).
    var title: String { get set }
    /// The content area in points.
    var pointSize: CGSize { get }
    /// The drawable in device pixels.
    var pixelSize: (width: Int, height: Int) { get }
    /// The display's refresh rate in Hz (frames per second), used for frame pacing.
    var refreshRate: Double { get }
    /// False once `close()` ran (or the backend lost its window).
    var isOpen: Bool { get }

    /// Takes at most `limit` pending events, oldest first, stamped in the clock's timebase
    /// (`now` is the current media time; backends with their own timestamps map them onto it).
    func pollEvents(now: CFTimeInterval, limit: Int) -> [InputEvent]
    /// Shows `image` (drawable-sized; other sizes are stretched) until the next present.
    func present(_ image: CGImage) throws
    /// Shows `frame` until the next present: what the host calls. A backend that keeps a
    /// texture uploads only the rectangles that changed (`FrameUploader`); the default
    /// presents a copy of the frame as an image.
    func present(_ frame: WindowFrame) throws
    /// Closes the window and releases its resources. Idempotent.
    func close()
}

extension WindowBackend {
    package func present(_ frame: WindowFrame) throws {
        guard let image = frame.makeImage() else {
            throw WindowError.frameUnreadable(width: frame.width, height: frame.height)
        }
        try present(image)
    }

    /// Pixels per point (1 on ordinary displays, 2 on most HiDPI ones). Never 0 or NaN.
    package var scale: CGFloat {
        let w = Double(pointSize.width)
        guard w.isFinite, w > 0 else { return 1 }
        let s = Double(pixelSize.width) / w
        return s.isFinite && s > 0 ? CGFloat(s) : 1
    }
}

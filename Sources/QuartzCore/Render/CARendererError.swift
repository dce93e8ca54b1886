import Foundation

/// Why `CARenderer` could not draw a frame (Lamina extension: Apple's `render()` cannot fail
/// visibly; Lamina's throwing forms, `renderImage()` and `render(into:…)`, say why).
///
/// A failed frame changes nothing: the previous image stays, the caller's buffer is left as
/// it was (except `renderFailed`, after which its contents are unspecified), and the changes
/// waiting to be drawn stay in `updateBounds()` for the next frame.
public enum CARendererError: Error, Equatable, CustomStringConvertible {
    /// The renderer has no `layer` to draw.
    case noLayer
    /// `bounds` at `scale` is no pixel size: a NaN or infinite rectangle, under one pixel, or
    /// over the limits of an image (32768 pixels a side, 2^28 pixels).
    case invalidBounds(bounds: CGRect, scale: CGFloat)
    /// The caller's pixel buffer cannot hold the frame; the reason names what is wrong (a
    /// size other than the renderer's `pixelWidth` × `pixelHeight`, a row shorter than
    /// 4 · width bytes, a buffer smaller than its rows).
    case invalidBuffer(reason: String)
    /// The compositor refused the frame (e.g. an offscreen surface too large to allocate);
    /// the message is the compositor's.
    case renderFailed(String)

    /// A one-line explanation of the error.
    public var description: String {
        switch self {
        case .noLayer:
            return "the renderer has no layer to draw"
        case let .invalidBounds(b, s):
            return "bounds \(b.width) x \(b.height) at scale \(s) is not a renderable pixel size"
        case let .invalidBuffer(reason):
            return "invalid pixel buffer: \(reason)"
        case let .renderFailed(message):
            return message
        }
    }
}

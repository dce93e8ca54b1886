import Foundation
import QuartzCore

/// Turns a layer tree into pixels: the compositor's side of the window host.
///
/// The host calls it once per frame it decides to show, between the `beginFrame(atTime:)`
/// and `endFrame()` of its `CARenderer` (so the implicit transaction is committed and the
/// animation clock has run), with the frame's media time; the renderer evaluates animations
/// at `time` (absolute media time in seconds, the timebase of `CACurrentMediaTime()`),
/// composites the tree under `root` (root's bounds origin at the image's top-left, in points)
/// and returns an image of exactly `pixelWidth` × `pixelHeight` pixels, `scale` pixels per
/// point.
///
/// Errors are the renderer's to name (out of memory, absurd sizes); the host reports them and
/// keeps running, showing the previous frame.
package protocol FrameRenderer: AnyObject {
    func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                     scale: CGFloat) throws -> CGImage

    /// The host's call: the frame of the tree `renderer` shows (its `layer`, the host's root;
    /// its `bounds` and `scale` already follow the window). The default draws
    /// `renderFrame(root:…)` of that layer — what stand-in renderers in tests implement.
    func renderFrame(of renderer: CARenderer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                     scale: CGFloat) throws -> CGImage

    /// The host's call for a window: draws the frame as `renderFrame(of:…)` does and hands
    /// it to `present` as a `WindowFrame` (pixels lent for the call, with the rectangles that
    /// changed since the frame before). The default presents `renderFrame(of:…)`'s image as a
    /// frame new everywhere; the compositor's renderer draws only the damage and lends its
    /// own pixels (`CARenderer.withRenderedFrame(_:)`).
    func renderFrame(of renderer: CARenderer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                     scale: CGFloat, present: (WindowFrame) throws -> Void) throws
}

extension FrameRenderer {
    package func renderFrame(of renderer: CARenderer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat) throws -> CGImage {
        guard let root = renderer.layer else { throw CARendererError.noLayer }
        return try renderFrame(root: root, at: time, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    }
}

extension FrameRenderer {
    package func renderFrame(of renderer: CARenderer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat, present: (WindowFrame) throws -> Void) throws {
        let image = try renderFrame(of: renderer, at: time, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        try WindowFrame.withImage(image, present)
    }
}

import Foundation
import QuartzCore

/// The real `FrameRenderer`: QuartzCore's `LayerRenderer` (presentation values at the frame's
/// media time, drawn by the compositor). The root's frame origin lands at the image's
/// top-left, so a root at (0, 0) fills the window.
package final class CompositorFrameRenderer: FrameRenderer {
    /// What shows where no layer draws (the window's clear colour).
    package var background: CGColor?
    private let stream = LayerFrameStream()

    package init(background: CGColor? = CGColor(gray: 0, alpha: 1)) {
        self.background = background
    }

    package func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat) throws -> CGImage {
        let viewport = CGRect(origin: root.frame.origin, size: CGSize(width: CGFloat(pixelWidth) / scale,
                                                                       height: CGFloat(pixelHeight) / scale))
        return try stream.render(root, at: time, viewport: viewport, pixelWidth: pixelWidth,
                                 pixelHeight: pixelHeight, scale: scale, background: background)
    }
}

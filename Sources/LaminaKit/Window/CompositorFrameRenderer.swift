import Foundation
import QuartzCore

/// The real `FrameRenderer`: QuartzCore's `CARenderer` (the tree's committed state with its
/// animations at the frame's media time, drawn by the compositor). The root's frame origin
/// lands at the image's top-left, so a root at (0, 0) fills the window.
package final class CompositorFrameRenderer: FrameRenderer {
    /// What shows where no layer draws (the window's clear colour).
    package var background: CGColor?
    /// For `renderFrame(root:…)` only: a renderer of its own, attached to the last root given.
    private var ownRenderer: CARenderer?

    package init(background: CGColor? = CGColor(gray: 0, alpha: 1)) {
        self.background = background
    }

    /// Draws `renderer`'s tree through the public host API (the renderer keeps the
    /// compositor's caches from frame to frame).
    package func renderFrame(of renderer: CARenderer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat) throws -> CGImage {
        try configure(renderer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        return try renderer.renderImage()
    }

    /// Draws only the frame's damage into `renderer`'s kept frame and lends that frame to
    /// `present`, numbered by the renderer, with the rectangles that changed
    /// (`CARenderer.withRenderedFrame(_:)`): no copy of the frame is made here.
    package func renderFrame(of renderer: CARenderer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat, present: (WindowFrame) throws -> Void) throws {
        try configure(renderer, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
        try renderer.withRenderedFrame { try present(WindowFrame($0, from: renderer)) }
    }

    /// The window's pixel size at `scale`, with the root's frame origin at the top-left.
    private func configure(_ renderer: CARenderer, pixelWidth: Int, pixelHeight: Int, scale: CGFloat) throws {
        guard let root = renderer.layer else { throw CARendererError.noLayer }
        renderer.scale = scale
        renderer.bounds = CGRect(origin: root.frame.origin, size: CGSize(width: CGFloat(pixelWidth) / scale,
                                                                         height: CGFloat(pixelHeight) / scale))
        renderer.backgroundColor = background
    }

    /// A tree no host shows: it is attached to a `CARenderer` of this renderer's own (which
    /// commits it, as showing a tree does). A tree a host shows is drawn with
    /// `renderFrame(of:…)` and that host's renderer.
    package func renderFrame(root: CALayer, at time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int,
                             scale: CGFloat) throws -> CGImage {
        let renderer = ownRenderer ?? CARenderer(bounds: .zero)
        ownRenderer = renderer
        if renderer.layer !== root { renderer.layer = root }
        renderer.beginFrame(atTime: time)
        defer { renderer.endFrame() }
        return try renderFrame(of: renderer, at: time, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale)
    }
}

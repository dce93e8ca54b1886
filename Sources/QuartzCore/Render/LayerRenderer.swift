import Foundation
import LaminaCompositor
import LaminaRaster

/// Renders a layer tree as it is seen at a media time: presentation values (animations
/// evaluated through the timing hierarchy), turned into a render tree, drawn by the
/// compositor. The output is the root layer's superlayer space: the root appears where its
/// `position`, `bounds` and `transform` put it, scaled by `scale` pixels per point.
///
/// This is the one path every image of a layer tree takes: `CARenderer`, the CLI, the window
/// and the golden tests.
package enum LayerRenderer {
    /// Renders the tree under `root` at absolute media time `time` into a new surface of
    /// `pixelWidth` × `pixelHeight`, over `background` (transparent when nil).
    ///
    /// If the tree was never committed while attached to a host, its model values are drawn
    /// (there are no running animations to evaluate). Throws `CompositorError` for sizes the
    /// compositor refuses.
    /// `viewport` is the rectangle of the root's superlayer space (points) that the output
    /// shows; nil shows the space from its origin.
    package static func renderSurface(_ root: CALayer, at time: CFTimeInterval, viewport: CGRect? = nil,
                                      pixelWidth: Int, pixelHeight: Int,
                                      scale: CGFloat, background: CGColor? = nil) throws -> Surface {
        try renderSurface(tree: renderTree(of: root, at: time), viewport: viewport, pixelWidth: pixelWidth,
                          pixelHeight: pixelHeight, scale: scale, background: background)
    }

    /// Draws an already built frame tree (e.g. a committed render tree's frame).
    /// Pass the same `compositor` for every frame of a stream: it keeps image and rasterize
    /// caches between frames. With a `pool` of several workers the frame is drawn in bands on
    /// them (rectangles and 3D planes of at least `minimumSplitPixels` device pixels; the
    /// same bytes as on one thread); without one, on the calling thread.
    package static func renderSurface(tree frame: RenderTree, viewport: CGRect? = nil, pixelWidth: Int, pixelHeight: Int,
                                      scale: CGFloat, background: CGColor? = nil,
                                      compositor: Compositor = Compositor(), pool: WorkerPool? = nil,
                                      minimumSplitPixels: Int = RenderThreads.minimumSplitPixels) throws -> Surface {
        try compositor.render(tree: frame.shown(in: viewport), width: pixelWidth, height: pixelHeight,
                              scale: pixelsPerPoint(scale), background: background, pool: pool,
                              minimumSplitPixels: minimumSplitPixels)
    }

    /// `scale` as the compositor takes it: non-finite or non-positive scales are 1.
    static func pixelsPerPoint(_ scale: CGFloat) -> Double {
        scale.isFinite && scale > 0 ? Double(scale) : 1
    }

    /// As `renderSurface`, wrapped as a CGImage (no copy).
    package static func renderImage(_ root: CALayer, at time: CFTimeInterval, viewport: CGRect? = nil,
                                    pixelWidth: Int, pixelHeight: Int,
                                    scale: CGFloat, background: CGColor? = nil) throws -> CGImage {
        let surface = try renderSurface(root, at: time, viewport: viewport, pixelWidth: pixelWidth,
                                        pixelHeight: pixelHeight, scale: scale, background: background)
        return CGImage(surface: surface)
    }

    /// The render tree of `root` as seen at absolute media time `time`: always a frame of a
    /// render server's committed tree (`CommittedRenderTree.tree(at:)`), the one path every
    /// image of a layer tree takes.
    /// - A tree shown by a host (`root` attached, with no superlayer and not a mask): the
    ///   committed tree the commits keep, so the frame is the one its window draws at `time`.
    /// - A presentation copy: the frame of its model's tree (the server's tree of the model
    ///   tree's root), drawn from the copy's node down; the copy's own values play no part
    ///   (they were read from the same server, at the copy's time).
    /// - Any other model layer: a committed tree snapshotted from the model as it is now
    ///   (values and committed animations), evaluated at `time`.
    /// The render tree a frame of `root` at absolute media time `time` draws when its output
    /// shows `viewport` (points of the root's superlayer space; nil, or an origin of zero, the
    /// space from its origin): `renderTree(of:at:)` placed in the viewport. The one tree
    /// selection `LayerFrameStream` and `CARenderer` share.
    package static func frameTree(of root: CALayer, at time: CFTimeInterval, viewport: CGRect?) -> RenderTree {
        renderTree(of: root, at: time).shown(in: viewport)
    }

    package static func renderTree(of root: CALayer, at time: CFTimeInterval) -> RenderTree {
        if root.isPresentationCopy {
            // A copy whose model is gone has no server to ask: nothing to draw.
            guard let model = root.modelLayerStorage else { return RenderTree() }
            var tree = model.treeRoot.renderServerTree().tree(at: time)
            tree.rootID = model.renderNodeID
            return tree
        }
        if root.host != nil, root.superlayerStorage == nil, root.maskOwner == nil {
            return root.committedRenderTree().tree(at: time)
        }
        return CommittedRenderTree(root: root).tree(at: time)
    }
}

extension RenderTree {
    /// This tree as an output showing `viewport` draws it: `wrapped(in:)` when the viewport's
    /// origin is finite and not zero, else the tree itself (the output then shows the space
    /// from its origin).
    func shown(in viewport: CGRect?) -> RenderTree {
        guard let viewport, viewport.origin != .zero, viewport.minX.isFinite, viewport.minY.isFinite else { return self }
        return wrapped(in: viewport)
    }

    /// This tree under a synthetic parent whose bounds are `viewport`, so the output shows
    /// that rectangle of the root's superlayer space. The parent takes id 0, which no layer
    /// ever has.
    func wrapped(in viewport: CGRect) -> RenderTree {
        guard let rootID else { return self }
        let frameID = RenderNodeID(0)
        var wrapper = RenderNode(id: frameID, children: [rootID])
        wrapper.bounds = viewport
        wrapper.anchorPoint = .zero
        wrapper.position = .zero
        var tree = self
        _ = tree.update(wrapper)
        tree.rootID = frameID
        return tree
    }
}

/// A stream of frames of one layer tree (a window, a video, a `CARenderer`): keeps the
/// compositor's caches from frame to frame. A tree attached to a host is drawn from its
/// committed render tree (`CALayer.committedRenderTree()`: the state of the last commit, with
/// the committed animations); a detached tree from a committed tree snapshotted from the model
/// for the frame. Frames are drawn on `pool` (`LAMINA_THREADS` workers by default), the same
/// bytes for any thread count.
package final class LayerFrameStream {
    private let compositor = Compositor()
    /// The workers a frame is drawn on in bands (nil, or one worker: the calling thread).
    package var pool: WorkerPool?
    /// Frames and 3D planes of at least this many device pixels are split across the pool's
    /// workers (see `RenderThreads.minimumSplitPixels`; tests lower it).
    package var minimumSplitPixels = RenderThreads.minimumSplitPixels

    /// A stream drawing on `pool`: by default the process's shared pool of `LAMINA_THREADS`
    /// workers (the machine's cores), nil when that is one.
    package init(pool: WorkerPool? = RenderThreads.defaultPool) {
        self.pool = pool
    }

    /// The frame of the tree under `root` at absolute media time `time`; see
    /// `LayerRenderer.renderSurface(_:at:viewport:pixelWidth:pixelHeight:scale:background:)`.
    /// A frame the compositor refuses (e.g. over `PixelMemoryBudget.current`) throws
    /// `LayerRenderError`, which names the layer by its name, class and place under `root`.
    package func render(_ root: CALayer, at time: CFTimeInterval, viewport: CGRect? = nil, pixelWidth: Int,
                        pixelHeight: Int, scale: CGFloat, background: CGColor? = nil) throws -> CGImage {
        do {
            return CGImage(surface: try LayerRenderer.renderSurface(
                tree: LayerRenderer.frameTree(of: root, at: time, viewport: viewport), pixelWidth: pixelWidth,
                pixelHeight: pixelHeight, scale: scale, background: background, compositor: compositor, pool: pool,
                minimumSplitPixels: minimumSplitPixels))
        } catch let error as CompositorError {
            throw LayerRenderError(error, in: root)
        }
    }

    /// The same frame drawn into `surface` (its size is the output size), which is first
    /// filled with `background` (transparent when nil): byte for byte what `render` returns,
    /// and the same errors.
    package func render(_ root: CALayer, at time: CFTimeInterval, viewport: CGRect? = nil, into surface: Surface,
                        scale: CGFloat, background: CGColor? = nil) throws {
        let tree = LayerRenderer.frameTree(of: root, at: time, viewport: viewport)
        do {
            try compositor.render(tree: tree, into: surface, scale: LayerRenderer.pixelsPerPoint(scale),
                                  background: background, pool: pool, minimumSplitPixels: minimumSplitPixels)
        } catch let error as CompositorError {
            throw LayerRenderError(error, in: root)
        }
    }
}

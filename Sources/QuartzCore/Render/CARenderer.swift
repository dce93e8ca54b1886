import Foundation
import LaminaCompositor

/// Renders a layer tree into a bitmap, frame by frame: Apple's `CARenderer`, on the CPU.
///
/// Apple's class draws into an OpenGL or Metal texture (`init(mtlTexture:options:)`); Lamina
/// has no GPU, so a renderer is made with a pixel size and scale instead and its frames are
/// read with `makeImage()`. The frame protocol is Apple's: `beginFrame(atTime:)`, optionally
/// `addUpdate(_:)`, `render()`, `endFrame()`.
///
/// Setting `layer` attaches it as the root of a tree shown by this renderer (so property
/// changes from then on animate implicitly, as on screen) and commits it. The root is drawn
/// in the renderer's `bounds` space: where its position and transform put it, with `bounds`
/// in points mapped onto the bitmap at `scale` pixels per point.
open class CARenderer: LayerTreeHost {
    /// The root of the tree to draw (attached to this renderer while set).
    open var layer: CALayer? {
        didSet {
            if oldValue !== layer { oldValue?.attach(to: nil) }
            layer?.attach(to: self)
            CATransaction.flush()
        }
    }
    /// The region drawn, in points of the root's superlayer space.
    open var bounds: CGRect
    /// Pixels per point of the output.
    public let scale: CGFloat
    private var frameTime: CFTimeInterval?
    private var image: CGImage?
    private var dirty: CGRect = .null
    /// Keeps the tree builder's buffers and the compositor's caches from frame to frame.
    private let stream = LayerFrameStream()

    /// A renderer producing `bounds.width·scale` × `bounds.height·scale` pixel frames.
    /// Non-finite or non-positive scales are treated as 1.
    public init(bounds: CGRect, scale: CGFloat = 1) {
        self.bounds = bounds.standardized
        self.scale = scale.isFinite && scale > 0 ? scale : 1
    }

    /// Starts a frame at media time `t` (seconds, `CACurrentMediaTime()`'s clock).
    open func beginFrame(atTime t: CFTimeInterval) {
        beginFrame(atTime: t, timeStamp: nil)
    }

    /// Apple's full form: starts a frame at media time `t`; `ts` is the display time stamp the
    /// frame is for (may be nil). Apple documents no other use of it, so `t` decides the frame
    /// time; only when `t` is not finite is the time taken from `ts` — its video time over its
    /// scale when `videoTimeValid`, else its host time when `hostTimeValid` — and without
    /// either, the current media time. The time stamp is not written to.
    open func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        if t.isFinite {
            frameTime = t
        } else {
            frameTime = ts?.pointee.mediaTime.flatMap { $0.isFinite ? $0 : nil }
        }
    }

    /// Marks a rectangle (points) as needing redraw. Lamina redraws the whole frame; the
    /// rectangle is kept for `updateBounds()`.
    open func addUpdate(_ r: CGRect) {
        dirty = dirty.union(r)
    }

    /// The union of the rectangles passed to `addUpdate(_:)` this frame.
    open func updateBounds() -> CGRect { dirty }

    /// Draws the frame started by `beginFrame(atTime:)` (the current media time without one):
    /// ticks the animation clock, commits the implicit transaction (as a run loop turn does),
    /// then draws the tree's committed render tree — the state of the last commit with its
    /// animations at the frame time, not uncommitted model values. Errors (an output too large
    /// to allocate) leave the previous image in place and are reported through
    /// `LayerDiagnostics`.
    open func render() {
        guard let root = layer else { return }
        let t = frameTime ?? CACurrentMediaTime()
        AnimationEngine.tick(root, at: t)
        // Animations the tick removed (and changes completion blocks made) reach the committed
        // tree the frame is drawn from, as the run loop commits after its tick.
        CATransaction.flush()
        let fw = (bounds.width * scale).rounded(), fh = (bounds.height * scale).rounded()
        // Int(_:) traps on NaN, infinity and values past Int.max: a bounds of 1e300 or NaN is
        // a failed frame, reported like one the compositor refuses.
        guard fw.magnitude < 1e15, fh.magnitude < 1e15 else {
            LayerDiagnostics.report(.renderFailed(reason: "CARenderer.render: bounds \(bounds.width) x \(bounds.height) at scale \(scale) is not a renderable pixel size"))
            return
        }
        let w = Int(fw), h = Int(fh)
        do {
            image = try stream.render(root, at: t, viewport: bounds, pixelWidth: w, pixelHeight: h, scale: scale)
        } catch {
            LayerDiagnostics.report(.renderFailed(reason: "CARenderer.render: \(error)"))
        }
    }

    /// Ends the frame.
    open func endFrame() {
        frameTime = nil
        dirty = .null
    }

    /// The media time at which the next frame should be drawn: now while animations run,
    /// infinity when nothing will change on its own.
    open func nextFrameTime() -> CFTimeInterval {
        guard let root = layer else { return .infinity }
        return root.hasAnimationsInSubtree ? CACurrentMediaTime() : .infinity
    }

    /// The last frame drawn by `render()`, or nil before the first one. Lamina extension.
    open func makeImage() -> CGImage? { image }
}

extension CALayer {
    /// True when this layer, a sublayer or a mask anywhere below has an attached animation:
    /// the tree will look different at a later time without any model change.
    package var hasAnimationsInSubtree: Bool {
        if !animationEntries.isEmpty { return true }
        if maskStorage?.hasAnimationsInSubtree == true { return true }
        return sublayerStorage.contains { $0.hasAnimationsInSubtree }
    }
}

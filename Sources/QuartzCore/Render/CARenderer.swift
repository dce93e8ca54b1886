import Foundation
import LaminaCompositor
import LaminaRaster

/// Renders a layer tree into a bitmap, frame by frame: Apple's `CARenderer`, on the CPU, and
/// the public host API of Lamina — what a window, a video writer or a test needs to show a
/// layer tree without any of QuartzCore's internals.
///
/// Apple's class draws into an OpenGL or Metal texture (`init(mtlTexture:options:)`); Lamina
/// has no GPU, so a renderer is made with a size in points and a scale instead, and its frames
/// are read with `makeImage()`/`renderImage()` or drawn into the caller's memory with
/// `render(into:width:height:bytesPerRow:pixelFormat:)`. The frame protocol is Apple's:
///
/// ```swift
/// renderer.layer = root                        // attach a tree (and commit it)
/// renderer.beginFrame(atTime: t)               // commit, run the animation clock at t
/// if !renderer.updateBounds().isEmpty {        // anything to draw?
///     try renderer.render(into: pixels, width: w, height: h, bytesPerRow: w * 4)
/// }
/// renderer.endFrame()
/// let next = renderer.nextFrameTime()          // .infinity: sleep until the model changes
/// ```
///
/// Setting `layer` attaches it as the root of a tree shown by this renderer (so property
/// changes from then on animate implicitly, as on screen) and commits it. The root is drawn
/// in the renderer's `bounds` space: where its position and transform put it, with `bounds`
/// in points mapped onto the bitmap at `scale` pixels per point (so a frame is
/// `round(bounds.width · scale)` × `round(bounds.height · scale)` pixels, `pixelWidth` ×
/// `pixelHeight`).
///
/// Threading: a renderer belongs to the thread that changes its layer tree (transactions are
/// per thread, and `beginFrame` commits the calling thread's implicit transaction); call all
/// of its methods there. Different renderers with different trees may run on different
/// threads. Inside `render()` a frame is drawn by `renderThreadCount` threads at once (the
/// caller's and Lamina's own workers); the call returns when the frame is done.
open class CARenderer: LayerTreeHost {
    /// The root of the tree to draw (attached to this renderer while set).
    open var layer: CALayer? {
        didSet {
            if oldValue !== layer {
                oldValue?.attach(to: nil)
                treeChanged = true
            }
            pending = nil
            changedSinceDrawn = true
            layer?.attach(to: self)
            CATransaction.flush()
        }
    }
    /// The region drawn, in points of the root's superlayer space (origin top-left, y down).
    /// A rectangle whose size times `scale` is not a pixel size (NaN, infinite, under one
    /// pixel, beyond 32768 pixels a side or 2^28 pixels) makes frames fail with
    /// `CARendererError.invalidBounds`; nothing traps.
    open var bounds: CGRect {
        didSet { if bounds != oldValue { treeChanged = true; changedSinceDrawn = true; pending = nil } }
    }
    /// Pixels per point of the output (Lamina extension). Non-finite or non-positive values
    /// are treated as 1.
    public var scale: CGFloat {
        get { storedScale }
        set {
            let s = newValue.isFinite && newValue > 0 ? newValue : 1
            if s != storedScale { treeChanged = true; changedSinceDrawn = true; pending = nil }
            storedScale = s
        }
    }
    /// What shows where no layer draws (Lamina extension): nil, the default, leaves those
    /// pixels transparent (all four components 0).
    public var backgroundColor: CGColor? {
        didSet { if backgroundColor != oldValue { treeChanged = true; changedSinceDrawn = true; pending = nil } }
    }
    /// How many threads draw a frame (Lamina extension; Apple's renderer draws on the GPU and
    /// has no such setting). The frame — or, after the first, only what changed — is cut
    /// into horizontal bands of rows drawn at once, and so are large 3D planes (from 256 × 256
    /// device pixels; smaller areas are not worth a second thread); the pixels are the same,
    /// byte for byte, for any count, so this changes only how fast a frame is ready.
    ///
    /// The default is the `LAMINA_THREADS` environment variable (a positive integer) read once
    /// per process, else the machine's active processor count. Values are clamped to 1...64;
    /// 1 draws every frame on the thread that calls `render()`. The workers are threads of
    /// Lamina's own, kept for the renderer's lifetime (the default count shares one pool with
    /// every other renderer of the process, which draws one frame at a time: a second
    /// renderer drawing at that moment draws on its own thread). Lower it when the process
    /// has other work for its cores, e.g. several windows rendering at once.
    public var renderThreadCount: Int {
        get { frames.pool?.workerCount ?? 1 }
        set {
            let n = min(64, max(1, newValue))
            if n != renderThreadCount { frames.pool = RenderThreads.pool(threads: n) }
        }
    }
    private var storedScale: CGFloat
    private var frameTime: CFTimeInterval?
    private var image: CGImage?
    /// The rectangles of `addUpdate(_:)` since the last `endFrame()`, in points.
    var dirty: CGRect = .null
    /// Something visible changed since the last frame drawn: a commit touched the tree, or
    /// the layer, bounds, scale or background changed (true before the first frame).
    private var treeChanged = true
    /// The frame's animation state, from `beginFrame`: some animation ran before or after
    /// its clock tick (so the frame differs from the last one without a model change).
    private var frameAnimates = false
    /// `beginFrame` ran the animation clock for the current frame.
    private var frameUpdated = false
    /// The last frame drawn, redrawn where the next one differs (CARenderer+Damage.swift),
    /// on `LAMINA_THREADS` workers (the process's shared pool) unless `renderThreadCount`
    /// says otherwise. Package-visible so tests can lower its split threshold.
    package let frames = IncrementalFrames(pool: RenderThreads.defaultPool)
    /// The current frame's draw list and damage once prepared (nil: not yet, or stale).
    var pending: IncrementalFrames.Pending?
    /// Something may look different from the last frame drawn: a commit, an animation
    /// running or ending, a new layer, bounds, scale or background. Unlike `treeChanged` it
    /// survives `endFrame()` when the frame was not drawn; while false, `updateBounds()`
    /// answers without preparing the frame.
    var changedSinceDrawn = true
    /// Frames drawn into the kept frame so far, by any drawing method (`RenderedFrame.frameNumber`).
    var drawnFrameCount = 0
    /// The device pixels the last frame drawn changed in the kept frame (CARenderer+Damage.swift).
    var drawnDamage: [PixelBox] = []

    /// A renderer producing `bounds.width·scale` × `bounds.height·scale` pixel frames.
    /// Non-finite or non-positive scales are treated as 1.
    public init(bounds: CGRect, scale: CGFloat = 1) {
        self.bounds = bounds.standardized
        storedScale = scale.isFinite && scale > 0 ? scale : 1
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
    ///
    /// Updates the tree for the frame, as a run loop turn does before drawing: commits the
    /// implicit transaction, then runs the animation clock at the frame time (start/stop
    /// callbacks, removal on completion, completion blocks) and commits what those changed.
    /// `updateBounds()` then says whether the frame needs drawing.
    open func beginFrame(atTime t: CFTimeInterval, timeStamp ts: UnsafeMutablePointer<CVTimeStamp>?) {
        if t.isFinite {
            frameTime = t
        } else {
            frameTime = ts?.pointee.mediaTime.flatMap { $0.isFinite ? $0 : nil }
        }
        pending = nil
        updateTree()
    }

    /// Commits, ticks the animation clock at the frame time and commits again (once a frame).
    private func updateTree() {
        frameUpdated = true
        guard let root = layer else {
            frameAnimates = false
            return
        }
        let t = frameTime ?? CACurrentMediaTime()
        CATransaction.flush()
        let animatingBefore = root.hasRunningAnimations
        AnimationEngine.tick(root, at: t)
        // Animations the tick removed (and changes completion blocks made) reach the committed
        // tree the frame is drawn from, as the run loop commits after its tick.
        CATransaction.flush()
        // Running before the tick includes the frame in which an animation ends: its end state
        // is drawn by this frame.
        frameAnimates = animatingBefore || root.hasRunningAnimations
        if frameAnimates { changedSinceDrawn = true }
    }

    /// Marks a rectangle (points, `bounds` space) as needing redraw in this frame.
    open func addUpdate(_ r: CGRect) {
        dirty = dirty.union(r)
        pending = nil
    }

    /// The region the current frame draws (points, `bounds` space), Apple's damage query:
    /// after `beginFrame`, the bounding box of the pixels whose bytes differ from the last
    /// frame drawn — the whole of `bounds` before the first frame or after a change of pixel
    /// size or background — plus the rectangles given to `addUpdate(_:)`, clipped to
    /// `bounds`; `CGRect.null` (empty) when nothing visible changed, so a host may skip
    /// `render()` and keep showing its last frame.
    ///
    /// The damage is found by preparing the frame (its draw list, which `render()` then
    /// reuses) and comparing it with the last frame drawn, so it is exact up to a rounding out
    /// to whole pixels plus a margin: a layer that moves damages its old and new place, an
    /// animation of an invisible property damages nothing. It is measured against the last
    /// frame *drawn*: a host that skips drawing a damaged frame finds that damage again in the
    /// next one. `addUpdate(_:)` rectangles last until `endFrame()`. Before this renderer has
    /// drawn a frame itself (or without a layer, or when `bounds` × `scale` is no pixel size)
    /// it falls back to `bounds` whenever a commit touched the tree or an animation ran since
    /// the last `endFrame()`. Empty when `bounds` is not a finite rectangle.
    open func updateBounds() -> CGRect {
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.width.isFinite, bounds.height.isFinite else {
            return .null
        }
        var r = dirty.intersection(bounds)
        if let damage = frameDamageInPoints() {
            r = r.union(damage)
        } else if treeChanged || frameAnimates {
            r = r.union(bounds)
        }
        return r.isEmpty ? .null : r
    }

    /// Draws the frame started by `beginFrame(atTime:)` (the current media time without one,
    /// in which case the tree is updated first as `beginFrame` does): commits the implicit
    /// transaction, then draws the tree's committed render tree — the state of the last commit
    /// with its animations at the frame time, not uncommitted model values. Errors (bounds
    /// that are no pixel size, an output too large to allocate) leave the previous image in
    /// place and are reported through `LayerDiagnostics`; `renderImage()` throws them instead.
    open func render() {
        guard layer != nil else { return }
        do {
            _ = try renderImage()
        } catch {
            LayerDiagnostics.report(.renderFailed(reason: "CARenderer.render: \(error)"))
        }
    }

    /// Ends the frame: forgets its time, its `addUpdate(_:)` rectangles and its damage.
    open func endFrame() {
        treeChanged = false
        pending = nil
        frameTime = nil
        dirty = .null
        frameUpdated = false
        frameAnimates = false
    }

    /// The media time (seconds) at which the next frame should be drawn: now
    /// (`CACurrentMediaTime()`) while an animation runs or waits to start, or while a change
    /// has not been drawn yet; infinity when nothing will change on its own — no animations,
    /// or only finished ones kept by `isRemovedOnCompletion = false`, which present a constant
    /// value. A host sleeps until then, or until its model changes. Uncommitted changes are
    /// not seen: commit (or `beginFrame`) first.
    open func nextFrameTime() -> CFTimeInterval {
        guard let root = layer else { return .infinity }
        return treeChanged || root.hasRunningAnimations ? CACurrentMediaTime() : .infinity
    }

    /// The last frame drawn by `render()`, or nil before the first one. Lamina extension.
    open func makeImage() -> CGImage? { image }

    /// Draws the frame as `render()` does and returns it (also kept for `makeImage()`),
    /// throwing instead of reporting (Lamina extension): `CARendererError.invalidBounds` when
    /// `bounds` × `scale` is no pixel size, `.noLayer` without a layer, `.renderFailed` when
    /// the compositor refuses the frame.
    public func renderImage() throws -> CGImage {
        // Only the damage is redrawn, and the image shares the frame's pixels: the next frame
        // is drawn into another surface (IncrementalFrames.swift), so this one stays as it is.
        let frame = CGImage(surface: try drawIncrementalFrame())
        image = frame
        treeChanged = false
        return frame
    }

    /// Updates the tree if `beginFrame` did not, commits, and checks the pixel size: what
    /// every way of drawing a frame does first.
    func prepareFrame() throws -> (root: CALayer, time: CFTimeInterval, pixelWidth: Int, pixelHeight: Int) {
        guard let root = layer else { throw CARendererError.noLayer }
        if !frameUpdated { updateTree() } else { CATransaction.flush() }
        let t = frameTime ?? CACurrentMediaTime()
        guard let size = pixelSize else { throw CARendererError.invalidBounds(bounds: bounds, scale: scale) }
        return (root, t, size.width, size.height)
    }

    /// A frame was drawn (by `render(into:…)`): the changes are in it.
    func didDrawFrame() { treeChanged = false }

    /// `round(bounds.width · scale)` × `round(bounds.height · scale)`, or nil when that is no
    /// surface size (NaN, infinite, not positive, over the surface limits).
    private var pixelSize: (width: Int, height: Int)? {
        let fw = (bounds.width * scale).rounded(), fh = (bounds.height * scale).rounded()
        // Int(_:) traps on NaN, infinity and values past Int.max: check as Doubles.
        let side = Double(Surface.maxDimension)
        guard fw >= 1, fh >= 1, fw <= side, fh <= side, fw * fh <= Double(Surface.maxPixelCount) else { return nil }
        return (Int(fw), Int(fh))
    }

    /// The width in pixels of a frame, `round(bounds.width · scale)`; 0 when `bounds` and
    /// `scale` give no renderable size (Lamina extension).
    public var pixelWidth: Int { pixelSize?.width ?? 0 }

    /// The height in pixels of a frame, `round(bounds.height · scale)`; 0 when `bounds` and
    /// `scale` give no renderable size (Lamina extension).
    public var pixelHeight: Int { pixelSize?.height ?? 0 }

    // MARK: LayerTreeHost

    package func layerTreeDidCommit(_ root: CALayer, changes: [LayerChange]) {
        treeChanged = true
        changedSinceDrawn = true
        pending = nil
    }
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

extension CALayer {
    /// Whether an animation committed to this subtree is still running (started or waiting to
    /// start, not yet past its end), or added and not yet committed. Animations kept after
    /// their end (`isRemovedOnCompletion = false`) present a constant value and do not count.
    package var hasRunningAnimations: Bool {
        for entry in animationEntries {
            guard let runtime = entry.animation.runtime else { continue }
            if !runtime.isCommitted || !runtime.didStop { return true }
        }
        if let emitter = self as? CAEmitterLayer,
           emitter.emitsParticles || emitter.mayShowEarlierParticles(at: CACurrentMediaTime()) { return true }
        if let mask = maskStorage, mask.hasRunningAnimations { return true }
        for child in sublayerStorage where child.hasRunningAnimations { return true }
        return false
    }
}

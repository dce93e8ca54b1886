// A stream of frames drawn incrementally: the last frame is kept, and each new frame redraws
// only the pixels that can differ from it (its damage, DrawListDamage.swift) through the
// region renderer (RegionRendering.swift), so every frame is byte-identical to a full redraw.
//
// Two steps, so a host can ask what will change before drawing (CARenderer's
// `updateBounds()` before `render()`): `prepare` builds the frame's draw list and its damage
// against the kept frame; `draw` redraws that damage into the kept frame.
import CoreGraphics
import LaminaRaster

/// Frames of one stream, each drawn over the previous one where they differ.
package final class IncrementalFrames {
    /// The frame's draw list and what it damages in the kept frame.
    package struct Pending {
        package var list: DrawList
        /// Device pixels to redraw (the whole frame when nothing is kept, or the size or
        /// background changed, or `invalidate` was called).
        package var damage: FrameDamage
        fileprivate var background: CGColor?
        fileprivate var fill: PremultipliedRGBA8
    }

    /// Keeps the caches (images, shadows, rasterized layers) between frames.
    package let compositor: Compositor
    /// Workers to spread a frame's regions over (nil: the calling thread only).
    package var pool: WorkerPool?
    /// At most this many damage rectangles are redrawn a frame (more are merged).
    package var maxRegions = 8
    /// The last frame drawn: its pixels, its draw list and its background.
    package private(set) var surface: Surface?
    private var list: DrawList?
    private var fill: PremultipliedRGBA8?
    /// Rectangles to redraw in the next frame whatever its draw list says (device pixels).
    private var forced: [PixelBox] = []

    package init(compositor: Compositor = Compositor(), pool: WorkerPool? = nil) {
        self.compositor = compositor
        self.pool = pool
    }

    /// Forgets the kept frame: the next one is drawn whole.
    package func invalidate() {
        surface = nil; list = nil; fill = nil; forced = []
    }

    /// Makes the next frame redraw `box` (device pixels) even if its draw list leaves it
    /// unchanged (CARenderer's `addUpdateRect`).
    package func addDamage(_ box: PixelBox) {
        if !box.isEmpty { forced.append(box) }
    }

    /// The draw list of the frame `tree` makes at `width` × `height` pixels (`scale` pixels
    /// per point) over `background` (transparent when nil), and its damage against the kept
    /// frame. Draws nothing.
    package func prepare(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil) -> Pending {
        let list = compositor.drawList(tree: tree, width: width, height: height, scale: scale)
        let fill = background?.premultiplied ?? .transparent
        var damage: FrameDamage
        if let kept = self.list, let surface, surface.width == width, surface.height == height, self.fill == fill {
            damage = list.damage(since: kept)
            damage.rects += forced.map { $0.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height)) }.filter { !$0.isEmpty }
        } else {
            damage = .full(width: width, height: height)
        }
        return Pending(list: list, damage: damage.coalesced(limit: maxRegions), background: background, fill: fill)
    }

    /// Redraws `pending`'s damage into the kept frame (a new one, drawn whole, when the size
    /// changed) and keeps its draw list: the kept frame is then byte-identical to a full
    /// render of `pending`'s frame. On error nothing is kept (the next frame is drawn whole).
    @discardableResult
    package func draw(_ pending: Pending) throws -> Surface {
        let w = pending.list.width, h = pending.list.height
        var damage = pending.damage
        let target: Surface
        if let s = surface, s.width == w, s.height == h, list != nil {
            target = s
        } else {
            guard w > 0, h > 0, w <= Surface.maxDimension, h <= Surface.maxDimension, w * h <= Surface.maxPixelCount else {
                throw CompositorError.invalidOutputSize(width: w, height: h)
            }
            target = try compositor.frameAllocator().outputSurface(width: w, height: h, for: RenderNodeID(0))
            damage = .full(width: w, height: h)
        }
        var replaced = list
        invalidate()
        let regions: [PixelBox]
        if damage.rects == [PixelBox(x0: 0, y0: 0, x1: w, y1: h)], let pool, pool.workerCount > 1 {
            regions = Compositor.bands(width: w, height: h, count: pool.workerCount)
        } else {
            regions = damage.rects
        }
        try compositor.render(pending.list, into: target, regions: regions, background: pending.background,
                              pool: pool)
        surface = target
        // The last frame's list is done with (this frame's damage was found against it): its
        // buffer builds a later frame's list.
        if let old = replaced {
            replaced = nil // the only other copy: the buffer is given back unshared
            compositor.drawListBuffers.giveBack(old)
        }
        list = pending.list
        fill = pending.fill
        return target
    }

    /// `prepare` then `draw`: the frame's damage (what was redrawn) after drawing it.
    @discardableResult
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1,
                        background: CGColor? = nil) throws -> FrameDamage {
        let p = prepare(tree: tree, width: width, height: height, scale: scale, background: background)
        try draw(p)
        return p.damage
    }
}

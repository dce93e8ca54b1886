// A stream of frames drawn incrementally: the last frame is kept, and each new frame redraws
// only the pixels that can differ from it (its damage, DrawListDamage.swift) through the
// region renderer (RegionRendering.swift), so every frame is byte-identical to a full redraw.
//
// Two steps, so a host can ask what will change before drawing (CARenderer's
// `updateBounds()` before `render()`): `prepare` builds the frame's draw list and its damage
// against the kept frame; `draw` redraws that damage — on the worker pool when there is one,
// large damage rectangles (the whole frame included) split into bands of rows
// (`RenderThreads.regions(for:workers:minimumPixels:)`).
//
// Two surfaces, as a GPU swap chain's "buffer age": the kept frame N may still be shown by
// its caller (CARenderer hands out an image of it without copying), so frame N+1 is drawn
// into the surface of frame N−1, redrawing N's damage (what differs between N−1 and N) and
// N+1's. Outside those, frame N−1's pixels are frame N's, which are frame N+1's: exact, and
// no whole-frame copy. When the older surface is still held by someone (an image of frame
// N−1 kept by a caller) a new surface takes a copy of frame N instead.
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
        /// The list's damage units, kept with the frame for the next frame's comparison (nil
        /// when no comparison was needed: they are computed then, if ever).
        fileprivate var units: [DamageUnit]?
        /// `list.hasWholeExtentWork`, found once (a scan of the commands) for both uses.
        fileprivate var wholeExtentWork: Bool
    }

    /// Keeps the caches (images, shadows, rasterized layers) between frames.
    package let compositor: Compositor
    /// The last frame's draw list by subtree: a frame walks only the layers that changed.
    package let retained = RetainedPreparation()
    /// Workers to spread a frame's regions over (nil, or one worker: the calling thread
    /// only, each damage rectangle drawn as it is).
    package var pool: WorkerPool?
    /// Damage rectangles and 3D planes of at least this many device pixels are split into
    /// bands across the pool's workers (tests lower it to split small frames).
    package var minimumSplitPixels = RenderThreads.minimumSplitPixels
    /// At most this many damage rectangles are redrawn a frame (more are merged).
    package var maxRegions = 8
    /// The last frame drawn: its pixels, its draw list and its background.
    package private(set) var surface: Surface?
    /// The frame drawn before `surface`, and the device rectangles that differ between them
    /// (the damage `surface`'s frame redrew): where the next frame is drawn.
    private var back: Surface?
    private var backDamage: [PixelBox] = []
    /// Where the last frame `draw` returned differs from the frame before it (device pixels,
    /// possibly overlapping): its damage, or the whole frame when there was no kept frame of
    /// its size. Whichever surface holds it, the bytes outside are the previous frame's.
    package private(set) var lastDamage: [PixelBox] = []
    private var list: DrawList?
    /// A frame-sized surface the rows of damage narrower than the frame are drawn in (see
    /// `Compositor.render(_:into:regions:background:pool:minimumSplitPixels:scratch:)`):
    /// made when such damage first comes, kept while the size stays.
    private var scratch: Surface?
    /// What each frame's region render keeps track of (its regions, errors, banded planes),
    /// lent to every frame (`RegionRenderScratch`).
    let regionScratch = RegionRenderScratch()
    /// The kept list's damage units (computed once per list).
    private var units: [DamageUnit]?
    private var fill: PremultipliedRGBA8?
    /// Rectangles to redraw in the next frame whatever its draw list says (device pixels).
    private var forced: [PixelBox] = []

    package init(compositor: Compositor = Compositor(), pool: WorkerPool? = nil) {
        self.compositor = compositor
        self.pool = pool
    }

    // Buffers each frame fills again in place (issue 21 item 3: no allocation per frame once
    // warm): the units of the frame before the kept one's list, emptied (their slices would
    // hold that list's command buffer), the unit matching, the damage rectangles of the next
    // pending frame (the last pending frame's, taken back once its caller let it go), the
    // rectangles a frame is drawn as on the back surface, and the regions after splitting for
    // the threads, with the row costs the split is estimated from.
    private var spareUnits: [DamageUnit] = []
    private let matching = DamageMatching()
    private var spareRects: [PixelBox] = []
    private var drawRects: [PixelBox] = []
    private var regionRects: [PixelBox] = []
    private var rowCosts = RowCosts()

    /// Forgets the kept frame: the next one is drawn whole.
    package func invalidate() {
        surface = nil; back = nil; backDamage.removeAll(keepingCapacity: true); list = nil; retireUnits(); fill = nil
        forced.removeAll(keepingCapacity: true)
    }

    /// The kept units, emptied, become the spare buffer the next frame's units are made in.
    private func retireUnits() {
        guard var old = units else { return }
        units = nil
        old.removeAll(keepingCapacity: true)
        spareUnits = old
    }

    /// `buffer`'s storage moved out, emptied (unshared, so filling it allocates nothing once
    /// it has grown, when its last holder has let it go).
    private static func take(_ buffer: inout [PixelBox]) -> [PixelBox] {
        var out: [PixelBox] = []
        swap(&out, &buffer)
        out.removeAll(keepingCapacity: true)
        return out
    }

    /// The scratch surface for drawing `regions` of a `width` × `height` frame: nil when
    /// every region spans the frame's width (nothing beside them to keep), else the kept one
    /// (made at this size when missing).
    private func regionScratch(for regions: [PixelBox], width: Int, height: Int) throws -> Surface? {
        guard regions.contains(where: { $0.x0 > 0 || $0.x1 < width }) else { return nil }
        if let s = scratch, s.width == width, s.height == height { return s }
        scratch = nil
        scratch = try compositor.frameAllocator().outputSurface(width: width, height: height, for: RenderNodeID(0))
        return scratch
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
        let list = compositor.drawList(tree: tree, width: width, height: height, scale: scale, retained: retained)
        let fill = background?.premultiplied ?? .transparent
        let frame = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        var rects = Self.take(&spareRects)
        var newUnits: [DamageUnit]?
        if let kept = self.list, let surface, surface.width == width, surface.height == height, self.fill == fill,
           !forced.contains(where: { $0.intersection(frame) == frame }) {
            // The comparison is skipped when a forced rectangle already covers the frame.
            let old = units ?? DamageUnit.units(of: kept)
            var fresh: [DamageUnit] = []
            swap(&fresh, &spareUnits)
            DamageUnit.units(of: list, into: &fresh)
            list.appendDamage(units: fresh, since: old, matching: matching, to: &rects)
            newUnits = fresh
            for f in forced {
                let b = f.intersection(frame)
                if !b.isEmpty { rects.append(b) }
            }
        } else if width > 0, height > 0 {
            rects.append(frame)  // the whole frame
        }
        let whole = list.hasWholeExtentWork
        var damage = FrameDamage(rects: rects, width: width, height: height)
        rects = []
        damage.formRedrawRegions(limit: maxRegions, wholeExtentWork: whole)
        return Pending(list: list, damage: damage, background: background, fill: fill, units: newUnits, wholeExtentWork: whole)
    }

    /// Draws `pending`'s frame, redrawing only its damage (see the note at the top: into the
    /// surface of the frame before the kept one when no one else holds it), and keeps it: the
    /// returned surface, the new kept frame, is byte-identical to a full render of
    /// `pending`'s frame. The surface of the previous kept frame is not written. On error
    /// nothing is kept (the next frame is drawn whole).
    @discardableResult
    package func draw(_ pending: Pending) throws -> Surface {
        let w = pending.list.width, h = pending.list.height
        let full = PixelBox(x0: 0, y0: 0, x1: w, y1: h)
        var damage = pending.damage
        func newSurface() throws -> Surface {
            guard w > 0, h > 0, w <= Surface.maxDimension, h <= Surface.maxDimension, w * h <= Surface.maxPixelCount else {
                throw CompositorError.invalidOutputSize(width: w, height: h)
            }
            return try compositor.frameAllocator().outputSurface(width: w, height: h, for: RenderNodeID(0))
        }
        let target: Surface
        let front = list != nil ? surface.flatMap { $0.width == w && $0.height == h ? $0 : nil } : nil
        if let front, damage.isEmpty {
            // Nothing to redraw: the kept frame is this frame.
            list = pending.list
            if let fresh = pending.units { retireUnits(); units = fresh }
            lastDamage.removeAll(keepingCapacity: true)
            spareRects = pending.damage.rects
            return front
        }
        if let front {
            // The older surface, if only this stream holds it (taken out of `back` first, so
            // the local reference is the stream's only one).
            var older = back
            back = nil
            if var b = older, b.width == w, b.height == h {
                older = nil
                if isKnownUniquelyReferenced(&b) {
                    target = b
                    var rects = Self.take(&drawRects)
                    rects.append(contentsOf: backDamage)
                    rects.append(contentsOf: damage.rects)
                    damage = FrameDamage(rects: rects, width: w, height: h)
                    rects = []
                    damage.formRedrawRegions(limit: maxRegions, wholeExtentWork: pending.wholeExtentWork)
                } else {
                    target = try newSurface()
                    if !damage.isWhole(full) { target.copyPixels(from: front, dx: 0, dy: 0) }
                }
            } else {
                target = try newSurface()
                if !damage.isWhole(full) { target.copyPixels(from: front, dx: 0, dy: 0) }
            }
        } else {
            target = try newSurface()
            if !damage.isWhole(full) { damage = .full(width: w, height: h) }
        }
        let kept = front
        var replaced = list
        invalidate()  // also retires the kept list's units (they hold slices of its buffer)
        RenderThreads.regions(for: damage.rects, workers: pool?.workerCount ?? 1, minimumPixels: minimumSplitPixels,
                              list: pending.list, costs: &rowCosts, into: &regionRects)
        let rowScratch = try regionScratch(for: regionRects, width: w, height: h)
        try compositor.render(pending.list, into: target, regions: regionRects, background: pending.background,
                              pool: pool, minimumSplitPixels: minimumSplitPixels, scratch: rowScratch, kept: regionScratch)
        surface = target
        back = kept
        // Copied into the stream's own buffers (the pending frame's stays its caller's).
        backDamage.removeAll(keepingCapacity: true)
        lastDamage.removeAll(keepingCapacity: true)
        if kept == nil {
            lastDamage.append(full)
        } else {
            backDamage.append(contentsOf: pending.damage.rects)
            lastDamage.append(contentsOf: pending.damage.rects)
        }
        // The last frame's list is done with (this frame's damage was found against it): its
        // buffer builds a later frame's list.
        if let old = replaced {
            replaced = nil // the only other copy: the buffer is given back unshared
            compositor.drawListBuffers.giveBack(old)
        }
        list = pending.list
        units = pending.units
        fill = pending.fill
        // Buffers a later frame fills again: the rectangles drawn on the back surface, and
        // the pending frame's damage once its caller has let the pending frame go.
        if damage.rects.withUnsafeBufferPointer({ $0.baseAddress }) != pending.damage.rects.withUnsafeBufferPointer({ $0.baseAddress }) {
            drawRects = damage.rects
        }
        spareRects = pending.damage.rects
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

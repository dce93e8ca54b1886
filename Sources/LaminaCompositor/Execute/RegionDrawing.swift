// One frame's regions drawn by index (RegionRendering.swift), as an object the worker pool
// calls (`BandWork`): a frame drawn on several threads hands the pool this object, kept by
// the frame's `RegionRenderScratch`, instead of a closure (the pool's escaping view of a
// closure is a heap box: one malloc every frame, issue 21 item 3).
import LaminaRaster

/// The frame being drawn in regions: set by `begin` before the regions are drawn, emptied by
/// `end` after (so it holds no list, surface or plane between frames: a frame stream's list
/// buffer and surfaces go back unshared). While a frame draws, the regions' threads only read
/// it. One frame at a time.
final class RegionDrawing: BandWork, @unchecked Sendable {
    private var list = DrawList(width: 0, height: 0)
    private var surface: Surface?
    private var scratch: Surface?
    private var fill = PremultipliedRGBA8.transparent
    private var frame = PixelRect.empty
    private var rects: [PixelRect] = []
    private var budget: PixelMemoryBudget?
    private var planes: PlaneBands?
    private var errors: RegionErrors?
    private var executors: DrawListExecutorPool?

    /// Starts a frame: `rects` (device pixels, within `frame`) of `list` to draw into `surface`
    /// (see `Compositor.render(_:into:regions:background:pool:minimumSplitPixels:scratch:kept:)`).
    func begin(list: DrawList, surface: Surface, scratch: Surface?, fill: PremultipliedRGBA8, frame: PixelRect,
               rects: [PixelRect], budget: PixelMemoryBudget, planes: PlaneBands?, errors: RegionErrors,
               executors: DrawListExecutorPool) {
        self.list = list; self.surface = surface; self.scratch = scratch; self.fill = fill; self.frame = frame
        self.rects = rects; self.budget = budget; self.planes = planes; self.errors = errors; self.executors = executors
    }

    /// Ends the frame: nothing of it is held.
    func end() {
        list = DrawList(width: 0, height: 0); surface = nil; scratch = nil; rects = []
        budget = nil; planes = nil; errors = nil; executors = nil
    }

    /// Whether nothing of a frame is held (between frames; for tests).
    var isEmpty: Bool {
        surface == nil && scratch == nil && rects.isEmpty && list.commands.isEmpty && planes == nil && executors == nil
    }

    func band(_ rows: Range<Int>, worker: Int) {
        for i in rows { draw(i) }
    }

    /// Draws region `i` (its error, if any, goes to the frame's error slots).
    func draw(_ i: Int) {
        guard let surface, let budget, let errors, let executors else { return }
        let r = rects[i]
        let rows = PixelRect(x0: frame.x0, y0: r.y0, x1: frame.x1, y1: r.y1)
        let executor = executors.take(budget: budget, planes: planes)
        defer { executors.giveBack(executor) }
        if rows != r, let scratch, scratch.width == surface.width, scratch.height == surface.height, scratch !== surface {
            // R's rows drawn in the scratch surface (what lands beside R there is not
            // looked at), then R copied out.
            do {
                if !list.firstDrawCovers(r) { scratch.fill(fill, in: r) } // (FirstDrawCover.swift)
                try executor.run(list, into: scratch, region: rows, kept: r, endsFrame: false)
                surface.copyPixels(from: scratch, dx: 0, dy: 0, clip: r)
            } catch { errors.set(i, error) }
            return
        }
        do {
            // The pixels of R's rows outside R, to put back (see the note at the top of
            // RegionRendering.swift): the part left of R then the part right of it, side by
            // side in one scratch surface. Only R is set to the background: what is drawn
            // beside it is put back, and no drawing reads a destination pixel other than the
            // one it writes.
            let allocator = executor.surfaceAllocator
            var saved: Surface?
            let left = PixelRect(x0: rows.x0, y0: r.y0, x1: r.x0, y1: r.y1)
            let right = PixelRect(x0: r.x1, y0: r.y0, x1: rows.x1, y1: r.y1)
            if rows != r {
                let copy = try allocator.surface(width: left.width + right.width, height: r.height, for: RenderNodeID(0), .output)
                if let l = surface.view(x: left.x0, y: left.y0, width: left.width, height: left.height) {
                    copy.copyPixels(from: l, dx: 0, dy: 0)
                }
                if let rr = surface.view(x: right.x0, y: right.y0, width: right.width, height: right.height) {
                    copy.copyPixels(from: rr, dx: left.width, dy: 0)
                }
                saved = copy
            }
            // Unless the list's first drawing overwrites all of R (FirstDrawCover.swift).
            if !list.firstDrawCovers(r) { surface.fill(fill, in: r) }
            defer {
                if let saved {
                    if !left.isEmpty { surface.copyPixels(from: saved, dx: left.x0, dy: r.y0, clip: left) }
                    if !right.isEmpty { surface.copyPixels(from: saved, dx: right.x0 - left.width, dy: r.y0, clip: right) }
                    allocator.recycle(saved)
                }
            }
            try executor.run(list, into: surface, region: rows, kept: r, endsFrame: false)
        } catch { errors.set(i, error) }
    }
}

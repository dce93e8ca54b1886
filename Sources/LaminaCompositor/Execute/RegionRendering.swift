// Rendering part of a frame: one entry for a damage rectangle and for the bands of a frame
// split across threads. A region render changes only the device pixels of its rectangle R,
// and those come out byte-identical to a whole-frame render of the same draw list.
//
// How it stays exact: the draw list is prepared once for the whole frame, and the region only
// limits which output rows the executor may write (`RasterTarget.limit`): every fill's clip
// area, every group's final composite and every sprite is cut at R's rows. Offscreen groups
// (group opacity, masks, alpha shadows) drawn on the output are cropped to the rows that can
// show in R — for an alpha shadow, plus the rows that cast a shadow into them
// (`ShadowWindow`) — and everything a whole-frame render derives from a target's extent is
// derived from the extent it has there (`RasterTarget.wholeBox`, `DeviceClip.wholeBox`):
// the `full` box whose blur plane and reduction grid an alpha shadow uses, the crop of a 3D
// plane (so its surface, its sampling choice and its homography are the whole frame's), the
// plane a path shadow is blurred in and the clip of a rounded-rect shadow's weights. 3D plane
// surfaces (shouldRasterize caches included), transitions' surfaces and path shadows' blurs
// are computed over their whole-frame extent, as are groups nested in a plane or a transition
// — though of a plane's surface only the rows the region's rows sample are drawn (the rest
// stays empty and unread, PlaneRows.swift; a cached surface is drawn whole).
// A cropped group's surface starts at another row than the whole frame's: coordinates drawn
// into it differ by that whole number of rows, which doubles represent exactly except when a
// point lies far above the group (then the last bit of a coordinate may round differently,
// and the 1/256-pixel quantisation downstream hides that unless it falls on a tie).
//
// Why rows and not R itself: the polygon rasterizer clips edges against the clip's columns
// in Double before quantising them (PolygonRasterizer.swift), so a fill clipped at another
// column can differ by one level next to its edges (measured: 1–19 pixels of a random tree,
// RegionRandomTreeTests); its output does not depend on the clip's rows. So R's rows are
// drawn across the whole width and the pixels of those rows outside R's columns are put back
// afterwards (one copy of them), and groups are cropped by rows only. A full-width band needs
// no copy.
//
// Threads: the bands of a frame are disjoint rows of one surface; each runs on its own
// executor (its own painter, rasterizer and scratch, its own allocator charging the shared
// budget), the caches are locked, and the caches end the frame once, after every band. A
// large 3D plane, which every band would otherwise draw whole, is drawn once for all of them,
// in bands of its own rows shared among the threads that reach it (PlaneBands.swift).
import CoreGraphics
import Foundation
import LaminaRaster

extension Compositor {
    /// Redraws only `region` (device pixels) of the frame `list` describes in `surface`,
    /// which must be the frame's size: the region is first set to `background` (transparent
    /// when nil), then the list is drawn over it. Pixels outside the region are not touched;
    /// pixels inside are byte-identical to `render(tree:width:height:scale:background:)` of
    /// the same frame. Throws for a surface of another size than the list's.
    package func render(_ list: DrawList, into surface: Surface, region: PixelBox, background: CGColor? = nil) throws {
        try render(list, into: surface, regions: [region], background: background, pool: nil)
    }

    /// `render(_:into:region:background:)` for a render tree (prepared for the whole
    /// `surface`).
    package func render(tree: RenderTree, into surface: Surface, region: PixelBox, scale: Double = 1,
                        background: CGColor? = nil) throws {
        let list = drawList(tree: tree, width: surface.width, height: surface.height, scale: scale)
        try render(list, into: surface, region: region, background: background)
    }

    /// Redraws each of `regions` (device pixels) as
    /// `render(_:into:region:background:)` does, spread over `pool`'s workers when given (one
    /// executor per region; the bytes do not depend on the thread count or which worker draws
    /// which region; regions whose rows overlap are drawn one after the other). With a pool
    /// of several workers, 3D planes of at least `minimumSplitPixels` device pixels are drawn
    /// in bands shared by the workers (PlaneBands.swift). The first error any region meets is
    /// thrown after all have run. Returns how many planes were drawn in bands (for tests).
    ///
    /// `scratch`, a surface of the frame's size whose pixels do not matter (nil: none): a
    /// region narrower than the frame is then drawn across its rows in `scratch` and only the
    /// region copied to `surface`, instead of saving and putting back the pixels beside it in
    /// `surface` (two copies of nearly whole rows for a small damage rectangle). Regions are
    /// row-disjoint or drawn one after the other, so they can share it.
    @discardableResult
    package func render(_ list: DrawList, into surface: Surface, regions: [PixelBox], background: CGColor? = nil,
                        pool: WorkerPool?, minimumSplitPixels: Int = RenderThreads.minimumSplitPixels,
                        scratch: Surface? = nil, kept: RegionRenderScratch? = nil) throws -> Int {
        guard list.width == surface.width, list.height == surface.height else {
            throw CompositorError.invalidOutputSize(width: surface.width, height: surface.height)
        }
        // What the frame keeps track of across its regions: a frame stream's, lent for the
        // frame and emptied at its end, or this call's own.
        let frameScratch = kept ?? RegionRenderScratch()
        let frame = PixelRect(surface)
        let rects = frameScratch.begin(regions: regions, within: frame)
        defer { frameScratch.end() }
        guard !rects.isEmpty else { return 0 }
        let budget = memoryBudget ?? PixelMemoryBudget.current
        let planes = pool.flatMap { $0.workerCount > 1 ? frameScratch.planes(pool: $0, minimumPixels: minimumSplitPixels) : nil }
        let errors = frameScratch.errors
        // The regions are drawn by an object the frame scratch keeps (`RegionDrawing`): the
        // pool calls it without a closure value (a closure made escaping for the pool was a
        // malloc every frame drawn on two threads).
        let drawing = frameScratch.drawing
        drawing.begin(list: list, surface: surface, scratch: scratch, fill: background?.premultiplied ?? .transparent,
                      frame: frame, rects: rects, budget: budget, planes: planes, errors: errors, executors: executors)
        defer { drawing.end() }
        // Regions that share rows draw them twice: one after the other, never at once.
        if let pool, pool.workerCount > 1, rects.count > 1, RegionRenderScratch.rowsAreDisjoint(rects) {
            // One "band" per region: the pool hands out indices through its atomic counter.
            pool.forEachBand(height: rects.count, bandHeight: 1, work: drawing)
        } else {
            for i in rects.indices { drawing.draw(i) }
        }
        endFrame()
        if let first = errors.first { throw first }
        return planes?.bandedCount ?? 0
    }

    /// `count` horizontal bands of nearly equal height (the first ones one row taller when
    /// the height does not divide) covering a `width` × `height` frame, top to bottom; fewer
    /// when there are fewer rows than bands, none for an empty frame.
    package static func bands(width: Int, height: Int, count: Int) -> [PixelBox] {
        var out: [PixelBox] = []
        appendBands(width: width, height: height, count: count, to: &out)
        return out
    }

    /// `bands(width:height:count:)` moved by (`offsetX`, `offsetY`), appended to `out`.
    static func appendBands(width: Int, height: Int, count: Int, offsetX: Int = 0, offsetY: Int = 0,
                            to out: inout [PixelBox]) {
        guard width > 0, height > 0 else { return }
        let n = min(height, max(1, count))
        let base = height / n, extra = height % n
        var y = 0
        for i in 0..<n {
            let h = base + (i < extra ? 1 : 0)
            out.append(PixelBox(x0: offsetX, y0: offsetY + y, x1: offsetX + width, y1: offsetY + y + h))
            y += h
        }
    }

    /// The whole frame drawn as `bands` horizontal bands on `pool` (one thread when nil):
    /// the same bytes as `render(tree:width:height:scale:background:)`.
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil,
                        bands: Int, pool: WorkerPool?) throws -> Surface {
        let surface = try outputSurface(tree: tree, width: width, height: height)
        let list = drawList(tree: tree, width: width, height: height, scale: scale)
        try render(list, into: surface, regions: Self.bands(width: width, height: height, count: bands),
                   background: background, pool: pool)
        return surface
    }

    /// A new transparent `width` × `height` output surface for a frame of `tree`, charged to
    /// the frame's budget; throws `invalidOutputSize` for sizes no frame can have.
    func outputSurface(tree: RenderTree, width: Int, height: Int) throws -> Surface {
        guard width > 0, height > 0, width <= Surface.maxDimension, height <= Surface.maxDimension,
              width * height <= Surface.maxPixelCount else {
            throw CompositorError.invalidOutputSize(width: width, height: height)
        }
        return try frameAllocator().outputSurface(width: width, height: height, for: tree.rootID ?? RenderNodeID(0))
    }
}

/// What a frame drawn in regions keeps track of (RegionRendering.swift): its regions clipped to
/// the frame, the first error of each, and its banded planes. A frame stream keeps one
/// (`IncrementalFrames`) and lends it to each frame, so none of it is made again per frame
/// (issue 21 item 3); `begin` fills it for a frame and `end` empties it, keeping the room.
/// One frame at a time: the regions' threads only read `rects` and write `errors` (locked).
package final class RegionRenderScratch: @unchecked Sendable {
    /// The frame's regions (device pixels, clipped to it, none empty), in the caller's order.
    private(set) var rects: [PixelRect] = []
    let errors = RegionErrors()
    /// What the frame's regions are drawn by (RegionDrawing.swift), kept so the pool gets
    /// the same object every frame.
    let drawing = RegionDrawing()
    /// The banded planes of the frame (PlaneBands.swift), kept while the pool is the same.
    private var bands: PlaneBands?

    package init() {}

    /// Starts a frame: `regions` clipped to `frame`, the empty ones left out.
    func begin(regions: [PixelBox], within frame: PixelRect) -> [PixelRect] {
        rects.removeAll(keepingCapacity: true)
        for b in regions {
            let r = PixelRect(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1).intersection(frame)
            if !r.isEmpty { rects.append(r) }
        }
        errors.reset(count: rects.count)
        return rects
    }

    /// The frame's banded planes on `pool`: the kept ones, emptied, when made for that pool
    /// and split size.
    func planes(pool: WorkerPool, minimumPixels: Int) -> PlaneBands {
        if let b = bands, b.pool === pool, b.minimumPixels == max(1, minimumPixels) { return b }
        let b = PlaneBands(pool: pool, minimumPixels: minimumPixels)
        bands = b
        return b
    }

    /// How many rows of banded planes all frames drawn with this scratch have drawn (tests).
    var planeRowsDrawn: Int { bands?.rowsDrawn ?? 0 }

    /// Ends the frame: nothing of it is held (no surface of a banded plane, no error). The
    /// rectangles, plain values, stay until the next `begin` (the frame's caller may still
    /// hold them; emptying a shared buffer would copy it).
    func end() {
        errors.reset(count: 0)
        bands?.reset()
    }

    /// Whether no two of `rects` share a row (then they can be drawn at once).
    static func rowsAreDisjoint(_ rects: [PixelRect]) -> Bool {
        for i in rects.indices {
            for j in rects.indices where j > i && rects[i].y0 < rects[j].y1 && rects[j].y0 < rects[i].y1 {
                return false
            }
        }
        return true
    }
}

/// The errors of a frame's regions, one slot per region (written by whichever worker draws it).
final class RegionErrors: @unchecked Sendable {
    private var slots: [Error?] = []
    private let lock = NSLock()

    /// Empties the slots for a frame of `count` regions (the buffer's room kept).
    func reset(count: Int) {
        lock.lock()
        slots.removeAll(keepingCapacity: true)
        for _ in 0..<count { slots.append(nil) }
        lock.unlock()
    }

    func set(_ i: Int, _ e: Error) { lock.lock(); slots[i] = e; lock.unlock() }

    /// The error of the lowest-numbered region that failed.
    var first: Error? {
        lock.lock(); defer { lock.unlock() }
        for case let e? in slots { return e }
        return nil
    }
}

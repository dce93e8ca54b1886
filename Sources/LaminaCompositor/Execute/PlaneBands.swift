// Large 3D planes drawn in bands on the worker pool. A plane's surface is the same in every
// region of a frame (it is computed over its whole-frame extent, RegionRendering.swift), so
// when a frame is drawn in bands each band would draw it whole: the plane work is not split
// at all. Instead the first executor to reach a plane of at least `minimumPixels` device
// pixels makes its surface and cuts its rows into bands; every executor that reaches the
// same plane (the same `beginProjective` command of the frame's draw list, with the same
// bounds) claims bands from it until none are left, then waits for the bands others claimed.
// Only the bands some executor needs are drawn: a region render reads only the surface rows
// its own rows sample through the plane's map (PlaneRows.swift), so a small damage rectangle
// over a large page draws a few rows of it, not the page.
// The claimer also hands the job to the pool, whose idle workers claim bands too (when the
// pool is already drawing the frame's bands, `WorkerPool.forEachBand` runs on the caller
// alone, and the other band threads join as they reach the plane).
//
// Exact: a band is the plane's body drawn by its own executor with the plane's rows limited to
// the band (`RasterTarget.limit`), the same mechanism as a region of the output, so the
// bands' pixels are the whole plane's. Nothing waits in a cycle: a thread waits only for
// bands other threads have claimed and are drawing, and a band waits only for planes nested
// in it (later commands).
//
// The banded surfaces live until the frame ends (the `PlaneBands` of one region render), as
// the executors that reach a plane later reuse them.
import Foundation
import LaminaRaster
import Synchronization

/// The large planes of one frame being drawn in bands, shared by all the frame's executors.
final class PlaneBands: @unchecked Sendable {
    let pool: WorkerPool
    /// Planes of at least this many device pixels are banded.
    let minimumPixels: Int
    /// A band has at least this many rows where the plane is tall enough (a short plane gets
    /// two bands).
    static let minimumBandRows = 16
    private let lock = NSLock()
    /// Keyed by the index of the plane's `beginProjective` in the draw list.
    private var jobs: [Int: PlaneJob] = [:]

    init(pool: WorkerPool, minimumPixels: Int) {
        self.pool = pool
        self.minimumPixels = max(1, minimumPixels)
    }

    /// Forgets the frame's planes (a frame stream keeps this object between frames,
    /// `RegionRenderScratch`): the table's room is kept.
    func reset() { lock.lock(); jobs.removeAll(keepingCapacity: true); lock.unlock() }

    /// How many planes were drawn in bands so far.
    var bandedCount: Int { lock.lock(); defer { lock.unlock() }; return jobs.count }

    /// How many plane rows bands have drawn since this object was made (all frames; tests).
    var rowsDrawn: Int { rows.load(ordering: .relaxed) }
    private let rows = Atomic<Int>(0)

    /// Whether a plane surface of `bounds` (device pixels) is drawn in bands, when `rows` of
    /// it (surface rows; nil: all) are needed: at least `minimumPixels` of them.
    func wants(_ bounds: PixelBox, rows: Range<Int>? = nil) -> Bool {
        let height = rows?.count ?? bounds.height
        return !bounds.isEmpty && bounds.width * height >= minimumPixels && height >= 2
    }

    /// The surface of the plane whose `beginProjective` is command `index`, covering `bounds`,
    /// with at least its `rows` (surface rows; nil: all) drawn: made with `allocate` by the
    /// first caller, its bands drawn by `draw(surface, rows)` (rows in surface pixels, full
    /// width) on whichever threads reach it. A band is drawn once, when some caller needs a
    /// row of it (a region render reads only the rows its own rows sample, PlaneRows.swift):
    /// the bands are cut so that the first caller's rows are bands of their own. Nil when
    /// another caller started the same command with other bounds (the caller then draws the
    /// plane itself). Throws the first error any band met.
    func surface(command index: Int, bounds: PixelBox, rows: Range<Int>? = nil, allocate: () throws -> Surface,
                 draw: (Surface, PixelRect) throws -> Void) throws -> Surface? {
        let needed = (rows ?? 0..<bounds.height).clamped(to: 0..<bounds.height)
        lock.lock()
        let job: PlaneJob
        if let existing = jobs[index] {
            job = existing
        } else {
            // Two bands a worker, so a thread that reaches the plane late still finds some.
            job = PlaneJob(bounds: bounds, bands: Self.bandRows(height: bounds.height, needed: needed, count: 2 * pool.workerCount))
            do { job.surface = try allocate() } catch { job.fail(error) }
            jobs[index] = job
        }
        lock.unlock()
        guard job.bounds == bounds else { return nil }
        job.want(needed)
        pool.forEachBand(height: pool.workerCount, bandHeight: 1) { _, _ in
            job.claimBands { surface, band in
                try draw(surface, band)
                self.rows.add(band.height, ordering: .relaxed)
            }
        }
        return try job.finished(needed)
    }

    /// A plane of `height` rows cut into bands: `needed` in `count` bands (fewer where they
    /// would be shorter than `minimumBandRows`, at least two), and the rows above and below
    /// it likewise. With every row needed: `count` bands of the whole plane.
    static func bandRows(height: Int, needed: Range<Int>, count: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        for part in [0..<needed.lowerBound, needed, needed.upperBound..<height] where !part.isEmpty {
            let n = min(part.count, min(count, max(2, part.count / minimumBandRows)))
            let base = part.count / n, extra = part.count % n
            var y = part.lowerBound
            for i in 0..<n {
                let h = base + (i < extra ? 1 : 0)
                out.append(y..<(y + h))
                y += h
            }
        }
        return out
    }
}

/// One plane's bands: which are needed, claimed and drawn, and the first error.
private final class PlaneJob: @unchecked Sendable {
    let bounds: PixelBox
    /// Surface rows, in order, covering the plane.
    let bands: [Range<Int>]
    /// Set once, before the job is shared.
    var surface: Surface?
    private let condition = NSCondition()
    private enum State { case unneeded, wanted, claimed, done }
    private var states: [State]
    private var error: Error?

    init(bounds: PixelBox, bands: [Range<Int>]) {
        self.bounds = bounds
        self.bands = bands
        states = Array(repeating: .unneeded, count: bands.count)
    }

    /// Records `e` unless an earlier error is kept.
    func fail(_ e: Error) {
        condition.lock()
        if error == nil { error = e }
        condition.unlock()
    }

    /// Marks the bands that hold a row of `rows` as needed.
    func want(_ rows: Range<Int>) {
        condition.lock()
        for i in bands.indices where states[i] == .unneeded && bands[i].overlaps(rows) { states[i] = .wanted }
        condition.unlock()
    }

    /// Draws needed bands nobody claimed until none is left.
    func claimBands(_ draw: (Surface, PixelRect) throws -> Void) {
        while true {
            condition.lock()
            guard let b = states.firstIndex(of: .wanted) else { condition.unlock(); return }
            states[b] = .claimed
            let failed = error != nil
            condition.unlock()
            if !failed, let surface {
                let rows = bands[b]
                do { try draw(surface, PixelRect(x0: 0, y0: rows.lowerBound, x1: bounds.width, y1: rows.upperBound)) } catch { fail(error) }
            }
            condition.lock()
            states[b] = .done
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Waits until every band holding a row of `rows` is drawn; the surface, or the first error.
    func finished(_ rows: Range<Int>) throws -> Surface {
        condition.lock()
        while bands.indices.contains(where: { bands[$0].overlaps(rows) && states[$0] != .done }) { condition.wait() }
        let e = error
        condition.unlock()
        if let e { throw e }
        guard let surface else { throw CompositorError.unbalancedDrawList("banded plane without a surface") }
        return surface
    }
}

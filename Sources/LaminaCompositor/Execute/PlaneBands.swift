// Large 3D planes drawn in bands on the worker pool. A plane's surface is the same in every
// region of a frame (it is computed over its whole-frame extent, RegionRendering.swift), so
// when a frame is drawn in bands each band would draw it whole: the plane work is not split
// at all. Instead the first executor to reach a plane of at least `minimumPixels` device
// pixels makes its surface and cuts its rows into bands; every executor that reaches the
// same plane (the same `beginProjective` command of the frame's draw list, with the same
// bounds) claims bands from it until none are left, then waits for the bands others claimed.
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

    /// Whether a plane surface of `bounds` (device pixels) is drawn in bands.
    func wants(_ bounds: PixelBox) -> Bool {
        !bounds.isEmpty && bounds.width * bounds.height >= minimumPixels && bounds.height >= 2
    }

    /// The finished surface of the plane whose `beginProjective` is command `index`, covering
    /// `bounds`: made with `allocate` by the first caller, its bands drawn by `draw(surface,
    /// rows)` (rows in surface pixels, full width) on whichever threads reach it. Nil when
    /// another caller started the same command with other bounds (the caller then draws the
    /// plane itself). Throws the first error any band met.
    func surface(command index: Int, bounds: PixelBox, allocate: () throws -> Surface,
                 draw: (Surface, PixelRect) throws -> Void) throws -> Surface? {
        lock.lock()
        let job: PlaneJob
        if let existing = jobs[index] {
            job = existing
        } else {
            // Two bands a worker, so a thread that reaches the plane late still finds some.
            let rows = min(2 * pool.workerCount, max(2, bounds.height / Self.minimumBandRows))
            let bands = Compositor.bands(width: bounds.width, height: bounds.height, count: rows)
                .map { PixelRect(x0: $0.x0, y0: $0.y0, x1: $0.x1, y1: $0.y1) }
            job = PlaneJob(bounds: bounds, bands: bands)
            do { job.surface = try allocate() } catch { job.fail(error) }
            jobs[index] = job
        }
        lock.unlock()
        guard job.bounds == bounds else { return nil }
        pool.forEachBand(height: pool.workerCount, bandHeight: 1) { _, _ in job.claimBands(draw) }
        return try job.finished()
    }
}

/// One plane's bands: which are claimed, which are done, the first error.
private final class PlaneJob: @unchecked Sendable {
    let bounds: PixelBox
    let bands: [PixelRect]
    /// Set once, before the job is shared.
    var surface: Surface?
    private let condition = NSCondition()
    private var next = 0
    private var done = 0
    private var error: Error?

    init(bounds: PixelBox, bands: [PixelRect]) {
        self.bounds = bounds
        self.bands = bands
    }

    /// Records `e` unless an earlier error is kept.
    func fail(_ e: Error) {
        condition.lock()
        if error == nil { error = e }
        condition.unlock()
    }

    /// Draws unclaimed bands until none is left.
    func claimBands(_ draw: (Surface, PixelRect) throws -> Void) {
        while true {
            condition.lock()
            guard next < bands.count else { condition.unlock(); return }
            let b = next
            next += 1
            let failed = error != nil
            condition.unlock()
            if !failed, let surface {
                do { try draw(surface, bands[b]) } catch { fail(error) }
            }
            condition.lock()
            done += 1
            if done == bands.count { condition.broadcast() }
            condition.unlock()
        }
    }

    /// Waits until every band is drawn; the surface, or the first error.
    func finished() throws -> Surface {
        condition.lock()
        while done < bands.count { condition.wait() }
        let e = error
        condition.unlock()
        if let e { throw e }
        guard let surface else { throw CompositorError.unbalancedDrawList("banded plane without a surface") }
        return surface
    }
}

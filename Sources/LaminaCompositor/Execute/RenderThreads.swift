// How many threads draw a frame: the `LAMINA_THREADS` setting, else the machine's cores.
// Frames split into horizontal bands drawn on a `WorkerPool` (RegionRendering.swift) come
// out byte-identical for any thread count, so the setting changes speed only. Which parts of
// a frame are split: `regions(for:workers:minimumPixels:)` (the rectangles a frame or its
// damage is drawn as) and PlaneBands.swift (large 3D planes).
import CoreGraphics
import Foundation
import LaminaRaster

package enum RenderThreads {
    /// The environment variable that sets the thread count.
    package static let variable = "LAMINA_THREADS"

    /// The thread count `environment` asks for: `LAMINA_THREADS` as a positive integer
    /// (clamped to 1...64, `WorkerPool`'s limit); anything else — unset, empty, zero,
    /// negative, not a number — gives `cores`.
    package static func count(environment: [String: String], cores: Int) -> Int {
        let fallback = min(64, max(1, cores))
        guard let text = environment[variable]?.trimmingCharacters(in: .whitespaces), let n = Int(text), n > 0 else {
            return fallback
        }
        return min(64, n)
    }

    /// The count for this process: its environment and its active processor count.
    package static var configured: Int {
        count(environment: ProcessInfo.processInfo.environment, cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// One pool for the process's frames, with `configured` workers (made on first use; the
    /// pool runs one frame at a time and draws a second caller's bands on that caller's thread).
    package static let sharedPool = WorkerPool(threadCount: configured)

    /// The pool frames use unless told otherwise: `sharedPool`, or nil when it has one worker
    /// (`LAMINA_THREADS=1`, or a single core), so frames take exactly the one-thread path.
    package static var defaultPool: WorkerPool? { pool(threads: sharedPool.workerCount) }

    /// A pool of `threads` workers (clamped to 1...64): nil for one (draw on the calling
    /// thread), `sharedPool` when it has that many, else a new pool (its threads live as long
    /// as it does).
    package static func pool(threads: Int) -> WorkerPool? {
        let n = min(64, max(1, threads))
        if n == 1 { return nil }
        return n == sharedPool.workerCount ? sharedPool : WorkerPool(threadCount: n)
    }

    /// A rectangle of a frame, or a 3D plane's surface, is split across threads only from
    /// this many device pixels (256 × 256): each band walks the whole draw list (or plane
    /// body) and builds its clip masks again, which on a small area costs more than a second
    /// thread saves — a 40 × 40 spinner's damage is drawn on one thread.
    package static let minimumSplitPixels = 256 * 256

    /// The rectangles (device pixels) to draw `damage` as on `workers` threads, all of them
    /// row-disjoint so they can be drawn at once: rectangles that share rows are merged into
    /// their bounding box (a region is drawn across whole rows anyway, RegionRendering.swift,
    /// so this draws no more rows than drawing them one after the other), and each box of at
    /// least `minimumPixels` pixels is split into `workers` bands of its rows: of equal
    /// estimated work when `list` (the frame's draw list) is given (`RowCosts`), else of equal
    /// height. For one worker, `damage` itself (the one-thread path).
    package static func regions(for damage: [PixelBox], workers: Int, minimumPixels: Int, list: DrawList? = nil) -> [PixelBox] {
        guard workers > 1 else { return damage }
        var costs = RowCosts()
        var out: [PixelBox] = []
        regions(for: damage, workers: workers, minimumPixels: minimumPixels, list: list, costs: &costs, into: &out)
        return out
    }

    /// `regions(for:workers:minimumPixels:list:)` into `out` (emptied first), the row costs
    /// estimated in `costs`' buffers: a frame stream keeps both, so splitting a frame
    /// allocates nothing once they have grown.
    package static func regions(for damage: [PixelBox], workers: Int, minimumPixels: Int, list: DrawList?,
                                costs: inout RowCosts, into out: inout [PixelBox]) {
        out.removeAll(keepingCapacity: true)
        out.append(contentsOf: damage)
        guard workers > 1 else { return }
        FrameDamage.mergeSharedRows(&out)
        var measured = false
        // Each large box replaced by its bands, from the last box back (the boxes before it
        // keep their places).
        for k in out.indices.reversed() {
            let box = out[k]
            guard box.width * box.height >= minimumPixels else { continue }
            let end = out.count
            if let list {
                if !measured { costs.measure(list, rows: 0..<list.height); measured = true }
                costs.appendBands(of: box, count: workers, to: &out)
            } else {
                Compositor.appendBands(width: box.width, height: box.height, count: workers, offsetX: box.x0, offsetY: box.y0,
                                       to: &out)
            }
            // The bands, appended at the end, rotated into the box's place.
            let count = out.count - end
            guard count > 0 else { continue }
            out.remove(at: k)
            let n = out.count
            // Three reversals, element by element (reversing a slice copies it).
            func reverse(_ from: Int, _ to: Int) {
                var i = from, j = to - 1
                while i < j { out.swapAt(i, j); i += 1; j -= 1 }
            }
            reverse(k, n)
            reverse(k, k + count)
            reverse(k + count, n)
        }
    }
}

extension Compositor {
    /// The whole frame drawn as one horizontal band per worker of `pool` (one band, on this
    /// thread, for a single worker): the same bytes as `render(tree:width:height:scale:background:)`.
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil,
                        pool: WorkerPool) throws -> Surface {
        try render(tree: tree, width: width, height: height, scale: scale, background: background,
                   bands: pool.workerCount, pool: pool)
    }

    /// A whole frame as a frame stream draws it on `pool`: the frame's rectangle split by
    /// `RenderThreads.regions(for:workers:minimumPixels:)`, large 3D planes in bands too;
    /// without a pool (or with one worker) exactly `render(tree:width:height:scale:background:)`.
    /// The same bytes either way.
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil,
                        pool: WorkerPool?, minimumSplitPixels: Int) throws -> Surface {
        guard let pool, pool.workerCount > 1 else {
            return try render(tree: tree, width: width, height: height, scale: scale, background: background)
        }
        let surface = try outputSurface(tree: tree, width: width, height: height)
        try render(tree: tree, into: surface, scale: scale, background: background, pool: pool,
                   minimumSplitPixels: minimumSplitPixels)
        return surface
    }

    /// `surface` (the frame's size) set to `background` (transparent when nil) and the tree
    /// drawn over it, as `render(tree:width:height:scale:background:pool:minimumSplitPixels:)`
    /// draws it; with no pool or one worker, on this thread as `render(tree:into:scale:)`.
    package func render(tree: RenderTree, into surface: Surface, scale: Double = 1, background: CGColor?,
                        pool: WorkerPool?, minimumSplitPixels: Int) throws {
        guard let pool, pool.workerCount > 1 else {
            surface.fill(background?.premultiplied ?? .transparent)
            try render(tree: tree, into: surface, scale: scale)
            return
        }
        let list = drawList(tree: tree, width: surface.width, height: surface.height, scale: scale)
        let whole = PixelBox(x0: 0, y0: 0, x1: surface.width, y1: surface.height)
        try render(list, into: surface,
                   regions: RenderThreads.regions(for: [whole], workers: pool.workerCount, minimumPixels: minimumSplitPixels, list: list),
                   background: background, pool: pool, minimumSplitPixels: minimumSplitPixels)
    }
}

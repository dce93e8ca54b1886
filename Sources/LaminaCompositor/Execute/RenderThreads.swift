// How many threads draw a frame: the `LAMINA_THREADS` setting, else the machine's cores.
// Frames split into horizontal bands drawn on a `WorkerPool` (RegionRendering.swift) come
// out byte-identical for any thread count, so the setting changes speed only.
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
}

extension Compositor {
    /// The whole frame drawn as one horizontal band per worker of `pool` (one band, on this
    /// thread, for a single worker): the same bytes as `render(tree:width:height:scale:background:)`.
    package func render(tree: RenderTree, width: Int, height: Int, scale: Double = 1, background: CGColor? = nil,
                        pool: WorkerPool) throws -> Surface {
        try render(tree: tree, width: width, height: height, scale: scale, background: background,
                   bands: pool.workerCount, pool: pool)
    }
}

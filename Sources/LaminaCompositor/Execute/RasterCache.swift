// The surfaces of shouldRasterize layers, kept between frames and reused while their content
// hash matches (Apple keeps rasterized bitmaps the same way and drops them when unused).
import Foundation
import LaminaRaster

/// Rasterized layer surfaces by layer id. Entries not used during a frame are dropped at its
/// end. Thread-safe (one lock), so one compositor can be shared.
package final class RasterCache: @unchecked Sendable {
    private struct Entry { var key: Int; var surface: Surface }
    private var entries: [RenderNodeID: Entry] = [:]
    private var used: Set<RenderNodeID> = []
    private let lock = NSLock()
    /// Frames' worth of statistics, for tests and profiling.
    package private(set) var hits = 0
    package private(set) var misses = 0

    package init() {}

    func lookup(_ layer: RenderNodeID, key: Int, width: Int, height: Int) -> Surface? {
        lock.lock(); defer { lock.unlock() }
        used.insert(layer)
        if let e = entries[layer], e.key == key, e.surface.width == width, e.surface.height == height {
            hits += 1
            return e.surface
        }
        misses += 1
        return nil
    }

    func store(_ layer: RenderNodeID, key: Int, surface: Surface) {
        lock.lock(); defer { lock.unlock() }
        entries[layer] = Entry(key: key, surface: surface)
        used.insert(layer)
    }

    /// Drops the entries the frame did not use.
    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        entries = entries.filter { used.contains($0.key) }
        used = []
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

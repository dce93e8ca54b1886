// What the compositor keeps between frames: the surfaces of shouldRasterize layers (reused
// while their content hash matches, as Apple keeps rasterized bitmaps and drops them when
// unused) and contents images prepared for sampling (mip chains included).
import CoreGraphics
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

/// Contents images prepared for sampling, by image identity (the entry holds the image, so an
/// identifier is never reused while cached). Entries unused for a frame are dropped at its end.
package final class ImageCache: @unchecked Sendable {
    private struct Key: Hashable { var id: ObjectIdentifier; var mipmapped: Bool }
    private struct Entry { var image: CGImage; var sampled: SampledImage }
    private var entries: [Key: Entry] = [:]
    private var used: Set<Key> = []
    private let lock = NSLock()

    package init() {}

    /// The sampled form of `image`, built on first use (with its mip chain when `mipmapped`).
    func sampled(_ image: CGImage, mipmapped: Bool) -> SampledImage {
        let key = Key(id: ObjectIdentifier(image), mipmapped: mipmapped)
        lock.lock()
        if let e = entries[key], e.image === image {
            used.insert(key)
            lock.unlock()
            return e.sampled
        }
        lock.unlock()
        let s = SampledImage(image.premultipliedRGBA8, mipmapped: mipmapped)
        lock.lock(); defer { lock.unlock() }
        entries[key] = Entry(image: image, sampled: s)
        used.insert(key)
        return s
    }

    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        entries = entries.filter { used.contains($0.key) }
        used = []
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

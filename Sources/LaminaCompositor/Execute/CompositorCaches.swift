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
    private var used = FrameUse<RenderNodeID>()
    private let lock = NSLock()
    /// Frames' worth of statistics, for tests and profiling.
    package private(set) var hits = 0
    package private(set) var misses = 0

    package init() {}

    func lookup(_ layer: RenderNodeID, key: Int, width: Int, height: Int) -> Surface? {
        lock.lock(); defer { lock.unlock() }
        let held = entries[layer] != nil
        used.mark(layer, wasInTable: held, inTable: held)
        if let e = entries[layer], e.key == key, e.surface.width == width, e.surface.height == height {
            hits += 1
            return e.surface
        }
        misses += 1
        return nil
    }

    func store(_ layer: RenderNodeID, key: Int, surface: Surface) {
        lock.lock(); defer { lock.unlock() }
        let held = entries[layer] != nil
        entries[layer] = Entry(key: key, surface: surface)
        used.mark(layer, wasInTable: held, inTable: true)
    }

    /// Drops the entries the frame did not use (a new table only when something goes).
    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        if !used.usedAll(tableCount: entries.count) { entries = entries.filter { used.contains($0.key) } }
        used.reset()
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

/// Contents images prepared for sampling, by image identity (the entry holds the image, so an
/// identifier is never reused while cached). Entries unused for a frame are dropped at its end.
package final class ImageCache: @unchecked Sendable {
    private struct Key: Hashable { var id: ObjectIdentifier; var mipmapped: Bool }
    private struct Entry { var image: CGImage; var sampled: SampledImage }
    private var entries: [Key: Entry] = [:]
    private var used = FrameUse<Key>()
    private let lock = NSLock()

    package init() {}

    /// The sampled form of `image`, built on first use (with its mip chain when `mipmapped`).
    func sampled(_ image: CGImage, mipmapped: Bool) -> SampledImage {
        let key = Key(id: ObjectIdentifier(image), mipmapped: mipmapped)
        lock.lock()
        if let e = entries[key], e.image === image {
            used.mark(key, wasInTable: true, inTable: true)
            lock.unlock()
            return e.sampled
        }
        lock.unlock()
        // Contents are sampled over many frames: worth finding their clear blocks once.
        let s = SampledImage(image.premultipliedRGBA8, mipmapped: mipmapped, findClearTiles: true)
        lock.lock(); defer { lock.unlock() }
        let held = entries[key] != nil
        entries[key] = Entry(image: image, sampled: s)
        used.mark(key, wasInTable: held, inTable: true)
        return s
    }

    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        // A new table only when something goes; the used set keeps its storage (a steady
        // frame asks for the same images: neither allocates).
        if !used.usedAll(tableCount: entries.count) { entries = entries.filter { used.contains($0.key) } }
        used.reset()
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
    /// Room in the set of the frame's used images (for tests: kept between frames).
    var usedCapacity: Int { lock.lock(); defer { lock.unlock() }; return used.capacity }
}

/// Values made on first use and kept while frames keep using them: an entry no frame asked for
/// is dropped at the frame's end, and at most `maxBytes` (by the values' `byteCount`) are held —
/// a value that would pass the budget is handed out but not kept. Thread-safe (one lock; the
/// value is made outside it, so two threads may both make one for a new key, and the first
/// kept wins). The store behind `ShadowCache` and `CoverageCache`.
final class FrameScopedStore<Key: Hashable, Value>: @unchecked Sendable {
    private var entries: [Key: Value] = [:]
    private var used = FrameUse<Key>()
    private var bytes = 0
    private let lock = NSLock()
    private let maxBytes: Int
    private let byteCount: (Value) -> Int

    init(maxBytes: Int, byteCount: @escaping (Value) -> Int) {
        self.maxBytes = maxBytes
        self.byteCount = byteCount
    }

    /// The kept value for `key`, or `make()`'s (nil: nothing to keep or hand out).
    func value(for key: Key, make: () -> Value?) -> Value? {
        lock.lock()
        if let v = entries[key] {
            used.mark(key, wasInTable: true, inTable: true)
            lock.unlock()
            return v
        }
        lock.unlock()
        guard let v = make() else { return nil }
        lock.lock(); defer { lock.unlock() }
        // Another thread may have kept a value for the key meanwhile: the first kept wins.
        let held = entries[key] != nil
        if !held, bytes + byteCount(v) <= maxBytes {
            entries[key] = v
            bytes += byteCount(v)
        }
        used.mark(key, wasInTable: held, inTable: entries[key] != nil)
        return v
    }

    /// Drops what the frame did not use. A steady frame, which used what it kept, allocates
    /// nothing here: the table is rebuilt only when an entry goes, and the set of used keys
    /// keeps its storage for the next frame.
    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        if !used.usedAll(tableCount: entries.count) {
            entries = entries.filter { used.contains($0.key) }
            bytes = entries.values.reduce(0) { $0 + byteCount($1) }
        }
        used.reset()
    }

    /// Room in the set of the frame's used keys (for tests: kept between frames).
    var usedCapacity: Int { lock.lock(); defer { lock.unlock() }; return used.capacity }

    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

/// Rounded-rect shadow weights (`BlurredRoundedRectWeights`) by the exact device geometry that
/// made them, so a shadow that has not moved or changed is painted from its table instead of
/// being integrated again (DESIGN: cache shadow masks with the layer); the same inputs give the
/// same table, so the pixels are those of the analytic shader. Entries unused for a frame are
/// dropped at its end; at most `maxBytes` are held. Thread-safe.
package final class ShadowCache: @unchecked Sendable {
    struct Key: Hashable {
        var x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, sigma: Double
        var clip: PixelRect
    }
    package static let maxBytes = 64 << 20
    private let store = FrameScopedStore<Key, BlurredRoundedRectWeights>(maxBytes: maxBytes) { $0.byteCount }

    package init() {}

    /// The weights of the blurred rounded rect with these inputs, made on first use.
    func weights(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, sigma: Double,
                 clip: PixelRect) -> BlurredRoundedRectWeights? {
        let key = Key(x0: x0, y0: y0, x1: x1, y1: y1, radius: radius, sigma: sigma, clip: clip)
        return store.value(for: key) {
            BlurredRoundedRectWeights(BlurredRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, cornerRadius: radius,
                                                         sigma: sigma, clip: clip))
        }
    }

    func endFrame() { store.endFrame() }

    package var count: Int { store.count }
}

/// The coverage calls of rounded rects and rings (layer backgrounds, borders, contents
/// rects) by their exact pixel geometry and clip rect, recorded on first use and replayed
/// while the shape stays where it is (`CoverageRecording`: the same calls, so the same
/// pixels) — a layer that has not moved or resized is not rasterized again. A shape that
/// moves misses every frame and costs one recording more than drawing it. Entries unused for
/// a frame are dropped at its end; at most `maxBytes` are held. Thread-safe.
package final class CoverageCache: @unchecked Sendable {
    private enum Key: Hashable {
        case fill(RoundedRect, PixelRect)
        case ring(RoundedRect, RoundedRect, PixelRect)
    }
    package static let maxBytes = 32 << 20
    private let store = FrameScopedStore<Key, CoverageRecording>(maxBytes: maxBytes) { $0.byteCount }

    package init() {}

    // Recording always yields a value, so the store's answer is never nil here.
    func roundedRect(_ rr: RoundedRect, clip: PixelRect) -> CoverageRecording {
        store.value(for: .fill(rr, clip)) { CoverageRecording.roundedRect(rr, clip: clip) }!
    }

    func ring(outer: RoundedRect, inner: RoundedRect, clip: PixelRect) -> CoverageRecording {
        store.value(for: .ring(outer, inner, clip)) { CoverageRecording.ring(outer: outer, inner: inner, clip: clip) }!
    }

    func endFrame() { store.endFrame() }

    package var count: Int { store.count }
}

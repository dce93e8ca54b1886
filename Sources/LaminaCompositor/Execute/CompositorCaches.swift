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
/// Thread-safe; the bands of a frame look images up through their own `Reader`s.
package final class ImageCache: @unchecked Sendable {
    fileprivate struct Key: Hashable { var id: ObjectIdentifier; var mipmapped: Bool }
    fileprivate struct Entry { var image: CGImage; var sampled: SampledImage }
    // No byte cap: contents images are the tree's own, so their sampled forms are bounded by it.
    private let store = FrameScopedStore<Key, Entry>(maxBytes: .max) { _ in 0 }

    package init() {}

    /// The sampled form of `image`, built on first use (with its mip chain when `mipmapped`).
    func sampled(_ image: CGImage, mipmapped: Bool) -> SampledImage {
        Self.sampled(image, mipmapped: mipmapped) { key, make in store.value(for: key, make: make) }
    }

    /// A view for one thread's lookups (see `FrameScopedStore.Reader`).
    func reader() -> Reader { Reader(store.reader()) }

    /// One thread's lookups: the same answers as the cache's, without its lock in a steady frame.
    final class Reader {
        private let store: FrameScopedStore<Key, Entry>.Reader
        fileprivate init(_ store: FrameScopedStore<Key, Entry>.Reader) { self.store = store }

        func sampled(_ image: CGImage, mipmapped: Bool) -> SampledImage {
            ImageCache.sampled(image, mipmapped: mipmapped) { key, make in store.value(for: key, make: make) }
        }

        /// Hands this thread's count of used entries to the cache (before its frame ends).
        func flush() { store.flush() }
    }

    private static func sampled(_ image: CGImage, mipmapped: Bool,
                                lookup: (Key, () -> Entry?) -> Entry?) -> SampledImage {
        let key = Key(id: ObjectIdentifier(image), mipmapped: mipmapped)
        // Contents are sampled over many frames: worth finding their clear blocks once.
        let entry = lookup(key) {
            Entry(image: image, sampled: SampledImage(image.premultipliedRGBA8, mipmapped: mipmapped, findClearTiles: true))
        }
        return entry!.sampled
    }

    func endFrame() { store.endFrame() }

    package var count: Int { store.count }
}

/// Rounded-rect shadow weights (`BlurredRoundedRectWeights`) by the exact device geometry that
/// made them, so a shadow that has not moved or changed is painted from its table instead of
/// being integrated again (DESIGN: cache shadow masks with the layer); the same inputs give the
/// same table, so the pixels are those of the analytic shader. Entries unused for a frame are
/// dropped at its end; at most `maxBytes` are held. Thread-safe.
package final class ShadowCache: @unchecked Sendable {
    fileprivate struct Key: Hashable {
        var x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, sigma: Double
        var clip: PixelRect
    }
    package static let maxBytes = 64 << 20
    private let store = FrameScopedStore<Key, BlurredRoundedRectWeights>(maxBytes: maxBytes) { $0.byteCount }

    package init() {}

    /// A view for one thread's lookups (see `FrameScopedStore.Reader`): drawing looks shadow
    /// weights up through one.
    func reader() -> Reader { Reader(store.reader()) }

    /// One thread's lookups, without the cache's lock in a steady frame.
    final class Reader {
        private let store: FrameScopedStore<Key, BlurredRoundedRectWeights>.Reader
        fileprivate init(_ store: FrameScopedStore<Key, BlurredRoundedRectWeights>.Reader) { self.store = store }

        /// The weights of the blurred rounded rect with these inputs, made on first use.
        func weights(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, sigma: Double,
                     clip: PixelRect) -> BlurredRoundedRectWeights? {
            let key = Key(x0: x0, y0: y0, x1: x1, y1: y1, radius: radius, sigma: sigma, clip: clip)
            return store.value(for: key) {
                BlurredRoundedRectWeights(BlurredRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, cornerRadius: radius,
                                                             sigma: sigma, clip: clip))
            }
        }

        /// Hands this thread's count of used entries to the cache (before its frame ends).
        func flush() { store.flush() }
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
    fileprivate enum Key: Hashable {
        case fill(RoundedRect, PixelRect)
        case ring(RoundedRect, RoundedRect, PixelRect)
    }
    package static let maxBytes = 32 << 20
    private let store = FrameScopedStore<Key, CoverageRecording>(maxBytes: maxBytes) { $0.byteCount }

    package init() {}

    /// A view for one thread's lookups (see `FrameScopedStore.Reader`): drawing looks
    /// recordings up through one.
    func reader() -> Reader { Reader(store.reader()) }

    /// One thread's lookups, without the cache's lock in a steady frame. Recording always
    /// yields a value, so the store's answer is never nil here.
    final class Reader {
        private let store: FrameScopedStore<Key, CoverageRecording>.Reader
        fileprivate init(_ store: FrameScopedStore<Key, CoverageRecording>.Reader) { self.store = store }

        func roundedRect(_ rr: RoundedRect, clip: PixelRect) -> CoverageRecording {
            store.value(for: .fill(rr, clip)) { CoverageRecording.roundedRect(rr, clip: clip) }!
        }

        func ring(outer: RoundedRect, inner: RoundedRect, clip: PixelRect) -> CoverageRecording {
            store.value(for: .ring(outer, inner, clip)) { CoverageRecording.ring(outer: outer, inner: inner, clip: clip) }!
        }

        /// Hands this thread's count of used entries to the cache (before its frame ends).
        func flush() { store.flush() }
    }

    func endFrame() { store.endFrame() }

    package var count: Int { store.count }
}

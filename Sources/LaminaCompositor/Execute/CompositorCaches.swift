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

/// Rounded-rect shadow weights (`BlurredRoundedRectWeights`) by the exact device geometry that
/// made them, so a shadow that has not moved or changed is painted from its table instead of
/// being integrated again (DESIGN: cache shadow masks with the layer); the same inputs give the
/// same table, so the pixels are those of the analytic shader. Entries unused for a frame are
/// dropped at its end; at most `maxBytes` are held. Thread-safe (one lock).
package final class ShadowCache: @unchecked Sendable {
    struct Key: Hashable {
        var x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, sigma: Double
        var clip: PixelRect
    }
    private var entries: [Key: BlurredRoundedRectWeights] = [:]
    private var used: Set<Key> = []
    private var bytes = 0
    private let lock = NSLock()
    package static let maxBytes = 64 << 20

    package init() {}

    /// The weights of the blurred rounded rect with these inputs, made on first use.
    func weights(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double, sigma: Double,
                 clip: PixelRect) -> BlurredRoundedRectWeights? {
        let key = Key(x0: x0, y0: y0, x1: x1, y1: y1, radius: radius, sigma: sigma, clip: clip)
        lock.lock()
        if let w = entries[key] {
            used.insert(key)
            lock.unlock()
            return w
        }
        lock.unlock()
        let shape = BlurredRoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, cornerRadius: radius, sigma: sigma, clip: clip)
        guard let w = BlurredRoundedRectWeights(shape) else { return nil }
        lock.lock(); defer { lock.unlock() }
        if entries[key] == nil && bytes + w.byteCount <= Self.maxBytes {
            entries[key] = w
            bytes += w.byteCount
        }
        used.insert(key)
        return w
    }

    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        entries = entries.filter { used.contains($0.key) }
        bytes = entries.values.reduce(0) { $0 + $1.byteCount }
        used = []
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

/// The coverage calls of rounded rects and rings (layer backgrounds, borders, contents
/// rects) by their exact pixel geometry and clip rect, recorded on first use and replayed
/// while the shape stays where it is (`CoverageRecording`: the same calls, so the same
/// pixels) — a layer that has not moved or resized is not rasterized again. A shape that
/// moves misses every frame and costs one recording more than drawing it. Entries unused for
/// a frame are dropped at its end; at most `maxBytes` are held. Thread-safe (one lock).
package final class CoverageCache: @unchecked Sendable {
    private enum Key: Hashable {
        case fill(RoundedRect, PixelRect)
        case ring(RoundedRect, RoundedRect, PixelRect)
    }
    private var entries: [Key: CoverageRecording] = [:]
    private var used: Set<Key> = []
    private var bytes = 0
    private let lock = NSLock()
    package static let maxBytes = 32 << 20

    package init() {}

    func roundedRect(_ rr: RoundedRect, clip: PixelRect) -> CoverageRecording {
        lookup(.fill(rr, clip)) { CoverageRecording.roundedRect(rr, clip: clip) }
    }

    func ring(outer: RoundedRect, inner: RoundedRect, clip: PixelRect) -> CoverageRecording {
        lookup(.ring(outer, inner, clip)) { CoverageRecording.ring(outer: outer, inner: inner, clip: clip) }
    }

    private func lookup(_ key: Key, record: () -> CoverageRecording) -> CoverageRecording {
        lock.lock()
        if let r = entries[key] {
            used.insert(key)
            lock.unlock()
            return r
        }
        lock.unlock()
        let r = record()
        lock.lock(); defer { lock.unlock() }
        if entries[key] == nil && bytes + r.byteCount <= Self.maxBytes {
            entries[key] = r
            bytes += r.byteCount
        }
        used.insert(key)
        return r
    }

    func endFrame() {
        lock.lock(); defer { lock.unlock() }
        entries = entries.filter { used.contains($0.key) }
        bytes = entries.values.reduce(0) { $0 + $1.byteCount }
        used = []
    }

    package var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

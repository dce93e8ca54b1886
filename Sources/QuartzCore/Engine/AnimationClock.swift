import Foundation

/// The frame clock a host or an offline renderer drives: the layer trees it shows, and a time
/// source (by default `CACurrentMediaTime()`, i.e. `MediaClock`). Each `tick()` runs one frame
/// of `AnimationEngine.tick(_:at:)` for every tree, on the calling thread — delegate callbacks,
/// removal on completion and completion blocks happen there. Nothing sleeps or schedules: the
/// caller (a display link, a render loop writing frame n at n / fps, a test) decides when.
package final class AnimationClock {
    private var roots: [WeakLayer] = []
    private let timeSource: () -> CFTimeInterval
    /// The media time of the last frame (nil before the first).
    package private(set) var lastFrameTime: CFTimeInterval?

    package init(timeSource: @escaping () -> CFTimeInterval = { MediaClock.now }) {
        self.timeSource = timeSource
    }

    /// Starts driving the tree under `root` (kept weakly; a tree added twice is ticked once).
    package func add(_ root: CALayer) {
        guard !roots.contains(where: { $0.layer === root }) else { return }
        roots.append(WeakLayer(root))
    }

    package func remove(_ root: CALayer) {
        roots.removeAll { $0.layer === root || $0.layer == nil }
    }

    /// One frame at the time source's current time.
    package func tick() { tick(at: timeSource()) }

    /// One frame at media time `time` for every tree still alive.
    package func tick(at time: CFTimeInterval) {
        roots.removeAll { $0.layer == nil }
        lastFrameTime = time
        for root in roots.compactMap(\.layer) { AnimationEngine.tick(root, at: time) }
    }

    private struct WeakLayer {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }
}

import Foundation

/// Working buffers of the stroker (flattened points, offsets, caps, join points, finished
/// polygons), kept between `CGPath.strokeOutline` calls so that stroking
/// many paths does not regrow them for every path. Growing them from empty cost about 40
/// allocations per stroked curve in S4.
///
/// Not thread-safe: one per thread. A stroker takes the buffers while it runs and gives them
/// back (possibly grown, so at new addresses) when it is done; the scratch frees them.
package final class StrokeScratch {
    private var buffers: StrokeBuffers?

    package init() {}

    /// Whether no stroker has used these buffers yet (tests check that work was skipped).
    package var isUnused: Bool { buffers == nil }

    deinit { buffers?.deallocate() }

    /// The buffers, emptied, for one stroker (new ones if another stroker has them).
    func take() -> StrokeBuffers {
        var b = buffers ?? StrokeBuffers()
        buffers = nil
        b.removeAll()
        return b
    }

    /// Takes back buffers from `take()` for the next stroker.
    func keep(_ b: StrokeBuffers) {
        buffers?.deallocate()
        buffers = b
    }
}

/// The buffers a `PathStroker` works in (see there for what each holds). They start small
/// (a one-off stroke of a short path should not allocate much) and double as needed.
struct StrokeBuffers {
    var points = StrokeBuffer<CGPoint>(capacity: 64)
    var smooth = StrokeBuffer<Bool>(capacity: 64)
    var left = StrokeBuffer<CGPoint>(capacity: 64)
    var right = StrokeBuffer<CGPoint>(capacity: 64)
    var startCap = StrokeBuffer<CGPoint>(capacity: 16)
    var between = StrokeBuffer<CGPoint>(capacity: 16)
    var seamBetween = StrokeBuffer<CGPoint>(capacity: 16)
    var polygons = StrokePolygons()
    /// The round cap turns of the last stroke (`PathStroker.capTurns`), kept across strokes:
    /// they depend only on the cap's step count, `capTurnsSteps` (0: none yet).
    var capTurns = StrokeBuffer<CGVector>(capacity: 16)
    var capTurnsSteps = 0

    /// Empties every working buffer (capacity kept; the cap turns stay).
    mutating func removeAll() {
        points.removeAll(); smooth.removeAll(); left.removeAll(); right.removeAll()
        startCap.removeAll(); between.removeAll(); seamBetween.removeAll()
        polygons.removeAll()
    }

    func deallocate() {
        points.deallocate(); smooth.deallocate(); left.deallocate(); right.deallocate()
        startCap.deallocate(); between.deallocate(); seamBetween.deallocate()
        polygons.deallocate(); capTurns.deallocate()
    }
}

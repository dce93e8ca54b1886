/// Subpaths the rasterizer's direct path (`PolygonRasterizer.fillDirect`) reads in place.
package protocol PolygonSubpaths {
    var subpathCount: Int { get }
    /// Subpath `i`'s points, lent for the call.
    func withSubpath<R>(_ i: Int, _ body: (UnsafeBufferPointer<RasterPoint>) -> R) -> R
}

extension Polygon: PolygonSubpaths {
    package var subpathCount: Int { subpaths.count }
    package func withSubpath<R>(_ i: Int, _ body: (UnsafeBufferPointer<RasterPoint>) -> R) -> R {
        subpaths[i].withUnsafeBufferPointer(body)
    }
}

/// A polygon whose subpaths lie one after another in buffers that are reused: what a stroker
/// hands over for one fill, every frame, without an array per subpath (building a `Polygon`
/// of nested arrays from the stroker's points cost about 4% of bench scene S4, in uniqueness
/// checks, retains and copies). Same meaning as `Polygon` (implicitly closed subpaths, the
/// same bad-input rules); `polygon` copies it into one for the paths that need a `Polygon`.
/// One per thread: it is not shareable.
package final class FlatPolygon: PolygonSubpaths {
    private var points: UnsafeMutablePointer<RasterPoint>
    private var pointCapacity = 256
    /// Where each subpath starts in `points`, and the end of the last (subpathCount + 1 entries).
    private var starts: UnsafeMutablePointer<Int>
    private var startCapacity = 16
    package private(set) var subpathCount = 0

    package init() {
        points = .allocate(capacity: pointCapacity)
        starts = .allocate(capacity: startCapacity)
        starts[0] = 0
    }

    deinit { points.deallocate(); starts.deallocate() }

    /// Empties it, keeping the buffers.
    package func removeAll() { subpathCount = 0; starts[0] = 0 }

    /// Appends a subpath (copied).
    package func append(_ subpath: UnsafeBufferPointer<RasterPoint>) {
        let end = starts[subpathCount], newEnd = end + subpath.count
        if newEnd > pointCapacity {
            let capacity = max(newEnd, 2 * pointCapacity)
            let grown = UnsafeMutablePointer<RasterPoint>.allocate(capacity: capacity)
            grown.update(from: points, count: end)
            points.deallocate()
            points = grown; pointCapacity = capacity
        }
        if subpathCount + 2 > startCapacity {
            let capacity = 2 * startCapacity
            let grown = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
            grown.update(from: starts, count: subpathCount + 1)
            starts.deallocate()
            starts = grown; startCapacity = capacity
        }
        if let base = subpath.baseAddress { (points + end).update(from: base, count: subpath.count) }
        subpathCount += 1
        starts[subpathCount] = newEnd
    }

    package func withSubpath<R>(_ i: Int, _ body: (UnsafeBufferPointer<RasterPoint>) -> R) -> R {
        body(UnsafeBufferPointer(start: points + starts[i], count: starts[i + 1] - starts[i]))
    }

    /// The same subpaths as a `Polygon` (allocates).
    package var polygon: Polygon {
        Polygon((0..<subpathCount).map { i in withSubpath(i) { Array($0) } })
    }
}

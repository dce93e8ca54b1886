import LaminaRaster

/// Where the stroker (`CGPath.strokeOutline`) puts the outline: closed polygons with positive
/// signed area (in y-down space), each at least 3 finite points, to be filled together with
/// the non-zero rule. Coordinates are in the stroked path's space.
package protocol StrokeOutlineSink {
    /// An empty sink.
    init()
    /// One polygon: `points` in order, or walked backwards from the last when `reversed`.
    mutating func addPolygon(_ points: [CGPoint], reversed: Bool)
}

extension PathStorage: StrokeOutlineSink {
    /// Each polygon as a subpath: move to its first point, lines to the rest, close.
    package mutating func addPolygon(_ points: [CGPoint], reversed: Bool) {
        if !reversed {
            move(to: points[0])
            for i in 1 ..< points.count { line(to: points[i]) }
        } else {
            move(to: points[points.count - 1])
            for i in stride(from: points.count - 2, through: 0, by: -1) { line(to: points[i]) }
        }
        close()
    }
}

/// Collects outline polygons straight into a rasterizer `Polygon` (one subpath each, points
/// as the path's flattening would give them: first point, then the rest in order; the
/// implicit close adds none), reusing the subpath arrays of the polygon it starts from, so a
/// stroke redrawn every frame does not allocate. Also tracks the outline's y extent.
package struct OutlinePolygonBuilder: StrokeOutlineSink {
    private var subpaths: [[RasterPoint]]
    private var count = 0
    /// The smallest and largest y of every point added (+∞/−∞ when none).
    package private(set) var minY = Double.infinity, maxY = -Double.infinity

    /// Starts empty, keeping `reusing`'s arrays for their capacity.
    package init(reusing polygon: Polygon) { subpaths = polygon.subpaths }

    package init() { subpaths = [] }

    package mutating func addPolygon(_ points: [CGPoint], reversed: Bool) {
        if count == subpaths.count {
            subpaths.append([])
            subpaths[count].reserveCapacity(max(256, points.count))
        }
        var lo = minY, hi = maxY
        subpaths.withUnsafeMutableBufferPointer { all in
            all[count].removeAll(keepingCapacity: true)
            if !reversed {
                for p in points { all[count].append(RasterPoint(p.x, p.y)); lo = min(lo, p.y); hi = max(hi, p.y) }
            } else {
                for p in points.reversed() { all[count].append(RasterPoint(p.x, p.y)); lo = min(lo, p.y); hi = max(hi, p.y) }
            }
        }
        minY = lo; maxY = hi
        count += 1
    }

    /// The polygon collected so far (subpath arrays beyond it are dropped).
    package mutating func finish() -> Polygon {
        subpaths.removeLast(subpaths.count - count)
        return Polygon(subpaths)
    }
}

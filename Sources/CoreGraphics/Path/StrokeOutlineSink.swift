import LaminaRaster

/// Where the stroker (`CGPath.strokeOutline`) puts the outline: closed polygons with positive
/// signed area (in y-down space), each at least 3 finite points, to be filled together with
/// the non-zero rule. Coordinates are in the stroked path's space.
package protocol StrokeOutlineSink {
    /// One polygon, its points in order (with positive signed area). The buffer is the
    /// stroker's and valid only during the call.
    mutating func addPolygon(_ points: UnsafeBufferPointer<CGPoint>)
}

extension PathStorage: StrokeOutlineSink {
    /// Each polygon as a subpath: move to its first point, lines to the rest, close.
    package mutating func addPolygon(_ points: UnsafeBufferPointer<CGPoint>) {
        move(to: points[0])
        for i in 1 ..< points.count { line(to: points[i]) }
        close()
    }
}

/// Collects outline polygons straight into a rasterizer `Polygon` (one subpath each, points
/// as the path's flattening would give them: first point, then the rest in order; the
/// implicit close adds none), reusing the subpath arrays of the polygon it starts from, so a
/// stroke redrawn every frame does not allocate. Also tracks the outline's extent.
package struct OutlinePolygonBuilder: StrokeOutlineSink {
    /// Checked once, before the first block copy of CGPoints as RasterPoints.
    static var checkLayout: Void { layoutMatches }
    private static let layoutMatches: Void = {
        precondition(MemoryLayout<CGPoint>.size == MemoryLayout<RasterPoint>.size
                     && MemoryLayout<CGPoint>.stride == MemoryLayout<RasterPoint>.stride
                     && MemoryLayout<CGPoint>.alignment == MemoryLayout<RasterPoint>.alignment
                     && MemoryLayout<CGPoint>.offset(of: \.y) == MemoryLayout<RasterPoint>.offset(of: \.y))
    }()

    private var subpaths: [[RasterPoint]]
    private var count = 0
    /// The smallest and largest x and y of every point added (+∞/−∞ when none).
    package private(set) var minX = Double.infinity, maxX = -Double.infinity
    package private(set) var minY = Double.infinity, maxY = -Double.infinity

    /// The collected polygon's `Polygon.bounds`, without another pass over its points: every
    /// polygon the stroker emits has finite points (it drops those whose signed area is not
    /// finite) and at least 3 of them, so no subpath is left out; coordinates are clamped as
    /// `bounds` clamps them. Nil when nothing was added.
    package var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard count > 0 else { return nil }
        return (Polygon.clampCoordinate(minX), Polygon.clampCoordinate(minY),
                Polygon.clampCoordinate(maxX), Polygon.clampCoordinate(maxY))
    }

    /// The map applied to every point (e.g. a context's user space to its pixels); nil for
    /// none, where the points are copied in one block.
    private let transform: CGAffineTransform?

    /// Starts empty, keeping `reusing`'s arrays for their capacity.
    package init(reusing polygon: Polygon) { _ = Self.layoutMatches; subpaths = polygon.subpaths; transform = nil }

    package init() { _ = Self.layoutMatches; subpaths = []; transform = nil }

    /// Collects the polygons with every point mapped through `transform` (the points
    /// `CGPoint.applying` gives, as flattening the outline path with that transform would).
    package init(transform: CGAffineTransform) {
        _ = Self.layoutMatches; subpaths = []
        self.transform = transform == .identity ? nil : transform
    }

    package mutating func addPolygon(_ points: UnsafeBufferPointer<CGPoint>) {
        if count == subpaths.count {
            subpaths.append([])
            subpaths[count].reserveCapacity(max(256, points.count))
        }
        if let t = transform {
            addMapped(points, t)
            return
        }
        // x and y side by side: the same selections as min(lo, p) and max(hi, p), two lanes
        // at a time.
        var lo = SIMD2(minX, minY), hi = SIMD2(maxX, maxY)
        for p in points {
            let v = SIMD2(Double(p.x), Double(p.y))
            lo.replace(with: v, where: v .< lo)
            hi.replace(with: v, where: v .>= hi)
        }
        subpaths.withUnsafeMutableBufferPointer { all in
            all[count].removeAll(keepingCapacity: true)
            // CGPoint and RasterPoint are both two Doubles (x, y): the points are copied in
            // one block.
            points.withMemoryRebound(to: RasterPoint.self) { all[count].append(contentsOf: $0) }
        }
        minX = lo.x; minY = lo.y; maxX = hi.x; maxY = hi.y
        count += 1
    }

    private mutating func addMapped(_ points: UnsafeBufferPointer<CGPoint>, _ t: CGAffineTransform) {
        var lo = SIMD2(minX, minY), hi = SIMD2(maxX, maxY)
        subpaths.withUnsafeMutableBufferPointer { all in
            all[count].removeAll(keepingCapacity: true)
            for p in points {
                let q = p.applying(t)
                let v = SIMD2(Double(q.x), Double(q.y))
                lo.replace(with: v, where: v .< lo)
                hi.replace(with: v, where: v .>= hi)
                all[count].append(RasterPoint(v.x, v.y))
            }
        }
        minX = lo.x; minY = lo.y; maxX = hi.x; maxY = hi.y
        count += 1
    }

    /// The polygon collected so far (subpath arrays beyond it are dropped).
    package mutating func finish() -> Polygon {
        subpaths.removeLast(subpaths.count - count)
        return Polygon(subpaths)
    }
}

/// Collects outline polygons into a `FlatPolygon` (cleared first; its buffers are reused), with
/// their extent: the rasterizer then takes the points in place (`PolygonRasterizer.fill(_:
/// bounds:…)` for a `FlatPolygon`), without the nested arrays of a `Polygon`. Untransformed.
package struct FlatOutlineBuilder: StrokeOutlineSink {
    package let polygon: FlatPolygon
    private var lo = SIMD2(Double.infinity, .infinity), hi = SIMD2(-Double.infinity, -.infinity)

    package init(into polygon: FlatPolygon) {
        _ = OutlinePolygonBuilder.checkLayout
        polygon.removeAll()
        self.polygon = polygon
    }

    package mutating func addPolygon(_ points: UnsafeBufferPointer<CGPoint>) {
        var lo = self.lo, hi = self.hi
        for p in points {
            let v = SIMD2(Double(p.x), Double(p.y))
            lo.replace(with: v, where: v .< lo)
            hi.replace(with: v, where: v .>= hi)
        }
        self.lo = lo; self.hi = hi
        points.withMemoryRebound(to: RasterPoint.self) { polygon.append($0) }
    }

    /// The collected polygon's `Polygon.bounds` (see `OutlinePolygonBuilder.bounds`); nil when
    /// nothing was added.
    package var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        guard polygon.subpathCount > 0 else { return nil }
        return (Polygon.clampCoordinate(lo.x), Polygon.clampCoordinate(lo.y),
                Polygon.clampCoordinate(hi.x), Polygon.clampCoordinate(hi.y))
    }
}

/// A fill rule, as in Core Graphics: non-zero winding or even-odd.
package enum FillRule: Sendable, Hashable {
    case nonZero
    case evenOdd
}

/// A point in pixel space (origin top-left, y down; pixel (x, y) is [x, x+1) × [y, y+1)).
package struct RasterPoint: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    package init(x: Double, y: Double) { self.x = x; self.y = y }
}

/// A flattened path in pixel space: a list of subpaths, each a polyline that is implicitly
/// closed (the last point joins the first). This is what the rasterizer fills; curves are
/// flattened by the caller (CGPath) before they get here.
///
/// Bad input, documented:
/// - A subpath with a NaN or infinite coordinate is dropped (the rest of the polygon still
///   fills): there is no meaningful shape to draw, and crashing is not an option.
/// - Finite coordinates of any size are accepted; they are clamped to ±`coordinateLimit`
///   (2^40 px, far outside any surface) before clipping, so only shapes with vertices that
///   far away change, and the arithmetic never overflows.
/// - Subpaths with fewer than 2 points contribute nothing.
package struct Polygon: Sendable {
    package var subpaths: [[RasterPoint]]

    package init(_ subpaths: [[RasterPoint]] = []) { self.subpaths = subpaths }

    /// From (x, y) tuples, the form CGPath flattening produces.
    package init(tuples: [[(Double, Double)]]) {
        subpaths = tuples.map { $0.map { RasterPoint($0.0, $0.1) } }
    }

    package static let coordinateLimit = Double(1 << 40)

    package mutating func addSubpath(_ points: [RasterPoint]) { subpaths.append(points) }

    /// The axis-aligned rect x0...x1 × y0...y1 as one clockwise (in y-down space) subpath.
    package static func rect(x0: Double, y0: Double, x1: Double, y1: Double) -> Polygon {
        Polygon([[RasterPoint(x0, y0), RasterPoint(x1, y0), RasterPoint(x1, y1), RasterPoint(x0, y1)]])
    }

    /// Bounds of the finite subpaths (after clamping), or nil when nothing is finite.
    package var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for sp in subpaths where sp.count >= 2 && Polygon.isFinite(sp) {
            for p in sp {
                let x = Polygon.clampCoordinate(p.x), y = Polygon.clampCoordinate(p.y)
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        return minX <= maxX ? (minX, minY, maxX, maxY) : nil
    }

    static func isFinite(_ sp: [RasterPoint]) -> Bool {
        for p in sp where !p.x.isFinite || !p.y.isFinite { return false }
        return true
    }

    @inline(__always) package static func clampCoordinate(_ v: Double) -> Double {
        min(coordinateLimit, max(-coordinateLimit, v))
    }
}

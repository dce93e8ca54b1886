// PolygonRasterizer: turning a polygon's subpaths into 24.8 fixed-point edges, clipped to
// the fill's clip columns (see the class comment, step 1).

import CLaminaKernels

extension PolygonRasterizer {
    /// Rows this far out are never drawn: clipping y there only keeps the integers small.
    static let yLimit = Double(1 << 26)

    // MARK: Edges

    func buildEdges(_ polygon: Polygon, left: Int, right: Int) {
        var points = 0
        for sp in polygon.subpaths { points += sp.count }
        edgeStore.reserve(3 * points)
        var edges = EdgeList(base: edgeStore.base)
        defer { edgeCount = edges.count }
        let xl = Double(left), xr = Double(right), yLimit = Self.yLimit
        for sp in polygon.subpaths where sp.count >= 2 {
            if cellKernel {
                // Every point inside (a stroke outline in a frame-sized clip): the C loop.
                let made = sp.withUnsafeBufferPointer { pts in
                    UnsafeRawPointer(pts.baseAddress!).withMemoryRebound(to: Double.self, capacity: 2 * pts.count) { xy in
                        UnsafeMutableRawPointer(edges.base + edges.count).withMemoryRebound(to: LaminaEdge.self,
                                                                                           capacity: pts.count) { out in
                            lamina_build_edges(xy, pts.count, xl, xr, yLimit, out)
                        }
                    }
                }
                if made >= 0 { edges.count += made; continue }
            }
            sp.withUnsafeBufferPointer { Self.addEdges(of: $0, left: left, right: right, into: &edges) }
        }
    }

    /// The edges of one subpath (≥ 2 points) with clipping to the columns [left, right] and
    /// ±yLimit; nothing for a subpath with a non-finite point.
    static func addEdges(of pts: UnsafeBufferPointer<RasterPoint>, left: Int, right: Int, into edges: inout EdgeList) {
        let xl = Double(left), xr = Double(right), yLimit = Self.yLimit
        for p in pts where !p.x.isFinite || !p.y.isFinite { return }
        // Most points lie within the clip columns and far inside ±yLimit, where an edge
        // between two of them needs no clamping or clipping (`addClipped` would call
        // `addFixed` with the same points): each such point goes to fixed point once,
        // and its edges are made from the integers.
        var prev = pts[pts.count - 1]
        var prevInside = prev.x >= xl && prev.x <= xr && abs(prev.y) < yLimit
        var px = 0, py = 0
        if prevInside { px = roundToInt((prev.x - xl) * 256); py = roundToInt(prev.y * 256) }
        for p in pts {
            let inside = p.x >= xl && p.x <= xr && abs(p.y) < yLimit
            if inside {
                let x = roundToInt((p.x - xl) * 256), y = roundToInt(p.y * 256)
                if prevInside {
                    Self.addFixed(px, py, x, y, into: &edges)
                } else {
                    Self.addClipped(prev, p, xl: xl, xr: xr, yLimit: yLimit, left: left, into: &edges)
                }
                px = x; py = y
            } else {
                Self.addClipped(prev, p, xl: xl, xr: xr, yLimit: yLimit, left: left, into: &edges)
            }
            prev = p; prevInside = inside
        }
    }

    static func addClipped(_ a0: RasterPoint, _ b0: RasterPoint, xl: Double, xr: Double, yLimit: Double, left: Int,
                           into edges: inout EdgeList) {
        var a = RasterPoint(Polygon.clampCoordinate(a0.x), Polygon.clampCoordinate(a0.y))
        var b = RasterPoint(Polygon.clampCoordinate(b0.x), Polygon.clampCoordinate(b0.y))
        if a.y == b.y { return }
        // Clip y to ±yLimit (dropping what is outside: no row there is ever drawn).
        if max(a.y, b.y) <= -yLimit || min(a.y, b.y) >= yLimit { return }
        if a.y < -yLimit || a.y > yLimit || b.y < -yLimit || b.y > yLimit {
            func at(_ y: Double) -> RasterPoint { RasterPoint(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y), y) }
            let na = a.y < -yLimit ? at(-yLimit) : (a.y > yLimit ? at(yLimit) : a)
            let nb = b.y < -yLimit ? at(-yLimit) : (b.y > yLimit ? at(yLimit) : b)
            a = na; b = nb
        }
        // Split at the clip's left and right columns; clamp the outside parts onto them.
        if a.x >= xl && a.x <= xr && b.x >= xl && b.x <= xr {
            addFixed(a, b, left: left, into: &edges); return
        }
        func cross(_ x: Double) -> RasterPoint { RasterPoint(x, a.y + (x - a.x) * (b.y - a.y) / (b.x - a.x)) }
        var p = a
        if a.x < b.x {
            if a.x < xl && b.x > xl { let q = cross(xl); addColumnClamped(p, q, xl: xl, xr: xr, left: left, into: &edges); p = q }
            if a.x < xr && b.x > xr { let q = cross(xr); addColumnClamped(p, q, xl: xl, xr: xr, left: left, into: &edges); p = q }
        } else {
            if a.x > xr && b.x < xr { let q = cross(xr); addColumnClamped(p, q, xl: xl, xr: xr, left: left, into: &edges); p = q }
            if a.x > xl && b.x < xl { let q = cross(xl); addColumnClamped(p, q, xl: xl, xr: xr, left: left, into: &edges); p = q }
        }
        addColumnClamped(p, b, xl: xl, xr: xr, left: left, into: &edges)
    }

    /// Adds a piece that lies entirely on one side of (or within) the clip columns.
    static func addColumnClamped(_ p0: RasterPoint, _ q0: RasterPoint, xl: Double, xr: Double, left: Int,
                                 into edges: inout EdgeList) {
        var p = p0, q = q0
        let mid = (p.x + q.x) * 0.5
        if mid >= xr { return } // on or past the right edge: affects no pixel inside
        if mid <= xl { p.x = xl; q.x = xl }
        p.x = min(xr, max(xl, p.x)); q.x = min(xr, max(xl, q.x))
        addFixed(p, q, left: left, into: &edges)
    }

    @inline(__always)
    static func addFixed(_ a: RasterPoint, _ b: RasterPoint, left: Int, into edges: inout EdgeList) {
        addFixed(roundToInt((a.x - Double(left)) * 256), roundToInt(a.y * 256),
                 roundToInt((b.x - Double(left)) * 256), roundToInt(b.y * 256), into: &edges)
    }

    /// The edge (ax, ay) → (bx, by) in 24.8 (x relative to the clip's left column), stored
    /// top to bottom with its direction; horizontal edges add nothing.
    @inline(__always)
    static func addFixed(_ ax: Int, _ ay: Int, _ bx: Int, _ by: Int, into edges: inout EdgeList) {
        if ay == by { return }
        if ay < by {
            edges.append(Edge(x0: ax, y0: ay, x1: bx, y1: by, dir: 1, slope: Double(bx - ax) / Double(by - ay)))
        } else {
            edges.append(Edge(x0: bx, y0: by, x1: ax, y1: ay, dir: -1, slope: Double(ax - bx) / Double(ay - by)))
        }
    }
}

// The glue between a 3D rendering context (the sublayers of a CATransformLayer, reference
// §2.8.2) and the draw list: which layer planes are drawn, in which order, restricted to
// which part of their bounds.
//
// Spaces. For a context rooted at transform layer T inside superlayer S, every member layer L
// has `toContext` = its bounds → S's bounds space *without* flattening (placement of L,
// T's sublayer matrix, … placement of T, S's sublayer matrix — the chain of LayerGeometry
// with the flatten steps between members left out), and the context shares
// `contextToDevice` = flatten · (S's bounds → device). Sorting happens in the divided
// homogeneous space of `toContext` (x/w, y/w, z/w): a perspective in S's sublayerTransform
// maps the eye to +z infinity there and keeps planes planar, so an orthographic sort (larger
// z nearer) is right for both perspective and parallel views.
import CoreGraphics
import LaminaRaster

/// One layer plane of a 3D rendering context.
package struct ContextPlane: Sendable {
    /// The caller's payload (an index into its own list of layers or draw items).
    package var id: Int
    /// The layer's bounds rect (points).
    package var bounds: CGRect
    /// Bounds → the context's sorting space (row-vector, no flatten; see the file comment).
    package var toContext: CATransform3D
    package var isDoubleSided: Bool

    package init(id: Int, bounds: CGRect, toContext: CATransform3D, isDoubleSided: Bool = true) {
        self.id = id; self.bounds = bounds; self.toContext = toContext; self.isDoubleSided = isDoubleSided
    }
}

/// One draw of a context, in back-to-front order.
package struct ContextFragment: Sendable {
    package var id: Int
    /// The layer's whole plane on the device (bounds → device homography, w-clipped quad).
    package var plane: ProjectedPlane
    /// The part of the layer's bounds this draw covers (bounds points, convex), or nil for
    /// the whole layer (it was not split): draw the layer's pieces clipped to
    /// `ProjectiveDrawing.coverage(of: outline, plane: plane)`.
    package var outline: [CGPoint]?
    /// What this draw covers on the device (pixels): the plane's polygon for a whole layer;
    /// for a piece, its projected outline, with each edge made by a split whose other piece
    /// is drawn later pushed out by `seamWidening` px, so two pieces drawn apart do not leave
    /// a hairline seam where their anti-aliased edges meet. Fill it with the layer's paint.
    package var coverage: [RasterPoint]
}

package enum DepthSortedContext {
    /// The visible planes of a context, split where they intersect or overlap cyclically,
    /// back to front. Planes that are back-facing and not double-sided, behind the eye,
    /// degenerate or not finite are left out. Coplanar layers keep their input order.
    package static func fragments(_ planes: [ContextPlane], contextToDevice: CATransform3D) -> [ContextFragment] {
        items(planes, points: [], contextToDevice: contextToDevice).items.compactMap { item in
            if case let .fragment(f) = item { return f }
            return nil
        }
    }

    /// One draw of a context with points among its planes.
    package enum Item: Sendable {
        case fragment(ContextFragment)
        /// The points of this run (`runs[i] == run`), drawn here.
        case points(run: Int32)
    }

    /// `fragments(_:contextToDevice:)` with `points` (positions in the context's sorting
    /// space, divided, as particles of a depth-preserving emitter: ParticleDepthRuns.swift)
    /// placed among the fragments by the same depth sort (`PlaneSorter`): a point is drawn
    /// after the planes it is in front of and before those in front of it. Culled planes
    /// (back faces, behind the eye) order no points. `runs[i]`: point i's run, −1 when it is
    /// not drawn.
    package static func items(_ planes: [ContextPlane], points: [SIMD3<Double>],
                              contextToDevice: CATransform3D) -> (items: [Item], runs: [Int32]) {
        var projected: [Int: ProjectedPlane] = [:]
        var polygons: [PlanePolygon] = []
        var vertexCounts: [Int: Int] = [:]
        for (index, p) in planes.enumerated() {
            let device = CATransform3DConcat(p.toContext, contextToDevice)
            guard let plane = ProjectedPlane(bounds: p.bounds, transform: device), plane.isVisible(doubleSided: p.isDoubleSided),
                  let poly = PlanePolygon(id: index, bounds: p.bounds, transform: p.toContext) else { continue }
            projected[index] = plane
            polygons.append(poly)
            vertexCounts[index] = poly.vertices.count
        }
        let (sortedItems, runs) = PlaneSorter.backToFront(polygons, points: points, viewer: .orthographic)
        let sorted: [PlanePolygon] = sortedItems.compactMap { if case let .fragment(f) = $0 { return f }; return nil }
        var pieces: [Int: Int] = [:]
        for f in sorted { pieces[f.id, default: 0] += 1 }
        var k = 0
        var out: [Item] = []
        out.reserveCapacity(sortedItems.count)
        for item in sortedItems {
            guard case let .fragment(f) = item else {
                if case let .points(run) = item { out.append(.points(run: run)) }
                continue
            }
            defer { k += 1 }
            guard let plane = projected[f.id] else { continue }
            let whole = pieces[f.id] == 1 && f.vertices.count == vertexCounts[f.id]
            if whole {
                out.append(.fragment(ContextFragment(id: planes[f.id].id, plane: plane, outline: nil, coverage: plane.polygon)))
                continue
            }
            let widen = seamsToWiden(f, later: sorted[(k + 1)...])
            out.append(.fragment(ContextFragment(id: planes[f.id].id, plane: plane, outline: f.localOutline,
                                                 coverage: deviceCoverage(f, widen, plane))))
        }
        return (out, runs)
    }

    /// Which of a piece's seam edges to widen: those whose neighbour piece (a later fragment
    /// of the same layer with a collinear, overlapping seam edge) is drawn after it. The
    /// earlier piece then reaches under the later one's anti-aliased edge, so the seam is
    /// opaque; anything drawn in between (typically the plane that caused the split) hides
    /// the widening, and the later piece keeps its exact edge, so the visible intersection
    /// line does not move.
    static func seamsToWiden(_ f: PlanePolygon, later: ArraySlice<PlanePolygon>) -> [Bool] {
        let n = f.vertices.count
        return (0..<n).map { i in
            guard f.vertices[i].seamAfter else { return false }
            let a = f.vertices[i].position, b = f.vertices[(i + 1) % n].position
            let ab = b - a
            let len2 = (ab * ab).sum()
            guard len2 > 0 else { return false }
            let tol = 1e-6 * (1 + len2.squareRoot() + (a * a).sum().squareRoot())
            func offLine(_ p: SIMD3<Double>) -> Double {
                let t = ((p - a) * ab).sum() / len2
                let q = a + ab * t - p
                return (q * q).sum().squareRoot()
            }
            for g in later where g.id == f.id {
                let m = g.vertices.count
                for j in 0..<m where g.vertices[j].seamAfter {
                    let c = g.vertices[j].position, d = g.vertices[(j + 1) % m].position
                    guard offLine(c) < tol, offLine(d) < tol else { continue }
                    // Overlap of the two segments along the edge.
                    let tc = ((c - a) * ab).sum() / len2, td = ((d - a) * ab).sum() / len2
                    if max(tc, td) > 1e-9 && min(tc, td) < 1 - 1e-9 { return true }
                }
            }
            return false
        }
    }

    /// Hit testing through a context (reference §2.8.2: the transform layer itself is never
    /// hit): the frontmost fragment covering device point (x, y) and the bounds-space point
    /// of its layer there, or nil. `fragments` is the back-to-front list from `fragments`.
    package static func hitTest(_ fragments: [ContextFragment], x: Double, y: Double) -> (id: Int, point: CGPoint)? {
        for f in fragments.reversed() {
            guard let p = f.plane.boundsPoint(atDevice: x, y) else { continue }
            if f.outline == nil || contains(f.coverage, x, y) { return (f.id, p) }
        }
        return nil
    }

    /// Point in convex polygon (either winding), boundary included.
    static func contains(_ poly: [RasterPoint], _ x: Double, _ y: Double) -> Bool {
        guard poly.count >= 3 else { return false }
        var sign = 0.0
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            let c = (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x)
            if c == 0 { continue }
            if sign == 0 { sign = c > 0 ? 1 : -1 } else if (c > 0 ? 1.0 : -1.0) != sign { return false }
        }
        return true
    }

    /// Device pixels by which split edges are widened: one pixel, so every pixel the later
    /// piece covers only partially along the seam is fully covered underneath (exact for
    /// axis-aligned seams; diagonal ones can still leak a few alpha levels). The widened band
    /// is hidden by the later piece when the layer is opaque; a translucent layer shows it as
    /// a one-pixel line of double coverage, which reads better than a see-through crack.
    package static let seamWidening = 1.0

    /// A piece's device polygon with its seam edges pushed outward. Falls back to the plain
    /// (w-clipped) projection when a vertex is behind the eye.
    static func deviceCoverage(_ f: PlanePolygon, _ widen: [Bool], _ plane: ProjectedPlane) -> [RasterPoint] {
        let projected = f.vertices.map { plane.project(CGPoint(x: $0.local.x, y: $0.local.y)) }
        guard projected.allSatisfy({ $0 != nil }), widen.contains(true) else {
            return plane.deviceOutline(of: f.localOutline)
        }
        return widened(projected.map { $0! }, seams: widen, by: seamWidening)
    }

    /// Convex polygon `p` with each edge i (p[i] → p[i+1]) where `seams[i]` moved outward by
    /// `d` pixels; vertices are the intersections of the moved edge lines.
    static func widened(_ p: [RasterPoint], seams: [Bool], by d: Double) -> [RasterPoint] {
        let n = p.count
        guard n >= 3, seams.count == n else { return p }
        let area = ProjectedPlane.signedArea(p)
        guard area != 0, area.isFinite else { return p }
        let s = area > 0 ? 1.0 : -1.0
        // Outward unit normal and offset of each edge line.
        var normals: [(x: Double, y: Double)] = []
        for i in 0..<n {
            let a = p[i], b = p[(i + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y, len = (dx * dx + dy * dy).squareRoot()
            normals.append(len > 0 ? (s * dy / len, -s * dx / len) : (0, 0))
        }
        var out: [RasterPoint] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            let prev = (i + n - 1) % n
            let o0 = seams[prev] ? d : 0, o1 = seams[i] ? d : 0
            if o0 == 0 && o1 == 0 { out.append(p[i]); continue }
            // Lines: (q − p_prev − n0·o0)·n0 = 0 and (q − p_i − n1·o1)·n1 = 0, both through
            // the moved vertex; solve the 2x2 system n0·q = c0, n1·q = c1.
            let n0 = normals[prev], n1 = normals[i]
            let c0 = n0.x * p[i].x + n0.y * p[i].y + o0, c1 = n1.x * p[i].x + n1.y * p[i].y + o1
            let det = n0.x * n1.y - n0.y * n1.x
            if abs(det) < 1e-6 {
                out.append(RasterPoint(p[i].x + n0.x * o0 + n1.x * o1, p[i].y + n0.y * o0 + n1.y * o1))
            } else {
                out.append(RasterPoint((c0 * n1.y - c1 * n0.y) / det, (n0.x * c1 - n1.x * c0) / det))
            }
        }
        return out
    }
}

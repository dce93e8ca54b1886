// Depth order inside a 3D rendering context (CATransformLayer): DESIGN.md §2 "3D rendering
// contexts sort by depth with polygon splitting (BSP), so the page-fold and page-curl
// geometry never shows wrong overlaps". Reference §2.10: CA has no per-pixel depth test, so
// the painter's algorithm over whole planes needs splitting where planes intersect or
// overlap cyclically.
//
// Space: the context's 3D space *before* the final perspective projection (the layers'
// bounds → context matrices without flattening), in points, y down, +z toward the viewer.
// The viewer is either at +z infinity (orthographic: larger z is nearer), or at an eye point
// (a perspective m34 = −1/d about a vanishing point (cx, cy) puts the eye at (cx, cy, d)).
import CoreGraphics

/// A vertex of a plane polygon: its position in the context's 3D space and the point of the
/// layer's bounds space it came from (kept through splits, so a fragment can be drawn as
/// "this layer, restricted to this bounds-space outline").
///
/// When the position is the perspective divide of a homogeneous point, `invW` is 1/w: bounds
/// coordinates are then not affine along the divided space, and a split interpolates
/// local/w and 1/w linearly (perspective-correct) instead of local itself.
package struct PlaneVertex: Sendable, Equatable {
    package var position: SIMD3<Double>
    package var local: SIMD2<Double>
    package var invW: Double
    /// True when the edge from this vertex to the next was made by a split (it lies on
    /// another plane, inside the original polygon): the piece on its other side is drawn
    /// separately, so its anti-aliased edge should be widened to avoid a hairline seam.
    package var seamAfter: Bool

    package init(position: SIMD3<Double>, local: SIMD2<Double>, invW: Double = 1, seamAfter: Bool = false) {
        self.position = position; self.local = local; self.invW = invW; self.seamAfter = seamAfter
    }

    func lerp(_ o: PlaneVertex, _ t: Double) -> PlaneVertex {
        let iw = invW + (o.invW - invW) * t
        let weighted = local * invW + (o.local * o.invW - local * invW) * t
        let l = iw != 0 && iw.isFinite ? weighted / iw : local + (o.local - local) * t
        return PlaneVertex(position: position + (o.position - position) * t, local: l, invW: iw, seamAfter: seamAfter)
    }
}

/// A convex planar polygon with a payload id (the caller's index of the layer), in the
/// context's 3D space. After sorting, a plane may come back as several fragments.
package struct PlanePolygon: Sendable, Equatable {
    package var id: Int
    package var vertices: [PlaneVertex]

    package init(id: Int, vertices: [PlaneVertex]) { self.id = id; self.vertices = vertices }

    /// The bounds rect of a layer mapped by its bounds → context 4x4 (row-vector, not
    /// flattened), clipped to w ≥ 1e-6 · max w in homogeneous space and divided. Nil when
    /// the matrix is not finite, the rect is empty, nothing is in front of the eye, or the
    /// result is degenerate (fewer than 3 vertices or no area).
    package init?(id: Int, bounds: CGRect, transform m: CATransform3D) {
        let b = bounds.standardized
        guard m.isFinite, b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite, b.minX.isFinite, b.minY.isFinite else { return nil }
        typealias H = (p: SIMD4<Double>, l: SIMD2<Double>)
        let corners: [H] = [(b.minX, b.minY), (b.maxX, b.minY), (b.maxX, b.maxY), (b.minX, b.maxY)].map { x, y in
            let h = m.transform(x: Double(x), y: Double(y))
            return (SIMD4(h.x, h.y, h.z, h.w), SIMD2(Double(x), Double(y)))
        }
        let maxW = corners.map { $0.p.w }.max() ?? 0
        guard maxW > 0, maxW.isFinite else { return nil }
        let clipped = HomogeneousClip.clip(corners, minimumW: maxW * 1e-6, w: { $0.p.w },
                                           lerp: { a, c, t in (a.p + (c.p - a.p) * t, a.l + (c.l - a.l) * t) })
        let verts = clipped.map { PlaneVertex(position: SIMD3($0.p.x, $0.p.y, $0.p.z) / $0.p.w, local: $0.l, invW: 1 / $0.p.w) }
        guard verts.count >= 3, verts.allSatisfy({ $0.position.x.isFinite && $0.position.y.isFinite && $0.position.z.isFinite }) else { return nil }
        self.init(id: id, vertices: verts)
        guard normal != nil else { return nil }
    }

    /// The unit normal (Newell's method), or nil for a degenerate polygon.
    package var normal: SIMD3<Double>? {
        var n = SIMD3<Double>(0, 0, 0)
        for i in vertices.indices {
            let a = vertices[i].position, b = vertices[(i + 1) % vertices.count].position
            n.x += (a.y - b.y) * (a.z + b.z)
            n.y += (a.z - b.z) * (a.x + b.x)
            n.z += (a.x - b.x) * (a.y + b.y)
        }
        let len = (n * n).sum().squareRoot()
        guard len > 1e-12, len.isFinite else { return nil }
        return n / len
    }

    /// The bounds-space outline (for `ProjectedPlane.deviceOutline(of:)`).
    package var localOutline: [CGPoint] { vertices.map { CGPoint(x: $0.local.x, y: $0.local.y) } }
}

/// Where the viewer is, in the context's space.
package enum PlaneViewer: Sendable, Equatable {
    /// At +z infinity looking down −z: larger z is nearer.
    case orthographic
    /// At a point (e.g. (cx, cy, d) for a perspective m34 = −1/d about (cx, cy)).
    case eye(SIMD3<Double>)
}

/// Back-to-front ordering of planar polygons with splitting (a BSP tree).
///
/// Each polygon's plane becomes a node (the first polygon of a set is its splitter, so the
/// result follows the input order when nothing needs reordering); polygons on both sides of
/// a node's plane are split there; polygons in the plane itself (within `epsilon`) stay at
/// the node in input order, so coplanar layers keep their tree (sublayers-array) order.
/// Traversal draws the far side of each node, then the node, then the near side.
package enum PlaneSorter {
    /// Distance (points) within which a vertex counts as on a plane. Relative to nothing: the
    /// context's space is points, where 1/1000 pt is far below a device pixel.
    package static let epsilon = 1e-3

    /// The fragments of `polygons` in back-to-front order for `viewer`. Degenerate polygons
    /// (no normal) are dropped. Never crashes on NaN (such polygons have no normal).
    package static func backToFront(_ polygons: [PlanePolygon], viewer: PlaneViewer = .orthographic) -> [PlanePolygon] {
        backToFront(polygons, points: [], viewer: viewer).items.compactMap { item in
            if case let .fragment(f) = item { return f }
            return nil
        }
    }

    /// One step of a back-to-front order of planes and points.
    package enum Item: Sendable, Equatable {
        /// A fragment of one of the polygons.
        case fragment(PlanePolygon)
        /// The points whose entry in `runs` is this run, drawn here (in their input order).
        case points(run: Int32)
    }

    /// `polygons` and `points` (positions in the same space) in one back-to-front order: the
    /// polygons' fragments exactly as `backToFront(_:viewer:)` gives them, with the points
    /// placed among them by the same tree. Each point goes down the tree to the side of each
    /// node's plane it lies on, so it is drawn after every plane it is in front of and before
    /// every plane in front of it, wherever they overlap; points that end in the same
    /// region of the tree form one run, kept in input order. A point in a node's plane (within
    /// `epsilon`) counts as on the viewer's side: it is drawn over that plane, like a later
    /// sublayer. `runs[i]` is point i's run (runs numbered in drawing order from 0), or −1
    /// for a point that is not finite (never drawn).
    package static func backToFront(_ polygons: [PlanePolygon], points: [SIMD3<Double>], viewer: PlaneViewer = .orthographic)
        -> (items: [Item], runs: [Int32]) {
        let usable = polygons.filter { $0.vertices.count >= 3 && $0.normal != nil }
        var out: [Item] = []
        out.reserveCapacity(usable.count + 1)
        var runs = [Int32](repeating: -1, count: points.count)
        var runCount: Int32 = 0
        let finite = points.indices.filter { i in
            let p = points[i]
            return p.x.isFinite && p.y.isFinite && p.z.isFinite
        }.map { Int32($0) }
        // Explicit work stack instead of recursion (a deep tree cannot overflow the stack).
        enum Work { case build([PlanePolygon], [Int32]), emit([PlanePolygon]) }
        var stack: [Work] = [.build(usable, finite)]
        while let w = stack.popLast() {
            switch w {
            case let .emit(list):
                for p in list { out.append(.fragment(p)) }
            case let .build(list, pts):
                guard let splitter = list.first, let n = splitter.normal else {
                    // A region with no plane left: its points are one run.
                    if !pts.isEmpty {
                        for i in pts { runs[Int(i)] = runCount }
                        out.append(.points(run: runCount))
                        runCount += 1
                    }
                    continue
                }
                let d = (n * splitter.vertices[0].position).sum()
                var front: [PlanePolygon] = [], back: [PlanePolygon] = [], here: [PlanePolygon] = [splitter]
                for p in list.dropFirst() {
                    switch split(p, normal: n, offset: d) {
                    case let .coplanar(q): here.append(q)
                    case let .front(q): front.append(q)
                    case let .back(q): back.append(q)
                    case let .both(f, b): front.append(f); back.append(b)
                    }
                }
                let viewerInFront: Bool
                switch viewer {
                case .orthographic: viewerInFront = n.z >= 0
                case let .eye(e): viewerInFront = (n * e).sum() - d >= 0
                }
                var nearPoints: [Int32] = [], farPoints: [Int32] = []
                for i in pts {
                    let dist = (n * points[Int(i)]).sum() - d
                    let nearSide = abs(dist) <= epsilon || (dist > 0) == viewerInFront
                    if nearSide { nearPoints.append(i) } else { farPoints.append(i) }
                }
                // Pushed in reverse: far side first, then the node's polygons, then near side.
                let (far, near) = viewerInFront ? (back, front) : (front, back)
                if !near.isEmpty || !nearPoints.isEmpty { stack.append(.build(near, nearPoints)) }
                stack.append(.emit(here))
                if !far.isEmpty || !farPoints.isEmpty { stack.append(.build(far, farPoints)) }
            }
        }
        return (out, runs)
    }

    enum Side { case coplanar(PlanePolygon), front(PlanePolygon), back(PlanePolygon), both(PlanePolygon, PlanePolygon) }

    /// Classifies `p` against the plane n·x = d and splits it when it spans the plane.
    static func split(_ p: PlanePolygon, normal n: SIMD3<Double>, offset d: Double) -> Side {
        let dist = p.vertices.map { (n * $0.position).sum() - d }
        let hasFront = dist.contains { $0 > epsilon }, hasBack = dist.contains { $0 < -epsilon }
        switch (hasFront, hasBack) {
        case (false, false): return .coplanar(p)
        case (true, false): return .front(p)
        case (false, true): return .back(p)
        case (true, true): break
        }
        // Each kept vertex records whether the edge after it in its piece is (part of) an
        // original edge — it inherits that edge's seam flag — or the new edge along the
        // splitting plane, a seam.
        var f: [PlaneVertex] = [], b: [PlaneVertex] = []
        for i in p.vertices.indices {
            let j = (i + 1) % p.vertices.count
            let a = p.vertices[i], c = p.vertices[j], da = dist[i], dc = dist[j]
            if da >= -epsilon {
                var v = a
                v.seamAfter = (da > epsilon || dc >= -epsilon) ? a.seamAfter : true
                f.append(v)
            }
            if da <= epsilon {
                var v = a
                v.seamAfter = (da < -epsilon || dc <= epsilon) ? a.seamAfter : true
                b.append(v)
            }
            if (da > epsilon && dc < -epsilon) || (da < -epsilon && dc > epsilon) {
                var v = a.lerp(c, da / (da - dc))
                v.seamAfter = dc > epsilon ? a.seamAfter : true
                f.append(v)
                v.seamAfter = dc < -epsilon ? a.seamAfter : true
                b.append(v)
            }
        }
        let fp = PlanePolygon(id: p.id, vertices: f), bp = PlanePolygon(id: p.id, vertices: b)
        // A sliver too thin to have a normal is dropped rather than drawn wrongly.
        switch (f.count >= 3 && fp.normal != nil, b.count >= 3 && bp.normal != nil) {
        case (true, true): return .both(fp, bp)
        case (true, false): return .front(fp)
        case (false, true): return .back(bp)
        case (false, false): return .front(p)
        }
    }
}

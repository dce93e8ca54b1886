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
}

package enum DepthSortedContext {
    /// The visible planes of a context, split where they intersect or overlap cyclically,
    /// back to front. Planes that are back-facing and not double-sided, behind the eye,
    /// degenerate or not finite are left out. Coplanar layers keep their input order.
    package static func fragments(_ planes: [ContextPlane], contextToDevice: CATransform3D) -> [ContextFragment] {
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
        let sorted = PlaneSorter.backToFront(polygons, viewer: .orthographic)
        var pieces: [Int: Int] = [:]
        for f in sorted { pieces[f.id, default: 0] += 1 }
        return sorted.compactMap { f in
            guard let plane = projected[f.id] else { return nil }
            let whole = pieces[f.id] == 1 && f.vertices.count == vertexCounts[f.id]
            return ContextFragment(id: planes[f.id].id, plane: plane, outline: whole ? nil : f.localOutline)
        }
    }
}

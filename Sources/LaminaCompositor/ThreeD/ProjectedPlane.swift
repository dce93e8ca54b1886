// A flat layer seen through a projective (perspective) map: DESIGN.md §2 "A flat layer maps to
// the screen by a 3x3 homography (the x, y, w rows/columns of its accumulated 4x4 with z = 0).
// Clip the quad against w > epsilon in homogeneous space before dividing; cull back faces for
// doubleSided = false by the sign of the projected area."
//
// Spaces: the layer's bounds space (points, y down) and device pixels (y down). The 4x4 given
// is LayerGeometry's bounds → device matrix (row-vector convention, already flattened and
// scaled to pixels). A point (x, y, 0, 1) of the layer's plane maps to homogeneous
// (X, Y, W) = (x·m11 + y·m21 + m41, x·m12 + y·m22 + m42, x·m14 + y·m24 + m44); z does not
// matter for where it lands (flattening dropped it), only for 3D sorting (see PlaneSorter).
import CoreGraphics
import LaminaRaster

/// The image of a layer's bounds rect on the device under a (possibly perspective) map.
///
/// What holds after a successful init:
/// - `polygon` is the bounds quad clipped to W ≥ `minimumW` in homogeneous space and then
///   divided: a convex polygon of 3 to 5 finite vertices, in device pixels, in the order of
///   the bounds corners (minX,minY) → (maxX,minY) → (maxX,maxY) → (minX,maxY).
/// - `signedArea` is its shoelace area in device pixels² (y down): positive when the layer's
///   front faces the viewer (the identity gives a positive area), negative for a back face.
/// - `homography` maps bounds points → device pixels and `inverse` device pixels → bounds
///   points, both with w > 0 over the polygon (so they can drive `ImageShader` directly).
///
/// Nil (nothing to draw, never a crash) when the matrix has a NaN/∞, the plane's homography is
/// singular, the whole rect is behind the eye, the rect is empty, or the visible part has no
/// area (an edge-on layer).
package struct ProjectedPlane: Sendable {
    /// The layer's bounds rect (points).
    package let bounds: CGRect
    /// Bounds points → device pixels (column-vector form, see `PaintProjective`).
    package let homography: PaintProjective
    /// Device pixels → bounds points; w > 0 over the visible polygon.
    package let inverse: PaintProjective
    /// The visible part of the bounds quad in device pixels (convex, ≥ 3 vertices).
    package let polygon: [RasterPoint]
    /// Shoelace area of `polygon` in px², y down: > 0 front face, < 0 back face.
    package let signedArea: Double
    /// Homogeneous w below which a point counts as at or behind the eye. Relative to the
    /// largest corner w (a homography is defined up to scale), so clipping does not depend on
    /// how the 4x4 was normalised: 1e-6 of it keeps projected coordinates within 10^6 times
    /// the layer's unclipped extent, well inside the rasterizer's ±2^40 px range.
    package let minimumW: Double

    /// The relative epsilon of `minimumW`.
    package static let relativeEpsilon = 1e-6

    /// From the bounds rect (points) and its bounds → device 4x4 (row-vector convention).
    package init?(bounds: CGRect, transform m: CATransform3D) {
        guard m.isFinite else { return nil }
        self.init(bounds: bounds, homography: ProjectedPlane.homography(of: m))
    }

    /// From the bounds rect and a bounds → device homography. `storage`, when given, is an
    /// array whose buffer `polygon` is built in (its elements are dropped): a caller that keeps
    /// one between planes makes no allocation per plane.
    package init?(bounds rect: CGRect, homography h: PaintProjective, reusing storage: consuming [RasterPoint] = []) {
        let b = rect.standardized
        guard h.isFinite, b.minX.isFinite, b.minY.isFinite, b.width.isFinite, b.height.isFinite,
              b.width > 0, b.height > 0, let inv = h.inverted() else { return nil }
        // The corners in order, without an array (planes are made for every 3D layer of every
        // frame: each array was a heap allocation).
        let x0 = Double(b.minX), y0 = Double(b.minY), x1 = Double(b.maxX), y1 = Double(b.maxY)
        func corner(_ i: Int) -> (Double, Double) {
            switch i {
            case 0: (x0, y0)
            case 1: (x1, y0)
            case 2: (x1, y1)
            default: (x0, y1)
            }
        }
        // The largest corner w, as `max()` over the four gives it (NaN kept only when first).
        var maxW = h.m20 * x0 + h.m21 * y0 + h.m22
        for i in 1..<4 {
            let c = corner(i), w = h.m20 * c.0 + h.m21 * c.1 + h.m22
            if maxW < w { maxW = w }
        }
        guard maxW > 0, maxW.isFinite else { return nil }
        let eps = maxW * ProjectedPlane.relativeEpsilon
        let poly = ProjectedPlane.clipAndDivide(count: 4, corner, h, minimumW: eps, reusing: consume storage)
        guard poly.count >= 3 else { return nil }
        let area = ProjectedPlane.signedArea(poly)
        guard area.isFinite, abs(area) > 1e-9 else { return nil }
        bounds = b
        homography = h
        // Make sure the inverse's w is positive where the forward w is (it is (x, y, 1)/W up
        // to the positive factor `inverted()` applies, so only a flipped determinant sign
        // could break that): test it at a visible vertex.
        var i = inv
        let v = poly[0]
        if i.m20 * v.x + i.m21 * v.y + i.m22 < 0 {
            i = PaintProjective(m00: -i.m00, m01: -i.m01, m02: -i.m02, m10: -i.m10, m11: -i.m11, m12: -i.m12,
                                m20: -i.m20, m21: -i.m21, m22: -i.m22)
        }
        inverse = i
        polygon = poly
        signedArea = area
        minimumW = eps
    }

    /// The homography of the z = 0 plane of a 4x4 (row-vector) in column-vector form:
    /// X = m11·x + m21·y + m41, Y = m12·x + m22·y + m42, W = m14·x + m24·y + m44.
    package static func homography(of m: CATransform3D) -> PaintProjective {
        PaintProjective(m00: Double(m.m11), m01: Double(m.m21), m02: Double(m.m41),
                        m10: Double(m.m12), m11: Double(m.m22), m12: Double(m.m42),
                        m20: Double(m.m14), m21: Double(m.m24), m22: Double(m.m44))
    }

    /// The polygon's array, for reuse once the plane is done with (`consume` the plane so
    /// the array is not shared: `(consume plane).takePolygon()`).
    package consuming func takePolygon() -> [RasterPoint] { polygon }

    /// True when the layer's front faces the viewer (the projected area is positive).
    package var isFrontFacing: Bool { signedArea > 0 }

    /// Whether to draw the layer: always when double-sided, else only its front face.
    package func isVisible(doubleSided: Bool) -> Bool { doubleSided || isFrontFacing }

    /// The device-pixel bounding box of `polygon`.
    package var deviceBox: PixelRect {
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        for p in polygon { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return PixelRect.covering(minX: x0, minY: y0, maxX: x1, maxY: y1)
    }

    /// The device image of a point of the plane, or nil when it is at or behind the eye.
    package func project(_ p: CGPoint) -> RasterPoint? {
        let x = Double(p.x), y = Double(p.y)
        let w = homography.m20 * x + homography.m21 * y + homography.m22
        guard w >= minimumW else { return nil }
        return RasterPoint((homography.m00 * x + homography.m01 * y + homography.m02) / w,
                           (homography.m10 * x + homography.m11 * y + homography.m12) / w)
    }

    /// The bounds-space point under device point (x, y) (pixels), or nil off the plane's image.
    package func unproject(x: Double, y: Double) -> CGPoint? {
        guard let p = inverse.apply(x, y) else { return nil }
        return CGPoint(x: p.x, y: p.y)
    }

    /// Hit testing: the bounds-space point shown at device point (x, y) (pixels), or nil when
    /// the layer does not cover it (outside its bounds, or behind the eye).
    package func boundsPoint(atDevice x: Double, _ y: Double) -> CGPoint? {
        guard x.isFinite, y.isFinite, let p = inverse.apply(x, y) else { return nil }
        let w = homography.m20 * p.x + homography.m21 * p.y + homography.m22
        guard w >= minimumW, p.x >= Double(bounds.minX), p.x <= Double(bounds.maxX),
              p.y >= Double(bounds.minY), p.y <= Double(bounds.maxY) else { return nil }
        return CGPoint(x: p.x, y: p.y)
    }

    /// Any closed outline in bounds space (e.g. a flattened rounded rect, or a BSP fragment),
    /// clipped to w ≥ `minimumW` and projected to device pixels. Works for non-convex
    /// outlines too (clipping against one plane only adds edges along the clip line, which
    /// cancel under the non-zero rule). Fewer than 3 points come back empty.
    package func deviceOutline(of points: [CGPoint]) -> [RasterPoint] {
        ProjectedPlane.clipAndDivide(points.map { (Double($0.x), Double($0.y)) }, homography, minimumW: minimumW)
    }

    /// The largest local magnification of the map (device pixels per point, the longer of the
    /// two column vectors of its Jacobian) over the visible polygon's vertices. Used to pick a
    /// curve-flattening tolerance in bounds space and whether sampling minifies.
    package var maximumScale: Double {
        var largest: Double?
        for v in polygon {
            guard let p = inverse.apply(v.x, v.y) else { continue }
            let s = ProjectedPlane.jacobianNorms(homography, p.x, p.y).max
            if let l = largest, !(l < s) { continue }
            largest = s
        }
        return largest ?? 0
    }

    /// The smallest local magnification over the polygon's vertices (device pixels per point).
    /// (Loops rather than `compactMap` then `min()`, which made an array per call, with the
    /// same result: the first value, replaced by each later one that compares smaller.)
    package var minimumScale: Double {
        var smallest: Double?
        for v in polygon {
            guard let p = inverse.apply(v.x, v.y) else { continue }
            let s = ProjectedPlane.jacobianNorms(homography, p.x, p.y).min
            if let m = smallest, !(s < m) { continue }
            smallest = s
        }
        return smallest ?? 0
    }

    // MARK: Pure helpers

    /// Lengths of ∂(X/W, Y/W)/∂x and ∂/∂y at bounds point (x, y): the smaller and the larger.
    static func jacobianNorms(_ h: PaintProjective, _ x: Double, _ y: Double) -> (min: Double, max: Double) {
        let w = h.m20 * x + h.m21 * y + h.m22
        guard w > 0 else { return (0, 0) }
        let u = (h.m00 * x + h.m01 * y + h.m02) / w, v = (h.m10 * x + h.m11 * y + h.m12) / w
        let ux = (h.m00 - u * h.m20) / w, vx = (h.m10 - v * h.m20) / w
        let uy = (h.m01 - u * h.m21) / w, vy = (h.m11 - v * h.m21) / w
        let a = (ux * ux + vx * vx).squareRoot(), b = (uy * uy + vy * vy).squareRoot()
        return (min(a, b), max(a, b))
    }

    /// Sutherland–Hodgman against the single plane W = minimumW in homogeneous space, then
    /// the perspective divide. Points with non-finite results are dropped.
    static func clipAndDivide(_ pts: [(Double, Double)], _ h: PaintProjective, minimumW: Double) -> [RasterPoint] {
        clipAndDivide(count: pts.count, { pts[$0] }, h, minimumW: minimumW)
    }

    /// `clipAndDivide` of the `count` points `point(0) …`: `HomogeneousClip.clip`'s steps (the
    /// same arithmetic in the same order), each clipped vertex divided as it comes, so the
    /// only array made is the result.
    static func clipAndDivide(count: Int, _ point: (Int) -> (Double, Double), _ h: PaintProjective,
                              minimumW: Double, reusing storage: consuming [RasterPoint] = []) -> [RasterPoint] {
        guard count >= 3 else { return [] }
        func hom(_ i: Int) -> SIMD3<Double> {
            let p = point(i)
            return SIMD3(h.m00 * p.0 + h.m01 * p.1 + h.m02, h.m10 * p.0 + h.m11 * p.1 + h.m12, h.m20 * p.0 + h.m21 * p.1 + h.m22)
        }
        var out = consume storage
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(count + 2)
        func divide(_ q: SIMD3<Double>) {
            let x = q.x / q.z, y = q.y / q.z
            if x.isFinite && y.isFinite { out.append(RasterPoint(x, y)) }
        }
        var prev = hom(count - 1)
        var prevIn = prev.z >= minimumW
        for i in 0..<count {
            let cur = hom(i)
            let curIn = cur.z >= minimumW
            if curIn != prevIn {
                let t = (minimumW - prev.z) / (cur.z - prev.z)
                divide(prev + (cur - prev) * t)
            }
            if curIn { divide(cur) }
            prev = cur
            prevIn = curIn
        }
        return out.count >= 3 ? out : []
    }

    /// Shoelace area (y-down pixels): positive for the bounds corner order under the identity.
    static func signedArea(_ p: [RasterPoint]) -> Double {
        var s = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            s += a.x * b.y - b.x * a.y
        }
        return s / 2
    }
}

/// Clipping of polygons in homogeneous coordinates against w ≥ minimumW (the near plane of a
/// perspective map), before any divide. The last component of each vector is w.
package enum HomogeneousClip {
    /// Sutherland–Hodgman for 3-component points (X, Y, W).
    package static func clip(_ pts: [SIMD3<Double>], minimumW: Double) -> [SIMD3<Double>] {
        clip(pts, minimumW: minimumW, w: { $0.z }, lerp: { a, b, t in a + (b - a) * t })
    }

    /// Sutherland–Hodgman for any vertex type, given its w and linear interpolation.
    package static func clip<V>(_ pts: [V], minimumW: Double, w: (V) -> Double, lerp: (V, V, Double) -> V) -> [V] {
        guard !pts.isEmpty else { return [] }
        var out: [V] = []
        out.reserveCapacity(pts.count + 2)
        var prev = pts[pts.count - 1]
        var prevIn = w(prev) >= minimumW
        for cur in pts {
            let curIn = w(cur) >= minimumW
            if curIn != prevIn {
                let t = (minimumW - w(prev)) / (w(cur) - w(prev))
                out.append(lerp(prev, cur, t))
            }
            if curIn { out.append(cur) }
            prev = cur
            prevIn = curIn
        }
        return out
    }
}

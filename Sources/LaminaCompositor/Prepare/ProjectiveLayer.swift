// Layers whose accumulated transform has perspective: drawn flat into an offscreen surface in
// their own plane (scaled to about the device resolution), then projected onto the device
// through a homography, clipped to w > ε first (DESIGN.md §2). Full 3D (transform layers,
// depth sorting, polygon splitting) is not here: each such layer is one flattened plane.
import CoreGraphics
import LaminaRaster

/// A 3×3 homography in column-vector form, row-major: (x, y, 1) ↦ (X, Y, W) with
/// X = m[0]x + m[1]y + m[2], Y = m[3]x + m[4]y + m[5], W = m[6]x + m[7]y + m[8].
///
/// The nine coefficients are stored inline (`InlineArray`), not in an `Array`: a frame of 200
/// perspective layers makes thousands of homographies (each plane's map, its products with
/// the surfaces' offsets), and an array each was a heap allocation each.
package struct Homography: Hashable, Sendable {
    package var m: InlineArray<9, Double>

    package init(_ m: InlineArray<9, Double>) { self.m = m }

    /// The map of a layer's z = 0 plane (bounds space) under the 4x4 `t` (row-vector form).
    package init(plane t: CATransform3D) {
        self.init([Double(t.m11), Double(t.m21), Double(t.m41),
                   Double(t.m12), Double(t.m22), Double(t.m42),
                   Double(t.m14), Double(t.m24), Double(t.m44)])
    }

    package static func affine(_ a: CGAffineTransform) -> Homography {
        Homography([Double(a.a), Double(a.c), Double(a.tx), Double(a.b), Double(a.d), Double(a.ty), 0, 0, 1])
    }

    /// `self` after `first`: (self · first)(p) = self(first(p)).
    package func after(_ first: Homography) -> Homography {
        var r = InlineArray<9, Double>(repeating: 0)
        for i in 0..<3 { for j in 0..<3 { for k in 0..<3 { r[i * 3 + j] += m[i * 3 + k] * first.m[k * 3 + j] } } }
        return Homography(r)
    }

    /// Homogeneous image of (x, y).
    package func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double, w: Double) {
        (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5], m[6] * x + m[7] * y + m[8])
    }

    package var isFinite: Bool {
        for i in m.indices where !m[i].isFinite { return false }
        return true
    }

    /// The same map as the raster pipeline's projective transform (same coefficients).
    package var paintMap: PaintProjective {
        PaintProjective(m00: m[0], m01: m[1], m02: m[2], m10: m[3], m11: m[4], m12: m[5], m20: m[6], m21: m[7], m22: m[8])
    }

    /// Coefficient by coefficient, as the array form compared (so NaN ≠ NaN, 0 = −0).
    package static func == (a: Homography, b: Homography) -> Bool {
        for i in a.m.indices where a.m[i] != b.m[i] { return false }
        return true
    }

    package func hash(into hasher: inout Hasher) {
        for i in m.indices { hasher.combine(m[i]) }
    }

    /// The smallest w treated as in front of the eye.
    package static let minimumW = 1e-6

    /// The polygon `points` maps to, clipped to w ≥ `minimumW` in homogeneous space before
    /// dividing (Sutherland–Hodgman against one plane). Empty when all of it is behind the eye.
    package func projectClipped<Points: RandomAccessCollection>(_ points: Points) -> [CGPoint]
    where Points.Element == CGPoint, Points.Index == Int {
        var out: [CGPoint] = []
        projectClipped(points, into: &out)
        return out
    }

    /// `projectClipped(points)` written into `out` (emptied first, its room kept): callers
    /// that keep a buffer make no array per call.
    package func projectClipped<Points: RandomAccessCollection>(_ points: Points, into out: inout [CGPoint])
    where Points.Element == CGPoint, Points.Index == Int {
        out.removeAll(keepingCapacity: true)
        // Clipping against one plane adds at most one vertex per vertex removed: one buffer.
        out.reserveCapacity(points.count + 1)
        let eps = Homography.minimumW
        let first = points.startIndex, n = points.count
        func h(_ i: Int) -> (x: Double, y: Double, w: Double) {
            let p = points[first + i]
            return apply(Double(p.x), Double(p.y))
        }
        for i in 0..<n {
            let a = h(i), b = h((i + 1) % n)
            let ain = a.w >= eps, bin = b.w >= eps
            if ain { out.append(CGPoint(x: a.x / a.w, y: a.y / a.w)) }
            if ain != bin {
                let f = (eps - a.w) / (b.w - a.w)
                let x = a.x + f * (b.x - a.x), y = a.y + f * (b.y - a.y)
                out.append(CGPoint(x: x / eps, y: y / eps))
            }
        }
        if !out.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) { out.removeAll(keepingCapacity: true) }
    }

    /// Twice the signed area of a polygon (positive for the orientation of an unrotated
    /// layer on a y-down device).
    package static func signedArea(_ p: [CGPoint]) -> Double {
        guard p.count >= 3 else { return 0 }
        var s = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            s += Double(a.x * b.y - b.x * a.y)
        }
        return s
    }
}

/// An offscreen surface holding one layer's subtree drawn flat in its plane: a layer with
/// perspective, or a shouldRasterize layer (then `cacheKey` identifies its content).
package struct ProjectiveSpec: Hashable, Sendable {
    package var layer: RenderNodeID
    /// The surface's pixels in the layer's scaled plane space (what the commands inside draw
    /// to: their transforms map to this space, not to the device).
    package var bounds: PixelBox
    /// Surface pixel (u, v) (pixel-edge coordinates, relative to the surface's own origin) →
    /// device pixels.
    package var surfaceToDevice: Homography
    /// For shouldRasterize layers: a hash of everything the surface's pixels depend on; the
    /// executor reuses the previous frame's surface when it matches.
    package var cacheKey: Int?
}

enum ProjectiveLayer {
    /// Largest side of a perspective layer's offscreen surface, in pixels.
    static let maxSide = 2048

    /// The rect's corners (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY).
    static func corners(_ r: CGRect) -> RectCorners { RectCorners(r) }

    /// Device pixels per point in the layer's plane, estimated from the projected bounds'
    /// area, within [1/16, 8]; `fallback` when the bounds are partly behind the eye.
    static func planeScale(_ h: Homography, bounds: CGRect, fallback: Double) -> Double {
        var q: [CGPoint] = []
        return planeScale(h, bounds: bounds, fallback: fallback, quad: &q)
    }

    /// `planeScale(_:bounds:fallback:)` with the projected bounds made in `q` (a kept buffer).
    static func planeScale(_ h: Homography, bounds: CGRect, fallback: Double, quad q: inout [CGPoint]) -> Double {
        h.projectClipped(corners(bounds), into: &q)
        let area = Double(bounds.width * bounds.height)
        guard q.count == 4, area > 0 else { return fallback }
        let s = (abs(Homography.signedArea(q)) / 2 / area).squareRoot()
        return s.isFinite && s > 0 ? min(8, max(1.0 / 16, s)) : fallback
    }
}

/// A rect's four corners as a collection, (minX, minY) → (maxX, minY) → (maxX, maxY) →
/// (minX, maxY), without an array: planes project their bounds' corners several times a
/// frame each (`Homography.projectClipped`), and an array each was a heap allocation.
struct RectCorners: RandomAccessCollection {
    let rect: CGRect

    init(_ rect: CGRect) { self.rect = rect }

    var startIndex: Int { 0 }
    var endIndex: Int { 4 }

    subscript(i: Int) -> CGPoint {
        switch i {
        case 0: CGPoint(x: rect.minX, y: rect.minY)
        case 1: CGPoint(x: rect.maxX, y: rect.minY)
        case 2: CGPoint(x: rect.maxX, y: rect.maxY)
        case 3: CGPoint(x: rect.minX, y: rect.maxY)
        default: preconditionFailure("RectCorners index \(i) out of range")
        }
    }
}

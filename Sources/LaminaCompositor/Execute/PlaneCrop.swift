// A plane surface only needs the part of the plane that projects onto the surface below:
// the rest (a page's shadow margins above and below the screen, say) would be drawn and then
// never sampled. The visible part is where the projected point is in front of the eye and
// inside the target rectangle, X ≥ 0, X ≤ w·W, Y ≥ 0, Y ≤ h·W with W > 0: half-planes that
// are linear in plane coordinates, so clipping the plane's rectangle against them is exact.
import CoreGraphics

enum PlaneCrop {
    /// Plane pixels kept around the visible part: the projection's bilinear taps reach one
    /// pixel beyond a sample point, and the crop rounds outward.
    static let margin = 2

    /// `spec` cut down to the plane pixels whose projection can reach a `width` × `height`
    /// target whose pixel (0, 0) is device pixel (originX, originY); `spec` itself when
    /// nothing would be saved, when it is cached (its surface is reused whole), or when the
    /// map is not usable.
    static func cropped(_ spec: ProjectiveSpec, targetOriginX: Int, targetOriginY: Int, width: Int, height: Int) -> ProjectiveSpec {
        let b = spec.bounds
        guard spec.cacheKey == nil, !b.isEmpty, width > 0, height > 0 else { return spec }
        let toLocal = Homography([1, 0, Double(-targetOriginX), 0, 1, Double(-targetOriginY), 0, 0, 1])
        let f = toLocal.after(spec.surfaceToDevice)
        guard f.isFinite else { return spec }
        let m = f.m
        // Each constraint a·u + b·v + c ≥ 0 in surface pixels (u, v).
        let w = Double(width), h = Double(height)
        let constraints: InlineArray<5, (Double, Double, Double)> = [
            (m[6], m[7], m[8] - Homography.minimumW),                                 // W > 0
            (m[0], m[1], m[2]),                                                        // X ≥ 0
            (w * m[6] - m[0], w * m[7] - m[1], w * m[8] - m[2]),                       // X ≤ w·W
            (m[3], m[4], m[5]),                                                        // Y ≥ 0
            (h * m[6] - m[3], h * m[7] - m[4], h * m[8] - m[5]),                       // Y ≤ h·W
        ]
        // Clipped inline (`ClipPolygon`): the arrays of each clip step were five mallocs per
        // plane per frame. Four corners and five half-planes make at most nine vertices.
        var poly = ClipPolygon()
        poly.append((0.0, 0.0)); poly.append((Double(b.width), 0.0))
        poly.append((Double(b.width), Double(b.height))); poly.append((0.0, Double(b.height)))
        for k in constraints.indices {
            let (a, bb, c) = constraints[k]
            poly = poly.clipped { a * $0 + bb * $1 + c }
            if poly.isEmpty { return spec }
        }
        guard !poly.overflowed, let (u0, u1, v0, v1) = poly.extent,
              u0.isFinite, u1.isFinite, v0.isFinite, v1.isFinite else { return spec }
        let x0 = max(0, Int(u0.rounded(.down)) - margin), x1 = min(b.width, Int(u1.rounded(.up)) + margin)
        let y0 = max(0, Int(v0.rounded(.down)) - margin), y1 = min(b.height, Int(v1.rounded(.up)) + margin)
        guard x1 > x0, y1 > y0 else { return spec }
        // Not worth a different surface for less than a tenth saved.
        guard (x1 - x0) * (y1 - y0) * 10 < b.width * b.height * 9 else { return spec }
        var out = spec
        out.bounds = PixelBox(x0: b.x0 + x0, y0: b.y0 + y0, x1: b.x0 + x1, y1: b.y0 + y1)
        out.surfaceToDevice = spec.surfaceToDevice.after(Homography([1, 0, Double(x0), 0, 1, Double(y0), 0, 0, 1]))
        return out
    }
}

/// A polygon of at most `capacity` vertices (Double pairs) kept inline, clipped by
/// Sutherland–Hodgman (the same vertices in the same order, the same arithmetic as clipping
/// an array of them): planes crop and wide shadows window their quads every frame, and each
/// array of a clip step was a heap allocation. A result that would pass the
/// capacity is marked `overflowed` (convex inputs here stay far below it: a quad of at most
/// five vertices and at most five half-planes).
struct ClipPolygon {
    static let capacity = 16
    private var points = InlineArray<16, (Double, Double)>(repeating: (0, 0))
    private(set) var count = 0
    /// A vertex was dropped for want of room: the polygon is not the clip's.
    private(set) var overflowed = false

    init() {}

    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> (Double, Double) { points[i] }

    mutating func append(_ p: (Double, Double)) {
        guard count < Self.capacity else { overflowed = true; return }
        points[count] = p
        count += 1
    }

    /// This polygon clipped to the half-plane `value ≥ 0` (Sutherland–Hodgman).
    func clipped(_ value: (Double, Double) -> Double) -> ClipPolygon {
        var out = ClipPolygon()
        out.overflowed = overflowed
        for i in 0..<count {
            let a = points[i], b = points[(i + 1) % count]
            let va = value(a.0, a.1), vb = value(b.0, b.1)
            if va >= 0 { out.append(a) }
            if (va >= 0) != (vb >= 0) {
                let t = va / (va - vb)
                out.append((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)))
            }
        }
        return out
    }

    /// The smallest and largest coordinates (minX, maxX, minY, maxY) as `min()`/`max()` of
    /// the arrays of coordinates give them (the first value, replaced by each later one that
    /// compares below / above it); nil when empty.
    var extent: (Double, Double, Double, Double)? {
        guard count > 0 else { return nil }
        var x0 = points[0].0, x1 = x0, y0 = points[0].1, y1 = y0
        for i in 1..<count {
            let (x, y) = points[i]
            if x < x0 { x0 = x }
            if x1 < x { x1 = x }
            if y < y0 { y0 = y }
            if y1 < y { y1 = y }
        }
        return (x0, x1, y0, y1)
    }
}

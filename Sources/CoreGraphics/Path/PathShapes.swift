// Rectangles, ellipses and rounded rectangles as closed subpaths.
//
// All shapes run in the same direction as Apple's CGPathAddRect: increasing angle, i.e.
// (minX, minY) → (maxX, minY) → (maxX, maxY) → (minX, maxY) — counter-clockwise in y-up space,
// clockwise on a y-down iOS screen. Input rects are standardized; null or infinite rects and
// non-finite sizes add nothing.

/// Corners of a rectangle (Lamina's counterpart of UIKit's `UIRectCorner`, same bit values).
/// Names are in the iOS y-down sense: `topLeft` is the corner at (minX, minY).
public struct CGRectCorner: OptionSet, Sendable, Hashable {
    /// The corners' bits (UIKit's `UIRectCorner` values).
    public let rawValue: UInt
    /// Corners with the given bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The corner at (minX, minY).
    public static let topLeft = CGRectCorner(rawValue: 1 << 0)
    /// The corner at (maxX, minY).
    public static let topRight = CGRectCorner(rawValue: 1 << 1)
    /// The corner at (minX, maxY).
    public static let bottomLeft = CGRectCorner(rawValue: 1 << 2)
    /// The corner at (maxX, maxY).
    public static let bottomRight = CGRectCorner(rawValue: 1 << 3)
    /// All four corners.
    public static let allCorners: CGRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// The curve used for rounded corners by Lamina's own rounded-rect builder.
package enum CornerCurve: Sendable {
    /// Quarter circles (CALayer's default `cornerCurve = .circular`).
    case circular
    /// A curvature-continuous corner in the style of iOS 7+ (`cornerCurve = .continuous`):
    /// Figma's "corner smoothing" construction with smoothing ξ = 0.6 — a cubic easing from the
    /// straight edge into a circular arc of radius r spanning 90°·(1 − ξ), then a mirrored
    /// cubic out. The corner occupies (1 + ξ)·r along each edge. When that does not fit in half
    /// the shorter side, ξ is reduced first, then r (ending as a plain quarter circle of half
    /// the side), which reproduces the regime change Apple's shapes show when the side drops
    /// below about 3·r (reference §4.3.2). Not pixel-identical to Apple's curve (unpublished).
    case continuous
}

enum PathShapes {
    /// κ = 4/3·tan(π/8): the cubic control distance for a quarter ellipse, per unit radius.
    static let kappa: CGFloat = 0.552_284_749_830_793_4
    /// Figma's default iOS-like smoothing.
    static let continuousSmoothing: CGFloat = 0.6

    /// A standardized, finite copy of `rect`, or nil when it cannot be drawn.
    static func usable(_ rect: CGRect) -> CGRect? {
        guard !rect.isNull, !rect.isInfinite else { return nil }
        let r = rect.standardized
        guard r.origin.x.isFinite, r.origin.y.isFinite, r.width.isFinite, r.height.isFinite else { return nil }
        return r
    }

    static func appendRect(_ rect: CGRect, to storage: inout PathStorage, transform t: CGAffineTransform) {
        guard let r = usable(rect) else { return }
        var b = ElementBuffer()
        b.add(.move, CGPoint(x: r.minX, y: r.minY).applying(t))
        b.add(.line, CGPoint(x: r.maxX, y: r.minY).applying(t))
        b.add(.line, CGPoint(x: r.maxX, y: r.maxY).applying(t))
        b.add(.line, CGPoint(x: r.minX, y: r.maxY).applying(t))
        b.add(.close)
        storage.commit(b)
    }

    static func appendEllipse(in rect: CGRect, to storage: inout PathStorage, transform t: CGAffineTransform) {
        guard let r = usable(rect) else { return }
        let cx = r.midX, cy = r.midY, kx = kappa * r.width / 2, ky = kappa * r.height / 2
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(t) }
        var b = ElementBuffer()
        b.add(.move, p(r.maxX, cy))
        b.add(.cubic, p(r.maxX, cy + ky), p(cx + kx, r.maxY), p(cx, r.maxY))
        b.add(.cubic, p(cx - kx, r.maxY), p(r.minX, cy + ky), p(r.minX, cy))
        b.add(.cubic, p(r.minX, cy - ky), p(cx - kx, r.minY), p(cx, r.minY))
        b.add(.cubic, p(cx + kx, r.minY), p(r.maxX, cy - ky), p(r.maxX, cy))
        b.add(.close)
        storage.commit(b)
    }

    /// Apple's rounded rect with elliptical corners. Corner sizes are clamped into
    /// [0, side / 2] (Apple traps on 2·corner > side; we clamp instead). NaN or infinite
    /// sizes add nothing; a corner size of 0 on either axis gives the plain rect elements.
    static func appendRoundedRect(
        _ rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        to storage: inout PathStorage, transform t: CGAffineTransform
    ) {
        guard let r = usable(rect), cornerWidth.isFinite, cornerHeight.isFinite else { return }
        let cw = min(max(cornerWidth, 0), r.width / 2), ch = min(max(cornerHeight, 0), r.height / 2)
        if cw == 0 || ch == 0 { appendRect(r, to: &storage, transform: t); return }
        appendCorneredRect(r, to: &storage, transform: t) { _, horizontalFirst in
            let (along1, along2) = horizontalFirst ? (cw, ch) : (ch, cw)
            return .elliptical(along1, along2)
        }
    }

    /// Lamina's rounded rect: one radius, a chosen subset of corners, circular or continuous.
    /// The radius is clamped to half the shorter side (continuous corners shrink their
    /// smoothing first, see `CornerCurve.continuous`). Non-finite radius: nothing is added;
    /// negative radius or no corners: the plain rect.
    static func appendRoundedRect(
        _ rect: CGRect, cornerRadius: CGFloat, corners: CGRectCorner, curve: CornerCurve,
        to storage: inout PathStorage, transform t: CGAffineTransform
    ) {
        guard let r = usable(rect), cornerRadius.isFinite else { return }
        let budget = min(r.width, r.height) / 2
        var radius = min(max(cornerRadius, 0), budget)
        var smoothing: CGFloat = 0
        if curve == .continuous && radius > 0 {
            smoothing = min(continuousSmoothing, max(0, budget / radius - 1))
            radius = min(radius, budget)
        }
        if radius == 0 || corners.isEmpty { appendRect(r, to: &storage, transform: t); return }
        appendCorneredRect(r, to: &storage, transform: t) { corner, _ in
            guard corners.contains(corner) else { return .sharp }
            return smoothing > 0 ? .smooth(radius, smoothing) : .elliptical(radius, radius)
        }
    }

    enum CornerShape {
        case sharp
        /// Quarter ellipse with the given extents along the incoming and outgoing edges.
        case elliptical(CGFloat, CGFloat)
        /// Continuous corner of radius r and smoothing ξ.
        case smooth(CGFloat, CGFloat)

        var extentIn: CGFloat {
            switch self {
            case .sharp: return 0
            case .elliptical(let a, _): return a
            case .smooth(let r, let s): return (1 + s) * r
            }
        }
        var extentOut: CGFloat {
            switch self {
            case .sharp: return 0
            case .elliptical(_, let b): return b
            case .smooth(let r, let s): return (1 + s) * r
            }
        }
    }

    /// Walks the four corners from (minX + e, minY) in increasing-angle order. `shape` gets the
    /// corner and whether its incoming edge is horizontal.
    private static func appendCorneredRect(
        _ r: CGRect, to storage: inout PathStorage, transform t: CGAffineTransform,
        shape: (CGRectCorner, Bool) -> CornerShape
    ) {
        // (corner, apex, incoming direction, outgoing direction), in path order.
        let corners: [(CGRectCorner, CGPoint, CGVector, CGVector)] = [
            (.topRight, CGPoint(x: r.maxX, y: r.minY), CGVector(dx: 1, dy: 0), CGVector(dx: 0, dy: 1)),
            (.bottomRight, CGPoint(x: r.maxX, y: r.maxY), CGVector(dx: 0, dy: 1), CGVector(dx: -1, dy: 0)),
            (.bottomLeft, CGPoint(x: r.minX, y: r.maxY), CGVector(dx: -1, dy: 0), CGVector(dx: 0, dy: -1)),
            (.topLeft, CGPoint(x: r.minX, y: r.minY), CGVector(dx: 0, dy: -1), CGVector(dx: 1, dy: 0)),
        ]
        let shapes = corners.enumerated().map { i, c in shape(c.0, i % 2 == 0) }
        var b = ElementBuffer()
        let start = CGPoint(x: r.minX + shapes[3].extentOut, y: r.minY)
        b.add(.move, start.applying(t))
        var current = start
        for (i, (_, apex, dIn, dOut)) in corners.enumerated() {
            // Local corner frame: X runs from the apex back along the incoming edge, Y forward
            // along the outgoing edge. The directions are axis-aligned units, so the mapping is
            // exact and shared corner points land bit-identically.
            func map(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
                CGPoint(x: apex.x - dIn.dx * x + dOut.dx * y, y: apex.y - dIn.dy * x + dOut.dy * y)
            }
            let s = shapes[i]
            let entry = map(s.extentIn, 0)
            if entry != current { b.add(.line, entry.applying(t)) }
            switch s {
            case .sharp:
                break
            case .elliptical(let a, let c):
                b.add(.cubic, map(a - kappa * a, 0).applying(t), map(0, c - kappa * c).applying(t), map(0, c).applying(t))
            case .smooth(let radius, let xi):
                for (c1, c2, end) in smoothCorner(radius: radius, smoothing: xi) {
                    b.add(.cubic, map(c1.x, c1.y).applying(t), map(c2.x, c2.y).applying(t), map(end.x, end.y).applying(t))
                }
            }
            current = map(0, s.extentOut)
        }
        if current != start { b.add(.line, start.applying(t)) }
        b.add(.close)
        storage.commit(b)
    }

    /// The cubics of a continuous corner in its local frame (apex at the origin, the corner
    /// running from ((1+ξ)r, 0) to (0, (1+ξ)r)). See `CornerCurve.continuous`.
    static func smoothCorner(radius r: CGFloat, smoothing xi: CGFloat) -> [(CGPoint, CGPoint, CGPoint)] {
        let alpha = CGFloat.pi / 4 * xi                 // edge-to-arc tangent angle, radians
        let arcSpan = CGFloat.pi / 2 * (1 - xi)
        let p = (1 + xi) * r
        let arcChordX = sin(arcSpan / 2) * r * 2.0.squareRoot()
        let c = r * tan(alpha / 2) * cos(alpha)
        let d = r * (1 - cos(alpha))
        let bLen = (p - arcChordX - c - d) / 3
        let aLen = 2 * bLen
        let p4 = CGPoint(x: r * (1 - sin(alpha)), y: d)
        let p4m = CGPoint(x: d, y: r * (1 - sin(alpha)))
        var out: [(CGPoint, CGPoint, CGPoint)] = []
        out.append((CGPoint(x: p - aLen, y: 0), CGPoint(x: p - aLen - bLen, y: 0), p4))
        // The arc around (r, r) from p4 (angle 3π/2 − α) to p4m (angle π + α).
        var tmp = PathStorage()
        tmp.move(to: p4)
        PathArcs.appendArc(
            to: &tmp, center: CGPoint(x: r, y: r), radius: r, startAngle: 1.5 * .pi - alpha,
            sweep: -arcSpan, transform: .identity)
        tmp.forEachRaw { verb, pts in
            if verb == .cubic { out.append((pts[pts.startIndex], pts[pts.startIndex + 1], pts[pts.startIndex + 2])) }
        }
        if let last = out.last { out[out.count - 1].2 = arcSpan > 0 ? p4m : last.2 }
        out.append((CGPoint(x: 0, y: p - aLen - bLen), CGPoint(x: 0, y: p - aLen), CGPoint(x: 0, y: p)))
        return out
    }
}

// MARK: - Public initialisers and the UIKit-style builder

extension CGPath {
    /// A closed rectangle (see `CGMutablePath.addRect` for the element order).
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var s = PathStorage()
        PathShapes.appendRect(rect, to: &s, transform: transform?.pointee ?? .identity)
        self.init(storage: s)
    }

    /// A closed ellipse inscribed in `rect` (see `CGMutablePath.addEllipse`).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        var s = PathStorage()
        PathShapes.appendEllipse(in: rect, to: &s, transform: transform?.pointee ?? .identity)
        self.init(storage: s)
    }

    /// A closed rounded rectangle with quarter-ellipse corners of radii (cornerWidth,
    /// cornerHeight). Elements: move to (minX + cw, minY), then alternately a line along an edge
    /// and one cubic per corner — corners (maxX, minY), (maxX, maxY), (minX, maxY), (minX, minY)
    /// — then close (zero-length lines are omitted). Apple traps when 2·corner > side; Lamina
    /// clamps each size into [0, side / 2] instead, and a zero size gives the plain rect. The
    /// start point is Lamina's choice (Apple's is undocumented).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        var s = PathStorage()
        PathShapes.appendRoundedRect(
            rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, to: &s, transform: transform?.pointee ?? .identity)
        self.init(storage: s)
    }

    /// A rectangle with the chosen corners rounded by quarter circles of one radius — the shape
    /// of UIKit's `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)` (which, like this,
    /// uses only one radius). The radius is clamped to half the shorter side; the path runs
    /// clockwise on an iOS screen from just right of the top-left corner. Lamina extension.
    /// (UIKit draws its corners with a continuous curve since iOS 7; use the package builder
    /// with `.continuous` for that look.)
    public static func roundedRect(
        _ rect: CGRect, byRoundingCorners corners: CGRectCorner, cornerRadius: CGFloat
    ) -> CGPath {
        roundedRect(rect, cornerRadius: cornerRadius, corners: corners, curve: .circular)
    }

    /// Lamina's rounded rect for layer backgrounds, borders and masks: one radius, any subset
    /// of corners, circular or continuous corners (see `CornerCurve`).
    package static func roundedRect(
        _ rect: CGRect, cornerRadius: CGFloat, corners: CGRectCorner = .allCorners, curve: CornerCurve,
        transform: CGAffineTransform = .identity
    ) -> CGPath {
        var s = PathStorage()
        PathShapes.appendRoundedRect(rect, cornerRadius: cornerRadius, corners: corners, curve: curve, to: &s, transform: transform)
        return CGPath(storage: s)
    }
}

import CoreGraphics

/// Any opaque, immutable, hashable value the compositor cannot interpolate (layer contents,
/// images, enum-like settings). Compared through `AnyHashable`.
package struct OpaqueValue: @unchecked Sendable, Hashable {
    // @unchecked: the payload is required to be Sendable by the initialiser; AnyHashable just
    // cannot say so.
    package let base: AnyHashable

    package init<T: Hashable & Sendable>(_ value: T) { base = AnyHashable(value) }
}

/// A property value as the render tree stores it and as animations interpolate it.
///
/// An enum rather than a protocol so the render tree can keep values inline without existential
/// boxes: scalar, point, size, rect, transform and colour payloads live in the enum itself, so
/// evaluating those kinds allocates nothing. Array and path payloads allocate when a new value is
/// produced (gradient locations, dash patterns, paths — rarer and inherently variable-sized).
///
/// Conventions used by all operations:
/// - **lerp** is a + (b − a)·t, component-wise; t may leave [0,1] (overshooting curves, springs)
///   and numeric kinds then extrapolate. Values of different kinds, arrays of different lengths,
///   paths of different structure, Bools and opaque values switch discretely: a for t < 0.5, b
///   from t = 0.5 on (the CSS rule; Core Animation's rule for non-interpolable values is not
///   documented — reference §9 only describes keyframe `discrete` mode, which `KeyframeTrack`
///   implements separately).
/// - **add** (additive, cumulative, byValue): numeric kinds add component-wise; rects add origin
///   and size; transforms concatenate as `Concat(delta, base)` — the added transform applies in the
///   layer's local space before the base, as CSS additive composition does (Apple says only
///   "concatenated"; order INF); discrete kinds and mismatches yield the delta.
/// - Doubles stand in for CGFloat and Float alike (`.scalar`).
package enum AnimatableValue: Sendable, Hashable {
    case scalar(Double)
    case point(CGPoint)
    case size(CGSize)
    case rect(CGRect)
    case transform(CATransform3D)
    case color(RGBAColor)
    /// Arrays of numbers: gradient locations, line dash patterns, value-function argument lists.
    case scalars([Double])
    /// Gradient colours.
    case colors([RGBAColor])
    case path(PathValue)
    case bool(Bool)
    case opaque(OpaqueValue)

    /// CGFloat and Float bridge to `.scalar` (the Double overload keeps literals unambiguous).
    package init(_ value: Double) { self = .scalar(value) }
    package init(_ value: CGFloat) { self = .scalar(Double(value)) }
    package init(_ value: Float) { self = .scalar(Double(value)) }

    /// The scalar payload, if this is a `.scalar`.
    package var scalarValue: Double? {
        if case .scalar(let v) = self { return v }
        return nil
    }

    /// True for kinds that interpolate continuously (everything except Bool and opaque).
    package var isInterpolable: Bool {
        switch self {
        case .bool, .opaque: return false
        default: return true
        }
    }

    // MARK: Interpolation

    /// a + (b − a)·t (see the type's conventions for kinds that cannot interpolate).
    package static func lerp(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)):
            return .scalar(x + (y - x) * t)
        case (.point(let p), .point(let q)):
            let s = CGFloat(t)
            return .point(CGPoint(x: p.x + (q.x - p.x) * s, y: p.y + (q.y - p.y) * s))
        case (.size(let p), .size(let q)):
            let s = CGFloat(t)
            return .size(CGSize(width: p.width + (q.width - p.width) * s, height: p.height + (q.height - p.height) * s))
        case (.rect(let p), .rect(let q)):
            let s = CGFloat(t)
            return .rect(CGRect(x: p.origin.x + (q.origin.x - p.origin.x) * s, y: p.origin.y + (q.origin.y - p.origin.y) * s,
                                width: p.size.width + (q.size.width - p.size.width) * s,
                                height: p.size.height + (q.size.height - p.size.height) * s))
        case (.transform(let p), .transform(let q)):
            return .transform(DecomposedTransform.interpolateMatrices(p, q, t))
        case (.color(let p), .color(let q)):
            return .color(RGBAColor.lerp(p, q, t))
        case (.scalars(let p), .scalars(let q)) where p.count == q.count:
            return .scalars(zip(p, q).map { $0 + ($1 - $0) * t })
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return .colors(zip(p, q).map { RGBAColor.lerp($0, $1, t) })
        case (.path(let p), .path(let q)):
            return .path(PathValue.lerp(p, q, t))
        default:
            return t < 0.5 ? a : b
        }
    }

    /// `base + delta` (see the type's conventions).
    package static func add(_ base: AnimatableValue, _ delta: AnimatableValue) -> AnimatableValue {
        combine(base, 1, delta, 1) ?? {
            if case .transform(let b) = base, case .transform(let d) = delta {
                return .transform(TransformMath.concat(d, b))
            }
            return delta
        }()
    }

    /// The Δ with `add(base, Δ) == target` (cumulative animations: end − start), or nil when the
    /// kinds cannot be subtracted. Transforms: target·base⁻¹ (nil if base is singular).
    package static func difference(from base: AnimatableValue, to target: AnimatableValue) -> AnimatableValue? {
        if case .transform(let b) = base, case .transform(let t) = target {
            guard let inv = TransformMath.inverse(b) else { return nil }
            return .transform(TransformMath.concat(t, inv))
        }
        return combine(target, 1, base, -1)
    }

    /// The x with `add(x, delta) == target` (toValue − byValue), or nil when the kinds cannot be
    /// subtracted. Transforms: delta⁻¹·target (nil if delta is singular).
    package static func removing(_ delta: AnimatableValue, from target: AnimatableValue) -> AnimatableValue? {
        if case .transform(let d) = delta, case .transform(let t) = target {
            guard let inv = TransformMath.inverse(d) else { return nil }
            return .transform(TransformMath.concat(inv, t))
        }
        return combine(target, 1, delta, -1)
    }

    /// k·delta for cumulative repeats: numeric kinds scale; transforms become deltaᵏ (k truncated
    /// to an integer ≥ 0); other kinds are returned unchanged for k ≥ 1 and nil for k < 1.
    package static func scaled(_ delta: AnimatableValue, by k: Double) -> AnimatableValue? {
        if case .transform(let d) = delta { return .transform(TransformMath.power(d, k)) }
        if let v = combine(delta, k, delta, 0) { return v }
        return k >= 1 ? delta : nil
    }

    /// Σ wᵢ·vᵢ over up to four values of the same numeric kind (splines, accumulation); nil for
    /// transforms, Bools, opaque values, mismatched kinds or lengths. Allocation-free for the
    /// inline kinds.
    package static func combine(_ a: AnimatableValue, _ wa: Double, _ b: AnimatableValue, _ wb: Double,
                                _ c: AnimatableValue? = nil, _ wc: Double = 0,
                                _ d: AnimatableValue? = nil, _ wd: Double = 0) -> AnimatableValue? {
        // Absent terms repeat `a` with weight 0; `term` skips zero weights so an infinite
        // component does not turn into NaN through ∞·0.
        let c = c ?? a, d = d ?? a
        switch (a, b, c, d) {
        case (.scalar(let p), .scalar(let q), .scalar(let r), .scalar(let s)):
            return .scalar(term(p, wa) + term(q, wb) + term(r, wc) + term(s, wd))
        case (.point(let p), .point(let q), .point(let r), .point(let s)):
            return .point(CGPoint(x: Self.sum(p.x, wa, q.x, wb, r.x, wc, s.x, wd),
                                  y: Self.sum(p.y, wa, q.y, wb, r.y, wc, s.y, wd)))
        case (.size(let p), .size(let q), .size(let r), .size(let s)):
            return .size(CGSize(width: Self.sum(p.width, wa, q.width, wb, r.width, wc, s.width, wd),
                                height: Self.sum(p.height, wa, q.height, wb, r.height, wc, s.height, wd)))
        case (.rect(let p), .rect(let q), .rect(let r), .rect(let s)):
            return .rect(CGRect(x: Self.sum(p.origin.x, wa, q.origin.x, wb, r.origin.x, wc, s.origin.x, wd),
                                y: Self.sum(p.origin.y, wa, q.origin.y, wb, r.origin.y, wc, s.origin.y, wd),
                                width: Self.sum(p.size.width, wa, q.size.width, wb, r.size.width, wc, s.size.width, wd),
                                height: Self.sum(p.size.height, wa, q.size.height, wb, r.size.height, wc, s.size.height, wd)))
        case (.color(let p), .color(let q), .color(let r), .color(let s)):
            return .color(RGBAColor.combine(p, wa, q, wb, r, wc, s, wd))
        case (.scalars(let p), .scalars(let q), .scalars(let r), .scalars(let s))
            where p.count == q.count && p.count == r.count && p.count == s.count:
            return .scalars(p.indices.map { p[$0] * wa + q[$0] * wb + r[$0] * wc + s[$0] * wd })
        case (.colors(let p), .colors(let q), .colors(let r), .colors(let s))
            where p.count == q.count && p.count == r.count && p.count == s.count:
            return .colors(p.indices.map { RGBAColor.combine(p[$0], wa, q[$0], wb, r[$0], wc, s[$0], wd) })
        case (.path(let p), .path(let q), .path(let r), .path(let s)):
            return PathValue.combine([(p, wa), (q, wb), (r, wc), (s, wd)]).map { .path($0) }
        default:
            return nil
        }
    }

    @inline(__always) private static func sum(_ p: CGFloat, _ wp: Double, _ q: CGFloat, _ wq: Double,
                                              _ r: CGFloat, _ wr: Double, _ s: CGFloat, _ ws: Double) -> CGFloat {
        CGFloat(term(Double(p), wp) + term(Double(q), wq) + term(Double(r), wr) + term(Double(s), ws))
    }

    @inline(__always) private static func term(_ v: Double, _ w: Double) -> Double { w == 0 ? 0 : v * w }

    /// Distance for paced keyframes: Euclidean over the components of numeric kinds (rects over
    /// origin and size, colours over RGBA, arrays over elements), Frobenius for transforms, path
    /// per `PathValue.distance`; 0 for equal and 1 for unequal discrete values or mismatched kinds.
    package static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        switch (a, b) {
        case (.scalar(let p), .scalar(let q)): return abs(q - p)
        case (.point(let p), .point(let q)): return hypot(Double(q.x - p.x), Double(q.y - p.y))
        case (.size(let p), .size(let q)): return hypot(Double(q.width - p.width), Double(q.height - p.height))
        case (.rect(let p), .rect(let q)):
            let dx = Double(q.origin.x - p.origin.x), dy = Double(q.origin.y - p.origin.y)
            let dw = Double(q.size.width - p.size.width), dh = Double(q.size.height - p.size.height)
            return (dx * dx + dy * dy + dw * dw + dh * dh).squareRoot()
        case (.transform(let p), .transform(let q)): return TransformMath.distance(p, q)
        case (.color(let p), .color(let q)): return RGBAColor.distance(p, q)
        case (.scalars(let p), .scalars(let q)) where p.count == q.count:
            return zip(p, q).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }.squareRoot()
        case (.colors(let p), .colors(let q)) where p.count == q.count:
            return zip(p, q).reduce(0) { let d = RGBAColor.distance($1.0, $1.1); return $0 + d * d }.squareRoot()
        case (.path(let p), .path(let q)): return PathValue.distance(p, q)
        default: return a == b ? 0 : 1
        }
    }
}

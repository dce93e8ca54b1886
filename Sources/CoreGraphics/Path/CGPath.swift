// CGPath: an immutable sequence of move/line/quad/cubic/close elements in path units.
//
// A class, as on Apple's platforms (a CF type there); CGMutablePath is its mutable subclass.
// Immutable instances may be shared across threads; a CGMutablePath must not be mutated while
// another thread reads it (the same rule as Core Graphics), hence `@unchecked Sendable`.
//
// Bad input policy for the whole folder: an element whose coordinates would be NaN or infinite
// (from the arguments or from a transform) is not stored — the call leaves the path unchanged.
// So every stored coordinate is finite, and every query and conversion below can rely on it.

/// An immutable path, Apple's CGPath: subpaths of lines and Bézier curves with every stored coordinate finite.
public class CGPath: @unchecked Sendable {
    package var storage: PathStorage

    package init(storage: PathStorage) {
        self.storage = storage
    }

    // MARK: Creating copies

    /// An immutable copy (Apple returns nil only on allocation failure; we never do).
    public func copy() -> CGPath? {
        CGPath(storage: storage)
    }

    /// An immutable copy with every point mapped through `transform` (nil pointer: identity).
    /// Returns nil when the transform would make a coordinate non-finite.
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee else { return CGPath(storage: storage) }
        return storage.transformed(by: t).map { CGPath(storage: $0) }
    }

    /// A mutable copy.
    public func mutableCopy() -> CGMutablePath? {
        CGMutablePath(storage: storage)
    }

    /// A mutable copy with every point mapped through `transform`; nil as for `copy(using:)`.
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        guard let t = transform?.pointee else { return CGMutablePath(storage: storage) }
        return storage.transformed(by: t).map { CGMutablePath(storage: $0) }
    }

    /// Swift-friendly form of `copy(using:)`: the path mapped through `transform`. A transform
    /// that would produce non-finite coordinates returns an unchanged copy.
    package func copy(applying transform: CGAffineTransform) -> CGPath {
        CGPath(storage: storage.transformed(by: transform) ?? storage)
    }

    // MARK: Simple queries

    /// True when the path has no elements.
    public var isEmpty: Bool { storage.isEmpty }

    /// The end point of the last element (the subpath's first point after a close); `.zero`
    /// for an empty path, as `CGPathGetCurrentPoint` documents.
    public var currentPoint: CGPoint { storage.currentPoint ?? .zero }

    // MARK: Iteration

    /// Calls `block` once per element, in order. The element's `points` pointer is valid only
    /// during the call.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        withUnsafeTemporaryAllocation(of: CGPoint.self, capacity: 3) { scratch in
            guard let base = scratch.baseAddress else { return }
            base.initialize(repeating: .zero, count: 3)
            storage.forEachRaw { verb, pts in
                var j = 0
                for p in pts { base[j] = p; j += 1 }
                var element = CGPathElement(type: verb.elementType, points: base)
                withUnsafePointer(to: &element) { block($0) }
            }
        }
    }

    /// The C-callback form of iteration (`CGPathApply`).
    public func apply(info: UnsafeMutableRawPointer?, function: CGPathApplierFunction) {
        applyWithBlock { function(info, $0) }
    }

    /// The elements as Swift values.
    package var elements: [PathElement] {
        var out: [PathElement] = []
        out.reserveCapacity(storage.verbs.count)
        forEachElement { out.append($0) }
        return out
    }

    /// Calls `body` with each element as a Swift value, without building an array.
    package func forEachElement(_ body: (PathElement) -> Void) {
        storage.forEachRaw { verb, p in
            let i = p.startIndex
            switch verb {
            case .move: body(.move(to: p[i]))
            case .line: body(.line(to: p[i]))
            case .quad: body(.quadCurve(to: p[i + 1], control: p[i]))
            case .cubic: body(.curve(to: p[i + 2], control1: p[i], control2: p[i + 1]))
            case .close: body(.closeSubpath)
            }
        }
    }
}

extension PathVerb {
    var elementType: CGPathElementType {
        switch self {
        case .move: return .moveToPoint
        case .line: return .addLineToPoint
        case .quad: return .addQuadCurveToPoint
        case .cubic: return .addCurveToPoint
        case .close: return .closeSubpath
        }
    }
}

// MARK: - Equality

extension CGPath: Equatable, Hashable {
    /// Element-wise equality with exact coordinates, as `CGPathEqualToPath` / `CFEqual`: a
    /// CGMutablePath equals a CGPath with the same elements.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs === rhs || lhs.storage.sameElements(as: rhs.storage)
    }

    /// Hashes the elements, consistent with `==` (equal elements and points).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.verbs.count)
        for v in storage.verbs { hasher.combine(v.rawValue) }
        for p in storage.points { hasher.combine(p.x); hasher.combine(p.y) }
    }
}

extension CGPath: CustomStringConvertible {
    /// The elements, for debugging.
    public var description: String {
        var parts: [String] = []
        forEachElement { e in
            switch e {
            case .move(let p): parts.append("moveto (\(p.x), \(p.y))")
            case .line(let p): parts.append("lineto (\(p.x), \(p.y))")
            case .quadCurve(let p, let c): parts.append("quadto (\(c.x), \(c.y)) (\(p.x), \(p.y))")
            case .curve(let p, let c1, let c2):
                parts.append("curveto (\(c1.x), \(c1.y)) (\(c2.x), \(c2.y)) (\(p.x), \(p.y))")
            case .closeSubpath: parts.append("closepath")
            }
        }
        return "CGPath(" + parts.joined(separator: "; ") + ")"
    }
}

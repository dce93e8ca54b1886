// The compact element store behind CGPath: one byte per element plus a flat point array.
//
// Invariants (hold after every mutating call returns):
// - every stored coordinate is finite (calls that would store NaN or ±infinity are ignored);
// - `points.count == verbs.map(\.pointCount).sum()`;
// - `currentPoint` is nil exactly when no element has been stored; after a close it is the
//   closed subpath's first point, as `CGPathGetCurrentPoint` reports.

/// The kind of a stored element (the storage's own, smaller, copy of `CGPathElementType`).
package enum PathVerb: UInt8, Sendable {
    case move, line, quad, cubic, close

    /// How many points the element stores (control points first, end point last).
    @inlinable package var pointCount: Int {
        switch self {
        case .move, .line: return 1
        case .quad: return 2
        case .cubic: return 3
        case .close: return 0
        }
    }
}

extension CGPoint {
    @inlinable var isFinitePoint: Bool { x.isFinite && y.isFinite }
}

extension CGAffineTransform {
    @inlinable var isFiniteTransform: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }
}

package struct PathStorage: Sendable {
    package private(set) var verbs: [PathVerb] = []
    package private(set) var points: [CGPoint] = []
    /// The first point of the current (or last closed) subpath.
    package private(set) var subpathStart: CGPoint = .zero
    /// The end of the last element; nil for an empty path.
    package private(set) var currentPoint: CGPoint?

    package init() {}

    package var isEmpty: Bool { verbs.isEmpty }

    // MARK: Raw appends (callers have checked finiteness and the current point)

    private mutating func rawMove(_ p: CGPoint) {
        verbs.append(.move); points.append(p)
        subpathStart = p; currentPoint = p
    }

    // MARK: Checked appends — the only way elements enter a path

    /// Starts a subpath at `p`. Ignored when `p` is not finite.
    package mutating func move(to p: CGPoint) {
        guard p.isFinitePoint else { return }
        rawMove(p)
    }

    /// A segment from the current point. Ignored without a current point (Apple logs
    /// "no current point" and drops it too) or when `p` is not finite.
    package mutating func line(to p: CGPoint) {
        guard currentPoint != nil, p.isFinitePoint else { return }
        verbs.append(.line); points.append(p)
        currentPoint = p
    }

    package mutating func quad(to p: CGPoint, control c: CGPoint) {
        guard currentPoint != nil, p.isFinitePoint, c.isFinitePoint else { return }
        verbs.append(.quad); points.append(c); points.append(p)
        currentPoint = p
    }

    package mutating func cubic(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) {
        guard currentPoint != nil, p.isFinitePoint, c1.isFinitePoint, c2.isFinitePoint else { return }
        verbs.append(.cubic); points.append(c1); points.append(c2); points.append(p)
        currentPoint = p
    }

    /// Closes the current subpath. Ignored on an empty path and directly after another close
    /// (there is no open subpath to close).
    package mutating func close() {
        guard let last = verbs.last, last != .close else { return }
        verbs.append(.close)
        currentPoint = subpathStart
    }

    /// Appends every element of `other`, mapping its points through `t`. Elements that would
    /// become non-finite make the whole call a no-op.
    package mutating func append(_ other: PathStorage, transform t: CGAffineTransform) {
        guard !other.isEmpty else { return }
        let mapped: [CGPoint]
        if t == .identity {
            mapped = other.points
        } else {
            mapped = other.points.map { $0.applying(t) }
            guard mapped.allSatisfy(\.isFinitePoint) else { return }
        }
        var i = 0
        for verb in other.verbs {
            switch verb {
            case .move: rawMove(mapped[i])
            case .line:
                // A path that starts with a line (possible only after a close) continues from
                // our own current point, exactly as replaying its elements would.
                if currentPoint == nil { rawMove(mapped[i]) } else { line(to: mapped[i]) }
            case .quad:
                if currentPoint == nil { rawMove(mapped[i + 1]) } else { quad(to: mapped[i + 1], control: mapped[i]) }
            case .cubic:
                if currentPoint == nil {
                    rawMove(mapped[i + 2])
                } else {
                    cubic(to: mapped[i + 2], control1: mapped[i], control2: mapped[i + 1])
                }
            case .close: close()
            }
            i += verb.pointCount
        }
    }

    /// The storage with every point mapped through `t`, or nil if a point would not be finite.
    package func transformed(by t: CGAffineTransform) -> PathStorage? {
        if t == .identity { return self }
        guard t.isFiniteTransform else { return nil }
        var copy = self
        for i in copy.points.indices {
            let p = copy.points[i].applying(t)
            guard p.isFinitePoint else { return nil }
            copy.points[i] = p
        }
        copy.subpathStart = subpathStart.applying(t)
        copy.currentPoint = currentPoint?.applying(t)
        return copy
    }

    /// Element-wise equality (the derived current-point state follows from the elements).
    package func sameElements(as other: PathStorage) -> Bool {
        verbs == other.verbs && points == other.points
    }

    // MARK: Iteration

    /// Calls `body` for each element with its points (control points first, end point last).
    /// `body` receives a buffer slice valid only during the call.
    package func forEachRaw(_ body: (PathVerb, ArraySlice<CGPoint>) -> Void) {
        var i = 0
        for verb in verbs {
            let n = verb.pointCount
            body(verb, points[i ..< i + n])
            i += n
        }
    }
}

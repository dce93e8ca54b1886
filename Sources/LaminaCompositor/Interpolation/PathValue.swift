import CoreGraphics

/// A minimal animatable path (CAShapeLayer.path, shadowPath): verbs plus their points, in the
/// layer's coordinate space (points). Conversion to and from CGPath belongs to the CoreGraphics
/// side and comes later.
///
/// Two paths interpolate point-wise when their structure matches (same verbs, same point count,
/// hence the same number of points per verb); otherwise the animation switches discretely at the
/// halfway point, which is what Core Animation does with mismatched shape-layer paths (INF).
package struct PathValue: Sendable, Hashable {
    package enum Verb: UInt8, Sendable, Hashable {
        case move, line, quadCurve, cubicCurve, close

        /// Points consumed by this verb: move/line 1, quad 2 (control, end), cubic 3
        /// (control1, control2, end), close 0.
        package var pointCount: Int {
            switch self {
            case .move, .line: return 1
            case .quadCurve: return 2
            case .cubicCurve: return 3
            case .close: return 0
            }
        }
    }

    package var verbs: [Verb]
    package var points: [CGPoint]

    package init(verbs: [Verb] = [], points: [CGPoint] = []) {
        self.verbs = verbs
        self.points = points
    }

    /// True when the point count matches what the verbs consume.
    package var isWellFormed: Bool {
        verbs.reduce(0) { $0 + $1.pointCount } == points.count
    }

    /// Whether two paths can be interpolated point-wise.
    package func hasSameStructure(as other: PathValue) -> Bool {
        verbs == other.verbs && points.count == other.points.count
    }

    /// Point-wise a + (b − a)·t when the structures match, else a for t < 0.5 and b from 0.5 on.
    package static func lerp(_ a: PathValue, _ b: PathValue, _ t: Double) -> PathValue {
        guard a.hasSameStructure(as: b) else { return t < 0.5 ? a : b }
        var result = a
        let tt = CGFloat(t)
        for i in result.points.indices {
            let p = a.points[i], q = b.points[i]
            result.points[i] = CGPoint(x: p.x + (q.x - p.x) * tt, y: p.y + (q.y - p.y) * tt)
        }
        return result
    }

    /// Point-wise Σ wᵢ·pathᵢ over paths of matching structure; nil if any structure differs.
    package static func combine(_ terms: [(PathValue, Double)]) -> PathValue? {
        guard var result = terms.first?.0 else { return nil }
        for (path, _) in terms where !path.hasSameStructure(as: result) { return nil }
        for i in result.points.indices {
            var x = 0.0, y = 0.0
            for (path, w) in terms {
                x += Double(path.points[i].x) * w
                y += Double(path.points[i].y) * w
            }
            result.points[i] = CGPoint(x: x, y: y)
        }
        return result
    }

    /// Root of the summed squared point distances for matching structures, else 1 (a discrete
    /// step counts as one unit for paced keyframes).
    package static func distance(_ a: PathValue, _ b: PathValue) -> Double {
        guard a.hasSameStructure(as: b) else { return a == b ? 0 : 1 }
        var sum = 0.0
        for i in a.points.indices {
            let dx = Double(a.points[i].x - b.points[i].x), dy = Double(a.points[i].y - b.points[i].y)
            sum += dx * dx + dy * dy
        }
        return sum.squareRoot()
    }
}

import CoreGraphics
import Foundation

/// CAKeyframeAnimation.rotationMode (raw values are Apple's strings).
package enum RotationMode: String, Sendable, Hashable {
    /// Rotate to follow the path tangent.
    case auto
    /// Tangent + 180°.
    case autoReverse
}

/// A keyframe path (CAKeyframeAnimation.path) as contiguous cubic Bézier segments, in the
/// animated property's space (points, usually the superlayer's coordinates for `position`).
/// Lines are cubics with control points at 1/3 and 2/3. Every segment end point is a keyframe
/// (n segments → n + 1 keyframes), as Apple documents for every non-move-to point (§9.2.1).
/// Conversion from CGPath (which may contain several subpaths) comes later with CGPath.
///
/// An arc-length table (16 samples per segment) is built once at initialisation for the paced
/// modes; evaluation allocates nothing.
package struct KeyframePath: Sendable, Hashable {
    package struct Segment: Sendable, Hashable {
        package var start: CGPoint, control1: CGPoint, control2: CGPoint, end: CGPoint

        package init(start: CGPoint, control1: CGPoint, control2: CGPoint, end: CGPoint) {
            self.start = start; self.control1 = control1; self.control2 = control2; self.end = end
        }

        /// A straight line as a cubic.
        package static func line(_ a: CGPoint, _ b: CGPoint) -> Segment {
            Segment(start: a, control1: CGPoint(x: a.x + (b.x - a.x) / 3, y: a.y + (b.y - a.y) / 3),
                    control2: CGPoint(x: a.x + (b.x - a.x) * 2 / 3, y: a.y + (b.y - a.y) * 2 / 3), end: b)
        }

        package func point(at s: Double) -> CGPoint {
            let u = 1 - s
            let a = u * u * u, b = 3 * u * u * s, c = 3 * u * s * s, d = s * s * s
            return CGPoint(x: a * Double(start.x) + b * Double(control1.x) + c * Double(control2.x) + d * Double(end.x),
                           y: a * Double(start.y) + b * Double(control1.y) + c * Double(control2.y) + d * Double(end.y))
        }

        /// dB/ds.
        package func derivative(at s: Double) -> (dx: Double, dy: Double) {
            let u = 1 - s
            let a = 3 * u * u, b = 6 * u * s, c = 3 * s * s
            let dx = a * Double(control1.x - start.x) + b * Double(control2.x - control1.x) + c * Double(end.x - control2.x)
            let dy = a * Double(control1.y - start.y) + b * Double(control2.y - control1.y) + c * Double(end.y - control2.y)
            return (dx, dy)
        }
    }

    package let segments: [Segment]
    private static let samplesPerSegment = 16
    /// Cumulative polyline length at each sample, `segments.count · 16 + 1` entries.
    private let arcTable: [Double]

    package init(segments: [Segment]) {
        self.segments = segments
        var table = [0.0]
        table.reserveCapacity(segments.count * Self.samplesPerSegment + 1)
        var total = 0.0
        for seg in segments {
            var previous = seg.start
            for k in 1...Self.samplesPerSegment {
                let p = seg.point(at: Double(k) / Double(Self.samplesPerSegment))
                let d = hypot(Double(p.x - previous.x), Double(p.y - previous.y))
                total += d.isFinite ? d : 0
                table.append(total)
                previous = p
            }
        }
        arcTable = table
    }

    /// A polyline through the points (each pair a line segment).
    package init(polyline points: [CGPoint]) {
        self.init(segments: points.count < 2 ? [] : (0..<(points.count - 1)).map { Segment.line(points[$0], points[$0 + 1]) })
    }

    /// Approximate total length (points).
    package var length: Double { arcTable.last ?? 0 }

    /// Position and tangent angle (radians, atan2(dy, dx) in the path's space; +π for
    /// `autoReverse`; nil without a rotation mode) at overall progress p ∈ [0, 1].
    ///
    /// `keyTimes` should come from `resolvedKeyTimes` (an array of the wrong length means even
    /// spacing; ignored by paced modes); segment i uses `timingFunctions[i]` when present. `linear` and `cubic` both follow the path's own curves between
    /// keyframes (the path already is the spline); `discrete` jumps between segment end points;
    /// `paced`/`cubicPaced` move at constant speed along the arc length.
    /// nil when the path has no segments.
    package func sample(at progress: Double, mode: CalculationMode = .linear, keyTimes: [Double] = [],
                        timingFunctions: [TimingCurve] = [], rotationMode: RotationMode? = nil)
        -> (position: CGPoint, angle: Double?)? {
        guard let firstSegment = segments.first else { return nil }
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        var index = 0, s = 0.0
        if mode.isPaced && length > 0 {
            (index, s) = locate(arcLength: p * length)
        } else if mode == .discrete {
            // Keyframe i holds from keyTimes[i]; even spacing is n + 1 spans for n + 1 keyframes.
            var i = segments.count
            if keyTimes.count == segments.count + 2 {
                while i > 0 && p < keyTimes[i] { i -= 1 }
            } else {
                i = min(Int(p * Double(segments.count + 1)), segments.count)
            }
            let point = i == 0 ? firstSegment.start : segments[i - 1].end
            let seg = segments[max(i - 1, 0)]
            return (point, rotationMode.map { angle(of: seg, at: i == 0 ? 0 : 1, mode: $0) })
        } else {
            var i: Int, f: Double
            if keyTimes.count == segments.count + 1 {
                (i, f) = KeyTimes.segment(of: p, in: keyTimes)
            } else {  // even spacing, computed without allocating
                let scaled = p * Double(segments.count)
                i = min(Int(scaled), segments.count - 1)
                f = scaled - Double(i)
            }
            index = i
            s = i < timingFunctions.count ? timingFunctions[i].progress(at: f) : f
        }
        let seg = segments[index]
        return (seg.point(at: s), rotationMode.map { angle(of: seg, at: s, mode: $0) })
    }

    /// Validated key times for this path's n + 1 keyframes (see `KeyTimes.resolve`). Store the
    /// result once; `sample` uses even spacing for any array of the wrong length (empty too).
    package func resolvedKeyTimes(_ given: [Double]?, mode: CalculationMode) -> [Double] {
        KeyTimes.resolve(given, valueCount: segments.count + 1, mode: mode)
    }

    private func locate(arcLength target: Double) -> (Int, Double) {
        var lo = 0, hi = arcTable.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if arcTable[mid] < target { lo = mid } else { hi = mid }
        }
        let span = arcTable[hi] - arcTable[lo]
        let f = span > 0 ? (target - arcTable[lo]) / span : 0
        let n = Self.samplesPerSegment
        let segment = min(lo / n, segments.count - 1)
        let s = (Double(lo - segment * n) + f) / Double(n)
        return (segment, min(max(s, 0), 1))
    }

    /// Tangent direction; degenerate derivatives (coincident control points) fall back to the
    /// chord, then to 0.
    private func angle(of seg: Segment, at s: Double, mode: RotationMode) -> Double {
        var (dx, dy) = seg.derivative(at: s)
        if abs(dx) < 1e-12 && abs(dy) < 1e-12 {
            dx = Double(seg.end.x - seg.start.x); dy = Double(seg.end.y - seg.start.y)
        }
        let a = (dx == 0 && dy == 0) ? 0 : atan2(dy, dx)
        return mode == .autoReverse ? a + Double.pi : a
    }
}

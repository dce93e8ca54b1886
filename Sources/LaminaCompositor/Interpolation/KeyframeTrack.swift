/// CAKeyframeAnimation's calculation modes (raw values are Apple's strings).
package enum CalculationMode: String, Sendable, Hashable, CaseIterable {
    case linear, discrete, paced, cubic, cubicPaced

    /// Paced modes compute their own key times and ignore the given ones and the per-segment
    /// timing functions (reference §9.2.4).
    package var isPaced: Bool { self == .paced || self == .cubicPaced }
}

/// Key-time validation shared by value and path keyframes (reference §9.2.2).
package enum KeyTimes {
    /// The key times to use for `valueCount` keyframes in `mode`.
    ///
    /// Given key times are used when they are valid: all finite, in [0, 1], non-decreasing,
    /// first 0, last 1, and exactly `valueCount` entries (`valueCount + 1` for discrete). Anything
    /// else is ignored as Apple documents ("invalid key times are ignored") and replaced by even
    /// spacing: i/(n−1) for n values, or i/n (n + 1 entries) for discrete, where each value then
    /// holds for an equal span (reference §11.7, the nil-keyTimes discrete row is UNCERTAIN).
    package static func resolve(_ given: [Double]?, valueCount n: Int, mode: CalculationMode) -> [Double] {
        let needed = mode == .discrete ? n + 1 : n
        if let given, given.count == needed, isValid(given) { return given }
        if needed <= 1 { return [0] }
        let spans = Double(needed - 1)
        return (0..<needed).map { Double($0) / spans }
    }

    private static func isValid(_ k: [Double]) -> Bool {
        guard let first = k.first, let last = k.last, first == 0, last == 1 else { return false }
        var previous = 0.0
        for v in k {
            guard v.isFinite, v >= previous, v <= 1 else { return false }
            previous = v
        }
        return true
    }

    /// Paced key times: cumulative distance / total distance; even spacing when the total is 0
    /// or not finite.
    package static func paced(distances: [Double]) -> [Double] {
        let total = distances.reduce(0, +)
        guard total > 0, total.isFinite else {
            return resolve(nil, valueCount: distances.count + 1, mode: .linear)
        }
        var out = [0.0]
        var sum = 0.0
        for d in distances {
            sum += d
            out.append(min(sum / total, 1))
        }
        out[out.count - 1] = 1
        return out
    }

    /// The segment i (keyTimes[i] ≤ p ≤ keyTimes[i+1]) containing p and the fraction within it.
    /// A zero-length segment gives fraction 1 (its later value wins). Requires ≥ 2 key times.
    @inlinable package static func segment(of p: Double, in k: [Double]) -> (index: Int, fraction: Double) {
        let last = k.count - 2
        var i = 0
        while i < last && p > k[i + 1] { i += 1 }
        let span = k[i + 1] - k[i]
        let f = span > 0 ? (p - k[i]) / span : 1
        return (i, min(max(f, 0), 1))
    }
}

/// The value side of a CAKeyframeAnimation, validated once when the animation is stored
/// (reference §9.2): values, resolved key times, per-segment timing functions and the
/// Kochanek–Bartels parameters. `value(at:)` allocates nothing for inline value kinds.
package struct KeyframeTrack: Sendable, Hashable {
    package let values: [AnimatableValue]
    package let mode: CalculationMode
    /// Resolved key times (n entries; n + 1 for discrete).
    package let keyTimes: [Double]
    /// Segment i uses `timingFunctions[i]` when present (linear otherwise). Empty for paced modes.
    package let timingFunctions: [TimingCurve]
    /// Per-keyframe tension, continuity and bias, each clamped to [−1, 1], missing entries 0.
    package let tension: [Double]
    package let continuity: [Double]
    package let bias: [Double]
    /// Per-segment interpolators when every value is a transform, so linear transform keyframes
    /// do not decompose two matrices per frame.
    private let transformSegments: [TransformInterpolator]?

    package init(values: [AnimatableValue], keyTimes: [Double]? = nil, mode: CalculationMode = .linear,
                 timingFunctions: [TimingCurve] = [], tension: [Double] = [], continuity: [Double] = [],
                 bias: [Double] = []) {
        self.values = values
        self.mode = mode
        let n = values.count
        if mode.isPaced {
            let d = n < 2 ? [] : (0..<(n - 1)).map { AnimatableValue.distance(values[$0], values[$0 + 1]) }
            self.keyTimes = n < 2 ? [0] : KeyTimes.paced(distances: d)
            self.timingFunctions = []
        } else {
            self.keyTimes = KeyTimes.resolve(keyTimes, valueCount: n, mode: mode)
            self.timingFunctions = timingFunctions
        }
        func pad(_ a: [Double]) -> [Double] {
            (0..<n).map { $0 < a.count && a[$0].isFinite ? min(max(a[$0], -1), 1) : 0 }
        }
        self.tension = pad(tension)
        self.continuity = pad(continuity)
        self.bias = pad(bias)
        var segments: [TransformInterpolator] = []
        if n >= 2 {
            for i in 0..<(n - 1) {
                guard case .transform(let a) = values[i], case .transform(let b) = values[i + 1] else {
                    segments = []
                    break
                }
                segments.append(TransformInterpolator(start: a, end: b))
            }
        }
        self.transformSegments = segments.isEmpty ? nil : segments
    }

    /// The first and last values (for cumulative animations: end − start). nil when empty.
    package var first: AnimatableValue? { values.first }
    package var last: AnimatableValue? { values.last }

    /// The value at overall progress p (after the animation's own timing function). p is clamped
    /// to [0, 1]; NaN counts as 0. nil when there are no values.
    package func value(at progress: Double) -> AnimatableValue? {
        let n = values.count
        guard n > 0 else { return nil }
        if n == 1 { return values[0] }
        let p = progress.isNaN ? 0 : min(max(progress, 0), 1)
        if mode == .discrete {
            var i = n - 1
            while i > 0 && p < keyTimes[i] { i -= 1 }
            return values[i]
        }
        let (i, f) = KeyTimes.segment(of: p, in: keyTimes)
        let u = i < timingFunctions.count ? timingFunctions[i].progress(at: f) : f
        if mode == .cubic || mode == .cubicPaced, let v = spline(segment: i, u: u) { return v }
        if let transformSegments { return .transform(transformSegments[i].value(at: u)) }
        return AnimatableValue.lerp(values[i], values[i + 1], u)
    }

    /// Kochanek–Bartels Hermite segment i → i+1 at u (reference §9.2.5). Tangents use uniform
    /// parameterisation per segment; at the ends the missing neighbour is reflected
    /// (P₋₁ = 2P₀ − P₁, Pₙ = 2Pₙ₋₁ − Pₙ₋₂), i.e. one-sided differences (reference §12 #14).
    /// nil for kinds without linear combinations (transforms, Bools, opaque values).
    private func spline(segment i: Int, u: Double) -> AnimatableValue? {
        let n = values.count
        let u2 = u * u, u3 = u2 * u
        let h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u
        let h01 = -2 * u3 + 3 * u2, h11 = u3 - u2
        let t0 = tension[i], c0 = continuity[i], b0 = bias[i]
        let t1 = tension[i + 1], c1 = continuity[i + 1], b1 = bias[i + 1]
        let a0 = (1 - t0) * (1 + b0) * (1 + c0) / 2, bb0 = (1 - t0) * (1 - b0) * (1 - c0) / 2
        let cc1 = (1 - t1) * (1 + b1) * (1 - c1) / 2, d1 = (1 - t1) * (1 - b1) * (1 + c1) / 2
        var wPrev = -h10 * a0
        var wI = h00 + h10 * (a0 - bb0) - h11 * cc1
        var wJ = h01 + h10 * bb0 + h11 * (cc1 - d1)
        var wNext = h11 * d1
        if i == 0 {  // P₋₁ = 2P₀ − P₁
            wI += 2 * wPrev; wJ -= wPrev; wPrev = 0
        }
        if i + 2 >= n {  // Pₙ = 2Pₙ₋₁ − Pₙ₋₂
            wJ += 2 * wNext; wI -= wNext; wNext = 0
        }
        let prev = i > 0 ? values[i - 1] : values[i]
        let next = i + 2 < n ? values[i + 2] : values[i + 1]
        return AnimatableValue.combine(values[i], wI, values[i + 1], wJ, prev, wPrev, next, wNext)
    }
}

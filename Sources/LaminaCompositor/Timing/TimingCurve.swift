// Timing math overview
// --------------------
// Everything under Timing/ and Interpolation/ is the pure math of Core Animation: plain value
// types, no CALayer, no CAAnimation, no clock. Time is always an argument, in seconds.
//
//   TimingCurve        cubic Bézier timing functions (CAMediaTimingFunction's math)
//   MediaTiming        one node of the hierarchical time chain (CAMediaTiming's math), stage 1
//                      (parent → active local time) and stage 2 (→ basic local time, repeats, fill)
//   TimingChain        a chain of nodes root-down: convertTime, pause/resume
//   SpringParameters   the damped harmonic oscillator of CASpringAnimation
//   AnimationSpec      a stored animation description and its evaluation at a parent time,
//                      plus `apply`, which merges it (sub-keys, groups) into a property value
//
// Interpolation/ holds what gets interpolated:
//
//   AnimatableValue    the value enum the render tree stores (scalar, point, size, rect,
//                      transform, colour, arrays, path, Bool, opaque) with lerp/add/distance
//   RGBAColor, PathValue               colour (straight alpha) and path payloads
//   DecomposedTransform, TransformMath CATransform3D interpolation by decomposition, 4×4 helpers
//   ValueFunction, KeyPathComponent    CAValueFunction matrices; "position.x"-style sub-keys
//   KeyframeTrack, KeyframePath        CAKeyframeAnimation values (all calculation modes) and paths
//
// Evaluation allocates nothing for scalar, point, size, rect, colour and transform values: the
// render tree can evaluate every animation every frame. The later CAAnimation /
// CAMediaTimingFunction classes in QuartzCore wrap these types.

/// A cubic Bézier timing function from (0,0) to (1,1) with control points c1 and c2: maps a
/// normalised input time fraction x ∈ [0,1] to an output progress y (reference §8).
///
/// `x(s) = 3(1−s)²s·c1x + 3(1−s)s²·c2x + s³` and likewise for y; evaluation solves x(s) = x for
/// the Bézier parameter s (Newton from s = x, bisection fallback, to 1e-12 on x) and returns
/// y(s). Control points are stored as `Double`; Apple's are `Float`, so a wrapper that rounds them
/// to Float differs by < 1e-6 in progress (reference §8.3).
///
/// Evaluation allocates nothing and runs in well under a microsecond (usually 2–4 Newton steps).
package struct TimingCurve: Sendable, Hashable {
    package var c1x: Double
    package var c1y: Double
    package var c2x: Double
    package var c2y: Double

    /// Non-finite coordinates would poison every evaluation, so they are replaced by the linear
    /// curve's (c1 = (0,0), c2 = (1,1)) — a documented result instead of NaN progress.
    package init(c1x: Double, c1y: Double, c2x: Double, c2y: Double) {
        self.c1x = c1x.isFinite ? c1x : 0
        self.c1y = c1y.isFinite ? c1y : 0
        self.c2x = c2x.isFinite ? c2x : 1
        self.c2y = c2y.isFinite ? c2y : 1
    }

    /// Apple's named curves (reference §8.2).
    package static let linear = TimingCurve(c1x: 0, c1y: 0, c2x: 1, c2y: 1)
    package static let easeIn = TimingCurve(c1x: 0.42, c1y: 0, c2x: 1, c2y: 1)
    package static let easeOut = TimingCurve(c1x: 0, c1y: 0, c2x: 0.58, c2y: 1)
    package static let easeInEaseOut = TimingCurve(c1x: 0.42, c1y: 0, c2x: 0.58, c2y: 1)
    /// The curve of Core Animation's implicit animations.
    package static let `default` = TimingCurve(c1x: 0.25, c1y: 0.1, c2x: 0.25, c2y: 1)

    /// The curve for one of Apple's timing-function name strings ("linear", "easeIn", "easeOut",
    /// "easeInEaseOut", "default"); nil for any other string.
    package init?(named name: String) {
        switch name {
        case "linear": self = .linear
        case "easeIn": self = .easeIn
        case "easeOut": self = .easeOut
        case "easeInEaseOut": self = .easeInEaseOut
        case "default": self = .default
        default: return nil
        }
    }

    /// `getControlPoint(at:)`: (0,0), c1, c2, (1,1) for indices 0…3. Apple leaves other indices
    /// undefined; here they are clamped into 0…3 so the call can never trap.
    package func controlPoint(at index: Int) -> (x: Double, y: Double) {
        switch min(max(index, 0), 3) {
        case 0: return (0, 0)
        case 1: return (c1x, c1y)
        case 2: return (c2x, c2y)
        default: return (1, 1)
        }
    }

    /// True when y(s) = x(s) for all s, so progress equals the input fraction.
    @inlinable package var isLinear: Bool { c1x == c1y && c2x == c2y }

    /// x coordinate at Bézier parameter s (Horner form of the cubic with P0 = 0, P3 = 1).
    @inlinable package func x(atParameter s: Double) -> Double {
        let c = 3 * c1x, b = 3 * (c2x - c1x) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// y coordinate (output progress) at Bézier parameter s.
    @inlinable package func y(atParameter s: Double) -> Double {
        let c = 3 * c1y, b = 3 * (c2y - c1y) - c, a = 1 - c - b
        return ((a * s + b) * s + c) * s
    }

    /// dx/ds at parameter s.
    @inlinable package func xDerivative(atParameter s: Double) -> Double {
        let c = 3 * c1x, b = 3 * (c2x - c1x) - c, a = 1 - c - b
        return (3 * a * s + 2 * b) * s + c
    }

    /// Solves x(s) = x for s ∈ [0,1] to |x(s) − x| < 1e-12 (or to the limit of bisection, 1e-15 in
    /// s, for curves whose x is flat). x outside [0,1] is clamped; NaN gives 0.
    package func parameter(forX x: Double) -> Double {
        guard x > 0 else { return 0 }  // also catches NaN
        guard x < 1 else { return 1 }
        let tolerance = 1e-12
        // Newton from s = x: x(s) is close to s for every named curve, so 2–4 steps suffice.
        var s = x
        for _ in 0..<8 {
            let err = self.x(atParameter: s) - x
            if abs(err) < tolerance { return s }
            let d = xDerivative(atParameter: s)
            if abs(d) < 1e-9 { break }
            let next = s - err / d
            if !(next >= 0 && next <= 1) { break }
            s = next
        }
        // Bisection: x(0) = 0 < x < 1 = x(1), so [0,1] brackets a root even for curves whose x
        // is not monotonic (control-point x outside [0,1]; Apple leaves those undefined).
        var lo = 0.0, hi = 1.0
        s = x
        for _ in 0..<200 {
            let err = self.x(atParameter: s) - x
            if abs(err) < tolerance { return s }
            if err > 0 { hi = s } else { lo = s }
            s = 0.5 * (lo + hi)
            if hi - lo < 1e-15 { break }
        }
        return s
    }

    /// Output progress for input fraction x (clamped to [0,1]; NaN → 0). Can lie outside [0,1]
    /// for overshooting curves (control-point y outside [0,1]).
    @inlinable
    package func progress(at x: Double) -> Double {
        if isLinear { return x.isNaN ? 0 : min(max(x, 0), 1) }
        return y(atParameter: parameter(forX: x))
    }
}

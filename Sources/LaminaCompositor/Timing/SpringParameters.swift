import Foundation

/// The damped harmonic oscillator behind CASpringAnimation (reference §9.3).
///
/// m·x″ + c·x′ + k·x = 0 for the remaining displacement x; expressed as normalised progress p
/// (0 at the start value, 1 at the target) with p(0) = 0 and p′(0) = `initialVelocity` (progress
/// per second; positive moves toward the target). Time is the animation's basic local time in
/// seconds: the physics does not depend on `duration`, which only cuts the animation off.
package struct SpringParameters: Sendable, Hashable {
    /// Mass (> 0; default 1).
    package var mass: Double
    /// Spring stiffness k (> 0; default 100).
    package var stiffness: Double
    /// Damping coefficient c (≥ 0; default 10).
    package var damping: Double
    /// Initial velocity in progress units per second (default 0).
    package var initialVelocity: Double
    /// When false (Apple's default), an overdamped spring (ζ > 1) is evaluated as critically
    /// damped with the same ω0 (reference §9.3.1, "treated as critical" — INF/UNCERTAIN).
    package var allowsOverdamping: Bool

    /// Out-of-range values are replaced by the defaults as Apple does (damping < 0 → 10,
    /// stiffness ≤ 0 → 100, mass ≤ 0 → 1; reference §9.3.1), and so are NaN/infinite ones;
    /// a non-finite velocity becomes 0.
    package init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10,
                 initialVelocity: Double = 0, allowsOverdamping: Bool = false) {
        self.mass = (mass > 0 && mass.isFinite) ? mass : 1
        self.stiffness = (stiffness > 0 && stiffness.isFinite) ? stiffness : 100
        self.damping = (damping >= 0 && damping.isFinite) ? damping : 10
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.allowsOverdamping = allowsOverdamping
    }

    /// `init(perceptualDuration:bounce:)` (reference §9.3.4): mass 1 (or the given mass),
    /// k = (2π/d)²·m, ζ = 1 − b for b ≥ 0 or 1/(1 + b) for b < 0, c = ζ·4π·m/d, overdamping
    /// allowed. A non-positive or non-finite duration gives the default spring; bounce is clamped
    /// to (−1, 1] (−1 would need infinite damping; b > 1 would need negative damping).
    /// Apple's initialiser also sets the animation's `duration = settlingDuration`; that belongs to
    /// the animation's `MediaTiming`, so the CASpringAnimation wrapper does it.
    package init(perceptualDuration d: Double, bounce: Double, mass: Double = 1) {
        guard d > 0, d.isFinite else {
            self.init(allowsOverdamping: true)
            return
        }
        let m = (mass > 0 && mass.isFinite) ? mass : 1
        let b = bounce.isNaN ? 0 : min(max(bounce, -0.999_999), 1)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let twoPiOverD = 2 * Double.pi / d
        self.init(mass: m, stiffness: twoPiOverD * twoPiOverD * m, damping: zeta * 4 * Double.pi * m / d,
                  initialVelocity: 0, allowsOverdamping: true)
    }

    /// Undamped angular frequency ω0 = √(k/m) (rad/s).
    package var angularFrequency: Double { (stiffness / mass).squareRoot() }
    /// Damping ratio ζ = c / (2√(k·m)).
    package var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// 2π√(m/k) (seconds).
    package var perceptualDuration: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }
    /// 1 − ζ for ζ ≤ 1, else 1/ζ − 1.
    package var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// ζ as evaluated: overdamped springs count as critical unless overdamping is allowed; ratios
    /// within 1e-9 of 1 count as critical (the overdamped and underdamped closed forms are
    /// ill-conditioned there).
    private var effectiveDampingRatio: Double {
        let zeta = dampingRatio
        if abs(zeta - 1) < 1e-9 { return 1 }
        if zeta > 1 && !allowsOverdamping { return 1 }
        return zeta
    }

    /// Normalised progress at time t (seconds; t ≤ 0 or NaN → 0). Overshoots 1 when underdamped.
    package func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w0 = angularFrequency
        let zeta = effectiveDampingRatio
        let v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        }
        if zeta == 1 {
            return 1 - exp(-w0 * t) * (1 + (w0 - v0) * t)
        }
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
        let a = (-v0 - r2) / (r1 - r2), b = 1 - a
        return 1 - (a * exp(r1 * t) + b * exp(r2 * t))
    }

    /// Estimated time until the spring is at rest (reference §9.3.3, Apple's decompiled method):
    /// threshold ε (progress units, floor 1e-6). Underdamped: the envelope bound
    /// `−ln(ε / (|A| + |B|)) / (ζω0)` with A = 1, B = (ζω0 − v0)/ωd; ζ = 0 never settles (infinity).
    /// Critically/over-damped: the first point of a 0.1 s grid after which the error stays below ε
    /// for more than 1 s (searched up to 1000 s; infinity if never). Divided by |speed|; speed 0
    /// gives `Double(Float.greatestFiniteMagnitude)` (FLT_MAX) as Apple does.
    package func settlingDuration(epsilon: Double = 0.001, speed: Double = 1) -> Double {
        let eps = max(epsilon.isNaN ? 0.001 : epsilon, 1e-6)
        guard speed != 0, !speed.isNaN else { return Double(Float.greatestFiniteMagnitude) }
        let w0 = angularFrequency
        let zeta = effectiveDampingRatio
        var t: Double
        if zeta < 1 {
            if zeta <= 0 { return .infinity }
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - initialVelocity) / wd
            t = max(-log(eps / (1 + abs(b))) / (zeta * w0), 0)
        } else {
            t = gridSettlingTime(epsilon: eps)
        }
        return t / abs(speed)
    }

    private func gridSettlingTime(epsilon eps: Double) -> Double {
        var bestT = -1.0, bestE = Double.infinity
        // Integer steps avoid drift from adding 0.1 ten thousand times.
        for step in 0..<10_000 {
            let t = Double(step) / 10
            let e = abs(1 - progress(at: t))
            if bestE >= eps {
                if e < bestE { bestT = t; bestE = e }
            } else if e >= eps {
                bestE = .infinity
            } else if t - bestT > 1.0 {
                return bestT
            }
        }
        return .infinity
    }
}

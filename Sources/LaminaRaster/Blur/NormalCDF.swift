import Foundation

/// Φ, the standard normal cumulative distribution function, for blur profiles.
///
/// Tabulated once from Foundation's `erf` (Φ(x) = ½·(1 + erf(x/√2))) at 1/256 steps over
/// [−8, 8] and linearly interpolated: the interpolation error is at most h²/8 · max|Φ''| =
/// (1/256)²/8 · 0.242 ≈ 4.7e-7 (the tests measure < 1e-6 against `erf`), i.e. 1/8000 of an
/// 8-bit level. Below −8 it is 0, above 8 it is 1 (true tails < 7e-16). NaN gives 0, so bad
/// geometry paints nothing rather than propagating NaN.
package enum NormalCDF {
    private static let lo = -8.0, hi = 8.0, stepsPerUnit = 256.0
    private static let table: [Double] = {
        let n = Int((hi - lo) * stepsPerUnit) + 2
        return (0..<n).map { i in
            let x = lo + Double(i) / stepsPerUnit
            return 0.5 * (1 + erf(x / 2.0.squareRoot()))
        }
    }()

    /// Φ(x) to within 1e-6.
    @inline(__always) package static func phi(_ x: Double) -> Double {
        guard x > lo else { return 0 } // also NaN
        guard x < hi else { return 1 }
        let f = (x - lo) * stepsPerUnit
        let i = Int(f)
        let t = f - Double(i)
        return table.withUnsafeBufferPointer { p in p[i] + (p[i + 1] - p[i]) * t }
    }

    /// Φ computed directly from `erf` (reference for tests; slower).
    package static func exact(_ x: Double) -> Double { 0.5 * (1 + erf(x / 2.0.squareRoot())) }
}

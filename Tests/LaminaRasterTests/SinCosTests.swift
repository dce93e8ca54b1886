import Foundation
import Testing
import _LaminaTestSupport
import LaminaRaster

/// `sinCos` gives exactly Foundation's `sin` and `cos` (the particle renderer relies on it to
/// keep its pixels): random angles over small and large ranges, and special values.
@Suite struct SinCosTests {
    @Test func equalsSinAndCos() {
        var rng = SplitMix64(61)
        var differing = 0
        for range in [1.0, 4, 7, 50, 1e3, 1e6, 1e300] {
            for _ in 0..<100_000 {
                let x = (rng.uniform() * 2 - 1) * range
                let r = sinCos(x)
                if r.sin != sin(x) || r.cos != cos(x) { differing += 1 }
            }
        }
        #expect(differing == 0)
        for x in [0.0, -0.0, .pi, -.pi / 2, 1e-300, .greatestFiniteMagnitude] {
            #expect(sinCos(x).sin == sin(x) && sinCos(x).cos == cos(x), "x = \(x)")
        }
        #expect(sinCos(.nan).sin.isNaN && sinCos(.infinity).cos.isNaN)
    }
}

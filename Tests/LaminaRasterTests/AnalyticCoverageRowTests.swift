import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// `Shape.Row` (what the rounded-rect fills use) against the per-pixel reference
/// `Shape.coverage(px:py:)`: the same doubles, so the same bytes, for every pixel of random
/// rounded rects — circular and elliptical corners, radii that must be fitted, fractional and
/// pixel-aligned edges — visited left to right (the fills' order) and right to left.
@Suite struct AnalyticCoverageRowTests {
    @Test func rowCoverageIsTheReferenceBitForBit() {
        var rng = SplitMix64(2026)
        func u() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        for k in 0..<400 {
            let x0 = u() * 20 - 5, y0 = u() * 20 - 5
            let w = k % 7 == 0 ? Double(Int(u() * 40) + 1) : u() * 60 + 0.3
            let h = k % 5 == 0 ? Double(Int(u() * 40) + 1) : u() * 60 + 0.3
            func radii() -> RoundedRect.Radii {
                switch k % 4 {
                case 0: return RoundedRect.Radii(12)
                case 1: return RoundedRect.Radii(u() * 30)
                case 2: return RoundedRect.Radii(rx: u() * 25, ry: u() * 25)
                default: return u() < 0.3 ? .zero : RoundedRect.Radii(u() * 80)
                }
            }
            let rr = RoundedRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h,
                                 topLeft: radii(), topRight: radii(), bottomRight: radii(), bottomLeft: radii())
            let shape = AnalyticCoverage.Shape(rr)
            let xs = Int(x0.rounded(.down)) - 1...Int((x0 + w).rounded(.up)) + 1
            AnalyticCoverage.Shape.withRowScratch { s1 in AnalyticCoverage.Shape.withRowScratch { s2 in
            for py in Int(y0.rounded(.down)) - 1...Int((y0 + h).rounded(.up)) + 1 {
                let forward = AnalyticCoverage.Shape.Row(shape, py: py, scratch: s1)
                let backward = AnalyticCoverage.Shape.Row(shape, py: py, scratch: s2)
                for px in xs {
                    let want = shape.coverage(px: px, py: py)
                    let got = forward.coverage(px: px)
                    #expect(got.bitPattern == want.bitPattern, "rect \(k) pixel (\(px), \(py)): \(got) vs \(want)")
                    if got.bitPattern != want.bitPattern { return }
                }
                for px in xs.reversed() {
                    let got = backward.coverage(px: px)
                    #expect(got.bitPattern == shape.coverage(px: px, py: py).bitPattern)
                }
            }
            } }
        }
    }
}

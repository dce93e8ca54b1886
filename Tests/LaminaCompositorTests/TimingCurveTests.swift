import Testing
@testable import LaminaCompositor

/// Reference §11.1 gives progress and Bézier parameter to 6 decimals; 1e-6 covers the rounding.
private let tableTolerance = 1e-6

@Suite struct TimingCurveTests {
    static let xs = [0.10, 0.25, 0.50, 0.75, 0.90]
    // (curve, y values at xs, s values at xs) from vectors_output.txt
    static let table: [(TimingCurve, [Double], [Double])] = [
        (.linear, [0.1, 0.25, 0.5, 0.75, 0.9], [0.195800, 0.326352, 0.5, 0.673648, 0.804200]),
        (.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428], [0.077357, 0.188787, 0.374253, 0.581976, 0.746177]),
        (.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973], [0.253823, 0.418024, 0.625747, 0.811213, 0.922643]),
        (.easeInEaseOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278], [0.083435, 0.225065, 0.5, 0.774935, 0.916565]),
        (.default, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316], [0.151689, 0.409459, 0.699572, 0.873873, 0.953432]),
    ]

    @Test(arguments: 0..<5) func namedCurveProgressMatchesReference(row: Int) {
        let (curve, ys, _) = Self.table[row]
        for (x, y) in zip(Self.xs, ys) {
            #expect(abs(curve.progress(at: x) - y) < tableTolerance, "curve \(row) at x = \(x)")
        }
    }

    @Test(arguments: 0..<5) func namedCurveParameterMatchesReference(row: Int) {
        let (curve, _, ss) = Self.table[row]
        for (x, s) in zip(Self.xs, ss) {
            let solved = curve.parameter(forX: x)
            #expect(abs(solved - s) < tableTolerance, "curve \(row) at x = \(x)")
            // The solver's own promise: x(s) within 1e-12 of x.
            #expect(abs(curve.x(atParameter: solved) - x) < 1e-12)
        }
    }

    @Test func controlPointsAndNames() {
        let c = TimingCurve.easeInEaseOut
        #expect(c.controlPoint(at: 0) == (0, 0))
        #expect(c.controlPoint(at: 1) == (0.42, 0))
        #expect(c.controlPoint(at: 2) == (0.58, 1))
        #expect(c.controlPoint(at: 3) == (1, 1))
        // Out-of-range indices clamp instead of trapping.
        #expect(c.controlPoint(at: -5) == (0, 0))
        #expect(c.controlPoint(at: 99) == (1, 1))
        #expect(TimingCurve(named: "default") == .default)
        #expect(TimingCurve(named: "easeOut") == .easeOut)
        #expect(TimingCurve(named: "bogus") == nil)
    }

    @Test func symmetries() {
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            let lhs = TimingCurve.easeOut.progress(at: x)
            let rhs = 1 - TimingCurve.easeIn.progress(at: 1 - x)
            #expect(abs(lhs - rhs) < 1e-9)
        }
        #expect(abs(TimingCurve.easeInEaseOut.progress(at: 0.5) - 0.5) < 1e-12)
    }

    @Test func endpointsAndBadInput() {
        for curve in [TimingCurve.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            #expect(curve.progress(at: 0) == 0)
            #expect(curve.progress(at: 1) == 1)
            #expect(curve.progress(at: -3) == 0)
            #expect(curve.progress(at: 7) == 1)
            #expect(curve.progress(at: .nan) == 0)
        }
        let broken = TimingCurve(c1x: .nan, c1y: .infinity, c2x: 0.5, c2y: -.infinity)
        #expect(broken.c1x == 0 && broken.c1y == 0 && broken.c2y == 1)
        #expect(broken.progress(at: 0.3).isFinite)
    }

    @Test func overshootAndNonMonotonicCurvesStayFinite() {
        let overshoot = TimingCurve(c1x: 0.5, c1y: -0.5, c2x: 0.5, c2y: 1.5)
        #expect(overshoot.progress(at: 0.1) < 0)
        #expect(overshoot.progress(at: 0.9) > 1)
        // x control points outside [0,1] make x(s) non-monotonic; bisection still lands on a root.
        let weird = TimingCurve(c1x: 1.8, c1y: 0, c2x: -0.8, c2y: 1)
        for x in stride(from: 0.0, through: 1.0, by: 0.1) {
            let s = weird.parameter(forX: x)
            #expect(abs(weird.x(atParameter: s) - x) < 1e-9)
        }
    }
}

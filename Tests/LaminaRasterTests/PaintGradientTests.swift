import Foundation
import Testing
@testable import LaminaRaster

@Suite struct PaintGradientTests {
    typealias T = PaintTestSupport
    let redBlue = [T.stop(0, 1, 0, 0), T.stop(1, 0, 0, 1)]

    @Test func linearMatchesFormulaWithin1() {
        let stops = [T.stop(0, 1, 0.2, 0), T.stop(0.3, 0, 1, 0, 0.6), T.stop(1, 0.1, 0.1, 1, 1)]
        let table = GradientColorTable(stops: stops, extend: .pad)
        let g = LinearGradientShader(start: (10, 0), end: (110, 0), table: table)
        let row = T.span(g, x: 0, y: 3, count: 128)
        for x in 0..<128 {
            let t = (Double(x) + 0.5 - 10) / 100
            #expect(T.diff(row[x], T.reference(stops, t)) <= 1, "x = \(x)")
        }
    }

    @Test func padVersusNoPadOutsideTheRange() {
        let pad = LinearGradientShader(start: (10, 0), end: (20, 0), table: GradientColorTable(stops: redBlue, extend: .pad))
        let none = LinearGradientShader(start: (10, 0), end: (20, 0), table: GradientColorTable(stops: redBlue, extend: .none))
        let startOnly = LinearGradientShader(start: (10, 0), end: (20, 0),
                                             table: GradientColorTable(stops: redBlue, extend: GradientExtend(padStart: true, padEnd: false)))
        #expect(T.pixel(pad, 2, 0) == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(T.pixel(pad, 40, 0) == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
        #expect(T.pixel(none, 2, 0) == .transparent)
        #expect(T.pixel(none, 40, 0) == .transparent)
        #expect(T.pixel(none, 14, 0).a == 255) // inside [0, 1] both draw
        #expect(T.pixel(startOnly, 2, 0).r == 255 && T.pixel(startOnly, 40, 0) == .transparent)
        #expect(pad.isOpaque && !none.isOpaque)
    }

    @Test func linearUnderATransformFollowsTheInverseMap() throws {
        // Gradient along gradient-space x from 0 to 100, drawn rotated 90° (gradient x → pixel y).
        let rot = PaintAffine(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0) // gradient → pixel
        let inv = try #require(rot.inverted())
        let g = LinearGradientShader(start: (0, 0), end: (100, 0), table: GradientColorTable(stops: redBlue, extend: .pad), inverse: inv)
        for y in [0, 25, 50, 99] {
            let expected = T.reference(redBlue, (Double(y) + 0.5) / 100)
            #expect(T.diff(T.span(g, x: 7, y: y, count: 1)[0], expected) <= 1)
            #expect(T.span(g, x: 0, y: y, count: 8).allSatisfy { $0 == T.span(g, x: 0, y: y, count: 1)[0] })
        }
    }

    @Test func straightInterpolationGivesTheGreyOfWhiteToClear() {
        // White → transparent black: halfway is straight (0.5, 0.5, 0.5, 0.5) → premultiplied 64.
        let stops = [T.stop(0, 1, 1, 1, 1), T.stop(1, 0, 0, 0, 0)]
        let table = GradientColorTable(stops: stops, extend: .pad)
        let mid = PremultipliedRGBA8(packed: table.color(at: 0.5))
        #expect(abs(Int(mid.a) - 128) <= 1 && abs(Int(mid.r) - 64) <= 1)
    }

    @Test func unsortedStopsEqualSortedOnes() {
        let sorted = [T.stop(0, 1, 0, 0), T.stop(0.4, 0, 1, 0), T.stop(1, 0, 0, 1)]
        let shuffled = [sorted[2], sorted[0], sorted[1]]
        #expect(GradientColorTable(stops: sorted, extend: .pad).entries == GradientColorTable(stops: shuffled, extend: .pad).entries)
    }

    @Test func duplicateOffsetsMakeAHardEdge() {
        let stops = [T.stop(0, 1, 0, 0), T.stop(0.5, 1, 0, 0), T.stop(0.5, 0, 0, 1), T.stop(1, 0, 0, 1)]
        let g = LinearGradientShader(start: (0, 0), end: (128, 0), table: GradientColorTable(stops: stops, extend: .pad))
        let row = T.span(g, x: 0, y: 0, count: 128)
        let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255).packed, blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255).packed
        #expect(row[0..<64].allSatisfy { $0 == red })   // t ≤ 63.5/128 < 0.5
        #expect(row[64..<128].allSatisfy { $0 == blue }) // t ≥ 64.5/128 > 0.5
    }

    @Test func simpleRadialIsDistanceOverRadius() {
        let g = RadialGradientShader(startCenter: (64, 64), startRadius: 0, endCenter: (64, 64), endRadius: 50,
                                     table: GradientColorTable(stops: redBlue, extend: .pad))
        for (x, y) in [(64, 64), (80, 70), (100, 64), (20, 30), (120, 120)] {
            let d = hypot(Double(x) + 0.5 - 64, Double(y) + 0.5 - 64)
            #expect(T.diff(T.span(g, x: x, y: y, count: 1)[0], T.reference(redBlue, d / 50)) <= 1, "(\(x), \(y))")
        }
        #expect(g.isOpaque)
    }

    /// Independent two-point-conical reference: scan t densely for circles through p, keep the
    /// largest drawn root, refine by bisection.
    func conicalReference(_ p: (Double, Double), c0: (Double, Double), r0: Double, c1: (Double, Double), r1: Double,
                          lo: Double, hi: Double) -> Double? {
        func f(_ t: Double) -> Double {
            let cx = c0.0 + t * (c1.0 - c0.0), cy = c0.1 + t * (c1.1 - c0.1)
            return hypot(p.0 - cx, p.1 - cy) - (r0 + t * (r1 - r0))
        }
        let step = 1e-3
        var t = hi
        while t - step >= lo {
            let a = t - step, b = t
            let rb = r0 + b * (r1 - r0)
            if rb >= 0 && (f(a) <= 0) != (f(b) <= 0) {
                var x0 = a, x1 = b
                for _ in 0..<60 { let m = (x0 + x1) / 2; if (f(m) <= 0) == (f(x0) <= 0) { x0 = m } else { x1 = m } }
                return (x0 + x1) / 2
            }
            t -= step
        }
        return nil
    }

    @Test func twoPointConicalWithOneCentreInsideTheOther() {
        let stops = [T.stop(0, 1, 1, 0), T.stop(1, 0, 0.5, 1)]
        for ext in [GradientExtend.pad, .none] {
            let g = RadialGradientShader(startCenter: (50, 64), startRadius: 10, endCenter: (64, 64), endRadius: 50,
                                         table: GradientColorTable(stops: stops, extend: ext))
            for (x, y) in [(52, 60), (45, 64), (70, 64), (100, 64), (64, 20), (30, 90), (10, 64), (120, 5)] {
                let p = (Double(x) + 0.5, Double(y) + 0.5)
                let got = T.span(g, x: x, y: y, count: 1)[0]
                if let t = conicalReference(p, c0: (50, 64), r0: 10, c1: (64, 64), r1: 50,
                                            lo: ext.padStart ? -5 : 0, hi: ext.padEnd ? 5 : 1) {
                    #expect(T.diff(got, T.reference(stops, t)) <= 1, "(\(x), \(y)) t = \(t)")
                    #expect(abs((g.parameter(x: p.0, y: p.1) ?? .nan) - t) < 1e-6)
                } else {
                    #expect(got == 0, "(\(x), \(y)) should be outside every drawn circle")
                }
            }
        }
    }

    @Test func twoPointConicalOutsideCentresLeavesAConeOnly() {
        // Separate small circles: points far to the side lie on no circle (transparent) even with pad.
        let g = RadialGradientShader(startCenter: (20, 64), startRadius: 5, endCenter: (100, 64), endRadius: 10,
                                     table: GradientColorTable(stops: redBlue, extend: .pad))
        #expect(T.pixel(g, 60, 5) == .transparent)
        #expect(T.pixel(g, 60, 64).a == 255)
        #expect(!g.isOpaque)
    }

    @Test func ellipticalRadialUsesBothRadii() {
        let g = RadialGradientShader.elliptical(center: (64.5, 32.5), radiusX: 60, radiusY: 20,
                                                table: GradientColorTable(stops: redBlue, extend: .pad))
        let half = T.reference(redBlue, 0.5)
        #expect(T.diff(T.span(g, x: 94, y: 32, count: 1)[0], half) <= 1)
        #expect(T.diff(T.span(g, x: 64, y: 42, count: 1)[0], half) <= 1)
        #expect(T.diff(T.span(g, x: 34, y: 32, count: 1)[0], half) <= 1)
        #expect(T.span(g, x: 64, y: 32, count: 1)[0] == T.reference(redBlue, 0))
    }

    @Test func conicAtZeroNinetyAndOneEighty() {
        let stops = [T.stop(0, 1, 0, 0), T.stop(0.5, 0, 1, 0), T.stop(1, 0, 0, 1)]
        let g = ConicGradientShader(center: (64.5, 64.5), startAngle: 0, table: GradientColorTable(stops: stops, extend: .pad))
        #expect(T.diff(T.span(g, x: 100, y: 64, count: 1)[0], T.reference(stops, 0)) <= 1)    // 0°
        #expect(T.diff(T.span(g, x: 64, y: 100, count: 1)[0], T.reference(stops, 0.25)) <= 1) // 90° (toward +y)
        #expect(T.diff(T.span(g, x: 20, y: 64, count: 1)[0], T.reference(stops, 0.5)) <= 1)   // 180°
        #expect(T.diff(T.span(g, x: 64, y: 20, count: 1)[0], T.reference(stops, 0.75)) <= 1)  // 270°
        // A start angle of 90° moves t = 0 to +y.
        let turned = ConicGradientShader(center: (64.5, 64.5), startAngle: .pi / 2, table: GradientColorTable(stops: stops, extend: .pad))
        #expect(T.diff(T.span(turned, x: 64, y: 100, count: 1)[0], T.reference(stops, 0)) <= 1)
        #expect(T.diff(T.span(turned, x: 20, y: 64, count: 1)[0], T.reference(stops, 0.25)) <= 1)
    }

    @Test func fastAtan2ErrorIsBelowTheDocumentedBound() {
        var worst = 0.0
        for i in 0..<400 {
            for j in 0..<400 {
                let x = Double(i) - 199.7, y = Double(j) - 200.3
                worst = max(worst, abs(ConicGradientShader.fastAtan2(y, x) - atan2(y, x)))
            }
        }
        #expect(worst < 1e-7)
        #expect(ConicGradientShader.fastAtan2(0, 0) == 0)
        #expect(ConicGradientShader.fastAtan2(.nan, 1).isNaN)
    }

    @Test func spansDoNotDependOnHowARowIsSplit() throws {
        let table = GradientColorTable(stops: [T.stop(0, 1, 0, 0), T.stop(0.5, 0, 1, 0, 0.5), T.stop(1, 0, 0, 1)], extend: .pad)
        let inv = try #require(PaintAffine(a: 0.93, b: 0.37, c: -0.41, d: 1.1, tx: 3.3, ty: -7.1).inverted())
        let shaders: [any SpanShader] = [
            LinearGradientShader(start: (3, 9), end: (97, 41), table: table, inverse: inv),
            RadialGradientShader(startCenter: (40, 50), startRadius: 3, endCenter: (60, 55), endRadius: 45, table: table, inverse: inv),
            ConicGradientShader(center: (50, 50), startAngle: 0.7, table: table, inverse: inv),
        ]
        for s in shaders {
            for y in [0, 37, 99] {
                let whole = T.span(s, x: 0, y: y, count: 128)
                var pieces: [UInt32] = []
                var x = 0
                for n in [1, 7, 33, 2, 50, 35] { pieces += T.span(s, x: x, y: y, count: n); x += n }
                #expect(whole == pieces)
            }
        }
    }

    @Test func badInputPaintsNothingAndNeverCrashes() {
        let nanStops = [T.stop(.nan, 1, 0, 0), T.stop(0.5, .nan, 2, -1, .infinity)]
        let t1 = GradientColorTable(stops: nanStops, extend: .pad)
        #expect(!t1.isEmpty && t1.entries.allSatisfy { $0 == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255).packed })
        let empty = GradientColorTable(stops: [], extend: .pad)
        #expect(empty.isEmpty && !empty.isOpaque)
        let good = GradientColorTable(stops: redBlue, extend: .pad)
        let shaders: [any SpanShader] = [
            LinearGradientShader(start: (5, 5), end: (5, 5), table: good),
            LinearGradientShader(start: (0, 0), end: (.nan, 1), table: good),
            LinearGradientShader(start: (0, 0), end: (10, 0), table: empty),
            LinearGradientShader(start: (0, 0), end: (10, 0), table: good, inverse: PaintAffine(a: .infinity, b: 0, c: 0, d: 1, tx: 0, ty: 0)),
            RadialGradientShader(startCenter: (5, 5), startRadius: 0, endCenter: (5, 5), endRadius: 0, table: good),
            RadialGradientShader(startCenter: (5, 5), startRadius: -3, endCenter: (5, 5), endRadius: 10, table: good),
            RadialGradientShader.elliptical(center: (5, 5), radiusX: 0, radiusY: 4, table: good),
            ConicGradientShader(center: (.nan, 0), startAngle: 0, table: good),
            ConicGradientShader(center: (0, 0), startAngle: .infinity, table: good),
        ]
        for s in shaders {
            #expect(T.span(s, x: 0, y: 0, count: 16).allSatisfy { $0 == 0 })
            #expect(!s.isOpaque)
        }
        // One stop: a constant colour.
        let one = GradientColorTable(stops: [T.stop(0.3, 0, 0, 1, 0.5)], extend: .pad)
        #expect(Set(one.entries).count == 1 && one.color(at: 2) == one.entries[0] && one.color(at: .nan) == 0)
    }

    @Test func writeGradientImagesForInspection() {
        // Only writes files when LAMINA_PAINT_DUMP is set; always checks the image is not blank.
        let stops = [T.stop(0, 1, 0, 0), T.stop(0.33, 1, 1, 0), T.stop(0.66, 0, 0.6, 1), T.stop(1, 0.5, 0, 1, 0.2)]
        let table = GradientColorTable(stops: stops, extend: .pad)
        let w = 128, h = 96
        let shaders: [(String, any SpanShader)] = [
            ("linear", LinearGradientShader(start: (10, 10), end: (118, 86), table: table)),
            ("conical", RadialGradientShader(startCenter: (45, 40), startRadius: 5, endCenter: (64, 48), endRadius: 45, table: table)),
            ("conic", ConicGradientShader(center: (64, 48), startAngle: 0.3, table: table)),
        ]
        for (name, s) in shaders {
            var bytes: [UInt8] = []
            for y in 0..<h {
                for p in T.span(s, x: 0, y: y, count: w) {
                    bytes += [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
                }
            }
            #expect(Set(bytes).count > 50)
            T.dump("gradient_\(name)", width: w, height: h, rgbaPremultiplied: bytes)
        }
    }
}

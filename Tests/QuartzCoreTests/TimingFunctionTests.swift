import Foundation
import Testing
import QuartzCore

/// CAMediaTimingFunction: control points exactly as given, evaluation through the compositor's
/// Bézier solver (vectors §11.1), and its use by animations.
@Suite struct TimingFunctionTests {
    @Test func controlPointsAreExact() {
        let f = CAMediaTimingFunction(controlPoints: 0.1, 0.7, 0.33, 1.2)
        var values: [Float] = [0, 0]
        var out: [[Float]] = []
        for i in 0..<4 {
            values.withUnsafeMutableBufferPointer { f.getControlPoint(at: i, values: $0.baseAddress!) }
            out.append(values)
        }
        #expect(out == [[0, 0], [0.1, 0.7], [0.33, 1.2], [1, 1]])
        values = [-5, -5]
        values.withUnsafeMutableBufferPointer { f.getControlPoint(at: 4, values: $0.baseAddress!) }
        #expect(values == [-5, -5], "out of range: untouched, no trap")
    }

    @Test func namedCurvesMatchTheVectors() {
        let table: [(CAMediaTimingFunctionName, [Double])] = [
            (.linear, [0.1, 0.25, 0.5, 0.75, 0.9]),
            (.easeIn, [0.017027, 0.093465, 0.315357, 0.621862, 0.839428]),
            (.easeOut, [0.160572, 0.378138, 0.684643, 0.906535, 0.982973]),
            (.easeInEaseOut, [0.019722, 0.129162, 0.5, 0.870838, 0.980278]),
            (.default, [0.094796, 0.408511, 0.802403, 0.960459, 0.994316]),
        ]
        for (name, ys) in table {
            let f = CAMediaTimingFunction(name: name)
            for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], ys) {
                #expect(abs(f.progress(at: x) - y) < 1e-4, "\(name.rawValue) at \(x)")
            }
        }
        #expect(CAMediaTimingFunction(name: .easeIn) == CAMediaTimingFunction(controlPoints: 0.42, 0, 1, 1))
        let bad = CAMediaTimingFunction(controlPoints: .nan, 0, .infinity, 1)
        #expect(bad.progress(at: 0.5).isFinite, "non-finite control points evaluate as linear")
    }

    @Test func animationsUseTheirTimingFunction() throws {
        let scene = AnimatedScene(at: 0)
        let a = basic("zPosition", from: 0, to: 100, duration: 2)
        a.timingFunction = CAMediaTimingFunction(name: .easeOut)
        scene.add(a, forKey: "z", at: 1)
        #expect(abs(try #require(scene.presented(at: 2)).zPosition - 68.4643) < 1e-2)
        // Transaction timing function for animations without one.
        let b = basic("opacity", from: 0, to: 1, duration: 2)
        at(1) {
            CATransaction.begin()
            CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .easeIn))
            scene.layer.add(b, forKey: "o")
            CATransaction.commit()
        }
        #expect(abs(try #require(scene.presented(at: 2)).opacity - 0.315357) < 1e-4)
    }
}

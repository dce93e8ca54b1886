import Foundation
import Testing
import QuartzCore

/// CAKeyframeAnimation through layers, values [0, 10, 30] of reference §11.7 on zPosition
/// (duration 1; `t` is the time since the start).
@Suite struct KeyframeAnimationTests {
    struct Row: CustomStringConvertible {
        var mode: CAAnimationCalculationMode
        var keyTimes: [NSNumber]?
        var samples: [(t: Double, value: Double)]
        var description: String { "\(mode.rawValue) keyTimes \(keyTimes.map { "\($0)" } ?? "nil")" }
    }

    static let rows: [Row] = [
        Row(mode: .linear, keyTimes: [0, 0.5, 1], samples: [(0.25, 5), (0.5, 10), (0.75, 20)]),
        Row(mode: .linear, keyTimes: nil, samples: [(0.25, 5), (0.5, 10), (0.75, 20)]),
        Row(mode: .linear, keyTimes: [0, 0.9, 0.5], samples: [(0.25, 5), (0.75, 20)]),  // invalid: ignored
        Row(mode: .paced, keyTimes: [0, 0.9, 1], samples: [(0.25, 7.5), (0.5, 15), (0.75, 22.5)]),
        Row(mode: .discrete, keyTimes: [0, 0.25, 0.5, 1], samples: [(0.1, 0), (0.3, 10), (0.6, 30)]),
        Row(mode: .discrete, keyTimes: nil, samples: [(0.1, 0), (0.3, 0), (0.6, 10)]),
        // Catmull-Rom through the keyframes with one-sided end tangents (§9.2.5, §12 #14):
        // segment 0 has tangents 10 and 15, so at u = 0.5: 0.125·10 + 5 − 0.125·15 = 4.375.
        Row(mode: .cubic, keyTimes: [0, 0.5, 1], samples: [(0.25, 4.375), (0.5, 10)]),
        Row(mode: .cubicPaced, keyTimes: nil, samples: [(1.0 / 3, 10)]),
    ]

    @Test(arguments: rows) func calculationModes(_ row: Row) throws {
        let scene = AnimatedScene(at: 0) { $0.zPosition = -1 }
        let a = CAKeyframeAnimation(keyPath: "zPosition")
        a.values = [0, 10, 30]
        a.keyTimes = row.keyTimes
        a.calculationMode = row.mode
        a.duration = 1
        scene.add(a, at: 1)
        for (t, v) in row.samples {
            let p = try #require(scene.presented(at: 1 + t))
            #expect(abs(p.zPosition - CGFloat(v)) < 1e-9, "\(row) at \(t): \(p.zPosition)")
        }
    }

    @Test func timingFunctionsWarpEachSegment() throws {
        let scene = AnimatedScene(at: 0)
        let a = CAKeyframeAnimation(keyPath: "zPosition")
        a.values = [NSNumber(value: 0), NSNumber(value: 10), NSNumber(value: 30)]
        a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear)]
        a.duration = 1
        scene.add(a, at: 1)
        // Half-way through segment 0, easeIn gives 0.315357 (§11.1).
        #expect(abs(try #require(scene.presented(at: 1.25)).zPosition - 3.15357) < 1e-4)
        #expect(abs(try #require(scene.presented(at: 1.75)).zPosition - 20) < 1e-9)
    }

    @Test func keyframesOfPointsColoursAndTransforms() throws {
        let scene = AnimatedScene(at: 0)
        let points = CAKeyframeAnimation(keyPath: "position")
        points.values = [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 20)]
        points.duration = 2
        scene.add(points, forKey: "p", at: 1)
        let colors = CAKeyframeAnimation(keyPath: "backgroundColor")
        colors.values = [CGColor(red: 0, green: 0, blue: 0, alpha: 1), CGColor(red: 1, green: 1, blue: 1, alpha: 1)]
        colors.duration = 2
        scene.add(colors, forKey: "c", at: 1)
        let turns = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        turns.values = [0, Double.pi, 2 * Double.pi]
        turns.duration = 2
        scene.add(turns, forKey: "r", at: 1)
        let p = try #require(scene.presented(at: 2.5))
        #expect(close(p.position, CGPoint(x: 10, y: 10)))
        #expect(abs((p.backgroundColor?.components?[0] ?? 0) - 0.75) < 1e-9)
        #expect(abs(p.transform.m11 - cos(1.5 * .pi)) < 1e-9 && abs(p.transform.m12 - sin(1.5 * .pi)) < 1e-9)
    }

    @Test func pathWithRotationModeAutoTurnsTheLayer() throws {
        let scene = AnimatedScene(at: 0) { $0.transform = CATransform3DMakeScale(2, 2, 1) }
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 100))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.rotationMode = .rotateAuto
        a.duration = 2
        scene.add(a, at: 1)
        let first = try #require(scene.presented(at: 1.5))
        #expect(close(first.position, CGPoint(x: 50, y: 0)))
        #expect(abs(first.transform.m11 - 2) < 1e-9 && abs(first.transform.m12) < 1e-9, "heading along +x")
        let second = try #require(scene.presented(at: 2.5))
        #expect(close(second.position, CGPoint(x: 100, y: 50)))
        #expect(abs(second.transform.m11) < 1e-9 && abs(second.transform.m12 - 2) < 1e-9, "turned to +y, scale kept")
        #expect(CATransform3DEqualToTransform(scene.layer.transform, CATransform3DMakeScale(2, 2, 1)))

        // autoReverse faces the other way; paced mode moves at constant speed along the path.
        let back = AnimatedScene(at: 0)
        let b = CAKeyframeAnimation(keyPath: "position")
        let long = CGMutablePath()
        long.move(to: .zero)
        long.addLine(to: CGPoint(x: 100, y: 0))
        long.addLine(to: CGPoint(x: 100, y: 300))
        b.path = long
        b.rotationMode = .rotateAutoReverse
        b.calculationMode = .paced
        b.duration = 4
        back.add(b, at: 1)
        let q = try #require(back.presented(at: 3))  // half of 400 points: 100 down the second line
        #expect(close(q.position, CGPoint(x: 100, y: 100), 0.5))
        #expect(abs(q.transform.m12 + 1) < 1e-6, "tangent +y plus 180°")
    }

    @Test func pathsWithCurvesAndSeveralSubpaths() throws {
        let scene = AnimatedScene(at: 0)
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 0), control: CGPoint(x: 50, y: 50))
        path.move(to: CGPoint(x: 200, y: 200))  // a jump: not a keyframe of its own
        path.addLine(to: CGPoint(x: 300, y: 200))
        let a = CAKeyframeAnimation(keyPath: "position")
        a.path = path
        a.duration = 2
        scene.add(a, at: 1)
        // Segment 0 at s = 0.5: the quadratic's mid point (50, 25).
        #expect(close(try #require(scene.presented(at: 1.5)).position, CGPoint(x: 50, y: 25), 1e-9))
        #expect(close(try #require(scene.presented(at: 2.5)).position, CGPoint(x: 250, y: 200), 1e-9))
    }
}

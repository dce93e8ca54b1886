import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Reference §11.7 values are exact; 1e-9 absorbs binary rounding.
private let eps = 1e-9

private func scalar(_ v: AnimatableValue?) -> Double? { v?.scalarValue }
private func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < eps } ?? false }

@Suite struct KeyframeTests {
    static let values: [AnimatableValue] = [.scalar(0), .scalar(10), .scalar(30)]

    @Test func referenceLinearAndPaced() {
        let withTimes = KeyframeTrack(values: Self.values, keyTimes: [0, 0.5, 1])
        let withoutTimes = KeyframeTrack(values: Self.values)
        let paced = KeyframeTrack(values: Self.values, mode: .paced)
        for (t, lin, pac) in [(0.25, 5.0, 7.5), (0.5, 10, 15), (0.75, 20, 22.5)] {
            #expect(close(scalar(withTimes.value(at: t)), lin))
            #expect(close(scalar(withoutTimes.value(at: t)), lin))
            #expect(close(scalar(paced.value(at: t)), pac))
        }
        #expect(paced.keyTimes == [0, 1.0 / 3, 1])
    }

    @Test func referenceDiscrete() {
        let given = KeyframeTrack(values: Self.values, keyTimes: [0, 0.25, 0.5, 1], mode: .discrete)
        let even = KeyframeTrack(values: Self.values, mode: .discrete)
        for (t, g, e) in [(0.1, 0.0, 0.0), (0.3, 10, 0), (0.6, 30, 10), (1.0, 30, 30)] {
            #expect(close(scalar(given.value(at: t)), g), "t = \(t)")
            #expect(close(scalar(even.value(at: t)), e), "t = \(t)")
        }
    }

    @Test func invalidKeyTimesFallBackToEvenSpacing() {
        let bad: [[Double]] = [[0, 0.5], [0.1, 0.5, 1], [0, 0.7, 0.5], [0, 0.5, 0.9], [0, .nan, 1], [0, 0.5, 1, 1]]
        for k in bad {
            let track = KeyframeTrack(values: Self.values, keyTimes: k)
            #expect(track.keyTimes == [0, 0.5, 1], "\(k)")
        }
        // Discrete needs n + 1 entries; n entries are invalid.
        let discrete = KeyframeTrack(values: Self.values, keyTimes: [0, 0.5, 1], mode: .discrete)
        let evenFour: [Double] = [0, 1.0 / 3, 2.0 / 3, 1]
        #expect(discrete.keyTimes == evenFour)
        // Paced ignores given key times.
        let paced = KeyframeTrack(values: Self.values, keyTimes: [0, 0.9, 1], mode: .paced)
        let pacedTimes: [Double] = [0, 1.0 / 3, 1]
        #expect(paced.keyTimes == pacedTimes)
    }

    @Test func segmentTimingFunctions() {
        let track = KeyframeTrack(values: Self.values, keyTimes: [0, 0.5, 1], timingFunctions: [.easeIn])
        // First segment eased, second linear (missing function).
        #expect(close(scalar(track.value(at: 0.25)), 10 * TimingCurve.easeIn.progress(at: 0.5)))
        #expect(close(scalar(track.value(at: 0.75)), 20))
    }

    @Test func cubicPassesThroughKeyframesAndIsCatmullRom() {
        let track = KeyframeTrack(values: Self.values, mode: .cubic)
        #expect(close(scalar(track.value(at: 0)), 0))
        #expect(close(scalar(track.value(at: 0.5)), 10))
        #expect(close(scalar(track.value(at: 1)), 30))
        // Collinear, evenly spaced values: Catmull-Rom with one-sided ends is exactly linear.
        let straight = KeyframeTrack(values: [.scalar(0), .scalar(10), .scalar(20), .scalar(30)], mode: .cubic)
        for t in stride(from: 0.0, through: 1.0, by: 0.1) { #expect(close(scalar(straight.value(at: t)), 30 * t)) }
        // Catmull-Rom tangent at the middle key: (30 − 0)/2 = 15; segment 0 at u = 0.5 with
        // one-sided start tangent 10: h00·0 + h10·10 + h01·10 + h11·15 = 0.125·10 + 0.5·10 − 0.125·15.
        #expect(close(scalar(track.value(at: 0.25)), 1.25 + 5 - 1.875))
    }

    @Test func tensionOneGivesZeroTangents() {
        let track = KeyframeTrack(values: Self.values, mode: .cubic, tension: [1, 1, 1])
        // Zero tangents: smoothstep between keys.
        #expect(close(scalar(track.value(at: 0.25)), 5))
        #expect(close(scalar(track.value(at: 0.125)), 10 * (3 * 0.0625 - 2 * 0.015625)))
    }

    @Test func cubicWorksForPointsAndFallsBackForTransforms() {
        let pts: [AnimatableValue] = [.point(.zero), .point(CGPoint(x: 10, y: 20)), .point(CGPoint(x: 30, y: 0))]
        let track = KeyframeTrack(values: pts, mode: .cubicPaced)
        guard case .point(let p)? = track.value(at: track.keyTimes[1]) else { Issue.record("kind"); return }
        #expect(abs(p.x - 10) < 1e-9 && abs(p.y - 20) < 1e-9)
        let transforms: [AnimatableValue] = [.transform(CATransform3DIdentity), .transform(TransformBuilder.translation(10, 0, 0))]
        #expect(KeyframeTrack(values: transforms, mode: .cubic).value(at: 0.5) == .transform(TransformBuilder.translation(5, 0, 0)))
    }

    @Test func transformKeyframesMatchDirectInterpolation() {
        let a = CATransform3DIdentity, b = TransformBuilder.rotationZ(1), c = TransformBuilder.rotationX(0.5)
        let track = KeyframeTrack(values: [.transform(a), .transform(b), .transform(c)])
        #expect(track.value(at: 0.25) == .transform(DecomposedTransform.interpolateMatrices(a, b, 0.5)))
        #expect(track.value(at: 0.75) == .transform(DecomposedTransform.interpolateMatrices(b, c, 0.5)))
        // Mixed kinds fall back to the generic path (discrete switch between unlike values).
        let mixed = KeyframeTrack(values: [.transform(a), .scalar(1)])
        #expect(mixed.value(at: 0.4) == .transform(a) && mixed.value(at: 0.6) == .scalar(1))
    }

    @Test func emptyAndSingleValues() {
        #expect(KeyframeTrack(values: []).value(at: 0.5) == nil)
        #expect(KeyframeTrack(values: [], mode: .paced).value(at: 0.5) == nil)
        #expect(KeyframeTrack(values: [], mode: .discrete).value(at: 0.5) == nil)
        #expect(KeyframeTrack(values: [.scalar(4)], mode: .cubic).value(at: 0.5) == .scalar(4))
        // Zero total distance for paced: even spacing, no division by zero.
        let still = KeyframeTrack(values: [.scalar(1), .scalar(1), .scalar(1)], mode: .paced)
        #expect(still.keyTimes == [0, 0.5, 1] && still.value(at: 0.3) == .scalar(1))
        // NaN and out-of-range progress clamp.
        let t = KeyframeTrack(values: Self.values)
        #expect(t.value(at: .nan) == .scalar(0) && t.value(at: 5) == .scalar(30) && t.value(at: -1) == .scalar(0))
        // Repeated key times: the later value wins at the shared time.
        let jump = KeyframeTrack(values: [.scalar(0), .scalar(10), .scalar(20), .scalar(30)], keyTimes: [0, 0.5, 0.5, 1])
        #expect(close(scalar(jump.value(at: 0.25)), 5))
        #expect(close(scalar(jump.value(at: 0.75)), 25))
    }

    @Test func pathKeyframesWithRotation() throws {
        // An L: right 100, then down 100 (iOS y down).
        let path = KeyframePath(polyline: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        #expect(abs(path.length - 200) < 1e-9)
        let a = try #require(path.sample(at: 0.25, rotationMode: .auto))
        #expect(abs(a.position.x - 50) < 1e-9 && abs(a.position.y) < 1e-9)
        #expect(abs(try #require(a.angle)) < 1e-9)
        let b = try #require(path.sample(at: 0.75, rotationMode: .auto))
        #expect(abs(b.position.x - 100) < 1e-9 && abs(b.position.y - 50) < 1e-9)
        #expect(abs(try #require(b.angle) - .pi / 2) < 1e-9)
        let r = try #require(path.sample(at: 0.75, rotationMode: .autoReverse))
        #expect(abs(try #require(r.angle) - 3 * .pi / 2) < 1e-9)
        #expect(path.sample(at: 0.75)?.angle == nil)
        // Uneven segments: linear spends equal time per segment, paced equal speed.
        let uneven = KeyframePath(polyline: [.zero, CGPoint(x: 10, y: 0), CGPoint(x: 40, y: 0)])
        #expect(abs(try #require(uneven.sample(at: 0.5)).position.x - 10) < 1e-9)
        #expect(abs(try #require(uneven.sample(at: 0.5, mode: .paced)).position.x - 20) < 1e-6)
        // Key times and discrete.
        let keyed = uneven.resolvedKeyTimes([0, 0.2, 1], mode: .linear)
        #expect(abs(try #require(uneven.sample(at: 0.6, keyTimes: keyed)).position.x - 25) < 1e-9)
        #expect(try #require(uneven.sample(at: 0.5, mode: .discrete)).position == CGPoint(x: 10, y: 0))
        #expect(try #require(uneven.sample(at: 0.2, mode: .discrete)).position == .zero)
        #expect(try #require(uneven.sample(at: 1, mode: .discrete)).position == CGPoint(x: 40, y: 0))
        // Empty or degenerate paths.
        #expect(KeyframePath(segments: []).sample(at: 0.5) == nil)
        let dot = KeyframePath(polyline: [CGPoint(x: 3, y: 3), CGPoint(x: 3, y: 3)])
        #expect(try #require(dot.sample(at: 0.5, mode: .paced, rotationMode: .auto)).angle == 0)
    }

    @Test func curvedPathFollowsTheBezier() throws {
        let seg = KeyframePath.Segment(start: .zero, control1: CGPoint(x: 0, y: 100), control2: CGPoint(x: 100, y: 100),
                                       end: CGPoint(x: 100, y: 0))
        let path = KeyframePath(segments: [seg])
        let mid = try #require(path.sample(at: 0.5, rotationMode: .auto))
        #expect(abs(mid.position.x - 50) < 1e-9 && abs(mid.position.y - 75) < 1e-9)
        #expect(abs(try #require(mid.angle)) < 1e-9)  // horizontal at the apex
    }
}

import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Values are simple decimals; 1e-9 absorbs binary rounding.
private let eps = 1e-9

private func close(_ v: AnimatableValue?, _ x: Double) -> Bool {
    guard let s = v?.scalarValue else { return false }
    return abs(s - x) < eps
}

private func basic(_ keyPath: String = "opacity", from: Double? = nil, to: Double? = nil, by: Double? = nil,
                   timing: MediaTiming = MediaTiming(duration: 1), additive: Bool = false, cumulative: Bool = false) -> AnimationSpec {
    AnimationSpec(keyPath: keyPath, timing: timing,
                  kind: .basic(from: from.map { .scalar($0) }, to: to.map { .scalar($0) }, by: by.map { .scalar($0) }),
                  isAdditive: additive, isCumulative: cumulative)
}

@Suite struct TimingAnimationEvaluationTests {
    /// Every row of reference §9.1.1 with model (underlying) 100 and previous presentation 40,
    /// evaluated at progress 0, 0.5 and 1: expected (start, end).
    static let fromToByRows: [(Double?, Double?, Double?, Double, Double)] = [
        (10, 20, nil, 10, 20),      // from → to
        (10, nil, 5, 10, 15),       // from → from + by
        (nil, 20, 5, 15, 20),       // to − by → to
        (10, nil, nil, 10, 100),    // from → underlying
        (nil, 20, nil, 100, 20),    // underlying → to
        (nil, nil, 5, 100, 105),    // underlying → underlying + by
        (nil, nil, nil, 40, 100),   // previous presentation → underlying
        (10, 20, 5, 10, 20),        // all three: from → to, by ignored
    ]

    @Test(arguments: 0..<8) func fromToByRow(_ i: Int) {
        let (f, t, b, start, end) = Self.fromToByRows[i]
        let spec = basic(from: f, to: t, by: b, timing: MediaTiming(duration: 1, fillMode: .forwards))
        #expect(close(spec.evaluate(at: 0, underlying: .scalar(100), previous: .scalar(40)), start))
        #expect(close(spec.evaluate(at: 0.5, underlying: .scalar(100), previous: .scalar(40)), (start + end) / 2))
        #expect(close(spec.evaluate(at: 1, underlying: .scalar(100), previous: .scalar(40)), end))
    }

    @Test func noValuesWithoutPreviousAnimatesNothing() {
        let spec = basic()
        #expect(close(spec.evaluate(at: 0.5, underlying: .scalar(7), previous: nil), 7))
    }

    @Test func timingFunctionShapesProgress() {
        var spec = basic(from: 0, to: 100)
        spec.timingFunction = .easeInEaseOut
        // Reference §11.1: easeInEaseOut(0.25) = 0.129162 (6 decimals, so 1e-4 on a 0…100 scale).
        #expect(abs((spec.evaluate(at: 0.25, underlying: .scalar(0), previous: nil)?.scalarValue ?? 0) - 12.9162) < 1e-4)
        #expect(close(spec.evaluate(at: 0.5, underlying: .scalar(0), previous: nil), 50))
    }

    @Test func additiveAddsToUnderlying() {
        let spec = basic(from: -5, to: 5, additive: true)
        #expect(close(spec.evaluate(at: 0, underlying: .scalar(100), previous: nil), 95))
        #expect(close(spec.evaluate(at: 0.75, underlying: .scalar(100), previous: nil), 102.5))
        // Additive transform: the animated transform applies before the model transform.
        let t = AnimationSpec(keyPath: "transform", timing: MediaTiming(duration: 1),
                              kind: .basic(from: .transform(CATransform3DIdentity), to: .transform(TransformBuilder.translation(10, 0, 0)), by: nil),
                              isAdditive: true)
        let model = TransformBuilder.scale(2, 2, 1)
        #expect(t.evaluate(at: 0.5, underlying: .transform(model), previous: nil)
            == .transform(TransformMath.concat(TransformBuilder.translation(5, 0, 0), model)))
    }

    @Test func cumulativeAddsEndMinusStartPerRepeat() {
        let spec = basic(from: 0, to: 10, timing: MediaTiming(duration: 1, repeatCount: 3, fillMode: .forwards), cumulative: true)
        #expect(close(spec.evaluate(at: 0.5, underlying: .scalar(0), previous: nil), 5))
        #expect(close(spec.evaluate(at: 1.5, underlying: .scalar(0), previous: nil), 15))
        #expect(close(spec.evaluate(at: 2.5, underlying: .scalar(0), previous: nil), 25))
        // Reference §9.1.4: ends at 30.
        #expect(close(spec.evaluate(at: 10, underlying: .scalar(0), previous: nil), 30))
        // Without cumulative each repeat starts over.
        let plain = basic(from: 0, to: 10, timing: MediaTiming(duration: 1, repeatCount: 3))
        #expect(close(plain.evaluate(at: 2.5, underlying: .scalar(0), previous: nil), 5))
        // Cumulative keyframes: last − first per repeat.
        let kf = AnimationSpec(keyPath: "opacity", timing: MediaTiming(duration: 1, repeatCount: 2),
                               kind: .keyframes(KeyframeTrack(values: [.scalar(1), .scalar(3), .scalar(2)])), isCumulative: true)
        #expect(close(kf.evaluate(at: 1.25, underlying: .scalar(0), previous: nil), 3))
    }

    @Test func delayedAnimationWithFillBackwardsShowsStartValue() {
        let spec = basic(from: 3, to: 9, timing: MediaTiming(beginTime: 5, duration: 2, fillMode: .backwards))
        #expect(close(spec.evaluate(at: 1, underlying: .scalar(0), previous: nil), 3))
        #expect(close(spec.evaluate(at: 6, underlying: .scalar(0), previous: nil), 6))
        #expect(spec.evaluate(at: 7, underlying: .scalar(0), previous: nil) == nil)
        let noFill = basic(from: 3, to: 9, timing: MediaTiming(beginTime: 5, duration: 2))
        #expect(noFill.evaluate(at: 1, underlying: .scalar(0), previous: nil) == nil)
    }

    @Test func autoreverseOneAndAHalfEndsAtEndValue() {
        let spec = basic(from: 0, to: 10, timing: MediaTiming(duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards))
        #expect(close(spec.evaluate(at: 1.5, underlying: .scalar(0), previous: nil), 5))
        #expect(close(spec.evaluate(at: 3, underlying: .scalar(0), previous: nil), 10))
        #expect(close(spec.evaluate(at: 50, underlying: .scalar(0), previous: nil), 10))
    }

    @Test func springAnimationUsesPhysicsProgress() {
        let spec = AnimationSpec(keyPath: "position.y", timing: MediaTiming(duration: 2),
                                 kind: .spring(from: .scalar(0), to: .scalar(100), by: nil, spring: SpringParameters()))
        #expect(abs((spec.evaluate(at: 0.3, underlying: .scalar(0), previous: nil)?.scalarValue ?? 0) - 112.4355) < 1e-3)
        #expect(spec.evaluate(at: 2.5, underlying: .scalar(0), previous: nil) == nil)
    }

    @Test func groupClipsChildrenToItsDuration() {
        let child = basic(from: 0, to: 10, timing: MediaTiming(duration: 10, fillMode: .forwards))
        let group = AnimationSpec(keyPath: nil, timing: MediaTiming(beginTime: 1, duration: 5, fillMode: .forwards),
                                  kind: .group([child]))
        // Group local time = parent − 1; child shows its first 5 s only.
        #expect(close(group.apply(at: 3, property: "opacity", to: .scalar(-1), previous: nil), 2))
        #expect(close(group.apply(at: 6, property: "opacity", to: .scalar(-1), previous: nil), 5))
        #expect(close(group.apply(at: 60, property: "opacity", to: .scalar(-1), previous: nil), 5))
        // Before the group starts (no backwards fill): the underlying value shows.
        #expect(close(group.apply(at: 0.5, property: "opacity", to: .scalar(-1), previous: nil), -1))
        // Other properties are untouched; a group has no value of its own.
        #expect(close(group.apply(at: 3, property: "position.x", to: .scalar(-1), previous: nil), -1))
        #expect(group.evaluate(at: 3, underlying: .scalar(0), previous: nil) == nil)
        // Delayed child inside the group (beginTime relative to the group's start).
        let late = basic(from: 0, to: 10, timing: MediaTiming(beginTime: 2, duration: 1))
        let g2 = AnimationSpec(keyPath: nil, timing: MediaTiming(duration: 4), kind: .group([late]))
        #expect(close(g2.apply(at: 2.5, property: "opacity", to: .scalar(-1), previous: nil), 5))
        #expect(close(g2.apply(at: 1, property: "opacity", to: .scalar(-1), previous: nil), -1))
    }

    @Test func filledGroupHoldsChildrenThatEndWithIt() {
        // Fill only on the group: a child ending with the group keeps its end value afterwards;
        // a child that ended earlier (fill removed) does not.
        let full = basic(from: 0, to: 10, timing: MediaTiming(duration: 2))
        let early = basic("zPosition", from: 0, to: 10, timing: MediaTiming(duration: 1))
        let group = AnimationSpec(keyPath: nil, timing: MediaTiming(duration: 2, fillMode: .forwards), kind: .group([full, early]))
        #expect(close(group.apply(at: 5, property: "opacity", to: .scalar(-1), previous: nil), 10))
        #expect(close(group.apply(at: 5, property: "zPosition", to: .scalar(-1), previous: nil), -1))
        // Without fill on the group, nothing shows after its end.
        let unfilled = AnimationSpec(keyPath: nil, timing: MediaTiming(duration: 2), kind: .group([full]))
        #expect(close(unfilled.apply(at: 5, property: "opacity", to: .scalar(-1), previous: nil), -1))
    }

    @Test func subKeyAnimationsMergeIntoTheParentValue() {
        let x = AnimationSpec(keyPath: "position.x", timing: MediaTiming(duration: 1),
                              kind: .basic(from: .scalar(0), to: .scalar(100), by: nil))
        let model = AnimatableValue.point(CGPoint(x: 7, y: 8))
        #expect(x.apply(at: 0.25, property: "position", to: model, previous: nil) == .point(CGPoint(x: 25, y: 8)))
        // Inactive: unchanged.
        #expect(x.apply(at: 3, property: "position", to: model, previous: nil) == model)
        let width = AnimationSpec(keyPath: "bounds.size.width", timing: MediaTiming(duration: 1),
                                  kind: .basic(from: nil, to: .scalar(50), by: nil))
        let bounds = AnimatableValue.rect(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(width.apply(at: 0.5, property: "bounds", to: bounds, previous: nil) == .rect(CGRect(x: 0, y: 0, width: 30, height: 10)))
        let shadow = AnimationSpec(keyPath: "shadowOffset.height", timing: MediaTiming(duration: 1),
                                   kind: .basic(from: nil, to: nil, by: .scalar(-6)))
        #expect(shadow.apply(at: 0.5, property: "shadowOffset", to: .size(CGSize(width: 0, height: -3)), previous: nil)
            == .size(CGSize(width: 0, height: -6)))
        // transform.rotation.z from 0 to π passes π/2 at the halfway point.
        let spin = AnimationSpec(keyPath: "transform.rotation.z", timing: MediaTiming(duration: 1),
                                 kind: .basic(from: .scalar(0), to: .scalar(.pi), by: nil))
        guard case .transform(let m) = spin.apply(at: 0.5, property: "transform", to: .transform(CATransform3DIdentity), previous: nil)
        else { Issue.record("kind"); return }
        #expect(zip(m.elements, TransformBuilder.rotationZ(.pi / 2).elements).allSatisfy { abs($0 - $1) < eps })
    }

    @Test func cachedTransformEndpointsMatchDirectInterpolation() {
        let a = TransformMath.concat(TransformBuilder.scale(2, 1, 1), TransformBuilder.rotationZ(0.3))
        let b = TransformMath.concat(TransformBuilder.rotationX(0.8), TransformBuilder.translation(4, 5, 6))
        var spec = AnimationSpec(keyPath: "transform", timing: MediaTiming(duration: 1),
                                 kind: .basic(from: .transform(a), to: .transform(b), by: nil))
        #expect(spec.transformEndpoints != nil)
        for t in [0.0, 0.3, 0.5, 0.99] {
            #expect(spec.evaluate(at: t, underlying: .transform(CATransform3DIdentity), previous: nil)
                == .transform(DecomposedTransform.interpolateMatrices(a, b, t)))
        }
        // Changing the kind refreshes the cache; a to-only animation has no fixed endpoints.
        spec.kind = .basic(from: nil, to: .transform(b), by: nil)
        #expect(spec.transformEndpoints == nil)
        #expect(spec.evaluate(at: 0.5, underlying: .transform(a), previous: nil)
            == .transform(DecomposedTransform.interpolateMatrices(a, b, 0.5)))
        // by-value transform: from → Concat(by, from).
        spec.kind = .basic(from: .transform(a), to: nil, by: .transform(TransformBuilder.translation(10, 0, 0)))
        #expect(spec.transformEndpoints?.end == TransformMath.concat(TransformBuilder.translation(10, 0, 0), a))
    }

    @Test func valueFunctionTurnsMoreThanHalfATurn() {
        let spec = AnimationSpec(keyPath: "transform", timing: MediaTiming(duration: 1),
                                 kind: .basic(from: .scalar(0), to: .scalar(2 * .pi), by: nil), valueFunction: .rotateZ)
        guard case .transform(let m)? = spec.evaluate(at: 0.5, underlying: .transform(CATransform3DIdentity), previous: nil)
        else { Issue.record("kind"); return }
        #expect(abs(Double(m.m11) + 1) < eps)  // half of a full turn: π
        // A missing from-value is the function's identity argument, not the underlying matrix.
        let grow = AnimationSpec(keyPath: "transform", timing: MediaTiming(duration: 1),
                                 kind: .basic(from: nil, to: .scalar(3), by: nil), valueFunction: .scaleX)
        #expect(grow.evaluate(at: 0.5, underlying: .transform(CATransform3DIdentity), previous: nil)
            == .transform(TransformBuilder.scale(2, 1, 1)))
    }

    @Test func keyframeAndPathSpecs() throws {
        let kf = AnimationSpec(keyPath: "opacity", timing: MediaTiming(duration: 2),
                               kind: .keyframes(KeyframeTrack(values: [.scalar(0), .scalar(10), .scalar(30)], mode: .paced)))
        #expect(close(kf.evaluate(at: 0.5, underlying: .scalar(0), previous: nil), 7.5))
        let path = KeyframePath(polyline: [.zero, CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)])
        let move = AnimationSpec(keyPath: "position", timing: MediaTiming(duration: 1),
                                 kind: .path(path, mode: .paced, keyTimes: [], timingFunctions: [], rotationMode: .auto))
        #expect(move.evaluate(at: 0.75, underlying: .point(.zero), previous: nil) == .point(CGPoint(x: 100, y: 50)))
        #expect(abs(try #require(move.pathRotation(at: 0.75)) - .pi / 2) < eps)
        #expect(move.pathRotation(at: 5) == nil)
        #expect(kf.pathRotation(at: 0.5) == nil)
    }

    @Test func badInputIsHarmless() {
        let empty = AnimationSpec(keyPath: "opacity", timing: MediaTiming(duration: 1), kind: .keyframes(KeyframeTrack(values: [])))
        #expect(empty.evaluate(at: 0.5, underlying: .scalar(1), previous: nil) == nil)
        #expect(empty.apply(at: 0.5, property: "opacity", to: .scalar(1), previous: nil) == .scalar(1))
        let spec = basic(from: 0, to: 1)
        #expect(spec.evaluate(at: .nan, underlying: .scalar(1), previous: nil) == nil)
        // Speed 0 freezes at timeOffset.
        let frozen = basic(from: 0, to: 10, timing: MediaTiming(duration: 1, speed: 0, timeOffset: 0.3))
        #expect(close(frozen.evaluate(at: 1e6, underlying: .scalar(0), previous: nil), 3))
        // Speed 0 everywhere: a paused animation inside a paused layer stays frozen.
        let pausedLayer = TimingChain([MediaTiming(speed: 0, timeOffset: 2), MediaTiming(speed: 0, timeOffset: 1)])
        let inner = basic(from: 0, to: 10, timing: MediaTiming(beginTime: 0.5, duration: 1, speed: 0, timeOffset: 0.6))
        for t in [0.0, 10, 1e9] {
            #expect(close(inner.evaluate(at: pausedLayer.toLocal(t), underlying: .scalar(0), previous: nil), 6))
        }
        #expect(pausedLayer.fromLocal(1) == nil)
        // Negative duration → default 0.25 s.
        let negative = basic(from: 0, to: 10, timing: MediaTiming(duration: -1))
        #expect(close(negative.evaluate(at: 0.125, underlying: .scalar(0), previous: nil), 5))
        // An unknown key path never applies.
        let unknown = AnimationSpec(keyPath: "position.q", kind: .basic(from: .scalar(1), to: .scalar(2), by: nil))
        #expect(unknown.keyPath == nil)
        #expect(unknown.apply(at: 0.1, property: "position", to: .point(.zero), previous: nil) == .point(.zero))
        // Sub-key on a value of the wrong kind: unchanged.
        let x = basic("position.x", from: 0, to: 1)
        #expect(x.apply(at: 0.5, property: "position", to: .scalar(3), previous: nil) == .scalar(3))
        // Value function with a wrong-shaped value: no effect.
        let wrong = AnimationSpec(keyPath: "transform", timing: MediaTiming(duration: 1),
                                  kind: .basic(from: .point(.zero), to: .point(.zero), by: nil), valueFunction: .rotateZ)
        #expect(wrong.evaluate(at: 0.5, underlying: .transform(CATransform3DIdentity), previous: nil) == nil)
    }
}

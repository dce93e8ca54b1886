import Foundation
import Testing
@testable import LaminaCompositor

/// Matrix entries after decompose/recompose: double precision arithmetic, 1e-9 as the brief asks.
private let eps = 1e-9

private func close(_ a: CATransform3D, _ b: CATransform3D, _ tol: Double = eps) -> Bool {
    zip(a.elements, b.elements).allSatisfy { abs($0 - $1) <= tol }
}

private func zAngle(_ m: CATransform3D) -> Double { atan2(Double(m.m12), Double(m.m11)) }

@Suite struct InterpolationTransformTests {
    static let combined: CATransform3D = {
        // scale, then rotate about a tilted axis, then translate, then a perspective projection.
        var m = TransformMath.concat(TransformBuilder.scale(2, 3, 0.5), CATransform3DMakeRotation(0.7, 0.3, 1, 0.2))
        m = TransformMath.concat(m, TransformBuilder.translation(10, -20, 5))
        var p = CATransform3DIdentity
        p.m34 = -1.0 / 500
        return TransformMath.concat(m, p)
    }()

    @Test func concatAndInverseAgreeWithCATransform3D() throws {
        let a = Self.combined, b = CATransform3DMakeRotation(1.1, 1, 0, 0)
        #expect(close(TransformMath.concat(a, b), CATransform3DConcat(a, b)))
        let inv = try #require(TransformMath.inverse(a))
        #expect(close(TransformMath.concat(a, inv), CATransform3DIdentity))
        #expect(TransformMath.inverse(TransformBuilder.scale(0, 1, 1)) == nil)
        #expect(close(TransformMath.power(TransformBuilder.translation(1, 2, 3), 5), TransformBuilder.translation(5, 10, 15)))
        #expect(TransformMath.power(a, 0) == CATransform3DIdentity)
    }

    @Test func decompositionRoundTrips() throws {
        let cases: [CATransform3D] = [
            Self.combined,
            CATransform3DIdentity,
            CATransform3DMakeRotation(.pi, 0, 0, 1),
            CATransform3DMakeRotation(.pi, 1, -1, 0),
            TransformBuilder.scale(-1, 1, 1),  // reflection
            TransformMath.concat(TransformBuilder.scale(1, 1, 1), { var s = CATransform3DIdentity; s.m21 = 0.4; return s }()),  // skew
        ]
        for m in cases {
            let d = try #require(DecomposedTransform(m))
            #expect(close(d.transform, m), "\(m)")
        }
    }

    @Test func combinedTransformRecomposesAtTheEnds() {
        let a = Self.combined
        let b = TransformMath.concat(CATransform3DMakeRotation(-0.4, 0, 0, 1), TransformBuilder.translation(3, 4, 0))
        #expect(close(DecomposedTransform.interpolateMatrices(a, b, 0), a))
        #expect(close(DecomposedTransform.interpolateMatrices(a, b, 1), b))
        // Through the decomposition itself (not the t = 0/1 shortcut).
        let da = DecomposedTransform(a)!, db = DecomposedTransform(b)!
        #expect(close(DecomposedTransform.interpolate(da, db, 0).transform, a))
        #expect(close(DecomposedTransform.interpolate(da, db, 1).transform, b))
        // Perspective m34 survives and interpolates.
        #expect(abs(Double(DecomposedTransform.interpolate(da, da, 0.5).transform.m34) - Double(a.m34)) < eps)
        var pa = CATransform3DIdentity, pb = CATransform3DIdentity
        pa.m34 = -1.0 / 500; pb.m34 = -1.0 / 1000
        let mid = DecomposedTransform.interpolateMatrices(TransformMath.concat(CATransform3DMakeRotation(0.2, 0, 1, 0), pa),
                                                          TransformMath.concat(CATransform3DMakeRotation(0.4, 0, 1, 0), pb), 0.5)
        #expect(abs(Double(mid.m34) - (-0.75 / 500) * cos(0.3)) < 1e-6)
    }

    @Test func halfTurnGoesThroughPositiveQuarterTurn() {
        let m = DecomposedTransform.interpolateMatrices(CATransform3DIdentity, CATransform3DMakeRotation(.pi, 0, 0, 1), 0.5)
        #expect(close(m, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
        #expect(abs(zAngle(m) - .pi / 2) < eps)
        // −π: the rounding of sin(−π) sends it the other way (documented tie rule).
        let n = DecomposedTransform.interpolateMatrices(CATransform3DIdentity, CATransform3DMakeRotation(-.pi, 0, 0, 1), 0.5)
        #expect(abs(zAngle(n) + .pi / 2) < eps)
    }

    @Test func rotationTakesTheShortPath() {
        let to170 = DecomposedTransform.interpolateMatrices(CATransform3DIdentity,
                                                            CATransform3DMakeRotation(170 * .pi / 180, 0, 0, 1), 0.5)
        #expect(abs(zAngle(to170) - 85 * .pi / 180) < eps)
        // 190° is −170°: the short way passes through −85°.
        let to190 = DecomposedTransform.interpolateMatrices(CATransform3DIdentity,
                                                            CATransform3DMakeRotation(190 * .pi / 180, 0, 0, 1), 0.5)
        #expect(abs(zAngle(to190) + 85 * .pi / 180) < eps)
        // And a full turn is no turn at all (reference §9.1.2).
        let full = CATransform3DMakeRotation(2 * .pi, 0, 0, 1)
        #expect(close(DecomposedTransform.interpolateMatrices(CATransform3DIdentity, full, 0.5), CATransform3DIdentity, 1e-9))
    }

    @Test func scaleTranslateInterpolatesElementWiseEvenFromZero() {
        let from = TransformBuilder.scale(0, 0, 1)
        let to = TransformMath.concat(TransformBuilder.scale(2, 4, 1), TransformBuilder.translation(10, 0, 0))
        let mid = DecomposedTransform.interpolateMatrices(from, to, 0.5)
        #expect(close(mid, TransformMath.concat(TransformBuilder.scale(1, 2, 1), TransformBuilder.translation(5, 0, 0))))
    }

    @Test func singularMatricesSwitchAtHalfway() {
        var singular = CATransform3DMakeRotation(0.5, 0, 0, 1)
        singular.m11 = 0; singular.m12 = 0; singular.m13 = 0  // x row collapsed
        let r = CATransform3DMakeRotation(1, 0, 0, 1)
        #expect(DecomposedTransform(singular) == nil)
        #expect(DecomposedTransform.interpolateMatrices(singular, r, 0.49) == singular)
        #expect(DecomposedTransform.interpolateMatrices(singular, r, 0.5) == r)
        var nanM = CATransform3DIdentity
        nanM.m11 = .nan
        #expect(DecomposedTransform(nanM) == nil)
        // m44 = 0 is not singular in the upper 3×3: it decomposes and round-trips.
        var zeroW = CATransform3DIdentity
        zeroW.m44 = 0
        #expect(DecomposedTransform(zeroW)?.transform == zeroW)
    }

    @Test func valueFunctionsBuildApplesMatrices() throws {
        #expect(close(try #require(ValueFunction.rotateZ.transform(for: .scalar(0.3))), CATransform3DMakeRotation(0.3, 0, 0, 1)))
        #expect(close(try #require(ValueFunction.rotateX.transform(for: .scalar(0.3))), CATransform3DMakeRotation(0.3, 1, 0, 0)))
        #expect(close(try #require(ValueFunction.rotateY.transform(for: .scalar(0.3))), CATransform3DMakeRotation(0.3, 0, 1, 0)))
        #expect(try #require(ValueFunction.scale.transform(for: .scalars([2, 3, 4]))) == CATransform3DMakeScale(2, 3, 4))
        #expect(try #require(ValueFunction.scaleY.transform(for: .scalar(5))) == CATransform3DMakeScale(1, 5, 1))
        #expect(try #require(ValueFunction.translate.transform(for: .scalars([1, 2, 3]))) == CATransform3DMakeTranslation(1, 2, 3))
        #expect(try #require(ValueFunction.translateZ.transform(for: .scalar(7))) == CATransform3DMakeTranslation(0, 0, 7))
        #expect(try #require(ValueFunction.translate.transform(for: .point(CGPoint(x: 1, y: 2)))) == CATransform3DMakeTranslation(1, 2, 0))
        #expect(ValueFunction.rotateZ.transform(for: .point(.zero)) == nil)
        #expect(ValueFunction.scale.transform(for: .scalars([1])) == nil)
        #expect(ValueFunction(rawValue: "translateY") == .translateY)
    }

    @Test func transformSubKeysReadAndWrite() throws {
        let m = TransformMath.concat(TransformBuilder.scale(2, 2, 2), TransformMath.concat(TransformBuilder.rotationZ(0.5),
                                                                                       TransformBuilder.translation(3, 4, 5)))
        let v = AnimatableValue.transform(m)
        #expect(abs(try #require(v.component(.rotationZ)?.scalarValue) - 0.5) < eps)
        #expect(abs(try #require(v.component(.scale)?.scalarValue) - 2) < eps)
        #expect(abs(try #require(v.component(.scaleX)?.scalarValue) - 2) < eps)
        #expect(v.component(.translationX) == .scalar(3))
        #expect(v.component(.translation) == .size(CGSize(width: 3, height: 4)))
        // Replace the z rotation, keep scale and translation.
        guard case .transform(let r)? = v.setting(.rotationZ, to: .scalar(1.2)) else { Issue.record("not a transform"); return }
        let expected = TransformMath.concat(TransformBuilder.scale(2, 2, 2), TransformMath.concat(TransformBuilder.rotationZ(1.2),
                                                                                              TransformBuilder.translation(3, 4, 5)))
        #expect(close(r, expected))
        guard case .transform(let t)? = v.setting(.translationX, to: .scalar(-7)) else { Issue.record("not a transform"); return }
        #expect(t.m41 == -7 && t.m42 == 4)
        guard case .transform(let s)? = AnimatableValue.transform(CATransform3DIdentity).setting(.scale, to: .scalar(3)) else {
            Issue.record("not a transform"); return
        }
        #expect(close(s, CATransform3DMakeScale(3, 3, 3)))
        // Rotations about x and y round-trip through the Euler components.
        let tilt = TransformMath.concat(TransformBuilder.rotationX(0.3), TransformBuilder.rotationY(-0.4))
        #expect(abs(try #require(AnimatableValue.transform(tilt).component(.rotationX)?.scalarValue) - 0.3) < eps)
        #expect(abs(try #require(AnimatableValue.transform(tilt).component(.rotationY)?.scalarValue) + 0.4) < eps)
        // A singular parent: translation still settable; rotation set into the identity.
        let flat = AnimatableValue.transform(TransformBuilder.scale(0, 1, 1))
        #expect(flat.component(.rotationZ) == nil)
        guard case .transform(let f)? = flat.setting(.rotationZ, to: .scalar(0.5)) else { Issue.record("not a transform"); return }
        #expect(close(f, TransformBuilder.rotationZ(0.5)))
    }
}

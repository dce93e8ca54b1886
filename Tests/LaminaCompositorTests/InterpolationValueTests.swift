import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// Component arithmetic on exact decimals; 1e-12 absorbs binary rounding.
private let eps = 1e-12

@Suite struct InterpolationValueTests {
    @Test func numericKindsInterpolateComponentWise() {
        #expect(AnimatableValue.lerp(.scalar(2), .scalar(6), 0.25) == .scalar(3))
        #expect(AnimatableValue.lerp(.point(CGPoint(x: 0, y: 10)), .point(CGPoint(x: 10, y: 30)), 0.5)
            == .point(CGPoint(x: 5, y: 20)))
        #expect(AnimatableValue.lerp(.size(CGSize(width: 0, height: 10)), .size(CGSize(width: 10, height: 0)), 0.1)
            == .size(CGSize(width: 1, height: 9)))
        #expect(AnimatableValue.lerp(.rect(CGRect(x: 0, y: 0, width: 10, height: 10)),
                                     .rect(CGRect(x: 10, y: 20, width: 30, height: 50)), 0.5)
            == .rect(CGRect(x: 5, y: 10, width: 20, height: 30)))
        #expect(AnimatableValue.lerp(.scalars([0, 1]), .scalars([1, 3]), 0.5) == .scalars([0.5, 2]))
        #expect(AnimatableValue(CGFloat(1.5)) == .scalar(1.5) && AnimatableValue(Float(0.25)) == .scalar(0.25))
        #expect(AnimatableValue(2.0) == .scalar(2))
        // Extrapolation for overshooting progress.
        #expect(AnimatableValue.lerp(.scalar(0), .scalar(10), 1.2) == .scalar(12))
    }

    @Test func clearToWhiteIsGreyHalfway() throws {
        // Straight-alpha interpolation (documented choice; matches the iOS clear → white artefact).
        guard case .color(let c) = AnimatableValue.lerp(.color(.clear), .color(.white), 0.5) else {
            Issue.record("not a colour"); return
        }
        #expect(c == RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5))
        let colors = AnimatableValue.lerp(.colors([.black, .white]), .colors([.white, .black]), 0.25)
        #expect(colors == .colors([RGBAColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 1),
                                   RGBAColor(red: 0.75, green: 0.75, blue: 0.75, alpha: 1)]))
        let fromCG = RGBAColor(CGColor(gray: 0.5, alpha: 0.25))
        #expect(fromCG == RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.25))
    }

    @Test func discreteAndMismatchedValuesSwitchAtHalfway() {
        #expect(AnimatableValue.lerp(.bool(false), .bool(true), 0.49) == .bool(false))
        #expect(AnimatableValue.lerp(.bool(false), .bool(true), 0.5) == .bool(true))
        let a = AnimatableValue.opaque(OpaqueValue("image-a")), b = AnimatableValue.opaque(OpaqueValue("image-b"))
        #expect(AnimatableValue.lerp(a, b, 0.2) == a)
        #expect(AnimatableValue.lerp(a, b, 0.8) == b)
        #expect(AnimatableValue.lerp(.scalar(1), .point(.zero), 0.7) == .point(.zero))
        #expect(AnimatableValue.lerp(.scalars([1, 2]), .scalars([1, 2, 3]), 0.3) == .scalars([1, 2]))
        #expect(AnimatableValue.lerp(.colors([.black]), .colors([]), 0.6) == .colors([]))
    }

    @Test func pathsInterpolatePointWiseWhenStructuresMatch() {
        let square = PathValue(verbs: [.move, .line, .line, .close],
                               points: [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0), CGPoint(x: 10, y: 10)])
        let bigger = PathValue(verbs: [.move, .line, .line, .close],
                               points: [CGPoint(x: 0, y: 0), CGPoint(x: 20, y: 0), CGPoint(x: 20, y: 30)])
        #expect(square.isWellFormed)
        let mid = PathValue.lerp(square, bigger, 0.5)
        #expect(mid.points == [CGPoint(x: 0, y: 0), CGPoint(x: 15, y: 0), CGPoint(x: 15, y: 20)])
        #expect(mid.verbs == square.verbs)
        let curve = PathValue(verbs: [.move, .quadCurve], points: [.zero, CGPoint(x: 1, y: 1), CGPoint(x: 2, y: 0)])
        #expect(PathValue.lerp(square, curve, 0.4) == square)
        #expect(PathValue.lerp(square, curve, 0.6) == curve)
        #expect(PathValue.distance(square, bigger) > 0 && PathValue.distance(square, curve) == 1)
        #expect(!PathValue(verbs: [.line], points: []).isWellFormed)
    }

    @Test func additionSubtractionAndScaling() throws {
        #expect(AnimatableValue.add(.scalar(2), .scalar(3)) == .scalar(5))
        #expect(AnimatableValue.add(.rect(CGRect(x: 1, y: 2, width: 3, height: 4)), .rect(CGRect(x: 1, y: 1, width: 1, height: 1)))
            == .rect(CGRect(x: 2, y: 3, width: 4, height: 5)))
        #expect(AnimatableValue.difference(from: .point(CGPoint(x: 1, y: 1)), to: .point(CGPoint(x: 4, y: 5)))
            == .point(CGPoint(x: 3, y: 4)))
        #expect(AnimatableValue.scaled(.size(CGSize(width: 1, height: 2)), by: 3) == .size(CGSize(width: 3, height: 6)))
        // Transforms: add = Concat(delta, base); difference/removing invert it.
        let base = AnimatableValue.transform(TransformBuilder.rotationZ(0.3))
        let delta = AnimatableValue.transform(TransformBuilder.translation(5, 0, 0))
        guard case .transform(let sum) = AnimatableValue.add(base, delta) else { Issue.record("kind"); return }
        #expect(sum == TransformMath.concat(TransformBuilder.translation(5, 0, 0), TransformBuilder.rotationZ(0.3)))
        guard case .transform(let d)? = AnimatableValue.difference(from: base, to: .transform(sum)) else { Issue.record("kind"); return }
        #expect(zip(d.elements, TransformBuilder.translation(5, 0, 0).elements).allSatisfy { abs($0 - $1) < 1e-9 })
        guard case .transform(let r)? = AnimatableValue.removing(delta, from: .transform(sum)) else { Issue.record("kind"); return }
        #expect(zip(r.elements, TransformBuilder.rotationZ(0.3).elements).allSatisfy { abs($0 - $1) < 1e-9 })
        #expect(AnimatableValue.difference(from: .transform(TransformBuilder.scale(0, 1, 1)), to: base) == nil)
        // Discrete kinds: the delta wins, and there is no difference.
        #expect(AnimatableValue.add(.bool(false), .bool(true)) == .bool(true))
        #expect(AnimatableValue.difference(from: .bool(false), to: .bool(true)) == nil)
        // Infinite components do not become NaN through zero weights.
        #expect(AnimatableValue.add(.scalar(.infinity), .scalar(1)) == .scalar(.infinity))
    }

    @Test func distances() {
        #expect(AnimatableValue.distance(.scalar(-2), .scalar(3)) == 5)
        #expect(AnimatableValue.distance(.point(.zero), .point(CGPoint(x: 3, y: 4))) == 5)
        #expect(abs(AnimatableValue.distance(.color(.black), .color(.white)) - 3.0.squareRoot()) < eps)
        #expect(AnimatableValue.distance(.bool(true), .bool(true)) == 0)
        #expect(AnimatableValue.distance(.bool(true), .bool(false)) == 1)
        #expect(AnimatableValue.distance(.transform(CATransform3DIdentity), .transform(TransformBuilder.translation(3, 4, 0))) == 5)
    }

    @Test func structSubKeysReadAndWrite() {
        let p = AnimatableValue.point(CGPoint(x: 1, y: 2))
        #expect(p.component(.x) == .scalar(1))
        #expect(p.setting(.y, to: .scalar(9)) == .point(CGPoint(x: 1, y: 9)))
        let r = AnimatableValue.rect(CGRect(x: 1, y: 2, width: 3, height: 4))
        #expect(r.component(.sizeWidth) == .scalar(3))
        #expect(r.setting(.sizeWidth, to: .scalar(30)) == .rect(CGRect(x: 1, y: 2, width: 30, height: 4)))
        #expect(r.setting(.origin, to: .point(CGPoint(x: 7, y: 8))) == .rect(CGRect(x: 7, y: 8, width: 3, height: 4)))
        let s = AnimatableValue.size(CGSize(width: 3, height: -3))
        #expect(s.setting(.height, to: .scalar(5)) == .size(CGSize(width: 3, height: 5)))
        // Sub-keys that do not apply: nil, never a crash.
        #expect(p.component(.width) == nil)
        #expect(p.setting(.x, to: .point(.zero)) == nil)
        #expect(AnimatableValue.bool(true).component(.x) == nil)
    }

    @Test func keyPathsParse() {
        #expect(AnimationKeyPath("position.x") == AnimationKeyPath(property: "position", subKey: .x))
        #expect(AnimationKeyPath("bounds.size.width") == AnimationKeyPath(property: "bounds", subKey: .sizeWidth))
        #expect(AnimationKeyPath("transform.rotation") == AnimationKeyPath(property: "transform", subKey: .rotationZ))
        #expect(AnimationKeyPath("transform.translation.y")?.subKey == .translationY)
        #expect(AnimationKeyPath("shadowOffset.height")?.subKey == .height)
        #expect(AnimationKeyPath("opacity") == AnimationKeyPath(property: "opacity"))
        #expect(AnimationKeyPath("") == nil)
        #expect(AnimationKeyPath(".x") == nil)
        #expect(AnimationKeyPath("position.z") == nil)
    }
}

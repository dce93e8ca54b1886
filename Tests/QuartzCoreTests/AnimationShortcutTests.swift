import Foundation
import Testing
import QuartzCore

/// The spring and keyframe shortcuts (`FastPlan` with a spring, `FastKeyframes`) give what the
/// compositor's general `AnimationSpec.apply` gives, on a grid of times — as
/// `AnimationFastPathTests` checks for basic animations.
@Suite struct AnimationShortcutTests {
    static let cases: [(String, @Sendable () -> CAPropertyAnimation)] = [
        ("spring rotation", {
            let a = CASpringAnimation(keyPath: "transform.rotation.z")
            a.fromValue = 0
            a.toValue = Double.pi / 3
            a.damping = 4
            a.duration = 2
            return a
        }),
        ("spring position repeating", {
            let a = CASpringAnimation(keyPath: "position")
            a.fromValue = CGPoint(x: 0, y: 10)
            a.toValue = CGPoint(x: 80, y: -20)
            a.stiffness = 200
            a.duration = 1.2
            a.repeatCount = 2
            return a
        }),
        ("keyframes rotation with key times", {
            let a = CAKeyframeAnimation(keyPath: "transform.rotation.z")
            a.values = [0, Double.pi / 2, Double.pi, 2 * Double.pi]
            a.keyTimes = [0, 0.2, 0.6, 1]
            a.timingFunctions = [CAMediaTimingFunction(name: .easeIn), CAMediaTimingFunction(name: .linear),
                                 CAMediaTimingFunction(name: .easeOut)]
            a.duration = 3
            return a
        }),
        ("keyframes opacity discrete", {
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = [0.1, 0.9, 0.4]
            a.calculationMode = .discrete
            a.duration = 2
            return a
        }),
        ("keyframes scale paced over a rotation", {
            let a = CAKeyframeAnimation(keyPath: "transform.scale.y")
            a.values = [1, 3, 2, 2.5]
            a.calculationMode = .paced
            a.duration = 2
            return a
        }),
        ("keyframes cubic opacity", {
            let a = CAKeyframeAnimation(keyPath: "opacity")
            a.values = [0, 1, 0.2, 0.8]
            a.calculationMode = .cubic
            a.duration = 2
            a.autoreverses = true
            return a
        }),
        ("keyframes position eased", {
            let a = CAKeyframeAnimation(keyPath: "position")
            a.values = [CGPoint(x: 0, y: 0), CGPoint(x: 50, y: 20), CGPoint(x: 10, y: 90)]
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            a.duration = 2
            a.fillMode = .forwards
            return a
        }),
    ]

    @Test(arguments: cases.indices) func shortcutsMatchTheGeneralPath(_ index: Int) throws {
        let (name, make) = Self.cases[index]
        let anim = make()
        anim.beginTime = 10
        try AnimationFastPathTests.expectShortcutMatchesGeneralPath(name, anim, steps: 50)
    }

    @Test func keyframesWithNonFiniteValuesLeaveTheShortcut() throws {
        // The identity cannot take a NaN angle: the general path decides, as before shortcuts.
        let scene = AnimatedScene(at: 0)
        let a = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        a.values = [0, Double.nan, 1]
        a.duration = 1
        a.beginTime = 10
        scene.add(a, forKey: "a", at: 10)
        let runtime = try #require(scene.layer.animation(forKey: "a")?.runtime)
        let property = try #require(runtime.properties.first).accessor
        let model = try #require(property.read(scene.layer))
        for t in [10.25, 10.5, 10.75] {
            let presented = try #require(scene.presented(at: t))
            let general = runtime.spec.apply(at: t, property: "transform", to: model, previous: nil)
            // NaN ≠ NaN, so the values are compared as text.
            #expect(String(describing: property.read(presented)) == String(describing: Optional(general)), "at \(t)")
        }
    }
}

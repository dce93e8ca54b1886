import Foundation
import Testing
import QuartzCore

/// The engine's shortcuts (`FastBasic`, identity transform components, cached components) give
/// what the compositor's general `AnimationSpec.apply` gives, on a grid of times.
@Suite struct AnimationFastPathTests {
    static let cases: [(String, @Sendable () -> CABasicAnimation)] = [
        ("scalar eased", {
            let a = basic("opacity", from: 0.2, to: 0.9, duration: 1.5)
            a.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
            return a
        }),
        ("point repeating", {
            let a = basic("position", from: CGPoint(x: 1, y: 2), to: CGPoint(x: 30, y: -40), duration: 0.7)
            a.repeatCount = 2.5
            a.autoreverses = true
            return a
        }),
        ("size fill both", {
            let a = basic("shadowOffset", from: CGSize(width: 1, height: 2), to: CGSize(width: 5, height: 9))
            a.fillMode = .both
            a.beginTime = 2
            return a
        }),
        ("rect with offset", {
            let a = basic("bounds", from: CGRect(x: 0, y: 0, width: 1, height: 1), to: CGRect(x: 4, y: 5, width: 60, height: 70))
            a.timeOffset = 0.3
            return a
        }),
        ("colour", { basic("backgroundColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 0.5),
                           to: CGColor(red: 0, green: 1, blue: 1, alpha: 1)) }),
        ("rotation component", {
            let a = basic("transform.rotation.z", from: 0, to: 4 * Double.pi, duration: 2)
            a.timingFunction = CAMediaTimingFunction(name: .easeIn)
            return a
        }),
        ("scale component over a rotation", { basic("transform.scale.x", from: 0.5, to: 3) }),
    ]

    @Test(arguments: cases.indices) func shortcutsMatchTheGeneralPath(_ index: Int) throws {
        let (name, make) = Self.cases[index]
        let anim = make()
        anim.beginTime = anim.beginTime == 0 ? 10 : 10 + anim.beginTime
        try Self.expectShortcutMatchesGeneralPath(name, anim, steps: 40)
    }

    /// Adds `animation` (its `beginTime` already set) at media time 10 to a layer — rotated by
    /// 0.7 rad about z first when `name` says "over a rotation" — expects it to take an
    /// evaluation shortcut, and compares its presented value with the general path's
    /// (`AnimationSpec.apply`) at 9.5 s and every 0.1 s after, `steps` steps (within `close`).
    static func expectShortcutMatchesGeneralPath(_ name: String, _ animation: CAPropertyAnimation, steps: Int,
                                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        let overRotation = name.contains("over a rotation")
        let scene = AnimatedScene(at: 0) { l in
            if overRotation { l.transform = CATransform3DMakeRotation(0.7, 0, 0, 1) }
        }
        scene.add(animation, forKey: "a", at: 10)
        let attached = try #require(scene.layer.animation(forKey: "a"), sourceLocation: sourceLocation)
        let runtime = try #require(attached.runtime, sourceLocation: sourceLocation)
        #expect(runtime.fast != nil, "\(name) takes the shortcut", sourceLocation: sourceLocation)
        let animated = try #require(runtime.properties.first, sourceLocation: sourceLocation)
        let property = animated.accessor
        let modelValue = try #require(property.read(scene.layer) ?? animated.neutral, sourceLocation: sourceLocation)
        for step in 0...steps {
            let t = 9.5 + Double(step) * 0.1
            let presented = try #require(scene.presented(at: t), sourceLocation: sourceLocation)
            let general = runtime.spec.apply(at: t, property: property.key, to: modelValue, previous: nil)
            let got = try #require(property.read(presented) ?? animated.neutral, sourceLocation: sourceLocation)
            #expect(close(got, general), "\(name) at \(t): \(got) vs \(general)", sourceLocation: sourceLocation)
        }
    }

    static func close(_ a: AnimatableValue, _ b: AnimatableValue) -> Bool {
        let tol = 1e-9
        switch (a, b) {
        case (.scalar(let x), .scalar(let y)): return abs(x - y) < 1e-6  // opacity is stored as Float
        case (.point(let p), .point(let q)): return abs(p.x - q.x) < tol && abs(p.y - q.y) < tol
        case (.size(let p), .size(let q)): return abs(p.width - q.width) < tol && abs(p.height - q.height) < tol
        case (.rect(let p), .rect(let q)):
            return abs(p.minX - q.minX) < tol && abs(p.minY - q.minY) < tol && abs(p.width - q.width) < tol
                && abs(p.height - q.height) < tol
        case (.color(let p), .color(let q)):
            return abs(p.red - q.red) < tol && abs(p.green - q.green) < tol && abs(p.blue - q.blue) < tol
                && abs(p.alpha - q.alpha) < tol
        case (.transform(let p), .transform(let q)):
            return zip(p.elements, q.elements).allSatisfy { abs($0 - $1) < tol }
        default: return false
        }
    }
}

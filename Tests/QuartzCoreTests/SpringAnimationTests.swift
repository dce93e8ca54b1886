import Foundation
import Testing
import QuartzCore

/// CASpringAnimation (reference §9.3, vectors §11.6).
@Suite struct SpringAnimationTests {
    @Test func settlingDurations() {
        let s = CASpringAnimation()
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0 && !s.allowsOverdamping)
        #expect(abs(s.settlingDuration - 1.4727) < 1e-3)
        s.damping = 5
        #expect(abs(s.settlingDuration - 2.855) < 1e-3, "Apple: about 2.85 s")
        s.damping = 15
        #expect(abs(s.settlingDuration - 1.0221) < 1e-3)
        s.speed = 2
        #expect(abs(s.settlingDuration - 1.0221 / 2) < 1e-3, "divided by the speed")
        #expect(abs(s.perceptualDuration - 0.6283) < 1e-4)
        s.damping = 10
        #expect(abs(s.bounce - 0.5) < 1e-9)
    }

    @Test func perceptualInitialiser() {
        let s = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(s.stiffness - 157.9137) < 1e-3 && abs(s.damping - 17.5929) < 1e-3 && s.mass == 1)
        #expect(s.allowsOverdamping && s.duration == s.settlingDuration && s.duration > 0)
        #expect(abs(s.perceptualDuration - 0.5) < 1e-9 && abs(s.bounce - 0.3) < 1e-9)
        let c = s.copy() as? CASpringAnimation
        #expect(c?.stiffness == s.stiffness && c?.damping == s.damping && c?.allowsOverdamping == true)
        // Bad input gives the documented defaults instead of NaN.
        let bad = CASpringAnimation(perceptualDuration: .nan, bounce: 0)
        #expect(bad.stiffness == 100 && bad.damping == 10 && bad.settlingDuration.isFinite)
    }

    @Test func springProgressThroughALayer() throws {
        let scene = AnimatedScene(at: 0)
        let s = CASpringAnimation(keyPath: "zPosition")
        s.fromValue = 0
        s.toValue = 1
        s.duration = s.settlingDuration
        s.timingFunction = CAMediaTimingFunction(name: .easeIn)  // ignored by springs
        scene.add(s, forKey: "s", at: 1)
        for (t, p) in [(0.05, 0.104405), (0.1, 0.340300), (0.3, 1.124355), (0.5, 1.074591), (1.0, 1.002170)] {
            #expect(abs(try #require(scene.presented(at: 1 + t)).zPosition - p) < 1e-6, "t = \(t)")
        }
        let fast = CASpringAnimation(keyPath: "position.x")
        fast.fromValue = 0
        fast.toValue = 100
        fast.initialVelocity = 5
        fast.duration = 2
        scene.add(fast, forKey: "v", at: 1)
        #expect(abs(try #require(scene.presented(at: 1.2)).position.x - 105.9065) < 1e-3)
        let wild = CASpringAnimation(keyPath: "zPosition")
        wild.fromValue = 0
        wild.toValue = 1
        wild.mass = -3
        wild.stiffness = 0
        wild.damping = .nan
        wild.duration = 2
        scene.add(wild, forKey: "s", at: 5)
        #expect(abs(try #require(scene.presented(at: 5.3)).zPosition - 1.124355) < 1e-6, "reset to the defaults")
    }

    @Test func overdampedSprings() throws {
        let scene = AnimatedScene(at: 0)
        let s = CASpringAnimation(keyPath: "zPosition")
        s.fromValue = 0
        s.toValue = 1
        s.damping = 30
        s.duration = 5
        scene.add(s, forKey: "critical", at: 1)
        #expect(abs(try #require(scene.presented(at: 1.2)).zPosition - 0.593994) < 1e-6, "treated as critical")
        let o = try #require(s.copy() as? CASpringAnimation)
        o.allowsOverdamping = true
        scene.add(o, forKey: "critical", at: 3)
        #expect(abs(try #require(scene.presented(at: 3.2)).zPosition - 0.455504) < 1e-6)
    }
}

import Foundation
import Testing
@testable import UIKit

@Suite struct UIViewAnimationTests {
    @Test func animateMakesBasicAnimationsWithTheCurveDurationAndOldValue() throws {
        let f = try UIKitFixture()
        f.now {
            UIView.animate(withDuration: 0.4, delay: 0, options: [.curveEaseIn], animations: {
                f.child.alpha = 0.2
                f.child.center = CGPoint(x: 100, y: 100)
            })
        }
        let opacity = f.child.layer.animation(forKey: "opacity") as? CABasicAnimation
        #expect(opacity?.keyPath == "opacity")
        #expect(opacity?.duration == 0.4)
        #expect(opacity?.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect((opacity?.fromValue as? NSNumber)?.floatValue == 1)
        let position = f.child.layer.animation(forKey: "position") as? CABasicAnimation
        #expect(position?.fromValue as? CGPoint == CGPoint(x: 50, y: 50))
        #expect(f.child.layer.opacity == Float(0.2))
        // Once finished they are removed; outside a block, changes do not animate.
        f.host.runFrames(30)
        #expect(f.child.layer.animationKeys() == nil)
        f.now { f.child.alpha = 0.7 }
        #expect(f.child.layer.animationKeys() == nil)
    }

    @Test func changesOutsideBlocksDoNotAnimate() throws {
        let f = try UIKitFixture()
        f.now { f.child.backgroundColor = UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
        #expect(f.child.layer.animationKeys() == nil)
        f.now {
            UIView.performWithoutAnimation { UIView.animate(withDuration: 1) { f.child.alpha = 0 } }
        }
        #expect(f.child.layer.animationKeys() == nil)
        UIView.setAnimationsEnabled(false)
        f.now { UIView.animate(withDuration: 1) { f.child.alpha = 0.5 } }
        UIView.setAnimationsEnabled(true)
        #expect(UIView.areAnimationsEnabled)
        #expect(f.child.layer.animationKeys() == nil)
    }

    @Test func beginFromCurrentStateStartsAtThePresentedValue() throws {
        let f = try UIKitFixture()
        f.now { UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { f.child.alpha = 0 }) }
        f.host.runFrames(30)   // half way: presented 0.5
        f.now {
            UIView.animate(withDuration: 1, delay: 0, options: .beginFromCurrentState, animations: { f.child.alpha = 1 })
        }
        let from = (f.child.layer.animation(forKey: "opacity") as? CABasicAnimation)?.fromValue as? NSNumber
        #expect(abs((from?.doubleValue ?? 0) - 0.5) < 0.05)
    }

    @Test func completionReportsFinishedOrInterrupted() throws {
        let f = try UIKitFixture()
        var results: [Bool] = []
        f.now {
            UIView.animate(withDuration: 0.2, animations: { f.child.alpha = 0.5 }, completion: { results.append($0) })
        }
        f.host.runFrames(20)
        #expect(results == [true])
        f.now {
            UIView.animate(withDuration: 1, animations: { f.child.alpha = 0 }, completion: { results.append($0) })
        }
        f.host.runFrames(5)
        f.now { f.child.layer.removeAllAnimations() }
        f.host.runFrames(2)
        #expect(results == [true, false])
    }

    @Test func repeatAndAutoreverseAndDelay() throws {
        let f = try UIKitFixture()
        f.now {
            UIView.animate(withDuration: 0.5, delay: 0.25, options: [.repeat, .autoreverse], animations: { f.child.alpha = 0 })
        }
        let a = f.child.layer.animation(forKey: "opacity")
        #expect(a?.repeatCount == .infinity)
        #expect(a?.autoreverses == true)
        #expect((a?.beginTime ?? 0) > 0)
        #expect(a?.fillMode == .both)
    }

    @Test func springsMapTheDampingRatio() throws {
        let f = try UIKitFixture()
        f.now {
            UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 2,
                           options: [], animations: { f.child.center = CGPoint(x: 150, y: 50) })
        }
        let spring = f.child.layer.animation(forKey: "position") as? CASpringAnimation
        #expect(spring != nil)
        #expect(spring?.duration == 0.8)
        #expect(spring?.mass == 1)
        #expect(spring?.initialVelocity == 2)
        let omega = (spring?.stiffness ?? 0).squareRoot()
        // ζ = damping / (2 √(k m)) is the ratio given; the envelope e^(-ζ ω t) is 0.1 % at 0.8 s.
        #expect(abs((spring?.damping ?? 0) / (2 * omega) - 0.5) < 1e-9)
        #expect(abs(exp(-0.5 * omega * 0.8) - 0.001) < 1e-6)
        #expect(spring?.fromValue as? CGPoint == CGPoint(x: 50, y: 50))
        // NaN damping counts as 1 and never traps.
        f.now {
            UIView.animate(withDuration: 0.3, delay: 0, usingSpringWithDamping: .nan, initialSpringVelocity: .nan,
                           options: [], animations: { f.child.alpha = 0.5 })
        }
        let critical = f.child.layer.animation(forKey: "opacity") as? CASpringAnimation
        #expect(critical?.initialVelocity == 0)
        #expect(abs((critical?.damping ?? 0) / (2 * (critical?.stiffness ?? 1).squareRoot()) - 1) < 1e-9)
    }
}

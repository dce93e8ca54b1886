import Foundation
import Testing
@testable import UIKit

@Suite struct UIViewKeyframeAnimationTests {
    @Test func keyframesBecomeOneKeyframeAnimationPerProperty() throws {
        let f = try UIKitFixture()
        var finished: Bool?
        f.now {
            UIView.animateKeyframes(withDuration: 2, delay: 0, options: [.calculationModeCubic], animations: {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.25) { f.child.alpha = 0.5 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { f.child.alpha = 0 }
                UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) {
                    f.child.center = CGPoint(x: 100, y: 50)
                }
            }, completion: { finished = $0 })
        }
        let alpha = f.child.layer.animation(forKey: "opacity") as? CAKeyframeAnimation
        #expect(alpha?.duration == 2)
        #expect(alpha?.calculationMode == .cubic)
        #expect(alpha?.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(alpha?.values?.compactMap { ($0 as? NSNumber)?.doubleValue } == [1, 0.5, 0.5, 0])
        #expect(alpha?.keyTimes?.map(\.doubleValue) == [0, 0.25, 0.5, 1])
        let position = f.child.layer.animation(forKey: "position") as? CAKeyframeAnimation
        #expect(position?.values?.compactMap { $0 as? CGPoint } == [CGPoint(x: 50, y: 50), CGPoint(x: 50, y: 50),
                                                                    CGPoint(x: 100, y: 50), CGPoint(x: 100, y: 50)])
        #expect(position?.keyTimes?.map(\.doubleValue) == [0, 0.25, 0.75, 1])
        #expect(f.child.alpha == 0)
        f.host.runFrames(130)
        #expect(finished == true)
    }

    @Test func badRelativeTimesAreClampedAndLinearCurveApplies() throws {
        let f = try UIKitFixture()
        let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
        f.now {
            UIView.animateKeyframes(withDuration: 1, delay: 0, options: [linear, .calculationModePaced], animations: {
                UIView.addKeyframe(withRelativeStartTime: .nan, relativeDuration: 3) { f.child.alpha = 0.2 }
            })
        }
        let alpha = f.child.layer.animation(forKey: "opacity") as? CAKeyframeAnimation
        #expect(alpha?.keyTimes?.map(\.doubleValue) == [0, 1])
        #expect(alpha?.calculationMode == .paced)
        #expect(alpha?.timingFunction == CAMediaTimingFunction(name: .linear))
    }
}

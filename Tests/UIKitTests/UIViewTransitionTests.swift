import Foundation
import Testing
@testable import UIKit

@Suite struct UIViewTransitionTests {
    @Test func transitionStylesMapToCATransitions() throws {
        let f = try UIKitFixture()
        let cases: [(UIView.AnimationOptions, CATransitionType, CATransitionSubtype?)] = [
            (.transitionCrossDissolve, .fade, nil),
            (.transitionFlipFromLeft, .flip, .fromLeft),
            (.transitionFlipFromRight, .flip, .fromRight),
            (.transitionFlipFromTop, .flip, .fromTop),
            (.transitionFlipFromBottom, .flip, .fromBottom),
            (.transitionCurlUp, .pageCurl, .fromBottom),
            (.transitionCurlDown, .pageUnCurl, .fromBottom),
        ]
        for (option, type, subtype) in cases {
            f.now {
                UIView.transition(with: f.child, duration: 0.5, options: option, animations: {
                    f.child.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
                })
            }
            let t = f.child.layer.animation(forKey: kCATransition) as? CATransition
            #expect(t?.type == type)
            #expect(t?.subtype == subtype)
            #expect(t?.duration == 0.5)
            // The change itself is not animated (no allowAnimatedContent).
            #expect(f.child.layer.animation(forKey: "backgroundColor") == nil)
            f.host.runFrames(40)
        }
    }

    @Test func transitionFromToSwapsTheViews() throws {
        let f = try UIKitFixture()
        let other = UIView(frame: f.child.frame)
        var done: Bool?
        f.now {
            UIView.transition(from: f.child, to: other, duration: 0.3, options: .transitionFlipFromLeft,
                              completion: { done = $0 })
        }
        #expect(f.child.superview == nil)
        #expect(other.superview === f.controller.view)
        #expect((f.controller.view.layer.animation(forKey: kCATransition) as? CATransition)?.type == .flip)
        f.host.runFrames(30)
        #expect(done == true)
        // Show/hide instead of remove/add.
        let third = UIView()
        f.now { f.controller.view.addSubview(third) }
        f.now {
            UIView.transition(from: other, to: third, duration: 0.3,
                              options: [.transitionCrossDissolve, .showHideTransitionViews])
        }
        #expect(other.superview != nil && other.isHidden && !third.isHidden)
    }
}

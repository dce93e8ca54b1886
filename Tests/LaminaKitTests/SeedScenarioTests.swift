import Foundation
import Testing
@testable import LaminaKit

/// Seeds 000 and 001 played headlessly. Seed 000 ("foldWithPinch"): a pinch folds two page
/// layers, following the fingers with actions disabled, and on release they unfold with an
/// animation whose completion block removes the curtain view. Seed 001: taps fold by
/// increments with implicit animations, a two-finger tap unfolds.
@Suite struct SeedScenarioTests {
    final class FoldController {
        let root: View
        let curtain: View
        let leftPage = CALayer(), rightPage = CALayer()
        var lastScale: CGFloat = 1
        var completed = false

        init(root: View) {
            self.root = root
            curtain = View(frame: root.bounds)
            let size = root.bounds.size
            for (page, anchor) in [(leftPage, CGPoint(x: 1, y: 0.5)), (rightPage, CGPoint(x: 0, y: 0.5))] {
                page.anchorPoint = anchor
                page.position = CGPoint(x: size.width / 2, y: size.height / 2)
                page.bounds = CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)
                curtain.layer.addSublayer(page)
            }
        }

        static func perspective() -> CATransform3D {
            var t = CATransform3DIdentity
            t.m34 = 1.0 / -2000
            return t
        }

        func foldWithPinch(_ p: PinchGestureRecognizer) {
            if p.state == .began {
                root.isUserInteractionEnabled = false
                root.addSubview(curtain)
            }
            let scale = min(1, max(0.48, p.scale))
            lastScale = scale
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            leftPage.transform = CATransform3DRotate(CATransform3DScale(Self.perspective(), scale, scale, scale), (1 - scale) * .pi, 0, 1, 0)
            rightPage.transform = CATransform3DRotate(CATransform3DScale(Self.perspective(), scale, scale, scale), -(1 - scale) * .pi, 0, 1, 0)
            CATransaction.commit()
            if p.state == .ended {
                CATransaction.begin()
                CATransaction.setCompletionBlock {
                    self.root.isUserInteractionEnabled = true
                    self.curtain.removeFromSuperview()
                    self.completed = true
                }
                CATransaction.setAnimationDuration(0.5 / scale)
                leftPage.transform = CATransform3DIdentity
                rightPage.transform = CATransform3DIdentity
                CATransaction.commit()
            }
        }
    }

    @Test func pinchFoldsFollowingTheFingersAndUnfoldsWithAnimationOnRelease() throws {
        let f = try ViewFixture()
        let controller = FoldController(root: f.root)
        let pinch = PinchGestureRecognizer()
        pinch.addTarget(controller, action: FoldController.foldWithPinch)
        f.root.addGestureRecognizer(pinch)

        // Fingers from 150 pt apart to 45 pt (scale 0.3, clamped to 0.48).
        f.input.pinch(centre: CGPoint(x: 100, y: 100), from: 150, to: 45, steps: 10, release: false)
        #expect(controller.curtain.superview === f.root)
        #expect(!f.root.isUserInteractionEnabled)
        #expect(controller.lastScale == 0.48)
        // Following the fingers: no animation lags behind them.
        #expect(controller.leftPage.animationKeys() == nil)
        let m = controller.leftPage.transform
        #expect(abs(m.m11 - 0.48 * cos(0.52 * .pi)) < 1e-9)

        f.input.touches(.ended, [(2001, CGPoint(x: 77.5, y: 100)), (2002, CGPoint(x: 122.5, y: 100))])
        let unfold = controller.leftPage.animation(forKey: "transform")
        #expect(abs((unfold?.duration ?? 0) - 0.5 / 0.48) < 1e-9)
        #expect(!controller.completed)
        f.input.wait(0.5)
        #expect(!controller.completed)
        #expect(controller.curtain.superview != nil)
        f.input.wait(0.6)
        #expect(controller.completed)
        #expect(controller.curtain.superview == nil)
        #expect(f.root.isUserInteractionEnabled)
    }

    /// Seed 001: one-finger taps fold the pages by increments, animated implicitly (they are
    /// plain layers inside a view); a two-finger tap unfolds and removes the curtain view.
    final class TapFoldController {
        let root: View
        let curtain: View
        let leftPage = CALayer(), rightPage = CALayer()

        init(root: View) {
            self.root = root
            curtain = View(frame: root.bounds)
            let size = root.bounds.size
            leftPage.anchorPoint = CGPoint(x: 1, y: 0.5)
            rightPage.anchorPoint = CGPoint(x: 0, y: 0.5)
            for page in [leftPage, rightPage] {
                page.position = CGPoint(x: size.width / 2, y: size.height / 2)
                page.bounds = CGRect(x: 0, y: 0, width: size.width / 2, height: size.height)
                curtain.layer.addSublayer(page)
            }
        }

        func fold(_ gr: TapGestureRecognizer) {
            leftPage.transform = CATransform3DRotate(CATransform3DScale(leftPage.transform, 0.95, 0.95, 0.95), 7.5 * .pi / 180, 0, 1, 0)
            rightPage.transform = CATransform3DRotate(CATransform3DScale(rightPage.transform, 0.95, 0.95, 0.95), -7.5 * .pi / 180, 0, 1, 0)
            root.addSubview(curtain)
        }

        func unfold(_ gr: TapGestureRecognizer) {
            leftPage.transform = CATransform3DIdentity
            rightPage.transform = CATransform3DIdentity
            curtain.removeFromSuperview()
        }
    }

    @Test func tapsFoldWithImplicitAnimationAndTwoFingersUnfold() throws {
        let f = try ViewFixture()
        let controller = TapFoldController(root: f.root)
        let foldTap = TapGestureRecognizer(), unfoldTap = TapGestureRecognizer()
        foldTap.addTarget(controller, action: TapFoldController.fold)
        unfoldTap.addTarget(controller, action: TapFoldController.unfold)
        unfoldTap.numberOfTouchesRequired = 2
        f.root.addGestureRecognizer(foldTap)
        f.root.addGestureRecognizer(unfoldTap)

        // The first tap adds the curtain (its pages are not committed yet: no animation).
        f.input.tap(at: CGPoint(x: 100, y: 100))
        #expect(controller.curtain.superview === f.root)
        f.input.wait(0.1)
        // The second tap folds further: the plain page layers animate implicitly, 0.25 s.
        f.input.tap(at: CGPoint(x: 100, y: 100))
        let anim = controller.leftPage.animation(forKey: "transform")
        #expect(anim?.duration == 0.25)
        #expect(controller.leftPage.transform.m11 < 0.95 * 0.95 + 1e-9)
        f.input.wait(0.4)
        #expect(controller.leftPage.animationKeys() == nil)

        f.input.tap(at: CGPoint(x: 100, y: 100), fingers: 2)
        #expect(controller.curtain.superview == nil)
        #expect(CATransform3DIsIdentity(controller.leftPage.transform))
    }
}

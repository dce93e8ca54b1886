import Foundation
import Testing
import UIKit
@testable import UIKitCorpus

/// Corpus programs that react to the user: their touch handlers call a method (`flip()`,
/// `toggleLike()`, `addRipple(at:)`, `toggle()`, `setOn(_:animated:)`, `showNextPage()`),
/// which the script calls directly at the time of the tap. View controllers fill the screen
/// (375 × 667 pt) as on a device; the goldens show the part where the program draws.
@Suite struct CorpusInteractionTests {
    @Test func cardFlip() throws {
        let controller = CardFlipViewController()
        let stage = CorpusStage(controller: controller, steps: [(0.2, controller.flip), (1.2, controller.flip)])
        let play = CorpusPlay("CardFlip", stage, viewport: CGRect(x: 0, y: 0, width: 160, height: 160), scale: 0.8)
        try play.golden("front", at: 0.1)
        try play.golden("turning", at: 0.35)
        try play.golden("back", at: 1.0)
        try play.golden("turning-back", at: 1.55)
    }

    @Test func cardFlip3D() throws {
        let view = CardFlip3DView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("CardFlip3D", CorpusStage(view: view, steps: [(0.1, { view.flip() })]))
        try play.golden("front", at: 0.05)
        try play.golden("turning", at: 0.5)
        try play.golden("past-edge", at: 0.85)  // more than a quarter turn: the back faces us
        try play.golden("back", at: 1.5)
    }

    @Test func heartLike() throws {
        let view = HeartLikeView(frame: CGRect(x: 0, y: 0, width: 96, height: 96))
        let play = CorpusPlay("HeartLike", CorpusStage(view: view, steps: [(0.1, view.toggleLike)]))
        try play.golden("outline", at: 0.05)
        try play.golden("popping", at: 0.25)   // scale near 1.35, half filled
        try play.golden("liked", at: 0.8)
        #expect(view.isLiked)
    }

    @Test func rippleTap() throws {
        let view = RippleView(frame: CGRect(x: 0, y: 0, width: 128, height: 96))
        view.backgroundColor = .systemBlue
        let play = CorpusPlay("RippleTap", CorpusStage(view: view, steps: [
            (0.1, { view.addRipple(at: CGPoint(x: 40, y: 40)) }),
            (0.3, { view.addRipple(at: CGPoint(x: 100, y: 70)) }),
        ]))
        try play.golden("first", at: 0.2)
        try play.golden("two", at: 0.45)
        #expect(view.layer.sublayers?.count == 2)
        play.advance(to: 0.8)
        #expect(view.layer.sublayers?.count == 1)   // the first removed itself in its completion block
        play.advance(to: 1.0)
        #expect(view.layer.sublayers ?? [] == [])
    }

    @Test func toggleSwitch() throws {
        let view = ToggleSwitchView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        let play = CorpusPlay("ToggleSwitch", CorpusStage(view: view, steps: [
            (0.1, { view.setOn(true, animated: true) }),
            (0.6, { view.setOn(false, animated: true) }),
            (0.7, { view.setOn(true, animated: true) }),  // from the current state, mid-way
        ]))
        try play.golden("off", at: 0.05)
        try play.golden("sliding", at: 0.22)
        try play.golden("on", at: 0.5)
        try play.golden("turned-back", at: 0.7)
        play.advance(to: 1.2)
        #expect(view.isOn)
    }

    @Test func expandingMenu() throws {
        let controller = ExpandingMenuViewController()
        let stage = CorpusStage(controller: controller, steps: [(0.1, controller.toggle), (1.2, controller.toggle)])
        // The button sits 36 pt from the screen's bottom-right corner.
        let corner = CGRect(x: 375 - 160, y: 667 - 160, width: 160, height: 160)
        let play = CorpusPlay("ExpandingMenu", stage, viewport: corner, scale: 0.8)
        try play.golden("closed", at: 0.05)
        try play.golden("opening", at: 0.3)
        try play.golden("open", at: 1.0)
        #expect(controller.isOpen)
        try play.golden("closing", at: 1.4)
        #expect(!controller.isOpen)
    }

    @Test func pageTransition() throws {
        let controller = OnboardingViewController()
        let stage = CorpusStage(controller: controller, steps: [(0.1, controller.showNextPage)])
        let middle = CGRect(x: 375 / 2 - 80, y: 667 / 2 - 80, width: 160, height: 160)
        let play = CorpusPlay("PageTransition", stage, viewport: middle, scale: 0.8)
        try play.golden("first", at: 0.05)
        try play.golden("mid-push", at: 0.35)
        try play.golden("second", at: 0.7)
        #expect(controller.currentPage == 1)
    }

    @Test func springDrop() throws {
        let view = SpringDropView(frame: CGRect(x: 0, y: 0, width: 128, height: 96))
        let play = CorpusPlay("SpringDrop", CorpusStage(view: view, steps: [(0.1, view.drop)]))
        try play.golden("above", at: 0.12)
        try play.golden("overshoot", at: 0.45)
        try play.golden("settled", at: 3.0)
    }

    @Test func animationSequence() throws {
        let controller = AnimationSequenceViewController()
        let stage = CorpusStage(controller: controller)
        // The box runs along y = 80 to the middle of the screen's width.
        let play = CorpusPlay("AnimationSequence", stage, viewport: CGRect(x: 375 / 2 - 80, y: 0, width: 160, height: 160),
                              scale: 0.8)
        try play.golden("sliding", at: 0.3)
        #expect(controller.finishedSteps == [])
        try play.golden("spring", at: 0.75)
        #expect(controller.finishedSteps == ["slide"])
        try play.golden("turned", at: 1.8)
        try play.golden("pink-returning", at: 2.3)
        play.advance(to: 2.8)
        #expect(controller.finishedSteps == ["slide", "spring", "keyframes"])
        #expect(controller.box.transform == .identity)
        #expect(abs(controller.box.alpha - 0.6) < 1e-6)  // stored as the layer's Float opacity, as on iOS
    }
}

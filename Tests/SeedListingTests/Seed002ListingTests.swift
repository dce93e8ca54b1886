import Foundation
import Testing
import QuartzCore
@testable import UIKit
import _LaminaTestSupport

/// Seed 002's listings (chapter 7, "Implicit animations"), each run on a headless screen and
/// checked against what the chapter says happens. The colours are random, as in the book, so
/// the checks compare with the new model colour rather than a fixed one.
@Suite struct Seed002ListingTests {
    let blue = UIColor.blue.cgColor

    /// The book's `changeColor` button, tapped in a turn `at` seconds after the stage was set up.
    private func tap(_ stage: ListingStage, at t: CFTimeInterval, _ action: () -> Void) {
        stage.run(until: t)
        stage.perform(action)
    }

    @Test func listing7_1ColourChangeAnimatesImplicitlyForAQuarterSecond() throws {
        let vc = Listing7_1ViewController()
        let stage = try ListingStage(vc)
        let layer = try #require(vc.colorLayer)
        tap(stage, at: 0.5) { vc.changeColor(vc) }
        let newColor = layer.backgroundColor
        #expect(!sameColor(newColor, blue))

        let animation = try #require(layer.animation(forKey: "backgroundColor") as? CABasicAnimation)
        #expect(animation.keyPath == "backgroundColor")
        #expect(animation.duration == 0.25)
        #expect(sameColor(animation.fromValue.flatMap { $0 as? CGColor }, blue))

        stage.run(until: 0.5 + 0.125)
        let midway = stage.now { layer.presentation()?.backgroundColor }
        #expect(!sameColor(midway, blue) && !sameColor(midway, newColor))
        stage.run(until: 0.5 + 0.26)
        #expect(sameColor(stage.now { layer.presentation()?.backgroundColor }, newColor))
    }

    @Test func listing7_1LayerNotYetCommittedDoesNotAnimate() {
        // Before its first commit a layer has no presentation and no implicit animation (§5.3.1):
        // the listing's layer is created and coloured in viewDidLoad without a transition from
        // some earlier colour.
        let vc = Listing7_1ViewController()
        vc.loadViewIfNeeded()
        #expect(vc.colorLayer.animationKeys() ?? [] == [])
        #expect(vc.colorLayer.presentation() == nil)
    }

    @Test func listing7_2TransactionDurationMakesTheChangeTakeOneSecond() throws {
        let vc = Listing7_2ViewController()
        let stage = try ListingStage(vc)
        let layer = try #require(vc.colorLayer)
        tap(stage, at: 0.5) { vc.changeColor(vc) }
        let newColor = layer.backgroundColor

        let animation = try #require(layer.animation(forKey: "backgroundColor") as? CABasicAnimation)
        #expect(animation.duration == 1.0)
        // Still changing when the default 0.25 s would have ended, done after 1 s.
        stage.run(until: 0.5 + 0.3)
        let changing = stage.now { layer.presentation()?.backgroundColor }
        #expect(!sameColor(changing, blue) && !sameColor(changing, newColor))
        stage.run(until: 0.5 + 0.9)
        #expect(!sameColor(stage.now { layer.presentation()?.backgroundColor }, newColor))
        stage.run(until: 0.5 + 1.01)
        #expect(sameColor(stage.now { layer.presentation()?.backgroundColor }, newColor))
    }

    @Test func listing7_2WithDisableActionsDoesNotAnimate() throws {
        let vc = Listing7_2DisabledViewController()
        let stage = try ListingStage(vc)
        let layer = try #require(vc.colorLayer)
        tap(stage, at: 0.5) { vc.changeColor(vc) }
        #expect(layer.animationKeys() ?? [] == [])
        #expect(sameColor(stage.now { layer.presentation()?.backgroundColor }, layer.backgroundColor))
        #expect(!sameColor(layer.backgroundColor, blue))
    }

    @Test func listing7_3CompletionBlockRotatesAfterTheColourWithTheDefaultDuration() throws {
        let vc = Listing7_3ViewController()
        let stage = try ListingStage(vc)
        let layer = try #require(vc.colorLayer)
        tap(stage, at: 0.5) { vc.changeColor(vc) }
        let colour = try #require(layer.animation(forKey: "backgroundColor"))
        #expect(colour.duration == 1.0)
        #expect(layer.affineTransform() == .identity)

        // The block waits for the colour animation to finish.
        stage.run(until: 0.5 + 0.95)
        #expect(layer.affineTransform() == .identity)
        #expect(layer.animation(forKey: "transform") == nil)

        stage.run(until: 0.5 + 1.05)
        let rotated = layer.affineTransform()
        let quarterTurn = CGAffineTransform(rotationAngle: .pi / 2)
        #expect(abs(rotated.a - quarterTurn.a) < 1e-9 && abs(rotated.b - quarterTurn.b) < 1e-9)
        #expect(abs(rotated.c - quarterTurn.c) < 1e-9 && abs(rotated.d - quarterTurn.d) < 1e-9)
        // The rotation is committed by the default transaction after the colour transaction has
        // been popped: 0.25 s, not the 1 s of the colour change — the seed's "much faster" spin.
        let spin = try #require(layer.animation(forKey: "transform") as? CABasicAnimation)
        #expect(spin.duration == 0.25)
        let colourEnd = colour.beginTime + colour.duration
        #expect(spin.beginTime >= colourEnd - 1e-9)
        #expect(spin.beginTime <= colourEnd + 1.0 / 60 + 1e-9)

        func presentedAngle() -> CGFloat {
            let t = stage.now { layer.presentation()?.affineTransform() } ?? .identity
            return atan2(t.b, t.a)
        }
        stage.run(until: spin.beginTime - stage.start + 0.125)
        #expect(presentedAngle() > 0.1 && presentedAngle() < .pi / 2 - 0.1)
        stage.run(until: spin.beginTime - stage.start + 0.26)
        #expect(abs(presentedAngle() - .pi / 2) < 1e-6)
    }

    @Test func listing7_4ViewBackingLayerChangesAtOnce() throws {
        let vc = Listing7_4ViewController()
        let stage = try ListingStage(vc)
        let backing = vc.layerView.layer
        let centre = (x: 160, y: 160)  // the layer view is (60, 60, 200, 200)
        #expect(try stage.render()[centre.x, centre.y].matches(.blue))

        tap(stage, at: 0.5) { vc.changeColor(vc) }
        // UIView, the layer's delegate, answers NSNull outside animation blocks: no animation,
        // although the transaction asks for 1 s.
        #expect(backing.animationKeys() ?? [] == [])
        #expect(sameColor(stage.now { backing.presentation()?.backgroundColor }, backing.backgroundColor))
        let now = try stage.render()[centre.x, centre.y]
        #expect(!now.matches(.blue))
        stage.run(until: 1.0)
        #expect(try stage.render()[centre.x, centre.y].matches(now, tolerance: 0))
    }

    @Test func listing7_5LogsNullOutsideAndABasicAnimationInside() {
        let vc = Listing7_5ViewController()
        let output = capturingStandardError { vc.loadViewIfNeeded() }
        // NSLog's lines end with the message: "<date> <process>[<pid>:<tid>] Outside: …".
        let messages = output.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "Outside: ") ?? line.range(of: "Inside: ") else { return nil }
            return String(line[r.lowerBound...])
        }
        #expect(messages.count == 2)
        // The book's "Outside: <null>" / "Inside: <CABasicAnimation: 0x757f090>", as Swift's
        // String(describing:) prints the optional the Swift method returns.
        #expect(messages.first == "Outside: Optional(<null>)")
        #expect(messages.last?.hasPrefix("Inside: Optional(<CABasicAnimation") == true)
    }

    @Test func listing7_6PushTransitionBringsTheNewColourInFromTheLeft() throws {
        let vc = Listing7_6ViewController()
        let stage = try ListingStage(vc)
        let layer = try #require(vc.colorLayer)
        // The colour layer covers (110, 110)–(210, 210) in the window.
        let (left, right, row) = (115, 205, 160)
        let before = try stage.render()
        #expect(before[left, row].matches(.blue) && before[right, row].matches(.blue))

        tap(stage, at: 0.5) { vc.changeColor(vc) }
        // The actions dictionary's transition replaces the default fade of the colour; a
        // transition always runs under the key "transition".
        #expect(layer.animationKeys() == ["transition"])
        let transition = try #require(layer.animation(forKey: "transition") as? CATransition)
        #expect(transition.type == .push)
        #expect(transition.subtype == .fromLeft)
        #expect(transition.duration == 0.25)

        stage.run(until: 0.5 + 0.125)
        let midway = try stage.render()
        stage.run(until: 0.5 + 0.3)
        let after = try stage.render()
        let newColour = after[left, row]
        #expect(!newColour.matches(.blue))
        #expect(after[right, row].matches(newColour))
        // Half-way: the new colour has slid in at the left, the old blue is still at the right.
        #expect(midway[left, row].matches(newColour))
        #expect(midway[right, row].matches(.blue))
    }

    @Test func listing7_7TouchOnThePresentationChangesColourElsewhereMoves() throws {
        let vc = Listing7_7ViewController()
        // As on iOS, the controller's view is loaded with the screen's bounds (375 × 667), so
        // the window fills the screen, as an app's does.
        let screen = UIScreen.main.bounds.size
        let stage = try ListingStage(vc, size: screen)
        let layer = try #require(vc.colorLayer)
        let centre = CGPoint(x: screen.width / 2, y: screen.height / 2)
        #expect(layer.position == centre)
        let red = UIColor.red.cgColor

        // A touch away from the layer starts a slow move there.
        stage.run(until: 0.5)
        let target = CGPoint(x: 40, y: 640)
        stage.input.touches(.began, [(id: 1, at: target)])
        stage.input.touches(.ended, [(id: 1, at: target)])
        #expect(layer.position == target)
        #expect(sameColor(layer.backgroundColor, red))
        let move = try #require(layer.animation(forKey: "position") as? CABasicAnimation)
        #expect(move.duration == 4.0)

        // 2 s in: the presentation is on its way, at the default curve's progress for x = 0.5
        // (control points (0.25, 0.1), (0.25, 1): y ≈ 0.8029, §5.1.4) along both axes.
        stage.run(until: move.beginTime - stage.start + 2.0)
        let shown = try #require(stage.now { layer.presentation()?.position })
        let progressX = (shown.x - centre.x) / (target.x - centre.x)
        let progressY = (shown.y - centre.y) / (target.y - centre.y)
        #expect(abs(progressX - 0.8029) < 0.002 && abs(progressY - 0.8029) < 0.002)
        // Hit-testing the model there would miss: it is already at the target, 60 pt below.
        #expect(layer.hitTest(shown) == nil)
        #expect(stage.now { layer.presentation()?.hitTest(shown) } != nil)

        // A touch where the layer is seen changes its colour and leaves the move running.
        stage.input.touches(.began, [(id: 2, at: shown)])
        stage.input.touches(.ended, [(id: 2, at: shown)])
        #expect(!sameColor(layer.backgroundColor, red))
        #expect(layer.position == target)
        let stillMoving = try #require(layer.animation(forKey: "position"))
        #expect(stillMoving.beginTime == move.beginTime)
        #expect(layer.animation(forKey: "backgroundColor")?.duration == 0.25)
    }
}

import Foundation
import Testing
@testable import LaminaKit
@testable import UIKit
@testable import UIKitCorpus
import _LaminaTestSupport
import _UIKitTestSupport

/// The gesture-driven program: `DraggableCardViewController` in a UIWindow on a headless host
/// (a 375 × 667 pt `HeadlessUIKitScreen`, 60 Hz manual clock), driven by real touch events
/// through hit testing, the pan recognizer's state machine and its closure target.
@Suite struct DraggableCardTests {
    let controller = DraggableCardViewController()
    let screen: HeadlessUIKitScreen
    var clock: ManualFrameClock { screen.clock }
    var host: WindowHost { screen.host }
    var input: ScriptedInput { screen.input }

    init() throws {
        screen = try HeadlessUIKitScreen(controller, size: CGSize(width: 375, height: 667), startTime: 100)
        screen.host.runFrames(1)
    }

    /// The top-left 160 pt of the screen at 0.8 px/pt, against `DraggableCard-<label>.png`.
    func golden(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try LayerRenderer.renderImage(controller.view.layer, at: clock.now,
                                                  viewport: CGRect(x: 0, y: 0, width: 160, height: 160),
                                                  pixelWidth: 128, pixelHeight: 128, scale: 0.8,
                                                  background: CGColor(gray: 1, alpha: 1))
        let result = GoldenImage.compare(actual: image, goldenPath: GoldenImage.path("DraggableCard-\(label).png"),
                                         tolerance: 1)
        #expect(result.passed, "\(result)", sourceLocation: sourceLocation)
    }

    /// Presented centre of the card now (window points).
    var presentedCardCenter: CGPoint {
        host.atCurrentTime { controller.card.layer.presentation()?.position ?? .zero }
    }

    @Test func cardFollowsTheFingerAndSpringsBack() throws {
        let start = controller.card.center
        #expect(start == CGPoint(x: 80, y: 80))
        input.touches(.began, [(1, CGPoint(x: 80, y: 80))])
        for i in 1...8 {
            input.touches(.moved, [(1, CGPoint(x: 80 + CGFloat(i) * 5, y: 80 + CGFloat(i) * 3))])
        }
        // Held at +40, +24: the card follows exactly (translation is measured from touch-down),
        // tilted by 40 / 375 * 0.6 rad.
        #expect(controller.card.center == CGPoint(x: 120, y: 104))
        let angle = atan2(controller.card.transform.b, controller.card.transform.a)
        #expect(abs(angle - 40 / 375 * 0.6) < 1e-9)
        try golden("held")

        input.touches(.ended, [(1, CGPoint(x: 120, y: 104))])
        #expect(controller.card.center == start)          // the model jumps to the end
        #expect(!controller.dismissed)
        input.wait(0.1)
        let springing = presentedCardCenter
        #expect(springing.x > 80 && springing.x < 120, "on its way back: \(springing)")
        try golden("springing")
        input.wait(1.0)
        #expect(presentedCardCenter == start)
        #expect(controller.card.transform == .identity)
        try golden("back")
    }

    @Test func aLongThrowDismissesTheCard() throws {
        input.drag(from: CGPoint(x: 80, y: 80), to: CGPoint(x: 260, y: 90), steps: 6)
        #expect(controller.dismissed)
        #expect(controller.card.alpha == 0)
        input.wait(0.5)
        #expect(abs(presentedCardCenter.x - (260 + 360)) < 1e-6)
    }
}

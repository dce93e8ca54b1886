import Foundation
import Testing
import UIKit
@testable import UIKitCorpus

/// Loading indicators and other endlessly repeating animations of the corpus, each started at
/// scene time 0 (what `viewDidAppear` would do) and seen at the moments that tell the
/// animation apart from a still. Goldens in Goldens/, checked by eye (re-record with
/// `LAMINA_RECORD_GOLDENS=1 swift test --skip-build --filter UIKitCorpusTests`).
@Suite struct CorpusIndicatorTests {
    @Test func ballPulseIndicator() throws {
        let view = BallPulseIndicatorView(frame: CGRect(x: 0, y: 0, width: 120, height: 60))
        let play = CorpusPlay("BallPulseIndicator", CorpusStage(view: view, steps: [(0, view.startAnimating)]))
        try play.golden("waiting", at: 0.05)   // before the first dot's 0.12 s begin time: three full dots
        try play.golden("mid", at: 0.45)       // three sizes: growing back, smallest, shrinking
        try play.golden("late", at: 0.9)
        #expect(view.isAnimating)
        #expect(view.layer.sublayers?.count == 3)
    }

    /// Twelve copies of one fading bar, each 1/12 s behind the last (instanceDelay): a trail.
    @Test func lineSpinner() throws {
        let view = LineSpinnerView(frame: CGRect(x: 0, y: 0, width: 96, height: 96))
        let play = CorpusPlay("LineSpinner", CorpusStage(view: view, steps: [(0, view.startAnimating)]))
        let image = try play.render(at: 1.55)
        // The 12 o'clock spoke (copy 0) is 0.55 s into its fade (opacity 0.53); the 6 o'clock one
        // (copy 6, 0.5 s later) only 0.05 s (opacity 0.96): much darker.
        let top = pixel(image, x: 48, y: 19), bottom = pixel(image, x: 48, y: 77)
        #expect(top[0] > 120 && top[0] < 180, "the 12 o'clock spoke half faded: \(top)")
        #expect(Int(top[0]) - Int(bottom[0]) > 40, "12 o'clock \(top), 6 o'clock \(bottom)")
        try play.golden("trail", at: 1.55)
        try play.golden("turned", at: 1.8)
    }

    @Test func materialSpinner() throws {
        let view = MaterialSpinnerView(frame: CGRect(x: 0, y: 0, width: 96, height: 96))
        let play = CorpusPlay("MaterialSpinner", CorpusStage(view: view, steps: [(0, view.startAnimating)]))
        try play.golden("growing", at: 0.4)     // the head running ahead, ring turned ~72°
        try play.golden("chasing", at: 1.1)     // the tail catching up with the full head
        try play.golden("next-cycle", at: 1.9)
    }

    @Test func typingIndicator() throws {
        let view = TypingIndicatorView(frame: CGRect(x: 0, y: 0, width: 80, height: 40))
        let play = CorpusPlay("TypingIndicator", CorpusStage(view: view, steps: [(0, view.startAnimating)]))
        try play.golden("first-up", at: 0.3)    // dot 0 at the top of its hop, dot 1 rising
        try play.golden("wave", at: 0.55)       // dot 0 down, dot 1 falling, dot 2 near its top
    }

    @Test func pulseButton() throws {
        let view = PulseButtonView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("PulseButton", CorpusStage(view: view, steps: [(0, view.startPulsing)]))
        try play.golden("start", at: 0.1)
        try play.golden("spreading", at: 0.6)
        try play.golden("faded", at: 1.35)
    }

    /// Three rings from one ring layer, 0.7 s apart (instanceDelay), each growing and fading.
    @Test func radarPulse() throws {
        let view = RadarPulseView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("RadarPulse", CorpusStage(view: view, steps: [(0, view.start)]))
        // At 1.6 s copy 0 is 1.6 s into its 2.1 s pulse (a faint ring near the edge), copy 1
        // 0.9 s (radius ~37 pt, opacity ~0.4) and copy 2 0.2 s (radius ~14 pt, nearly opaque):
        // at least the two younger borders cross the horizontal right of the dot.
        let image = try play.render(at: 1.6)
        let background = pixel(image, x: 2, y: 64)
        var litRadii = 0
        var lastLit = false
        for x in 71...127 {
            let lit = abs(Int(pixel(image, x: x, y: 64)[1]) - Int(background[1])) > 20
            if lit && !lastLit { litRadii += 1 }
            lastLit = lit
        }
        #expect(litRadii >= 2, "two ring borders or more right of the dot, found \(litRadii)")
        try play.golden("three-rings", at: 1.6)
        try play.golden("later", at: 2.5)
    }

    @Test func shimmerLabel() throws {
        let view = ShimmerLabelView(frame: CGRect(x: 0, y: 0, width: 128, height: 48))
        let play = CorpusPlay("ShimmerLabel", CorpusStage(view: view, steps: [(0, view.startShimmering)]))
        try play.golden("band-left", at: 0.4)
        try play.golden("band-right", at: 1.1)
    }

    @Test func skeletonCell() throws {
        let view = SkeletonCellView(frame: CGRect(x: 0, y: 0, width: 128, height: 68))
        let play = CorpusPlay("SkeletonCell", CorpusStage(view: view, steps: [(0, view.startLoading)]))
        try play.golden("sweep-avatar", at: 0.3)
        try play.golden("sweep-lines", at: 0.8)
    }

    @Test func badgeRenderer() throws {
        let view = BadgeView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("BadgeRenderer", CorpusStage(view: view, steps: [(0, view.startBobbing)]))
        try play.golden("up", at: 0.02)
        try play.golden("down", at: 1.0)
        // The artwork is a 2x image of 80 pt: 160 px, shown at scale 2.
        let image = try #require(view.badgeLayer.contents as? CGImage)
        #expect(image.width == 160 && image.height == 160)
        #expect(view.badgeLayer.contentsScale == 2)
    }

    @Test func morphShape() throws {
        let view = MorphShapeView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("MorphShape", CorpusStage(view: view, steps: [(0, view.startMorphing)]))
        try play.golden("round", at: 0.02)
        try play.golden("half", at: 0.5)
        try play.golden("star", at: 1.0)
    }

    @Test func tiltCard() throws {
        let view = TiltCardView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("TiltCard", CorpusStage(view: view, steps: [(0, view.startSwinging)]))
        try play.golden("left-down", at: 0.02)   // tilt(x: -0.4, y: 0.2)
        try play.golden("right-down", at: 1.0)   // tilt(x: 0.4, y: 0.2)
        try play.golden("right-up", at: 2.0)
    }

    @Test func gradientBackground() throws {
        let view = GradientBackgroundView(frame: CGRect(x: 0, y: 0, width: 96, height: 96))
        let play = CorpusPlay("GradientBackground", CorpusStage(view: view, steps: [(0, view.animateNext)]))
        try play.golden("purple-pink", at: 0.02)
        try play.golden("mid-first", at: 1.0)
        try play.golden("mid-second", at: 3.0)   // the completion block started the second step at 2 s
        let colors = try #require((view.layer as? CAGradientLayer)?.colors)
        // Model: the third palette entry (orange → purple), set by the second step.
        #expect(colors.count == 2)
        #expect((colors[0] as! CGColor) == UIColor.systemOrange.cgColor)
    }
}

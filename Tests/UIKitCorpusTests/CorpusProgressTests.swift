import Foundation
import Testing
import UIKit
@testable import UIKitCorpus

/// Progress rings, gauges and charts of the corpus: one-shot animations that fill, sweep or
/// rise, seen at their start, middle and end against goldens in Goldens/.
@Suite struct CorpusProgressTests {
    @Test func activityRings() throws {
        let view = ActivityRingsView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        let play = CorpusPlay("ActivityRings", CorpusStage(view: view, steps: [(0, view.animateRings)]))
        try play.golden("start", at: 0.1)
        try play.golden("mid", at: 0.4)
        try play.golden("full", at: 1.2)   // 80 %, 55 %, 35 % from 12 o'clock, clockwise
    }

    @Test func progressRing() throws {
        let view = ProgressRingView(frame: CGRect(x: 0, y: 0, width: 112, height: 112))
        let play = CorpusPlay("ProgressRing", CorpusStage(view: view, steps: [
            (0.1, { view.setProgress(0.7, animated: true) }),
            (1.2, { view.setProgress(0.3, animated: true) }),
            (1.4, { view.setProgress(0.9, animated: true) }),  // mid-animation: starts from what is on screen
        ]))
        try play.golden("rising", at: 0.3)
        try play.golden("seventy", at: 1.0)
        try play.golden("falling", at: 1.35)
        try play.golden("ninety", at: 2.5)
        #expect(view.progress == 0.9)
    }

    @Test func countdownRing() throws {
        let view = CountdownView(frame: CGRect(x: 0, y: 0, width: 112, height: 112), duration: 10)
        let play = CorpusPlay("CountdownRing", CorpusStage(view: view, steps: [(0, view.start)]))
        try play.golden("full", at: 0.05)
        try play.golden("half", at: 5)
        try play.golden("quarter", at: 7.5)
        try play.golden("empty", at: 11)   // filled forwards, not removed: stays drained
    }

    @Test func checkmark() throws {
        let view = CheckmarkView(frame: CGRect(x: 0, y: 0, width: 96, height: 96))
        let play = CorpusPlay("Checkmark", CorpusStage(view: view, steps: [(0, view.animate)]))
        try play.golden("circle-half", at: 0.25)  // the tick waits invisible (backwards fill)
        try play.golden("tick-half", at: 0.62)
        try play.golden("done", at: 1.0)
    }

    @Test func donutChart() throws {
        let view = DonutChartView(frame: CGRect(x: 0, y: 0, width: 128, height: 128))
        view.buildSlices()
        let play = CorpusPlay("DonutChart", CorpusStage(view: view, steps: [(0, { view.animateIn() })]))
        try play.golden("first-slice", at: 0.3)
        try play.golden("third-slice", at: 0.95)
        try play.golden("full", at: 1.3)
    }

    @Test func lineChart() throws {
        let view = LineChartView(frame: CGRect(x: 0, y: 0, width: 128, height: 96))
        let play = CorpusPlay("LineChart", CorpusStage(view: view, steps: [(0, { view.animateDrawing() })]))
        try play.golden("start", at: 0.3)
        try play.golden("mid", at: 0.75)
        try play.golden("drawn", at: 1.6)
    }

    @Test func barChart() throws {
        let view = BarChartView(frame: CGRect(x: 0, y: 0, width: 128, height: 96))
        let play = CorpusPlay("BarChart", CorpusStage(view: view, steps: [(0, {
            view.resetBars()
            view.animateBars()
        })]))
        try play.golden("rising", at: 0.25)
        try play.golden("overshoot", at: 0.55)
        try play.golden("settled", at: 1.6)
    }

    /// The custom animatable property: `draw(in:)` reads `value` from the presentation copy on
    /// every frame of the animation its `action(forKey:)` returns.
    @Test func gaugeLayer() throws {
        let view = GaugeView(frame: CGRect(x: 0, y: 0, width: 128, height: 80))
        let play = CorpusPlay("GaugeLayer", CorpusStage(view: view, steps: [(0.1, { view.setValue(0.8) })]))
        try play.golden("zero", at: 0.05)
        try play.golden("rising", at: 0.7)
        play.advance(to: 0.7)
        let mid = try #require(play.presented(view.gaugeLayer) as? GaugeLayer).value
        #expect(mid > 0.2 && mid < 0.6, "presentation value mid-animation: \(mid)")
        try play.golden("settled", at: 1.5)
        #expect(view.gaugeLayer.value == 0.8)
    }
}

import CoreGraphics
import Foundation

/// The scripted session of the sketch-fold demo: three strokes drawn at 60 touch samples per
/// second, two taps that fold, a two-finger tap that unfolds, then a pinch past the 0.48
/// clamp and its release (the return takes 0.5 / 0.48 s). Times are seconds from the start; positions scale with the canvas size.
enum SketchFoldScript {
    static let sampleInterval = 1.0 / 60

    static func steps(for size: CGSize) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        let w = size.width, h = size.height
        // A wave across the top, a spiral on the left page, a smile on the right page.
        let wave: (Double) -> CGPoint = { u in
            CGPoint(x: w * (0.08 + 0.84 * u), y: h * (0.22 + 0.08 * sin(u * 4 * .pi)))
        }
        let spiral: (Double) -> CGPoint = { u in
            let a = u * 5 * .pi, r = h * (0.04 + 0.18 * u)
            return CGPoint(x: w * 0.25 + r * cos(a), y: h * 0.6 + r * sin(a))
        }
        let smile: (Double) -> CGPoint = { u in
            let a = .pi * (0.15 + 0.7 * u)
            return CGPoint(x: w * 0.75 + h * 0.22 * cos(a), y: h * 0.5 + h * 0.22 * sin(a))
        }
        var t = 0.1
        for (curve, seconds) in [(wave, 0.5), (spiral, 0.6), (smile, 0.35)] {
            let samples = Int(seconds / sampleInterval)
            steps.append(ScriptStep(t, .pointerDown(curve(0))))
            for i in 1...samples {
                steps.append(ScriptStep(t + Double(i) * sampleInterval, .pointerMoved(curve(Double(i) / Double(samples)))))
            }
            t += seconds + sampleInterval
            steps.append(ScriptStep(t, .pointerUp(curve(1))))
            t += 0.1
        }
        let centre = CGPoint(x: w / 2, y: h / 2)
        steps.append(ScriptStep(2.0, .tap(centre, touches: 1)))
        steps.append(ScriptStep(2.6, .tap(centre, touches: 1)))
        steps.append(ScriptStep(3.2, .tap(centre, touches: 2)))
        steps.append(ScriptStep(3.6, .pinch(.began, scale: 1)))
        let pinchSamples = 60
        for i in 1...pinchSamples {
            let u = Double(i) / Double(pinchSamples)
            // Past the clamp: the fold stops at scale 0.48, as seed 000 limits it.
            steps.append(ScriptStep(3.6 + u, .pinch(.changed, scale: 1 - 0.6 * u)))
        }
        steps.append(ScriptStep(4.7, .pinch(.ended, scale: 0.4)))
        return steps
    }
}

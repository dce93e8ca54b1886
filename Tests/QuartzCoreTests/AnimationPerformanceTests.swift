import Foundation
import Testing
import QuartzCore

/// A measurement, not a test: enabled with LAMINA_ANIMATION_BENCH=1, meant for release builds
/// (`LAMINA_ANIMATION_BENCH=1 swift test -c release --filter AnimationPerformanceTests`).
/// Prints the cost of presentation values for 10,000 layers with 3 running animations each.
@Suite struct AnimationPerformanceTests {
    static let enabled = ProcessInfo.processInfo.environment["LAMINA_ANIMATION_BENCH"] == "1"

    @Test(.enabled(if: enabled)) func presentationOfTenThousandAnimatedLayers() throws {
        let host = TestHost()
        let count = 10_000
        let root = at(0) { attachedRoot(host) }
        var layers: [CALayer] = []
        at(0) {
            for i in 0..<count {
                let l = CALayer()
                l.frame = CGRect(x: Double(i % 100) * 3, y: Double(i / 100) * 3, width: 2, height: 2)
                root.addSublayer(l)
                layers.append(l)
            }
            CATransaction.flush()
            for l in layers {
                let move = CABasicAnimation(keyPath: "position")
                move.fromValue = CGPoint(x: 0, y: 0)
                move.toValue = CGPoint(x: 300, y: 300)
                move.duration = 10
                move.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
                l.add(move, forKey: "move")
                let fade = CABasicAnimation(keyPath: "opacity")
                fade.fromValue = 0
                fade.toValue = 1
                fade.duration = 10
                l.add(fade, forKey: "fade")
                let spin = CABasicAnimation(keyPath: "transform.rotation.z")
                spin.fromValue = 0
                spin.toValue = 2 * Double.pi
                spin.duration = 10
                l.add(spin, forKey: "spin")
            }
            CATransaction.flush()
        }
        // Evaluation into copies kept between frames (what a renderer's render tree does).
        let copies = layers.map { type(of: $0).init(presentationCopyOf: $0) }
        let frames = 30
        var start = Date()
        for _ in 0..<frames {
            for (model, copy) in zip(layers, copies) { copy.props = model.props }
        }
        let copying = Date().timeIntervalSince(start) * 1000 / Double(frames)
        start = Date()
        for f in 0..<frames {
            let t = 1 + Double(f) / 60
            for (model, copy) in zip(layers, copies) {
                copy.props = model.props
                AnimationEngine.applyAnimations(of: model, to: copy, localTime: model.layerTiming.activeLocalTime(fromParent: t))
            }
        }
        let evaluation = Date().timeIntervalSince(start) * 1000 / Double(frames)
        // The same evaluations written into one scratch layer: the math without the memory
        // traffic of 10,000 target layers.
        let scratch = CALayer(layer: layers[0])
        start = Date()
        for f in 0..<frames {
            let t = 1 + Double(f) / 60
            for model in layers {
                scratch.props.transform = CATransform3DIdentity
                AnimationEngine.applyAnimations(of: model, to: scratch, localTime: model.layerTiming.activeLocalTime(fromParent: t))
            }
        }
        let math = Date().timeIntervalSince(start) * 1000 / Double(frames)
        print("animation bench: the same into one scratch layer \(String(format: "%.2f", math)) ms/frame")
        // The compositor's timing curve alone, 10,000 times (the eased position animation).
        let curve = CAMediaTimingFunction(name: .easeInEaseOut)
        start = Date()
        var sum = 0.0
        for f in 0..<frames {
            for i in 0..<count { sum += curve.progress(at: Double((i + f) % 1000) / 1000) }
        }
        let easing = Date().timeIntervalSince(start) * 1000 / Double(frames)
        print("animation bench: props copy \(String(format: "%.2f", copying)) ms/frame; 10,000 easeInEaseOut solves "
              + "\(String(format: "%.2f", easing)) ms (\(sum > 0))")
        // Whole presentation trees (allocates a copy per layer per call).
        start = Date()
        var last: CALayer?
        for f in 0..<10 {
            last = at(1 + Double(f) / 60) { root.presentation() }
        }
        let presentation = Date().timeIntervalSince(start) * 1000 / 10
        print("animation bench: \(count) layers × 3 animations: props reset + evaluation "
              + "\(String(format: "%.2f", evaluation)) ms/frame (evaluation ≈ \(String(format: "%.2f", evaluation - copying)) ms), "
              + "presentation() tree \(String(format: "%.2f", presentation)) ms/frame")
        #expect(last?.sublayers?.count == count)
        #expect(copies[0].opacity > 0)
    }
}

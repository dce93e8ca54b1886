import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// A progress bar as iOS code writes it: `progress` stored through KVC (the portable
/// `@NSManaged`), named in `needsDisplay(forKey:)`, drawn in `draw(in:)`, animated by its own
/// action from the presented value.
final class ProgressLayer: CALayer {
    var progress: CGFloat {
        get { value(forKey: "progress") as? CGFloat ?? 0 }
        set { setValue(newValue, forKey: "progress") }
    }

    override class func needsDisplay(forKey key: String) -> Bool {
        key == "progress" || super.needsDisplay(forKey: key)
    }

    override func action(forKey event: String) -> CAAction? {
        if event == "progress" {
            let a = CABasicAnimation(keyPath: event)
            a.fromValue = presentation()?.progress ?? progress
            a.duration = 1
            return a
        }
        return super.action(forKey: event)
    }

    /// A red bar from the left edge, `bounds.width · progress` points wide.
    override func draw(in ctx: CGContext) {
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: bounds.width * progress, height: bounds.height))
    }

    override init() { super.init() }
    required init?(coder: NSCoder) { nil }
    override init(layer: Any) {
        super.init(layer: layer)
        if let l = layer as? ProgressLayer { progress = l.progress }
    }
}

@Suite struct CustomPropertyDisplayTests {
    /// Opaque red pixels on the middle row (the bar's width in pixels).
    private func barWidth(_ bytes: [UInt8], width: Int, row: Int) -> Int {
        (0..<width).filter { x in
            let i = (row * width + x) * 4
            return bytes[i] == 255 && bytes[i + 1] == 0 && bytes[i + 3] == 255
        }.count
    }

    private func frame(_ renderer: CARenderer, at t: CFTimeInterval) throws -> Int {
        at(t) {
            renderer.beginFrame(atTime: t)
            renderer.render()
            renderer.endFrame()
        }
        let image = try #require(renderer.makeImage())
        return barWidth(image.premultipliedRGBA8.bytes(), width: image.width, row: 5)
    }

    @Test func theCommittedTreeRedrawsTheBarEveryFrameOfTheAnimation() throws {
        freshTransactions()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 100, height: 10))
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        let bar = ProgressLayer()
        bar.frame = root.bounds
        root.addSublayer(bar)
        at(100) { renderer.layer = root }
        #expect(try frame(renderer, at: 100) == 0)
        at(100) {
            bar.progress = 0.8
            CATransaction.flush()
        }
        #expect(bar.animationKeys() == ["progress"])
        // The animation runs 0 → 0.8 over one second; each frame draws the presented value.
        #expect(abs(try frame(renderer, at: 100.25) - 20) <= 1)
        #expect(abs(try frame(renderer, at: 100.5) - 40) <= 1)
        #expect(abs(try frame(renderer, at: 100.75) - 60) <= 1)
        // presentation() carries the same value (its copy made by init(layer:)).
        let presented = try #require(at(100.5) { bar.presentation() as? ProgressLayer })
        #expect(abs(presented.progress - 0.4) < 1e-9)
        // After the end the model's own backing store (drawn at 0.8) shows again.
        #expect(try frame(renderer, at: 102) == 80)
        #expect(bar.animationKeys() == nil)
    }

    @Test func layerRendererDrawsThePresentedValue() throws {
        freshTransactions()
        let bar = ProgressLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.progress = 0.8
        bar.displayIfNeeded()
        let a = CABasicAnimation(keyPath: "progress")
        a.fromValue = 0.0
        a.toValue = 1.0
        a.duration = 1
        a.beginTime = 10
        bar.add(a, forKey: "fill")
        CATransaction.flush()   // animations count from the commit that adds them
        func width(at t: CFTimeInterval) throws -> Int {
            let s = try LayerRenderer.renderSurface(bar, at: t, pixelWidth: 100, pixelHeight: 10, scale: 1)
            return barWidth(s.bytes(), width: 100, row: 5)
        }
        #expect(abs(try width(at: 10.25) - 25) <= 1)
        #expect(abs(try width(at: 10.6) - 60) <= 1)
        // Before the animation starts and after it ends: the model value.
        #expect(try width(at: 9) == 80)
        #expect(try width(at: 12) == 80)
        CATransaction.flush()
    }

    @Test func keyframeAnimationOfTheCustomKey() throws {
        freshTransactions()
        let bar = ProgressLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.display()
        let a = CAKeyframeAnimation(keyPath: "progress")
        a.values = [0.0, 1.0, 0.5]
        a.keyTimes = [0, 0.5, 1]
        a.duration = 2
        a.beginTime = 5
        bar.add(a, forKey: "pulse")   // progress was never set: the key still animates
        CATransaction.flush()
        func width(at t: CFTimeInterval) throws -> Int {
            let s = try LayerRenderer.renderSurface(bar, at: t, pixelWidth: 100, pixelHeight: 10, scale: 1)
            return barWidth(s.bytes(), width: 100, row: 5)
        }
        #expect(abs(try width(at: 5.5) - 50) <= 1)
        #expect(abs(try width(at: 6.0) - 100) <= 1)
        #expect(abs(try width(at: 6.5) - 75) <= 1)
        #expect(try width(at: 8) == 0)
        CATransaction.flush()
    }

    @Test func settingTheKeyMarksTheModelForDisplay() {
        freshTransactions()
        let bar = ProgressLayer()
        bar.frame = CGRect(x: 0, y: 0, width: 100, height: 10)
        bar.displayIfNeeded()
        #expect(!bar.needsDisplay())
        bar.progress = 0.3
        #expect(bar.needsDisplay())
        bar.displayIfNeeded()
        let plain = CALayer()
        plain.displayIfNeeded()
        plain.setValue(0.3, forKey: "progress")   // not a display key of CALayer
        #expect(!plain.needsDisplay())
        CATransaction.flush()
    }

    @Test func copiesMadeByInitLayerRecordNothing() {
        freshTransactions()
        let bar = ProgressLayer()
        bar.progress = 0.6
        let copy = ProgressLayer(layer: bar)
        #expect(copy.progress == 0.6)
        #expect(copy.value(forKey: "progress") as? CGFloat == 0.6)
        // Its subclass init(layer:) wrote `progress`, yet it neither needs display nor joined
        // the transaction.
        #expect(!copy.needsDisplay())
        CATransaction.flush()
    }
}

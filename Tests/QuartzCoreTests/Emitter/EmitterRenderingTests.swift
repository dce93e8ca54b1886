import _LaminaTestSupport
import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// Emitters drawn through the committed render tree (what windows, the CLI and CARenderer
/// draw): determinism across frame sequences, additive compositing, hosts kept drawing, and
/// a small confetti golden.
@Suite struct EmitterRenderingTests {
    /// A `w` × `h` opaque image of one colour.
    static func sprite(_ w: Int, _ h: Int, _ color: PremultipliedRGBA8 = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) -> CGImage {
        let s = try! Surface(width: w, height: h)
        s.fill(color)
        return CGImage(surface: s)
    }

    /// Confetti falling from a line along the top of a `size` × `size` root, emitting from
    /// `begin` (media time).
    static func confetti(size: CGFloat = 96, begin: CFTimeInterval = 100) -> (root: CALayer, emitter: CAEmitterLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.beginTime = begin
        e.emitterPosition = CGPoint(x: size / 2, y: -4)
        e.emitterSize = CGSize(width: size, height: 1)
        e.emitterShape = .line
        e.seed = 42
        let colors: [(CGFloat, CGFloat, CGFloat)] = [(1, 0.3, 0.3), (0.3, 0.8, 1), (1, 0.85, 0.2), (0.5, 1, 0.4)]
        e.emitterCells = colors.enumerated().map { i, rgb in
            let c = CAEmitterCell()
            c.name = "confetti\(i)"
            c.contents = sprite(6, 3)
            c.birthRate = 6
            c.lifetime = 6
            c.velocity = 40
            c.velocityRange = 20
            c.emissionLongitude = .pi / 2
            c.emissionRange = .pi / 5
            c.yAcceleration = 30
            c.spin = 2
            c.spinRange = 3
            c.scale = 1
            c.scaleRange = 0.3
            c.color = CGColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: 1)
            return c
        }
        root.addSublayer(e)
        return (root, e)
    }

    /// The frame at `t` drawn by a CARenderer that drew `before` first.
    static func rendered(after before: [CFTimeInterval], at t: CFTimeInterval, size: Int = 96) throws -> [UInt8] {
        let (root, _) = confetti(size: CGFloat(size))
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: size, height: size))
        MediaClock.withTime(99) {
            renderer.layer = root
            CATransaction.flush()
        }
        for time in before + [t] {
            MediaClock.withTime(time) {
                renderer.beginFrame(atTime: time)
                renderer.render()
                renderer.endFrame()
            }
        }
        return try #require(renderer.makeImage()).premultipliedRGBA8.bytes()
    }

    @Test func framesDependOnlyOnTheTime() throws {
        let t: CFTimeInterval = 101.7
        let direct = try Self.rendered(after: [], at: t)
        let at60 = try Self.rendered(after: stride(from: 100.0, to: t, by: 1.0 / 60).map { $0 }, at: t)
        let shuffled = try Self.rendered(after: [103, 100.2, 101.69, 100.9], at: t)
        let (root, _) = Self.confetti()
        let independent = try LayerRenderer.renderSurface(root, at: t, pixelWidth: 96, pixelHeight: 96, scale: 1).bytes()
        #expect(direct == at60)
        #expect(direct == shuffled)
        #expect(direct == independent)
        // Particles are drawn, and move: another time gives other pixels.
        let (plain, emitter) = Self.confetti()
        emitter.removeFromSuperlayer()
        let background = try LayerRenderer.renderSurface(plain, at: t, pixelWidth: 96, pixelHeight: 96, scale: 1).bytes()
        #expect(direct != background)
        #expect(try Self.rendered(after: [], at: t + 0.1) != direct)
    }

    @Test func emittersKeepHostsDrawing() {
        let (root, emitter) = Self.confetti()
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 96, height: 96))
        MediaClock.withTime(99) {
            renderer.layer = root
            CATransaction.flush()
            renderer.beginFrame(atTime: 99)
            renderer.render()
            renderer.endFrame()
            #expect(renderer.nextFrameTime().isFinite)
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            emitter.birthRate = 0
            CATransaction.commit()
            renderer.beginFrame(atTime: 99)
            renderer.render()
            renderer.endFrame()
            #expect(renderer.nextFrameTime() == .infinity)
        }
    }

    /// Two particles at the same spot (zero velocity), half-transparent grey.
    static func overlap(_ mode: CAEmitterLayerRenderMode) throws -> PremultipliedRGBA8 {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.emitterPosition = CGPoint(x: 10, y: 10)
        e.renderMode = mode
        let c = CAEmitterCell()
        c.contents = sprite(8, 8)
        c.birthRate = 2
        c.lifetime = 10
        c.color = CGColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.5)
        e.emitterCells = [c]
        root.addSublayer(e)
        let s = try LayerRenderer.renderSurface(root, at: 0.6, pixelWidth: 20, pixelHeight: 20, scale: 1)
        return s[10, 10]
    }

    @Test func additiveModeBrightensOverlaps() throws {
        let over = try Self.overlap(.unordered)
        let added = try Self.overlap(.additive)
        // Source-over of two (64, 64, 64, 128): 64 + 64·½ = 96; added: 128.
        #expect(abs(Int(over.r) - 96) <= 1 && abs(Int(over.a) - 191) <= 1)
        #expect(abs(Int(added.r) - 128) <= 1 && abs(Int(added.a) - 255) <= 1)
    }

    @Test func absurdBirthRatesRenderBounded() throws {
        freshTransactions()
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 32, height: 32)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        let c = CAEmitterCell()
        c.contents = Self.sprite(2, 2)
        c.birthRate = 1e9
        c.lifetime = 1e6
        c.velocity = 1e30
        c.emissionRange = .pi
        e.emitterCells = [c]
        root.addSublayer(e)
        LayerDiagnostics.takeLastError()
        let s = try LayerRenderer.renderSurface(root, at: 3, pixelWidth: 32, pixelHeight: 32, scale: 1)
        #expect(s.width == 32)
    }

    @Test func confettiGolden() throws {
        let (root, _) = Self.confetti()
        let s = try LayerRenderer.renderSurface(root, at: 101.5, pixelWidth: 96, pixelHeight: 96, scale: 1)
        let result = GoldenImage.compare(actual: s, goldenPath: GoldenImage.path("confetti.png"), tolerance: 1)
        #expect(result.passed, "\(result)")
    }
}

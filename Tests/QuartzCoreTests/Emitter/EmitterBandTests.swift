import _LaminaTestSupport
import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// Thousands of particles (drawn tile by tile) over a frame split into bands across threads:
/// each band plans only the sprites that can reach it, and the bytes are those of one thread
/// drawing the whole frame — sprites straddling band edges included, white and coloured
/// images, source-over and additive.
@Suite struct EmitterBandTests {
    static func frame(threads: Int, additive: Bool) throws -> [UInt8] {
        let size: CGFloat = 300
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: size, height: size)
        root.backgroundColor = CGColor(red: 0.1, green: 0.1, blue: 0.15, alpha: 1)
        let e = CAEmitterLayer()
        e.frame = root.bounds
        e.beginTime = 100
        e.emitterPosition = CGPoint(x: size / 2, y: size / 2)
        e.emitterSize = CGSize(width: size, height: size)
        e.emitterShape = .rectangle
        e.renderMode = additive ? .additive : .oldestFirst
        e.seed = 9
        let white = EmitterRenderingTests.sprite(9, 9)
        let tinted = EmitterRenderingTests.sprite(7, 5, PremultipliedRGBA8(r: 200, g: 40, b: 90, a: 230))
        e.emitterCells = [white, tinted].map { image in
            let c = CAEmitterCell()
            c.contents = image
            c.birthRate = 1200
            c.lifetime = 1
            c.velocity = 20
            c.emissionRange = .pi
            c.spin = 2
            c.scale = 1.5
            c.scaleRange = 0.8
            c.color = CGColor(red: 0.9, green: 0.6, blue: 0.3, alpha: 0.7)
            c.alphaRange = 0.3
            return c
        }
        root.addSublayer(e)
        let renderer = CARenderer(bounds: root.frame)
        renderer.renderThreadCount = threads
        MediaClock.withTime(99) {
            renderer.layer = root
            CATransaction.flush()
        }
        MediaClock.withTime(101.5) {
            renderer.beginFrame(atTime: 101.5)
            renderer.render()
            renderer.endFrame()
        }
        return try #require(renderer.makeImage()).premultipliedRGBA8.bytes()
    }

    @Test(arguments: [false, true])
    func bandsDrawTheBytesOfOneThread(additive: Bool) throws {
        let one = try Self.frame(threads: 1, additive: additive)
        #expect(try Self.frame(threads: 3, additive: additive) == one)
        #expect(try Self.frame(threads: 7, additive: additive) == one)
        // The particles cover much of the frame (the comparison is not of two backgrounds).
        let background = one[0..<4]
        var drawn = 0
        for i in stride(from: 0, to: one.count, by: 4) where one[i..<i + 4] != background { drawn += 1 }
        #expect(drawn > 300 * 300 / 3)
    }
}

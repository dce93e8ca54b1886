import _LaminaTestSupport
import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// Emitters under a CAReplicatorLayer with `instanceDelay`: copy k shows the emitter as it
/// was k·delay earlier (its particles at the emitter's local time − k·delay), as every other
/// timed property of a delayed copy.
@Suite struct EmitterReplicatorDelayTests {
    /// Three copies 40 points apart, each 0.5 s behind the one before, of a point emitter
    /// begun at media time 100 that streams particles downwards.
    static func stage(delay: CFTimeInterval = 0.5) -> (root: CALayer, replicator: CAReplicatorLayer, emitter: CAEmitterLayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let r = CAReplicatorLayer()
        r.frame = root.bounds
        r.instanceCount = 3
        r.instanceDelay = delay
        r.instanceTransform = CATransform3DMakeTranslation(40, 0, 0)
        let e = CAEmitterLayer()
        e.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        e.beginTime = 100
        e.emitterPosition = CGPoint(x: 20, y: 2)
        e.seed = 9
        let c = CAEmitterCell()
        c.contents = EmitterRenderingTests.sprite(4, 4)
        c.birthRate = 8
        c.lifetime = 10
        c.velocity = 30
        c.emissionLongitude = .pi / 2
        e.emitterCells = [c]
        r.addSublayer(e)
        root.addSublayer(r)
        return (root, r, e)
    }

    @Test func delayedCopiesShowTheEmitterAtTheirShiftedTime() throws {
        let (root, replicator, emitter) = Self.stage()
        let frame = LayerRenderer.renderTree(of: root, at: 101.2)
        func content(_ k: Int) -> EmitterContent? {
            let node = k == 0 ? frame[emitter.renderNodeID]
                : frame.instanceNodes.node(emitter.renderNodeID,
                                           at: [ReplicatorInstanceStep(replicator: replicator.renderNodeID, index: k)])
            guard case let .emitter(e)? = node?.kind else { return nil }
            return e
        }
        for k in 0..<3 {
            let time = try #require(content(k)?.time)
            #expect(abs(time - (1.2 - 0.5 * Double(k))) < 1e-9, "copy \(k)")
        }
        // Copy k's particles are the emitter's at 1.2 − 0.5·k: fewer the later the copy.
        let counts = (0..<3).map { k -> Int in
            guard let e = content(k) else { return -1 }
            let ev = ParticleEvaluator()
            ev.evaluate(e)
            return ev.particles.count
        }
        #expect(counts == [10, 6, 2]) // births at n/8 up to 1.2, 0.7, 0.2
    }

    @Test func aDelayedCopyIsEmptyBeforeItsEmitterBegins() throws {
        let (root, _, _) = Self.stage(delay: 1)
        let s = try LayerRenderer.renderSurface(root, at: 100.6, pixelWidth: 120, pixelHeight: 40, scale: 1)
        func lit(_ x0: Int) -> Bool {
            for y in 0..<40 { for x in x0..<(x0 + 40) where s[x, y].r > 0 { return true } }
            return false
        }
        // Copy 0 has streamed for 0.6 s; copies 1 and 2 begin at 101 and 102.
        #expect(lit(0))
        #expect(!lit(40))
        #expect(!lit(80))
        let later = try LayerRenderer.renderSurface(root, at: 101.6, pixelWidth: 120, pixelHeight: 40, scale: 1)
        // A second later copy 1 shows what copy 0 showed (same particles, 40 points right).
        var same = true
        for y in 0..<40 { for x in 0..<40 where later[x + 40, y] != s[x, y] { same = false } }
        #expect(same)
    }
}

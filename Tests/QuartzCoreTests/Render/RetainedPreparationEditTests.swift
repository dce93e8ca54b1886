import Foundation
import LaminaCompositor
import Testing
@testable import QuartzCore

/// A frame stream walks only the subtrees that changed since its last frame
/// (RetainedPreparation): over random edit sequences on a layer tree shown by a CARenderer —
/// property changes, reparenting, removal, masks, 3D, transform layers, replicators, hidden
/// layers, animations starting and ending — every frame's retained draw list equals the list
/// of a full walk, and most frames reuse most of the tree.
@Suite struct RetainedPreparationEditTests {
    /// A small deterministic generator (the same sequence on every run).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
        mutating func unit() -> Double { Double(next() % 10_000) / 10_000 }
    }

    private func color(_ g: inout Generator) -> CGColor {
        CGColor(red: g.unit(), green: g.unit(), blue: g.unit(), alpha: g.below(4) == 0 ? 0.5 : 1)
    }

    private func edit(_ layers: [CALayer], root: CALayer, _ g: inout Generator, time: Double) {
        let layer = layers[g.below(layers.count)]
        switch g.below(14) {
        case 0: layer.position = CGPoint(x: g.unit() * 80, y: g.unit() * 60)
        case 1: layer.backgroundColor = color(&g)
        case 2: layer.opacity = Float(g.unit())
        case 3: layer.isHidden.toggle()
        case 4: layer.transform = CATransform3DMakeRotation(g.unit() * 3, 0, 0, 1)
        case 5:
            var t = CATransform3DIdentity
            t.m34 = -1 / 300
            layer.transform = CATransform3DRotate(t, g.unit(), 0, 1, 0)
        case 6:
            // Reparent (never under its own subtree).
            let target = layers[g.below(layers.count)]
            var p: CALayer? = target
            var inside = false
            while let q = p { if q === layer { inside = true }; p = q.superlayer }
            if !inside, layer !== root { target.addSublayer(layer) }
        case 7: if layer !== root { layer.removeFromSuperlayer(); root.addSublayer(layer) }
        case 8:
            let m = CALayer()
            m.frame = CGRect(x: 2, y: 2, width: 10, height: 8)
            m.backgroundColor = CGColor(gray: 0, alpha: 1)
            layer.mask = g.below(2) == 0 ? m : nil
        case 9: layer.masksToBounds.toggle(); layer.cornerRadius = g.unit() * 6
        case 10:
            let a = CABasicAnimation(keyPath: g.below(2) == 0 ? "position.x" : "opacity")
            a.fromValue = g.below(2) == 0 ? 5.0 : 0.2
            a.toValue = 40.0
            a.duration = 0.05 + g.unit() * 0.1
            a.beginTime = time + g.unit() * 0.05
            layer.add(a, forKey: "a\(g.below(3))")
        case 11: layer.shadowOpacity = g.below(2) == 0 ? 0 : 0.6; layer.shadowRadius = 2
        case 12: layer.zPosition = g.unit() * 4 - 2
        default: layer.borderWidth = g.unit() * 2; layer.borderColor = color(&g)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func retainedListsEqualFullWalksOverRandomEdits(_ seed: UInt64) throws {
        var g = Generator(state: seed)
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 96, height: 72)
        root.backgroundColor = CGColor(gray: 0.9, alpha: 1)
        var layers: [CALayer] = [root]
        for i in 0..<24 {
            let l: CALayer = i == 5 ? CATransformLayer() : (i == 9 ? CAReplicatorLayer() : CALayer())
            l.frame = CGRect(x: g.unit() * 70, y: g.unit() * 50, width: 8 + g.unit() * 20, height: 8 + g.unit() * 16)
            l.backgroundColor = color(&g)
            if let r = l as? CAReplicatorLayer { r.instanceCount = 3; r.instanceTransform = CATransform3DMakeTranslation(6, 0, 0) }
            layers[g.below(layers.count)].addSublayer(l)
            layers.append(l)
        }
        let renderer = CARenderer(bounds: root.bounds)
        let retained = renderer.frames.retained
        retained.verifies = true
        var reused = 0
        var time = 100.0
        try MediaClock.withTime(time) { renderer.layer = root; _ = try renderer.renderImage() }
        for step in 0..<120 {
            time += 1.0 / 60
            try MediaClock.withTime(time) {
                // Most frames change nothing or one thing, as an app's frames do.
                let edits = g.below(3) == 0 ? 1 + g.below(3) : 0
                if edits > 0 {
                    CATransaction.begin()
                    CATransaction.setDisableActions(g.below(2) == 0)
                    for _ in 0..<edits { edit(layers, root: root, &g, time: time) }
                    CATransaction.commit()
                }
                renderer.beginFrame(atTime: time)
                defer { renderer.endFrame() }
                _ = try renderer.renderImage()
                reused += retained.reusedSegments
                #expect(retained.mismatches == 0, "seed \(seed) step \(step)")
            }
            if retained.mismatches > 0 { break }
        }
        #expect(retained.retainedFrames > 60, "seed \(seed): frames prepared with reuse")
        #expect(reused > 100, "seed \(seed): segments reused")
    }
}

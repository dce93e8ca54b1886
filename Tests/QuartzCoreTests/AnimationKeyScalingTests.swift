import Foundation
import Testing
@testable import QuartzCore
import _LaminaTestSupport

/// Keyed animations scale linearly: adding, looking up, replacing and removing by key, and
/// many animations finishing in one frame, visit O(1) entries each (`AnimationList`'s probe
/// counts them). It was a filter of the whole list per keyed add — n²/2 visits: 100,000 keyed
/// animations on one layer took 40–50 s. Counted, not timed. The order is Apple's throughout
/// (reference §5.4.3): replacing a key appends the new animation at the end.
@Suite struct AnimationKeyScalingTests {
    static func probed(_ layer: CALayer) -> WorkProbe {
        let probe = WorkProbe()
        layer.animationEntries.probe = probe
        return probe
    }

    @Test func keyedAddLookUpReplaceAndRemoveAreLinear() {
        let scene = AnimatedScene()
        let layer = scene.layer
        let probe = Self.probed(layer)
        let n = 20_000
        at(1) {
            CATransaction.begin()
            for i in 0..<n { layer.add(basic("opacity", from: 0, to: 1), forKey: "k\(i)") }
            CATransaction.commit()
        }
        #expect(layer.animationKeys()?.count == n)
        for i in stride(from: 0, to: n, by: 7) { #expect(layer.animation(forKey: "k\(i)") != nil) }
        #expect(layer.animation(forKey: "absent") == nil)
        // Replacing every other key, then removing a third of them by key.
        at(2) {
            CATransaction.begin()
            for i in stride(from: 0, to: n, by: 2) { layer.add(basic("opacity", from: 1, to: 0), forKey: "k\(i)") }
            for i in stride(from: 0, to: n, by: 3) { layer.removeAnimation(forKey: "k\(i)") }
            CATransaction.commit()
        }
        let expected = n - (n + 2) / 3
        #expect(layer.animationKeys()?.count == expected)
        // Some 60,000 keyed operations: a scan per operation would be about 10⁹ visits.
        #expect(probe.visits <= 20 * n, "\(probe.visits) entries visited for \(n) keys")
    }

    @Test func animationsWithoutValuesStartFromThePresentedValueWithoutRebuildingThePlanPerAdd() {
        // A basic animation without from/to/by evaluates the layer's committed animations when
        // added (its start is the presented value); the engine's plan of committed animations
        // must not be rebuilt for each uncommitted one added before it.
        let scene = AnimatedScene()
        let layer = scene.layer
        scene.add(basic("opacity", from: 0, to: 1, duration: 10), forKey: "running", at: 1)
        let probe = Self.probed(layer)
        let n = 5_000
        at(2) {
            CATransaction.begin()
            for i in 0..<n { layer.add(basic("position.x", duration: 10), forKey: "p\(i)") }
            CATransaction.commit()
        }
        #expect(layer.animationKeys()?.count == n + 1)
        #expect(probe.visits <= 20 * n, "\(probe.visits) entries visited for \(n) adds")
    }

    @Test func manyAnimationsFinishingInOneFrameAreLinear() {
        let scene = AnimatedScene()
        let layer = scene.layer
        let recorder = AnimationRecorder()
        let n = 10_000
        at(1) {
            CATransaction.begin()
            for i in 0..<n {
                let a = basic("opacity", from: 0, to: 1, duration: 1)
                a.delegate = recorder
                layer.add(a, forKey: i % 2 == 0 ? "k\(i)" : nil)
            }
            CATransaction.commit()
        }
        let probe = Self.probed(layer)
        scene.tick(1.5)
        scene.tick(3)
        #expect(layer.animationEntries.isEmpty)
        #expect(layer.animationKeys() == nil)
        #expect(recorder.log.filter { $0.hasSuffix("true") }.count == n)
        #expect(probe.visits <= 20 * n, "\(probe.visits) entries visited for \(n) removals")
    }

    /// Random adds (keyed, unkeyed, replacing), removals by key and by finishing, checked
    /// against the plain definition: an array where a replaced key's entry is removed and the
    /// new one appended. Long enough to cross the index threshold and compact many times.
    @Test func orderMatchesAppleAcrossReplacementsRemovalsAndCompaction() {
        let scene = AnimatedScene()
        let layer = scene.layer
        var model: [(key: String?, id: Int)] = []
        var rng = SplitMix64(19)
        at(1) {
            CATransaction.begin()
            for step in 0..<3_000 {
                let roll = rng.next() % 10
                let key = "k\(rng.next() % 60)"
                if roll < 6 {
                    let a = basic("opacity", from: 0, to: 1)
                    a.setValue(step, forKey: "id")
                    let k: String? = roll == 0 ? nil : key
                    layer.add(a, forKey: k)
                    if let k { model.removeAll { $0.key == k } }
                    model.append((k, step))
                } else if roll < 9 {
                    layer.removeAnimation(forKey: key)
                    model.removeAll { $0.key == key }
                } else if roll == 9, rng.next() % 20 == 0 {
                    layer.removeAllAnimations()
                    model.removeAll()
                }
                if step % 97 == 0 {
                    let keys = model.compactMap(\.key)
                    #expect(layer.animationKeys() ?? [] == keys, "after step \(step)")
                }
            }
            CATransaction.commit()
        }
        let keys = model.compactMap(\.key)
        #expect(layer.animationKeys() ?? [] == keys)
        for k in keys { #expect(layer.animation(forKey: k) != nil) }
        // Every reader sees one order: the entries, the engine's plan (committed animations)
        // and the committed render tree's steps.
        let ids = layer.animationEntries.map { $0.animation.value(forKey: "id") as? Int }
        #expect(ids == model.map(\.id))
        let planOrder = AnimationEngine.plan(for: layer).map { ObjectIdentifier($0.runtime) }
        #expect(planOrder == layer.animationEntries.compactMap { $0.animation.runtime.map(ObjectIdentifier.init) })
        #expect(planOrder.count == model.count)
        let committed = CommittedAnimations(layer: layer)
        #expect(committed?.steps.count == model.count)
    }

    @Test func replacingAKeyMovesItToTheEnd() {
        let scene = AnimatedScene()
        let layer = scene.layer
        at(1) {
            for k in ["a", "b", "c"] { layer.add(basic("opacity", from: 0, to: 1), forKey: k) }
            layer.add(basic("opacity", from: 1, to: 0), forKey: "a")
            #expect(layer.animationKeys() == ["b", "c", "a"])
            layer.removeAnimation(forKey: "b")
            layer.removeAnimation(forKey: "missing")
            #expect(layer.animationKeys() == ["c", "a"])
            CATransaction.flush()
        }
    }
}

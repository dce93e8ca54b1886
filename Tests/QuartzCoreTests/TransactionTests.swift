import Foundation
import Testing
import QuartzCore

@Suite struct TransactionTests {
    @Test func valuesAreScopedByNesting() {
        freshTransactions()
        #expect(CATransaction.animationDuration() == 0.25 && !CATransaction.disableActions())
        #expect(CATransaction.animationTimingFunction() == nil && CATransaction.completionBlock() == nil)
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setValue("outer", forKey: "custom")
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 1, "inner reads the outer value")
        CATransaction.setAnimationDuration(3)
        CATransaction.setValue("inner", forKey: "custom")
        #expect(CATransaction.value(forKey: kCATransactionAnimationDuration) as? Double == 3)
        #expect(CATransaction.value(forKey: "custom") as? String == "inner")
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 1, "the inner value disappears with its transaction")
        #expect(CATransaction.value(forKey: "custom") as? String == "outer")
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(kCATransactionAnimationDuration == "animationDuration" && kCATransactionDisableActions == "disableActions")
        #expect(kCATransactionAnimationTimingFunction == "animationTimingFunction" && kCATransactionCompletionBlock == "completionBlock")
    }

    @Test func unmatchedCommitIsIgnoredAndReported() {
        freshTransactions()
        CATransaction.commit()
        #expect(LayerDiagnostics.takeLastError() == .unmatchedCommit)
    }

    @Test func completionBlockWithoutAnimationsFiresAtCommit() {
        freshTransactions()
        var fired = 0
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired += 1 }
        CALayer().opacity = 0.5
        #expect(fired == 0)
        CATransaction.commit()
        #expect(fired == 1)
        CATransaction.flush()
        #expect(fired == 1, "once")
    }

    @Test func completionBlockInANestedTransactionWaitsForTheOutermostCommit() {
        freshTransactions()
        var fired = false
        CATransaction.begin()
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired = true }
        CATransaction.commit()
        #expect(!fired)
        CATransaction.commit()
        #expect(fired)
    }

    @Test func completionBlockWaitsForAnimationsAddedAfterIt() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        let m = committedChild(of: root)
        var fired = false
        CATransaction.begin()
        m.opacity = 0.5                     // before the block: not waited for
        CATransaction.setCompletionBlock { fired = true }
        l.opacity = 0.5
        l.position = .zero
        CATransaction.commit()
        #expect(!fired)
        l.removeAnimation(forKey: "opacity")
        #expect(!fired, "one animation still running")
        let position = try #require(l.animation(forKey: "position"))
        l.animationDidFinish(position)      // what the animation engine will call
        #expect(fired)
        #expect(l.animation(forKey: "position") == nil, "removed on completion")
        #expect(m.animationKeys() == ["opacity"])
        CATransaction.flush()
    }

    @Test func replacingAnimationUnderTheSameKeyCountsAsRemoval() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        var fired = false
        CATransaction.begin()
        CATransaction.setCompletionBlock { fired = true }
        l.opacity = 0.5
        CATransaction.commit()
        #expect(!fired)
        l.opacity = 0.25                    // replaces the "opacity" animation
        #expect(fired)
        CATransaction.flush()
    }

    @Test func animationsStartWhenTheOutermostTransactionCommits() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        try MediaClock.$override.withValue(100) {
            CATransaction.begin()
            CATransaction.begin()
            l.opacity = 0.5
            let explicit = CABasicAnimation(keyPath: "position")
            explicit.beginTime = 42
            l.add(explicit, forKey: "move")
            CATransaction.commit()
            let a = try #require(l.animation(forKey: "opacity"))
            #expect(a.beginTime == 0, "not started inside the outer transaction")
            MediaClock.$override.withValue(105) {
                CATransaction.commit()
            }
            #expect(a.beginTime == 105, "begin time 0 becomes the commit's media time")
            #expect(l.animation(forKey: "move")?.beginTime == 42, "explicit begin times are kept")
        }
    }

    @Test func beginTimeIsInTheLayersTimeSpace() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        l.speed = 2
        l.timeOffset = 1
        CATransaction.flush()
        try MediaClock.$override.withValue(10) {
            l.add(CABasicAnimation(keyPath: "opacity"), forKey: "fade")
            CATransaction.flush()
            let a = try #require(l.animation(forKey: "fade"))
            #expect(a.beginTime == 21)
        }
    }

    @Test func flushWaitsForExplicitTransactions() {
        let host = TestHost()
        let root = attachedRoot(host)
        let before = host.commits
        let l = CALayer()
        root.addSublayer(l)             // opens the implicit transaction
        CATransaction.begin()
        CATransaction.flush()           // deferred
        #expect(host.commits == before && !l.hasBeenCommitted)
        CATransaction.commit()          // the explicit one closes; the flush happens now
        #expect(host.commits == before + 1 && l.hasBeenCommitted)
        #expect(host.lastChanges.contains { $0.layer === root && $0.key == "sublayers" })
    }

    @Test func theHostReceivesEveryChangeWithItsOldValue() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        CATransaction.begin()
        l.opacity = 0.5
        l.opacity = 0.25
        l.name = "n"
        CATransaction.commit()
        let mine = host.lastChanges.filter { $0.layer === l }
        #expect(mine.map(\.key) == ["opacity", "opacity", "name"])
        #expect(mine.first?.oldValue as? Float == 1 && mine[1].oldValue as? Float == 0.5)
        #expect(mine[2].oldValue == nil, "an empty optional is recorded as nil")
        let detached = CALayer()
        detached.opacity = 0.5
        let before = host.commits
        CATransaction.flush()
        #expect(host.commits == before, "changes to trees without a host notify nobody")
    }

    /// Seed 003, examples 5-6 and 5-7: durations set through setValue(_:forKey:) with NSNumber,
    /// nested transactions with their own durations, everything starting at the outer commit.
    @Test func seed003NestedExplicitTransactions() throws {
        let host = TestHost()
        let root = attachedRoot(host)
        let theLayer = committedChild(of: root)
        try MediaClock.$override.withValue(50) {
            CATransaction.begin()                                   // outer
            CATransaction.setValue(NSNumber(value: Float(2)), forKey: kCATransactionAnimationDuration)
            theLayer.position = CGPoint(x: 0, y: 0)
            CATransaction.begin()                                   // inner
            CATransaction.setValue(NSNumber(value: Float(5)), forKey: kCATransactionAnimationDuration)
            theLayer.zPosition = 200
            theLayer.opacity = 0
            CATransaction.commit()                                  // inner
            CATransaction.setValue(NSNumber(value: true), forKey: kCATransactionDisableActions)
            theLayer.cornerRadius = 4
            CATransaction.commit()                                  // outer
            let position = try #require(theLayer.animation(forKey: "position"))
            let z = try #require(theLayer.animation(forKey: "zPosition"))
            let opacity = try #require(theLayer.animation(forKey: "opacity"))
            #expect(position.duration == 2 && z.duration == 5 && opacity.duration == 5)
            #expect(theLayer.animation(forKey: "cornerRadius") == nil, "NSNumber(true) disables actions")
            #expect([position, z, opacity].allSatisfy { $0.beginTime == 50 }, "all start at the outer commit")
        }
    }

    @Test func lockIsRecursive() {
        CATransaction.lock()
        CATransaction.lock()
        CATransaction.unlock()
        CATransaction.unlock()
        #expect(Bool(true))
    }
}

@Suite struct DisplayAndLayoutTests {
    final class Counting: CALayerDelegate {
        var displays = 0, willDraws = 0, layouts = 0
        var takesOverDisplay = true
        func display(_ layer: CALayer) {
            if takesOverDisplay { displays += 1 } else { layer.displayUsingBackingStore() }
        }
        func layerWillDraw(_ layer: CALayer) { willDraws += 1 }
        func layoutSublayers(of layer: CALayer) { layouts += 1 }
    }

    @Test func commitLaysOutAndDisplaysAttachedTrees() {
        let host = TestHost()
        let root = attachedRoot(host)
        let l = committedChild(of: root)
        let d = Counting()
        l.delegate = d
        l.setNeedsDisplay()
        l.setNeedsLayout()
        #expect(l.needsDisplay() && l.needsLayout())
        CATransaction.flush()
        #expect(d.displays == 1 && d.layouts == 1)
        #expect(!l.needsDisplay() && !l.needsLayout())
        d.takesOverDisplay = false
        l.setNeedsDisplay()
        CATransaction.flush()
        #expect(d.displays == 1 && d.willDraws == 1, "without display(_:) the layer's own path runs")
    }

    @Test func detachedLayersWaitForExplicitRequests() {
        freshTransactions()
        let l = CALayer()
        let d = Counting()
        l.delegate = d
        l.setNeedsDisplay()
        CATransaction.flush()
        #expect(d.displays == 0 && l.needsDisplay())
        l.displayIfNeeded()
        #expect(d.displays == 1 && !l.needsDisplay())
        l.displayIfNeeded()
        #expect(d.displays == 1)
        let child = CALayer()
        l.addSublayer(child)
        #expect(l.needsLayout(), "adding a sublayer marks the parent")
        l.layoutIfNeeded()
        #expect(d.layouts == 1)
        l.bounds.size = CGSize(width: 5, height: 5)
        #expect(l.needsLayout(), "a bounds size change marks layout")
        l.needsDisplayOnBoundsChange = true
        l.bounds.size = CGSize(width: 6, height: 6)
        #expect(l.needsDisplay())
        CATransaction.flush()
    }

    @Test func needsDisplayForKeyMarksTheLayer() {
        final class Dial: CALayer {
            override class func needsDisplay(forKey key: String) -> Bool { key == "angle" || super.needsDisplay(forKey: key) }
        }
        freshTransactions()
        let dial = Dial()
        dial.setValue(1.5, forKey: "angle")
        #expect(dial.needsDisplay())
        let plain = CALayer()
        plain.setValue(1.5, forKey: "angle")
        #expect(!plain.needsDisplay())
        CATransaction.flush()
    }
}

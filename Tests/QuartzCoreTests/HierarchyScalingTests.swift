import Foundation
import Testing
import QuartzCore

/// Building and tearing down big trees is linear: a transaction keeps no snapshot of a
/// parent's sublayer array per insertion or removal (a snapshot made every insertion copy the
/// whole array — n(n−1)/2 layer references for n sublayers). Counted, not timed.
@Suite struct HierarchyScalingTests {
    /// Layer references held by the open transaction's recorded old values.
    static func heldReferences() -> Int {
        TransactionStack.current.changes.reduce(0) { $0 + (($1.oldValue as? [CALayer])?.count ?? 0) }
    }

    @Test func addingTenThousandSublayersKeepsNoSnapshots() {
        freshTransactions()
        let parent = CALayer()
        let count = 10_000
        let children = (0..<count).map { _ in CALayer() }
        CATransaction.begin()
        for child in children { parent.addSublayer(child) }
        let held = Self.heldReferences()
        let recorded = TransactionStack.current.changes.filter { $0.layer === parent && $0.key == "sublayers" }.count
        CATransaction.commit()
        #expect(held == 0, "the transaction holds \(held) layer references for \(count) insertions")
        #expect(recorded == count, "each insertion is still recorded as a sublayers change")
        #expect(parent.sublayers?.count == count)
        #expect(parent.sublayers?.first === children.first && parent.sublayers?.last === children.last)
    }

    @Test func insertingAndRemovingKeepNoSnapshots() {
        freshTransactions()
        let parent = CALayer()
        let count = 2_000
        let children = (0..<count).map { _ in CALayer() }
        CATransaction.begin()
        for child in children { parent.insertSublayer(child, at: 0) }
        parent.replaceSublayer(children[0], with: CALayer())
        for child in children.dropFirst() { child.removeFromSuperlayer() }
        let held = Self.heldReferences()
        CATransaction.commit()
        #expect(held == 0)
        #expect(parent.sublayers?.count == 1)
        #expect(children[0].superlayer == nil)
    }

    @Test func assigningSublayersStillRecordsTheOldArray() {
        freshTransactions()
        let parent = CALayer()
        let first = [CALayer(), CALayer()]
        parent.sublayers = first
        CATransaction.flush()
        CATransaction.begin()
        parent.sublayers = [CALayer()]
        let old = TransactionStack.current.changes.last { $0.layer === parent && $0.key == "sublayers" }?.oldValue
        CATransaction.commit()
        #expect((old as? [CALayer])?.count == 2)
    }
}

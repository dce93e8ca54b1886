// Preparing a frame is linear in the tree: the walk's visited-node bookkeeping handles each
// node a bounded number of times. It used to copy and merge the whole visited set at every
// layer with sublayers, so 5,000 shadowed group-opacity layers with a sublayer each (5,000
// copies of up to 10,000 ids) took 27.6 s. Counted (`VisitedNodes.work`), not timed.
import CoreGraphics
@testable import LaminaCompositor
import Testing

@Suite struct PrepareScaleTests {
    /// Root 800 × 600 with `count` siblings, each translucent with group opacity, a shadow and
    /// one sublayer (so each needs an offscreen group).
    static func shadowedGroups(_ count: Int) -> [RenderNode] {
        var nodes = [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 800, height: 600), background: IT.ink,
                              children: (0..<UInt64(count)).map { 1 + 2 * $0 })]
        for i in 0..<UInt64(count) {
            let x = CGFloat(i % 97) * 8, y = CGFloat(i / 97 % 71) * 8
            var l = IT.layer(1 + 2 * i, frame: CGRect(x: x, y: y, width: 12, height: 12), background: IT.gold, children: [2 + 2 * i])
            l.opacity = 0.8
            l.allowsGroupOpacity = true
            l.shadowOpacity = 0.5
            l.shadowRadius = 3
            nodes.append(l)
            nodes.append(IT.layer(2 + 2 * i, frame: CGRect(x: 3, y: 3, width: 6, height: 6), background: IT.teal))
        }
        return nodes
    }

    @Test func shadowedGroupLayersPrepareInLinearWork() {
        let count = 5_000
        let nodes = Self.shadowedGroups(count)
        var preparer = FramePreparer(tree: IT.tree(nodes), width: 800, height: 600, scale: 1)
        let list = preparer.prepare()
        let groups = list.commands.filter { if case .beginGroup = $0 { return true } else { return false } }.count
        #expect(groups == count)
        #expect(preparer.visited.work <= 4 * nodes.count, "\(preparer.visited.work) visited-set steps for \(nodes.count) nodes")
    }

    @Test func replicatorInstancesStillWalkTheirSubtreeEachTime() {
        // A replicator of 3 instances over a layer with a sublayer: both drawn 3 times, and a
        // node shared by two parents is still drawn once (the second reach is reported).
        var rep = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 60, height: 20), children: [2],
                           kind: .replicator(ReplicatorContent(instanceCount: 3,
                                                                instanceTransform: CATransform3DMakeTranslation(20, 0, 0))))
        rep.opacity = 1
        let nodes = [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1, 4]),
                     rep,
                     IT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: IT.gold, children: [3]),
                     IT.layer(3, frame: CGRect(x: 2, y: 2, width: 4, height: 4), background: IT.teal),
                     IT.layer(4, frame: CGRect(x: 0, y: 50, width: 10, height: 10), background: IT.gold, children: [3])]
        let outline = IT.drawList(nodes).outline
        #expect(outline.filter { $0 == "draw #2 background" }.count == 3)
        #expect(outline.filter { $0 == "draw #3 background" }.count == 3)
        #expect(outline.contains("draw #4 background"))
        let list = IT.drawList(nodes)
        #expect(list.diagnostics.count == 1)
    }
}

/// Sublayers are drawn in sublayer order stably sorted by zPosition (NaN as 0); a list already
/// in z order is used as it is — the same array storage, not two copies of every node per frame.
@Suite struct ChildOrderTests {
    static func node(_ id: UInt64, z: CGFloat) -> RenderNode {
        var n = IT.layer(id, frame: CGRect(x: 0, y: 0, width: 1, height: 1))
        n.zPosition = z
        return n
    }

    static func storage(_ a: [RenderNode]) -> UnsafeRawPointer? {
        a.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func childrenAlreadyInZOrderAreNotCopied() {
        let flat = (0..<UInt64(10_000)).map { Self.node($0, z: 0) }
        let sorted = FramePreparer.sortedChildren(flat)
        #expect(sorted.map(\.id) == flat.map(\.id))
        #expect(Self.storage(sorted) == Self.storage(flat), "the children were copied")
        let rising = (0..<UInt64(1_000)).map { Self.node($0, z: CGFloat($0 / 10)) }
        let sortedRising = FramePreparer.sortedChildren(rising)
        #expect(Self.storage(sortedRising) == Self.storage(rising))
    }

    @Test func outOfOrderChildrenAreStablySortedWithNaNAsZero() {
        let zs: [CGFloat] = [1, 0, .nan, -1, 0, -0.0, 1, -1]
        let nodes = zs.enumerated().map { Self.node(UInt64($0.offset), z: $0.element) }
        let ids = FramePreparer.sortedChildren(nodes).map(\.id)
        // z: -1 (#3, #7), then 0 (#1, #2 NaN, #4, #5 -0), then 1 (#0, #6).
        #expect(ids == [3, 7, 1, 2, 4, 5, 0, 6].map(IT.id))
    }
}

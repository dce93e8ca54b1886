import CoreGraphics
import Testing
@testable import LaminaCompositor

/// The preparer's half of `instanceDelay`: a delayed replicator's instance k resolves its
/// descendants through the tree's instance nodes on its instance path, and only then.
@Suite struct ReplicatorInstanceNodesTests {
    /// Root 100 → replicator 1 (3 instances, 10 points apart, `delay`) → layer 2 → layer 3.
    func tree(delay: Double) -> RenderTree {
        var r = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 10), children: [2])
        r.kind = .replicator(ReplicatorContent(instanceCount: 3, instanceTransform: CATransform3DMakeTranslation(10, 0, 0),
                                               instanceDelay: delay))
        let c = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 5, height: 5), background: RT.red, children: [3])
        let g = RT.layer(3, frame: CGRect(x: 6, y: 1, width: 2, height: 2), background: RT.red)
        var tree = RT.tree([RT.root(100, children: [1]), r, c, g])
        // Instance 1: the child at half opacity; instance 2: the grandchild moved down.
        var half = c
        half.opacity = 0.5
        half.allowsGroupOpacity = false // each piece at half alpha, no group
        tree.instanceNodes.set(half, at: [ReplicatorInstanceStep(replicator: RT.id(1), index: 1)])
        var moved = g
        moved.position.y += 2
        tree.instanceNodes.set(moved, at: [ReplicatorInstanceStep(replicator: RT.id(1), index: 2)])
        return tree
    }

    @Test func laterInstancesDrawTheirOwnNodes() {
        let list = Compositor().drawList(tree: tree(delay: 0.1), width: 100, height: 100, scale: 1)
        #expect(list.items.map(\.layer) == [2, 3, 2, 3, 2, 3].map(RT.id))
        #expect(list.items.map(\.alpha) == [1, 1, 0.5, 0.5, 1, 1])
        #expect(list.items.map(\.transform.ty) == [0, 1, 0, 1, 0, 3])
        #expect(list.diagnostics.isEmpty)
    }

    @Test func aReplicatorWithoutDelayIgnoresThem() {
        let list = Compositor().drawList(tree: tree(delay: 0), width: 100, height: 100, scale: 1)
        #expect(list.items.map(\.alpha) == [1, 1, 1, 1, 1, 1])
        #expect(list.items.map(\.transform.ty) == [0, 1, 0, 1, 0, 1])
        #expect(!ReplicatorContent(instanceCount: 3, instanceDelay: .nan).shiftsInstances)
        #expect(!ReplicatorContent(instanceCount: 1, instanceDelay: 1).shiftsInstances)
        #expect(ReplicatorContent(instanceCount: 2, instanceDelay: -1).shiftsInstances)
    }
}

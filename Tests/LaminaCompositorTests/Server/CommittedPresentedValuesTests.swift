import CoreGraphics
import Foundation
import Testing
@testable import LaminaCompositor

/// The render server's presented values read out per node (what QuartzCore's `presentation()`
/// writes into its copies): the hand-built tree of `HandBuiltAnimatedTreeTests`, values
/// computed by hand, and the single-node evaluation equal to the whole tree's.
@Suite struct CommittedPresentedValuesTests {
    static let eps = HandBuiltAnimatedTreeTests.eps
    static func id(_ n: UInt64) -> RenderNodeID { RenderNodeID(n) }

    /// Every presenting node's values at `t`, by id.
    static func allValues(_ tree: CommittedRenderTree, at t: Double) -> [RenderNodeID: PresentedLayerValues] {
        var all: [RenderNodeID: PresentedLayerValues] = [:]
        tree.forEachPresentedNode(at: t) { id, target in all[id] = target.values }
        return all
    }

    @Test func everyAnimatedNodeIsReportedWithItsHandComputedValues() throws {
        let tree = HandBuiltAnimatedTreeTests.tree()
        // t = 2: node 2 half-way through its fade (0.2 → 1 over [1, 3]); node 3's local time is
        // 4 (speed 2): both its animations are over and present nothing; node 4 half a turn.
        let all = Self.allValues(tree, at: 2)
        #expect(Set(all.keys) == [Self.id(2), Self.id(3), Self.id(4)])
        let fade = try #require(all[Self.id(2)])
        #expect(fade.fields == DirectFieldSet(.opacity))
        #expect(abs(Double(fade.opacity) - 0.6) < Self.eps)
        #expect(all[Self.id(3)]?.position == CGPoint(x: 7, y: 9), "over: the committed value")
        let turn = try #require(all[Self.id(4)]?.transform)
        #expect(abs(turn.m11) < Self.eps && abs(turn.m12 - 1) < Self.eps)
        // t = 0.25: node 3 at local time 0.5: a quarter of the move plus half of the slide.
        let moving = try #require(Self.allValues(tree, at: 0.25)[Self.id(3)])
        #expect(abs(moving.position.x - 35) < Self.eps && abs(moving.position.y - 12.5) < Self.eps)
    }

    @Test func oneNodeAloneEqualsTheWholeEvaluation() throws {
        let tree = HandBuiltAnimatedTreeTests.tree()
        for t in [0.0, 0.25, 0.7, 1.5, 2, 3.5] {
            let all = Self.allValues(tree, at: t)
            for n: UInt64 in [2, 3, 4] {
                // Another time in between: the single-node path must not lean on the last one.
                _ = Self.allValues(tree, at: t + 0.33)
                let one = try #require(tree.presentedValues(of: Self.id(n), at: t))
                let expected = try #require(all[Self.id(n)])
                #expect(one.values.fields == expected.fields, "node \(n) at \(t)")
                expected.fields.forEach { field in
                    #expect(one.values.read(field) == expected.read(field), "node \(n) \(field) at \(t)")
                }
            }
        }
        #expect(tree.presentedValues(of: Self.id(1), at: 1) == nil, "not animated")
        #expect(tree.presentedValues(of: Self.id(42), at: 1) == nil, "not held")
    }

    /// The single-node path walks the clocks of the node's ancestors (a parent running twice
    /// as fast, offset by 1 s) as a frame does.
    @Test func oneNodeFollowsItsAncestorsClocks() throws {
        let nodes = RenderTree(root: Self.id(1), nodes: [
            RenderNode(id: Self.id(1), children: [Self.id(2)], bounds: CGRect(x: 0, y: 0, width: 100, height: 100)),
            RenderNode(id: Self.id(2), children: [Self.id(3)], bounds: CGRect(x: 0, y: 0, width: 50, height: 50)),
            RenderNode(id: Self.id(3), bounds: CGRect(x: 0, y: 0, width: 10, height: 10)),
        ])
        let tree = CommittedRenderTree(tree: nodes, steps: [
            Self.id(3): [HandBuiltAnimatedTreeTests.basic(.opacity, "opacity", from: .scalar(0), to: .scalar(1),
                                                          begin: 0, duration: 4)],
        ], clocks: [Self.id(2): LayerClock(beginTime: 0, speed: 2, timeOffset: 1)])
        // t = 0.5: node 2's local time (0.5 - 0) * 2 + 1 = 2, node 3's the same: opacity 2/4.
        let values = try #require(tree.presentedValues(of: Self.id(3), at: 0.5))
        #expect(abs(Double(values.values.opacity) - 0.5) < Self.eps)
        #expect(abs(Double(try #require(tree.tree(at: 0.5)[Self.id(3)]?.opacity)) - 0.5) < Self.eps)
    }
}

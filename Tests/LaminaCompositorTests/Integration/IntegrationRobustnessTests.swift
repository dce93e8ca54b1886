// Bad input through the new paths never crashes: singular and non-finite transforms inside a
// 3D context, a transition on a layer with empty bounds, a snapshot that lacks the node.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct IntegrationRobustnessTests {
    @Test func nonFiniteMemberTransformIsReportedAndSkipped() throws {
        var bad = CATransform3DIdentity
        bad.m41 = .nan
        let t = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [2, 3], kind: .transformLayer)
        let broken = IT.layer(2, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: IT.red, transform: bad)
        let fine = IT.layer(3, frame: CGRect(x: 50, y: 50, width: 40, height: 40), background: IT.blue)
        let nodes = [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1]), t, broken, fine]
        let list = IT.drawList(nodes)
        #expect(list.items.map(\.layer) == [IT.id(3)])
        #expect(list.diagnostics.contains(.degenerateTransform(IT.id(2))))
        _ = try IT.render(nodes, width: 100, height: 100)
    }

    @Test func edgeOnTransformLayerDrawsNothing() throws {
        // The whole context turned 90° about y: every member is edge-on.
        let t = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [2], kind: .transformLayer,
                         transform: IT.rotationY(90))
        let child = IT.layer(2, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: IT.red)
        let nodes = [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1]), t, child]
        #expect(IT.drawList(nodes).items.isEmpty)
        let s = try IT.render(nodes, width: 100, height: 100)
        #expect(IT.redRun(s, row: 30) == 0)
    }

    @Test func transitionOnEmptyBoundsDrawsTheLiveSubtree() {
        var live = IT.layer(1, frame: CGRect(x: 50, y: 50, width: 0, height: 0), children: [2])
        let child = IT.layer(2, frame: CGRect(x: 0, y: 0, width: 20, height: 20), background: IT.blue)
        let before = RenderSnapshot(tree: RenderTree(root: IT.id(1), nodes: [IT.layer(1, frame: .zero)]))
        live.transition = RenderTransition(style: TransitionStyle(.push), progress: .nan, before: before)
        let list = IT.drawList([IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1]), live, child])
        #expect(list.transitions.isEmpty)
        #expect(list.items.map(\.layer) == [IT.id(2)])
    }

    @Test func snapshotWithoutTheNodeStillDrawsTheNewHalf() throws {
        var live = IT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: IT.blue)
        live.transition = RenderTransition(style: TransitionStyle(.fade), progress: 1, before: RenderSnapshot(tree: RenderTree()))
        let nodes = [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1]), live]
        #expect(IT.drawList(nodes).outline == ["begin #1 [transition old]", "begin #1 [transition new]", "draw #1 background",
                                               "end #1 [transition]"])
        let s = try IT.render(nodes, width: 100, height: 100)
        #expect(s[30, 30] == IT.blue.premultipliedForTest)
    }
}

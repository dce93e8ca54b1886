// CATransformLayer in the frame: its sublayers share one 3D context (depth-sorted, split,
// culled), it draws nothing of its own, and nesting does not flatten (reference §2.8).
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct TransformLayerContextTests {
    /// Root 100 pt, transform layer #1 filling it, its children `children`.
    static func context(_ children: [RenderNode], transformLayer: RenderNode? = nil) -> [RenderNode] {
        var t = transformLayer ?? IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), kind: .transformLayer)
        t.children = children.map(\.id)
        return [IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1]), t] + children
    }

    @Test func childrenAreDrawnBackToFrontByDepthNotSublayerOrder() {
        // Sublayer order puts #2 (in front, z = +10) first; the context draws #3 (z = −10) first.
        let front = IT.layer(2, frame: CGRect(x: 20, y: 20, width: 50, height: 50), background: IT.red,
                             transform: CATransform3DMakeTranslation(0, 0, 10))
        let back = IT.layer(3, frame: CGRect(x: 30, y: 30, width: 50, height: 50), background: IT.blue,
                            transform: CATransform3DMakeTranslation(0, 0, -10))
        let list = IT.drawList(Self.context([front, back]))
        let order = list.items.map(\.layer)
        #expect(order == [IT.id(3), IT.id(2)])
    }

    @Test func sameTreeWithPlainParentKeepsSublayerOrder() {
        // The control: a plain layer flattens, so sublayer order decides.
        let front = IT.layer(2, frame: CGRect(x: 20, y: 20, width: 50, height: 50), background: IT.red,
                             transform: CATransform3DMakeTranslation(0, 0, 10))
        let back = IT.layer(3, frame: CGRect(x: 30, y: 30, width: 50, height: 50), background: IT.blue,
                            transform: CATransform3DMakeTranslation(0, 0, -10))
        let plain = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let list = IT.drawList(Self.context([front, back], transformLayer: plain))
        #expect(list.items.map(\.layer) == [IT.id(2), IT.id(3)])
    }

    @Test func ownBackgroundBorderAndShadowAreNotDrawn() {
        var t = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), background: IT.red, kind: .transformLayer)
        t.borderWidth = 4
        t.shadowOpacity = 1
        t.masksToBounds = true
        let child = IT.layer(2, frame: CGRect(x: 20, y: 20, width: 40, height: 40), background: IT.blue)
        let list = IT.drawList(Self.context([child], transformLayer: t))
        #expect(list.items.filter { $0.layer == IT.id(1) }.isEmpty)
        #expect(list.items.map(\.layer) == [IT.id(2)])
        #expect(list.groups.isEmpty)
        #expect(!list.outline.contains("clip #1"))
    }

    @Test func opacityAppliesToEachMemberSeparately() {
        var t = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), kind: .transformLayer)
        t.opacity = 0.5
        let a = IT.layer(2, frame: CGRect(x: 10, y: 10, width: 50, height: 50), background: IT.red)
        let b = IT.layer(3, frame: CGRect(x: 30, y: 30, width: 50, height: 50), background: IT.blue)
        let list = IT.drawList(Self.context([a, b], transformLayer: t))
        #expect(list.groups.isEmpty)
        #expect(list.items.count == 2)
        #expect(list.items.allSatisfy { abs($0.alpha - 0.5) < 1e-9 })
    }

    @Test func backFacingSingleSidedMemberIsCulled() {
        var turned = IT.layer(2, frame: CGRect(x: 20, y: 20, width: 50, height: 50), background: IT.red, transform: IT.rotationY(180))
        turned.isDoubleSided = false
        let other = IT.layer(3, frame: CGRect(x: 30, y: 30, width: 20, height: 20), background: IT.blue)
        let list = IT.drawList(Self.context([turned, other]))
        #expect(list.items.map(\.layer) == [IT.id(3)])
    }

    @Test func nestedTransformLayersShareTheContext() {
        // #4 is a transform layer inside #1; its child #5 sorts against #2 in one space.
        let front = IT.layer(2, frame: CGRect(x: 20, y: 20, width: 50, height: 50), background: IT.red,
                             transform: CATransform3DMakeTranslation(0, 0, 5))
        let inner = IT.layer(4, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [5], kind: .transformLayer,
                             transform: CATransform3DMakeTranslation(0, 0, -20))
        let deep = IT.layer(5, frame: CGRect(x: 30, y: 30, width: 50, height: 50), background: IT.blue,
                            transform: CATransform3DMakeTranslation(0, 0, 30))
        // #5 ends at z = +10: in front of #2 although #4 comes later in sublayer order anyway;
        // put #4 first to make the order depend on depth.
        var nodes = Self.context([inner, front]) + [deep]
        nodes[1].children = [IT.id(4), IT.id(2)]
        let list = IT.drawList(nodes)
        #expect(list.items.map(\.layer) == [IT.id(2), IT.id(5)])
    }

    @Test func intersectingPlanesAreSplitIntoClippedPieces() {
        var a = IT.layer(2, frame: CGRect(x: 20, y: 20, width: 60, height: 60), background: IT.red, transform: IT.rotationY(30))
        var b = IT.layer(3, frame: CGRect(x: 20, y: 20, width: 60, height: 60), background: IT.blue, transform: IT.rotationY(-30))
        a.isDoubleSided = true; b.isDoubleSided = true
        let list = IT.drawList(Self.context([a, b]))
        let clips = list.commands.filter { if case .pushPolygonClip = $0 { return true } else { return false } }
        // The first plane is the BSP splitter and stays whole; the second is cut in two, each
        // piece drawn through its own polygon clip, one behind and one in front of the first.
        #expect(clips.count == 2)
        #expect(list.items.map(\.layer) == [IT.id(3), IT.id(2), IT.id(3)])
    }
}

@Suite struct TransformLayerFlippedGeometryTests {
    @Test func singleSidedMemberUnderAFlippedSuperlayerIsStillDrawnFrontFacing() {
        // isGeometryFlipped mirrors the sublayers on the device; that mirror does not turn a
        // layer's back to the viewer (the same rule as outside a context).
        var root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [1])
        root.isGeometryFlipped = true
        let t = IT.layer(1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), children: [2, 3], kind: .transformLayer)
        var front = IT.layer(2, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: IT.red)
        front.isDoubleSided = false
        var turned = IT.layer(3, frame: CGRect(x: 50, y: 50, width: 40, height: 40), background: IT.blue, transform: IT.rotationY(180))
        turned.isDoubleSided = false
        let list = IT.drawList([root, t, front, turned])
        #expect(list.items.map(\.layer) == [IT.id(2)])
    }
}

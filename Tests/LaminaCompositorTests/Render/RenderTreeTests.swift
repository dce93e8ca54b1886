// RenderTree: updates by id, removal, traversal, and structural diagnostics.
import CoreGraphics
import Testing
@testable import LaminaCompositor

@Suite struct RenderTreeTests {
    @Test func defaultsAreApples() {
        let n = RenderNode(id: RT.id(1))
        #expect(n.anchorPoint == CGPoint(x: 0.5, y: 0.5))
        #expect(n.opacity == 1 && n.shadowOpacity == 0 && n.shadowRadius == 3)
        #expect(n.shadowOffset == CGSize(width: 0, height: -3))
        #expect(n.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(n.contentsGravity == .resize && n.maskedCorners == .all && n.cornerCurve == .circular)
        #expect(n.isDoubleSided && !n.masksToBounds && n.allowsGroupOpacity && !n.allowsEdgeAntialiasing)
        let s = ShapeContent()
        #expect(s.lineWidth == 1 && s.miterLimit == 10 && s.strokeEnd == 1 && s.strokeColor == nil)
        #expect(s.fillColor == RT.black)
        let g = GradientContent()
        #expect(g.startPoint == CGPoint(x: 0.5, y: 0) && g.endPoint == CGPoint(x: 0.5, y: 1) && g.type == .axial)
        #expect(RenderCornerMask.maxXMaxY.rawValue == 8 && RenderCornerMask.minXMaxY.rawValue == 4)
    }

    @Test func updateReplacesByIdAndRemoveForgets() {
        var tree = RenderTree(rootID: RT.id(1))
        tree.update(RenderNode(id: RT.id(1), children: [RT.id(2)]))
        tree.update(RenderNode(id: RT.id(2), opacity: 0.5))
        tree.update(RenderNode(id: RT.id(2), opacity: 0.25))
        #expect(tree.count == 2)
        #expect(tree[RT.id(2)]?.opacity == 0.25)
        #expect(tree.children(of: RT.id(1)).map(\.id) == [RT.id(2)])
        tree.remove(RT.id(2))
        #expect(tree.children(of: RT.id(1)).isEmpty)
        #expect(tree.validate() == [.danglingReference(parent: RT.id(1), missing: RT.id(2))])
        tree.remove(RT.id(1))
        #expect(tree.rootID == nil && tree.count == 0)
    }

    @Test func subtreeVisitsMaskThenChildrenOnceEach() {
        let tree = RenderTree(root: RT.id(1), nodes: [
            RenderNode(id: RT.id(1), children: [RT.id(2), RT.id(3)], mask: RT.id(4)),
            RenderNode(id: RT.id(2), children: [RT.id(5)]),
            RenderNode(id: RT.id(3), children: [RT.id(1)]), // cycle back to the root
            RenderNode(id: RT.id(4)),
            RenderNode(id: RT.id(5)),
        ])
        let (order, diagnostics) = tree.subtree(of: RT.id(1))
        #expect(order == [RT.id(1), RT.id(4), RT.id(2), RT.id(5), RT.id(3)])
        #expect(diagnostics == [.repeatedNode(parent: RT.id(3), node: RT.id(1))])
        var t2 = tree
        t2.removeSubtree(RT.id(2))
        #expect(t2[RT.id(5)] == nil && t2[RT.id(2)] == nil && t2[RT.id(1)] != nil)
    }

    @Test func deepChainsDoNotOverflowTheStack() {
        var nodes: [RenderNode] = []
        for i in 0..<5000 { nodes.append(RenderNode(id: RT.id(UInt64(i)), children: i < 4999 ? [RT.id(UInt64(i + 1))] : [])) }
        let tree = RenderTree(root: RT.id(0), nodes: nodes)
        #expect(tree.subtree(of: RT.id(0)).order.count == 5000)
        // The compositor stops at its depth limit with a diagnostic instead of recursing on.
        let list = Compositor().drawList(tree: tree, width: 10, height: 10)
        #expect(list.diagnostics == [.tooDeep(RT.id(UInt64(FramePreparer.maxDepth)))])
        // Every level casting an alpha shadow: nested groups and extents, still bounded.
        var shadowed = RenderTree(root: RT.id(0), nodes: nodes.prefix(300).map { n in
            var n = n
            n.bounds = CGRect(x: 0, y: 0, width: 4, height: 4)
            n.backgroundColor = RT.red
            n.shadowOpacity = 1
            return n
        })
        shadowed.rootID = RT.id(0)
        let s = try? Compositor().render(tree: shadowed, width: 8, height: 8)
        #expect(s != nil)
    }
}

@Suite struct ContentsLayoutTests {
    let bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
    let natural = CGSize(width: 20, height: 10)

    @Test func gravityPlacesAtEdgesCornersAndCentre() {
        func d(_ g: RenderContentsGravity, flipped: Bool = false) -> CGRect {
            ContentsLayout.destination(gravity: g, natural: natural, bounds: bounds, flipped: flipped)
        }
        #expect(d(.center) == CGRect(x: 40, y: 20, width: 20, height: 10))
        #expect(d(.top) == CGRect(x: 40, y: 40, width: 20, height: 10))      // top = maximum Y
        #expect(d(.top, flipped: true) == CGRect(x: 40, y: 0, width: 20, height: 10))
        #expect(d(.bottom) == CGRect(x: 40, y: 0, width: 20, height: 10))
        #expect(d(.left) == CGRect(x: 0, y: 20, width: 20, height: 10))
        #expect(d(.right) == CGRect(x: 80, y: 20, width: 20, height: 10))
        #expect(d(.topLeft) == CGRect(x: 0, y: 40, width: 20, height: 10))
        #expect(d(.bottomRight) == CGRect(x: 80, y: 0, width: 20, height: 10))
        #expect(d(.resize) == bounds)
        #expect(d(.resizeAspect) == CGRect(x: 0, y: 0, width: 100, height: 50))
        let fill = ContentsLayout.destination(gravity: .resizeAspectFill, natural: CGSize(width: 10, height: 10), bounds: bounds, flipped: false)
        #expect(fill == CGRect(x: 0, y: -25, width: 100, height: 100))
        let fit = ContentsLayout.destination(gravity: .resizeAspect, natural: CGSize(width: 10, height: 10), bounds: bounds, flipped: false)
        #expect(fit == CGRect(x: 25, y: 0, width: 50, height: 50))
    }

    @Test func contentsScaleSetsTheNaturalSize() {
        var n = RenderNode(id: RT.id(1), bounds: bounds)
        n.contentsGravity = .center
        n.contentsScale = 2
        let s = ContentsLayout.slices(for: n, pixelSize: CGSize(width: 40, height: 20), flipped: false)
        #expect(s == [ContentsSlice(source: CGRect(x: 0, y: 0, width: 40, height: 20), destination: CGRect(x: 40, y: 20, width: 20, height: 10))])
    }

    @Test func nineSliceKeepsCapsAndStretchesTheMiddle() {
        var n = RenderNode(id: RT.id(1), bounds: bounds)
        n.contentsCenter = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)
        let s = ContentsLayout.slices(for: n, pixelSize: CGSize(width: 8, height: 8), flipped: false)
        #expect(s.count == 9)
        #expect(s.first == ContentsSlice(source: CGRect(x: 0, y: 0, width: 2, height: 2), destination: CGRect(x: 0, y: 0, width: 2, height: 2)))
        #expect(s[4] == ContentsSlice(source: CGRect(x: 2, y: 2, width: 4, height: 4), destination: CGRect(x: 2, y: 2, width: 96, height: 46)))
        // A zero-width centre is one source pixel wide.
        n.contentsCenter = CGRect(x: 0.5, y: 0.5, width: 0, height: 0)
        let z = ContentsLayout.slices(for: n, pixelSize: CGSize(width: 8, height: 8), flipped: false)
        #expect(z[4].source == CGRect(x: 3.5, y: 3.5, width: 1, height: 1))
    }

    @Test func badContentsRectsDrawNothing() {
        var n = RenderNode(id: RT.id(1), bounds: bounds)
        n.contentsRect = CGRect(x: 0, y: 0, width: 0, height: 1)
        #expect(ContentsLayout.slices(for: n, pixelSize: CGSize(width: 8, height: 8), flipped: false).isEmpty)
        n.contentsRect = CGRect(x: CGFloat.nan, y: 0, width: 1, height: 1)
        #expect(ContentsLayout.slices(for: n, pixelSize: CGSize(width: 8, height: 8), flipped: false).isEmpty)
        n.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
        n.contentsScale = .nan // treated as 1
        n.contentsGravity = .center
        #expect(ContentsLayout.slices(for: n, pixelSize: CGSize(width: 8, height: 8), flipped: false).first?.destination.width == 8)
    }
}

// Draw-list tests on hand-built render trees: which pieces, in which order, which surfaces,
// which transforms — no pixels.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor

@Suite struct DrawListOrderTests {
    @Test func layerPiecesComeInApplesOrder() {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.red, children: [2])
        a.shadowOpacity = 1
        a.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        a.contents = .image(RT.quadrantImage(4, 4))
        a.borderWidth = 2
        let b = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 10, height: 10), background: RT.blue)
        let list = RT.drawList([RT.root(100, children: [1]), a, b])
        #expect(list.outline == ["draw #1 shadowRoundedRect", "draw #1 background", "draw #1 contents",
                                 "draw #2 background", "draw #1 border"])
        #expect(list.groups.isEmpty)
    }

    @Test func sublayersSortByZPositionStably() {
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red)
        a.zPosition = 1
        let b = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.green)
        let c = RT.layer(3, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.blue)
        var d = RT.layer(4, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.blue)
        d.zPosition = -2
        let list = RT.drawList([RT.root(100, children: [1, 2, 3, 4]), a, b, c, d])
        #expect(list.items.map(\.layer) == [RT.id(4), RT.id(2), RT.id(3), RT.id(1)])
    }

    @Test func hiddenSubtreesAndZeroOpacityAreSkipped() {
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red, children: [2])
        a.isHidden = true
        let b = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 5, height: 5), background: RT.green)
        var c = RT.layer(3, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.blue)
        c.opacity = 0
        let list = RT.drawList([RT.root(100, children: [1, 3]), a, b, c])
        #expect(list.commands.isEmpty)
    }

    @Test func shapeLayerDrawsFillThenStrokeBetweenContentsAndSublayers() {
        let path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20), transform: nil)
        var s = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 20, height: 20), background: RT.white, children: [2])
        s.kind = .shape(ShapeContent(path: path, fillColor: RT.red, strokeColor: RT.blue, lineWidth: 2))
        let child = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 4, height: 4), background: RT.green)
        let list = RT.drawList([RT.root(100, children: [1]), s, child])
        #expect(list.outline == ["draw #1 background", "draw #1 shapeFill", "draw #1 shapeStroke", "draw #2 background"])
    }

    @Test func gradientDrawsOverBackground() {
        var g = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 20, height: 20), background: RT.white)
        g.kind = .gradient(GradientContent(colors: [RT.red, RT.blue]))
        let list = RT.drawList([RT.root(100, children: [1]), g])
        #expect(list.outline == ["draw #1 background", "draw #1 gradient"])
    }
}

@Suite struct DrawListTransformTests {
    @Test func positionAnchorAndScaleMakeTheDeviceTransform() throws {
        let a = RT.layer(1, frame: CGRect(x: 30, y: 20, width: 10, height: 10), background: RT.red)
        let list = RT.drawList([RT.root(100, children: [1]), a], size: 200, scale: 2)
        let t = try #require(list.items.first).transform
        #expect(t == CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 60, ty: 40))
    }

    @Test func parentTransformRotatesAboutItsAnchor() throws {
        var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
        p.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        let c = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red)
        let list = RT.drawList([RT.root(100, children: [1]), p, c])
        let t = try #require(list.items.first).transform
        // The child's origin (the parent's top-left) lands at the parent's top-right after a
        // quarter turn (y down: +x turns into +y) about the centre (20, 20).
        let o = CGPoint.zero.applying(t)
        #expect(abs(o.x - 40) < 1e-9 && abs(o.y) < 1e-9)
        #expect(abs(t.b - 1) < 1e-9 && abs(t.c + 1) < 1e-9)
    }

    @Test func boundsOriginScrollsSublayersAndSublayerTransformActsAboutTheAnchor() throws {
        var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
        p.bounds.origin = CGPoint(x: 5, y: 0)
        p.sublayerTransform = CATransform3DMakeScale(2, 2, 1)
        let c = RT.layer(2, frame: CGRect(x: 5, y: 0, width: 10, height: 10), background: RT.red)
        let list = RT.drawList([RT.root(100, children: [1]), p, c])
        let t = try #require(list.items.first).transform
        // Anchor of p in its bounds space: (25, 20). Child origin (5, 0) → about (25, 20) ×2 → (−15, −20),
        // then bounds origin x 5 → device x −20 … i.e. (5−25)·2 + 25 − 5 = −20, (0−20)·2 + 20 = −20.
        let o = CGPoint.zero.applying(t)
        #expect(abs(o.x + 20) < 1e-9 && abs(o.y + 20) < 1e-9)
        #expect(t.a == 2 && t.d == 2)
    }

    @Test func perspectiveLayersAreDrawnFlatThenProjected() throws {
        var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), background: RT.red, children: [2])
        var m = CATransform3DIdentity
        m.m34 = -1 / 500
        p.transform = CATransform3DRotate(m, 0.5, 0, 1, 0)
        p.borderWidth = 1 // a border keeps the plane surface (DirectPlaneChoice)
        p.borderColor = RT.black
        let c = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 10, height: 10), background: RT.blue)
        let list = RT.drawList([RT.root(100, children: [1]), p, c])
        #expect(list.outline == ["begin #1 [plane]", "draw #1 background", "draw #2 background", "draw #1 border", "end #1 [plane]"])
        let spec = try #require(list.commands.compactMap { if case let .beginProjective(s) = $0 { return s } else { return nil } }.first)
        // Inside, the layer is drawn flat at about device scale; the homography takes its
        // surface's corners to the projected bounds (the unrotated centre column stays put).
        let centre = spec.surfaceToDevice.apply(Double(20 - spec.bounds.x0 + 0) * 1, 0)
        #expect(centre.w > 0)
        #expect(list.items.first?.transform.b == 0)
        #expect(list.diagnostics.isEmpty)
    }

    @Test func backFacingLayersAreCulledOnlyWhenNotDoubleSided() {
        var p = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.red)
        p.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        #expect(RT.drawList([RT.root(100, children: [1]), p]).items.count == 1)
        p.isDoubleSided = false
        #expect(RT.drawList([RT.root(100, children: [1]), p]).items.isEmpty)
        var q = CATransform3DIdentity
        q.m34 = -1 / 300
        p.transform = CATransform3DRotate(q, 2.5, 0, 1, 0)
        #expect(RT.drawList([RT.root(100, children: [1]), p]).items.isEmpty)
        p.transform = CATransform3DRotate(q, 0.5, 0, 1, 0)
        #expect(RT.drawList([RT.root(100, children: [1]), p]).items.count == 1)
    }

    @Test func layersBehindTheEyeAreReported() {
        var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), background: RT.red)
        var m = CATransform3DIdentity
        m.m34 = -1 / 10
        p.transform = CATransform3DTranslate(m, 0, 0, 50) // far beyond the eye at z = 10
        let list = RT.drawList([RT.root(100, children: [1]), p])
        #expect(list.items.isEmpty)
        #expect(list.diagnostics == [.nonAffineTransform(RT.id(1))])
    }
}

@Suite struct DrawListSurfaceTests {
    func twoChildren(overlap: Bool, groupOpacity: Bool = true) -> [RenderNode] {
        var p = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 60, height: 60), children: [2, 3])
        p.opacity = 0.5
        p.allowsGroupOpacity = groupOpacity
        let a = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 30, height: 30), background: RT.white)
        let b = RT.layer(3, frame: CGRect(x: overlap ? 20 : 35, y: 0, width: 20, height: 30), background: RT.white)
        return [RT.root(100, children: [1]), p, a, b]
    }

    @Test func groupOpacityGetsASurfaceOnlyWhenPiecesOverlap() throws {
        let overlapping = RT.drawList(twoChildren(overlap: true))
        #expect(overlapping.outline == ["begin #1 [groupOpacity]", "draw #2 background", "draw #3 background", "end #1"])
        let g = try #require(overlapping.groups.first)
        #expect(g.opacity == 0.5)
        #expect(g.bounds == PixelBox(x0: -1, y0: -1, x1: 41, y1: 31).intersection(PixelBox(x0: 0, y0: 0, x1: 100, y1: 100)))
        #expect(overlapping.items.allSatisfy { $0.alpha == 1 })

        let apart = RT.drawList(twoChildren(overlap: false))
        #expect(apart.groups.isEmpty)
        #expect(apart.items.map(\.alpha) == [0.5, 0.5])
    }

    @Test func withoutAllowsGroupOpacityEachPieceFades() {
        let list = RT.drawList(twoChildren(overlap: true, groupOpacity: false))
        #expect(list.groups.isEmpty)
        #expect(list.items.map(\.alpha) == [0.5, 0.5])
    }

    @Test func maskGetsAGroupWithAMaskSection() {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.red)
        a.mask = RT.id(5)
        let m = RT.layer(5, frame: CGRect(x: 0, y: 0, width: 20, height: 20), background: RT.black)
        let list = RT.drawList([RT.root(100, children: [1]), a, m])
        #expect(list.outline == ["begin #1 [mask]", "draw #1 background", "mask #1", "draw #5 background", "end #1"])
        // The mask sits in the masked layer's bounds space.
        #expect(list.items.last?.transform == CGAffineTransform(translationX: 10, y: 10))
    }

    @Test func shadowWithoutPathComesFromAlphaWithPathItIsDrawnDirectly() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.color(1, 0, 0, 0.5))
        a.shadowOpacity = 0.5
        let fromAlpha = RT.drawList([RT.root(100, children: [1]), a])
        #expect(fromAlpha.outline == ["begin #1 [shadowFromAlpha]", "draw #1 background", "end #1"])
        let shadow = try #require(fromAlpha.groups.first?.shadow)
        #expect(shadow.offset == CGVector(dx: 0, dy: -3))
        #expect(shadow.sigma == 3)

        a.shadowPath = CGPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerWidth: 8, cornerHeight: 8, transform: nil)
        let fromPath = RT.drawList([RT.root(100, children: [1]), a])
        #expect(fromPath.groups.isEmpty)
        guard case let .shadowRoundedRect(shape, sigma, _)? = fromPath.items.first?.piece else {
            Issue.record("expected an analytic rounded-rect shadow"); return
        }
        #expect(shape.cornerRadius == 8)
        #expect(shape.rect == CGRect(x: 0, y: -3, width: 40, height: 40))
        #expect(sigma == 3)
    }

    /// An opaque background with nothing else that adds alpha casts the shadow of its own
    /// outline: no offscreen surface. Sublayers (or a translucent background) need one.
    @Test func opaqueBackgroundImpliesTheShadowPath() throws {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 30), background: RT.red)
        a.shadowOpacity = 0.5
        a.cornerRadius = 6
        a.borderWidth = 2
        let implied = RT.drawList([RT.root(100, children: [1]), a])
        #expect(implied.outline == ["draw #1 shadowRoundedRect", "draw #1 background", "draw #1 border"])
        a.cornerCurve = .continuous
        #expect(RT.drawList([RT.root(100, children: [1]), a]).outline.first == "draw #1 shadow")
        a.children = [RT.id(2)]
        let b = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 5, height: 5), background: RT.blue)
        #expect(RT.drawList([RT.root(100, children: [1]), a, b]).groups.map(\.reasons) == [.shadowFromAlpha])
    }

    @Test func masksToBoundsClipsShadowContentsSublayersAndBorder() {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 40, height: 40), background: RT.red, children: [2])
        a.masksToBounds = true
        a.cornerRadius = 10
        a.borderWidth = 1
        a.shadowOpacity = 1
        a.shadowPath = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        let b = RT.layer(2, frame: CGRect(x: 30, y: 30, width: 20, height: 20), background: RT.blue)
        let list = RT.drawList([RT.root(100, children: [1]), a, b])
        #expect(list.outline == ["clip #1", "draw #1 shadowRoundedRect", "draw #1 background", "draw #2 background",
                                 "draw #1 border", "unclip #1"])
    }

    @Test func nestedGroupsNest() {
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 50, height: 50), background: RT.red, children: [2])
        a.shadowOpacity = 1
        var b = RT.layer(2, frame: CGRect(x: 10, y: 10, width: 20, height: 20), background: RT.blue)
        b.mask = RT.id(3)
        let m = RT.layer(3, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.black)
        let list = RT.drawList([RT.root(100, children: [1]), a, b, m])
        #expect(list.outline == ["begin #1 [shadowFromAlpha]", "draw #1 background", "begin #2 [mask]", "draw #2 background",
                                 "mask #2", "draw #3 background", "end #2", "end #1"])
    }
}

@Suite struct DrawListBadInputTests {
    @Test func cyclesAndDanglingIdsAreReportedNotFollowed() {
        let a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red, children: [2, 9])
        let b = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.green, children: [1])
        let list = RT.drawList([RT.root(100, children: [1]), a, b])
        #expect(list.items.map(\.layer) == [RT.id(1), RT.id(2)])
        #expect(list.diagnostics.contains(.tree(.repeatedNode(parent: RT.id(2), node: RT.id(1)))))
        #expect(list.diagnostics.contains(.tree(.danglingReference(parent: RT.id(1), missing: RT.id(9)))))
    }

    @Test func maskThatIsItsOwnAncestorIsSkipped() {
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red, children: [2])
        let b = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.green)
        a.mask = RT.id(0) // the root, an ancestor
        let list = RT.drawList([RT.root(100, children: [1]), a, b])
        #expect(list.groups.isEmpty)
        #expect(list.diagnostics.contains(.tree(.repeatedNode(parent: RT.id(1), node: RT.id(0)))))
    }

    @Test func selfReferenceIsRefusedByTheTree() {
        var tree = RenderTree(rootID: RT.id(1))
        let bad = RenderNode(id: RT.id(1), children: [RT.id(1)])
        #expect(tree.update(bad) == .selfReference(RT.id(1)))
        #expect(tree.count == 0)
    }

    @Test func nanOpacityAndNanGeometryDrawNothing() {
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red)
        a.opacity = .nan
        var b = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red)
        b.position = CGPoint(x: CGFloat.nan, y: 0)
        var c = RT.layer(3, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red)
        c.transform = CATransform3DMakeScale(0, 1, 1)
        let list = RT.drawList([RT.root(100, children: [1, 2, 3]), a, b, c])
        #expect(list.items.isEmpty)
        #expect(list.diagnostics == [.degenerateTransform(RT.id(2))])
    }

    @Test func enormousBoundsStayWithinTheOutput() throws {
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 1e12, height: 1e12), background: RT.color(1, 0, 0, 0.99))
        a.shadowOpacity = 1
        let list = RT.drawList([RT.root(100, children: [1]), a])
        let g = try #require(list.groups.first)
        // The output, grown by how far the shadow reaches (content just outside casts in).
        let reach = try #require(g.shadow).reach
        #expect(g.bounds.width <= 100 + 2 * reach && g.bounds.height <= 100 + 2 * reach)
        let s = try RT.render([RT.root(100, children: [1]), a], size: 40)
        #expect(s[20, 20].r >= 252)
    }

    @Test func invalidOutputSizeThrows() {
        #expect(throws: CompositorError.invalidOutputSize(width: 0, height: 10)) {
            _ = try Compositor().render(tree: RT.tree([RT.root(10, children: [])]), width: 0, height: 10)
        }
    }
}

@Suite struct ShadowSigmaTests {
    /// The documented mapping: σ = shadowRadius × device pixels per point.
    @Test func sigmaIsShadowRadiusInDevicePixels() throws {
        #expect(ShadowMapping.sigma(shadowRadius: 3, deviceScale: 1) == 3)
        #expect(ShadowMapping.sigma(shadowRadius: 4, deviceScale: 2) == 8)
        #expect(ShadowMapping.sigma(shadowRadius: .nan, deviceScale: 2) == 0)
        #expect(ShadowMapping.sigma(shadowRadius: -1, deviceScale: 2) == 0)
        var a = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 20, height: 20), background: RT.color(1, 0, 0, 0.5))
        a.shadowOpacity = 1
        a.shadowRadius = 5
        let list = RT.drawList([RT.root(100, children: [1]), a], scale: 2)
        #expect(try #require(list.groups.first?.shadow).sigma == 10)
    }
}

@Suite struct ReplicatorDrawListTests {
    @Test func instancesRepeatTheSublayersWithTransformAndColour() throws {
        var r = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
        r.kind = .replicator(ReplicatorContent(instanceCount: 3, instanceTransform: CATransform3DMakeTranslation(10, 0, 0),
                                               instanceColor: RT.color(1, 1, 1, 1), instanceRedOffset: -0.5))
        let c = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 5, height: 5), background: RT.red)
        let list = RT.drawList([RT.root(100, children: [1]), r, c])
        #expect(list.items.map(\.layer) == [RT.id(2), RT.id(2), RT.id(2)])
        #expect(list.items.map(\.transform.tx) == [0, 10, 20])
        #expect(list.items.map(\.tint.red) == [1, 0.5, 0])
        #expect(list.diagnostics.isEmpty)
    }

    @Test func instanceTransformTurnsAboutTheReplicatorsCentre() throws {
        var r = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
        r.kind = .replicator(ReplicatorContent(instanceCount: 2, instanceTransform: CATransform3DMakeRotation(.pi, 0, 0, 1)))
        let c = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 10, height: 10), background: RT.red)
        let list = RT.drawList([RT.root(100, children: [1]), r, c])
        let second = try #require(list.items.last)
        let o = CGPoint.zero.applying(second.transform) // half a turn about (20, 20)
        #expect(abs(o.x - 40) < 1e-9 && abs(o.y - 40) < 1e-9)
        // Absurd counts are clamped, negative ones draw nothing.
        r.kind = .replicator(ReplicatorContent(instanceCount: -5))
        #expect(RT.drawList([RT.root(100, children: [1]), r, c]).items.isEmpty)
    }

    /// Four nested replicators of 100 instances each used to emit 10^8 draws (minutes of work
    /// and gigabytes of draw list); the nesting shares one budget of `maxInstances` copies.
    @Test func nestedReplicatorsShareOneInstanceBudget() {
        var nodes = [RT.root(100, children: [1])]
        for level: UInt64 in 1...4 {
            var r = RT.layer(level, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [level + 1])
            r.kind = .replicator(ReplicatorContent(instanceCount: 100, instanceTransform: CATransform3DMakeTranslation(1, 0, 0)))
            if level == 2 { r.opacity = 0.5 } // a group: its extent walks the nested instances too
            nodes.append(r)
        }
        nodes.append(RT.layer(5, frame: CGRect(x: 0, y: 0, width: 1, height: 1), background: RT.red))
        let list = RT.drawList(nodes)
        #expect(list.items.count <= FramePreparer.maxInstances)
        #expect(list.items.count >= FramePreparer.maxInstances / 2)
        // One replicator alone still gets the whole budget.
        var single = RT.layer(1, frame: CGRect(x: 0, y: 0, width: 40, height: 40), children: [2])
        single.kind = .replicator(ReplicatorContent(instanceCount: 1_000_000))
        let c = RT.layer(2, frame: CGRect(x: 0, y: 0, width: 1, height: 1), background: RT.red)
        #expect(RT.drawList([RT.root(100, children: [1]), single, c]).items.count == FramePreparer.maxInstances)
    }
}

@Suite struct RasterizeTests {
    func scene(rasterizationScale: CGFloat = 1, color: CGColor = RT.red) -> [RenderNode] {
        var a = RT.layer(1, frame: CGRect(x: 10, y: 10, width: 30, height: 30), background: color, children: [2])
        a.shouldRasterize = true
        a.rasterizationScale = rasterizationScale
        a.cornerRadius = 8
        let b = RT.layer(2, frame: CGRect(x: 5, y: 5, width: 10, height: 10), background: RT.blue)
        return [RT.root(60, children: [1]), a, b]
    }

    @Test func rasterizedLayersGetACachedPlaneSurface() throws {
        let list = RT.drawList(scene())
        #expect(list.outline.first == "begin #1 [plane, cached]")
        #expect(list.outline.last == "end #1 [plane]")
        let c = Compositor()
        let tree = RT.tree(scene())
        let first = try c.render(tree: tree, width: 60, height: 60)
        let second = try c.render(tree: tree, width: 60, height: 60)
        #expect(c.rasterCache.misses == 1 && c.rasterCache.hits == 1)
        #expect(first.bytes() == second.bytes())
        // A change in the subtree invalidates the surface.
        let third = try c.render(tree: RT.tree(scene(color: RT.green)), width: 60, height: 60)
        #expect(c.rasterCache.misses == 2)
        #expect(third[25, 12].g == 255)
        // A frame without the layer drops its surface.
        _ = try c.render(tree: RT.tree([RT.root(60, children: [])]), width: 60, height: 60)
        #expect(c.rasterCache.count == 0)
    }

    @Test func lowRasterizationScaleLooksCoarse() throws {
        let sharp = try RT.render(scene(rasterizationScale: 2), size: 60, scale: 1)
        let coarse = try RT.render(scene(rasterizationScale: 0.25), size: 60, scale: 1)
        func partial(_ s: LaminaRaster.Surface) -> Int {
            var n = 0
            for y in 0..<60 { for x in 0..<60 where s[x, y].a != 0 && s[x, y].a != 255 { n += 1 } }
            return n
        }
        // A bitmap at a quarter of the resolution, magnified: wide soft edges.
        #expect(partial(coarse) > 2 * partial(sharp))
        #expect(coarse[25, 25].a == 255)
    }
}

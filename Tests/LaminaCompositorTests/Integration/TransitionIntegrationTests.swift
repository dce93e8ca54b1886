// CATransition in the frame: a node with `transition` is drawn as the blend of its "before"
// snapshot subtree and its live subtree (reference §10.4), both rendered into surfaces in the
// node's bounds space and placed through the node's transform.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct TransitionIntegrationTests {
    /// Root 100 × 80 pt; #1 at (10, 10, 80, 60). Live: coral with a teal right half (#2).
    /// Before: ink with a gold stripe (#3). `transform` is #1's.
    static func scene(_ type: TransitionType, subtype: TransitionSubtype? = nil, progress: Double,
                      transform: CATransform3D = CATransform3DIdentity, liveHidden: Bool = false) -> [RenderNode] {
        let root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 80), children: [1])
        var live = IT.layer(1, frame: CGRect(x: 10, y: 10, width: 80, height: 60), background: IT.coral, children: [2], transform: transform)
        live.isHidden = liveHidden
        let half = IT.layer(2, frame: CGRect(x: 40, y: 0, width: 40, height: 60), background: IT.teal)
        var old = IT.layer(1, frame: CGRect(x: 10, y: 10, width: 80, height: 60), background: IT.ink, children: [3], transform: transform)
        old.transition = nil
        let stripe = IT.layer(3, frame: CGRect(x: 0, y: 20, width: 80, height: 20), background: IT.gold)
        let before = RenderSnapshot(tree: RenderTree(root: IT.id(1), nodes: [old, stripe]))
        live.transition = RenderTransition(style: TransitionStyle(type, subtype: subtype), progress: progress, before: before)
        return [root, live, half]
    }

    static func render(_ nodes: [RenderNode]) throws -> Surface {
        try IT.render(nodes, width: 100, height: 80)
    }

    @Test func transitionProducesTwoSubtreeSurfacesAndATransitionDraw() throws {
        let list = IT.drawList(Self.scene(.push, subtype: .fromLeft, progress: 0.5), width: 100, height: 80)
        #expect(list.outline == [
            "begin #1 [transition old]", "draw #1 background", "draw #3 background",
            "begin #1 [transition new]", "draw #1 background", "draw #2 background",
            "end #1 [transition]",
        ])
        let spec = try #require(list.transitions.first)
        #expect(spec.bounds == PixelBox(x0: 0, y0: 0, x1: 80, y1: 60))
        #expect(spec.progress == 0.5)
        #expect(spec.style == TransitionStyle(.push, subtype: .fromLeft))
        // Surface (0, 0) lands on the layer's frame origin (10, 10).
        let o = spec.surfaceToDevice.apply(0, 0)
        #expect(abs(o.x / o.w - 10) < 1e-9 && abs(o.y / o.w - 10) < 1e-9)
        // Inside the surfaces the layer is drawn in its own bounds space (no frame offset).
        let first = try #require(list.items.first)
        #expect(first.transform == .identity)
        let result = try Compositor().render(tree: IT.tree(Self.scene(.push, subtype: .fromLeft, progress: 0.5)), width: 100, height: 80)
        #expect(result[50, 40].a == 255)
    }

    @Test func hiddenLiveLayerStillShowsItsBeforeState() {
        // Listing 5-1: the transition is added and the layer hidden in the same transaction.
        let list = IT.drawList(Self.scene(.push, subtype: .fromRight, progress: 0.25, liveHidden: true), width: 100, height: 80)
        #expect(list.outline == ["begin #1 [transition old]", "draw #1 background", "draw #3 background",
                                 "begin #1 [transition new]", "end #1 [transition]"])
    }

    @Test func pushHalfway() throws {
        let s = try Self.render(Self.scene(.push, subtype: .fromLeft, progress: 0.5))
        IT.golden(s, "integration-transition-push.png")
        // fromLeft at 0.5: the new content's right half (teal) fills the layer's left half; the
        // old content's left half (ink, gold stripe at y 20…40) fills its right half.
        #expect(s[25, 20] == IT.teal.premultipliedForTest)
        #expect(s[75, 20] == IT.ink.premultipliedForTest)
        #expect(s[75, 40] == IT.gold.premultipliedForTest)
    }

    @Test func fadeHalfway() throws {
        let s = try Self.render(Self.scene(.fade, progress: 0.5))
        IT.golden(s, "integration-transition-fade.png")
        // Mid-fade of opaque layers stays opaque, halfway between ink and coral.
        let p = s[20, 20]
        #expect(p.a == 255)
        #expect(abs(Int(p.r) - (38 + 242) / 2) <= 2)
    }

    @Test func pageCurlHalfway() throws {
        let s = try Self.render(Self.scene(.pageCurl, subtype: .fromRight, progress: 0.5))
        IT.golden(s, "integration-transition-pagecurl.png")
        // The old page still lies flat at the left edge (ink, a little darkened by the flap's
        // shadow); the right edge shows the new content.
        let flat = s[12, 20]
        #expect(flat.r < 45 && flat.b > 65 && flat.b < 80)
        #expect(s[87, 20] == IT.teal.premultipliedForTest)
    }

    /// Root 160 × 120 pt; #1 at (40, 20, 80, 50) casting a hard black shadow 20 pt down (its
    /// implied shape: the background rect), coral live and ink before; the live state also
    /// has a teal sublayer (#2) sticking 20 pt out of #1's right side (no masksToBounds).
    static func shadowScene(_ type: TransitionType, subtype: TransitionSubtype? = nil, progress: Double) -> [RenderNode] {
        let root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 160, height: 120), children: [1])
        func shadowed(_ color: CGColor, children: [UInt64]) -> RenderNode {
            var l = IT.layer(1, frame: CGRect(x: 40, y: 20, width: 80, height: 50), background: color, children: children)
            l.shadowOpacity = 1; l.shadowOffset = CGSize(width: 0, height: 20); l.shadowRadius = 2
            return l
        }
        var live = shadowed(IT.coral, children: [2])
        let outside = IT.layer(2, frame: CGRect(x: 60, y: 5, width: 40, height: 20), background: IT.teal)
        let old = shadowed(IT.ink, children: [])
        live.transition = RenderTransition(style: TransitionStyle(type, subtype: subtype), progress: progress,
                                           before: RenderSnapshot(tree: RenderTree(root: IT.id(1), nodes: [old])))
        return [root, live, outside]
    }

    @Test func transitionSurfacesCoverShadowsAndSublayersOutsideTheBounds() throws {
        let list = IT.drawList(Self.shadowScene(.fade, progress: 0.5), width: 160, height: 120)
        let spec = try #require(list.transitions.first)
        // The surfaces reach past the bounds (0, 0, 80, 50): the shadow below, #2 on the right.
        #expect(spec.bounds.x1 >= 100 && spec.bounds.y1 >= 70 && spec.bounds.x0 <= 0 && spec.bounds.y0 <= 0)
        #expect(spec.layerRect == CGRect(x: -Double(spec.bounds.x0), y: -Double(spec.bounds.y0), width: 80, height: 50))

        let fade = try IT.render(Self.shadowScene(.fade, progress: 0.5), width: 160, height: 120)
        IT.golden(fade, "integration-transition-shadow-fade.png")
        // Under the layer, inside both states' shadow: black, not the backdrop (0.93 → 237).
        let shadow = fade[80, 80]
        #expect(shadow.a == 255 && shadow.r < 20 && shadow.g < 20 && shadow.b < 20)
        // #2 outside the bounds, half faded in over the backdrop: (teal + backdrop) / 2.
        let half = fade[130, 30]
        #expect(abs(Int(half.g) - (153 + 237) / 2) <= 3 && abs(Int(half.r) - (26 + 237) / 2) <= 3)

        // A push moves the whole rendering, shadow included, by one bounds width: fromLeft at
        // 0.25 the old layer (ink) spans x 60…140 and its shadow lies below it.
        let push = try IT.render(Self.shadowScene(.push, subtype: .fromLeft, progress: 0.25), width: 160, height: 120)
        IT.golden(push, "integration-transition-shadow-push.png")
        #expect(push[100, 45] == IT.ink.premultipliedForTest)
        let moved = push[135, 80]
        #expect(moved.r < 20 && moved.g < 20 && moved.b < 20)
        #expect(push[150, 45].r > 200) // backdrop right of the moved layer
    }

    @Test func transitionFollowsTheLayerTransform() throws {
        // The blended frame is placed like any offscreen layer surface: under a half-turn about
        // z, the push's teal half appears on the right.
        let s = try Self.render(Self.scene(.push, subtype: .fromLeft, progress: 0.5, transform: CATransform3DMakeRotation(.pi, 0, 0, 1)))
        #expect(s[75, 40] == IT.teal.premultipliedForTest)
        #expect(s[25, 60] == IT.ink.premultipliedForTest)
    }
}

extension CGColor {
    /// The opaque colour as the compositor writes it (sRGB components × 255, rounded).
    var premultipliedForTest: PremultipliedRGBA8 {
        let c = components ?? [0, 0, 0, 1]
        func b(_ v: CGFloat) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
        return PremultipliedRGBA8(r: b(c[0]), g: b(c[1]), b: b(c[2]), a: b(c.count > 3 ? c[3] : 1))
    }
}

// The damage between two draw lists on hand-built trees (what is damaged, not pixels), and
// FrameDamage's area and coalescing.
import CoreGraphics
@testable import LaminaCompositor
import Testing

@Suite struct FrameDamageTests {
    /// A 100 × 80 root with two opaque squares, the second at `x`.
    static func tree(x: CGFloat = 60, order: [UInt64] = [1, 2], shadow: Float = 0) -> RenderTree {
        var root = RenderNode(id: RenderNodeID(100), children: order.map(RenderNodeID.init),
                              bounds: CGRect(x: 0, y: 0, width: 100, height: 80), position: CGPoint(x: 50, y: 40))
        root.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
        var a = RenderNode(id: RenderNodeID(1), bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: 15, y: 15))
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        var b = RenderNode(id: RenderNodeID(2), bounds: CGRect(x: 0, y: 0, width: 10, height: 10), position: CGPoint(x: x, y: 40))
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        b.shadowOpacity = shadow
        b.shadowRadius = 4
        return RenderTree(root: RenderNodeID(100), nodes: [root, a, b])
    }

    static func damage(_ old: RenderTree, _ new: RenderTree) -> FrameDamage {
        let c = Compositor()
        return c.drawList(tree: new, width: 100, height: 80).damage(since: c.drawList(tree: old, width: 100, height: 80))
    }

    @Test func equalFramesHaveNoDamage() {
        #expect(Self.damage(Self.tree(), Self.tree()).isEmpty)
    }

    @Test func aMovedLayerDamagesItsOldAndNewPlacesOnly() {
        let d = Self.damage(Self.tree(x: 60), Self.tree(x: 70))
        let all = d.bounds
        #expect(all.x0 <= 55 && all.x1 >= 75 && all.y0 <= 35 && all.y1 >= 45)
        // Within two pixels of margin around the two squares; the red square is untouched.
        #expect(all.x0 >= 53 && all.x1 <= 77 && all.y0 >= 33 && all.y1 <= 47)
        #expect(d.area <= 2 * 14 * 14)
    }

    @Test func aShadowWidensTheDamageByItsBlur() {
        let plain = Self.damage(Self.tree(x: 60), Self.tree(x: 61)).bounds
        let shadowed = Self.damage(Self.tree(x: 60, shadow: 1), Self.tree(x: 61, shadow: 1)).bounds
        // σ for radius 4 is about 2 px: 3σ + 1 at least 5 px more on each side.
        #expect(shadowed.x0 <= plain.x0 - 5 && shadowed.x1 >= plain.x1 + 5 && shadowed.y1 >= plain.y1 + 5)
    }

    @Test func swappingTwoDisjointSiblingsDamagesOneOfThem() {
        let d = Self.damage(Self.tree(order: [1, 2]), Self.tree(order: [2, 1]))
        #expect(!d.isEmpty)
        #expect(d.area <= 14 * 14)
    }

    @Test func aNewSizeIsTheWholeFrame() {
        let c = Compositor()
        let d = c.drawList(tree: Self.tree(), width: 100, height: 80).damage(since: c.drawList(tree: Self.tree(), width: 90, height: 80))
        #expect(d.rects == [PixelBox(x0: 0, y0: 0, x1: 100, y1: 80)])
    }

    @Test func areaCountsOverlapsOnceAndCoalescingKeepsEveryPixel() {
        let rects = [PixelBox(x0: 0, y0: 0, x1: 10, y1: 10), PixelBox(x0: 5, y0: 5, x1: 15, y1: 15),
                     PixelBox(x0: 40, y0: 40, x1: 42, y1: 42), PixelBox(x0: 1, y0: 1, x1: 3, y1: 3)]
        let d = FrameDamage(rects: rects, width: 50, height: 50)
        #expect(d.area == 100 + 100 - 25 + 4)
        let two = d.coalesced(limit: 2)
        #expect(two.rects.count == 2)
        for r in rects {
            for y in r.y0..<r.y1 { for x in r.x0..<r.x1 {
                #expect(two.rects.contains { $0.x0 <= x && x < $0.x1 && $0.y0 <= y && y < $0.y1 })
            } }
        }
        #expect(d.coalesced(limit: 1).rects == [PixelBox(x0: 0, y0: 0, x1: 42, y1: 42)])
    }
}

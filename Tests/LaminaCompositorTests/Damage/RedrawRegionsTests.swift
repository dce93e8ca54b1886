// Which regions an incremental frame redraws for its damage (RedrawRegions.swift): rows are
// never drawn twice, and a frame with whole-extent work (3D planes, transitions, path
// shadows) is redrawn as one region. Pixels are checked elsewhere (DamageRandomEditTests,
// DamageSceneTests): every choice here gives the same bytes, only the cost differs.
import CoreGraphics
@testable import LaminaCompositor
import Testing

@Suite struct RedrawRegionsTests {
    @Test func rectanglesSharingRowsBecomeOneRegionAndOthersStaySeparate() {
        let d = FrameDamage(rects: [PixelBox(x0: 60, y0: 50, x1: 70, y1: 60),   // shares rows with the next
                                    PixelBox(x0: 0, y0: 55, x1: 10, y1: 70),
                                    PixelBox(x0: 0, y0: 0, x1: 10, y1: 10)],     // rows of its own
                            width: 100, height: 100)
        let r = d.redrawRegions(limit: 8, wholeExtentWork: false)
        #expect(r.rects == [PixelBox(x0: 0, y0: 0, x1: 10, y1: 10), PixelBox(x0: 0, y0: 50, x1: 70, y1: 70)])
        // Touching rows (y1 == next y0) share no row: kept apart.
        let touching = FrameDamage(rects: [PixelBox(x0: 0, y0: 0, x1: 5, y1: 10), PixelBox(x0: 50, y0: 10, x1: 55, y1: 20)],
                                   width: 100, height: 100)
        #expect(touching.redrawRegions(limit: 8, wholeExtentWork: false).rects.count == 2)
    }

    @Test func wholeExtentWorkMakesOneRegion() {
        let d = FrameDamage(rects: [PixelBox(x0: 0, y0: 0, x1: 10, y1: 10), PixelBox(x0: 80, y0: 80, x1: 90, y1: 90)],
                            width: 100, height: 100)
        #expect(d.redrawRegions(limit: 8, wholeExtentWork: true).rects == [PixelBox(x0: 0, y0: 0, x1: 90, y1: 90)])
        #expect(d.redrawRegions(limit: 8, wholeExtentWork: false).rects.count == 2)
    }

    /// A 100 × 100 root with two small squares far apart; `z` rotates the second about y in
    /// perspective (a 3D plane), `pathShadow` gives the first a shadow path.
    static func tree(first x: CGFloat, second y: CGFloat, plane: Bool = false, pathShadow: Bool = false) -> RenderTree {
        var root = RenderNode(id: RenderNodeID(100), children: [RenderNodeID(1), RenderNodeID(2)],
                              bounds: CGRect(x: 0, y: 0, width: 100, height: 100), position: CGPoint(x: 50, y: 50))
        root.backgroundColor = CGColor(red: 0.2, green: 0.2, blue: 0.3, alpha: 1)
        var a = RenderNode(id: RenderNodeID(1), bounds: CGRect(x: 0, y: 0, width: 8, height: 8), position: CGPoint(x: x, y: 10))
        a.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        if pathShadow {
            a.shadowOpacity = 1
            a.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 8, height: 8), transform: nil)
        }
        var b = RenderNode(id: RenderNodeID(2), bounds: CGRect(x: 0, y: 0, width: 8, height: 8), position: CGPoint(x: y, y: 85))
        b.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        if plane {
            var t = CATransform3DIdentity
            t.m34 = -1 / 200
            b.transform = CATransform3DRotate(t, 0.6, 0, 1, 0)
        }
        return RenderTree(root: RenderNodeID(100), nodes: [root, a, b])
    }

    static func pending(_ old: RenderTree, _ new: RenderTree) throws -> IncrementalFrames.Pending {
        let frames = IncrementalFrames()
        try frames.render(tree: old, width: 100, height: 100)
        return frames.prepare(tree: new, width: 100, height: 100)
    }

    @Test func theDrawListSaysWhetherItHasWholeExtentWork() {
        let c = Compositor()
        #expect(!c.drawList(tree: Self.tree(first: 10, second: 50), width: 100, height: 100).hasWholeExtentWork)
        #expect(c.drawList(tree: Self.tree(first: 10, second: 50, plane: true), width: 100, height: 100).hasWholeExtentWork)
        #expect(c.drawList(tree: Self.tree(first: 10, second: 50, pathShadow: true), width: 100, height: 100).hasWholeExtentWork)
    }

    @Test func twoFarApartChangesAreTwoRegionsWithoutPlanesAndOneWithThem() throws {
        let flat = try Self.pending(Self.tree(first: 10, second: 50), Self.tree(first: 14, second: 56))
        #expect(flat.damage.rects.count == 2)
        let planes = try Self.pending(Self.tree(first: 10, second: 50, plane: true),
                                      Self.tree(first: 14, second: 56, plane: true))
        #expect(planes.damage.rects.count == 1)
        #expect(planes.damage.rects[0].y0 <= 10 && planes.damage.rects[0].y1 >= 85)
    }

    @Test func aForcedWholeFrameSkipsTheComparisonAndRedrawsEverything() throws {
        let frames = IncrementalFrames()
        try frames.render(tree: Self.tree(first: 10, second: 50), width: 100, height: 100)
        frames.addDamage(PixelBox(x0: -5, y0: -5, x1: 200, y1: 200))
        let p = frames.prepare(tree: Self.tree(first: 10, second: 50), width: 100, height: 100)
        #expect(p.damage.rects == [PixelBox(x0: 0, y0: 0, x1: 100, y1: 100)])
        // The next frame compares again (the forced rectangle lasted one frame) and, with
        // nothing changed, redraws nothing; its pixels equal a full render.
        let drawn = try frames.draw(p)
        let again = frames.prepare(tree: Self.tree(first: 10, second: 50), width: 100, height: 100)
        #expect(again.damage.isEmpty)
        let full = try Compositor().render(tree: Self.tree(first: 10, second: 50), width: 100, height: 100)
        #expect(drawn.bytes() == full.bytes())
    }
}

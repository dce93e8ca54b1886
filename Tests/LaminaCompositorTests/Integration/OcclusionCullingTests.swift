// Draws hidden under a later opaque rectangle in the output are dropped from the draw list;
// anything that could show through (translucent or rounded covers, partial cover, a clip or
// group between) keeps them, and the pixels are those of drawing everything.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

@Suite struct OcclusionCullingTests {
    /// Root 100 × 80 (ink); #1 gold at (10, 10, 50, 40); #2 (the cover) over (x, y, w, h).
    static func scene(cover: CGRect, color: CGColor = IT.teal, opacity: Float = 1, cornerRadius: CGFloat = 0,
                      coverClips: Bool = false) -> [RenderNode] {
        let root = IT.layer(0, frame: CGRect(x: 0, y: 0, width: 100, height: 80), background: IT.ink, children: [1, 2])
        let under = IT.layer(1, frame: CGRect(x: 10, y: 10, width: 50, height: 40), background: IT.gold)
        var top = IT.layer(2, frame: cover, background: color)
        top.opacity = opacity
        top.cornerRadius = cornerRadius
        top.masksToBounds = coverClips
        return [root, under, top]
    }

    @Test func drawsUnderAnOpaqueRectAreDropped() throws {
        let nodes = Self.scene(cover: CGRect(x: 0, y: 0, width: 100, height: 80))
        #expect(IT.drawList(nodes, width: 100, height: 80).outline == ["draw #2 background"])
        // A fractional cover hides only what lies inside its whole pixels (with the 1-pixel
        // anti-aliasing margin of the draw below): #1's (9, 9)-(61, 51) lies in (9, 9)-(62, 52).
        let partial = Self.scene(cover: CGRect(x: 8.5, y: 8.5, width: 54, height: 44))
        #expect(IT.drawList(partial, width: 100, height: 80).outline == ["draw #0 background", "draw #2 background"])
        let s = try IT.render(partial, width: 100, height: 80)
        #expect(s[8, 8] != IT.teal.premultipliedForTest && s[9, 9] == IT.teal.premultipliedForTest)
        let edge = Self.scene(cover: CGRect(x: 9.5, y: 9.5, width: 51, height: 41))
        #expect(IT.drawList(edge, width: 100, height: 80).outline.count == 3)
    }

    @Test func drawsThatCouldShowThroughAreKept() {
        let all = ["draw #0 background", "draw #1 background", "draw #2 background"]
        let full = CGRect(x: 0, y: 0, width: 100, height: 80)
        #expect(IT.drawList(Self.scene(cover: full, opacity: 0.5), width: 100, height: 80).outline == all)
        #expect(IT.drawList(Self.scene(cover: full, color: IT.color(0, 0, 1, 0.9)), width: 100, height: 80).outline == all)
        #expect(IT.drawList(Self.scene(cover: full, cornerRadius: 8), width: 100, height: 80).outline == all)
        // The cover's own clip comes between: nothing is culled across it.
        let clipped = IT.drawList(Self.scene(cover: full, coverClips: true), width: 100, height: 80).outline
        #expect(clipped.filter { $0.hasPrefix("draw") } == all)
        // Covering #1 but not the root: only #1 goes.
        #expect(IT.drawList(Self.scene(cover: CGRect(x: 5, y: 5, width: 60, height: 50)), width: 100, height: 80).outline
            == ["draw #0 background", "draw #2 background"])
    }

    @Test func culledFramesHaveTheSamePixels() throws {
        // The same picture with the cover drawn by a compositor that culls and as the sum of
        // its parts: everything under an opaque cover is the cover's colour.
        let s = try IT.render(Self.scene(cover: CGRect(x: 5, y: 5, width: 60, height: 50)), width: 100, height: 80)
        for (x, y) in [(5, 5), (30, 30), (64, 54)] { #expect(s[x, y] == IT.teal.premultipliedForTest) }
        #expect(s[70, 60] == IT.ink.premultipliedForTest)
    }
}

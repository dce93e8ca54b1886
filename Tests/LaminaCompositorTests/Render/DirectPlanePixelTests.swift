import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing

/// A perspective layer of only a background and an image is drawn straight through its
/// homography (DirectPlaneDrawing.swift); anything more goes through a plane surface. Both
/// must show the same picture.
@Suite struct DirectPlanePixelTests {
    static func scene() -> [RenderNode] {
        var persp = CATransform3DIdentity
        persp.m34 = -1 / 250
        var p = RT.layer(1, frame: CGRect(x: 20, y: 20, width: 60, height: 60), background: RT.color(0.2, 0.6, 0.3))
        p.transform = CATransform3DRotate(CATransform3DRotate(persp, 0.6, 0, 1, 0), -0.3, 1, 0, 0)
        p.contents = .image(RT.quadrantImage(16, 16))
        p.contentsGravity = .center
        return [RT.root(100, children: [1]), p]
    }

    @Test func directPlaneMatchesThePlaneSurface() throws {
        let compositor = Compositor()
        let tree = RT.tree(Self.scene())
        let list = compositor.drawList(tree: tree, width: 100, height: 100)
        #expect(list.outline == ["begin #1 [plane]", "draw #1 background", "draw #1 contents", "end #1 [plane]"])
        // The same list with a (transparent) border added to the plane: no longer simple, so
        // it is drawn into the plane surface and projected.
        var forced = list
        guard case let .draw(bg) = list.commands[1], case let .background(shape, _) = bg.piece else {
            Issue.record("expected the background first"); return
        }
        var extra = bg
        extra.piece = .border(shape, width: 1, color: RT.color(0, 0, 0, 0))
        forced.commands.insert(.draw(extra), at: 3)
        let direct = try Surface(width: 100, height: 100), viaSurface = try Surface(width: 100, height: 100)
        let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
        direct.fill(white); viaSurface.fill(white)
        try compositor.execute(list, into: direct)
        try compositor.execute(forced, into: viaSurface)
        var total = 0, far = 0, drawn = 0
        for y in 0..<100 {
            for x in 0..<100 {
                let a = direct[x, y], b = viaSurface[x, y]
                let d = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                total += d
                if d > 48 { far += 1 }
                if a.r < 250 || a.g < 250 || a.b < 250 { drawn += 1 }
            }
        }
        #expect(drawn > 1500)
        // One resampling fewer: only edges and texel boundaries may differ, by little.
        #expect(far < drawn / 50)
        #expect(Double(total) / Double(drawn) < 3)
    }
}

// Combination scenes from the seed documents, at small sizes.
import CoreGraphics
import LaminaRaster
import Testing
@testable import LaminaCompositor
import _LaminaTestSupport

@Suite struct SeedScenePixelTests {
    /// Seed 000's page-fold view at rest, scaled down to 160x110: two shadow layers (shape
    /// layers without a path, casting a shadow from a rounded shadowPath) each holding a page
    /// (white, dark-gray border, half of one image through contentsRect, masked by a shape
    /// layer rounding its outer corners), with the perspective transform of the seed
    /// (m34 = −1/2000, flat at rest).
    @Test func pageFoldAtRest() throws {
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 2000
        let page = CGSize(width: 70, height: 90)
        let image = RT.quadrantImage(28, 18)
        var nodes = [RT.layer(0, frame: CGRect(x: 0, y: 0, width: 160, height: 110), background: RT.color(0.45, 0.47, 0.5),
                              children: [1, 2])]
        for (i, left) in [true, false].enumerated() {
            let base = UInt64(1 + i)
            let corners: CGRectCorner = left ? [.topLeft, .bottomLeft] : [.topRight, .bottomRight]
            let rounded = CGPath.roundedRect(CGRect(origin: .zero, size: page), byRoundingCorners: corners, cornerRadius: 10)
            var shadowLayer = RenderNode(id: RT.id(base), children: [RT.id(base + 10)], kind: .shape(ShapeContent()),
                                         bounds: CGRect(origin: .zero, size: page), position: CGPoint(x: 80, y: 55),
                                         anchorPoint: CGPoint(x: left ? 1 : 0, y: 0.5), transform: perspective)
            shadowLayer.shadowPath = rounded
            shadowLayer.shadowRadius = 6
            shadowLayer.shadowOpacity = 0.9
            var p = RenderNode(id: RT.id(base + 10), mask: RT.id(base + 20), bounds: CGRect(origin: .zero, size: page),
                               position: CGPoint(x: page.width / 2, y: page.height / 2), transform: perspective,
                               backgroundColor: RT.white, borderWidth: 1, borderColor: RT.color(0.33, 0.33, 0.33))
            p.contents = .image(image)
            p.contentsRect = CGRect(x: left ? 0 : 0.5, y: 0, width: 0.5, height: 1)
            p.contentsGravity = .center
            let mask = RenderNode(id: RT.id(base + 20), kind: .shape(ShapeContent(path: rounded)),
                                  bounds: CGRect(origin: .zero, size: page), position: CGPoint(x: page.width / 2, y: page.height / 2))
            nodes += [shadowLayer, p, mask]
        }
        let list = Compositor().drawList(tree: RT.tree(nodes), width: 160, height: 110)
        #expect(list.diagnostics.isEmpty)
        #expect(list.groups.map(\.layer) == [RT.id(11), RT.id(12)]) // one mask group per page, shadows drawn directly
        let s = try Compositor().render(tree: RT.tree(nodes), width: 160, height: 110)
        #expect(s[11, 11].a == 255 && s[11, 11].r < 115)   // outside the rounded outer corner: background and shadow
        #expect(s[148, 11].r < 115)
        #expect(s[20, 30] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)) // page
        let r = GoldenImage.compare(actual: s, goldenPath: RT.goldenPath("seed000-page-fold-rest.png"), tolerance: 1)
        #expect(r.passed, "\(r)")
    }
}

// Helpers for building render trees by hand in the compositor tests.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

/// Compares `s` with the golden `name` (Goldens/ beside this file; record with
/// LAMINA_RECORD_GOLDENS=1 and look at the PNG before committing it).
func golden(_ s: Surface, _ name: String, tolerance: UInt8 = 1) {
    let r = GoldenImage.compare(actual: s, goldenPath: RT.goldenPath(name), tolerance: tolerance)
    #expect(r.passed, "\(r)")
}

enum RT {
    static func id(_ n: UInt64) -> RenderNodeID { RenderNodeID(n) }

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    static let red = color(1, 0, 0), green = color(0, 1, 0), blue = color(0, 0, 1)
    static let white = color(1, 1, 1), black = color(0, 0, 0)

    /// A layer whose frame is `frame` (identity transform, default anchor) in its parent.
    static func layer(_ n: UInt64, frame: CGRect, background: CGColor? = nil, children: [UInt64] = []) -> RenderNode {
        RenderNode(id: id(n), children: children.map(id), bounds: CGRect(origin: .zero, size: frame.size),
                   position: CGPoint(x: frame.midX, y: frame.midY), backgroundColor: background)
    }

    /// A tree rooted at the first node.
    static func tree(_ nodes: [RenderNode]) -> RenderTree { RenderTree(root: nodes.first?.id, nodes: nodes) }

    /// A root covering `size` points, transparent, holding `children`.
    static func root(_ size: CGFloat, children: [UInt64]) -> RenderNode {
        layer(0, frame: CGRect(x: 0, y: 0, width: size, height: size), children: children)
    }

    static func render(_ nodes: [RenderNode], size: Int, scale: Double = 1, background: CGColor? = nil) throws -> Surface {
        try Compositor().render(tree: tree(nodes), width: size, height: size, scale: scale, background: background)
    }

    static func drawList(_ nodes: [RenderNode], size: Int = 100, scale: Double = 1) -> DrawList {
        Compositor().drawList(tree: tree(nodes), width: size, height: size, scale: scale)
    }

    /// The draw list with every perspective plane drawn through its plane surface (none
    /// drawn directly), to compare the two ways.
    static func surfacePlanesDrawList(_ nodes: [RenderNode], size: Int = 100, scale: Double = 1) -> DrawList {
        var p = FramePreparer(tree: tree(nodes), width: size, height: size, scale: scale)
        p.drawsPlanesDirectly = false
        return p.prepare()
    }

    /// A w×h image: four quadrants red, green (top right), blue (bottom left), white, each
    /// opaque — orientation and placement are visible in every golden.
    static func quadrantImage(_ w: Int, _ h: Int) -> CGImage {
        let s = try! Surface(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let right = x >= w / 2, bottom = y >= h / 2
                let c: PremultipliedRGBA8
                switch (right, bottom) {
                case (false, false): c = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
                case (true, false): c = PremultipliedRGBA8(r: 0, g: 200, b: 0, a: 255)
                case (false, true): c = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
                case (true, true): c = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
                }
                s[x, y] = c
            }
        }
        return CGImage(surface: s)
    }

    static func goldenPath(_ name: String, file: StaticString = #filePath) -> String {
        GoldenImage.path(name, file: file)
    }
}

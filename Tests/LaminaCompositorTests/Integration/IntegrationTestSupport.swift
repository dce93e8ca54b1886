// Hand-built trees for the 3D-context and transition integration tests.
import CoreGraphics
import LaminaCompositor
import LaminaRaster
import Testing
import _LaminaTestSupport

enum IT {
    static func id(_ n: UInt64) -> RenderNodeID { RenderNodeID(n) }

    static func color(_ r: CGFloat, _ g: CGFloat, _ b: CGFloat, _ a: CGFloat = 1) -> CGColor {
        CGColor(red: r, green: g, blue: b, alpha: a)
    }

    static let coral = color(0.95, 0.45, 0.35), teal = color(0.1, 0.6, 0.6), gold = color(0.95, 0.8, 0.2)
    static let sky = color(0.45, 0.7, 0.95), ink = color(0.15, 0.15, 0.3), white = color(1, 1, 1)
    static let red = color(1, 0, 0), blue = color(0, 0, 1)

    /// A layer whose frame (before `transform`) is `frame` in its parent.
    static func layer(_ n: UInt64, frame: CGRect, background: CGColor? = nil, children: [UInt64] = [],
                      kind: RenderNodeKind = .plain, transform: CATransform3D = CATransform3DIdentity) -> RenderNode {
        RenderNode(id: id(n), children: children.map(id), kind: kind, bounds: CGRect(origin: .zero, size: frame.size),
                   position: CGPoint(x: frame.midX, y: frame.midY), transform: transform, backgroundColor: background)
    }

    static func tree(_ nodes: [RenderNode]) -> RenderTree { RenderTree(root: nodes.first?.id, nodes: nodes) }

    static func drawList(_ nodes: [RenderNode], width: Int = 100, height: Int = 100) -> DrawList {
        Compositor().drawList(tree: tree(nodes), width: width, height: height)
    }

    static func render(_ nodes: [RenderNode], width: Int, height: Int) throws -> Surface {
        try Compositor().render(tree: tree(nodes), width: width, height: height, background: color(0.93, 0.93, 0.9))
    }

    static func perspective(_ d: CGFloat) -> CATransform3D {
        var t = CATransform3DIdentity
        t.m34 = -1 / d
        return t
    }

    static func rotationY(_ degrees: CGFloat) -> CATransform3D { CATransform3DMakeRotation(degrees * .pi / 180, 0, 1, 0) }

    /// Pixels of row `y` whose red channel dominates (a red layer's coverage on that row).
    static func redRun(_ s: Surface, row y: Int) -> Int {
        (0..<s.width).filter { let p = s[$0, y]; return p.r > 200 && p.g < 80 && p.b < 80 }.count
    }

    static func golden(_ s: Surface, _ name: String, tolerance: UInt8 = 1, file: StaticString = #filePath) {
        let r = GoldenImage.compare(actual: s, goldenPath: GoldenImage.path(name, file: file), tolerance: tolerance)
        #expect(r.passed, "\(r)")
    }
}

import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// `render(in:)` through the render server's pipeline: a committed snapshot of the model
/// subtree with no animations, drawn from its frame. It draws model values, never presented
/// ones, and gives the same bytes as drawing the snapshot itself.
@Suite struct RenderInContextPipelineTests {
    static func context(_ size: Int) -> CGContext {
        CGContext(data: nil, width: size, height: size, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)!
    }

    /// An attached tree whose child fades (0 → 0: invisible while the animation runs) and
    /// moves, committed at t = 1.
    static func animatedTree(_ host: TestHost) -> (root: CALayer, child: CALayer) {
        let root = at(0) { attachedRoot(host) }
        let child = CALayer()
        at(0) {
            root.bounds = CGRect(x: 0, y: 0, width: 16, height: 16)
            child.frame = CGRect(x: 0, y: 0, width: 8, height: 8)
            child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            root.addSublayer(child)
            CATransaction.flush()
        }
        at(1) {
            child.add(basic("opacity", from: 0, to: 0, duration: 10), forKey: "hide")
            child.add(basic("position", from: CGPoint(x: 12, y: 12), to: CGPoint(x: 12, y: 12), duration: 10), forKey: "move")
            CATransaction.flush()
        }
        return (root, child)
    }

    @Test func renderInContextDrawsModelValuesWhileAnimationsRun() throws {
        let host = TestHost()
        let (root, child) = Self.animatedTree(host)
        // The presentation layer is moved and invisible; render(in:) ignores that.
        let shown = try #require(at(2) { child.presentation() })
        #expect(shown.opacity == 0 && shown.position == CGPoint(x: 12, y: 12))
        let ctx = Self.context(16)
        at(2) { root.render(in: ctx) }
        let image = try #require(ctx.makeImage())
        let bytes = image.premultipliedRGBA8.bytes()
        // Blue pixels: the model's 8×8 square at x < 8 (rows depend on the context's y-up
        // space), none in the presentation layer's columns 8…15.
        var left = 0, right = 0
        for y in 0..<16 {
            for x in 0..<16 where Array(bytes[(y * 16 + x) * 4..<(y * 16 + x) * 4 + 4]) == [0, 0, 255, 255] {
                if x < 8 { left += 1 } else { right += 1 }
            }
        }
        #expect(left == 64 && right == 0, "\(left) \(right)")
        withExtendedLifetime(host) {}
    }

    @Test func theCommittedSnapshotsFrameIsTheSnapshot() {
        let host = TestHost()
        let (root, _) = Self.animatedTree(host)
        let snapshot = RenderTree(layer: root)
        let frame = CommittedRenderTree(tree: snapshot).tree(at: 2)
        #expect(frame.nodes == snapshot.nodes, "no animations: the frame adds nothing")
        withExtendedLifetime(host) {}
    }
}

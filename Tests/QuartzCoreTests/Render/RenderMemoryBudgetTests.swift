import Foundation
import Testing
@testable import QuartzCore

/// A CARenderer frame whose offscreen surface does not fit the pixel-memory budget fails as
/// render errors do: reported through LayerDiagnostics, naming the layer as it is found in the
/// tree and the surface's size; the previous image is kept.
@Suite struct RenderMemoryBudgetTests {
    /// A 64-point root with a 40-point layer at opacity 0.5 over an overlapping sublayer
    /// (a group-opacity surface of 42 × 42 pixels at scale 1: the extent and a pixel of
    /// anti-aliasing margin).
    private func tree(name: String?) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 64, height: 64)
        let plain = CALayer()
        plain.frame = CGRect(x: 0, y: 0, width: 4, height: 4)
        let group = CALayer()
        group.name = name
        group.frame = CGRect(x: 10, y: 10, width: 40, height: 40)
        group.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        group.opacity = 0.5
        let child = CALayer()
        child.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        child.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        group.addSublayer(child)
        root.addSublayer(plain)
        root.addSublayer(group)
        return root
    }

    private func render(_ root: CALayer, limit: Int) -> (image: CGImage?, error: LayerError?) {
        let renderer = CARenderer(bounds: root.frame)
        renderer.layer = root
        _ = LayerDiagnostics.takeLastError()
        RenderMemory.withLimit(limit) {
            renderer.beginFrame(atTime: 0)
            renderer.render()
            renderer.endFrame()
        }
        defer { renderer.layer = nil }
        return (renderer.makeImage(), LayerDiagnostics.takeLastError())
    }

    @Test func aGroupOverTheBudgetIsReportedWithTheLayersNameAndSize() {
        let limit = 64 * 64 * 4 + 1000
        let named = render(tree(name: "badge"), limit: limit)
        #expect(named.image == nil)
        guard case let .renderFailed(reason)? = named.error else { Issue.record("no error: \(String(describing: named.error))"); return }
        #expect(reason == "CARenderer.render: the offscreen group (42 x 42 pixels, 7056 bytes) for layer \"badge\" "
                + "(CALayer at root.sublayers[1]) does not fit the memory budget (16.0 KiB of 17.0 KiB in use)", "\(reason)")
        let unnamed = render(tree(name: nil), limit: limit)
        guard case let .renderFailed(reason2)? = unnamed.error else { Issue.record("no error"); return }
        #expect(reason2.contains("for CALayer at root.sublayers[1] does not fit"), "\(reason2)")
        // Under the default budget the same frame renders.
        let fine = render(tree(name: "badge"), limit: 1 << 20)
        #expect(fine.image != nil && fine.error == nil)
    }
}

import Foundation
import Testing
import QuartzCore

/// The README's "Using it" example, verbatim apart from the assertions: if this stops
/// compiling or drawing, the README is wrong.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExampleRendersAPage() throws {
        let page = CALayer()
        page.frame = CGRect(x: 40, y: 40, width: 200, height: 140)
        page.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        page.cornerRadius = 12
        page.shadowOpacity = 0.5
        page.shadowRadius = 8

        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 500
        page.transform = CATransform3DRotate(perspective, .pi / 6, 0, 1, 0)

        let spin = CABasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = Double.pi
        spin.duration = 2
        page.add(spin, forKey: "spin")

        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 280, height: 220), scale: 2)
        renderer.layer = page
        renderer.beginFrame(atTime: CACurrentMediaTime() + 0.5)
        renderer.render()
        renderer.endFrame()
        let image = try #require(renderer.makeImage())
        #expect(image.width == 560 && image.height == 440)
        // Something opaque (the page) is drawn somewhere in the middle band.
        let bytes = image.premultipliedRGBA8.bytes()
        let row = 220 * 560 * 4
        let opaque = stride(from: row, to: row + 560 * 4, by: 4).contains { bytes[$0 + 3] == 255 }
        #expect(opaque)
        if let dir = ProcessInfo.processInfo.environment["LAMINA_TEST_OUTPUT"] {
            try image.writePNG(to: dir + "/readme-example.png")
        }
    }
}

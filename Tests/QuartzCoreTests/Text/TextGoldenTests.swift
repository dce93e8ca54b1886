import Foundation
import Testing
@testable import QuartzCore
import _LaminaTestSupport

/// A small picture of text layers (200 x 100 px) through the public path: CARenderer attaches
/// and commits the tree, the commit displays the text layers, the compositor draws them.
/// Checked by eye before recording (`LAMINA_RECORD_GOLDENS=1 swift test --filter TextGoldenTests`).
@Suite struct TextGoldenTests {
    static func label(_ text: String, _ frame: CGRect, size: CGFloat, color: CGColor,
                      alignment: CATextLayerAlignmentMode = .natural, font: Any? = nil) -> CATextLayer {
        let t = CATextLayer()
        t.frame = frame
        t.string = text
        t.fontSize = size
        t.foregroundColor = color
        t.alignmentMode = alignment
        t.font = font
        t.contentsScale = 2   // as an app sets it to the screen's scale, for crisp text
        return t
    }

    static func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        root.backgroundColor = CGColor(red: 0.94, green: 0.94, blue: 0.96, alpha: 1)
        let ink = CGColor(red: 0.16, green: 0.20, blue: 0.32, alpha: 1)
        let coral = CGColor(red: 0.96, green: 0.42, blue: 0.36, alpha: 1)
        let teal = CGColor(red: 0.10, green: 0.64, blue: 0.62, alpha: 1)
        root.addSublayer(label("Lamina", CGRect(x: 4, y: 2, width: 92, height: 16), size: 13, color: ink,
                               font: "Helvetica-Bold"))
        root.addSublayer(label("right", CGRect(x: 4, y: 4, width: 92, height: 12), size: 8, color: coral,
                               alignment: .right, font: "Menlo"))
        let body = label("Text wraps at spaces and ends with an ellipsis when it is cut",
                         CGRect(x: 4, y: 18, width: 92, height: 22), size: 8, color: ink, font: "Times")
        body.isWrapped = true
        body.truncationMode = .end
        body.backgroundColor = CGColor(gray: 1, alpha: 1)
        root.addSublayer(body)
        root.addSublayer(label("centred", CGRect(x: 4, y: 40, width: 92, height: 10), size: 7, color: teal,
                               alignment: .center))
        return root
    }

    @Test func textLayersAtTwoPixelsPerPoint() throws {
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), scale: 2)
        renderer.layer = Self.scene()
        renderer.beginFrame(atTime: 1000)
        renderer.render()
        renderer.endFrame()
        let image = try #require(renderer.makeImage())
        #expect(image.width == 200 && image.height == 100)
        let result = GoldenImage.compare(actual: image, goldenPath: GoldenImage.path("text-layers.png"), tolerance: 2)
        #expect(result.passed, "\(result)")
        renderer.layer = nil
    }

    /// The same scene at 8 px per point, for the eye (`LAMINA_TEST_OUTPUT=dir`): glyph shapes,
    /// not just layout. Writes a file; asserts nothing.
    @Test func largeViewForTheEye() throws {
        guard let dir = ProcessInfo.processInfo.environment["LAMINA_TEST_OUTPUT"] else { return }
        let root = Self.scene()
        for case let t as CATextLayer in root.sublayers ?? [] { t.contentsScale = 8 }
        let renderer = CARenderer(bounds: CGRect(x: 0, y: 0, width: 100, height: 50), scale: 8)
        renderer.layer = root
        renderer.beginFrame(atTime: 1000)
        renderer.render()
        renderer.endFrame()
        try #require(renderer.makeImage()).writePNG(to: dir + "/text-layers-8x.png")
        renderer.layer = nil
    }
}

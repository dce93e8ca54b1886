import Foundation
import LaminaCompositor
import LaminaRaster
import Testing
@testable import QuartzCore

/// A tree outlives the renderer that showed it: it is edited while no host shows it, then shown
/// by a new renderer (or a window reopened on the same view). The new renderer must draw the
/// model as it is now, not the render server's copy from the first renderer's last commit.
@Suite struct RendererHandOverTests {
    private func makeTree() -> (root: CALayer, box: CALayer) {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 20, height: 20)
        root.backgroundColor = CGColor(gray: 0, alpha: 1)
        let box = CALayer()
        box.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        box.backgroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        root.addSublayer(box)
        return (root, box)
    }

    /// RGBA of pixel (x, y) of a frame.
    private func pixel(_ image: CGImage, _ x: Int, _ y: Int) -> [UInt8] {
        let bytes = image.premultipliedRGBA8.bytes()
        let i = (y * image.width + x) * 4
        return Array(bytes[i..<i + 4])
    }

    private func edit(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }

    @Test func aTreeEditedAfterItsRendererWentAwayShowsTheEditsInTheNextRenderer() throws {
        let (root, box) = makeTree()
        do {
            let first = CARenderer(bounds: root.bounds)
            first.layer = root
            #expect(pixel(try first.renderImage(), 2, 2) == [255, 0, 0, 255])
        }
        // The first renderer is gone: nothing shows the tree while it changes.
        edit {
            box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
            box.position = CGPoint(x: 15, y: 15)
            let added = CALayer()
            added.frame = CGRect(x: 0, y: 0, width: 5, height: 5)
            added.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
            root.addSublayer(added)
        }
        let second = CARenderer(bounds: root.bounds)
        second.layer = root
        let image = try second.renderImage()
        #expect(pixel(image, 15, 15) == [0, 0, 255, 255], "moved, recoloured box")
        #expect(pixel(image, 7, 7) == [0, 0, 0, 255], "the box's old place")
        #expect(pixel(image, 2, 2) == [0, 255, 0, 255], "sublayer added while unhosted")
        let model = try LayerRenderer.renderSurface(root, at: 0, pixelWidth: 20, pixelHeight: 20, scale: 1)
        #expect(image.premultipliedRGBA8.bytes() == model.bytes())
    }

    @Test func aTreeDetachedAndEditedShowsTheEditsWhenAttachedAgain() throws {
        let (root, box) = makeTree()
        let first = CARenderer(bounds: root.bounds)
        first.layer = root
        _ = try first.renderImage()
        first.layer = nil
        edit { box.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1) }
        let second = CARenderer(bounds: root.bounds)
        second.layer = root
        #expect(pixel(try second.renderImage(), 2, 2) == [0, 0, 255, 255])
        // And moving it back to the first renderer shows edits made under the second.
        edit { box.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1) }
        second.layer = nil
        edit { box.opacity = 0.5 }
        first.layer = root
        let back = pixel(try first.renderImage(), 2, 2)
        #expect(back[1] > 100 && back[1] < 160 && back[2] == 0, "half-opaque green, got \(back)")
    }
}

import Foundation
import LaminaRaster
import QuartzCore

/// Layer contents twins: the same pixels as a CGImage on the layer and as a PNG data URL in the
/// element's CSS background, placed by contentsGravity ↔ background-size/position.
extension TwinNode {
    /// A small opaque test image, `width` × `height` pixels, every pixel a different colour (so
    /// any misplacement by one texel shows), with a white texel at the top-left corner.
    static func testImage(width: Int, height: Int) -> Surface? {
        guard let s = try? Surface(width: width, height: height) else { return nil }
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(min(255, 30 + x * 220 / max(1, width - 1)))
                let g = UInt8(min(255, 30 + y * 220 / max(1, height - 1)))
                let b: UInt8 = (x + y) % 2 == 0 ? 60 : 190
                s[x, y] = x == 0 && y == 0 ? PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
                    : PremultipliedRGBA8(r: r, g: g, b: b, a: 255)
            }
        }
        return s
    }

    /// contents = `image` placed by `gravity`, sampled with the nearest filter both ways
    /// (magnificationFilter .nearest ↔ `image-rendering: pixelated`), so placement is compared
    /// texel for texel rather than two renderers' smoothing filters. contentsScale 1: the
    /// natural size is the pixel size, in points.
    ///
    /// Gravity ↔ CSS (background-repeat: no-repeat always):
    /// - resize ↔ `background-size: 100% 100%`;
    /// - resizeAspect ↔ `contain`, centred; resizeAspectFill ↔ `cover`, centred — Core Animation
    ///   does not clip contents to the bounds but CSS clips backgrounds to the border box, so
    ///   the twin also sets masksToBounds for resizeAspectFill;
    /// - center / left / right ↔ natural size at `center` / `left center` / `right center`.
    /// top/bottom (and the corners) are left out: on iOS Core Animation's "top" is the minimum-y
    /// edge or the maximum-y one depending on flipping (reference §3.6), which CSS cannot say.
    @discardableResult
    func contents(_ image: Surface, gravity: CALayerContentsGravity) -> TwinNode {
        layer.contents = CGImage(surface: image, isOpaque: true)
        layer.contentsGravity = gravity
        layer.contentsScale = 1
        layer.magnificationFilter = .nearest
        layer.minificationFilter = .nearest
        let url = (try? ImageCodec.pngData(surface: image, compressionLevel: 6)).map { "data:image/png;base64,\($0.base64EncodedString())" } ?? ""
        setBackgroundImage("url(\(url))")
        var size = "auto", position = "center"
        switch gravity {
        case .resize: size = "100% 100%"
        case .resizeAspect: size = "contain"
        case .resizeAspectFill:
            size = "cover"
            masksToBounds()
        case .left: position = "left center"
        case .right: position = "right center"
        default: break
        }
        setStyle("background-repeat", "no-repeat")
        setStyle("background-size", size)
        setStyle("background-position", position)
        setStyle("image-rendering", "pixelated")
        return self
    }
}

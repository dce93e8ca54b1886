import Foundation
import LaminaCompositor

// A CATiledLayer's contents is the image of its visible tiles, which covers only part of its
// bounds (the tiles on screen, plus a transparent one-pixel border). Its node places it there
// with the compositor's existing contents path: a contentsRect (in the image's unit space)
// whose image lands exactly on the covered rectangle when the rect is stretched over the
// bounds. Outside the image the compositor repeats the edge pixels (reference §3.7.1), which
// the border makes transparent. The layer's own contentsRect, contentsGravity and
// contentsCenter do not apply to the tile image.

extension RenderNode {
    /// Places `tiled`'s tile image when `contents` is that image (a caller may have set other
    /// contents, which then draw as for any layer).
    mutating func placeTileMosaic(of tiled: CATiledLayer, contents: Any?) {
        guard let mosaic = tiled.tileCache.mosaic, let image = contents as? CGImage, image === mosaic.image else { return }
        let b = bounds.standardized, m = mosaic.rect
        guard m.width > 0, m.height > 0, b.width > 0, b.height > 0 else { return }
        // The bounds in the image's unit space.
        contentsRect = CGRect(x: (b.minX - m.minX) / m.width, y: (b.minY - m.minY) / m.height,
                              width: b.width / m.width, height: b.height / m.height)
        contentsGravity = .resize
        contentsCenter = CGRect(x: 0, y: 0, width: 1, height: 1)
    }
}

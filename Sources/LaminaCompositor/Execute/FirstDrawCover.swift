// A frame's region is set to the background colour before its draw list runs, so that
// translucent drawings blend over the right pixels. When the list's first command is an opaque,
// untinted solid rectangle covering the whole region (the root layer's backgroundColor, as in
// the page fold), every pixel of the region is overwritten before anything reads it: the
// background fill is wasted work, a full-frame write (3.7 % of the 3840×2160 page fold's
// frame). The first drawing paints at full coverage with opaque paint, which the blitter
// stores without reading the pixel (source-over of alpha 255 at coverage 255 is the source),
// and the pixels it leaves to later covers (LaterCovers.swift) are overwritten the same way:
// the bytes are those of filling first.
import CoreGraphics
import LaminaRaster

extension DrawList {
    /// Whether the first command paints every pixel of `region` (device pixels of the
    /// output) with opaque paint at full coverage, so filling `region` first changes no byte
    /// of the frame. Conservative: false for anything but an untinted, fully opaque solid
    /// rectangle drawn with alpha 1 under an axis-aligned, non-flipping transform whose
    /// device rect contains `region`.
    package func firstDrawCovers(_ region: PixelRect) -> Bool {
        guard !region.isEmpty, case let .draw(item)? = commands.first,
              case let .background(shape, color) = item.piece, shape.isRect,
              item.alpha == 1, item.tint == .none, color.premultiplied.a == 255 else { return false }
        let t = item.transform
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0, t.a.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite else { return false }
        let r = shape.rect.applying(t)
        guard !r.isNull, r.minX.isFinite, r.maxX.isFinite, r.minY.isFinite, r.maxY.isFinite else { return false }
        return r.minX <= CGFloat(region.x0) && r.minY <= CGFloat(region.y0)
            && r.maxX >= CGFloat(region.x1) && r.maxY >= CGFloat(region.y1)
    }
}

import CoreGraphics
import Foundation

// Animated text. The backing store holds the text drawn with the model's values, so while an
// animation changes `fontSize` or `foregroundColor`, the frame's node draws the text again
// with the presented values (Apple animates both). The render bridge asks for it where it has
// a layer's presented values next to its model: `RenderNode(layer:drawnFrom:)` (the
// renderer's per-frame path and transition snapshots) and presentation copies.
//
// Cost: one text drawing per animated text layer per frame (glyph masks come from the cache
// when the size repeats); the last image is kept on the model layer, so a paused or finished
// animation draws nothing new.

extension CATextLayer {
    /// The text drawn with this layer's `fontSize` and `foregroundColor` when they differ from
    /// `model`'s (the values its backing store was drawn with), or nil when they are the same
    /// or there is nothing to draw. Size and scale are the model's backing store's.
    package func presentedTextImage(model: CATextLayer) -> CGImage? {
        guard text.fontSize != model.text.fontSize || text.foregroundColor != model.text.foregroundColor else { return nil }
        let key = PresentedTextKey(fontSize: text.fontSize, color: text.foregroundColor, bounds: model.bounds,
                                   scale: model.contentsScale, contents: model.contents.map { $0 as AnyObject })
        if let cached = model.presentedTextCache, cached.key == key { return cached.image }
        let image = model.drawTextImage(fontSize: text.fontSize, color: text.foregroundColor)
        model.presentedTextCache = image.map { (key, $0) }
        return image
    }

    /// A backing store like `display()`'s with the text drawn at `fontSize` in `color`
    /// (nil for an empty or absurd size).
    private func drawTextImage(fontSize: CGFloat, color: CGColor?) -> CGImage? {
        let scale = contentsScale.isFinite && contentsScale > 0 ? contentsScale : 1
        let w = Double(bounds.width * scale).rounded(.up), h = Double(bounds.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w * h <= Double(CALayer.maxBackingStorePixels),
              let ctx = CGContext.makeLayerContext(width: Int(w), height: Int(h), scale: scale)
        else { return nil }
        ctx.translateBy(x: -bounds.minX, y: -bounds.minY)
        drawText(in: ctx, fontSize: fontSize, color: color)
        return ctx.makeImage()
    }
}

extension RenderNode {
    /// Puts the text of `shown` (a copy holding presented values) drawn at its presented
    /// `fontSize` and `foregroundColor` into `contents`, when both are text layers and those
    /// values differ from `model`'s (whose backing store holds the text drawn at the model's).
    /// Every path that draws a node from a copy calls this: the model's per-frame path,
    /// transition snapshots, presentation copies and the committed render tree's frames.
    package mutating func drawPresentedText(of shown: CALayer, over model: CALayer) {
        guard let model = model as? CATextLayer, let shown = shown as? CATextLayer,
              let image = shown.presentedTextImage(model: model) else { return }
        contents = .image(image)
    }
}

/// What a presented text image was drawn from (the model's backing store included, so a
/// redisplay of the model invalidates it).
package struct PresentedTextKey: Equatable {
    var fontSize: CGFloat
    var color: CGColor?
    var bounds: CGRect
    var scale: CGFloat
    var contents: AnyObject?

    package static func == (a: Self, b: Self) -> Bool {
        a.fontSize == b.fontSize && a.color == b.color && a.bounds == b.bounds && a.scale == b.scale
            && a.contents === b.contents
    }
}

import CoreGraphics
import Foundation

// CATextLayer's text as plain values, and the one place text is laid out and drawn.
//
// A text layer's own drawing (`display()` into its backing store, Apple's model: the text is
// the layer's content) and the frames in which its `fontSize` or `foregroundColor` animate
// both draw through `TextContent.draw(in:bounds:)`. The render node of a text layer holds its
// backing store as `contents` and this description beside it (`RenderNodeKind.text`): a frame
// whose animations present another size or colour than the one the backing store was drawn
// with draws the text again from these values (`RenderNode.showPresentedText`) — nothing in
// the frame reads the model layer.

/// CATextLayer's `truncationMode`, as the layout applies it.
package enum TextTruncation: Hashable, Sendable {
    case none, start, middle, end
}

/// CATextLayer's `alignmentMode`, as the layout applies it (natural is left for a
/// left-to-right paragraph, right for a right-to-left one).
package enum TextAlignment: Hashable, Sendable {
    case natural, left, right, center, justified
}

/// What a text layer draws: its string in one face, size and colour, laid out in its bounds
/// (points, the layer's bounds space, y down), plus what its backing store was drawn with.
package struct TextContent: Hashable, Sendable {
    /// The characters (an attributed string's characters; its colour and kern are `styles`);
    /// nil: no text.
    package var string: String?
    /// The resolved face; nil: no font file exists (nothing draws).
    package var face: FontFace?
    /// Points per em as presented this frame (animations write it).
    package var fontSize: CGFloat
    /// Presented text colour; nil draws black, as Core Text does without a colour attribute.
    package var color: CGColor?
    package var isWrapped: Bool
    package var truncation: TextTruncation
    package var alignment: TextAlignment
    /// Per-range colour and kern of an attributed string (character offsets into `string`).
    package var styles: [TextStyleRun]
    /// The size and colour the node's `contents` (the model's backing store) were drawn with.
    package var drawnFontSize: CGFloat
    package var drawnColor: CGColor?
    /// The model's bounds and contentsScale: a presented drawing replaces the backing store,
    /// so it has the backing store's size and scale.
    package var drawnBounds: CGRect
    package var drawnScale: CGFloat

    package init(string: String?, face: FontFace?, fontSize: CGFloat, color: CGColor?, isWrapped: Bool = false,
                 truncation: TextTruncation = .none, alignment: TextAlignment = .natural,
                 styles: [TextStyleRun] = [], bounds: CGRect = .zero, scale: CGFloat = 1) {
        self.styles = styles
        self.string = string
        self.face = face
        self.fontSize = fontSize
        self.color = color
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.alignment = alignment
        drawnFontSize = fontSize
        drawnColor = color
        drawnBounds = bounds
        drawnScale = scale
    }

    /// Whether the presented size or colour differs from what the backing store shows.
    package var presentsOtherValues: Bool { fontSize != drawnFontSize || color != drawnColor }

    /// The text laid out in `size` at `size` points per em (already capped), or nil when there
    /// is nothing to draw: no text, a size that is not a positive finite number, or no face.
    package func layout(in box: CGSize, fontSize size: CGFloat) -> (TextLayout, FontFace)? {
        guard let text = string, !text.isEmpty, size.isFinite, size > 0, let face else { return nil }
        let measurer = FontTextMeasurer(face: face, fontSize: size)
        let options = TextLayout.Options(isWrapped: isWrapped, truncationMode: truncation, alignmentMode: alignment,
                                         styles: styles)
        return (TextLayout.make(text, size: box, options: options, measurer: measurer), face)
    }

    /// Draws the text into `ctx`, whose user space is the layer's bounds space (points, y
    /// down), laid out in `bounds` from its top, in `color` at `fontSize`.
    ///
    /// Font sizes whose glyphs would exceed `FontFace.maxPixelSize` pixels per em at the
    /// context's scale are capped to that size (layout included), so absurd sizes cost a
    /// bounded amount. Lines wholly below the bounds, and glyphs an em or more to either side of
    /// them, are not drawn.
    package func draw(in ctx: CGContext, bounds b: CGRect) {
        let ctm = ctx.ctm
        let scale = abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot()
        var size = fontSize
        if scale.isFinite, scale > 0 { size = min(size, CGFloat(FontFace.maxPixelSize) / scale) }
        guard let (layout, face) = layout(in: b.size, fontSize: size) else { return }
        // One list of glyphs per face, size and colour (fallback faces draw their own glyphs;
        // ranges of an attributed string their own fonts and colours), in first-use order.
        let defaultColor = color ?? CGColor(gray: 0, alpha: 1)
        var runs: [(face: FontFace, size: CGFloat, color: CGColor, glyphs: [PositionedGlyph])] = []
        for (g, p, f, c, s) in layout.glyphs {
            let glyphSize = s ?? size
            // Pens more than an em outside the bounds cannot put ink inside them.
            guard p.y - 2 * glyphSize < b.height, p.x < b.width + glyphSize, p.x > -2 * glyphSize else { continue }
            let glyphFace = f ?? face, glyphColor = c ?? defaultColor
            let positioned = PositionedGlyph(glyph: g, position: CGPoint(x: b.minX + p.x, y: b.minY + p.y))
            if let i = runs.firstIndex(where: { $0.face === glyphFace && $0.size == glyphSize && $0.color == glyphColor }) {
                runs[i].glyphs.append(positioned)
            } else {
                runs.append((glyphFace, glyphSize, glyphColor, [positioned]))
            }
        }
        ctx.saveGState()
        for run in runs {
            ctx.setFillColor(run.color)
            ctx.drawGlyphs(run.glyphs, face: run.face, fontSize: run.size)
        }
        ctx.restoreGState()
    }

    /// A backing store like the layer's own (`drawnBounds` at `drawnScale`, premultiplied, y
    /// down) with the text drawn at the presented size and colour; nil when the image would be
    /// empty or larger than `maxPixels`.
    package func presentedImage(maxPixels: Int) -> CGImage? {
        let scale = drawnScale.isFinite && drawnScale > 0 ? drawnScale : 1
        let w = Double(drawnBounds.width * scale).rounded(.up), h = Double(drawnBounds.height * scale).rounded(.up)
        guard w >= 1, h >= 1, w * h <= Double(maxPixels),
              let ctx = CGContext.makeLayerContext(width: Int(w), height: Int(h), scale: scale)
        else { return nil }
        ctx.translateBy(x: -drawnBounds.minX, y: -drawnBounds.minY)
        draw(in: ctx, bounds: drawnBounds)
        return ctx.makeImage()
    }

    // Faces are shared objects: identity is equality.
    package static func == (a: Self, b: Self) -> Bool {
        a.string == b.string && a.face === b.face && a.fontSize == b.fontSize && a.color == b.color
            && a.isWrapped == b.isWrapped && a.truncation == b.truncation && a.alignment == b.alignment
            && a.styles == b.styles
            && a.drawnFontSize == b.drawnFontSize && a.drawnColor == b.drawnColor
            && a.drawnBounds == b.drawnBounds && a.drawnScale == b.drawnScale
    }

    package func hash(into h: inout Hasher) {
        h.combine(string)
        h.combine(face.map(ObjectIdentifier.init))
        h.combine(fontSize)
        h.combine(drawnFontSize)
    }
}

/// The last presented text image of one node, kept by whoever produces its frames (the
/// committed tree per animated layer, the model layer for presentation copies), so a paused or
/// finished animation draws nothing new.
package struct PresentedTextImage {
    package var content: TextContent
    package var image: CGImage
    package init(content: TextContent, image: CGImage) {
        self.content = content
        self.image = image
    }
}

extension RenderNode {
    /// When this is a text node whose presented size or colour differs from what its
    /// `contents` (the backing store) were drawn with, puts the text drawn with the presented
    /// values into `contents`, reusing `cache` when it holds the same text.
    package mutating func showPresentedText(cache: inout PresentedTextImage?, maxPixels: Int) {
        guard case .text(let text) = kind, text.presentsOtherValues else { return }
        if let cached = cache, cached.content == text {
            contents = .image(cached.image)
            return
        }
        guard let image = text.presentedImage(maxPixels: maxPixels) else { return }
        cache = PresentedTextImage(content: text, image: image)
        contents = .image(image)
    }
}

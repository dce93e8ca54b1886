import CoreGraphics
import Foundation

// How a CATextLayer draws (Apple's model): the text is the layer's own content, drawn by
// `draw(in:)` into the backing store that `display()` makes, so the compositor sees an image
// and needs no knowledge of text. A text layer starts out needing display, and changing any
// text property, the bounds or contentsScale marks it again (`needsDisplay(forKey:)`), so the
// next commit of an attached tree redraws it; a detached layer is drawn by `display()` or
// `render(in:)`.
//
// Animations of fontSize and foregroundColor: the backing store holds the model's text; frames
// draw the presented text instead (CATextLayer+Presented.swift).

extension CATextLayer {
    /// Keys whose change redraws the text.
    static let textDisplayKeys: Set<String> = [
        "string", "font", "fontSize", "foregroundColor", "wrapped", "truncationMode", "alignmentMode",
        "bounds", "contentsScale",
    ]

    /// The text of `string` as plain characters: a String (or Substring, NSString), or an
    /// attributed string's characters (its attributes are ignored). Anything else is no text.
    package static func plainText(_ value: Any?) -> String? {
        switch value {
        case let s as String: return s
        case let s as Substring: return String(s)
        case let a as NSAttributedString: return a.string
        case let s as NSString: return s.description
        default: return nil
        }
    }

    /// The face for `font`: a CGFont's face, or the face a name resolves to (nil font, or
    /// anything else, means Helvetica, i.e. DejaVu Sans). Nil when no font file exists.
    package static func resolveFace(_ font: Any?) -> FontFace? {
        switch font {
        case let f as CGFont: return f.face
        case let f as CATextLayerFont: return FontCatalog.face(named: f.fontName)
        case let name as String: return FontCatalog.face(named: name)
        case let name as NSString: return FontCatalog.face(named: name.description)
        default: return FontCatalog.face(named: "Helvetica")
        }
    }

    /// The text laid out in the bounds' size at `fontSize` (already capped), or nil when
    /// there is nothing to draw: no text, a font size that is not a positive finite number,
    /// or no font file at all.
    package func makeTextLayout(fontSize size: CGFloat) -> (TextLayout, FontFace)? {
        guard let text = CATextLayer.plainText(string), !text.isEmpty,
              size.isFinite, size > 0,
              let face = CATextLayer.resolveFace(font)
        else { return nil }
        let measurer = FontTextMeasurer(face: face, fontSize: size)
        let options = TextLayout.Options(isWrapped: isWrapped, truncationMode: truncationMode, alignmentMode: alignmentMode)
        return (TextLayout.make(text, size: bounds.size, options: options, measurer: measurer), face)
    }

    /// Draws the text into `ctx`, whose user space is the layer's bounds space (points, y
    /// down): lines from the top of the bounds, in `foregroundColor` (nil draws black, as Core
    /// Text does without a colour attribute).
    ///
    /// Font sizes whose glyphs would exceed `FontFace.maxPixelSize` pixels per em at the
    /// context's scale are capped to that size (layout included), so absurd sizes cost a
    /// bounded amount. Lines wholly below the bounds, and glyphs an em or more to either side of
    /// them, are not drawn.
    package func drawText(in ctx: CGContext) { drawText(in: ctx, fontSize: fontSize, color: foregroundColor) }

    /// `drawText(in:)` with a given size and colour (an animation's presented values).
    package func drawText(in ctx: CGContext, fontSize: CGFloat, color: CGColor?) {
        let ctm = ctx.ctm
        let scale = abs(ctm.a * ctm.d - ctm.b * ctm.c).squareRoot()
        var size = fontSize
        if scale.isFinite, scale > 0 { size = min(size, CGFloat(FontFace.maxPixelSize) / scale) }
        guard let (layout, face) = makeTextLayout(fontSize: size) else { return }
        let b = bounds
        var glyphs: [PositionedGlyph] = []
        // Pens more than an em outside the bounds cannot put ink inside them.
        for (g, p) in layout.glyphs where p.y - layout.ascent < b.height && p.x < b.width + size && p.x > -2 * size {
            glyphs.append(PositionedGlyph(glyph: g, position: CGPoint(x: b.minX + p.x, y: b.minY + p.y)))
        }
        ctx.saveGState()
        ctx.setFillColor(color ?? CGColor(gray: 0, alpha: 1))
        ctx.drawGlyphs(glyphs, face: face, fontSize: size)
        ctx.restoreGState()
    }
}

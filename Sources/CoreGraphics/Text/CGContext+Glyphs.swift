import Foundation
import LaminaRaster

/// A glyph and where its pen (the origin on the baseline) goes, in the context's user space.
package struct PositionedGlyph: Equatable, Sendable {
    package var glyph: UInt32
    package var position: CGPoint

    package init(glyph: UInt32, position: CGPoint) {
        self.glyph = glyph
        self.position = position
    }
}

extension CGContext {
    /// Draws `glyphs` of `face` at `fontSize` user-space units per em, filled with the fill
    /// colour under the graphics state (clip, alpha, blend mode, shadow, antialiasing).
    ///
    /// Glyphs are drawn upright in the bitmap (pixel space, y down), at a pixel size of
    /// `fontSize` × the CTM's scale (√|det|), clamped to `FontFace.maxPixelSize`. The CTM
    /// places each pen, so a y-flipped CTM (the layer context) and a y-up bitmap context both
    /// give upright text; a rotating or skewing CTM moves the pens but does not turn the
    /// glyphs (Lamina's own callers, CATextLayer, draw with an axis-aligned CTM).
    ///
    /// Pens are snapped to whole pixels vertically and to 1/`FontFace.subpixelPhases` pixel
    /// horizontally; the glyph masks are cached per face, pixel size and phase. Glyphs with
    /// non-finite pens, glyphs without ink and everything outside the clip draw nothing.
    package func drawGlyphs(_ glyphs: [PositionedGlyph], face: FontFace, fontSize: CGFloat) {
        let t = userToPixel
        let scale = (abs(Double(t.a * t.d - t.b * t.c))).squareRoot()
        let pixelSize = min(Double(fontSize) * scale, FontFace.maxPixelSize)
        guard pixelSize.isFinite, pixelSize > 0, !glyphs.isEmpty else { return }

        // Place every glyph mask in pixel space.
        struct Placed { let mask: AlphaMask; let x: Int; let y: Int }
        let phases = Double(FontFace.subpixelPhases)
        let limit = Double(1 << 28)
        var placed: [Placed] = []
        placed.reserveCapacity(glyphs.count)
        var box = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        for g in glyphs {
            let p = g.position.applying(t)
            guard p.x.isFinite, p.y.isFinite, abs(Double(p.x)) < limit, abs(Double(p.y)) < limit else { continue }
            let q = Int((Double(p.x) * phases).rounded(.down))
            let phase = ((q % FontFace.subpixelPhases) + FontFace.subpixelPhases) % FontFace.subpixelPhases
            let penX = (q - phase) / FontFace.subpixelPhases
            let penY = Int(Double(p.y).rounded())
            guard let gm = face.mask(glyph: g.glyph, pixelSize: pixelSize, phase: phase), let mask = gm.mask else { continue }
            let item = Placed(mask: mask, x: penX + gm.left, y: penY - gm.top)
            let r = PixelRect(x: item.x, y: item.y, width: mask.width, height: mask.height)
            box = placed.isEmpty ? r : box.union(r)
            placed.append(item)
        }
        let region = box.intersection(gstate.clip.bounds).intersection(PixelRect(surface))
        guard !placed.isEmpty, !region.isEmpty, let coverage = try? AlphaMask(width: region.width, height: region.height)
        else { return }

        // One coverage mask for the run: overlapping glyph edges combine as a ∪ b (a + b − ab).
        for item in placed {
            let r = PixelRect(x: item.x, y: item.y, width: item.mask.width, height: item.mask.height).intersection(region)
            guard !r.isEmpty else { continue }
            for py in r.y0..<r.y1 {
                let src = item.mask.row(py - item.y) + (r.x0 - item.x)
                let dst = coverage.row(py - region.y0) + (r.x0 - region.x0)
                for i in 0..<r.width {
                    let a = Int(dst[i]), b = Int(src[i])
                    dst[i] = UInt8(a + b - (a * b + 127) / 255)
                }
            }
        }
        render(.mask(coverage, x: region.x0, y: region.y0), paint: .solid(CGContext.premultiplied(gstate.fillColor)))
    }
}

import CoreGraphics
import Foundation

/// Measures characters with a FreeType face at a font size (points per em), from the font's
/// unhinted design metrics, so the layout is the same at every contentsScale.
///
/// Each Unicode scalar of a character maps through the font's character map; a scalar the
/// font lacks shows the font's .notdef box (glyph 0), except default-ignorable scalars
/// (variation selectors, joiners, BOM...) and control characters, which show nothing. A tab
/// advances by four spaces. Adjacent characters are kerned by the font's `kern` table; there
/// is no other shaping: glyphs sit one after another, combining marks by their own (usually
/// zero) advances.
package final class FontTextMeasurer: TextMeasuring {
    package let face: FontFace
    package let fontSize: CGFloat
    package let ascent: CGFloat
    package let descent: CGFloat
    package let lineHeight: CGFloat
    private let unitsToPoints: CGFloat
    private var cache: [Character: TextUnit] = [:]

    package init(face: FontFace, fontSize: CGFloat) {
        self.face = face
        self.fontSize = fontSize
        unitsToPoints = fontSize / CGFloat(face.unitsPerEm)
        ascent = CGFloat(face.ascender) * unitsToPoints
        descent = CGFloat(-face.descender) * unitsToPoints
        lineHeight = CGFloat(face.lineHeight) * unitsToPoints
    }

    package func unit(for character: Character) -> TextUnit {
        if let u = cache[character] { return u }
        var glyphs: [UInt32] = [], offsets: [CGFloat] = []
        var x: CGFloat = 0
        if character == "\t" {
            let space = face.glyph(for: " ")
            x = 4 * CGFloat(face.advance(of: space)) * unitsToPoints
        } else {
            for scalar in character.unicodeScalars where !FontTextMeasurer.showsNothing(scalar) {
                let g = face.glyph(for: scalar)
                if g == 0 && scalar.properties.isDefaultIgnorableCodePoint { continue }
                glyphs.append(g)
                offsets.append(x)
                x += CGFloat(face.advance(of: g)) * unitsToPoints
            }
        }
        let u = TextUnit(character: character, glyphs: glyphs, offsets: offsets, width: x)
        cache[character] = u
        return u
    }

    package func kerning(_ left: TextUnit, _ right: TextUnit) -> CGFloat {
        guard let l = left.glyphs.last, let r = right.glyphs.first else { return 0 }
        return CGFloat(face.kerning(l, r)) * unitsToPoints
    }

    /// Control characters (C0, DEL, C1) draw no glyph and take no room.
    static func showsNothing(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }
}

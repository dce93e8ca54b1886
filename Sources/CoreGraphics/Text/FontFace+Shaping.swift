import Foundation
import CLaminaHarfBuzz

/// One glyph HarfBuzz produced for a run of text. Design units of the face; y up.
package struct ShapedGlyph: Equatable, Sendable {
    package var glyph: UInt32
    /// Index (in the scalars given to `shape`) of the first scalar of the glyph's cluster.
    package var cluster: Int
    /// Pen advance after this glyph (kerning included).
    package var advance: Int32
    /// Offset of the glyph from its pen position (mark attachment, GPOS adjustments); y up.
    package var xOffset: Int32
    package var yOffset: Int32
}

/// A HarfBuzz font over a face's file, scaled to design units, so one shaping serves every size.
/// hb_font_t is immutable once set up, and HarfBuzz documents shaping with it as thread-safe.
final class HarfBuzzFont: @unchecked Sendable {
    let font: OpaquePointer

    init?(path: String, index: Int, unitsPerEm: Int) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else { return nil }
        defer { hb_blob_destroy(blob) }
        guard let face = hb_face_create(blob, UInt32(max(0, index))) else { return nil }
        defer { hb_face_destroy(face) }
        guard hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else { return nil }
        hb_font_set_scale(font, Int32(unitsPerEm), Int32(unitsPerEm))
        hb_font_make_immutable(font)
        self.font = font
    }

    deinit { hb_font_destroy(font) }
}

extension FontFace {
    /// The HarfBuzz script of `scalar` as a four-letter tag value, or nil for the scripts that
    /// take their neighbours' (Common, Inherited, Unknown: spaces, digits, marks, punctuation).
    package static func script(of scalar: Unicode.Scalar) -> UInt32? {
        let s = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
        switch s {
        case HB_SCRIPT_COMMON, HB_SCRIPT_INHERITED, HB_SCRIPT_UNKNOWN, HB_SCRIPT_INVALID: return nil
        default: return s.rawValue
        }
    }

    /// Shapes `range` of `scalars` (Unicode scalar values; the rest is context for shaping
    /// across the range's ends) with HarfBuzz: ligatures, kerning, mark positioning and the
    /// forms of complex scripts, with the font's default features. `script` is a tag from
    /// `script(of:)` (nil: HarfBuzz guesses). Glyphs come in visual order (left to right, also
    /// for right-to-left runs); clusters index `scalars`. A face HarfBuzz cannot read (a Type 1
    /// file) gets one glyph per scalar from FreeType's character map and advances.
    package func shape(_ scalars: [UInt32], range: Range<Int>, rightToLeft: Bool, script: UInt32?) -> [ShapedGlyph] {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= scalars.count else { return [] }
        guard let hb = harfBuzzFont, let buffer = hb_buffer_create() else {
            var out = range.map { i in
                let g = glyph(for: Unicode.Scalar(scalars[i]) ?? " ")
                return ShapedGlyph(glyph: g, cluster: i, advance: Int32(clamping: advance(of: g)), xOffset: 0, yOffset: 0)
            }
            if rightToLeft { out.reverse() }
            return out
        }
        defer { hb_buffer_destroy(buffer) }
        scalars.withUnsafeBufferPointer { p in
            hb_buffer_add_codepoints(buffer, p.baseAddress, Int32(p.count), UInt32(range.lowerBound), Int32(range.count))
        }
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script { hb_buffer_set_script(buffer, hb_script_t(rawValue: script)) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(hb.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            ShapedGlyph(glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: positions[i].x_advance,
                        xOffset: positions[i].x_offset, yOffset: positions[i].y_offset)
        }
    }
}

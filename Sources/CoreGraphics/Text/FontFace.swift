import Foundation
import CLaminaFreeType
import LaminaRaster

/// One font file opened with FreeType: its metrics, its character map, glyph advances and
/// glyph coverage bitmaps.
///
/// Units: *design units* are the font's own (`unitsPerEm` to the em); *pixels* are device
/// pixels at a pixel size (pixels per em). Glyph bitmaps live in pixel space, y down: a glyph
/// drawn with its pen (baseline origin) at pixel (px, py) covers the mask placed with its
/// top-left pixel at (px + left, py − top).
///
/// Thread safety: a FreeType face is not thread-safe, so every call into it happens under
/// this face's lock; the caches (advances, glyph masks) are kept under the same lock. Opening
/// and closing faces goes through the shared library lock (`FontLibrary`). The catalog keeps
/// one face per file for the life of the process.
package final class FontFace: @unchecked Sendable {
    /// The largest pixel size (pixels per em) glyphs are rasterized at. Larger requests are
    /// clamped to it (text drawn that large is capped at this size; see CATextLayer).
    package static let maxPixelSize: Double = 1024
    /// Subpixel positions per pixel along x: glyph masks are cached for these phases.
    package static let subpixelPhases = 4
    /// The glyph-mask cache of one face is emptied when its masks exceed this many bytes.
    static let cacheBudgetBytes = 32 << 20

    /// The file the face was read from.
    package let path: String
    package let unitsPerEm: Int
    /// Design units above the baseline (positive).
    package let ascender: Int
    /// Design units below the baseline (negative, as FreeType and Apple report it).
    package let descender: Int
    /// Baseline-to-baseline distance in design units (ascender − descender + line gap).
    package let lineHeight: Int
    package let glyphCount: Int
    package let familyName: String
    package let styleName: String
    package let postScriptName: String?
    /// The face index inside its file (collections such as .ttc hold several faces).
    package let index: Int
    /// FreeType's style flags: the face is bold / italic (used to ask for fallbacks alike).
    package let isBold: Bool
    package let isItalic: Bool

    private let face: FT_Face
    private var hbFont: HarfBuzzFont?
    private var hbFontLoaded = false

    /// The same file for HarfBuzz (shaping), opened on first use; nil when HarfBuzz cannot read it.
    var harfBuzzFont: HarfBuzzFont? {
        lock.lock()
        defer { lock.unlock() }
        if !hbFontLoaded {
            hbFontLoaded = true
            hbFont = HarfBuzzFont(path: path, index: index, unitsPerEm: unitsPerEm)
        }
        return hbFont
    }
    private let lock = NSLock()
    private var advances: [UInt32: Int] = [:]
    private var glyphs: [GlyphKey: GlyphMask] = [:]
    private var cachedBytes = 0

    private struct GlyphKey: Hashable {
        var glyph: UInt32
        /// Pixel size in 1/64 pixel.
        var size64: Int
        var phase: Int
    }

    /// Opens face `index` of the font file at `path`; nil when FreeType cannot read it or the
    /// face has no outlines (bitmap-only faces such as colour emoji are not drawn).
    package init?(path: String, index: Int = 0) {
        guard let face = FontLibrary.shared.openFace(path: path, index: index) else { return nil }
        self.face = face
        self.path = path
        self.index = index
        let rec = face.pointee
        unitsPerEm = max(1, Int(rec.units_per_EM))
        ascender = Int(rec.ascender)
        descender = Int(rec.descender)
        lineHeight = max(Int(rec.height), Int(rec.ascender) - Int(rec.descender))
        glyphCount = Int(rec.num_glyphs)
        familyName = rec.family_name.map { String(cString: $0) } ?? ""
        styleName = rec.style_name.map { String(cString: $0) } ?? ""
        postScriptName = FT_Get_Postscript_Name(face).map { String(cString: $0) }
        isBold = rec.style_flags & FT_Long(FT_STYLE_FLAG_BOLD) != 0
        isItalic = rec.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
    }

    deinit { FontLibrary.shared.closeFace(face) }

    /// The glyph for a Unicode scalar; 0 (the font's .notdef box) when the font lacks it.
    package func glyph(for scalar: Unicode.Scalar) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        return UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// The horizontal advance of `glyph` in design units (0 for glyphs FreeType cannot load).
    package func advance(of glyph: UInt32) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if let a = advances[glyph] { return a }
        var a = 0
        if FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0 {
            a = Int(face.pointee.glyph.pointee.advance.x)
        }
        advances[glyph] = a
        return a
    }

    /// The coverage of `glyph` at `pixelSize` pixels per em (clamped to 1...`maxPixelSize`),
    /// with its pen shifted right by `phase` / `subpixelPhases` pixel. Nil for glyphs with no
    /// ink (a space) or that FreeType cannot render.
    package func mask(glyph: UInt32, pixelSize: Double, phase: Int) -> GlyphMask? {
        guard pixelSize.isFinite, pixelSize > 0 else { return nil }
        let size64 = Int((min(pixelSize, FontFace.maxPixelSize) * 64).rounded())
        guard size64 >= 1 else { return nil }
        let p = max(0, min(FontFace.subpixelPhases - 1, phase))
        let key = GlyphKey(glyph: glyph, size64: size64, phase: p)
        lock.lock()
        defer { lock.unlock() }
        if let m = glyphs[key] { return m.mask == nil ? nil : m }
        let m = rasterize(glyph: glyph, size64: size64, phase: p)
        let bytes = (m.mask?.width ?? 0) * (m.mask?.height ?? 0) + 64
        if cachedBytes + bytes > FontFace.cacheBudgetBytes {
            glyphs.removeAll(keepingCapacity: true)
            cachedBytes = 0
        }
        glyphs[key] = m
        cachedBytes += bytes
        return m.mask == nil ? nil : m
    }

    /// Renders one glyph outline (unhinted, 256 levels of coverage). Called under the lock.
    private func rasterize(glyph: UInt32, size64: Int, phase: Int) -> GlyphMask {
        let empty = GlyphMask(mask: nil, left: 0, top: 0)
        guard FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72) == 0,
              FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) == 0
        else { return empty }
        let slot = face.pointee.glyph!
        guard slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return empty }
        FT_Outline_Translate(&slot.pointee.outline, FT_Pos(phase * 64 / FontFace.subpixelPhases), 0)
        guard FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else { return empty }
        let bitmap = slot.pointee.bitmap
        let w = Int(bitmap.width), h = Int(bitmap.rows)
        guard w > 0, h > 0, bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer,
              let mask = try? AlphaMask(width: w, height: h)
        else { return empty }
        let pitch = Int(bitmap.pitch)
        for y in 0..<h {
            // A negative pitch means the rows are stored bottom-up.
            let src = pitch >= 0 ? buffer + y * pitch : buffer + (h - 1 - y) * (-pitch)
            mask.row(y).update(from: src, count: w)
        }
        return GlyphMask(mask: mask, left: Int(slot.pointee.bitmap_left), top: Int(slot.pointee.bitmap_top))
    }
}

/// A glyph's coverage in pixel space (y down): the mask's top-left pixel sits `left` pixels
/// right of the pen and `top` pixels above the baseline.
package struct GlyphMask: @unchecked Sendable {
    package let mask: AlphaMask?
    package let left: Int
    package let top: Int
}

/// The process's FreeType library handle, created on first use. FreeType wants face creation
/// serialized per library; this type's lock does that.
final class FontLibrary: @unchecked Sendable {
    static let shared = FontLibrary()

    private let lock = NSLock()
    private let library: FT_Library?

    private init() {
        var lib: FT_Library?
        library = FT_Init_FreeType(&lib) == 0 ? lib : nil
    }

    /// Face `index` of the file at `path`, or nil.
    func openFace(path: String, index: Int) -> FT_Face? {
        lock.lock()
        defer { lock.unlock() }
        guard let library else { return nil }
        var face: FT_Face?
        guard index >= 0, FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        guard face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 else {
            FT_Done_Face(face)
            return nil
        }
        return face
    }

    func closeFace(_ face: FT_Face) {
        lock.lock()
        defer { lock.unlock() }
        FT_Done_Face(face)
    }
}

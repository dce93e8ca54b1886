import Foundation

/// A font, Apple's `CGFont`: a set of glyph shapes and their metrics, with no size.
///
/// On Linux the face comes from `FontCatalog`, through fontconfig: Apple's font names resolve
/// by Lamina's aliases (Helvetica → DejaVu Sans, Times → DejaVu Serif, Menlo/Courier → DejaVu
/// Sans Mono where DejaVu is installed, "-Bold"/"-Oblique" styles kept), other names as
/// fontconfig matches them, unknown names to fontconfig's default face, so `postScriptName`
/// reports the face actually used (e.g. "DejaVuSans-Bold" for "Helvetica-Bold"). Apple's
/// initializer takes a CFString; here a String. All metrics are in design units.
public final class CGFont: @unchecked Sendable {
    package let face: FontFace

    /// The font for a PostScript or family name, an absolute path to a font file, or nil
    /// when no font file is installed at all (see `FontCatalog`).
    public init?(_ name: String) {
        guard let face = FontCatalog.face(named: name) else { return nil }
        self.face = face
    }

    package init(face: FontFace) { self.face = face }

    /// The PostScript name of the face used.
    public var postScriptName: String? { face.postScriptName }
    /// Family and style, e.g. "DejaVu Sans Bold".
    public var fullName: String? { face.styleName.isEmpty ? face.familyName : face.familyName + " " + face.styleName }
    public var unitsPerEm: Int32 { Int32(clamping: face.unitsPerEm) }
    /// Design units above the baseline.
    public var ascent: Int32 { Int32(clamping: face.ascender) }
    /// Design units below the baseline (negative).
    public var descent: Int32 { Int32(clamping: face.descender) }
    /// The line gap in design units.
    public var leading: Int32 { Int32(clamping: max(0, face.lineHeight - face.ascender + face.descender)) }
    public var numberOfGlyphs: Int { face.glyphCount }
}

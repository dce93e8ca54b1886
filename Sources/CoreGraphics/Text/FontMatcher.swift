import Foundation
import CLaminaFontconfig

/// What a font name asks for: a family, a weight and a slant (fontconfig's terms).
package struct FontRequest: Hashable, Sendable {
    package var family: String
    /// fontconfig weight (`FC_WEIGHT_REGULAR` 80, `FC_WEIGHT_BOLD` 200…).
    package var weight: Int32
    package var isItalic: Bool

    /// Splits an Apple PostScript or family name into family and style: "Helvetica-BoldOblique"
    /// → Helvetica, bold, italic; "TimesNewRomanPS-BoldMT" → TimesNewRomanPS, bold; a leading
    /// "." (Apple's hidden system fonts, ".SFUI-Semibold") is kept, the aliases name it.
    /// Style words are looked for only after the last "-", so a family named "Black Ops" stays.
    package init(name: String) {
        var family = name.trimmingCharacters(in: .whitespaces)
        var style = ""
        if let dash = family.lastIndex(of: "-"), dash != family.startIndex {
            style = family[family.index(after: dash)...].lowercased()
            family = String(family[..<dash])
        }
        self.family = family
        isItalic = style.contains("italic") || style.contains("oblique")
        let weights: [(String, Int32)] = [
            ("ultralight", FC_WEIGHT_ULTRALIGHT), ("extralight", FC_WEIGHT_EXTRALIGHT), ("thin", FC_WEIGHT_THIN),
            ("semibold", FC_WEIGHT_SEMIBOLD), ("demibold", FC_WEIGHT_DEMIBOLD), ("extrabold", FC_WEIGHT_EXTRABOLD),
            ("heavy", FC_WEIGHT_HEAVY), ("black", FC_WEIGHT_BLACK), ("bold", FC_WEIGHT_BOLD),
            ("medium", FC_WEIGHT_MEDIUM), ("light", FC_WEIGHT_LIGHT),
        ]
        weight = weights.first { style.contains($0.0) }?.1 ?? FC_WEIGHT_REGULAR
    }

    package init(family: String, weight: Int32 = FC_WEIGHT_REGULAR, isItalic: Bool = false) {
        self.family = family
        self.weight = weight
        self.isItalic = isItalic
    }
}

/// A font file and the face inside it that fontconfig chose.
package struct FontFile: Hashable, Sendable {
    package var path: String
    package var index: Int
}

/// Font matching through fontconfig, with Lamina's alias configuration (`FontAliases`) parsed
/// before the system's and the directories of `LAMINA_FONT_DIR` added as application fonts.
///
/// Which file a request gets depends on the fonts installed: fontconfig picks the best match
/// among them (DejaVu first for Apple's families when it is installed). Results are
/// deterministic for a given set of installed fonts and configuration. fontconfig is not
/// documented as thread-safe for one configuration, so every call goes through one lock.
package final class FontMatcher: @unchecked Sendable {
    package static let shared = FontMatcher(extraDirectories: FontCatalog.environmentDirectories)

    private let lock = NSLock()
    private let config: OpaquePointer?

    /// A configuration of Lamina's aliases, then the system's fonts.conf, plus `extraDirectories`.
    package init(extraDirectories: [String], loadSystemConfiguration: Bool = true) {
        guard let config = FcConfigCreate() else { self.config = nil; return }
        _ = FontAliases.xml.withCString { FcConfigParseAndLoadFromMemory(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), FcTrue) }
        if loadSystemConfiguration {
            _ = FcConfigParseAndLoad(config, nil, FcTrue)
        } else {
            // Somewhere to keep the cache of `extraDirectories` (the system's configuration names its own).
            let cache = "<fontconfig><cachedir prefix=\"xdg\">fontconfig</cachedir></fontconfig>"
            _ = cache.withCString { FcConfigParseAndLoadFromMemory(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), FcTrue) }
        }
        _ = FcConfigBuildFonts(config)
        for dir in extraDirectories { _ = dir.withCString { FcConfigAppFontAddDir(config, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) } }
        self.config = config
    }

    deinit { if let config { FcConfigDestroy(config) } }

    /// The file whose PostScript name is exactly `name` ("DejaVuSerif-Italic"), if installed.
    package func file(postScriptName name: String) -> FontFile? {
        lock.lock()
        defer { lock.unlock() }
        guard let config, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_POSTSCRIPT_NAME, name)
        guard let objects = FcObjectSetCreate() else { return nil }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_FILE)
        _ = FcObjectSetAdd(objects, FC_INDEX)
        guard let set = FcFontList(config, pattern, objects) else { return nil }
        defer { FcFontSetDestroy(set) }
        let found = (0..<Int(set.pointee.nfont)).compactMap { set.pointee.fonts[$0].flatMap(Self.file(of:)) }
        return found.min { ($0.path, $0.index) < ($1.path, $1.index) }
    }

    /// The files fontconfig ranks for `request` (and, when given, for a character the font must
    /// have), best first; scalable, non-colour faces are preferred (Lamina draws outlines).
    package func files(for request: FontRequest, covering scalar: Unicode.Scalar? = nil, limit: Int = 8) -> [FontFile] {
        lock.lock()
        defer { lock.unlock() }
        guard let config, let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        if !request.family.isEmpty { _ = FcPatternAddString(pattern, FC_FAMILY, request.family) }
        _ = FcPatternAddInteger(pattern, FC_WEIGHT, request.weight)
        _ = FcPatternAddInteger(pattern, FC_SLANT, request.isItalic ? FC_SLANT_ITALIC : FC_SLANT_ROMAN)
        _ = FcPatternAddBool(pattern, FC_SCALABLE, FcTrue)
        _ = FcPatternAddBool(pattern, FC_COLOR, FcFalse)
        if let scalar, let set = FcCharSetCreate() {
            _ = FcCharSetAddChar(set, scalar.value)
            _ = FcPatternAddCharSet(pattern, FC_CHARSET, set)
            FcCharSetDestroy(set)
        }
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) == FcTrue else { return [] }
        FcDefaultSubstitute(pattern)
        var result = FcResultMatch
        guard let sorted = FcFontSort(config, pattern, FcFalse, nil, &result) else { return [] }
        defer { FcFontSetDestroy(sorted) }
        var out: [FontFile] = []
        for i in 0..<Int(sorted.pointee.nfont) where out.count < limit {
            guard let font = sorted.pointee.fonts[i] else { continue }
            if let scalar {
                var cs: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &cs) == FcResultMatch, let cs,
                      FcCharSetHasChar(cs, scalar.value) == FcTrue else { continue }
            }
            if let f = Self.file(of: font), !out.contains(f) { out.append(f) }
        }
        return out
    }

    private static func file(of font: OpaquePointer) -> FontFile? {
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, FC_FILE, 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        return FontFile(path: String(cString: UnsafeRawPointer(path).assumingMemoryBound(to: CChar.self)), index: Int(index))
    }
}

import Foundation

/// Resolves font names (Apple's PostScript and family names) to faces on this machine, and
/// finds fallback faces for characters a face lacks — through fontconfig (`FontMatcher`).
///
/// Lamina ships no fonts of its own. Resolution, in order:
/// 1. an absolute path to a font file FreeType can read is used as is;
/// 2. a name that is some installed face's PostScript name ("DejaVuSerif-Italic") is that face;
/// 3. otherwise the name is split into family and style (`FontRequest`: "Helvetica-Bold" is
///    Helvetica, bold) and fontconfig picks the best face. Apple's families resolve through
///    Lamina's aliases (`FontAliases`: DejaVu first, then the generic sans-serif, serif or
///    monospace family), other names through the system's configuration (its aliases
///    included); names fontconfig does not know at all resolve as Helvetica (with their
///    style), as Core Text does;
/// 4. if no face at all can be found, nil — and one line on standard error, once per
///    process, says so (text then draws nothing).
///
/// The directories in `LAMINA_FONT_DIR` (colon-separated) are added to fontconfig's fonts, so
/// their faces take part in steps 2 and 3. Which file a name gets depends on the fonts
/// installed (see `FontMatcher`); with fonts-dejavu-core, Apple's names give DejaVu.
package enum FontCatalog {
    /// The face for `name` (nil name: Apple's default, Helvetica), or nil when no font file is
    /// available at all.
    package static func face(named name: String?) -> FontFace? {
        let key = name ?? "Helvetica"
        if let cached = state.withLock({ $0.faces[key] }) { return cached }
        let face = resolve(key, matcher: FontMatcher.shared)
        state.withLock { s in
            s.faces[key] = face
            if face == nil && !s.reportedMissing {
                s.reportedMissing = true
                FileHandle.standardError.write(Data(("CoreGraphics: no font file found for \"\(key)\" (fontconfig knows "
                    + "no scalable font; install fonts-dejavu-core or set LAMINA_FONT_DIR); text is not drawn\n").utf8))
            }
        }
        return face
    }

    /// The directories named by `LAMINA_FONT_DIR`, in order.
    package static var environmentDirectories: [String] {
        guard let env = ProcessInfo.processInfo.environment["LAMINA_FONT_DIR"] else { return [] }
        return env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    /// Rules 1–4 with `matcher`, without the name cache or the missing-font report.
    package static func resolve(_ name: String, matcher: FontMatcher) -> FontFace? {
        if name.hasPrefix("/") {
            if FileManager.default.isReadableFile(atPath: name), let face = open(FontFile(path: name, index: 0)) { return face }
        } else if !name.isEmpty, let file = matcher.file(postScriptName: name), let face = open(file) {
            return face
        }
        var request = FontRequest(name: name.hasPrefix("/") || name.isEmpty ? "Helvetica" : name)
        if isUnknown(request, matcher: matcher) { request.family = "Helvetica" }
        for file in matcher.files(for: request) {
            if let face = open(file) { return face }
        }
        return nil
    }

    /// Whether fontconfig knows `request`'s family neither as an installed family nor through
    /// an alias: its best match is just the default face (what a made-up family gets) and is
    /// not itself of that family. Such names draw in Helvetica, as Core Text's
    /// CTFontCreateWithName does for a name it cannot find, so they give the same face on
    /// every machine with DejaVu instead of whatever the system's default sans-serif is.
    private static func isUnknown(_ request: FontRequest, matcher: FontMatcher) -> Bool {
        func key(_ s: String) -> String { s.lowercased().filter { !$0.isWhitespace } }
        guard !request.family.isEmpty, key(request.family) != "helvetica",
              let best = matcher.files(for: request, limit: 1).first,
              let fallback = matcher.files(for: FontRequest(family: "lamina-unknown-family", weight: request.weight,
                                                            isItalic: request.isItalic), limit: 1).first,
              best == fallback
        else { return false }
        return open(best).map { key($0.familyName) != key(request.family) } ?? true
    }

    /// A face like `face` (its family, weight and slant) that has `scalar`, or nil when no
    /// installed face has it. Cached per face and scalar.
    package static func fallback(for scalar: Unicode.Scalar, after face: FontFace) -> FontFace? {
        let key = FallbackKey(face: face, scalar: scalar.value)
        if let cached = state.withLock({ $0.fallbacks[key] }) { return cached }
        let request = FontRequest(family: face.familyName, weight: face.isBold ? 200 : 80, isItalic: face.isItalic)
        var found: FontFace?
        for file in FontMatcher.shared.files(for: request, covering: scalar, limit: 4) where file.path != face.path {
            if let f = open(file), f.glyph(for: scalar) != 0 { found = f; break }
        }
        state.withLock { $0.fallbacks[key] = found }
        return found
    }

    /// Holds its face, so the identity it is keyed by cannot be reused by another face.
    private struct FallbackKey: Hashable {
        var face: FontFace
        var scalar: UInt32
        static func == (a: Self, b: Self) -> Bool { a.face === b.face && a.scalar == b.scalar }
        func hash(into h: inout Hasher) {
            h.combine(ObjectIdentifier(face))
            h.combine(scalar)
        }
    }

    private struct State {
        var faces: [String: FontFace?] = [:]
        var byFile: [FontFile: FontFace] = [:]
        var fallbacks: [FallbackKey: FontFace?] = [:]
        var reportedMissing = false
    }

    private static let state = Locked(State())

    /// One face per file (and face index) for the life of the process.
    private static func open(_ file: FontFile) -> FontFace? {
        if let f = state.withLock({ $0.byFile[file] }) { return f }
        guard let face = FontFace(path: file.path, index: file.index) else { return nil }
        return state.withLock { s in
            if let existing = s.byFile[file] { return existing }
            s.byFile[file] = face
            return face
        }
    }
}

/// A value behind a lock (small and local: CoreGraphics has no other shared mutable state).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

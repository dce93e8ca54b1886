import Foundation

/// Resolves font names (Apple's PostScript and family names) to font files on this machine.
///
/// Lamina ships no fonts of its own: it uses the DejaVu faces of Debian's `fonts-dejavu-core`
/// (`/usr/share/fonts/truetype/dejavu`), or any directory named in the `LAMINA_FONT_DIR`
/// environment variable (colon-separated, searched first).
///
/// Resolution, in order:
/// 1. an absolute path to a font file FreeType can read is used as is;
/// 2. a name that is a file's base name in a search directory ("DejaVuSansCondensed") is that file;
/// 3. otherwise the name picks a DejaVu family and style: monospaced names (Menlo, Courier,
///    Monaco, SF Mono...) → DejaVu Sans Mono; serif names (Times, Georgia, New York...) →
///    DejaVu Serif; everything else, unknown names included, → DejaVu Sans (Apple's default
///    font is Helvetica). "Bold"/"Heavy"/"Black"/"Semibold" in the name picks the bold face,
///    "Italic"/"Oblique" the slanted one.
/// 4. if that file is missing, DejaVu Sans; if no font at all can be found, nil — and one
///    line on standard error, once per process, says so (text then draws nothing).
package enum FontCatalog {
    /// The face for `name` (nil name: the default, DejaVu Sans), or nil when no font file is
    /// available at all.
    package static func face(named name: String?) -> FontFace? {
        let key = name ?? ""
        if let cached = state.withLock({ $0.faces[key] }) { return cached }
        let face = resolve(key, directories: searchDirectories)
        state.withLock { s in
            s.faces[key] = face
            if face == nil && !s.reportedMissing {
                s.reportedMissing = true
                let dirs = searchDirectories.joined(separator: ", ")
                FileHandle.standardError.write(Data(("CoreGraphics: no font file found for \"\(key)\" (looked for DejaVu "
                    + "fonts in \(dirs); install fonts-dejavu-core or set LAMINA_FONT_DIR); text is not drawn\n").utf8))
            }
        }
        return face
    }

    /// The directories searched for font files, in order.
    package static var searchDirectories: [String] {
        var dirs: [String] = []
        if let env = ProcessInfo.processInfo.environment["LAMINA_FONT_DIR"] {
            dirs += env.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        return dirs + ["/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
                       "/usr/local/share/fonts", "/usr/share/fonts/truetype"]
    }

    /// The DejaVu file base name `name` maps to (rule 3 above); exposed for tests.
    package static func dejaVuFileName(for name: String) -> String {
        let n = name.lowercased().filter { $0.isLetter || $0.isNumber }
        let bold = ["bold", "heavy", "black", "semibold"].contains { n.contains($0) }
        let slanted = n.contains("italic") || n.contains("oblique")
        let monoHints = ["mono", "menlo", "courier", "monaco", "consol", "code", "terminal", "fixed"]
        let serifHints = ["times", "georgia", "newyork", "palatino", "baskerville", "garamond", "didot", "cochin",
                          "charter", "bodoni"]
        let family: String
        if monoHints.contains(where: { n.contains($0) }) {
            family = "DejaVuSansMono"
        } else if serifHints.contains(where: { n.contains($0) }) || (n.contains("serif") && !n.contains("sansserif")
                                                                        && !n.contains("dejavusans")) {
            family = "DejaVuSerif"
        } else {
            family = "DejaVuSans"
        }
        let slant = family == "DejaVuSerif" ? "Italic" : "Oblique"
        switch (bold, slanted) {
        case (true, true): return family + "-Bold" + slant
        case (true, false): return family + "-Bold"
        case (false, true): return family + "-" + slant
        case (false, false): return family
        }
    }

    private struct State {
        var faces: [String: FontFace?] = [:]
        var byPath: [String: FontFace] = [:]
        var reportedMissing = false
    }

    private static let state = Locked(State())

    /// Rules 1–4 over `directories` (nil when no candidate file exists there), without the
    /// name cache or the missing-font report.
    package static func resolve(_ name: String, directories: [String]) -> FontFace? {
        let fm = FileManager.default
        if name.hasPrefix("/"), fm.isReadableFile(atPath: name), let face = open(name) { return face }
        let base = name.hasSuffix(".ttf") || name.hasSuffix(".otf") ? String(name.dropLast(4)) : name
        var candidates: [String] = []
        if !base.isEmpty, !base.contains("/") { candidates.append(base) }
        candidates += [dejaVuFileName(for: name), "DejaVuSans"]
        for candidate in candidates {
            for dir in directories {
                for ext in [".ttf", ".otf"] {
                    let path = dir + "/" + candidate + ext
                    if fm.isReadableFile(atPath: path), let face = open(path) { return face }
                }
            }
        }
        return nil
    }

    /// One face per file for the life of the process.
    private static func open(_ path: String) -> FontFace? {
        if let f = state.withLock({ $0.byPath[path] }) { return f }
        guard let face = FontFace(path: path) else { return nil }
        return state.withLock { s in
            if let existing = s.byPath[path] { return existing }
            s.byPath[path] = face
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

import Foundation
import Testing
@testable import CoreGraphics

/// Whether some installed face has `scalar` (fontconfig's answer), for tests that need a script.
func someFontHas(_ scalar: Unicode.Scalar) -> Bool {
    !FontMatcher.shared.files(for: FontRequest(family: "sans-serif"), covering: scalar, limit: 1).isEmpty
}

/// Font matching through fontconfig with Lamina's alias configuration. Needs fonts-dejavu-core
/// (the README's setup): Apple's families prefer DejaVu, so these names have known answers.
@Suite struct FontMatchingTests {
    @Test func appleFamiliesResolveThroughLaminasAliases() throws {
        let cases: [(String, String)] = [
            ("Helvetica", "DejaVuSans"), ("Helvetica-Bold", "DejaVuSans-Bold"),
            ("Helvetica-BoldOblique", "DejaVuSans-BoldOblique"), (".SFUI-Regular", "DejaVuSans"),
            ("SF Pro", "DejaVuSans"), ("HelveticaNeue-Medium", "DejaVuSans"), ("Avenir-Heavy", "DejaVuSans-Bold"),
            ("Times-Roman", "DejaVuSerif"), ("TimesNewRomanPS-BoldMT", "DejaVuSerif-Bold"),
            ("Georgia-Italic", "DejaVuSerif-Italic"), ("Menlo-Regular", "DejaVuSansMono"),
            ("Courier-BoldOblique", "DejaVuSansMono-BoldOblique"), ("SFMono-Semibold", "DejaVuSansMono-Bold"),
            (".AppleSystemUIFontMonospaced-Regular", "DejaVuSansMono"), (".AppleSystemUIFont", "DejaVuSans"),
        ]
        for (name, postScript) in cases {
            #expect(FontCatalog.face(named: name)?.postScriptName == postScript, "\(name)")
        }
    }

    @Test func installedFamiliesAndPostScriptNamesResolveAsFontconfigSays() throws {
        #expect(FontCatalog.face(named: "DejaVu Sans Mono")?.postScriptName == "DejaVuSansMono")
        #expect(FontCatalog.face(named: "DejaVu Serif-Bold")?.postScriptName == "DejaVuSerif-Bold")
        #expect(FontCatalog.face(named: "DejaVuSansCondensed")?.postScriptName == "DejaVuSansCondensed")
        // Any installed family is itself, also when it is the system's default face.
        for family in ["DejaVu Sans", "DejaVu Serif"] {
            let face = try #require(FontCatalog.face(named: family))
            #expect(face.familyName == family)
        }
        // Unknown names draw as Helvetica (Core Text's fallback), their style kept.
        #expect(FontCatalog.face(named: "NoSuchFont-Bold")?.postScriptName == "DejaVuSans-Bold")
        #expect(FontCatalog.face(named: "NoSuchFont")?.postScriptName == "DejaVuSans")
    }

    @Test func monospacedNamesGiveMonospacedFaces() throws {
        for name in ["Courier", "Menlo", "Monaco", "SF Mono"] {
            let face = try #require(FontCatalog.face(named: name))
            #expect(face.advance(of: face.glyph(for: "i")) == face.advance(of: face.glyph(for: "W")), "\(name)")
        }
        let sans = try #require(FontCatalog.face(named: "Helvetica"))
        #expect(sans.advance(of: sans.glyph(for: "i")) < sans.advance(of: sans.glyph(for: "W")))
    }

    @Test func laminaFontDirAddsItsFacesToFontconfig() throws {
        // A directory with one font under a new name, seen only through the matcher's extra directories.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-fontdir-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let src = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
        try FileManager.default.copyItem(atPath: src, toPath: dir.path + "/Copied.ttf")
        let only = FontMatcher(extraDirectories: [dir.path], loadSystemConfiguration: false)
        let face = try #require(FontCatalog.resolve("Helvetica", matcher: only), "the only font there is")
        #expect(face.path == dir.path + "/Copied.ttf")
        #expect(FontCatalog.resolve("DejaVuSansMono-Bold", matcher: only)?.path == dir.path + "/Copied.ttf")
    }

    @Test func fallbackFindsAFaceForCharactersTheFaceLacks() throws {
        let serif = try #require(FontCatalog.face(named: "Times"))
        #expect(FontCatalog.fallback(for: "A", after: serif) !== serif)
        // DejaVu Serif has no smiling face; DejaVu Sans (also required) does.
        #expect(serif.glyph(for: "\u{1F600}") == 0)
        let emoji = try #require(FontCatalog.fallback(for: "\u{1F600}", after: serif))
        #expect(emoji.glyph(for: "\u{1F600}") != 0)
        #expect(FontCatalog.fallback(for: "\u{10FFFD}", after: serif) == nil, "a private-use scalar no font has")
    }

    @Test(.enabled(if: someFontHas("\u{4E2D}"), "no CJK font installed (fonts-droid-fallback, fonts-noto-cjk)"))
    func cjkFallsBackToACJKFace() throws {
        let sans = try #require(FontCatalog.face(named: nil))
        #expect(sans.glyph(for: "\u{4E2D}") == 0)
        let cjk = try #require(FontCatalog.fallback(for: "\u{4E2D}", after: sans))
        #expect(cjk.glyph(for: "\u{4E2D}") != 0 && cjk.glyph(for: "\u{6587}") != 0)
    }
}

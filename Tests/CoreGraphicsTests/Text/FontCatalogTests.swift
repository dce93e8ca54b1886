import Foundation
import Testing
@testable import CoreGraphics

/// Font names → faces (through fontconfig), CGFont's metrics, and the glyph-mask cache.
/// Needs fonts-dejavu-core (installed by the setup the README gives).
@Suite struct FontCatalogTests {
    @Test func appleNamesSplitIntoFamilyWeightAndSlant() {
        let cases: [(String, String, Int32, Bool)] = [
            ("Helvetica", "Helvetica", 80, false), ("Helvetica-Bold", "Helvetica", 200, false),
            ("Helvetica-BoldOblique", "Helvetica", 200, true), (".SFUI-Semibold", ".SFUI", 180, false),
            ("Arial-ItalicMT", "Arial", 80, true), ("TimesNewRomanPS-BoldMT", "TimesNewRomanPS", 200, false),
            ("HelveticaNeue-Light", "HelveticaNeue", 50, false), ("Avenir-Black", "Avenir", 210, false),
            ("Menlo", "Menlo", 80, false), ("-Bold", "-Bold", 80, false), ("", "", 80, false),
        ]
        for (name, family, weight, italic) in cases {
            let r = FontRequest(name: name)
            #expect(r.family == family && r.weight == weight && r.isItalic == italic, "\(name): \(r)")
        }
    }

    @Test func cgFontResolvesNamesToInstalledFaces() throws {
        let helvetica = try #require(CGFont("Helvetica"))
        #expect(helvetica.postScriptName == "DejaVuSans")
        #expect(helvetica.unitsPerEm == 2048 && helvetica.ascent > 0 && helvetica.descent < 0)
        #expect(CGFont("Helvetica-Bold")?.postScriptName == "DejaVuSans-Bold")
        #expect(CGFont("DejaVuSerif-Italic")?.postScriptName == "DejaVuSerif-Italic", "a file's own name")
        #expect(CGFont("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")?.postScriptName == "DejaVuSansMono")
        #expect(CGFont("/no/such/file.ttf")?.postScriptName == "DejaVuSans", "an unreadable path → Helvetica")
        #expect(CGFont("Helvetica")?.face === helvetica.face, "one face per file")
    }

    @Test func glyphMasksAreCachedAndClampedInSize() throws {
        let face = try #require(FontCatalog.face(named: nil))
        let a = face.glyph(for: "A")
        #expect(a != 0 && face.glyph(for: "\u{4E2D}") == 0, "CJK is missing: .notdef")
        let m1 = try #require(face.mask(glyph: a, pixelSize: 20, phase: 0))
        let m2 = try #require(face.mask(glyph: a, pixelSize: 20, phase: 0))
        #expect(m1.mask === m2.mask, "cached")
        #expect(m1.top >= 13 && m1.top <= 16, "cap height of DejaVu Sans at 20 px: \(m1.top)")
        #expect(face.mask(glyph: face.glyph(for: " "), pixelSize: 20, phase: 0) == nil, "a space has no ink")
        #expect(face.mask(glyph: a, pixelSize: .nan, phase: 0) == nil)
        let huge = try #require(face.mask(glyph: a, pixelSize: 1e9, phase: 9))
        #expect((huge.mask?.height ?? 0) <= Int(FontFace.maxPixelSize))
    }

    @Test func drawGlyphsFillsWithTheFillColourAndRespectsTheClip() throws {
        let face = try #require(FontCatalog.face(named: nil))
        let ctx = try #require(CGContext(data: nil, width: 40, height: 30, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        // y-up context: a pen at y 5 puts the baseline 5 px above the bottom row, glyph upright.
        let glyph = PositionedGlyph(glyph: face.glyph(for: "H"), position: CGPoint(x: 2, y: 5))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 8, height: 30))
        ctx.drawGlyphs([glyph], face: face, fontSize: 20)
        let s = ctx.surface
        var inkColumns = Set<Int>(), inkRows = Set<Int>()
        for y in 0..<s.height {
            for x in 0..<s.width where s.row(y)[x * 4 + 3] > 0 {
                inkColumns.insert(x); inkRows.insert(y)
                if s.row(y)[x * 4 + 3] == 255 { #expect(Array(UnsafeBufferPointer(start: s.row(y) + x * 4, count: 3)) == [0, 0, 255]) }
            }
        }
        #expect(!inkColumns.isEmpty && inkColumns.max()! < 8, "clipped at x 8")
        #expect(inkRows.max()! == 24, "the baseline is the row above pixel row 25 (y 5 up from 30)")
    }

    @Test func facesOutsideTheCatalogOpenAndClose() throws {
        for _ in 0..<20 {
            let face = try #require(FontFace(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"))
            #expect(face.mask(glyph: face.glyph(for: "g"), pixelSize: 12, phase: 1) != nil)
        }
        #expect(FontFace(path: "/nonexistent.ttf") == nil)
    }

    @Test func withoutFontFilesThereIsNoFace() {
        // A fontconfig configuration that knows no fonts: no system configuration, no directories.
        let none = FontMatcher(extraDirectories: ["/nonexistent-lamina-fonts"], loadSystemConfiguration: false)
        #expect(FontCatalog.resolve("Helvetica", matcher: none) == nil)
        #expect(FontCatalog.resolve("", matcher: none) == nil)
        #expect(FontCatalog.resolve("/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf", matcher: none)?.postScriptName
                == "DejaVuSerif", "an absolute path needs no search")
        #expect(FontCatalog.resolve("/etc/hostname", matcher: none) == nil, "not a font")
    }

    @Test func facesAndGlyphMasksAreSafeToUseFromManyThreads() throws {
        let face = try #require(FontCatalog.face(named: "DejaVuSans-Oblique"))
        let text = Array("The quick brown fox jumps over the lazy dog 0123456789".unicodeScalars)
        let sums = Locked([Int](repeating: 0, count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            var total = 0
            for (j, scalar) in text.enumerated() {
                let g = face.glyph(for: scalar)
                total += face.advance(of: g)
                if let m = face.mask(glyph: g, pixelSize: 9 + Double(j % 5), phase: (i + j) % 4)?.mask {
                    total += Int(m.bytes().reduce(0) { $0 + Int($1) } % 1000)
                }
            }
            sums.withLock { $0[i] = total }
        }
        let all = sums.withLock { $0 }
        #expect(all[0] == all[4] && all[1] == all[5] && all[2] == all[6] && all[3] == all[7],
                "same work gives the same answer on every thread")
    }
}

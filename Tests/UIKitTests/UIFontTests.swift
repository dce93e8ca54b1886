import Testing
import UIKit

@Suite struct UIFontTests {
    @Test func systemFontsHaveIOSNamesAndSizes() {
        let f = UIFont.systemFont(ofSize: 17)
        #expect(f.pointSize == 17 && f.fontName == ".SFUI-Regular" && f.familyName == ".AppleSystemUIFont")
        #expect(UIFont.boldSystemFont(ofSize: 12).fontName == ".SFUI-Bold")
        #expect(UIFont.italicSystemFont(ofSize: 12).fontName == ".SFUI-RegularItalic")
        #expect(UIFont.systemFont(ofSize: 12, weight: .semibold).fontName == ".SFUI-Semibold")
        #expect(UIFont.systemFont(ofSize: 12, weight: UIFont.Weight(0.25)).fontName == ".SFUI-Medium")
        #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).fontName == ".AppleSystemUIFontMonospaced-Regular")
        #expect(UIFont.preferredFont(forTextStyle: .headline).pointSize == 17)
        #expect(UIFont.preferredFont(forTextStyle: .largeTitle).pointSize == 34)
        #expect(UIFont.systemFontSize == 14 && UIFont.labelFontSize == 17)
        #expect(UIFont.Weight.bold.rawValue == 0.4 && UIFont.Weight.regular.rawValue < UIFont.Weight.medium.rawValue)
    }

    @Test func namedFonts() {
        let f = UIFont(name: "Helvetica-Bold", size: 20)
        #expect(f?.fontName == "Helvetica-Bold" && f?.familyName == "Helvetica" && f?.pointSize == 20)
        #expect(UIFont(name: "", size: 12) == nil)
        #expect(UIFont(name: "Menlo", size: -3)?.pointSize == 12)
        #expect(f?.withSize(9).pointSize == 9 && f?.withSize(9).fontName == "Helvetica-Bold")
        #expect(UIFont(name: "Helvetica", size: 10) == UIFont(name: "Helvetica", size: 10))
        #expect(UIFont(name: "Helvetica", size: 10) != UIFont(name: "Helvetica", size: 11))
    }

    @Test func metricsScaleWithThePointSize() throws {
        let f = UIFont.systemFont(ofSize: 20)
        try #require(CGFont("Helvetica") != nil, "no font file installed")
        #expect(f.ascender > 10 && f.ascender < 25)
        #expect(f.descender < 0 && f.descender > -10)
        #expect(f.lineHeight >= f.ascender - f.descender)
        let big = f.withSize(40)
        #expect(abs(big.ascender - 2 * f.ascender) < 1e-9)
    }

    @Test func textLayersDrawWithTheFontsFace() throws {
        try #require(CGFont("Helvetica") != nil, "no font file installed")
        let layer = CATextLayer()
        let bold = UIFont.boldSystemFont(ofSize: 30)
        layer.font = bold
        layer.fontSize = bold.pointSize
        #expect(layer.font as? UIFont === bold)
        #expect(CATextLayer.resolveFace(layer.font)?.postScriptName == "DejaVuSans-Bold")
        #expect(CATextLayer.resolveFace(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular))?.postScriptName
                == "DejaVuSansMono")
        #expect(CATextLayer.resolveFace(UIFont.systemFont(ofSize: 12))?.postScriptName == "DejaVuSans")
    }
}

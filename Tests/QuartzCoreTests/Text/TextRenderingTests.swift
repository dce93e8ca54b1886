import Foundation
import LaminaRaster
import Testing
@testable import QuartzCore

/// CATextLayer's pixels: text puts ink where the layout says, in the foreground colour;
/// alignment moves it; bad input draws nothing (or a .notdef box) and never crashes.
/// Needs the DejaVu fonts (fonts-dejavu-core), which the build's setup installs.
@Suite struct TextRenderingTests {
    /// The ink of an image: the bounding box of pixels with alpha > 0 (pixels, y down), the
    /// number of such pixels, and the colour of the opaque ones.
    struct Ink: Equatable {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var count = 0
        var opaqueColours: Set<[UInt8]> = []
        var isEmpty: Bool { count == 0 }
        var centerX: Double { Double(minX + maxX + 1) / 2 }
        /// Rows that have ink.
        var rows: [Int] = []
    }

    static func ink(_ image: CGImage?) -> Ink {
        var ink = Ink()
        guard let image else { return ink }
        let s = image.premultipliedRGBA8
        let b = s.bytes()
        for y in 0..<s.height {
            var rowHasInk = false
            for x in 0..<s.width {
                let i = (y * s.width + x) * 4
                guard b[i + 3] > 0 else { continue }
                rowHasInk = true
                ink.count += 1
                ink.minX = min(ink.minX, x); ink.maxX = max(ink.maxX, x)
                ink.minY = min(ink.minY, y); ink.maxY = max(ink.maxY, y)
                if b[i + 3] == 255 { ink.opaqueColours.insert(Array(b[i..<i + 3])) }
            }
            if rowHasInk { ink.rows.append(y) }
        }
        return ink
    }

    static func textLayer(_ string: Any?, width: CGFloat = 200, height: CGFloat = 40, fontSize: CGFloat = 20,
                          alignment: CATextLayerAlignmentMode = .natural) -> CATextLayer {
        let layer = CATextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        layer.string = string
        layer.fontSize = fontSize
        layer.foregroundColor = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        layer.alignmentMode = alignment
        return layer
    }

    static func rendered(_ layer: CATextLayer) -> Ink {
        layer.displayIfNeeded()
        return ink(layer.contents as? CGImage)
    }

    @Test func textPutsInkInsideTheFirstLineInTheForegroundColour() throws {
        let layer = Self.textLayer("Hello")
        #expect(layer.needsDisplay(), "a text layer with a string needs display")
        let ink = Self.rendered(layer)
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 200 && image.height == 40)
        #expect(!ink.isEmpty)
        // DejaVu Sans at 20 pt: ascent 18.6, descent 4.7; "Hello" is about 52 pt wide.
        #expect(ink.minX >= 0 && ink.minX <= 4, "starts at the left edge")
        #expect(ink.maxX >= 40 && ink.maxX <= 60)
        #expect(ink.minY >= 2 && ink.minY <= 6, "cap height below the top: \(ink.minY)")
        #expect(ink.maxY >= 16 && ink.maxY <= 19, "ends on the baseline (no descenders): \(ink.maxY)")
        #expect(ink.opaqueColours == [[255, 0, 0]], "fully covered pixels have the foreground colour")
    }

    @Test func alignmentMovesTheInk() {
        let left = Self.rendered(Self.textLayer("Hi", alignment: .left))
        let right = Self.rendered(Self.textLayer("Hi", alignment: .right))
        let center = Self.rendered(Self.textLayer("Hi", alignment: .center))
        #expect(left.minX <= 4)
        #expect(right.maxX >= 194 && right.maxX <= 199)
        #expect(abs(center.centerX - 100) <= 2, "centred: \(center.centerX)")
        #expect(abs((right.maxX - right.minX) - (left.maxX - left.minX)) <= 1, "same ink, moved (subpixel pens)")
    }

    @Test func contentsScaleDrawsMorePixels() throws {
        let layer = Self.textLayer("Hello")
        layer.contentsScale = 2
        let ink2 = Self.rendered(layer)
        let ink1 = Self.rendered(Self.textLayer("Hello"))
        let image = try #require(layer.contents as? CGImage)
        #expect(image.width == 400 && image.height == 80)
        #expect(abs(Double(ink2.maxX - ink2.minX) - 2 * Double(ink1.maxX - ink1.minX)) <= 3)
    }

    @Test func newlinesAndWrappingMakeSeparateLines() {
        func bands(_ rows: [Int]) -> Int { zip(rows, rows.dropFirst()).filter { $1 > $0 + 1 }.count + (rows.isEmpty ? 0 : 1) }
        let twoLines = Self.rendered(Self.textLayer("one\ntwo", height: 80))
        #expect(bands(twoLines.rows) == 2)
        let wrapped = Self.textLayer("wrap these words", width: 70, height: 100)
        wrapped.isWrapped = true
        let w = Self.rendered(wrapped)
        #expect(bands(w.rows) == 3 && w.maxX < 70)
        let unwrapped = Self.rendered(Self.textLayer("wrap these words", width: 70, height: 100))
        #expect(bands(unwrapped.rows) == 1, "one line, cut by the bounds")
    }

    @Test func settingTextPropertiesMarksTheLayerForDisplay() {
        let layer = Self.textLayer("a")
        layer.displayIfNeeded()
        for change in [{ layer.string = "b" }, { layer.fontSize = 30 }, { layer.alignmentMode = .center },
                       { layer.isWrapped = true }, { layer.bounds.size.width = 10 }] {
            #expect(!layer.needsDisplay())
            change()
            #expect(layer.needsDisplay())
            layer.displayIfNeeded()
        }
    }

    @Test func renderInContextDrawsTextOfANeverCommittedTree() throws {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 40)
        let text = Self.textLayer("Hi", width: 100)
        text.frame = root.bounds
        root.addSublayer(text)
        let ctx = try #require(CGContext(data: nil, width: 100, height: 40, bitsPerComponent: 8, bytesPerRow: 0,
                                         space: CGColorSpace(name: CGColorSpace.sRGB)!,
                                         bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue))
        ctx.translateBy(x: 0, y: 40)
        ctx.scaleBy(x: 1, y: -1)
        root.render(in: ctx)
        let ink = Self.ink(ctx.makeImage())
        #expect(!ink.isEmpty && ink.minY < 8 && ink.maxY < 20, "upright at the top")
    }

    @Test func attributedStringsAndFontNamesAreAccepted() {
        let attributed = Self.rendered(Self.textLayer(NSAttributedString(string: "Hello")))
        #expect(attributed == Self.rendered(Self.textLayer("Hello")))
        let bold = Self.textLayer("Hello")
        bold.font = "Helvetica-Bold"
        let mono = Self.textLayer("iiii")
        mono.font = "Menlo"
        let sans = Self.rendered(Self.textLayer("iiii"))
        #expect(Self.rendered(bold).count > Self.rendered(Self.textLayer("Hello")).count, "bold has more ink")
        #expect(Self.rendered(mono).maxX > sans.maxX + 10, "monospaced i's are wider")
    }

    @Test func badInputDrawsNothingOrANotdefBoxButNeverCrashes() {
        #expect(Self.rendered(Self.textLayer(nil)).isEmpty)
        #expect(Self.rendered(Self.textLayer("")).isEmpty)
        #expect(Self.rendered(Self.textLayer(42)).isEmpty, "not a string")
        #expect(Self.rendered(Self.textLayer("x", fontSize: .nan)).isEmpty)
        #expect(Self.rendered(Self.textLayer("x", fontSize: -3)).isEmpty)
        // Absurd sizes are capped at FontFace.maxPixelSize (1024 px per em): in a 40 pt tall
        // layer the first line's glyphs start below the bounds, in a tall one they show.
        #expect(Self.rendered(Self.textLayer("W", fontSize: 1e9)).isEmpty)
        let huge = Self.rendered(Self.textLayer("W", width: 1200, height: 1000, fontSize: .infinity))
        #expect(huge.minY > 150 && huge.maxY < 1000 && huge.maxX - huge.minX > 900, "capped, drawn huge: \(huge.minY)...\(huge.maxY)")
        let zero = Self.textLayer("x", width: 0, height: 0)
        zero.displayIfNeeded()
        #expect(zero.contents == nil)
        #expect(!Self.rendered(Self.textLayer("\u{4E2D}\u{1F9A9}")).isEmpty, "missing glyphs (CJK, emoji) show the .notdef box")
        #expect(Self.rendered(Self.textLayer("\u{FE0F}\u{200D}\u{0007}")).isEmpty, "ignorables and controls draw nothing")
        let tiny = Self.textLayer("a long line that will wrap and truncate", width: 3, height: 3)
        tiny.isWrapped = true
        tiny.truncationMode = .middle
        _ = Self.rendered(tiny)
    }

    @Test func anArchivedTextLayerKeepsItsTextNotItsPixels() throws {
        let layer = Self.textLayer("Archived")
        layer.displayIfNeeded()
        #expect(layer.contents is CGImage)
        let json = String(decoding: try LayerArchive.encode(layer), as: UTF8.self)
        #expect(json.contains("Archived") && !json.contains("\"png\""))
        let decoded = try #require(try LayerArchive.decode(Data(json.utf8)) as? CATextLayer)
        #expect(decoded.needsDisplay())
        #expect(Self.rendered(decoded) == Self.rendered(Self.textLayer("Archived")))
    }

    @Test func aVeryLongLineCostsOnlyWhatShows() {
        let layer = Self.textLayer(String(repeating: "long line ", count: 20_000), width: 100, height: 20, fontSize: 10)
        let ink = Self.rendered(layer)
        #expect(!ink.isEmpty && ink.maxX < 100)
    }
}

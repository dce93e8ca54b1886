import CoreGraphics
import Foundation

/// Measures text with a face at a font size (points per em), from the font's unhinted design
/// metrics, so the layout is the same at every contentsScale.
///
/// A paragraph goes through the standard libraries, as every Linux toolkit does:
/// 1. FriBidi gives each character its bidi level and the paragraph its direction (found from
///    its first strong character, or imposed by a paragraph style), over the whole paragraph
///    whatever fonts an attributed string gives its ranges;
/// 2. each character gets a face: its font (this one, or an attributed string's face and size
///    for its range), or — when that lacks the character — a fallback face fontconfig finds for
///    it (`FontCatalog.fallback`); a character no installed face has shows its face's .notdef box;
/// 3. runs of characters with one face, size, level and script are shaped by HarfBuzz
///    (ligatures, kerning, mark positioning, Arabic joining, Indic reordering), with the whole
///    paragraph as context, so joining crosses font changes (and line breaks, which come later);
/// 4. the glyphs are grouped into clusters (`TextUnit`): a character, or the characters a
///    ligature joins.
/// Tabs advance by four spaces and control characters show nothing; both split runs.
/// Shaped paragraphs are cached per text, face, size, font runs and direction (process-wide,
/// bounded).
package final class FontTextMeasurer: TextMeasuring {
    package let face: FontFace
    package let fontSize: CGFloat
    package let ascent: CGFloat
    package let descent: CGFloat
    package let lineHeight: CGFloat
    private let unitsToPoints: CGFloat

    package init(face: FontFace, fontSize: CGFloat) {
        self.face = face
        self.fontSize = fontSize
        unitsToPoints = fontSize / CGFloat(face.unitsPerEm)
        ascent = CGFloat(face.ascender) * unitsToPoints
        descent = CGFloat(-face.descender) * unitsToPoints
        lineHeight = CGFloat(face.lineHeight) * unitsToPoints
    }

    package var measuringFace: FontFace? { face }

    package func measurer(face: FontFace?, fontSize: CGFloat?) -> any TextMeasuring {
        FontTextMeasurer(face: face ?? self.face, fontSize: fontSize.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? self.fontSize)
    }

    package func unit(for character: Character) -> TextUnit {
        units(for: [character]).units.first ?? TextUnit(character: character, glyphs: [], offsets: [], width: 0)
    }

    package func units(for paragraph: [Character]) -> MeasuredParagraph {
        units(for: paragraph, fonts: [], rightToLeft: nil)
    }

    package func units(for paragraph: [Character], fonts: [TextFontChoice?], rightToLeft: Bool?) -> MeasuredParagraph {
        // Runs of one font choice other than the layout's, for the key and the shaping.
        var runs: [FontRun] = []
        for (i, f) in fonts.prefix(paragraph.count).enumerated() {
            let choice = resolved(f)
            guard choice.face !== face || choice.size != fontSize else { continue }
            if let last = runs.last, last.end == i, last.face === choice.face, last.size == choice.size {
                runs[runs.count - 1].end = i + 1
            } else {
                runs.append(FontRun(start: i, end: i + 1, face: choice.face, size: choice.size))
            }
        }
        let key = CacheKey(text: String(paragraph), face: face, size: fontSize, runs: runs, rightToLeft: rightToLeft)
        if let hit = FontTextMeasurer.cache.get(key) { return hit }
        let measured = shape(paragraph, runs: runs, rightToLeft: rightToLeft)
        FontTextMeasurer.cache.put(key, measured)
        return measured
    }

    /// A font choice with the layout's face and size filled in (sizes that are not positive
    /// finite numbers are the layout's).
    private func resolved(_ f: TextFontChoice?) -> (face: FontFace, size: CGFloat) {
        (f?.face ?? face, f?.size.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? fontSize)
    }

    /// Control characters (C0, DEL, C1) draw no glyph and take no room.
    static func showsNothing(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    /// What one character is shaped with: its primary face and size (the attributed string's
    /// font, or the layout's) and the face that has its glyphs (the primary, or a fallback).
    private struct CharFont {
        var primary: FontFace
        var size: CGFloat
        var shaping: FontFace?       // nil: not shaped (tab, control)
        var script: UInt32?
    }

    private func shape(_ chars: [Character], runs: [FontRun], rightToLeft: Bool?) -> MeasuredParagraph {
        guard !chars.isEmpty else { return MeasuredParagraph(units: [], isRightToLeft: rightToLeft ?? false) }
        var scalars: [UInt32] = [], charOfScalar: [Int] = [], charStart: [Int] = []
        for (i, c) in chars.enumerated() {
            charStart.append(scalars.count)
            for s in c.unicodeScalars { scalars.append(s.value); charOfScalar.append(i) }
        }
        charStart.append(scalars.count)
        // The levels are the whole paragraph's: a font change does not split the bidi algorithm.
        let bidi = BidiParagraph(scalars, rightToLeft: rightToLeft)

        // What each character needs: a primary face and size, a shaping face, a script.
        var fonts: [CharFont] = []
        fonts.reserveCapacity(chars.count)
        var r = 0
        for (i, c) in chars.enumerated() {
            while r < runs.count, runs[r].end <= i { r += 1 }
            let inRun = r < runs.count && runs[r].start <= i
            let primary = inRun ? runs[r].face : face, size = inRun ? runs[r].size : fontSize
            if c == "\t" || c.unicodeScalars.allSatisfy(FontTextMeasurer.showsNothing) {
                fonts.append(CharFont(primary: primary, size: size, shaping: nil, script: nil))
                continue
            }
            var chosen = primary
            if let missing = c.unicodeScalars.first(where: {
                !$0.properties.isDefaultIgnorableCodePoint && !FontTextMeasurer.showsNothing($0) && primary.glyph(for: $0) == 0
            }), let fallback = FontCatalog.fallback(for: missing, after: primary) {
                chosen = fallback
            }
            fonts.append(CharFont(primary: primary, size: size, shaping: chosen, script: FontFace.script(of: c.unicodeScalars.first!)))
        }

        var units: [TextUnit] = []
        var a = 0
        while a < chars.count {
            let level = bidi.levels[charStart[a]], type = bidi.types[charStart[a]]
            let f = fonts[a]
            guard let runFace = f.shaping else {
                let scale = f.size / CGFloat(max(1, f.primary.unitsPerEm))
                let width = chars[a] == "\t" ? 4 * CGFloat(f.primary.advance(of: f.primary.glyph(for: " "))) * scale : 0
                var unit = TextUnit(text: String(chars[a]), glyphs: [], offsets: [], width: width, level: level, bidiType: type)
                tag(&unit, primary: f.primary, size: f.size)
                units.append(unit)
                a += 1
                continue
            }
            // A run: one shaping face, primary face, size, level and script.
            var script = f.script
            var b = a + 1
            while b < chars.count, let g = fonts[b].shaping, g === runFace, fonts[b].primary === f.primary,
                  fonts[b].size == f.size, bidi.levels[charStart[b]] == level {
                if let s = fonts[b].script {
                    if let r = script, r != s { break }
                    script = s
                }
                b += 1
            }
            var shaped = shapeRun(chars, a..<b, scalars: scalars, charOfScalar: charOfScalar, charStart: charStart,
                                  face: runFace, size: f.size, level: level, script: script, bidi: bidi)
            for i in shaped.indices { tag(&shaped[i], primary: f.primary, size: f.size) }
            units += shaped
            a = b
        }
        return MeasuredParagraph(units: units, isRightToLeft: bidi.isRightToLeft)
    }

    /// Marks a unit of a character the attributed string gives another font than the layout's
    /// with that font's size and line metrics (the layout's own need no mark).
    private func tag(_ unit: inout TextUnit, primary: FontFace, size: CGFloat) {
        guard primary !== face || size != fontSize else { return }
        let scale = size / CGFloat(max(1, primary.unitsPerEm))
        unit.fontSize = size
        unit.metrics = TextUnit.LineMetrics(ascent: CGFloat(primary.ascender) * scale,
                                            descent: CGFloat(-primary.descender) * scale,
                                            lineHeight: CGFloat(primary.lineHeight) * scale)
    }

    /// Shapes characters `run` (one face, size, level and script) into units in logical order,
    /// with the whole paragraph as HarfBuzz's context, so joining and contextual forms see
    /// across font changes (and lines are broken only after shaping).
    private func shapeRun(_ chars: [Character], _ run: Range<Int>, scalars: [UInt32], charOfScalar: [Int],
                          charStart: [Int], face runFace: FontFace, size: CGFloat, level: UInt8, script: UInt32?,
                          bidi: BidiParagraph) -> [TextUnit] {
        let glyphs = runFace.shape(scalars, range: charStart[run.lowerBound]..<charStart[run.upperBound],
                                   rightToLeft: level & 1 == 1, script: script)
        // Units start at the run's first character and at every character a cluster starts in.
        var starts = Set(glyphs.map { charOfScalar[min(max($0.cluster, 0), charOfScalar.count - 1)] })
        starts.insert(run.lowerBound)
        let sortedStarts = starts.filter { run.contains($0) }.sorted()
        func unitIndex(ofChar c: Int) -> Int {
            var lo = 0, hi = sortedStarts.count - 1
            while lo < hi { let mid = (lo + hi + 1) / 2; if sortedStarts[mid] <= c { lo = mid } else { hi = mid - 1 } }
            return lo
        }
        let scale = CGFloat(runFace.unitsPerEm) > 0 ? size / CGFloat(runFace.unitsPerEm) : 0
        var ids = [[UInt32]](repeating: [], count: sortedStarts.count)
        var offsets = [[CGFloat]](repeating: [], count: sortedStarts.count)
        var rises = [[CGFloat]](repeating: [], count: sortedStarts.count)
        var widths = [CGFloat](repeating: 0, count: sortedStarts.count)
        var lefts = [CGFloat?](repeating: nil, count: sortedStarts.count)
        var pen: CGFloat = 0
        for g in glyphs {
            let u = unitIndex(ofChar: charOfScalar[min(max(g.cluster, 0), charOfScalar.count - 1)])
            let left = lefts[u] ?? pen
            lefts[u] = left
            ids[u].append(g.glyph)
            offsets[u].append(pen - left + CGFloat(g.xOffset) * scale)
            rises[u].append(CGFloat(g.yOffset) * scale)
            let advance = CGFloat(g.advance) * scale
            widths[u] += advance
            pen += advance
        }
        return sortedStarts.indices.map { u in
            let end = u + 1 < sortedStarts.count ? sortedStarts[u + 1] : run.upperBound
            let text = String(String.UnicodeScalarView(chars[sortedStarts[u]..<end].flatMap(\.unicodeScalars)))
            return TextUnit(text: text, glyphs: ids[u], offsets: offsets[u],
                            rises: rises[u].allSatisfy { $0 == 0 } ? [] : rises[u], width: widths[u],
                            face: runFace === face ? nil : runFace, level: level,
                            bidiType: bidi.types[charStart[sortedStarts[u]]])
        }
    }

    /// The key holds its face, so a face made outside the catalog cannot be freed and its
    /// identity reused by another while the cache remembers it.
    private struct CacheKey: Hashable {
        var text: String
        var face: FontFace
        var size: CGFloat
        var runs: [FontRun]
        var rightToLeft: Bool?
        static func == (a: Self, b: Self) -> Bool {
            a.face === b.face && a.size == b.size && a.text == b.text && a.runs == b.runs && a.rightToLeft == b.rightToLeft
        }
        func hash(into h: inout Hasher) {
            h.combine(text)
            h.combine(ObjectIdentifier(face))
            h.combine(size)
            h.combine(runs.count)
            h.combine(rightToLeft)
        }
    }

    /// Characters `start..<end` of a paragraph in another font than the layout's (its face and
    /// size resolved). Holds the face, as the key does.
    private struct FontRun: Equatable {
        var start: Int
        var end: Int
        var face: FontFace
        var size: CGFloat
        static func == (a: Self, b: Self) -> Bool { a.start == b.start && a.end == b.end && a.face === b.face && a.size == b.size }
    }

    /// Shaped paragraphs, process-wide; emptied when it holds `limit` entries.
    private static let cache = ShapeCache<CacheKey, MeasuredParagraph>(limit: 2048)
}

/// A small thread-safe dictionary that empties itself when full.
final class ShapeCache<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [Key: Value] = [:]
    private let limit: Int
    init(limit: Int) { self.limit = limit }
    func get(_ key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }
    func put(_ key: Key, _ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
        entries[key] = value
    }
}

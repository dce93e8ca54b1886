import CoreGraphics
import Foundation

/// Measures text with a face at a font size (points per em), from the font's unhinted design
/// metrics, so the layout is the same at every contentsScale.
///
/// A paragraph goes through the standard libraries, as every Linux toolkit does:
/// 1. FriBidi gives each character its bidi level and the paragraph its direction;
/// 2. each character gets a face: this one, or — when it lacks a character — a fallback face
///    fontconfig finds for it (`FontCatalog.fallback`); a character no installed face has shows
///    this face's .notdef box;
/// 3. runs of characters with one face, one level and one script are shaped by HarfBuzz
///    (ligatures, kerning, mark positioning, Arabic joining, Indic reordering), with the whole
///    paragraph as context;
/// 4. the glyphs are grouped into clusters (`TextUnit`): a character, or the characters a
///    ligature joins.
/// Tabs advance by four spaces and control characters show nothing; both split runs.
/// Shaped paragraphs are cached per text, face and size (process-wide, bounded).
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
        let key = CacheKey(text: String(paragraph), face: face, size: fontSize)
        if let hit = FontTextMeasurer.cache.get(key) { return hit }
        let measured = shape(paragraph)
        FontTextMeasurer.cache.put(key, measured)
        return measured
    }

    /// Control characters (C0, DEL, C1) draw no glyph and take no room.
    static func showsNothing(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0)
    }

    private func shape(_ chars: [Character]) -> MeasuredParagraph {
        guard !chars.isEmpty else { return MeasuredParagraph(units: []) }
        var scalars: [UInt32] = [], charOfScalar: [Int] = [], charStart: [Int] = []
        for (i, c) in chars.enumerated() {
            charStart.append(scalars.count)
            for s in c.unicodeScalars { scalars.append(s.value); charOfScalar.append(i) }
        }
        charStart.append(scalars.count)
        let bidi = BidiParagraph(scalars)

        // What each character needs: a face (nil: not shaped: tab or control), a script.
        var faces: [FontFace?] = [], scripts: [UInt32?] = []
        for c in chars {
            let first = c.unicodeScalars.first!
            if c == "\t" || c.unicodeScalars.allSatisfy(FontTextMeasurer.showsNothing) {
                faces.append(nil); scripts.append(nil); continue
            }
            var chosen = face
            if let missing = c.unicodeScalars.first(where: {
                !$0.properties.isDefaultIgnorableCodePoint && !FontTextMeasurer.showsNothing($0) && face.glyph(for: $0) == 0
            }), let fallback = FontCatalog.fallback(for: missing, after: face) {
                chosen = fallback
            }
            faces.append(chosen)
            scripts.append(FontFace.script(of: first))
        }

        var units: [TextUnit] = []
        var a = 0
        while a < chars.count {
            let level = bidi.levels[charStart[a]], type = bidi.types[charStart[a]]
            guard let runFace = faces[a] else {
                let width = chars[a] == "\t" ? 4 * CGFloat(face.advance(of: face.glyph(for: " "))) * unitsToPoints : 0
                units.append(TextUnit(text: String(chars[a]), glyphs: [], offsets: [], width: width, level: level, bidiType: type))
                a += 1
                continue
            }
            var script = scripts[a]
            var b = a + 1
            while b < chars.count, let f = faces[b], f === runFace, bidi.levels[charStart[b]] == level {
                if let s = scripts[b] {
                    if let r = script, r != s { break }
                    script = s
                }
                b += 1
            }
            units += shapeRun(chars, a..<b, scalars: scalars, charOfScalar: charOfScalar, charStart: charStart,
                              face: runFace, level: level, script: script, bidi: bidi)
            a = b
        }
        return MeasuredParagraph(units: units, isRightToLeft: bidi.isRightToLeft)
    }

    /// Shapes characters `run` (one face, level and script) into units in logical order.
    private func shapeRun(_ chars: [Character], _ run: Range<Int>, scalars: [UInt32], charOfScalar: [Int],
                          charStart: [Int], face runFace: FontFace, level: UInt8, script: UInt32?,
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
        let scale = CGFloat(runFace.unitsPerEm) > 0 ? fontSize / CGFloat(runFace.unitsPerEm) : 0
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
        static func == (a: Self, b: Self) -> Bool { a.face === b.face && a.size == b.size && a.text == b.text }
        func hash(into h: inout Hasher) {
            h.combine(text)
            h.combine(ObjectIdentifier(face))
            h.combine(size)
        }
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

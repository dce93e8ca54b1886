// Pixels of a surface that a later drawing will overwrite whatever they hold: a blitter given
// them (`Blitter.skip`) leaves them alone, which is exact, because the later drawing replaces
// them (an opaque shader at full coverage and strength is shaded straight into them, never
// read). The compositor finds them by rasterizing that later drawing's coverage into an
// `OpaqueRunRecorder` first (the page fold's two pages hide most of the curtain drawn before
// them: ~20 % of a 4K frame went to resampling curtain the pages then covered).

/// A few disjoint runs of pixels per row of a surface (surface pixels), sorted by x.
package final class PixelRuns {
    /// Runs kept per row; a row that would need more keeps the longest.
    package static let perRow = 4
    /// The first row held, and how many.
    package private(set) var top = 0, rowCount = 0
    private var capacity = 0
    /// `perRow` (x0, x1) pairs per row.
    private var bounds: UnsafeMutablePointer<Int32>
    private var counts: UnsafeMutablePointer<UInt8>

    package init() {
        bounds = .allocate(capacity: 0)
        counts = .allocate(capacity: 0)
    }

    deinit { bounds.deallocate(); counts.deallocate() }

    /// No runs, on rows top ..< top + rows (storage kept between uses).
    package func reset(top: Int, rows: Int) {
        let n = max(0, rows)
        if n > capacity {
            bounds.deallocate(); counts.deallocate()
            capacity = max(n, 2 * capacity)
            bounds = .allocate(capacity: capacity * 2 * Self.perRow)
            counts = .allocate(capacity: capacity)
        }
        self.top = top
        rowCount = n
        counts.update(repeating: 0, count: n)
    }

    /// Whether no row holds a run.
    package var isEmpty: Bool {
        for r in 0..<rowCount where counts[r] != 0 { return false }
        return true
    }

    /// The runs of row `y` (none outside the rows held): `count`, then pairs at `pairs`.
    @inline(__always)
    package func runs(y: Int) -> (count: Int, pairs: UnsafePointer<Int32>) {
        let r = y &- top
        guard r >= 0 && r < rowCount else { return (0, UnsafePointer(bounds)) }
        return (Int(counts[r]), UnsafePointer(bounds + r &* 2 &* Self.perRow))
    }

    /// Adds pixels x0 ..< x1 of row `y` (merged with runs they overlap or touch). When the row
    /// is full, the shortest run goes (fewer skipped pixels is always exact).
    package func add(y: Int, x0: Int, x1: Int) {
        let r = y - top
        guard r >= 0, r < rowCount, x1 > x0 else { return }
        let p = bounds + r * 2 * Self.perRow
        var n = Int(counts[r])
        var a = x0, b = x1
        // Absorb every run that overlaps or touches [a, b).
        var k = 0
        while k < n {
            let s = Int(p[2 * k]), e = Int(p[2 * k + 1])
            if s <= b && e >= a {
                a = min(a, s); b = max(b, e)
                for m in k ..< n - 1 { p[2 * m] = p[2 * m + 2]; p[2 * m + 1] = p[2 * m + 3] }
                n -= 1
            } else {
                k += 1
            }
        }
        if n == Self.perRow {
            var shortest = 0
            for m in 1..<n where p[2 * m + 1] - p[2 * m] < p[2 * shortest + 1] - p[2 * shortest] { shortest = m }
            guard Int(p[2 * shortest + 1] - p[2 * shortest]) < b - a else { counts[r] = UInt8(n); return }
            for m in shortest ..< n - 1 { p[2 * m] = p[2 * m + 2]; p[2 * m + 1] = p[2 * m + 3] }
            n -= 1
        }
        // Insert sorted by start.
        var at = n
        while at > 0 && Int(p[2 * (at - 1)]) > a {
            p[2 * at] = p[2 * at - 2]; p[2 * at + 1] = p[2 * at - 1]
            at -= 1
        }
        p[2 * at] = Int32(clamping: a); p[2 * at + 1] = Int32(clamping: b)
        counts[r] = UInt8(n + 1)
    }

    /// Adds every run of `other` on the rows both hold.
    package func formUnion(_ other: PixelRuns) {
        let lo = max(top, other.top), hi = min(top + rowCount, other.top + other.rowCount)
        guard lo < hi else { return }
        for y in lo..<hi {
            let (n, pairs) = other.runs(y: y)
            for k in 0..<n { add(y: y, x0: Int(pairs[2 * k]), x1: Int(pairs[2 * k + 1])) }
        }
    }

    /// Calls `body` with the parts of x ..< x + count on row `y` outside the runs, in order.
    @inline(__always)
    package func gaps(y: Int, x: Int, count: Int, _ body: (Int, Int) -> Void) {
        let (n, pairs) = runs(y: y)
        var cursor = x
        let end = x &+ count
        for k in 0..<n {
            let a = Int(pairs[2 * k]), b = Int(pairs[2 * k + 1])
            if b <= cursor { continue }
            if a >= end { break }
            if a > cursor { body(cursor, a - cursor) }
            cursor = max(cursor, b)
        }
        if cursor < end { body(cursor, end - cursor) }
    }
}

/// A coverage sink that records, in `runs`, the runs of full coverage a rasterizer hands out
/// as runs (`blendRun` at 255) and draws nothing. A blitter with an opaque shader at full
/// strength given the same fill (same polygon, rule and clip rect: the rasterizer makes the
/// same calls into any sink that does not take strips) shades those pixels straight into the
/// surface, whatever was there.
package struct OpaqueRunRecorder: CoverageSink {
    package let runs: PixelRuns
    package init(runs: PixelRuns) { self.runs = runs }
    package mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {}
    package mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        if coverage == 255 { runs.add(y: y, x0: x, x1: x + count) }
    }
}

extension PolygonRasterizer {
    /// The recorder's fill, specialised here (see SpecializedEntryPoints.swift).
    package func fill(_ polygon: Polygon, rule: FillRule, clip: PixelRect, into sink: inout OpaqueRunRecorder) {
        fill(polygon, rule: rule, clip: clip, generic: &sink)
    }
}

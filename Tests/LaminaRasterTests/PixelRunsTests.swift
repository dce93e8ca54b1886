import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// Runs of pixels a later drawing overwrites (PixelRuns.swift): kept sorted and disjoint, and
/// a blitter given them leaves exactly those pixels alone.
@Suite struct PixelRunsTests {
    /// The pixels of row `y` in `runs`, as a set.
    static func pixels(_ runs: PixelRuns, y: Int) -> Set<Int> {
        let (n, pairs) = runs.runs(y: y)
        var s = Set<Int>()
        for k in 0..<n { for x in Int(pairs[2 * k]) ..< Int(pairs[2 * k + 1]) { s.insert(x) } }
        return s
    }

    @Test func runsMergeStaySortedAndKeepTheLongest() {
        let runs = PixelRuns()
        runs.reset(top: 10, rows: 3)
        #expect(runs.isEmpty)
        runs.add(y: 11, x0: 20, x1: 30)
        runs.add(y: 11, x0: 0, x1: 5)
        runs.add(y: 11, x0: 5, x1: 8)     // touches [0, 5): merged
        runs.add(y: 11, x0: 25, x1: 40)   // overlaps [20, 30): merged
        #expect(Self.pixels(runs, y: 11) == Set(0..<8).union(20..<40))
        #expect(runs.runs(y: 11).count == 2)
        runs.add(y: 11, x0: 50, x1: 51)
        runs.add(y: 11, x0: 60, x1: 62)
        runs.add(y: 11, x0: 70, x1: 100)  // a fifth run: the shortest ([50, 51)) goes
        #expect(Self.pixels(runs, y: 11) == Set(0..<8).union(20..<40).union(60..<62).union(70..<100))
        runs.add(y: 11, x0: 200, x1: 201) // shorter than every kept run: not kept
        #expect(!Self.pixels(runs, y: 11).contains(200))
        let (n, pairs) = runs.runs(y: 11)
        for k in 1..<n { #expect(pairs[2 * k] > pairs[2 * k - 1]) }
        // Rows outside those held are ignored.
        runs.add(y: 9, x0: 0, x1: 10)
        runs.add(y: 13, x0: 0, x1: 10)
        #expect(runs.runs(y: 9).count == 0 && runs.runs(y: 13).count == 0)
        var gaps: [Range<Int>] = []
        runs.gaps(y: 11, x: 3, count: 70) { gaps.append($0 ..< $0 + $1) }
        #expect(gaps == [8..<20, 40..<60, 62..<70])
    }

    /// Random fills (solid and shader paints, polygons and runs) through a blitter with random
    /// runs to skip: the skipped pixels keep their old value, all others get the bytes of the
    /// same fill without skipping.
    @Test func blitterLeavesTheRunsAloneAndDrawsTheRestAlike() throws {
        var rng = SplitMix64(77)
        let w = 120, h = 90
        let rasterizer = PolygonRasterizer()
        for trial in 0..<60 {
            let base = try Surface(width: w, height: h)
            for y in 0..<h { for x in 0..<w { base.row32(y)[x] = rng.premultiplied() } }
            let plain = try Surface(width: w, height: h), skipped = try Surface(width: w, height: h)
            for y in 0..<h {
                plain.row32(y).update(from: base.row32(y), count: w)
                skipped.row32(y).update(from: base.row32(y), count: w)
            }
            let runs = PixelRuns()
            runs.reset(top: 5, rows: h - 10)
            for _ in 0..<200 {
                let x0 = Int(rng.next() % UInt64(w)), y = Int(rng.next() % UInt64(h))
                runs.add(y: y, x0: x0, x1: x0 + 1 + Int(rng.next() % 30))
            }
            let points = (0..<5).map { _ in RasterPoint(rng.uniform() * Double(w + 40) - 20, rng.uniform() * Double(h + 40) - 20) }
            let polygon = Polygon([points])
            let color = PremultipliedRGBA8(r: 200, g: 100, b: 50, a: trial % 2 == 0 ? 255 : 180)
            let paint: Paint = trial % 3 == 0 ? .solid(color) : .shader(SolidShader(color))
            let alpha: UInt8 = trial % 4 == 1 ? 200 : 255
            var a = Blitter(surface: plain, paint: paint, alpha: alpha, scratch: ScanlineScratch())
            var b = Blitter(surface: skipped, paint: paint, alpha: alpha, scratch: ScanlineScratch(), skip: runs)
            let clip = PixelRect(x0: 0, y0: 0, x1: w, y1: h)
            rasterizer.fill(polygon, rule: .nonZero, clip: clip, into: &a)
            rasterizer.fill(polygon, rule: .nonZero, clip: clip, into: &b)
            AnalyticCoverage.fillRect(x0: 10.5, y0: 20.25, x1: 90, y1: 60, clip: clip, into: &a)
            AnalyticCoverage.fillRect(x0: 10.5, y0: 20.25, x1: 90, y1: 60, clip: clip, into: &b)
            var bad = 0
            for y in 0..<h {
                let skip = Self.pixels(runs, y: y)
                for x in 0..<w {
                    let expected = skip.contains(x) ? base.row32(y)[x] : plain.row32(y)[x]
                    if skipped.row32(y)[x] != expected { bad += 1 }
                }
            }
            #expect(bad == 0, "trial \(trial)")
        }
    }

    /// The recorder keeps exactly the runs of full coverage a rasterizer hands out.
    @Test func recorderKeepsFullCoverageRuns() {
        let runs = PixelRuns()
        runs.reset(top: 0, rows: 50)
        var recorder = OpaqueRunRecorder(runs: runs)
        let square = Polygon([[RasterPoint(10.5, 10.5), RasterPoint(40.5, 10.5), RasterPoint(40.5, 40.5), RasterPoint(10.5, 40.5)]])
        PolygonRasterizer().fill(square, rule: .nonZero, clip: PixelRect(x0: 0, y0: 0, x1: 50, y1: 50), into: &recorder)
        #expect(runs.runs(y: 10).count == 0)              // the half-covered top row
        // Fully covered pixels only (those next to an edge may come in its span instead).
        let row = Self.pixels(runs, y: 20)
        #expect(row.isSubset(of: Set(11..<40)) && row.count >= 26)
        #expect(runs.runs(y: 40).count == 0)
    }
}

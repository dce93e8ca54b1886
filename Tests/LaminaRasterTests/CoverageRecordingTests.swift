import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// A replayed `CoverageRecording` makes the calls of the rasterization it recorded: the same
/// mask bytes as filling directly, for rounded rects and rings, clipped or not.
@Suite struct CoverageRecordingTests {
    @Test func replayEqualsDirectFill() throws {
        var rng = SplitMix64(77)
        func u() -> Double { rng.uniform() }
        for k in 0..<60 {
            let x0 = u() * 30 - 5, y0 = u() * 30 - 5, w = u() * 50 + 1, h = u() * 50 + 1
            let rr = RoundedRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, radius: u() * 20)
            let inner = RoundedRect(x0: x0 + 2, y0: y0 + 2, x1: x0 + w - 2, y1: y0 + h - 2, radius: max(0, u() * 18))
            let clip = k % 3 == 0 ? PixelRect(x0: 5, y0: 3, x1: 40, y1: 33) : PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
            let direct = try AlphaMask(width: 64, height: 64), replayed = try AlphaMask(width: 64, height: 64)
            var a = MaskWriterSink(direct), b = MaskWriterSink(replayed)
            if k % 2 == 0 {
                AnalyticCoverage.fillRoundedRect(rr, clip: clip, into: &a)
                CoverageRecording.roundedRect(rr, clip: clip).replay(into: &b)
            } else {
                AnalyticCoverage.fillRoundedRectRing(outer: rr, inner: inner, clip: clip, into: &a)
                CoverageRecording.ring(outer: rr, inner: inner, clip: clip).replay(into: &b)
            }
            for y in 0..<64 { for x in 0..<64 where direct[x, y] != replayed[x, y] {
                Issue.record("shape \(k) pixel (\(x), \(y)): \(direct[x, y]) vs \(replayed[x, y])"); return
            } }
        }
    }

    /// One recording over a shape's whole rows, replayed for a band of rows, makes exactly the
    /// calls of a fill clipped to that band (same rows, spans, runs and bytes, in order): the
    /// analytic rounded rects' and rings' rows do not depend on the clip's rows, so region
    /// renders can share one recording per shape (`TargetPainter`).
    @Test func aBandOfAWholeRecordingIsTheBandsFill() {
        var rng = SplitMix64(78)
        func u() -> Double { rng.uniform() }
        for k in 0..<200 {
            let x0 = u() * 60 - 10, y0 = u() * 60 - 10, w = u() * 70 + 0.5, h = u() * 70 + 0.5
            let rr = RoundedRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, radius: u() * 25)
            let inset = u() * 4
            let inner = RoundedRect(x0: x0 + inset, y0: y0 + inset, x1: x0 + w - inset, y1: y0 + h - inset, radius: max(0, u() * 22))
            let cx0 = Int(u() * 20) - 5, cx1 = cx0 + 10 + Int(u() * 70)
            let whole = PixelRect(x0: cx0, y0: -5, x1: cx1, y1: 90)
            let b0 = Int(u() * 90) - 5, band = PixelRect(x0: cx0, y0: b0, x1: cx1, y1: min(90, b0 + 1 + Int(u() * 30)))
            var direct = CallLog(), replayed = CallLog()
            if k % 2 == 0 {
                AnalyticCoverage.fillRoundedRect(rr, clip: band, into: &direct)
                CoverageRecording.roundedRect(rr, clip: whole).replay(into: &replayed, rows: band.y0..<band.y1)
            } else {
                AnalyticCoverage.fillRoundedRectRing(outer: rr, inner: inner, clip: band, into: &direct)
                CoverageRecording.ring(outer: rr, inner: inner, clip: whole).replay(into: &replayed, rows: band.y0..<band.y1)
            }
            #expect(direct.calls == replayed.calls, "shape \(k): \(direct.calls.count) calls vs \(replayed.calls.count)")
        }
    }
}

/// Every coverage call, as made.
private struct CallLog: CoverageSink {
    struct Call: Equatable { var y: Int, x: Int, count: Int, run: Int?, span: [UInt8] }
    var calls: [Call] = []
    mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        calls.append(Call(y: y, x: x, count: count, run: nil, span: Array(UnsafeBufferPointer(start: coverage, count: count))))
    }
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        calls.append(Call(y: y, x: x, count: count, run: Int(coverage), span: []))
    }
}

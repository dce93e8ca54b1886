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
}

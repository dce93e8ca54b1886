// allowsEdgeAntialiasing = false: a transformed layer's edges are not anti-aliased, as on iOS
// where rotated layers show stair-stepped edges unless the layer allows edge antialiasing.
import LaminaRaster

/// Forwards coverage thresholded at one half: a pixel is fully in (255) or out (0).
struct SnapSink<Base: CoverageSink>: CoverageSink {
    var base: Base

    mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        var i = 0
        while i < count {
            // Runs of in-pixels become constant full-coverage runs.
            while i < count && coverage[i] < 128 { i += 1 }
            let start = i
            while i < count && coverage[i] >= 128 { i += 1 }
            if i > start { base.blendRun(y: y, x: x + start, count: i - start, coverage: 255) }
        }
    }

    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        if coverage >= 128 { base.blendRun(y: y, x: x, count: count, coverage: 255) }
    }
}

import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// `PixelKernels.spanOver` against `ReferenceKernels.spanOver`, byte for byte, on the span
/// shapes strokes produce: every length 1...40 (so every 4-pixel block alignment and 1–3
/// pixel tail), full-coverage runs, cross-sections, alternating and random coverage.
@Suite struct SpanKernelFastPathTests {
    @Test func fullCoverageBlocksAndTailsMatchTheReference() {
        var rng = SplitMix64(41)
        var cases = 0, mismatches = 0
        for count in 1...40 {
            for pattern in 0..<6 {
                let color = pattern == 5 ? (rng.premultiplied() | 0xFF00_0000) : rng.premultiplied() // opaque too
                let cov: [UInt8] = (0..<count).map { i in
                    switch pattern {
                    case 0: return 255                                   // solid runs
                    case 1: return i == 0 || i == count - 1 ? rng.byte() : 255 // stroke cross-section
                    case 2: return i % 9 < 4 ? 255 : 0
                    case 3: return rng.byte()
                    case 4: return i % 2 == 0 ? 0 : 255
                    default: return i < count / 2 ? 255 : rng.byte()
                    }
                }
                var fast = (0..<count).map { _ in rng.premultiplied() }, ref = fast
                fast.withUnsafeMutableBufferPointer { PixelKernels.spanOver($0.baseAddress!, count: count, color: color, coverage: cov) }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.spanOver($0.baseAddress!, count: count, color: color, coverage: cov) }
                if fast != ref { mismatches += 1 }
                cases += 1
            }
        }
        #expect(cases == 240)
        #expect(mismatches == 0)
    }

    @Test func tailLeavesPixelsPastTheSpanAlone() {
        // A 6-pixel span inside a longer row: pixels 6... must keep their bytes.
        var row = [UInt32](repeating: 0x8040_2010, count: 9)
        let cov: [UInt8] = [255, 255, 255, 255, 200, 100]
        row.withUnsafeMutableBufferPointer { PixelKernels.spanOver($0.baseAddress!, count: 6, color: 0xFF00_00FF, coverage: cov) }
        #expect(row[0] == 0xFF00_00FF)
        #expect(row[6] == 0x8040_2010)
        #expect(row[8] == 0x8040_2010)
    }
}

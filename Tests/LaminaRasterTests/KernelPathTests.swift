import CLaminaKernels
import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// Every implementation of the span kernels (`PixelKernels.availablePaths`: the portable Swift
/// SIMD path always, the AVX2 C path where the CPU has it) against `ReferenceKernels`, byte for
/// byte: every length 1...40 and some long ones (all vector blocks and 1–7 pixel tails), spans
/// starting at every pixel offset of a 32-byte block, and pixels past the span left alone.
@Suite struct KernelPathTests {
    /// Row lengths covering every tail of 4- and 8-pixel blocks, and long rows.
    static let counts = Array(1...40) + [63, 64, 65, 127, 257, 1000]
    /// Guard pixels after each span that no kernel may write.
    static let guardCount = 9
    static let guardValue: UInt32 = 0xDEAD_BEEF

    /// A row of `offset` + count + guard pixels: random premultiplied pixels, guard words after.
    static func row(_ rng: inout SplitMix64, offset: Int, count: Int) -> [UInt32] {
        (0..<(offset + count)).map { _ in rng.premultiplied() } + Array(repeating: guardValue, count: guardCount)
    }

    static func coverage(_ rng: inout SplitMix64, count: Int, pattern: Int) -> [UInt8] {
        (0..<count).map { i in
            switch pattern % 5 {
            case 0: return 255
            case 1: return i == 0 || i == count - 1 ? rng.byte() : 255
            case 2: return (i / 8) % 2 == 0 ? 0 : rng.byte() // whole zero blocks
            case 3: return rng.byte()
            default: return i % 3 == 0 ? 0 : 255
            }
        }
    }

    @Test(arguments: PixelKernels.availablePaths)
    func fillOverMatchesReference(path: PixelKernels.Path) {
        var rng = SplitMix64(101)
        var mismatches = 0
        for count in Self.counts {
            let offset = count % 8
            for k in 0..<6 {
                // Translucent, opaque and transparent colours (the kernels special-case the last two).
                let color: UInt32 = k == 4 ? (rng.premultiplied() | 0xFF00_0000) : (k == 5 ? 0 : rng.premultiplied())
                var fast = Self.row(&rng, offset: offset, count: count), ref = fast
                fast.withUnsafeMutableBufferPointer { PixelKernels.fillOver($0.baseAddress! + offset, count: count, color: color, path: path) }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.fillOver($0.baseAddress! + offset, count: count, color: color) }
                if fast != ref { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: PixelKernels.availablePaths)
    func spanOverMatchesReference(path: PixelKernels.Path) {
        var rng = SplitMix64(102)
        var mismatches = 0
        for count in Self.counts {
            for pattern in 0..<5 {
                let offset = (count + pattern) % 8
                let color = pattern == 4 ? (rng.premultiplied() | 0xFF00_0000) : rng.premultiplied()
                let cov = Self.coverage(&rng, count: count, pattern: pattern)
                var fast = Self.row(&rng, offset: offset, count: count), ref = fast
                fast.withUnsafeMutableBufferPointer {
                    PixelKernels.spanOver($0.baseAddress! + offset, count: count, color: color, coverage: cov, path: path)
                }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.spanOver($0.baseAddress! + offset, count: count, color: color, coverage: cov) }
                if fast != ref { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: PixelKernels.availablePaths)
    func rowOverMatchesReference(path: PixelKernels.Path) {
        var rng = SplitMix64(103)
        var mismatches = 0
        for count in Self.counts {
            for alpha: UInt8 in [0, 1, 128, 200, 254, 255] {
                let offset = (count + Int(alpha)) % 8
                // Runs of opaque pixels (the portable path's opaque shortcut) and translucent ones.
                var src = (0..<count).map { _ in rng.premultiplied() }
                for i in 0..<count where (i / 8) % 2 == 0 { src[i] |= 0xFF00_0000 }
                var fast = Self.row(&rng, offset: offset, count: count), ref = fast
                fast.withUnsafeMutableBufferPointer { PixelKernels.rowOver($0.baseAddress! + offset, src, count: count, alpha: alpha, path: path) }
                ref.withUnsafeMutableBufferPointer { ReferenceKernels.rowOver($0.baseAddress! + offset, src, count: count, alpha: alpha) }
                if fast != ref { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: PixelKernels.availablePaths)
    func rowOverCoverageMatchesReference(path: PixelKernels.Path) {
        var rng = SplitMix64(104)
        var mismatches = 0
        for count in Self.counts {
            for pattern in 0..<5 {
                let offset = (count * 3 + pattern) % 8
                let alpha: UInt8 = pattern == 0 ? 255 : rng.byte()
                let cov = Self.coverage(&rng, count: count, pattern: pattern)
                let src = (0..<count).map { _ in rng.premultiplied() }
                var fast = Self.row(&rng, offset: offset, count: count), ref = fast
                fast.withUnsafeMutableBufferPointer {
                    PixelKernels.rowOver($0.baseAddress! + offset, src, count: count, coverage: cov, alpha: alpha, path: path)
                }
                ref.withUnsafeMutableBufferPointer {
                    ReferenceKernels.rowOver($0.baseAddress! + offset, src, count: count, coverage: cov, alpha: alpha)
                }
                if fast != ref { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    /// Every opacity and every colour alpha: the AVX2 kernels use a per-multiplier constant
    /// (a pmulhrsw magic number) for opaque sources and constant colours, one per value.
    @Test(arguments: PixelKernels.availablePaths)
    func everyAlphaMatchesReference(path: PixelKernels.Path) {
        var rng = SplitMix64(106)
        var mismatches = 0
        let count = 45
        for a in 0...255 {
            let src = (0..<count).map { i in i < 20 ? (rng.premultiplied() | 0xFF00_0000) : rng.premultiplied() }
            var fast = Self.row(&rng, offset: 3, count: count), ref = fast
            fast.withUnsafeMutableBufferPointer { PixelKernels.rowOver($0.baseAddress! + 3, src, count: count, alpha: UInt8(a), path: path) }
            ref.withUnsafeMutableBufferPointer { ReferenceKernels.rowOver($0.baseAddress! + 3, src, count: count, alpha: UInt8(a)) }
            if fast != ref { mismatches += 1 }
            // A colour of alpha a (colour channels ≤ a), full and mixed coverage.
            let color = UInt32(a) << 24 | (a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) * 0x0001_0101)
            let cov = (0..<count).map { i in i < 24 ? 255 : rng.byte() }
            var f2 = Self.row(&rng, offset: 5, count: count), r2 = f2
            f2.withUnsafeMutableBufferPointer { PixelKernels.fillOver($0.baseAddress! + 5, count: count, color: color, path: path) }
            r2.withUnsafeMutableBufferPointer { ReferenceKernels.fillOver($0.baseAddress! + 5, count: count, color: color) }
            if f2 != r2 { mismatches += 1 }
            var f3 = Self.row(&rng, offset: 0, count: count), r3 = f3
            f3.withUnsafeMutableBufferPointer { PixelKernels.spanOver($0.baseAddress!, count: count, color: color, coverage: cov, path: path) }
            r3.withUnsafeMutableBufferPointer { ReferenceKernels.spanOver($0.baseAddress!, count: count, color: color, coverage: cov) }
            if f3 != r3 { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// The AVX2 kernels' pmulhrsw constants: exact for every multiplier and every byte.
    @Test func constantMultiplierTableIsExact() {
        #expect(lamina_kernels_check_magic() == 0)
    }

    @Test func theDrawingPathIsAvailable() {
        #expect(PixelKernels.availablePaths.contains(PixelKernels.path))
    }
}

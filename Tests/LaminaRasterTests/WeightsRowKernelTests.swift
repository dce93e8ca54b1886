import CLaminaKernels
import Testing
@testable import LaminaRaster
import _LaminaTestSupport

/// The AVX2 row of the cached shadow table's shader (`lamina_avx2_shadow_weights_row`) against
/// its Swift definition (`MaskColorShader.scale` of each table weight), byte for byte: every
/// (channel byte, weight) pair, every tail length, and whole shader spans over random shadows.
/// Skipped on machines without AVX2, where the kernel is never called.
@Suite struct WeightsRowKernelTests {
    /// Every weight 0...256 against every channel byte (the colour's four channels set to
    /// b, 255 − b, b ^ 0x5A and b, so each byte meets each weight in every lane position), from
    /// every start offset 0..<8 (every alignment and tail length); the word after the row is
    /// left as it was.
    @Test func kernelEqualsScaleForEveryWeightAndByte() {
        guard lamina_kernels_have_avx2() != 0 else { return }
        let weights = (0...256).map { UInt16($0) }
        let sentinel: UInt32 = 0xDEAD_BEEF
        for b in UInt32(0)...255 {
            let color = b | (255 - b) << 8 | (b ^ 0x5A) << 16 | b << 24
            for start in 0..<8 {
                let n = weights.count - start
                var out = [UInt32](repeating: sentinel, count: n + 1)
                weights.withUnsafeBufferPointer { w in
                    out.withUnsafeMutableBufferPointer { lamina_avx2_shadow_weights_row($0.baseAddress!, w.baseAddress! + start, n, color) }
                }
                let expected = weights[start...].map { MaskColorShader.scale(color, UInt32($0)) }
                let bad = (0..<n).first { out[$0] != expected[$0] }
                #expect(bad == nil, "byte \(b) start \(start): weight \(bad.map { weights[start + $0] } ?? 0)")
                #expect(out[n] == sentinel)
            }
        }
    }

    /// Counts 0...40 (every tail length after 0...5 whole vectors) over random weights and
    /// colours, including the extremes 0 and 256 and colours 0 and 0xFFFFFFFF.
    @Test func kernelEqualsScaleForEveryCount() {
        guard lamina_kernels_have_avx2() != 0 else { return }
        var rng = SplitMix64(77)
        for round in 0..<400 {
            let count = round % 41
            let weights = (0..<count).map { _ in UInt16([0, 256, 128, rng.next() % 257][Int(rng.next() % 4)]) }
            let color: UInt32 = [0, 0xFFFF_FFFF, rng.premultiplied(), UInt32(truncatingIfNeeded: rng.next())][round % 4]
            var out = [UInt32](repeating: 0x1234_5678, count: count + 1)
            weights.withUnsafeBufferPointer { w in
                out.withUnsafeMutableBufferPointer { lamina_avx2_shadow_weights_row($0.baseAddress!, w.baseAddress, count, color) }
            }
            #expect(Array(out[..<count]) == weights.map { MaskColorShader.scale(color, UInt32($0)) }, "round \(round)")
            #expect(out[count] == 0x1234_5678)
        }
    }

    /// Whole spans of `BlurredRoundedRectWeights.shade` with and without the kernel over
    /// random shadows (sub-pixel to wide, square to fully rounded, hard to very soft, clipped,
    /// NaN or huge radius, σ past the maximum — clipped, to keep the tables small), spans starting and ending inside, before and after the
    /// bounds, rows above and below; and equal to the analytic `BlurredRoundedRectShader`.
    @Test func shaderSpansEqualTheSwiftDefinition() {
        guard lamina_kernels_have_avx2() != 0 else { return }
        var rng = SplitMix64(2026)
        var spans = 0, painted = 0
        for round in 0..<160 {
            let x0 = rng.uniform() * 80 - 30, y0 = rng.uniform() * 60 - 20
            let w = [0.3, 3, 37, 210][round % 4] * (0.5 + rng.uniform()), h = 0.4 + rng.uniform() * 50
            let radius = [0, rng.uniform() * 25, .nan, 1e9][Int(rng.next() % 4)]
            let sigma = [0.1, 0.8, 4, 15, 1e6][Int(rng.next() % 5)] * (0.5 + rng.uniform())
            let clip = round % 5 == 0 || sigma > 300 ? PixelRect(x0: -7, y0: -3, x1: 61, y1: 45)
                                      : PixelRect(x0: -400, y0: -400, x1: 800, y1: 800)
            let shape = BlurredRoundedRect(x0: x0, y0: y0, x1: x0 + w, y1: y0 + h, cornerRadius: radius, sigma: sigma, clip: clip)
            guard let table = BlurredRoundedRectWeights(shape) else { continue }
            let color: UInt32 = round % 7 == 0 ? 0xFFFF_FFFF : rng.premultiplied()
            let analytic = shape.shader(color: color)
            let bw = table.boundsWidth
            for _ in 0..<12 {
                let y = table.boundsY - 2 + Int(rng.next() % UInt64(table.boundsHeight + 4))
                let x = table.boundsX - 20 + Int(rng.next() % UInt64(bw + 40))
                let count = 1 + Int(rng.next() % UInt64(bw + 40))
                var fast = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
                var slow = fast, reference = fast
                fast.withUnsafeMutableBufferPointer { table.shade(y: y, x: x, count: count, color: color, into: $0.baseAddress!, kernel: true) }
                slow.withUnsafeMutableBufferPointer { table.shade(y: y, x: x, count: count, color: color, into: $0.baseAddress!, kernel: false) }
                reference.withUnsafeMutableBufferPointer { analytic.shade(y: y, x: x, count: count, into: $0.baseAddress!) }
                #expect(fast == slow, "round \(round) y \(y) x \(x) count \(count)")
                #expect(fast == reference, "round \(round) y \(y) x \(x) count \(count)")
                spans += 1
                if fast[..<count].contains(where: { $0 != 0 }) { painted += 1 }
            }
        }
        #expect(spans > 1000)
        #expect(painted > spans / 4, "\(painted) of \(spans) spans paint something")
    }
}

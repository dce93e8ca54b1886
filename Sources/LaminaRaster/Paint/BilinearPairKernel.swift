extension TexelKernels {
    /// `blend4` for two pixels at once in 16-bit SIMD lanes (SSE2 pmullw/pmulhuw), the same
    /// bytes: pixel A's taps are pa[0], pa[1], pa[stride], pa[stride + 1] with fractions
    /// (fxa, fya) in 0...255, pixel B's likewise. Returns (A, B) as packed pixels.
    ///
    /// Stage 1 is exact in 16 bits: per channel top = p00·(256 − fx) + p10·fx ≤ 255·256.
    /// Stage 2, T = top·(256 − fy) + bottom·fy < 2^24, is split into the high and low 16-bit
    /// halves of each product: with hi = Σ high halves and a, b the two low halves,
    ///     (T + 32768) >> 16 = hi + ((a + b + 32768) >> 16)
    /// and that carry (0, 1 or 2) is ((h >> 14) + 1) >> 1 with h = ⌊(a + b)/2⌋ =
    /// (a >> 1) + (b >> 1) + (a & b & 1), which fits 16 bits — so no lane ever overflows and
    /// the result equals `blend4`'s rounding of the exact weighted sum.
    @inline(__always)
    static func blend4Pair(_ pa: UnsafePointer<UInt32>, _ fxa: UInt64, _ fya: UInt64,
                           _ pb: UnsafePointer<UInt32>, _ fxb: UInt64, _ fyb: UInt64, stride: Int) -> SIMD2<UInt32> {
        @inline(__always) func load2(_ p: UnsafePointer<UInt32>) -> SIMD8<UInt16> {
            SIMD8<UInt16>(truncatingIfNeeded: UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self))
        }
        // Two weights, each repeated over one pixel's four channel lanes.
        @inline(__always) func weights(_ w0: UInt64, _ w1: UInt64) -> SIMD8<UInt16> {
            unsafeBitCast(SIMD2<UInt64>(w0 &* 0x0001_0001_0001_0001, w1 &* 0x0001_0001_0001_0001), to: SIMD8<UInt16>.self)
        }
        @inline(__always) func mulhi(_ x: SIMD8<UInt16>, _ y: SIMD8<UInt16>) -> SIMD8<UInt16> {
            SIMD8<UInt16>(truncatingIfNeeded: (SIMD8<UInt32>(truncatingIfNeeded: x) &* SIMD8<UInt32>(truncatingIfNeeded: y)) &>> 16)
        }
        let wxa = weights(256 &- fxa, fxa), wxb = weights(256 &- fxb, fxb)
        // [left·gx | right·fx] per pixel and row, then each pixel's two halves summed.
        let ta = load2(pa) &* wxa, ba = load2(pa + stride) &* wxa
        let tb = load2(pb) &* wxb, bb = load2(pb + stride) &* wxb
        let top = SIMD8(lowHalf: ta.lowHalf, highHalf: tb.lowHalf) &+ SIMD8(lowHalf: ta.highHalf, highHalf: tb.highHalf)
        let bottom = SIMD8(lowHalf: ba.lowHalf, highHalf: bb.lowHalf) &+ SIMD8(lowHalf: ba.highHalf, highHalf: bb.highHalf)
        let gy = weights(256 &- fya, 256 &- fyb), fy = weights(fya, fyb)
        let hi = mulhi(top, gy) &+ mulhi(bottom, fy)
        let a = top &* gy, b = bottom &* fy
        let one = SIMD8<UInt16>(repeating: 1)
        let h = (a &>> 1) &+ (b &>> 1) &+ (a & b & one)
        let r = hi &+ (((h &>> 14) &+ one) &>> 1)
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: r), to: SIMD2<UInt32>.self)
    }
}

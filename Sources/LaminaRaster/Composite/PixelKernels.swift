import CLaminaKernels

/// The hot per-row loops of compositing, on premultiplied 0xAABBGGRR pixels.
///
/// Two implementations of each kernel, chosen once per process (`path`): AVX2 ones in C
/// (`CLaminaKernels`, compiled for AVX2 by a function attribute, so the package needs no
/// unsafeFlags) when the CPU has AVX2, else the portable Swift SIMD ones below (`portable…`,
/// SSE2 on baseline x86-64). `LAMINA_KERNELS=portable` in the environment forces the portable
/// path; tests run every available path against `ReferenceKernels`.
///
/// Every kernel computes exactly what its scalar twin in `ReferenceKernels` computes, byte
/// for byte (tests check this on random data): per channel, x·k/255 is rounded to nearest
/// with the exact (t + 128 + ((t + 128) >> 8)) >> 8 division, and source-over is
/// s' + d·(255 − s'a)/255 where s' is the source scaled by alpha/coverage.
///
/// Vector forms: SIMD16<UInt8> loads widened to SIMD8<UInt16> halves (SSE2 pmullw lanes);
/// per-pixel alphas are broadcast across a pixel's four 16-bit lanes by viewing the vector
/// as 64-bit lanes (one pixel each) and shifting — measured faster than element shuffles.
/// Arithmetic is wrapping: for valid premultiplied input nothing overflows, and invalid
/// input (colour > alpha) gives garbage bytes rather than a trap.
package enum PixelKernels {
    /// Which implementation the kernels run.
    package enum Path: Sendable, CaseIterable {
        /// Swift SIMD, baseline x86-64 (SSE2) or any other architecture.
        case portable
        /// C compiled for AVX2 (`CLaminaKernels`), only where the CPU has it.
        case avx2
    }

    /// Paths this machine can run (`portable` always).
    package static let availablePaths: [Path] = lamina_kernels_have_avx2() != 0 ? [.portable, .avx2] : [.portable]

    /// The path the drawing code uses: the fastest available unless `LAMINA_KERNELS=portable`
    /// (decided once, when the program loads, by `CLaminaKernels`).
    package static var path: Path { useAVX2 ? .avx2 : .portable }

    @inline(__always) private static var useAVX2: Bool { lamina_kernels_use_avx2() != 0 }

    package static func fillOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        if useAVX2 { lamina_avx2_fill_over(dst, count, color) } else { portableFillOver(dst, count: count, color: color) }
    }

    package static func spanOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32,
                                 coverage: UnsafePointer<UInt8>) {
        if useAVX2 { lamina_avx2_span_over(dst, count, color, coverage) } else {
            portableSpanOver(dst, count: count, color: color, coverage: coverage)
        }
    }

    package static func rowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, alpha: UInt8) {
        if useAVX2 { lamina_avx2_row_over(dst, src, count, alpha) } else { portableRowOver(dst, src, count: count, alpha: alpha) }
    }

    package static func rowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                                coverage: UnsafePointer<UInt8>, alpha: UInt8) {
        if useAVX2 { lamina_avx2_row_over_coverage(dst, src, count, coverage, alpha) } else {
            portableRowOver(dst, src, count: count, coverage: coverage, alpha: alpha)
        }
    }

    /// The kernels on an explicit path (for tests comparing paths; `path` must be available).
    package static func fillOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, path: Path) {
        switch path {
        case .avx2: lamina_avx2_fill_over(dst, count, color)
        case .portable: portableFillOver(dst, count: count, color: color)
        }
    }

    package static func spanOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32,
                                 coverage: UnsafePointer<UInt8>, path: Path) {
        switch path {
        case .avx2: lamina_avx2_span_over(dst, count, color, coverage)
        case .portable: portableSpanOver(dst, count: count, color: color, coverage: coverage)
        }
    }

    package static func rowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, alpha: UInt8,
                                path: Path) {
        switch path {
        case .avx2: lamina_avx2_row_over(dst, src, count, alpha)
        case .portable: portableRowOver(dst, src, count: count, alpha: alpha)
        }
    }

    package static func rowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                                coverage: UnsafePointer<UInt8>, alpha: UInt8, path: Path) {
        switch path {
        case .avx2: lamina_avx2_row_over_coverage(dst, src, count, coverage, alpha)
        case .portable: portableRowOver(dst, src, count: count, coverage: coverage, alpha: alpha)
        }
    }

    /// t/255 rounded, written as the high half of (t + 128)·257 — the same value as
    /// (u + (u >> 8)) >> 8 for u = t + 128 < 2^16 — because LLVM turns this widen-multiply-
    /// shift into one pmulhuw (measured ~20% faster on the S5 loop).
    @inline(__always) static func div255(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
        let u = SIMD8<UInt32>(truncatingIfNeeded: t &+ 128)
        return SIMD8<UInt16>(truncatingIfNeeded: (u &* 257) &>> 16)
    }

    /// Each pixel's alpha lane copied to its four lanes (two pixels).
    @inline(__always) static func broadcastAlpha(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        var a = unsafeBitCast(v, to: SIMD2<UInt64>.self) &>> 48
        a = a | (a &<< 16)
        a = a | (a &<< 32)
        return unsafeBitCast(a, to: SIMD8<UInt16>.self)
    }

    /// One pixel scaled by k/255 per channel (k ≤ 255), two channels per 32-bit half.
    @inline(__always) static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        let p64 = UInt64(p)
        var v = (p64 & 0x00FF_00FF) | ((p64 & 0xFF00_FF00) << 24)
        v = v &* UInt64(k) &+ 0x0080_0080_0080_0080
        v = ((v &+ ((v >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: v & 0x00FF_00FF) | UInt32(truncatingIfNeeded: (v >> 24) & 0xFF00_FF00)
    }

    /// Source-over of one already-scaled premultiplied pixel.
    @inline(__always) static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        s &+ scale(d, 255 &- (s >> 24))
    }

    /// dst[i] = color + dst[i]·(255 − color.a)/255 for i in 0..<count (constant colour, full
    /// coverage: the interior of every translucent solid fill).
    package static func portableFillOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        let ca = color >> 24
        if ca == 255 { dst.update(repeating: color, count: count); return }
        if color == 0 { return }
        let ia = UInt16(255 - ca)
        let sv = unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self)
        let raw = UnsafeMutableRawPointer(dst)
        @inline(__always) func two(_ d8: SIMD8<UInt8>) -> SIMD8<UInt8> {
            SIMD8<UInt8>(truncatingIfNeeded: div255(SIMD8<UInt16>(truncatingIfNeeded: d8) &* ia)) &+ sv
        }
        var i = 0
        while i + 4 <= count {
            let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            raw.storeBytes(of: SIMD16(lowHalf: two(d.lowHalf), highHalf: two(d.highHalf)), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        while i < count { dst[i] = color &+ scale(dst[i], UInt32(ia)); i &+= 1 }
    }

    /// Source-over of a constant colour through per-pixel coverage:
    /// dst[i] = over(color·cov[i]/255, dst[i]).
    package static func portableSpanOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32,
                                         coverage: UnsafePointer<UInt8>) {
        let cv = SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(SIMD2<UInt32>(repeating: color), to: SIMD8<UInt8>.self))
        let c255 = SIMD8<UInt16>(repeating: 255)
        let raw = UnsafeMutableRawPointer(dst)
        @inline(__always) func two(_ d8: SIMD8<UInt8>, _ c0: UInt8, _ c1: UInt8) -> SIMD8<UInt8> {
            // Each pixel's coverage in its four lanes.
            let k = unsafeBitCast(SIMD2<UInt64>(UInt64(c0) &* 0x0001_0001_0001_0001, UInt64(c1) &* 0x0001_0001_0001_0001),
                                  to: SIMD8<UInt16>.self)
            let sp = div255(cv &* k)
            let d = SIMD8<UInt16>(truncatingIfNeeded: d8)
            return SIMD8<UInt8>(truncatingIfNeeded: sp &+ div255(d &* (c255 &- broadcastAlpha(sp))))
        }
        var i = 0
        while i + 4 <= count {
            let c = UnsafeRawPointer(coverage + i).loadUnaligned(as: UInt32.self)
            if c != 0 {
                let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
                let lo = two(d.lowHalf, UInt8(truncatingIfNeeded: c), UInt8(truncatingIfNeeded: c >> 8))
                let hi = two(d.highHalf, UInt8(truncatingIfNeeded: c >> 16), UInt8(truncatingIfNeeded: c >> 24))
                raw.storeBytes(of: SIMD16(lowHalf: lo, highHalf: hi), toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            }
            i &+= 4
        }
        while i < count {
            let c = UInt32(coverage[i])
            if c != 0 { dst[i] = over(c == 255 ? color : scale(color, c), dst[i]) }
            i &+= 1
        }
    }

    /// dst[i] = over(src[i]·alpha/255, dst[i]): a row of an image or layer at an opacity.
    package static func portableRowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                                        alpha: UInt8) {
        if alpha == 0 { return }
        let raw = UnsafeMutableRawPointer(dst), sraw = UnsafeRawPointer(src)
        let k = UInt16(alpha)
        let c255 = SIMD8<UInt16>(repeating: 255)
        // For opaque source pixels s'a = div255(255·k) = k: a constant, no per-pixel broadcast.
        // Checked per 4 pixels (layers are usually opaque); measured ~28% faster on S5.
        let opaqueIA = SIMD8<UInt16>(repeating: 255 &- k)
        let alphaBits = SIMD4<UInt32>(repeating: 0xFF00_0000)
        @inline(__always) func two(_ s8: SIMD8<UInt8>, _ d8: SIMD8<UInt8>) -> SIMD8<UInt8> {
            let s = SIMD8<UInt16>(truncatingIfNeeded: s8), d = SIMD8<UInt16>(truncatingIfNeeded: d8)
            let sp = k == 255 ? s : div255(s &* k)
            let ia = c255 &- broadcastAlpha(sp)
            return SIMD8<UInt8>(truncatingIfNeeded: sp &+ div255(d &* ia))
        }
        @inline(__always) func twoOpaque(_ s8: SIMD8<UInt8>, _ d8: SIMD8<UInt8>) -> SIMD8<UInt8> {
            let s = SIMD8<UInt16>(truncatingIfNeeded: s8), d = SIMD8<UInt16>(truncatingIfNeeded: d8)
            return SIMD8<UInt8>(truncatingIfNeeded: div255(s &* k) &+ div255(d &* opaqueIA))
        }
        var i = 0
        while i + 4 <= count {
            let s = sraw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            let d = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            let r: SIMD16<UInt8>
            if all((unsafeBitCast(s, to: SIMD4<UInt32>.self) & alphaBits) .== alphaBits) {
                r = SIMD16(lowHalf: twoOpaque(s.lowHalf, d.lowHalf), highHalf: twoOpaque(s.highHalf, d.highHalf))
            } else {
                r = SIMD16(lowHalf: two(s.lowHalf, d.lowHalf), highHalf: two(s.highHalf, d.highHalf))
            }
            raw.storeBytes(of: r, toByteOffset: i &* 4, as: SIMD16<UInt8>.self)
            i &+= 4
        }
        let k32 = UInt32(alpha)
        while i < count {
            dst[i] = over(k32 == 255 ? src[i] : scale(src[i], k32), dst[i])
            i &+= 1
        }
    }

    /// dst[i] = over(src[i]·(cov[i]·alpha/255)/255, dst[i]): shader output through coverage.
    package static func portableRowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                                        coverage: UnsafePointer<UInt8>, alpha: UInt8) {
        for i in 0..<count {
            let k = UInt32(mul255(coverage[i], alpha))
            if k == 0 { continue }
            dst[i] = over(k == 255 ? src[i] : scale(src[i], k), dst[i])
        }
    }
}

/// Plain per-pixel, per-channel versions of `PixelKernels`, the definition the fast paths
/// are tested against byte for byte. Not used for drawing.
package enum ReferenceKernels {
    static func channels(_ p: UInt32) -> [UInt32] { [p & 255, (p >> 8) & 255, (p >> 16) & 255, p >> 24] }
    static func pack(_ c: [UInt32]) -> UInt32 { c[0] | c[1] << 8 | c[2] << 16 | c[3] << 24 }

    package static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        pack(channels(p).map { div255($0 * k) })
    }

    package static func over(_ s: UInt32, _ d: UInt32) -> UInt32 {
        let ia = 255 - (s >> 24)
        return pack(zip(channels(s), channels(d)).map { ($0 + div255($1 * ia)) & 255 })
    }

    package static func fillOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32) {
        for i in 0..<count { dst[i] = over(color, dst[i]) }
    }

    package static func spanOver(_ dst: UnsafeMutablePointer<UInt32>, count: Int, color: UInt32, coverage: UnsafePointer<UInt8>) {
        for i in 0..<count { dst[i] = over(scale(color, UInt32(coverage[i])), dst[i]) }
    }

    package static func rowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int, alpha: UInt8) {
        for i in 0..<count { dst[i] = over(scale(src[i], UInt32(alpha)), dst[i]) }
    }

    package static func rowOver(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                                coverage: UnsafePointer<UInt8>, alpha: UInt8) {
        for i in 0..<count { dst[i] = over(scale(src[i], UInt32(mul255(coverage[i], alpha))), dst[i]) }
    }
}

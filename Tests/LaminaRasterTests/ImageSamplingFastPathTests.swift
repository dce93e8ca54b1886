import Foundation
import Testing
import CLaminaKernels
@testable import LaminaRaster
import _LaminaTestSupport

/// The fast image-sampling paths against their scalar definitions, byte for byte: the
/// two-stage `blend4` against the single-stage formula, and `PerspectiveSampling.interpolated`
/// against a per-pixel evaluation of its definition (see `InterpolatedPerspective`).
@Suite struct ImageSamplingFastPathTests {
    typealias T = PaintTestSupport

    @Test func twoStageBilinearEqualsTheSingleStageFormula() {
        var rng = SplitMix64(31)
        var mismatches = 0
        for n in 0..<200_000 {
            let p = (0..<4).map { _ in rng.premultiplied() }
            // Fractions at the ends (0, 255) often, random otherwise.
            let fx = n % 7 == 0 ? UInt64(n % 2 * 255) : rng.next() & 0xFF
            let fy = n % 11 == 0 ? UInt64(n % 3 == 0 ? 255 : 0) : rng.next() & 0xFF
            let fast = TexelKernels.blend4(p[0], p[1], p[2], p[3], fx, fy)
            let reference = TexelKernels.blend4Reference(p[0], p[1], p[2], p[3], fx, fy)
            if fast != reference { mismatches += 1 }
        }
        #expect(mismatches == 0)
        // Extremes: all-white texels at every weight stay white.
        let w: UInt32 = 0xFFFF_FFFF
        for f in [UInt64(0), 1, 128, 255] {
            #expect(TexelKernels.blend4(w, w, w, w, f, 255 - f) == w)
        }
    }

    /// The AVX2 interior bilinear kernel against the Swift `blend4` loop, byte for byte: random
    /// affine steps (rotations, scales, exact 1:1 translations, fractions at 0 and 255), every
    /// tap inside the image.
    @Test func avx2BilinearInteriorEqualsBlend4() throws {
        guard lamina_kernels_have_avx2() != 0 else { return }
        let s = try Surface(width: 67, height: 41)
        var rng = SplitMix64(913)
        for y in 0..<s.height { for x in 0..<s.width { s.row32(y)[x] = rng.premultiplied() } }
        // Extreme texels in one row: opaque white, transparent, full alpha with zero colour.
        for x in 0..<s.width { s.row32(3)[x] = [0xFFFF_FFFF, 0, 0xFF00_0000][x % 3] }
        let t = SampledImage(s).texels[0]
        let words = UnsafeMutableRawPointer(t.base).assumingMemoryBound(to: UInt32.self)
        var fast = [UInt32](repeating: 0, count: 64), slow = fast
        var mismatches = 0, pixels = 0
        for n in 0..<20_000 {
            let count = 1 + Int(rng.next() % 40)
            // Steps in 40.24: exact 1:1, axis-aligned scales, or rotations (dV ≠ 0).
            var dU = Int(rng.next() % (1 << 24)) + (1 << 22), dV = 0
            switch n % 4 {
            case 0: dU = 1 << 24
            case 1: break
            default: dV = Int(rng.next() % (1 << 23)) - (1 << 22)
            }
            let frac = n % 5 == 0 ? (n % 2 == 0 ? 0 : 0xFF_FFFF) : Int(rng.next() % (1 << 24))
            // A start such that the last pixel's taps stay inside: u ∈ [0, w − 2], v ∈ [0, h − 2].
            let spanU = (count - 1) * dU, minV = min(0, (count - 1) * dV), maxV = max(0, (count - 1) * dV)
            let uRoom = (t.width - 2) << 24 - spanU - frac, vRoom = (t.height - 2) << 24 - (maxV - minV) - frac
            guard uRoom > 0, vRoom > 0 else { continue }
            let u0 = Int(rng.next() % UInt64(uRoom >> 24 + 1)) << 24 + frac
            let v0 = Int(rng.next() % UInt64(vRoom >> 24 + 1)) << 24 + frac - minV
            // Bottom taps on the next row, or (a clamped edge row, dV = 0) on the same row.
            let below = dV == 0 && n % 3 == 0 ? 0 : t.rowWords
            fast.withUnsafeMutableBufferPointer { f in
                ImageShader.bilinearInside(words, t.rowWords, below: below, u0, dU, v0, dV, count, f.baseAddress!, avx2: true)
            }
            slow.withUnsafeMutableBufferPointer { o in
                ImageShader.bilinearInside(words, t.rowWords, below: below, u0, dU, v0, dV, count, o.baseAddress!, avx2: false)
            }
            for i in 0..<count where fast[i] != slow[i] { mismatches += 1 }
            pixels += count
        }
        #expect(pixels > 100_000)
        #expect(mismatches == 0)
    }

    /// The AVX2 parabola kernel (interpolated perspective) against the Swift loop, byte for
    /// byte: random segments of up to 16 pixels whose curved paths start inside, cross the
    /// image's edges or run wholly outside, under every edge mode, so the kernel's stop-and-
    /// resume at a pixel with a tap outside is exercised as well as its inside runs.
    ///
    /// The image has transparent regions and its `ClearTiles`, which only the kernel uses: a
    /// skipped load must give the bytes the Swift loop computes from the texels.
    @Test(arguments: [false, true])
    func avx2BilinearParabolaEqualsTheSwiftLoop(withClearTiles: Bool) throws {
        guard lamina_kernels_have_avx2() != 0 else { return }
        let s = try Surface(width: 37, height: 29)
        var rng = SplitMix64(1914)
        for y in 0..<s.height { for x in 0..<s.width { s.row32(y)[x] = rng.premultiplied() } }
        for x in 0..<s.width { s.row32(5)[x] = [0xFFFF_FFFF, 0, 0xFF00_0000][x % 3] }
        // Clear areas: a band of rows, a block, and single-texel gaps that keep blocks unclear.
        for y in 10..<27 { for x in 0..<s.width where x < 18 || (y > 16 && x > 24) { s.row32(y)[x] = 0 } }
        s.row32(12)[4] = 0x0100_0000
        let sampled = SampledImage(s, findClearTiles: withClearTiles)
        #expect((sampled.clearTiles != nil) == withClearTiles)
        let t = sampled.texels[0]
        let s2 = 2 * InterpolatedPerspective.shift, n = InterpolatedPerspective.step
        var fast = [UInt32](repeating: 0, count: n), slow = fast
        var mismatches = 0, pixels = 0, stateMismatches = 0
        for iteration in 0..<20_000 {
            // Three points of a segment (16.16), as `shadeInterpolated` gets them: the start
            // anywhere from 3 texels outside to inside, steps of up to ±2 texels a pixel.
            func point() -> Int { Int(rng.next() % UInt64((t.width + 6) << 16)) - (3 << 16) }
            let u0 = point(), v0 = Int(rng.next() % UInt64((t.height + 6) << 16)) - (3 << 16)
            let step = { Int(rng.next() % (4 << 16)) - (2 << 16) }
            let du1 = step(), dv1 = iteration % 3 == 0 ? 0 : step()
            let bend = { Int(rng.next() % (1 << 14)) - (1 << 13) }
            let um = u0 + du1 * n / 2 + bend(), vm = v0 + dv1 * n / 2 + bend()
            let u1 = u0 + du1 * n, v1 = v0 + dv1 * n
            let ua = n * (4 * (um - u0) - (u1 - u0)), ub = 2 * ((u1 - u0) - 2 * (um - u0))
            let va = n * (4 * (vm - v0) - (v1 - v0)), vb = 2 * ((v1 - v0) - 2 * (vm - v0))
            let k0 = Int(rng.next() % UInt64(n)), count = 1 + Int(rng.next() % UInt64(n - k0))
            let start = lamina_parabola(nu: Int64(k0 * (ua + k0 * ub)), du: Int64(ua + (2 * k0 + 1) * ub),
                                        nv: Int64(k0 * (va + k0 * vb)), dv: Int64(va + (2 * k0 + 1) * vb))
            let edge = [ImageEdgeMode.clamp, .repeat, .transparent][iteration % 3]
            var a = start, b = start
            fast.withUnsafeMutableBufferPointer { f in
                ImageShader.bilinearParabola(t, edge, u0: u0, v0: v0, &a, ddu: 2 * ub, ddv: 2 * vb, shift2: s2,
                                             count: count, f.baseAddress!, avx2: true)
            }
            slow.withUnsafeMutableBufferPointer { o in
                ImageShader.bilinearParabola(t, edge, u0: u0, v0: v0, &b, ddu: 2 * ub, ddv: 2 * vb, shift2: s2,
                                             count: count, o.baseAddress!, avx2: false)
            }
            for i in 0..<count where fast[i] != slow[i] { mismatches += 1 }
            if (a.nu, a.du, a.nv, a.dv) != (b.nu, b.du, b.nv, b.dv) { stateMismatches += 1 }
            pixels += count
        }
        #expect(pixels > 80_000)
        #expect(mismatches == 0)
        #expect(stateMismatches == 0)
    }

    /// The affine inside runs with `ClearTiles`: chunks whose box lies in clear blocks are
    /// written as zeros, byte-identical to sampling the zero texels (both kernels), on a sparse
    /// image under random rotations and scales.
    @Test func affineInsideRunsWithClearTilesEqualTheKernels() throws {
        let s = try Surface(width: 130, height: 90)
        var rng = SplitMix64(5150)
        for _ in 0..<25 { s.row32(Int(rng.next() % 90))[Int(rng.next() % 130)] = rng.premultiplied() | 0x0100_0000 }
        let image = SampledImage(s, findClearTiles: true)
        let t = image.texels[0]
        let clear = try #require(t.clear)
        let words = UnsafeMutableRawPointer(t.base).assumingMemoryBound(to: UInt32.self)
        var a = [UInt32](repeating: 0, count: 200), b = a, c = a
        var mismatches = 0, pixels = 0, zeros = 0
        for n in 0..<4_000 {
            let count = 1 + Int(rng.next() % 120)
            let dU = Int(rng.next() % (3 << 24)) - (3 << 23), dV = n % 3 == 0 ? 0 : Int(rng.next() % (1 << 24)) - (1 << 23)
            // Keep every tap inside: both ends of the span within [0, size − 2].
            let spanU = (count - 1) * dU, spanV = (count - 1) * dV
            let uRoom = (t.width - 2) << 24 - abs(spanU), vRoom = (t.height - 2) << 24 - abs(spanV)
            guard uRoom > 0, vRoom > 0 else { continue }
            let u0 = Int(rng.next() % UInt64(uRoom)) + max(0, -spanU), v0 = Int(rng.next() % UInt64(vRoom)) + max(0, -spanV)
            let below = dV == 0 && n % 2 == 0 ? 0 : t.rowWords
            a.withUnsafeMutableBufferPointer {
                ImageShader.bilinearInside(words, t.rowWords, below: below, u0, dU, v0, dV, count, $0.baseAddress!,
                                           avx2: lamina_kernels_have_avx2() != 0, clear: clear, clearColumns: t.clearColumns)
            }
            b.withUnsafeMutableBufferPointer {
                ImageShader.bilinearInside(words, t.rowWords, below: below, u0, dU, v0, dV, count, $0.baseAddress!,
                                           avx2: false, clear: clear, clearColumns: t.clearColumns)
            }
            c.withUnsafeMutableBufferPointer {
                ImageShader.bilinearInside(words, t.rowWords, below: below, u0, dU, v0, dV, count, $0.baseAddress!, avx2: false)
            }
            for i in 0..<count {
                if a[i] != c[i] || b[i] != c[i] { mismatches += 1 }
                if c[i] == 0 { zeros += 1 }
            }
            pixels += count
        }
        #expect(pixels > 100_000)
        #expect(zeros > pixels / 2 && zeros < pixels) // mostly clear, but texels are met
        #expect(mismatches == 0)
    }

    /// Axis-aligned affine maps under `.clamp` (the clamped-edge-row path and the inside run)
    /// against the per-pixel generic kernel `TexelKernels.bilinear` on the same 40.24
    /// coordinates, byte for byte, over rows above, inside and below the image.
    @Test func clampedAxisAlignedSpansEqualTheGenericKernel() {
        let image = Self.image()
        let t = image.texels[0]
        var rng = SplitMix64(4242)
        var mismatches = 0, checked = 0
        for _ in 0..<60 {
            // Scales around 0.1...2 texels per pixel (magnifying most), offsets placing the
            // image partly outside the span on every side.
            let a = 0.1 + rng.uniform() * 1.9, d = 0.1 + rng.uniform() * 1.9
            let m = PaintAffine(a: a, b: 0, c: 0, d: d, tx: (rng.uniform() * 2 - 1) * 10, ty: (rng.uniform() * 2 - 1) * 10)
            let shader = ImageShader(image: image, inverse: m, filter: .bilinear, edge: .clamp)
            for y in -5..<(Int(Double(t.height) / d) + 8) {
                let x = Int(rng.next() % 9) - 4, count = Int(Double(t.width) / a) + 12
                let got = T.span(shader, x: x, y: y, count: count)
                let fy = Double(y) + 0.5
                let rowU = TexelKernels.fixed24(m.a * 0.5 + m.c * fy + m.tx), dU = Int((m.a * 0x1p24).rounded())
                let rowV = TexelKernels.fixed24(m.b * 0.5 + m.d * fy + m.ty), dV = Int((m.b * 0x1p24).rounded())
                for i in 0..<count {
                    let X = x + i
                    let want = TexelKernels.bilinear(t, (rowU &+ X &* dU) >> 8, (rowV &+ X &* dV) >> 8, .clamp)
                    if got[i] != want { mismatches += 1 }
                    checked += 1
                }
            }
        }
        #expect(checked > 10_000)
        #expect(mismatches == 0)
    }

    /// A small non-opaque test image with texture everywhere.
    static func image() -> SampledImage {
        let s = try! Surface(width: 23, height: 17) // small fixed size
        var rng = SplitMix64(5)
        for y in 0..<s.height { for x in 0..<s.width { s.row32(y)[x] = rng.premultiplied() } }
        return SampledImage(s)
    }

    /// `.interpolated` spelled out pixel by pixel from its definition.
    static func definition(_ image: SampledImage, _ m: PaintProjective, _ filter: ImageFilter, _ edge: ImageEdgeMode,
                           x X: Int, y: Int) -> UInt32 {
        let fy = Double(y) + 0.5
        func point(_ c: Int) -> (Int, Int)? {
            let fx = Double(c) + 0.5
            let w = m.m20 * fx + (m.m21 * fy + m.m22)
            guard w > PaintProjective.minimumW else { return nil }
            let rw = 1 / w
            return (TexelKernels.fixed((m.m00 * fx + (m.m01 * fy + m.m02)) * rw),
                    TexelKernels.fixed((m.m10 * fx + (m.m11 * fy + m.m12)) * rw))
        }
        let n = InterpolatedPerspective.step, shift = 2 * InterpolatedPerspective.shift
        let x0 = X - ((X % n) + n) % n
        guard let (u0, v0) = point(x0), let (um, vm) = point(x0 + n / 2), let (u1, v1) = point(x0 + n) else {
            let exact = ImageShader(image: image, inverse: m, filter: filter, edge: edge)
            return T.span(exact, x: X, y: y, count: 1)[0]
        }
        let k = X - x0
        let u = u0 + (k * (n * (4 * (um - u0) - (u1 - u0)) + 2 * k * ((u1 - u0) - 2 * (um - u0)))) >> shift
        let v = v0 + (k * (n * (4 * (vm - v0) - (v1 - v0)) + 2 * k * ((v1 - v0) - 2 * (vm - v0)))) >> shift
        let t = image.texels[0]
        return filter == .nearest ? TexelKernels.nearest(t, u, v, edge) : TexelKernels.bilinear(t, u, v, edge)
    }

    static func randomMap(_ rng: inout SplitMix64) -> PaintProjective {
        func r(_ s: Double) -> Double { (rng.uniform() * 2 - 1) * s }
        // Scales around 0.2...2 texels per pixel, offsets that cover inside and outside the
        // image, and perspective rows strong enough that w crosses zero on some rows.
        return PaintProjective(m00: 0.2 + rng.uniform() * 1.8, m01: r(0.5), m02: r(30),
                               m10: r(0.5), m11: 0.2 + rng.uniform() * 1.8, m12: r(30),
                               m20: r(0.02), m21: r(0.02), m22: 0.3 + rng.uniform())
    }

    @Test func interpolatedPerspectiveEqualsItsDefinition() {
        let image = Self.image()
        var rng = SplitMix64(77)
        var checked = 0, mismatches = 0, behindEye = 0
        for _ in 0..<24 {
            let m = Self.randomMap(&rng)
            for filter in [ImageFilter.nearest, .bilinear] {
                for edge in [ImageEdgeMode.clamp, .repeat, .transparent] {
                    let s = ImageShader(image: image, inverse: m, filter: filter, edge: edge, perspective: .interpolated)
                    for y in stride(from: 0, to: 60, by: 7) {
                        let row = T.span(s, x: 0, y: y, count: 61)
                        for X in 0..<61 {
                            if row[X] != Self.definition(image, m, filter, edge, x: X, y: y) { mismatches += 1 }
                            if m.m20 * (Double(X) + 0.5) + m.m21 * (Double(y) + 0.5) + m.m22 <= 0 { behindEye += 1 }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(checked > 50_000)
        #expect(behindEye > 0) // the maps do reach behind the eye, so the exact fallback is exercised
    }

    /// A large, mostly clear image with its `ClearTiles` (what a sketch layer's contents look
    /// like): the row kernel's prefetching and clear-block skipping change no byte against the
    /// definition, under maps that minify, magnify and cross the image's edges.
    @Test func interpolatedPerspectiveOnALargeSparseImageEqualsItsDefinition() throws {
        let s = try Surface(width: 600, height: 520) // > 1 MiB: the kernel prefetches
        var rng = SplitMix64(2024)
        for _ in 0..<300 { // short strokes of texels on a clear image
            let x = Int(rng.next() % 590), y = Int(rng.next() % 520)
            for k in 0..<10 { s.row32(y)[x + k] = rng.premultiplied() | 0x0100_0000 }
        }
        let image = SampledImage(s, findClearTiles: true)
        #expect(image.clearTiles != nil)
        var mismatches = 0, checked = 0
        for n in 0..<8 {
            // Minifying and magnifying maps; the last ones strongly perspective, so segments
            // bend (the kernel bounds each 16-pixel segment's path to skip clear blocks).
            let scale = 0.5 + rng.uniform() * 2, p = n < 5 ? 0.002 : 0.012
            let m = PaintProjective(m00: scale, m01: (rng.uniform() - 0.5) * 0.4, m02: rng.uniform() * 40 - 20,
                                    m10: (rng.uniform() - 0.5) * 0.4, m11: scale, m12: rng.uniform() * 40 - 20,
                                    m20: (rng.uniform() - 0.5) * p, m21: (rng.uniform() - 0.5) * p, m22: 1)
            for edge in [ImageEdgeMode.clamp, .transparent] {
                let shader = ImageShader(image: image, inverse: m, filter: .bilinear, edge: edge, perspective: .interpolated)
                for y in stride(from: 0, to: 400, by: 37) {
                    let x = Int(rng.next() % 20) - 10
                    let row = T.span(shader, x: x, y: y, count: 420)
                    for i in 0..<420 {
                        if row[i] != Self.definition(image, m, .bilinear, edge, x: x + i, y: y) { mismatches += 1 }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 50_000)
        #expect(mismatches == 0)
    }

    /// The row kernel's bound on a segment's coordinates holds at every pixel: U(k) for
    /// k = 0...16 (the definition's formula) stays in `lamina_segment_range`'s [lo, hi], for
    /// random exact points with bends up to hundreds of texels, and the box is wider than the
    /// pixels' own extremes by no more than the bend.
    @Test func segmentRangeBoundsEveryPixelOfTheSegment() {
        guard lamina_kernels_have_avx2() != 0 else { return }
        var rng = SplitMix64(99)
        var outside = 0, loose = 0
        for n in 0..<100_000 {
            let spread = n % 2 == 0 ? 1 << 20 : 1 << 26 // ±8 and ±512 texels
            func r() -> Int { Int(rng.next() % UInt64(2 * spread)) - spread }
            let u0 = r() + (1 << 28), um = r() + (1 << 28), u1 = r() + (1 << 28)
            var lo: Int64 = 0, hi: Int64 = 0
            lamina_segment_range(Int64(u0), Int64(um), Int64(u1), &lo, &hi)
            let ua = 16 * (4 * (um - u0) - (u1 - u0)), ub = 2 * ((u1 - u0) - 2 * (um - u0))
            var least = Int.max, most = Int.min
            for k in 0...16 {
                let u = u0 + ((k * (ua + k * ub)) >> 8)
                if u < Int(lo) || u > Int(hi) { outside += 1 }
                least = min(least, u); most = max(most, u)
            }
            // Loose by at most the bend (|2·um − u0 − u1| / 2 on each side) and rounding.
            if Int(hi) - Int(lo) > (most - least) + abs(2 * um - u0 - u1) + 3 { loose += 1 }
        }
        #expect(outside == 0)
        #expect(loose == 0)
    }

    /// Single texels scattered over a clear image, sampled under strong perspective: a segment
    /// whose path bends into a block with a texel must not be skipped as clear (the kernel
    /// bounds the path by its chord plus the bend).
    @Test func bentSegmentsNearIsolatedTexelsEqualTheDefinition() throws {
        let s = try Surface(width: 160, height: 140)
        var rng = SplitMix64(4711)
        for _ in 0..<45 { s.row32(Int(rng.next() % 140))[Int(rng.next() % 160)] = rng.premultiplied() | 0x0100_0000 }
        let image = SampledImage(s, findClearTiles: true)
        #expect(image.clearTiles != nil)
        var mismatches = 0, checked = 0
        for _ in 0..<60 {
            let scale = 0.3 + rng.uniform() * 1.5
            let m = PaintProjective(m00: scale, m01: (rng.uniform() - 0.5) * 0.8, m02: rng.uniform() * 60 - 30,
                                    m10: (rng.uniform() - 0.5) * 0.8, m11: scale, m12: rng.uniform() * 60 - 30,
                                    m20: (rng.uniform() - 0.5) * 0.03, m21: (rng.uniform() - 0.5) * 0.03, m22: 1)
            let shader = ImageShader(image: image, inverse: m, filter: .bilinear, edge: .transparent, perspective: .interpolated)
            for y in stride(from: Int(rng.next() % 5), to: 200, by: 5) {
                let row = T.span(shader, x: 0, y: y, count: 200)
                for i in 0..<200 {
                    if row[i] != Self.definition(image, m, .bilinear, .transparent, x: i, y: y) { mismatches += 1 }
                    checked += 1
                }
            }
        }
        #expect(checked > 400_000)
        #expect(mismatches == 0)
    }

    /// Extreme maps (a million texels a pixel, a millionth of one, huge offsets, w grazing the
    /// eye plane) through the vector kernels give the definition's bytes; NaN and infinite
    /// coefficients paint nothing; nothing traps.
    @Test func extremePerspectiveMapsEqualTheDefinition() throws {
        let s = try Surface(width: 40, height: 30)
        var rng = SplitMix64(31337)
        for y in 0..<30 { for x in 0..<40 where (x / 5 + y / 5) % 3 == 0 { s.row32(y)[x] = rng.premultiplied() } }
        let image = SampledImage(s, findClearTiles: true)
        let maps = [
            PaintProjective(m00: 1e6, m01: 0, m02: 0, m10: 0, m11: 1e6, m12: 0, m20: 1e-3, m21: 0, m22: 1),
            PaintProjective(m00: 1e-6, m01: 0, m02: 20, m10: 0, m11: 1e-6, m12: 15, m20: 1e-8, m21: 0, m22: 1),
            PaintProjective(m00: 1, m01: 0, m02: 1e15, m10: 0, m11: 1, m12: -1e15, m20: 0.001, m21: 0, m22: 1),
            PaintProjective(m00: 0.7, m01: 0.1, m02: 3, m10: -0.1, m11: 0.7, m12: 2, m20: -0.02, m21: 0, m22: 1e-9 + 2e-3),
            PaintProjective(m00: .nan, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0.001, m21: 0, m22: 1),
            PaintProjective(m00: .infinity, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0, m20: 0.001, m21: 0, m22: 1),
        ]
        var mismatches = 0, checked = 0
        for (n, m) in maps.enumerated() {
            for edge in [ImageEdgeMode.clamp, .repeat, .transparent] {
                let shader = ImageShader(image: image, inverse: m, filter: .bilinear, edge: edge, perspective: .interpolated)
                for y in [0, 7, 29] {
                    let row = T.span(shader, x: -3, y: y, count: 70)
                    for i in 0..<70 {
                        // A map with a non-finite coefficient paints nothing (ImageShader's rule).
                        let want = n >= 4 ? 0 : Self.definition(image, m, .bilinear, edge, x: i - 3, y: y)
                        if row[i] != want { mismatches += 1 }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 6 * 3 * 3 * 70)
        #expect(mismatches == 0)
    }

    /// A 32,000-texel-wide image (coordinates near the 2^31 limit of the kernels' 32-bit lanes)
    /// sampled at its far right end, under perspective: the definition's bytes.
    @Test func veryWideImagesNearTheCoordinateLimitEqualTheDefinition() throws {
        let s = try Surface(width: 32_000, height: 12)
        var rng = SplitMix64(64)
        for y in 0..<12 { for x in 31_800..<32_000 { s.row32(y)[x] = rng.premultiplied() } }
        let image = SampledImage(s, findClearTiles: true)
        // u runs from 31,830 past the right edge (32,000) along a row; w changes slightly.
        let m = PaintProjective(m00: 1, m01: 0.02, m02: 31_830, m10: 0.01, m11: 0.9, m12: 0.5,
                                m20: 0.000002, m21: 0, m22: 1)
        var mismatches = 0
        for edge in [ImageEdgeMode.clamp, .transparent] {
            let shader = ImageShader(image: image, inverse: m, filter: .bilinear, edge: edge, perspective: .interpolated)
            for y in [0, 5, 11, 14] {
                let row = T.span(shader, x: 0, y: y, count: 220)
                for i in 0..<220 where row[i] != Self.definition(image, m, .bilinear, edge, x: i, y: y) { mismatches += 1 }
                if y < 12 { #expect(row[10] != 0 && (edge == .clamp) == (row[215] != 0)) } // on the data, then past the edge
            }
        }
        #expect(mismatches == 0)
    }

    @Test func interpolatedPerspectiveDoesNotDependOnHowARowIsSplit() {
        let image = Self.image()
        var rng = SplitMix64(78)
        for _ in 0..<20 {
            let m = Self.randomMap(&rng)
            let s = ImageShader(image: image, inverse: m, filter: .bilinear, edge: .clamp, perspective: .interpolated)
            let y = Int(rng.next() % 40)
            let whole = T.span(s, x: 3, y: y, count: 90)
            var pieces: [UInt32] = []
            var x = 3
            while x < 93 {
                let n = min(93 - x, 1 + Int(rng.next() % 13))
                pieces += T.span(s, x: x, y: y, count: n)
                x += n
            }
            #expect(pieces == whole)
        }
    }

    /// On the benchmark's geometry (S2: the 256x256 image turned up to 60° about y at
    /// perspective distance 1000, minified up to 2:1) the interpolation error stays below the
    /// 1/256-texel weight resolution, so pixels differ from the exact divide by at most 2
    /// levels (a straight chord per 8 px was off by 12 on the checker's edges).
    @Test func interpolatedPerspectiveStaysCloseToExactOnTheBenchmarkGeometry() throws {
        let src = try Surface(width: 256, height: 256)
        for y in 0..<256 { for x in 0..<256 {
            let b: UInt32 = ((x >> 5) + (y >> 5)) & 1 == 1 ? 255 : 64
            src.row32(y)[x] = UInt32(x) | UInt32(y) << 8 | b << 16 | 0xFF00_0000
        } }
        let image = SampledImage(src)
        var worst = 0, compared = 0
        for theta in [-60.0, -35.0, 20.0, 60.0] {
            let t = theta * Double.pi / 180, c = cos(t), s = sin(t), d = 1000.0, cx = 1500.0, cy = 300.0
            let a = c + cx * s / d
            let h = PaintProjective(m00: a, m01: 0, m02: cx - 128 * a, m10: cy * s / d, m11: 1, m12: cy - 128 - 128 * cy * s / d,
                                    m20: s / d, m21: 0, m22: 1 - 128 * s / d)
            let inv = try #require(h.inverted())
            let exact = ImageShader(image: image, inverse: inv, filter: .bilinear, edge: .clamp)
            let fast = ImageShader(image: image, inverse: inv, filter: .bilinear, edge: .clamp, perspective: .interpolated)
            for y in stride(from: 180, to: 420, by: 9) {
                let e = T.span(exact, x: 1340, y: y, count: 320), f = T.span(fast, x: 1340, y: y, count: 320)
                for i in 0..<320 { worst = max(worst, T.diff(e[i], f[i])) }
                compared += 320
            }
        }
        #expect(compared > 20_000)
        #expect(worst <= 2)
    }

    @Test func interpolatedLeavesAffineAndTrilinearMapsAlone() {
        let image = Self.image()
        let affine = PaintAffine(a: 0.7, b: 0.2, c: -0.1, d: 0.9, tx: 2, ty: 1).projective
        let a0 = ImageShader(image: image, inverse: affine, filter: .bilinear)
        let a1 = ImageShader(image: image, inverse: affine, filter: .bilinear, perspective: .interpolated)
        #expect(T.span(a0, x: 0, y: 5, count: 40) == T.span(a1, x: 0, y: 5, count: 40))
        let mipped = SampledImage(image.levels[0], mipmapped: true)
        let p = PaintProjective(m00: 1.5, m01: 0.1, m02: 1, m10: 0, m11: 1.2, m12: 0, m20: 0.01, m21: 0.002, m22: 1)
        let t0 = ImageShader(image: mipped, inverse: p, filter: .trilinear)
        let t1 = ImageShader(image: mipped, inverse: p, filter: .trilinear, perspective: .interpolated)
        #expect(T.span(t0, x: 0, y: 3, count: 40) == T.span(t1, x: 0, y: 3, count: 40))
    }
}

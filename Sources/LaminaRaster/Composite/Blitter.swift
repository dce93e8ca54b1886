import CLaminaKernels

/// What a fill paints with: a constant premultiplied colour (the fast path) or a shader.
package enum Paint: Sendable {
    case solid(PremultipliedRGBA8)
    case shader(any SpanShader)
}

/// Per-thread scratch rows for blitting (shader output, coverage). Grows to the widest row
/// seen, then is reused, so steady-state drawing does not allocate. Not thread-safe: one per
/// worker (see `WorkerPool.workerCount`).
package final class ScanlineScratch {
    package private(set) var pixels: UnsafeMutablePointer<UInt32>
    package private(set) var coverage: UnsafeMutablePointer<UInt8>
    package private(set) var capacity: Int

    package init(width: Int = 256) {
        capacity = max(1, width)
        pixels = .allocate(capacity: capacity)
        pixels.initialize(repeating: 0, count: capacity)
        coverage = .allocate(capacity: capacity)
        coverage.initialize(repeating: 0, count: capacity)
    }

    deinit { pixels.deallocate(); coverage.deallocate() }

    /// Makes room for rows of `width` pixels.
    package func reserve(_ width: Int) {
        guard width > capacity else { return }
        pixels.deallocate(); coverage.deallocate()
        capacity = width
        pixels = .allocate(capacity: width)
        pixels.initialize(repeating: 0, count: width)
        coverage = .allocate(capacity: width)
        coverage.initialize(repeating: 0, count: width)
    }
}

/// Composites a paint through coverage spans into a surface: the `CoverageSink` every
/// rasterizer draws into.
///
/// Source-over with a solid colour (the hottest case) runs on integer SIMD kernels;
/// full-coverage runs of an opaque colour are plain fills. Other blend modes take a float
/// path, pixel by pixel. Global `alpha` (0...255) scales the source; coverage lerps between
/// destination and result (see `BlendMode`). Parts of spans outside the surface are dropped
/// (a clip rect larger than the surface is harmless).
package struct Blitter: CoverageSink {
    package let surface: Surface
    package let paint: Paint
    package let mode: BlendMode
    package let alpha: UInt8
    private let scratch: ScanlineScratch
    /// The solid colour already scaled by `alpha` (0 for shader paints).
    private let solid: UInt32
    /// True for `.solid` paints. Tested before `switch paint`: binding the enum's payload
    /// copies it (an outlined copy and destroy of the existential per call, ~5% of S1).
    private let isSolid: Bool
    /// Solid paint in source-over: the spans go straight to the SIMD kernels. Checked in the
    /// small inlined entry points, so a rasterizer's per-row calls skip the general function
    /// (its prologue saves registers and reserves room for a shader existential).
    private let isSolidOver: Bool
    /// Pixels a later drawing overwrites (PixelRuns.swift): left alone. With them, every span
    /// takes the general paths, which cut them out (the fused solid kernels give those paths'
    /// bytes, so nothing else changes).
    package let skip: PixelRuns?

    package init(surface: Surface, paint: Paint, mode: BlendMode = .normal, alpha: UInt8 = 255, scratch: ScanlineScratch) {
        self.init(surface: surface, paint: paint, mode: mode, alpha: alpha, scratch: scratch, skip: nil)
    }

    /// A blitter that leaves `skip`'s pixels alone (nil: none).
    package init(surface: Surface, paint: Paint, mode: BlendMode = .normal, alpha: UInt8 = 255, scratch: ScanlineScratch,
                 skip: PixelRuns?) {
        self.surface = surface; self.paint = paint; self.mode = mode; self.alpha = alpha
        self.scratch = scratch
        self.skip = skip
        scratch.reserve(surface.width)
        if case let .solid(c) = paint { solid = PixelKernels.scale(c.packed, UInt32(alpha)); isSolid = true } else { solid = 0; isSolid = false }
        isSolidOver = isSolid && mode == .normal && skip == nil
    }

    /// Starts loading the destination pixels x0...x1 of row y (every 64-byte line): the
    /// rasterizer announces a strip's rows before sweeping it, so their cache misses overlap.
    @inline(__always)
    package func prefetch(y: Int, x0: Int, x1: Int) {
        guard y >= 0, y < surface.height else { return }
        let a = min(max(0, x0), surface.width - 1), b = min(max(0, x1), surface.width - 1)
        let row = UnsafeRawPointer(surface.row32(y))
        var p = row + a &* 4
        let end = row + b &* 4
        while p <= end { lamina_prefetch(p); p += 64 }
        lamina_prefetch(end)
    }

    @inline(__always)
    package mutating func blendRun(y: Int, x x0: Int, count c0: Int, coverage: UInt8) {
        if isSolidOver {
            guard y >= 0, y < surface.height else { return }
            let x = max(0, x0), count = min(surface.width, x0 + c0) - x
            guard count > 0 else { return }
            PixelKernels.fillOver(surface.row32(y) + x, count: count,
                                  color: coverage == 255 ? solid : PixelKernels.scale(solid, UInt32(coverage)))
            return
        }
        blendRunGeneral(y: y, x: x0, count: c0, coverage: coverage)
    }

    @inline(__always)
    package mutating func blendSpan(y: Int, x x0: Int, count c0: Int, coverage cov0: UnsafePointer<UInt8>) {
        if isSolidOver {
            guard y >= 0, y < surface.height else { return }
            let x = max(0, x0), count = min(surface.width, x0 + c0) - x
            guard count > 0 else { return }
            PixelKernels.spanOver(surface.row32(y) + x, count: count, color: solid, coverage: cov0 + (x - x0))
            return
        }
        blendSpanGeneral(y: y, x: x0, count: c0, coverage: cov0)
    }

    /// The three calls of `CoverageSink.blendEdges` with the row looked up once: for solid
    /// source-over, the same kernel calls with the same clamped arguments as `blendSpan`,
    /// `blendRun`, `blendSpan` would make.
    @inline(__always)
    package mutating func blendEdges(y: Int, x0: Int, n0: Int, c0: UnsafePointer<UInt8>, run: UInt8,
                                     x1: Int, n1: Int, c1: UnsafePointer<UInt8>) {
        guard isSolidOver else {
            blendSpan(y: y, x: x0, count: n0, coverage: c0)
            if run != 0 { blendRun(y: y, x: x0 &+ n0, count: x1 &- x0 &- n0, coverage: run) }
            blendSpan(y: y, x: x1, count: n1, coverage: c1)
            return
        }
        guard y >= 0, y < surface.height else { return }
        let row = surface.row32(y), width = surface.width
        let runColor = run == 255 ? solid : PixelKernels.scale(solid, UInt32(run))
        // The usual row lies inside the surface, in order: one kernel call for all three parts.
        if x0 >= 0 && x1 &+ n1 <= width && n0 >= 0 && n1 >= 0 && x1 >= x0 &+ n0 && lamina_kernels_use_avx2() != 0 {
            lamina_avx2_edges_over(row + x0, c0, n0, x1 &- x0 &- n0, runColor, c1, n1, solid)
            return
        }
        var x = max(0, x0), count = min(width, x0 &+ n0) &- x
        if count > 0 { PixelKernels.spanOver(row + x, count: count, color: solid, coverage: c0 + (x &- x0)) }
        if run != 0 {
            let r0 = x0 &+ n0
            x = max(0, r0); count = min(width, x1) &- x
            if count > 0 {
                PixelKernels.fillOver(row + x, count: count, color: runColor)
            }
        }
        x = max(0, x1); count = min(width, x1 &+ n1) &- x
        if count > 0 { PixelKernels.spanOver(row + x, count: count, color: solid, coverage: c1 + (x &- x1)) }
    }

    /// A run of rasterizer cells (see `CoverageSink.blendCells`): for solid source-over inside
    /// the surface, one AVX2 pass from the cells to the pixels (`lamina_avx2_cells_over`: the
    /// bytes `sumCells` then `blendSpan` give, without writing and re-reading the coverage).
    @inline(__always)
    package mutating func blendCells(y: Int, x: Int, count: Int, cells: UnsafeMutablePointer<Int32>, sum: Int32,
                                     rule: FillRule, coverage: UnsafeMutablePointer<UInt8>) -> Int32 {
        if isSolidOver && y >= 0 && y < surface.height && x >= 0 && x &+ count <= surface.width && count > 0
            && lamina_kernels_use_avx2() != 0 {
            return lamina_avx2_cells_over(surface.row32(y) + x, cells, count, sum, rule == .evenOdd ? 1 : 0, solid)
        }
        return sumThenBlendCells(y: y, x: x, count: count, cells: cells, sum: sum, rule: rule, coverage: coverage)
    }

    /// The common convex row from its cells (see `CoverageSink.blendEdgeCells`): for solid
    /// source-over inside the surface with edge ranges of at most 8 cells, one AVX2 call
    /// (`lamina_avx2_cell_edges_over`: the bytes of the two sums and `blendEdges`).
    @inline(__always)
    package mutating func blendEdgeCells(y: Int, x0: Int, n0: Int, cells0: UnsafeMutablePointer<Int32>,
                                         x1: Int, n1: Int, cells1: UnsafeMutablePointer<Int32>, rule: FillRule,
                                         coverage: UnsafeMutablePointer<UInt8>) -> Int32 {
        if isSolidOver && y >= 0 && y < surface.height && x0 >= 0 && x1 &+ n1 <= surface.width
            && n0 >= 1 && n0 <= 8 && n1 >= 1 && n1 <= 8 && x1 &- x0 &- n0 >= 8 && lamina_kernels_use_avx2() != 0 {
            return lamina_avx2_cell_edges_over(surface.row32(y) + x0, cells0, n0, x1 &- x0 &- n0, cells1, n1,
                                               rule == .evenOdd ? 1 : 0, solid)
        }
        return sumThenBlendEdgeCells(y: y, x0: x0, n0: n0, cells0: cells0, x1: x1, n1: n1, cells1: cells1, rule: rule,
                                     coverage: coverage)
    }

    /// Rasterizer strips (see `CoverageSink.takesStrips`): for solid source-over with the fill
    /// inside the surface, one C call for all of a strip's rows (`lamina_avx2_sweep_strip`:
    /// extents, prefetches, dense rows and wide rows in clusters of touched cells, runs
    /// between — the pixels the rasterizer's per-row calls into this blitter would give).
    @inline(__always)
    package func takesStrips(rows: Range<Int>, left: Int, width: Int) -> Bool {
        isSolidOver && rows.lowerBound >= 0 && rows.upperBound <= surface.height && !rows.isEmpty && left >= 0
            && left &+ width <= surface.width && width > 0 && lamina_kernels_use_avx2() != 0
    }

    @inline(__always)
    package mutating func sweepStrip(top: Int, rows: Int, left: Int, width: Int, cells: UnsafeMutablePointer<Int32>,
                                     stride: Int, bits: UnsafeMutablePointer<UInt64>, words: Int, w0: Int, w1: Int,
                                     rule: FillRule, extents: UnsafeMutablePointer<Int>) {
        lamina_avx2_sweep_strip(surface.row32(top) + left, surface.bytesPerRow / 4, cells, stride, bits, words, rows, w0, w1,
                                width, PolygonRasterizer.denseWindow, PolygonRasterizer.clusterGap,
                                rule == .evenOdd ? 1 : 0, solid, extents)
    }

    @inline(never)
    private mutating func blendRunGeneral(y: Int, x x0: Int, count c0: Int, coverage: UInt8) {
        // Spans outside the surface (a clip rect larger than it) are cut, never written.
        guard y >= 0, y < surface.height else { return }
        let x = max(0, x0), count = min(surface.width, x0 + c0) - x
        guard count > 0 else { return }
        if let skip {
            skip.gaps(y: y, x: x, count: count) { gx, gn in blendRunInside(y: y, x: gx, count: gn, coverage: coverage) }
            return
        }
        blendRunInside(y: y, x: x, count: count, coverage: coverage)
    }

    /// `blendRunGeneral` for a run inside the surface.
    private mutating func blendRunInside(y: Int, x: Int, count: Int, coverage: UInt8) {
        let dst = surface.row32(y) + x
        if isSolid && mode == .normal {
            PixelKernels.fillOver(dst, count: count, color: coverage == 255 ? solid : PixelKernels.scale(solid, UInt32(coverage)))
            return
        }
        switch paint {
        case .solid:
            if mode == .normal {
                PixelKernels.fillOver(dst, count: count, color: coverage == 255 ? solid : PixelKernels.scale(solid, UInt32(coverage)))
            } else if (mode == .copy || mode == .clear) && coverage == 255 {
                dst.update(repeating: mode == .clear ? 0 : solid, count: count)
            } else {
                scratch.pixels.update(repeating: solid, count: count)
                Self.blendGeneral(dst, scratch.pixels, count: count, coverage: nil, constant: coverage, alpha: 255, mode: mode)
            }
        case let .shader(shader):
            if mode == .normal && coverage == 255 && alpha == 255 && shader.isOpaque {
                // Opaque paint at full strength replaces the pixels: shade straight into them
                // (shaders never read the destination), with no scratch row to copy.
                shader.shade(y: y, x: x, count: count, into: dst)
                return
            }
            shader.shade(y: y, x: x, count: count, into: scratch.pixels)
            if mode == .normal {
                PixelKernels.rowOver(dst, scratch.pixels, count: count, alpha: mul255(coverage, alpha))
            } else {
                Self.blendGeneral(dst, scratch.pixels, count: count, coverage: nil, constant: coverage, alpha: alpha, mode: mode)
            }
        }
    }

    @inline(never)
    private mutating func blendSpanGeneral(y: Int, x x0: Int, count c0: Int, coverage cov0: UnsafePointer<UInt8>) {
        guard y >= 0, y < surface.height else { return }
        let x = max(0, x0), count = min(surface.width, x0 + c0) - x
        guard count > 0 else { return }
        if let skip {
            skip.gaps(y: y, x: x, count: count) { gx, gn in blendSpanInside(y: y, x: gx, count: gn, coverage: cov0 + (gx - x0)) }
            return
        }
        blendSpanInside(y: y, x: x, count: count, coverage: cov0 + (x - x0))
    }

    /// `blendSpanGeneral` for a span inside the surface (`coverage` at its first pixel).
    private mutating func blendSpanInside(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let dst = surface.row32(y) + x
        if isSolid && mode == .normal {
            PixelKernels.spanOver(dst, count: count, color: solid, coverage: coverage)
            return
        }
        switch paint {
        case .solid:
            if mode == .normal {
                PixelKernels.spanOver(dst, count: count, color: solid, coverage: coverage)
            } else {
                scratch.pixels.update(repeating: solid, count: count)
                Self.blendGeneral(dst, scratch.pixels, count: count, coverage: coverage, constant: 0, alpha: 255, mode: mode)
            }
        case let .shader(shader):
            shader.shade(y: y, x: x, count: count, into: scratch.pixels)
            if mode == .normal {
                PixelKernels.rowOver(dst, scratch.pixels, count: count, coverage: coverage, alpha: alpha)
            } else {
                Self.blendGeneral(dst, scratch.pixels, count: count, coverage: coverage, constant: 0, alpha: alpha, mode: mode)
            }
        }
    }

    /// Any blend mode, in float: dst = lerp(dst, mode(src·alpha, dst), coverage).
    /// `coverage` nil means the constant `constant` for every pixel.
    package static func blendGeneral(_ dst: UnsafeMutablePointer<UInt32>, _ src: UnsafePointer<UInt32>, count: Int,
                                     coverage: UnsafePointer<UInt8>?, constant: UInt8, alpha: UInt8, mode: BlendMode) {
        let ka = Float(alpha) / 255
        for i in 0..<count {
            let c = coverage.map { $0[i] } ?? constant
            if c == 0 { continue }
            let d = unpack(dst[i])
            let s = unpack(src[i]) * ka
            let b = mode.apply(s, d)
            let r = c == 255 ? b : d + (b - d) * (Float(c) / 255)
            dst[i] = pack(r)
        }
    }

    @inline(__always) static func unpack(_ p: UInt32) -> SIMD4<Float> {
        SIMD4<Float>(Float(p & 255), Float((p >> 8) & 255), Float((p >> 16) & 255), Float(p >> 24)) / 255
    }

    @inline(__always) static func pack(_ c: SIMD4<Float>) -> UInt32 {
        let c = c.replacing(with: 0, where: .!(c .== c)) // NaN from degenerate input → 0
        let v = (c * 255).clamped(lowerBound: .zero, upperBound: SIMD4<Float>(repeating: 255)).rounded(.toNearestOrAwayFromZero)
        let a = UInt32(v.w)
        // Keep the result premultiplied: colour never exceeds alpha.
        return min(UInt32(v.x), a) | min(UInt32(v.y), a) << 8 | min(UInt32(v.z), a) << 16 | a << 24
    }
}

import Foundation
import Testing
import CLaminaKernels
@testable import LaminaRaster
import _LaminaTestSupport

/// The two builds of the solid span kernels (solid_spans.inc): AVX2 with plain partial moves
/// and AVX-512VL with masked ones must give the same bytes, write nothing outside the span
/// (guard words on both sides), and leave the cells alike — every length 0...40, so every tail.
/// (The entry points the rest of the suite exercises run the AVX-512 build on machines that
/// have it; this is what ties the AVX2 build to them there.)
@Suite struct SolidSpanBuildsTests {
    static let guardWord: UInt32 = 0xDEAD_BEEF

    /// Runs `body` on two copies of `pixels` framed by guard words, once per build, and checks
    /// the results agree and the guards are intact.
    static func same(_ pixels: [UInt32], _ label: String,
                     _ plain: (UnsafeMutablePointer<UInt32>) -> Int32, _ masked: (UnsafeMutablePointer<UInt32>) -> Int32) {
        var a = [guardWord, guardWord] + pixels + [guardWord, guardWord], b = a
        let ra = a.withUnsafeMutableBufferPointer { plain($0.baseAddress! + 2) }
        let rb = b.withUnsafeMutableBufferPointer { masked($0.baseAddress! + 2) }
        #expect(a == b && ra == rb, "\(label)")
        #expect(a.prefix(2) == [guardWord, guardWord] && a.suffix(2) == [guardWord, guardWord], "\(label): wrote outside")
    }

    static func color(_ rng: inout SplitMix64) -> UInt32 {
        let a = [255, 0, UInt32(rng.next() % 256)][Int(rng.next() % 3)]
        func c() -> UInt32 { a == 0 ? 0 : UInt32(rng.next() % UInt64(a + 1)) }
        return c() | c() << 8 | c() << 16 | a << 24
    }

    static func coverage(_ rng: inout SplitMix64, _ n: Int) -> [UInt8] {
        let mode = rng.next() % 3
        return (0..<max(n, 1)).map { _ in mode == 0 ? 255 : (mode == 1 && rng.next() % 2 == 0 ? 0 : UInt8(truncatingIfNeeded: rng.next())) }
    }

    static func cells(_ rng: inout SplitMix64, _ n: Int) -> [Int32] {
        (0..<n).map { _ in
            rng.next() % 4 == 0 ? 0 : Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 18)) - (1 << 17))
        }
    }

    @Test func avx2AndAVX512BuildsAgree() {
        guard lamina_kernels_have_avx2() != 0, lamina_kernels_have_avx512() != 0 else { return }
        var rng = SplitMix64(512)
        for round in 0..<2500 {
            let n = round % 41
            let pixels = (0..<n).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let color = Self.color(&rng)
            var cov = Self.coverage(&rng, n)
            Self.same(pixels, "fill_over \(n)", { lamina_avx2_plain_fill_over($0, n, color); return 0 },
                      { lamina_avx512_fill_over($0, n, color); return 0 })
            cov.withUnsafeMutableBufferPointer { c in
                Self.same(pixels, "span_over \(n)", { lamina_avx2_plain_span_over($0, n, color, c.baseAddress!); return 0 },
                          { lamina_avx512_span_over($0, n, color, c.baseAddress!); return 0 })
            }
            if n >= 3 {
                // edges_over: n0 + run + n1 = n pixels.
                let n0 = 1 + Int(rng.next() % UInt64(min(12, n - 2))), n1 = 1 + Int(rng.next() % UInt64(min(12, n - n0 - 1)))
                let run = n - n0 - n1, runColor = Self.color(&rng)
                let c1 = Self.coverage(&rng, n1)
                cov.withUnsafeMutableBufferPointer { c in
                    c1.withUnsafeBufferPointer { d in
                        Self.same(pixels, "edges_over \(n0) \(run) \(n1)", {
                            lamina_avx2_plain_edges_over($0, c.baseAddress!, n0, run, runColor, d.baseAddress!, n1, color); return 0
                        }, {
                            lamina_avx512_edges_over($0, c.baseAddress!, n0, run, runColor, d.baseAddress!, n1, color); return 0
                        })
                    }
                }
            }
            if n >= 1 {
                // cells_over: n cells with the slack of a block of 8 (a random tail past n).
                let block = (n + 7) / 8 * 8
                let cells = Self.cells(&rng, block)
                var ca = cells, cb = cells
                Self.same(pixels, "cells_over \(n)", { p in ca.withUnsafeMutableBufferPointer {
                    lamina_avx2_plain_cells_over(p, $0.baseAddress!, n, 77, Int32(round % 2), color) } },
                          { p in cb.withUnsafeMutableBufferPointer {
                    lamina_avx512_cells_over(p, $0.baseAddress!, n, 77, Int32(round % 2), color) } })
                #expect(ca == cb)
            }
            if n >= 10 {
                // cell_edges_over: edge ranges of 1...8 cells, a run of at least 8 between.
                let n0 = 1 + Int(rng.next() % UInt64(min(8, n - 9)))
                let n1 = 1 + Int(rng.next() % UInt64(min(8, n - n0 - 8)))
                let run = n - n0 - n1
                let cells = Self.cells(&rng, n + 8)
                var ca = cells, cb = cells
                Self.same(pixels, "cell_edges_over \(n0) \(run) \(n1)", { p in ca.withUnsafeMutableBufferPointer {
                    lamina_avx2_plain_cell_edges_over(p, $0.baseAddress!, n0, run, $0.baseAddress! + n0 + run, n1, Int32(round % 2), color) } },
                          { p in cb.withUnsafeMutableBufferPointer {
                    lamina_avx512_cell_edges_over(p, $0.baseAddress!, n0, run, $0.baseAddress! + n0 + run, n1, Int32(round % 2), color) } })
                #expect(ca == cb)
            }
        }
    }

    /// The strip kernel's two builds on random strips: cells with their bits set (and some
    /// stray bits over zero cells), narrow and wide rows, both rules; pixels, cells and bits
    /// must agree afterwards (the cells and bits all cleared).
    @Test func stripKernelBuildsAgree() {
        guard lamina_kernels_have_avx2() != 0, lamina_kernels_have_avx512() != 0 else { return }
        var rng = SplitMix64(513)
        let width = 150, stride = PolygonRasterizer.cellStride(width), words = (stride + 63) >> 6, rows = 7
        for round in 0..<300 {
            var cells = [Int32](repeating: 0, count: stride * rows), bits = [UInt64](repeating: 0, count: words * rows)
            for r in 0..<rows {
                let lo = Int(rng.next() % UInt64(width)), span = [5, 40, 150][Int(rng.next() % 3)]
                for _ in 0..<Int(rng.next() % 12) {
                    let c = min(width + 1, lo + Int(rng.next() % UInt64(span)))
                    if rng.next() % 5 != 0 {
                        cells[r * stride + c] &+= Int32(truncatingIfNeeded: Int64(rng.next() % (1 << 18)) - (1 << 17))
                    }
                    bits[r * words + c / 64] |= 1 << UInt64(c % 64)
                }
            }
            let pixels = (0..<(width * rows)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let color = Self.color(&rng), evenOdd: Int32 = round % 2 == 0 ? 0 : 1
            var ca = cells, cb = cells, ba = bits, bb = bits
            var extents = [Int](repeating: 0, count: 2 * rows)
            Self.same(pixels, "sweep_strip \(round)", { p in
                lamina_avx2_plain_sweep_strip(p, width, &ca, stride, &ba, words, rows, 0, words - 1, width,
                                              PolygonRasterizer.denseWindow, PolygonRasterizer.clusterGap, evenOdd, color, &extents)
                return 0
            }, { p in
                lamina_avx512_sweep_strip(p, width, &cb, stride, &bb, words, rows, 0, words - 1, width,
                                          PolygonRasterizer.denseWindow, PolygonRasterizer.clusterGap, evenOdd, color, &extents)
                return 0
            })
            #expect(ca == cb && ba == bb)
            #expect(ca.allSatisfy { $0 == 0 } && ba.allSatisfy { $0 == 0 }, "round \(round): left cells or bits set")
        }
    }

    /// `LAMINA_KERNELS=avx2` turns the AVX-512 build off; on this machine it is otherwise on.
    @Test func avx512IsChosenWhenPresent() {
        guard lamina_kernels_use_avx2() != 0 else { return }
        let off = ProcessInfo.processInfo.environment["LAMINA_KERNELS"] == "avx2"
        #expect((lamina_kernels_use_avx512() != 0) == (lamina_kernels_have_avx512() != 0 && !off))
    }
}

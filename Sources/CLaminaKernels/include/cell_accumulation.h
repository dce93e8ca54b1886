// Exact-area cell accumulation of LaminaRaster's PolygonRasterizer (the hot loop of every
// general polygon fill: stroke outlines, stars, text), in C.
//
// Why C: in Swift this loop lived inside the strip sweep, one large specialised function with
// the blitter inlined, and ran out of registers (about a third of S4's frame was spent here,
// much of it on stack spills). As a small standalone C function it keeps every edge value in a
// register. The arithmetic is exactly the Swift definition's (`PolygonRasterizer.accumulate`,
// which stays as the reference and as the monotone path's accumulator): the same integer
// expressions and the same Double products rounded half-to-even, so the bytes do not change
// (tests compare the two on random polygons).
#ifndef CLAMINA_CELL_ACCUMULATION_H
#define CLAMINA_CELL_ACCUMULATION_H

#include <stddef.h>
#include <stdint.h>

/// One polygon edge as PolygonRasterizer stores it: 24.8 fixed point, x relative to the
/// fill's left clip column, y0 < y1; `dir` +1 if the original edge went down, −1 if up;
/// `slope` = (x1 − x0)/(y1 − y0). Swift's `PolygonRasterizer.Edge` has this exact layout
/// (checked when a rasterizer is created).
typedef struct {
    int64_t x0, y0, x1, y1;
    int32_t dir;
    double slope;
} LaminaEdge;

/// The edges of one closed subpath of `count` ≥ 2 points (x, y pairs, pixel space), when every
/// point lies in the clip columns [left, right] and strictly inside ±yLimit: each point to
/// 24.8 fixed point relative to `left` (rounded half to even), one edge per segment that is
/// not horizontal, the closing segment first (from the last point) — exactly what
/// PolygonRasterizer.buildEdges makes for such a subpath. Writes at most `count` edges to
/// `out` and returns how many; returns −1, writing nothing, when a point is outside (or NaN).
ptrdiff_t lamina_build_edges(const double *points, ptrdiff_t count, double left, double right, double yLimit,
                             LaminaEdge *out);

/// Buckets the `count` edges that reach rows firstRow..<endRow by the strip of 2^stripShift
/// rows (from firstRow) their first row falls in — a counting sort, edges in index order within
/// a bucket: afterwards byStrip[bucketStart[b − 1] ..< bucketStart[b]] (from 0 for b = 0) are
/// bucket b's edge indices. bucketStart holds strips + 1 entries; byStrip room for `count`.
void lamina_bucket_edges(const LaminaEdge *edges, ptrdiff_t count, int64_t firstRow, int64_t endRow, int stripShift,
                         ptrdiff_t strips, ptrdiff_t *bucketStart, int32_t *byStrip);

/// Accumulates the row pieces of the active edges `edges[active[k]]`, k < activeCount, that
/// fall in pixel rows top..<bottom into the strip's cells: `acc` (rows of `stride` Int32, 2^17
/// per full pixel) and the touched-cell bits `bits` (rows of `words` UInt64). x is clamped to
/// [0, width·256]. Compacts `active` to the edges that continue below the strip and returns
/// their count. `extent[0]`, `extent[1]` receive the least and greatest 24.8 x of every piece
/// end (INT64_MAX and INT64_MIN when no edge had a piece in the strip).
ptrdiff_t lamina_accumulate_strip(const LaminaEdge *edges, int32_t *active, ptrdiff_t activeCount,
                                  int64_t top, int64_t bottom, int64_t width,
                                  int32_t *acc, ptrdiff_t stride, uint64_t *bits, ptrdiff_t words,
                                  int64_t *extent);

/// A closed subpath of `count` ≥ 2 points (x, y pairs, pixel space) taken straight to the
/// cells of rows top..<bottom, without edges in memory: the cells and bits
/// lamina_accumulate_strip gives for the edges lamina_build_edges makes of it (the same
/// integers and Double expressions; integer sums do not depend on the order of the edges).
/// Every point must lie in the clip columns [left, right] and strictly inside ±yLimit, else
/// (or for NaN) nothing is accumulated and −1 is returned; 0 otherwise. `extent` is widened
/// (in and out) to the 24.8 x extent of the pieces, as lamina_accumulate_strip reports it.
ptrdiff_t lamina_accumulate_polygon(const double *points, ptrdiff_t count, double left, double right, double yLimit,
                                    int64_t top, int64_t bottom, int64_t width,
                                    int32_t *acc, ptrdiff_t stride, uint64_t *bits, ptrdiff_t words,
                                    int64_t *extent);

/// The running coverage sum over `count` consecutive cells of a row: for each i, sum += acc[i]
/// (wrapping), acc[i] = 0, cov[i] = the coverage 0...255 of sum (non-zero, or even-odd when
/// `evenOdd` is 1), exactly `PolygonRasterizer.coverage`. Returns the sum after the last cell.
/// AVX2 (call only when `lamina_kernels_use_avx2()`); the portable path is the Swift loop.
int32_t lamina_avx2_coverage_sweep(int32_t *acc, uint8_t *cov, ptrdiff_t count, int32_t sum, int evenOdd);

/// A run of touched cells swept and blended in one pass: the running coverage sum of
/// acc[0..<count] from `sum` (clearing the cells, as `lamina_avx2_coverage_sweep`), each pixel
/// dst[i] receiving the solid colour through its coverage exactly as `lamina_avx2_span_over`
/// would from those coverage bytes. Returns the sum after cell count − 1. count ≥ 1. The cells
/// are read in blocks of 8: acc must hold count rounded up to a multiple of 8 cells; those
/// past count are written back unchanged (the rasterizer's rows have that slack).
/// AVX2 only (call when `lamina_kernels_use_avx2()`); the portable path sums, then blends.
int32_t lamina_avx2_cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int32_t sum, int evenOdd, uint32_t color);

/// A convex row from its cells (the monotone path's common row): the left edge's cells
/// cells0[0..<n0] summed from 0 and blended into dst[0..<n0], the interior dst[n0..<n0 + runCount]
/// filled at the coverage of that sum (nothing when 0), the right edge's cells cells1[0..<n1]
/// summed on and blended into the n1 pixels after the run — the bytes of sumCells, sumCells,
/// then `lamina_avx2_edges_over`. n0, n1 in 1...8; each of cells0 and cells1 must have 8
/// cells readable and writable (those past n0 or n1 are written back unchanged, so the two
/// blocks must not overlap). Returns the sum after the right edge's cells. AVX2 only.
int32_t lamina_avx2_cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,
                                    int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color);

/// A whole strip of the rasterizer swept and blended with one solid colour, source-over: for
/// each of `rows` rows (acc rows `stride` cells apart, bit rows `words` words apart, dst rows
/// `dstStride` pixels apart; dst is the pixel of cell 0 of the first row), the pixels
/// PolygonRasterizer's `sweepRow` gives through a solid Blitter: the row's touched cells from
/// the bits of words w0...w1 (cleared), swept densely when they lie within `denseWindow`
/// cells, else in clusters of gaps up to `clusterGap` with runs of constant coverage between,
/// then the run after the last cell up to `width`. All rows' extents are found first, each
/// row's pixels prefetched a few rows ahead of its sweep; `extents` is scratch for 2·rows
/// values. The cells' slack as for lamina_avx2_cells_over. AVX2 only.
void lamina_avx2_sweep_strip(uint32_t *dst, ptrdiff_t dstStride, int32_t *acc, ptrdiff_t stride,
                             uint64_t *bits, ptrdiff_t words, ptrdiff_t rows, ptrdiff_t w0, ptrdiff_t w1,
                             ptrdiff_t width, ptrdiff_t denseWindow, ptrdiff_t clusterGap, int evenOdd,
                             uint32_t color, ptrdiff_t *extents);

#endif

// The solid span kernels (solid_spans.inc) for AVX2, and the public entry points, which run the
// AVX-512VL build instead when the CPU has it (`lamina_kernels_use_avx512_`): the same bytes,
// with the 1–7-pixel tails of spans as masked moves.
#include "CLaminaKernels.h"
#include "coverage_avx2.h"
#include "cell_math.h"

#if defined(__x86_64__) || defined(__i386__)

#define SPAN_INLINE __attribute__((target("avx2"), always_inline)) static inline
#define SPAN_ENTRY __attribute__((target("avx2")))
#define SPAN_FN(name) lamina_avx2_plain_##name
#define LOAD_PARTIAL load_partial
#define STORE_PARTIAL store_partial
#define LOAD_PARTIAL128 load_partial128
#define STORE_PARTIAL128 store_partial128
#define LOAD_COVERAGE expand_coverage
#include "solid_spans.inc"

void lamina_avx2_fill_over(uint32_t *dst, ptrdiff_t count, uint32_t color) {
    if (lamina_kernels_use_avx512_) lamina_avx512_fill_over(dst, count, color);
    else lamina_avx2_plain_fill_over(dst, count, color);
}

void lamina_avx2_span_over(uint32_t *dst, ptrdiff_t count, uint32_t color, const uint8_t *cov) {
    if (lamina_kernels_use_avx512_) lamina_avx512_span_over(dst, count, color, cov);
    else lamina_avx2_plain_span_over(dst, count, color, cov);
}

void lamina_avx2_edges_over(uint32_t *dst, const uint8_t *cov0, ptrdiff_t n0, ptrdiff_t runCount,
                            uint32_t runColor, const uint8_t *cov1, ptrdiff_t n1, uint32_t color) {
    if (lamina_kernels_use_avx512_) lamina_avx512_edges_over(dst, cov0, n0, runCount, runColor, cov1, n1, color);
    else lamina_avx2_plain_edges_over(dst, cov0, n0, runCount, runColor, cov1, n1, color);
}

int32_t lamina_avx2_cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int32_t sum, int evenOdd, uint32_t color) {
    if (lamina_kernels_use_avx512_) return lamina_avx512_cells_over(dst, acc, count, sum, evenOdd, color);
    return lamina_avx2_plain_cells_over(dst, acc, count, sum, evenOdd, color);
}

int32_t lamina_avx2_cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,
                                    int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color) {
    if (lamina_kernels_use_avx512_) return lamina_avx512_cell_edges_over(dst, cells0, n0, runCount, cells1, n1, evenOdd, color);
    return lamina_avx2_plain_cell_edges_over(dst, cells0, n0, runCount, cells1, n1, evenOdd, color);
}

void lamina_avx2_sweep_strip(uint32_t *dst, ptrdiff_t dstStride, int32_t *acc, ptrdiff_t stride,
                             uint64_t *bits, ptrdiff_t words, ptrdiff_t rows, ptrdiff_t w0, ptrdiff_t w1,
                             ptrdiff_t width, ptrdiff_t denseWindow, ptrdiff_t clusterGap, int evenOdd,
                             uint32_t color, ptrdiff_t *extents) {
    if (lamina_kernels_use_avx512_) lamina_avx512_sweep_strip(dst, dstStride, acc, stride, bits, words, rows, w0, w1, width, denseWindow, clusterGap, evenOdd, color, extents);
    else lamina_avx2_plain_sweep_strip(dst, dstStride, acc, stride, bits, words, rows, w0, w1, width, denseWindow, clusterGap, evenOdd, color, extents);
}

#else // not x86: no AVX2 kernels; Swift never calls the entry points below.

#include "solid_spans_stubs.h"

SOLID_SPAN_STUBS(lamina_avx2_)
SOLID_SPAN_STUBS(lamina_avx2_plain_)

#endif

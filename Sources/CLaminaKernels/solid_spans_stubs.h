// The solid span entry points with empty bodies, for builds without x86 (Swift never calls
// them there: `lamina_kernels_have_avx2()` is 0), so that the symbols the Swift code and the
// tests name exist on every target. SOLID_SPAN_STUBS(P) defines P##fill_over and the rest.
// Private to CLaminaKernels.
#ifndef CLAMINA_SOLID_SPANS_STUBS_H
#define CLAMINA_SOLID_SPANS_STUBS_H

#define SOLID_SPAN_STUBS(P)                                                                          \
    void P##fill_over(uint32_t *dst, ptrdiff_t count, uint32_t color) {                              \
        (void)dst; (void)count; (void)color;                                                         \
    }                                                                                                \
    void P##span_over(uint32_t *dst, ptrdiff_t count, uint32_t color, const uint8_t *cov) {          \
        (void)dst; (void)count; (void)color; (void)cov;                                              \
    }                                                                                                \
    void P##edges_over(uint32_t *dst, const uint8_t *cov0, ptrdiff_t n0, ptrdiff_t runCount,         \
                       uint32_t runColor, const uint8_t *cov1, ptrdiff_t n1, uint32_t color) {       \
        (void)dst; (void)cov0; (void)n0; (void)runCount; (void)runColor; (void)cov1; (void)n1;       \
        (void)color;                                                                                 \
    }                                                                                                \
    int32_t P##cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int32_t sum, int evenOdd,   \
                          uint32_t color) {                                                          \
        (void)dst; (void)acc; (void)count; (void)sum; (void)evenOdd; (void)color;                    \
        return 0;                                                                                    \
    }                                                                                                \
    int32_t P##cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,    \
                               int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color) {         \
        (void)dst; (void)cells0; (void)n0; (void)runCount; (void)cells1; (void)n1; (void)evenOdd;    \
        (void)color;                                                                                 \
        return 0;                                                                                    \
    }                                                                                                \
    void P##sweep_strip(uint32_t *dst, ptrdiff_t dstStride, int32_t *acc, ptrdiff_t stride,          \
                        uint64_t *bits, ptrdiff_t words, ptrdiff_t rows, ptrdiff_t w0, ptrdiff_t w1, \
                        ptrdiff_t width, ptrdiff_t denseWindow, ptrdiff_t clusterGap, int evenOdd,   \
                        uint32_t color, ptrdiff_t *extents) {                                        \
        (void)dst; (void)dstStride; (void)acc; (void)stride; (void)bits; (void)words; (void)rows;    \
        (void)w0; (void)w1; (void)width; (void)denseWindow; (void)clusterGap; (void)evenOdd;         \
        (void)color; (void)extents;                                                                  \
    }

#endif

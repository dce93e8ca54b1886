// The solid span kernels (solid_spans.inc) for AVX-512VL (with BW and F): 256-bit registers as in
// the AVX2 build, but a span's last 1–7 pixels are loaded and stored under a lane mask — one
// instruction each, no branch on the length, nothing read or written past the span (masked-off
// lanes do not fault). Run only when `lamina_kernels_have_avx512()`; the public entry points in
// solid_spans_avx2.c choose.
#include "CLaminaKernels.h"
#include "coverage_avx2.h"
#include "cell_math.h"

#if defined(__x86_64__) || defined(__i386__)

#define AVX512 __attribute__((target("avx2,avx512f,avx512bw,avx512vl")))

// The first n pixels at p (n in 0...7, or 0...3 for the 128-bit forms), zeros above.
AVX512 static inline __m256i load_masked(const uint32_t *p, ptrdiff_t n) {
    return _mm256_maskz_loadu_epi32((__mmask8)((1u << n) - 1), p);
}
AVX512 static inline __m128i load_masked128(const uint32_t *p, ptrdiff_t n) {
    return _mm_maskz_loadu_epi32((__mmask8)((1u << n) - 1), p);
}
// Stores the first n pixels of v at p; writes nothing past them.
AVX512 static inline void store_masked(uint32_t *p, ptrdiff_t n, __m256i v) {
    _mm256_mask_storeu_epi32(p, (__mmask8)((1u << n) - 1), v);
}
AVX512 static inline void store_masked128(uint32_t *p, ptrdiff_t n, __m128i v) {
    _mm_mask_storeu_epi32(p, (__mmask8)((1u << n) - 1), v);
}

// n (1...8) coverage bytes, each spread over its pixel's four bytes, zeros above.
AVX512 static inline __m256i load_coverage_masked(const uint8_t *cov, ptrdiff_t n) {
    __m256i c32 = _mm256_cvtepu8_epi32(_mm_maskz_loadu_epi8((__mmask16)((1u << n) - 1), cov));
    const __m256i rep = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                         0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    return _mm256_shuffle_epi8(c32, rep);
}

#define SPAN_INLINE __attribute__((target("avx2,avx512f,avx512bw,avx512vl"), always_inline)) static inline
#define SPAN_ENTRY AVX512
#define SPAN_FN(name) lamina_avx512_##name
#define LOAD_PARTIAL load_masked
#define STORE_PARTIAL store_masked
#define LOAD_PARTIAL128 load_masked128
#define STORE_PARTIAL128 store_masked128
#define LOAD_COVERAGE load_coverage_masked
#define SPAN_MASKED_TAILS 1
#include "solid_spans.inc"

#else

#include "solid_spans_stubs.h"

SOLID_SPAN_STUBS(lamina_avx512_)

#endif

// The dense coverage sweep of PolygonRasterizer (see cell_accumulation.h), for AVX2: eight
// cells a step, the running sum as an in-register prefix sum (two shifts within each 128-bit
// lane, then the low lane's total carried into the high lane) plus the carry of the cells
// before. The coverage is the Swift `PolygonRasterizer.coverage` exactly, in 32-bit lanes:
// |s| as unsigned (|Int32.min| is 2^31 in both), clamped (non-zero) or folded (even-odd),
// then (a·255 + 2^16) >> 17 (coverage_avx2.h). The fused sweep-and-blend kernels of dense
// and convex rows are in solid_spans.inc.
#include "CLaminaKernels.h"
#include "cell_math.h"
#include "coverage_avx2.h"

#if defined(__x86_64__) || defined(__i386__)

AVX2 int32_t lamina_avx2_coverage_sweep(int32_t *acc, uint8_t *cov, ptrdiff_t count, int32_t sum, int evenOdd) {
    ptrdiff_t i = 0;
    __m256i carry = _mm256_set1_epi32(sum);
    const __m256i last = _mm256_set1_epi32(7);
    for (; i + 8 <= count; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(acc + i));
        _mm256_storeu_si256((__m256i *)(acc + i), _mm256_setzero_si256());
        x = running_sum8(x, carry);
        carry = _mm256_permutevar8x32_epi32(x, last);
        __m256i c = coverage8(x, evenOdd);
        // 8 × 32-bit lanes (each ≤ 255) to 8 bytes.
        __m256i w = _mm256_packus_epi32(c, c);        // per lane: c0..c3 c0..c3 as 16-bit
        __m256i b = _mm256_packus_epi16(w, w);        // per lane: bytes c0..c3 repeated
        uint32_t lo = (uint32_t)_mm_cvtsi128_si32(_mm256_castsi256_si128(b));
        uint32_t hi = (uint32_t)_mm_cvtsi128_si32(_mm256_extracti128_si256(b, 1));
        uint64_t bytes = (uint64_t)lo | ((uint64_t)hi << 32);
        __builtin_memcpy(cov + i, &bytes, 8);
    }
    int32_t s = _mm_cvtsi128_si32(_mm256_castsi256_si128(carry));
    for (; i < count; i++) {
        s = (int32_t)((uint32_t)s + (uint32_t)acc[i]);
        acc[i] = 0;
        cov[i] = cell_coverage(s, evenOdd);
    }
    return s;
}

#else

int32_t lamina_avx2_coverage_sweep(int32_t *acc, uint8_t *cov, ptrdiff_t count, int32_t sum, int evenOdd) {
    (void)acc; (void)cov; (void)count; (void)evenOdd;
    return sum;
}

#endif

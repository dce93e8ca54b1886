// The AVX2 coverage arithmetic of PolygonRasterizer's cells, shared by the sweep kernels
// (coverage_sweep_avx2.c, solid_spans.inc): running sums of 8 cells in a register and their
// coverage, exactly `PolygonRasterizer.coverage` in 32-bit lanes. Private to CLaminaKernels.
#ifndef CLAMINA_COVERAGE_AVX2_H
#define CLAMINA_COVERAGE_AVX2_H

#include "blend_avx2.h"

#if defined(__x86_64__) || defined(__i386__)

// |s| as unsigned (|Int32.min| is 2^31 in both), clamped (non-zero) or folded (even-odd), then
// (a·255 + 2^16) >> 17.
AVX2 static inline __m256i coverage8(__m256i s, int evenOdd) {
    __m256i a = _mm256_abs_epi32(s);
    if (evenOdd) {
        a = _mm256_and_si256(a, _mm256_set1_epi32((1 << 18) - 1));
        __m256i folded = _mm256_sub_epi32(_mm256_set1_epi32(1 << 18), a);
        a = _mm256_min_epu32(a, folded); // a ≤ 2^18: a > 2^17 exactly when 2^18 − a < a
    } else {
        a = _mm256_min_epu32(a, _mm256_set1_epi32(1 << 17));
    }
    __m256i t = _mm256_add_epi32(_mm256_mullo_epi32(a, _mm256_set1_epi32(255)), _mm256_set1_epi32(1 << 16));
    return _mm256_srli_epi32(t, 17);
}

// The running sums of 8 cells: each lane gets carry + the cells up to and including it (two
// shifts within each 128-bit lane, then the low lane's total carried into the high lane).
AVX2 static inline __m256i running_sum8(__m256i x, __m256i carry) {
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));
    __m256i low = _mm256_shuffle_epi32(x, 0xFF);                    // each lane's total, broadcast
    x = _mm256_add_epi32(x, _mm256_permute2x128_si256(low, low, 0x08)); // low lane's total into the high lane
    return _mm256_add_epi32(x, carry);
}

#endif
#endif

// The dense coverage sweep of PolygonRasterizer (see cell_accumulation.h), for AVX2: eight
// cells a step, the running sum as an in-register prefix sum (two shifts within each 128-bit
// lane, then the low lane's total carried into the high lane) plus the carry of the cells
// before. The coverage is the Swift `PolygonRasterizer.coverage` exactly, in 32-bit lanes:
// |s| as unsigned (|Int32.min| is 2^31 in both), clamped (non-zero) or folded (even-odd),
// then (a·255 + 2^16) >> 17. `lamina_avx2_cells_over` fuses that sweep with the solid span
// kernel for the dense rows of a thin stroke: the coverage goes from registers to pixels
// without being stored and reloaded, and the row's 1–7 last cells are a vector step over
// the row's slack rather than a scalar loop.
#include "CLaminaKernels.h"
#include "cell_math.h"
#include "blend_avx2.h"

#if defined(__x86_64__) || defined(__i386__)


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

AVX2 int32_t lamina_avx2_cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int evenOdd, uint32_t color) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), z);
    const int magic = lamina_mulhrs_magic[255 - (color >> 24)];
    const __m256i c8 = _mm256_set1_epi32((int)color), m = _mm256_set1_epi16((short)magic);
    // Each 32-bit lane's coverage byte (≤ 255, low byte) copied to the pixel's four bytes.
    const __m256i rep = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                         0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    const __m256i full = _mm256_set1_epi32(255);
    __m256i carry = _mm256_set1_epi32(0);
    ptrdiff_t i = 0;
    // Whole blocks of 8: span_over's block rules (nothing at coverage 0, fill_over8_magic at
    // full coverage, span_over8 otherwise), the coverage taken from registers.
    for (; i + 8 <= count; i += 8) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(acc + i));
        _mm256_storeu_si256((__m256i *)(acc + i), z);
        x = running_sum8(x, carry);
        carry = _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(7));
        __m256i c = coverage8(x, evenOdd);
        if (_mm256_testz_si256(c, c)) continue;
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        if (magic >= 0 && _mm256_movemask_epi8(_mm256_cmpeq_epi32(c, full)) == -1) {
            _mm256_storeu_si256((__m256i *)(dst + i), fill_over8_magic(d, m, c8));
        } else {
            _mm256_storeu_si256((__m256i *)(dst + i), span_over8(d, _mm256_shuffle_epi8(c, rep), c16));
        }
    }
    if (i == count) return _mm_cvtsi128_si32(_mm256_castsi256_si128(carry));
    // The last 1–7 pixels: a whole block of cells (the caller provides them; those past count
    // are cleared and left out of the sum), span_over's tail for the pixels.
    const ptrdiff_t n = count - i;
    __m256i x = _mm256_loadu_si256((const __m256i *)(acc + i));
    _mm256_storeu_si256((__m256i *)(acc + i), z);
    x = _mm256_and_si256(x, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7)));
    x = running_sum8(x, carry);
    const __m256i k8 = _mm256_shuffle_epi8(coverage8(x, evenOdd), rep);
    if (n <= 4) {
        __m128i d = n == 4 ? _mm_loadu_si128((const __m128i *)(dst + i)) : load_partial128(dst + i, n);
        __m128i r = span_over4(d, _mm256_castsi256_si128(k8), _mm256_castsi256_si128(c16));
        if (n == 4) _mm_storeu_si128((__m128i *)(dst + i), r); else store_partial128(dst + i, n, r);
    } else {
        store_partial(dst + i, n, span_over8(load_partial(dst + i, n), k8, c16));
    }
    // Lanes past n hold the sum of lane n − 1 (their cells were masked to 0).
    return _mm256_extract_epi32(x, 7);
}

// The first n (1...8) cells at p as a running sum from carry; clears those cells (the rest of
// the block is written back unchanged) and leaves the others out of the sum, so every lane
// from n − 1 up holds the total.
AVX2 static inline __m256i take_cells(int32_t *p, ptrdiff_t n, __m256i carry) {
    __m256i x = _mm256_loadu_si256((const __m256i *)p);
    const __m256i in = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    _mm256_storeu_si256((__m256i *)p, _mm256_andnot_si256(in, x));
    return running_sum8(_mm256_and_si256(x, in), carry);
}

// span_over's treatment of a span of n (1...8) pixels, the coverage bytes already spread over
// each pixel's four bytes in k8: the same blocks and tails, so the same bytes.
AVX2 static inline void short_span_over(uint32_t *dst, ptrdiff_t n, __m256i k8, __m256i c16, int magic, __m256i m, __m256i c8) {
    if (n == 8) {
        if (_mm256_testz_si256(k8, k8)) return;
        __m256i d = _mm256_loadu_si256((const __m256i *)dst);
        if (magic >= 0 && _mm256_movemask_epi8(_mm256_cmpeq_epi8(k8, _mm256_set1_epi8(-1))) == -1) {
            _mm256_storeu_si256((__m256i *)dst, fill_over8_magic(d, m, c8));
        } else {
            _mm256_storeu_si256((__m256i *)dst, span_over8(d, k8, c16));
        }
    } else if (n <= 4) {
        __m128i d = n == 4 ? _mm_loadu_si128((const __m128i *)dst) : load_partial128(dst, n);
        __m128i r = span_over4(d, _mm256_castsi256_si128(k8), _mm256_castsi256_si128(c16));
        if (n == 4) _mm_storeu_si128((__m128i *)dst, r); else store_partial128(dst, n, r);
    } else {
        store_partial(dst, n, span_over8(load_partial(dst, n), k8, c16));
    }
}

// PixelKernels.scale: each channel of p times k/255, rounded (div255 of the product).
static inline uint32_t scale_color(uint32_t p, uint32_t k) {
    uint32_t r = 0;
    for (int sh = 0; sh < 32; sh += 8) {
        uint32_t t = ((p >> sh) & 255) * k + 128;
        r |= ((t + (t >> 8)) >> 8) << sh;
    }
    return r;
}

AVX2 int32_t lamina_avx2_cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,
                                         int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i c16 = _mm256_unpacklo_epi8(_mm256_set1_epi32((int)color), z);
    const int magic = lamina_mulhrs_magic[255 - (color >> 24)];
    const __m256i c8 = _mm256_set1_epi32((int)color), m = _mm256_set1_epi16((short)magic);
    const __m256i rep = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                         0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    __m256i x = take_cells(cells0, n0, z);
    short_span_over(dst, n0, _mm256_shuffle_epi8(coverage8(x, evenOdd), rep), c16, magic, m, c8);
    const int32_t s = _mm256_extract_epi32(x, 7);
    const uint8_t v = cell_coverage(s, evenOdd);
    if (v != 0) fill_over(dst + n0, runCount, v == 255 ? color : scale_color(color, v));
    x = take_cells(cells1, n1, _mm256_permutevar8x32_epi32(x, _mm256_set1_epi32(7)));
    short_span_over(dst + n0 + runCount, n1, _mm256_shuffle_epi8(coverage8(x, evenOdd), rep), c16, magic, m, c8);
    return _mm256_extract_epi32(x, 7);
}

#else

int32_t lamina_avx2_cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,
                                    int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color) {
    (void)dst; (void)cells0; (void)n0; (void)runCount; (void)cells1; (void)n1; (void)evenOdd; (void)color;
    return 0;
}

int32_t lamina_avx2_cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int evenOdd, uint32_t color) {
    (void)dst; (void)acc; (void)count; (void)evenOdd; (void)color;
    return 0;
}

int32_t lamina_avx2_coverage_sweep(int32_t *acc, uint8_t *cov, ptrdiff_t count, int32_t sum, int evenOdd) {
    (void)acc; (void)cov; (void)count; (void)evenOdd;
    return sum;
}

#endif

// AVX2 versions of LaminaRaster's span kernels (see CLaminaKernels.h for the contract).
//
// Layout: 8 pixels per 256-bit register. Bytes are widened to 16-bit lanes with unpacklo/hi
// against zero (pixels 0,1,4,5 and 2,3,6,7) and packed back with packus in the same order,
// so no cross-lane shuffle is needed. A pixel's alpha is broadcast to its four lanes with
// pshuflw/pshufhw. The last 1–7 pixels go through plain partial moves (load_partial128 below),
// never touching memory past the span. For valid premultiplied input (colour ≤ alpha) no sum exceeds 255;
// sums are masked to 8 bits before packing so invalid input wraps instead of saturating.
#include "CLaminaKernels.h"
#include <stdlib.h>
#include <string.h>

#include "blend_avx2.h"

#if defined(__x86_64__) || defined(__i386__)

int lamina_kernels_have_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

// Multiplying by a constant k/255 with rounding, div255(x·k) for every byte x, in one
// pmulhrsw: (x·m + 2^14) >> 15 equals div255(x·k) for all x in 0...255 with m = this table's
// entry k (the first such m from k·2^15/255 − 16 up; one exists for every k). Generated
// offline; `lamina_kernels_check_magic` re-checks every entry exhaustively (a test calls it).
const int16_t lamina_mulhrs_magic[256] = {
    0, 128, 256, 385, 512, 642, 771, 900, 1024, 1156, 1284, 1413,
    1542, 1671, 1799, 1924, 2048, 2181, 2313, 2441, 2569, 2698, 2825, 2955,
    3084, 3212, 3341, 3469, 3597, 3724, 3852, 3984, 4096, 4240, 4365, 4497,
    4626, 4755, 4883, 5011, 5139, 5267, 5397, 5525, 5654, 5779, 5911, 6037,
    6168, 6297, 6424, 6541, 6682, 6811, 6939, 7067, 7196, 7324, 7448, 7581,
    7707, 7836, 7967, 8095, 8208, 8352, 8481, 8609, 8734, 8866, 8994, 9123,
    9252, 9381, 9509, 9634, 9766, 9895, 10023, 10151, 10279, 10408, 10533, 10666,
    10794, 10907, 11050, 11179, 11308, 11437, 11562, 11694, 11822, 11950, 12079, 12207,
    12336, 12465, 12593, 12721, 12849, 12979, 13095, 13234, 13364, 13489, 13621, 13750,
    13878, 14006, 14134, 14263, 14392, 14521, 14649, 14777, 14906, 15034, 15163, 15288,
    15417, 15549, 15677, 15805, 15934, 16062, 16191, 16320, 16432, 16576, 16704, 16833,
    16962, 17091, 17219, 17344, 17472, 17605, 17733, 17862, 17989, 18118, 18246, 18376,
    18504, 18632, 18761, 18889, 19018, 19147, 19272, 19403, 19533, 19648, 19789, 19917,
    20046, 20175, 20302, 20432, 20559, 20689, 20817, 20946, 21066, 21199, 21331, 21460,
    21588, 21717, 21829, 21973, 22102, 22231, 22359, 22487, 22616, 22745, 22873, 23001,
    23127, 23259, 23387, 23515, 23644, 23772, 23901, 24026, 24159, 24287, 24415, 24544,
    24672, 24801, 24930, 25054, 25187, 25315, 25443, 25572, 25700, 25829, 25957, 26086,
    26202, 26342, 26467, 26600, 26729, 26857, 26982, 27114, 27243, 27370, 27500, 27627,
    27756, 27885, 28012, 28142, 28270, 28395, 28527, 28656, 28783, 28909, 29042, 29170,
    29298, 29427, 29554, 29684, 29813, 29941, 30069, 30197, 30327, 30454, 30580, 30712,
    30837, 30969, 31097, 31226, 31355, 31482, 31611, 31740, 31868, 31996, 32125, 32254,
    32382, 32511, 32639, 32752,
};

static uint32_t div255_scalar(uint32_t t) { uint32_t u = t + 128; return (u + (u >> 8)) >> 8; }

int lamina_kernels_check_magic(void) {
    int bad = 0;
    for (uint32_t k = 0; k < 256; k++) {
        uint32_t m = (uint32_t)lamina_mulhrs_magic[k];
        for (uint32_t x = 0; x < 256; x++) bad += ((x * m + 16384) >> 15) != div255_scalar(x * k);
    }
    return bad;
}

int lamina_kernels_have_avx512(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
}

int lamina_kernels_use_avx2_ = 0;
int lamina_kernels_use_avx512_ = 0;

__attribute__((constructor)) static void lamina_kernels_choose(void) {
    const char *v = getenv("LAMINA_KERNELS");
    lamina_kernels_use_avx2_ = lamina_kernels_have_avx2() && !(v && strcmp(v, "portable") == 0);
    lamina_kernels_use_avx512_ = lamina_kernels_use_avx2_ && lamina_kernels_have_avx512() && !(v && strcmp(v, "avx2") == 0);
}



// 8 source pixels scaled by k16 (16-bit lanes, per half; NULL-equivalent when k is 255) over d.
AVX2 static inline __m256i row_over8(__m256i s, __m256i d, __m256i k16, int scaled) {
    const __m256i z = _mm256_setzero_si256();
    __m256i slo = _mm256_unpacklo_epi8(s, z), shi = _mm256_unpackhi_epi8(s, z);
    if (scaled) {
        slo = div255(_mm256_mullo_epi16(slo, k16));
        shi = div255(_mm256_mullo_epi16(shi, k16));
    }
    __m256i lo = over16(slo, _mm256_unpacklo_epi8(d, z));
    __m256i hi = over16(shi, _mm256_unpackhi_epi8(d, z));
    return _mm256_packus_epi16(lo, hi);
}

// 8 opaque source pixels at opacity k over d: s'a = k for all, so both products have constant
// multipliers (k and 255 − k), each one pmulhrsw.
AVX2 static inline __m256i row_over8_opaque(__m256i s, __m256i d, __m256i mk, __m256i mia) {
    const __m256i z = _mm256_setzero_si256();
    __m256i lo = _mm256_add_epi16(_mm256_mulhrs_epi16(_mm256_unpacklo_epi8(s, z), mk),
                                  _mm256_mulhrs_epi16(_mm256_unpacklo_epi8(d, z), mia));
    __m256i hi = _mm256_add_epi16(_mm256_mulhrs_epi16(_mm256_unpackhi_epi8(s, z), mk),
                                  _mm256_mulhrs_epi16(_mm256_unpackhi_epi8(d, z), mia));
    return _mm256_packus_epi16(lo, hi);
}

AVX2 void lamina_avx2_row_over(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint8_t alpha) {
    if (alpha == 0 || count <= 0) return;
    const __m256i k16 = _mm256_set1_epi16(alpha);
    const int scaled = alpha != 255;
    ptrdiff_t i = 0;
    const int mk = lamina_mulhrs_magic[alpha], mia = lamina_mulhrs_magic[255 - alpha];
    if (mk >= 0 && mia >= 0) {
        // Layers and images are mostly opaque: per 8 pixels, the constant-multiplier form
        // when all eight alphas are 255 (the sums stay ≤ 255, so packus is exact).
        const __m256i vmk = _mm256_set1_epi16((short)mk), vmia = _mm256_set1_epi16((short)mia);
        const __m256i alphas = _mm256_set1_epi32((int)0xFF000000u);
        for (; i + 8 <= count; i += 8) {
            __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
            if (_mm256_testz_si256(s, s)) continue; // transparent source: dst unchanged
            __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
            __m256i r = _mm256_testc_si256(s, alphas) ? row_over8_opaque(s, d, vmk, vmia) : row_over8(s, d, k16, scaled);
            _mm256_storeu_si256((__m256i *)(dst + i), r);
        }
    }
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), row_over8(s, d, k16, scaled));
    }
    if (i < count) {
        ptrdiff_t n = count - i;
        store_partial(dst + i, n, row_over8(load_partial(src + i, n), load_partial(dst + i, n), k16, scaled));
    }
}

AVX2 static inline __m256i row_over_coverage8(__m256i s, __m256i d, __m256i k8, __m256i a16) {
    const __m256i z = _mm256_setzero_si256();
    __m256i klo = div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(k8, z), a16));
    __m256i khi = div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(k8, z), a16));
    __m256i slo = div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(s, z), klo));
    __m256i shi = div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(s, z), khi));
    __m256i lo = over16(slo, _mm256_unpacklo_epi8(d, z));
    __m256i hi = over16(shi, _mm256_unpackhi_epi8(d, z));
    return _mm256_packus_epi16(lo, hi);
}

AVX2 void lamina_avx2_row_over_coverage(uint32_t *dst, const uint32_t *src, ptrdiff_t count,
                                        const uint8_t *cov, uint8_t alpha) {
    if (alpha == 0 || count <= 0) return;
    const __m256i a16 = _mm256_set1_epi16(alpha);
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t c;
        memcpy(&c, cov + i, 8);
        if (c == 0) continue;
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), row_over_coverage8(s, d, expand_coverage(cov + i, 8), a16));
    }
    if (i < count) {
        ptrdiff_t n = count - i;
        __m256i s = load_partial(src + i, n), d = load_partial(dst + i, n);
        store_partial(dst + i, n, row_over_coverage8(s, d, expand_coverage(cov + i, n), a16));
    }
}

// Bilinear weights of two pixels (fractions fx, fy in 0...255 each) applied to their tap pairs:
// `top` holds pixel 0's (p00, p10) in its low 8 bytes and pixel 1's in its high 8 bytes,
// `bottom` the (p01, p11) pairs likewise. Each pair is interleaved per channel (pshufb) and
// widened to 16-bit lanes, so pmaddwd gives T = p00·gx + p10·fx exactly (32-bit lanes, pixel 0
// low, pixel 1 high); then (T·gy + B·fy + 2^15) >> 16 per channel with gx = 256 − fx,
// gy = 256 − fy: the same integer as TexelKernels.blend4 (< 2^24, no intermediate rounding).
// Returns both pixels packed into the low 8 bytes.
AVX2 static inline __m128i bilinear_pair(__m128i top, __m128i bottom, int32_t fx0, int32_t fy0,
                                         int32_t fx1, int32_t fy1) {
    const __m128i pairs = _mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    __m256i wx = _mm256_set_m128i(_mm_set1_epi32((256 - fx1) | (fx1 << 16)), _mm_set1_epi32((256 - fx0) | (fx0 << 16)));
    __m256i gy = _mm256_set_m128i(_mm_set1_epi32(256 - fy1), _mm_set1_epi32(256 - fy0));
    __m256i fy = _mm256_set_m128i(_mm_set1_epi32(fy1), _mm_set1_epi32(fy0));
    __m256i T = _mm256_madd_epi16(_mm256_cvtepu8_epi16(_mm_shuffle_epi8(top, pairs)), wx);
    __m256i B = _mm256_madd_epi16(_mm256_cvtepu8_epi16(_mm_shuffle_epi8(bottom, pairs)), wx);
    __m256i sum = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(T, gy), _mm256_mullo_epi32(B, fy)),
                                   _mm256_set1_epi32(0x8000));
    sum = _mm256_srli_epi32(sum, 16);
    __m128i r = _mm_packus_epi32(_mm256_castsi256_si128(sum), _mm256_extracti128_si256(sum, 1));
    return _mm_packus_epi16(r, r);
}

// The tap pairs of texel runs p0 and p1 (each two words), bottom taps `below` words further.
AVX2 static inline uint64_t bilinear_two(const uint32_t *p0, const uint32_t *p1, ptrdiff_t below,
                                         int32_t fx0, int32_t fy0, int32_t fx1, int32_t fy1) {
    __m128i top = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)p0)),
                                                (const double *)p1));
    __m128i bottom = _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(p0 + below))),
                                                   (const double *)(p1 + below)));
    // Transparent texels (common: icons, sketches, text on clear backgrounds) give 0 at any
    // weights; skipping the arithmetic there is the same result.
    __m128i any = _mm_or_si128(top, bottom);
    if (_mm_testz_si128(any, any)) return 0;
    return (uint64_t)_mm_cvtsi128_si64(bilinear_pair(top, bottom, fx0, fy0, fx1, fy1));
}

// One pixel: its taps at p and p + below, the same arithmetic as bilinear_pair.
AVX2 static inline uint32_t bilinear_one(const uint32_t *p, ptrdiff_t below, int32_t fx, int32_t fy) {
    int32_t gx = 256 - fx, gy = 256 - fy;
    __m256i top = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p));
    __m256i bottom = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(p + below)));
    __m256i wt = _mm256_set_m128i(_mm_set1_epi32(fx * gy), _mm_set1_epi32(gx * gy));
    __m256i wb = _mm256_set_m128i(_mm_set1_epi32(fx * fy), _mm_set1_epi32(gx * fy));
    __m256i s = _mm256_add_epi32(_mm256_mullo_epi32(top, wt), _mm256_mullo_epi32(bottom, wb));
    __m128i t = _mm_add_epi32(_mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1)),
                              _mm_set1_epi32(0x8000));
    t = _mm_srli_epi32(t, 16);
    t = _mm_packus_epi32(t, t);
    t = _mm_packus_epi16(t, t);
    return (uint32_t)_mm_cvtsi128_si32(t);
}

// Four pixels' tap pairs, p[k] and p[k] + below, two per 128-bit lane; fractions fx, fy
// (0...255) one pixel a 32-bit lane. The arithmetic of bilinear_pair (same integers), with
// each pixel's weights broadcast to its lane by permutes instead of scalar broadcasts.
AVX2 static inline __m128i bilinear_four(const uint32_t *p0, const uint32_t *p1, const uint32_t *p2,
                                         const uint32_t *p3, ptrdiff_t below, __m128i fx, __m128i fy) {
    const __m256i pairs = _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15,
                                           0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    const __m256i even = _mm256_setr_epi32(0, 0, 0, 0, 2, 2, 2, 2), odd = _mm256_setr_epi32(1, 1, 1, 1, 3, 3, 3, 3);
#define PAIRS(a, b) _mm_castpd_si128(_mm_loadh_pd(_mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(a))), \
                                                  (const double *)(b)))
    __m256i top = _mm256_shuffle_epi8(_mm256_setr_m128i(PAIRS(p0, p1), PAIRS(p2, p3)), pairs);
    __m256i bottom = _mm256_shuffle_epi8(_mm256_setr_m128i(PAIRS(p0 + below, p1 + below), PAIRS(p2 + below, p3 + below)),
                                         pairs);
#undef PAIRS
    const __m256i zero = _mm256_setzero_si256();
    // (gx | fx << 16) per pixel; pixels 0 and 2 (even) and 1 and 3 (odd) spread over lanes.
    __m256i wx = _mm256_castsi128_si256(_mm_or_si128(_mm_sub_epi32(_mm_set1_epi32(256), fx), _mm_slli_epi32(fx, 16)));
    __m256i gy = _mm256_castsi128_si256(_mm_sub_epi32(_mm_set1_epi32(256), fy)), fy8 = _mm256_castsi128_si256(fy);
    __m256i T0 = _mm256_madd_epi16(_mm256_unpacklo_epi8(top, zero), _mm256_permutevar8x32_epi32(wx, even));
    __m256i B0 = _mm256_madd_epi16(_mm256_unpacklo_epi8(bottom, zero), _mm256_permutevar8x32_epi32(wx, even));
    __m256i T1 = _mm256_madd_epi16(_mm256_unpackhi_epi8(top, zero), _mm256_permutevar8x32_epi32(wx, odd));
    __m256i B1 = _mm256_madd_epi16(_mm256_unpackhi_epi8(bottom, zero), _mm256_permutevar8x32_epi32(wx, odd));
    const __m256i round = _mm256_set1_epi32(0x8000);
    __m256i s0 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(
        _mm256_mullo_epi32(T0, _mm256_permutevar8x32_epi32(gy, even)),
        _mm256_mullo_epi32(B0, _mm256_permutevar8x32_epi32(fy8, even))), round), 16);
    __m256i s1 = _mm256_srli_epi32(_mm256_add_epi32(_mm256_add_epi32(
        _mm256_mullo_epi32(T1, _mm256_permutevar8x32_epi32(gy, odd)),
        _mm256_mullo_epi32(B1, _mm256_permutevar8x32_epi32(fy8, odd))), round), 16);
    __m256i words = _mm256_packus_epi32(s0, s1);           // lane 0: pixels 0, 1; lane 1: pixels 2, 3
    __m256i bytes = _mm256_packus_epi16(words, words);      // each lane: its two pixels, twice
    return _mm256_castsi256_si128(_mm256_permute4x64_epi64(bytes, 0x08)); // pixels 0, 1, 2, 3
}

// Bilinear samples of an affine map over texels whose four taps are all inside (caller
// checked). Pixel i samples at u + i·dU, v + i·dV (40.24 fixed point): top taps at texel
// (u >> 24, v >> 24) and the next, bottom taps `below` words further (stride, or 0 for a
// row clamped at the image's top or bottom edge), fractions fx = (u >> 16) & 255,
// fy = (v >> 16) & 255.
AVX2 void lamina_avx2_bilinear_affine(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                      ptrdiff_t below, ptrdiff_t count, int64_t u, int64_t dU,
                                      int64_t v, int64_t dV) {
    ptrdiff_t i = 0;
    for (; i + 2 <= count; i += 2) {
        int64_t u1 = u + dU, v1 = v + dV;
        const uint32_t *p0 = texels + (v >> 24) * stride + (u >> 24);
        const uint32_t *p1 = texels + (v1 >> 24) * stride + (u1 >> 24);
        uint64_t two = bilinear_two(p0, p1, below, (int32_t)((u >> 16) & 0xFF), (int32_t)((v >> 16) & 0xFF),
                                    (int32_t)((u1 >> 16) & 0xFF), (int32_t)((v1 >> 16) & 0xFF));
        memcpy(out + i, &two, 8);
        u = u1 + dU; v = v1 + dV;
    }
    if (i < count) { // the last pixel of an odd span
        const uint32_t *p = texels + (v >> 24) * stride + (u >> 24);
        out[i] = bilinear_one(p, below, (int32_t)((u >> 16) & 0xFF), (int32_t)((v >> 16) & 0xFF));
    }
}

// Two's-complement wrapping arithmetic on int64 (Swift's &+ and &*), without C's undefined
// signed overflow.
#define WADD(a, b) ((int64_t)((uint64_t)(a) + (uint64_t)(b)))
#define WSUB(a, b) ((int64_t)((uint64_t)(a) - (uint64_t)(b)))
#define WMUL(a, b) ((int64_t)((uint64_t)(a) * (uint64_t)(b)))
// Texel i = U >> 16 (and j) with i < maxI, j < maxJ unsigned: all four bilinear taps inside.
#define INSIDE(U, V) ((uint64_t)((U) >> 16) < maxI && (uint64_t)((V) >> 16) < maxJ)
// Whether the ClearTiles flag of the sample at inside point (U, V) says its taps are all zero.
#define CLEAR(U, V) (clear && clear[((V) >> 19) * clearStride + ((U) >> 19)])

// Arithmetic shift right of 64-bit lanes (AVX2 has only the logical one) by 0 < s < 64.
AVX2 static inline __m256i sra64(__m256i a, int s) {
    __m256i sign = _mm256_cmpgt_epi64(_mm256_setzero_si256(), a);
    return _mm256_or_si256(_mm256_srli_epi64(a, s), _mm256_slli_epi64(sign, 64 - s));
}

// TexelKernels.bilinear for a sample with a tap outside the image (texel i = U >> 16, and j):
// each tap outside is the nearest edge texel (LAMINA_EDGE_CLAMP) or 0 (LAMINA_EDGE_TRANSPARENT),
// then the same blend as the inside taps.
AVX2 static inline uint32_t bilinear_edge(const uint32_t *texels, ptrdiff_t stride, uint64_t maxI, uint64_t maxJ,
                                          int64_t U, int64_t V, int edge) {
    const int64_t w = (int64_t)maxI + 1, h = (int64_t)maxJ + 1, i = U >> 16, j = V >> 16;
    uint32_t taps[4]; // p00, p10, p01, p11: the top pair, then the bottom pair
    for (int k = 0; k < 4; k++) {
        int64_t ii = i + (k & 1), jj = j + (k >> 1);
        if (ii >= 0 && ii < w && jj >= 0 && jj < h) {
            taps[k] = texels[jj * stride + ii];
        } else if (edge == LAMINA_EDGE_CLAMP) {
            ii = ii < 0 ? 0 : (ii >= w ? w - 1 : ii);
            jj = jj < 0 ? 0 : (jj >= h ? h - 1 : jj);
            taps[k] = texels[jj * stride + ii];
        } else {
            taps[k] = 0;
        }
    }
    return bilinear_one(taps, 2, (int32_t)((U >> 8) & 0xFF), (int32_t)((V >> 8) & 0xFF));
}

// Bilinear samples along one segment of PerspectiveSampling.interpolated (16.16 texel-centre
// coordinates U = u0 + (nu >> shift2), V = v0 + (nv >> shift2), the numerators stepped by exact
// forward differences: nu += du, du += ddu; likewise v). Stops before the first pixel whose taps
// are not all inside; `state` is left at that pixel. Inlined with a constant shift2 by the row
// kernel below.
AVX2 static inline ptrdiff_t parabola_run(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                          ptrdiff_t count, int64_t u0, int64_t v0, int64_t ddu,
                                          int64_t ddv, int shift2, uint64_t maxI, uint64_t maxJ,
                                          const uint8_t *clear, ptrdiff_t clearStride, int edge,
                                          lamina_parabola *state) {
    int64_t nu = state->nu, du = state->du, nv = state->nv, dv = state->dv;
    ptrdiff_t i = 0;
    // Under perspective a screen row walks a slanted line through the texels, which the
    // hardware prefetcher does not follow. For an image too big for the caches, ask for the
    // texels 8 and 16 pixels past this run (on the same parabola), both rows of taps, so they
    // arrive while this run blends (page fold at 1080p: 27 → 23 ms). Small images (S2's
    // 256 KiB) stay in the cache, where the hints only cost time.
    int big = (uint64_t)stride * (maxJ + 1) >= (1u << 18); // ≥ 1 MiB of texels
    for (int64_t ahead = count + 8; big && ahead <= count + 16; ahead += 8) {
        int64_t U = WADD(u0, WADD(WADD(nu, WMUL(ahead, du)), WMUL(ahead * (ahead - 1) / 2, ddu)) >> shift2);
        int64_t V = WADD(v0, WADD(WADD(nv, WMUL(ahead, dv)), WMUL(ahead * (ahead - 1) / 2, ddv)) >> shift2);
        if (INSIDE(U, V) && !CLEAR(U, V)) {
            const uint32_t *p = texels + (V >> 16) * stride + (U >> 16);
            _mm_prefetch((const char *)p, _MM_HINT_T0);
            _mm_prefetch((const char *)(p + stride), _MM_HINT_T0);
        }
    }
    if (count - i >= 4) {
        // Four pixels a step with the coordinates in 64-bit lanes: lane l holds pixel k + l's
        // numerator N(k + l) and difference D(k + l); a step adds 4·D + 6·DD and 4·DD (the same
        // integers as four scalar steps).
        // The four lanes by scalar steps (cheaper than 64-bit lane multiplies, and a segment
        // has only 16 pixels to pay for its setup).
        const __m256i vddu = _mm256_set1_epi64x(ddu), vddv = _mm256_set1_epi64x(ddv);
        int64_t du1 = WADD(du, ddu), du2 = WADD(du1, ddu), dv1 = WADD(dv, ddv), dv2 = WADD(dv1, ddv);
        int64_t nu1 = WADD(nu, du), nu2 = WADD(nu1, du1), nv1 = WADD(nv, dv), nv2 = WADD(nv1, dv1);
        __m256i NU = _mm256_setr_epi64x(nu, nu1, nu2, WADD(nu2, du2));
        __m256i DU = _mm256_setr_epi64x(du, du1, du2, WADD(du2, ddu));
        __m256i NV = _mm256_setr_epi64x(nv, nv1, nv2, WADD(nv2, dv2));
        __m256i DV = _mm256_setr_epi64x(dv, dv1, dv2, WADD(dv2, ddv));
        const __m256i six_ddu = _mm256_set1_epi64x(WMUL(6, ddu)), six_ddv = _mm256_set1_epi64x(WMUL(6, ddv));
        const __m256i vu0 = _mm256_set1_epi64x(u0), vv0 = _mm256_set1_epi64x(v0);
        // Inside: 0 ≤ U < maxI·2^16 (and V), so i = U >> 16 < maxI; then U, V < 2^31.
        const __m256i limU = _mm256_set1_epi64x((int64_t)(maxI << 16)), limV = _mm256_set1_epi64x((int64_t)(maxJ << 16));
        const __m256i minus1 = _mm256_set1_epi64x(-1), vstride = _mm256_set1_epi64x(stride);
        const __m256i vcs = _mm256_set1_epi64x(clearStride), low = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
        const __m128i byte = _mm_set1_epi32(0xFF);
        for (; i + 4 <= count; i += 4) {
            __m256i U = _mm256_add_epi64(vu0, sra64(NU, shift2)), V = _mm256_add_epi64(vv0, sra64(NV, shift2));
            __m256i in = _mm256_and_si256(_mm256_and_si256(_mm256_cmpgt_epi64(U, minus1), _mm256_cmpgt_epi64(limU, U)),
                                          _mm256_and_si256(_mm256_cmpgt_epi64(V, minus1), _mm256_cmpgt_epi64(limV, V)));
            if (_mm256_movemask_pd(_mm256_castsi256_pd(in)) != 0xF) break; // the pair loop takes it from here
            NU = _mm256_add_epi64(NU, _mm256_add_epi64(_mm256_slli_epi64(DU, 2), six_ddu));
            DU = _mm256_add_epi64(DU, _mm256_slli_epi64(vddu, 2));
            NV = _mm256_add_epi64(NV, _mm256_add_epi64(_mm256_slli_epi64(DV, 2), six_ddv));
            DV = _mm256_add_epi64(DV, _mm256_slli_epi64(vddv, 2));
            if (clear) {
                int64_t tile[4];
                _mm256_storeu_si256((__m256i *)tile, _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(V, 19), vcs),
                                                                     _mm256_srli_epi64(U, 19)));
                if (clear[tile[0]] && clear[tile[1]] && clear[tile[2]] && clear[tile[3]]) { // all four 0, no texel loaded
                    memset(out + i, 0, 16);
                    continue;
                }
            }
            int64_t at[4];
            _mm256_storeu_si256((__m256i *)at, _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(V, 16), vstride),
                                                               _mm256_srli_epi64(U, 16)));
            __m128i u32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(U, low));
            __m128i v32 = _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(V, low));
            __m128i four = bilinear_four(texels + at[0], texels + at[1], texels + at[2], texels + at[3], stride,
                                         _mm_and_si128(_mm_srli_epi32(u32, 8), byte), _mm_and_si128(_mm_srli_epi32(v32, 8), byte));
            _mm_storeu_si128((__m128i *)(out + i), four);
        }
        // Lane 0 is the next pixel's state.
        nu = _mm256_extract_epi64(NU, 0); du = _mm256_extract_epi64(DU, 0);
        nv = _mm256_extract_epi64(NV, 0); dv = _mm256_extract_epi64(DV, 0);
    }
    while (i + 2 <= count) {
        int64_t Ua = WADD(u0, nu >> shift2), Va = WADD(v0, nv >> shift2);
        int64_t nu1 = WADD(nu, du), du1 = WADD(du, ddu), nv1 = WADD(nv, dv), dv1 = WADD(dv, ddv);
        int64_t Ub = WADD(u0, nu1 >> shift2), Vb = WADD(v0, nv1 >> shift2);
        if (!(INSIDE(Ua, Va) && INSIDE(Ub, Vb))) {
            // A tap outside: with a known edge mode, the first pixel alone, then on in pairs.
            if (edge == LAMINA_EDGE_STOP) break;
            out[i] = INSIDE(Ua, Va) ? bilinear_one(texels + (Va >> 16) * stride + (Ua >> 16), stride,
                                                   (int32_t)((Ua >> 8) & 0xFF), (int32_t)((Va >> 8) & 0xFF))
                                    : bilinear_edge(texels, stride, maxI, maxJ, Ua, Va, edge);
            nu = nu1; du = du1; nv = nv1; dv = dv1;
            i += 1;
            continue;
        }
        nu = WADD(nu1, du1); du = WADD(du1, ddu); nv = WADD(nv1, dv1); dv = WADD(dv1, ddv);
        i += 2;
        if (CLEAR(Ua, Va) && CLEAR(Ub, Vb)) { // both 0 without loading a texel
            memset(out + i - 2, 0, 8);
            continue;
        }
        const uint32_t *p0 = texels + (Va >> 16) * stride + (Ua >> 16);
        const uint32_t *p1 = texels + (Vb >> 16) * stride + (Ub >> 16);
        uint64_t two = bilinear_two(p0, p1, stride, (int32_t)((Ua >> 8) & 0xFF), (int32_t)((Va >> 8) & 0xFF),
                                    (int32_t)((Ub >> 8) & 0xFF), (int32_t)((Vb >> 8) & 0xFF));
        memcpy(out + i - 2, &two, 8);
    }
    if (i < count) { // an odd last pixel, or the first of a pair whose second is outside
        int64_t U = WADD(u0, nu >> shift2), V = WADD(v0, nv >> shift2);
        if (INSIDE(U, V) || edge != LAMINA_EDGE_STOP) {
            out[i] = INSIDE(U, V) ? bilinear_one(texels + (V >> 16) * stride + (U >> 16), stride,
                                                 (int32_t)((U >> 8) & 0xFF), (int32_t)((V >> 8) & 0xFF))
                                  : bilinear_edge(texels, stride, maxI, maxJ, U, V, edge);
            nu = WADD(nu, du); du = WADD(du, ddu); nv = WADD(nv, dv); dv = WADD(dv, ddv);
            i += 1;
        }
    }
    state->nu = nu; state->du = du; state->nv = nv; state->dv = dv;
    return i;
}

AVX2 ptrdiff_t lamina_avx2_bilinear_parabola(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                             ptrdiff_t count, int64_t u0, int64_t v0, int64_t ddu,
                                             int64_t ddv, int shift2, uint64_t maxI, uint64_t maxJ,
                                             const uint8_t *clear, ptrdiff_t clearStride, int edge,
                                             lamina_parabola *state) {
    return parabola_run(out, texels, stride, count, u0, v0, ddu, ddv, shift2, maxI, maxJ, clear, clearStride,
                        edge, state);
}

#pragma STDC FP_CONTRACT OFF

// TexelKernels.fixed for four coordinates: to 16.16 texel-centre fixed point, clamped to ±2^46
// (NaN to −2^46). Same operations in the same order as the Swift, so the same bits (no FMA:
// this file's target has none, and contraction is off). The whole doubles (|v| ≤ 2^46) become
// int64 through the 2^52 + 2^51 bias, exact below 2^51.
AVX2 static inline __m256i fixed16x4(__m256d u) {
    const __m256d limit = _mm256_set1_pd(0x1p46), bias = _mm256_set1_pd(0x1.8p52);
    __m256d f = _mm256_mul_pd(_mm256_sub_pd(u, _mm256_set1_pd(0.5)), _mm256_set1_pd(65536.0));
    __m256d in = _mm256_and_pd(_mm256_cmp_pd(f, _mm256_sub_pd(_mm256_setzero_pd(), limit), _CMP_GT_OQ),
                               _mm256_cmp_pd(f, limit, _CMP_LT_OQ));
    __m256d far = _mm256_blendv_pd(_mm256_sub_pd(_mm256_setzero_pd(), limit), limit,
                                   _mm256_cmp_pd(f, _mm256_setzero_pd(), _CMP_GT_OQ));
    __m256d v = _mm256_blendv_pd(far, _mm256_floor_pd(f), in);
    return _mm256_sub_epi64(_mm256_castpd_si256(_mm256_add_pd(v, bias)), _mm256_castpd_si256(bias));
}

// The range of one coordinate over a whole segment: U(k) = u0 + floor(N(k) / 2^8) lies within
// 1 below the real parabola p(k) through (0, u0), (8, um), (16, u1), and p(k) is the chord plus
// b·k(16 − k)/64 with bend b = um − (u0 + u1)/2, which over 0 ≤ k ≤ 16 adds between min(0, b)
// and max(0, b). So min(u0, u1) + min(0, ⌊b⌋) − 1 ≤ U(k) ≤ max(u0, u1) + max(0, ⌈b⌉).
static inline void segment_range(int64_t u0, int64_t um, int64_t u1, int64_t *lo, int64_t *hi) {
    int64_t twice = WSUB(WMUL(2, um), WADD(u0, u1)); // 2b
    int64_t down = twice >> 1, up = WADD(twice, 1) >> 1; // ⌊b⌋, ⌈b⌉
    *lo = WSUB(WADD(u0 < u1 ? u0 : u1, down < 0 ? down : 0), 1);
    *hi = WADD(u0 > u1 ? u0 : u1, up > 0 ? up : 0);
}

void lamina_segment_range(int64_t u0, int64_t um, int64_t u1, int64_t *lo, int64_t *hi) {
    segment_range(u0, um, u1, lo, hi);
}

// Whether every sample of a segment is inside the image and in a ClearTiles block, so all of
// them are 0: the blocks of the segment's whole coordinate box are checked (a few flags for 16
// pixels, instead of one per pixel).
static inline int segment_clear(int64_t u0, int64_t um, int64_t u1, int64_t v0, int64_t vm, int64_t v1,
                                uint64_t maxI, uint64_t maxJ, const uint8_t *clear, ptrdiff_t clearStride) {
    int64_t ulo, uhi, vlo, vhi;
    segment_range(u0, um, u1, &ulo, &uhi);
    segment_range(v0, vm, v1, &vlo, &vhi);
    if (ulo < 0 || vlo < 0 || (uint64_t)(uhi >> 16) >= maxI || (uint64_t)(vhi >> 16) >= maxJ) return 0;
    return lamina_clear_blocks(clear, clearStride, ulo >> 19, uhi >> 19, vlo >> 19, vhi >> 19);
}

AVX2 ptrdiff_t lamina_avx2_perspective_bilinear_row(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                                    ptrdiff_t width, ptrdiff_t height, const uint8_t *clear,
                                                    ptrdiff_t clearStride, int edge, const double *m, double minW,
                                                    ptrdiff_t y, ptrdiff_t x, ptrdiff_t count) {
    enum { n = 16, shift2 = 8, chunk = 32 }; // InterpolatedPerspective.step, 2 · shift; segments a batch
    const uint64_t maxI = (uint64_t)(width - 1), maxJ = (uint64_t)(height - 1);
    const double fy = (double)y + 0.5;
    const double rowU = m[1] * fy + m[2], rowV = m[4] * fy + m[5], rowW = m[7] * fy + m[8];
    ptrdiff_t X = x, end = x + count;
    // ImageShader.exactPoint at columns first + 8k: computed for a batch of segments up front,
    // so the divides are independent of each other and of the sampling, and overlap.
    // Four points per step in doubles, IEEE operations in the scalar order.
    int64_t pu[2 * chunk + 4], pv[2 * chunk + 4], ok[2 * chunk + 4];
    const __m256d m0 = _mm256_set1_pd(m[0]), m3 = _mm256_set1_pd(m[3]), m6 = _mm256_set1_pd(m[6]);
    const __m256d vrowU = _mm256_set1_pd(rowU), vrowV = _mm256_set1_pd(rowV), vrowW = _mm256_set1_pd(rowW);
    const __m256d vminW = _mm256_set1_pd(minW), steps = _mm256_setr_pd(0, 8, 16, 24);
    while (X < end) {
        ptrdiff_t first = X & ~(ptrdiff_t)(n - 1);
        ptrdiff_t segments = (end - first + n - 1) / n;
        if (segments > chunk) segments = chunk;
        for (ptrdiff_t k = 0; k <= 2 * segments; k += 4) {
            // fx = (double)(first + 8k) + 0.5, exactly as the scalar (integers < 2^53 are exact).
            __m256d fx = _mm256_add_pd(_mm256_add_pd(_mm256_set1_pd((double)(first + 8 * k)), steps), _mm256_set1_pd(0.5));
            __m256d W = _mm256_add_pd(_mm256_mul_pd(m6, fx), vrowW);
            __m256d rw = _mm256_div_pd(_mm256_set1_pd(1.0), W);
            _mm256_storeu_si256((__m256i *)(ok + k), _mm256_castpd_si256(_mm256_cmp_pd(W, vminW, _CMP_GT_OQ)));
            _mm256_storeu_si256((__m256i *)(pu + k), fixed16x4(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(m0, fx), vrowU), rw)));
            _mm256_storeu_si256((__m256i *)(pv + k), fixed16x4(_mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(m3, fx), vrowV), rw)));
        }
        for (ptrdiff_t s = 0; s < segments && X < end; s++) {
            ptrdiff_t X0 = first + n * s, X1 = X0 + n, segEnd = end < X1 ? end : X1;
            if (!(ok[2 * s] && ok[2 * s + 1] && ok[2 * s + 2])) return X - x;
            int64_t u0 = pu[2 * s], v0 = pv[2 * s];
            int64_t d1u = WSUB(pu[2 * s + 1], u0), d2u = WSUB(pu[2 * s + 2], u0);
            int64_t d1v = WSUB(pv[2 * s + 1], v0), d2v = WSUB(pv[2 * s + 2], v0);
            int64_t ua = WMUL(n, WSUB(WMUL(4, d1u), d2u)), ub = WMUL(2, WSUB(d2u, WMUL(2, d1u)));
            int64_t va = WMUL(n, WSUB(WMUL(4, d1v), d2v)), vb = WMUL(2, WSUB(d2v, WMUL(2, d1v)));
            if (clear && segment_clear(u0, pu[2 * s + 1], pu[2 * s + 2], v0, pv[2 * s + 1], pv[2 * s + 2], maxI, maxJ,
                                       clear, clearStride)) {
                memset(out + (X - x), 0, (size_t)(segEnd - X) * 4); // every sample of the segment is 0
                X = segEnd;
                continue;
            }
            int64_t k0 = X - X0;
            lamina_parabola state = {
                WMUL(k0, WADD(ua, WMUL(k0, ub))), WADD(ua, WMUL(2 * k0 + 1, ub)),
                WMUL(k0, WADD(va, WMUL(k0, vb))), WADD(va, WMUL(2 * k0 + 1, vb)),
            };
            ptrdiff_t done = parabola_run(out + (X - x), texels, stride, segEnd - X, u0, v0, WMUL(2, ub),
                                          WMUL(2, vb), shift2, maxI, maxJ, clear, clearStride, edge, &state);
            X += done;
            if (X < segEnd) return X - x;
        }
    }
    return X - x;
}

#undef INSIDE
#undef CLEAR

#else // not x86: no AVX2 kernels; Swift never calls the entry points below.

int lamina_kernels_have_avx2(void) { return 0; }
int lamina_kernels_have_avx512(void) { return 0; }
int lamina_kernels_use_avx2_ = 0;
int lamina_kernels_check_magic(void) { return 0; }
void lamina_avx2_row_over(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint8_t alpha) {
    (void)dst; (void)src; (void)count; (void)alpha;
}
void lamina_avx2_row_over_coverage(uint32_t *dst, const uint32_t *src, ptrdiff_t count,
                                   const uint8_t *cov, uint8_t alpha) {
    (void)dst; (void)src; (void)count; (void)cov; (void)alpha;
}
void lamina_avx2_bilinear_affine(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                 ptrdiff_t below, ptrdiff_t count, int64_t u, int64_t dU,
                                 int64_t v, int64_t dV) {
    (void)out; (void)texels; (void)stride; (void)below; (void)count; (void)u; (void)dU; (void)v; (void)dV;
}
ptrdiff_t lamina_avx2_bilinear_parabola(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                        ptrdiff_t count, int64_t u0, int64_t v0, int64_t ddu,
                                        int64_t ddv, int shift2, uint64_t maxI, uint64_t maxJ,
                                        const uint8_t *clear, ptrdiff_t clearStride, int edge,
                                        lamina_parabola *state) {
    (void)clear; (void)clearStride; (void)edge; (void)out; (void)texels; (void)stride; (void)count; (void)u0; (void)v0; (void)ddu; (void)ddv;
    (void)shift2; (void)maxI; (void)maxJ; (void)state;
    return 0;
}
void lamina_segment_range(int64_t u0, int64_t um, int64_t u1, int64_t *lo, int64_t *hi) {
    (void)u0; (void)um; (void)u1; *lo = 0; *hi = 0;
}
ptrdiff_t lamina_avx2_perspective_bilinear_row(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                               ptrdiff_t width, ptrdiff_t height, const uint8_t *clear,
                                               ptrdiff_t clearStride, int edge, const double *m, double minW,
                                               ptrdiff_t y, ptrdiff_t x, ptrdiff_t count) {
    (void)edge; (void)out; (void)texels; (void)stride; (void)width; (void)height; (void)clear; (void)clearStride;
    (void)m; (void)minW; (void)y; (void)x; (void)count;
    return 0;
}

#endif

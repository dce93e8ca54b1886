// The AVX2 pixel arithmetic shared by the blending kernels (kernels_avx2.c, solid_spans.inc):
// 8 premultiplied RGBA8 pixels per 256-bit register, partial moves for the last 1–7 pixels,
// source-over of a constant colour through per-pixel coverage. Private to CLaminaKernels (not
// in include/). Every function is the definition the kernels share, so two kernels that use
// them for the same pixels give the same bytes.
#ifndef CLAMINA_BLEND_AVX2_H
#define CLAMINA_BLEND_AVX2_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))
#define AVX2_INLINE __attribute__((target("avx2"), always_inline)) static inline

/// pmulhrsw multipliers: (x·m + 2^14) >> 15 equals div255(x·k) for every byte x when m is
/// entry k (one exists for every k); defined and checked in kernels_avx2.c.
extern const int16_t lamina_mulhrs_magic[256];

// t/255 rounded to nearest for t ≤ 255·255: the high half of (t + 128)·257, equal to
// (u + (u >> 8)) >> 8 for u = t + 128 < 2^16.
AVX2 static inline __m256i div255(__m256i t) {
    return _mm256_mulhi_epu16(_mm256_add_epi16(t, _mm256_set1_epi16(128)), _mm256_set1_epi16(257));
}

// Each pixel's alpha lane (lane 3 of 4) copied to its four 16-bit lanes.
AVX2 static inline __m256i broadcast_alpha(__m256i v) {
    return _mm256_shufflehi_epi16(_mm256_shufflelo_epi16(v, 0xFF), 0xFF);
}

// The first n pixels (n in 1...7) of p in the low lanes, zeros above; reads only those n.
// Plain 128/64/32-bit moves: AVX2's masked loads and stores (vpmaskmovd) were measured several
// times slower on AMD, and short edge spans make tails the common case. (AVX-512VL's masked
// moves are fast: the solid span kernels' AVX-512 build uses them, solid_spans_avx512.c.)
AVX2 static inline __m128i load_partial128(const uint32_t *p, ptrdiff_t n) { // n in 0...3
    switch (n) {
    case 1: return _mm_cvtsi32_si128((int)p[0]);
    case 2: return _mm_loadl_epi64((const __m128i *)p);
    case 3: return _mm_insert_epi32(_mm_loadl_epi64((const __m128i *)p), (int)p[2], 2);
    default: return _mm_setzero_si128();
    }
}

AVX2 static inline __m256i load_partial(const uint32_t *p, ptrdiff_t n) {
    if (n >= 4) return _mm256_set_m128i(load_partial128(p + 4, n - 4), _mm_loadu_si128((const __m128i *)p));
    return _mm256_castsi128_si256(load_partial128(p, n));
}

AVX2 static inline void store_partial128(uint32_t *p, ptrdiff_t n, __m128i v) { // n in 0...3
    switch (n) {
    case 1: p[0] = (uint32_t)_mm_cvtsi128_si32(v); break;
    case 2: _mm_storel_epi64((__m128i *)p, v); break;
    case 3: _mm_storel_epi64((__m128i *)p, v); p[2] = (uint32_t)_mm_extract_epi32(v, 2); break;
    default: break;
    }
}

// Stores the first n pixels (n in 1...7) of v at p; writes nothing past them.
AVX2 static inline void store_partial(uint32_t *p, ptrdiff_t n, __m256i v) {
    if (n >= 4) {
        _mm_storeu_si128((__m128i *)p, _mm256_castsi256_si128(v));
        store_partial128(p + 4, n - 4, _mm256_extracti128_si256(v, 1));
    } else {
        store_partial128(p, n, _mm256_castsi256_si128(v));
    }
}

// n ≤ 8 coverage bytes (zeros above) → each byte repeated over its pixel's 4 bytes.
// The first n (1...8) coverage bytes as the low bytes of a word, the rest 0, reading no byte
// past cov[n − 1]: two overlapping loads whose shared bytes agree, instead of a byte loop.
static inline uint64_t coverage_bytes(const uint8_t *cov, ptrdiff_t n) {
    if (n >= 8) { uint64_t c; memcpy(&c, cov, 8); return c; }
    if (n >= 4) {
        uint32_t lo, hi;
        memcpy(&lo, cov, 4); memcpy(&hi, cov + n - 4, 4);
        return (uint64_t)lo | ((uint64_t)hi << (8 * (n - 4)));
    }
    if (n >= 2) {
        uint16_t lo, hi;
        memcpy(&lo, cov, 2); memcpy(&hi, cov + n - 2, 2);
        return (uint64_t)lo | ((uint64_t)hi << (8 * (n - 2)));
    }
    return n == 1 ? cov[0] : 0;
}

AVX2 static inline __m256i expand_coverage(const uint8_t *cov, ptrdiff_t n) {
    uint64_t c = coverage_bytes(cov, n);
    __m256i c32 = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)c));
    const __m256i rep = _mm256_setr_epi8(0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12,
                                         0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8, 8, 12, 12, 12, 12);
    return _mm256_shuffle_epi8(c32, rep);
}

// Source-over of already-scaled source lanes sp onto destination lanes d (16-bit, one half).
AVX2 static inline __m256i over16(__m256i sp, __m256i d) {
    __m256i ia = _mm256_sub_epi16(_mm256_set1_epi16(255), broadcast_alpha(sp));
    __m256i r = _mm256_add_epi16(sp, div255(_mm256_mullo_epi16(d, ia)));
    return _mm256_and_si256(r, _mm256_set1_epi16(0xFF));
}

AVX2 static inline __m256i fill_over8(__m256i d, __m256i ia, __m256i c8) {
    const __m256i z = _mm256_setzero_si256();
    __m256i lo = div255(_mm256_mullo_epi16(_mm256_unpacklo_epi8(d, z), ia));
    __m256i hi = div255(_mm256_mullo_epi16(_mm256_unpackhi_epi8(d, z), ia));
    return _mm256_add_epi8(_mm256_packus_epi16(lo, hi), c8);
}

// fill_over8 with the constant multiplier as a pmulhrsw magic (see mulhrs_magic).
AVX2 static inline __m256i fill_over8_magic(__m256i d, __m256i m, __m256i c8) {
    const __m256i z = _mm256_setzero_si256();
    __m256i lo = _mm256_mulhrs_epi16(_mm256_unpacklo_epi8(d, z), m);
    __m256i hi = _mm256_mulhrs_epi16(_mm256_unpackhi_epi8(d, z), m);
    return _mm256_add_epi8(_mm256_packus_epi16(lo, hi), c8);
}

// 8 pixels of a constant colour (16-bit lanes, both halves alike) through coverage k8.
AVX2 static inline __m256i span_over8(__m256i d, __m256i k8, __m256i c16) {
    const __m256i z = _mm256_setzero_si256();
    __m256i splo = div255(_mm256_mullo_epi16(c16, _mm256_unpacklo_epi8(k8, z)));
    __m256i sphi = div255(_mm256_mullo_epi16(c16, _mm256_unpackhi_epi8(k8, z)));
    __m256i lo = over16(splo, _mm256_unpacklo_epi8(d, z));
    __m256i hi = over16(sphi, _mm256_unpackhi_epi8(d, z));
    return _mm256_packus_epi16(lo, hi);
}

// span_over8 for four pixels in 128-bit registers (c16: the colour's channels as 16-bit lanes).
AVX2 static inline __m128i span_over4(__m128i d, __m128i k8, __m128i c16) {
    const __m128i z = _mm_setzero_si128(), r128 = _mm_set1_epi16(128), m257 = _mm_set1_epi16(257);
    const __m128i c255 = _mm_set1_epi16(255), low8 = _mm_set1_epi16(0xFF);
#define DIV255(t) _mm_mulhi_epu16(_mm_add_epi16((t), r128), m257)
#define OVER(sp, dd) _mm_and_si128(_mm_add_epi16((sp), DIV255(_mm_mullo_epi16((dd), \
        _mm_sub_epi16(c255, _mm_shufflehi_epi16(_mm_shufflelo_epi16((sp), 0xFF), 0xFF))))), low8)
    __m128i splo = DIV255(_mm_mullo_epi16(c16, _mm_unpacklo_epi8(k8, z)));
    __m128i sphi = DIV255(_mm_mullo_epi16(c16, _mm_unpackhi_epi8(k8, z)));
    __m128i lo = OVER(splo, _mm_unpacklo_epi8(d, z));
    __m128i hi = OVER(sphi, _mm_unpackhi_epi8(d, z));
#undef OVER
#undef DIV255
    return _mm_packus_epi16(lo, hi);
}


#endif
#endif

// The blurred-rect shadow shader's row for rows without corner arcs (every row of a square-
// cornered shadow, as in S3, and the straight middle of a rounded one), in AVX2: the coverage
// hx[n]·vj (Float, as the Swift tables), clamped to [0, 1], to a 0...256 weight rounded half
// up, times the premultiplied colour — `BlurredRoundedRect.weights` and
// `MaskColorShader.scale` in one pass, with the Swift definitions' exact operations (no fused
// multiply-adds; NaN coverage gives 0 as Swift's max(0, x) does).
//
// Also the cached shadow table's row (`BlurredRoundedRectWeightsShader`): weights already
// computed (0...256), so only the colour scaling, done in 16-bit lanes (see below).
#include "CLaminaKernels.h"

#pragma clang fp contract(off)

static inline uint32_t scale_color(uint32_t c, uint32_t w) {
    uint32_t rb = ((c & 0x00FF00FFu) * w + 0x00800080u) >> 8;
    uint32_t ag = (((c >> 8) & 0x00FF00FFu) * w + 0x00800080u) >> 8;
    return (rb & 0x00FF00FFu) | ((ag & 0x00FF00FFu) << 8);
}

static inline uint32_t weight(float coverage) {
    float m = coverage >= 0 ? coverage : 0; // Swift max(0, c): NaN gives 0
    m = m < 1 ? m : 1;                      // Swift min(1, m)
    return (uint32_t)(m * 256.0f + 0.5f);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

__attribute__((target("avx2")))
void lamina_avx2_shadow_color_row(uint32_t *out, const float *hx, float vj, ptrdiff_t count, uint32_t color) {
    const __m256 v = _mm256_set1_ps(vj), zero = _mm256_setzero_ps(), one = _mm256_set1_ps(1.0f);
    const __m256 k256 = _mm256_set1_ps(256.0f), half = _mm256_set1_ps(0.5f);
    const __m256i rb = _mm256_set1_epi32((int)(color & 0x00FF00FFu));
    const __m256i ag = _mm256_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
    const __m256i round = _mm256_set1_epi32(0x00800080), mask = _mm256_set1_epi32(0x00FF00FF);
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256 c = _mm256_mul_ps(_mm256_loadu_ps(hx + i), v);
        c = _mm256_min_ps(_mm256_max_ps(c, zero), one); // max_ps returns its second operand for NaN
        __m256i w = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(c, k256), half));
        __m256i r = _mm256_and_si256(_mm256_srli_epi32(_mm256_add_epi32(_mm256_mullo_epi32(rb, w), round), 8), mask);
        __m256i a = _mm256_and_si256(_mm256_srli_epi32(_mm256_add_epi32(_mm256_mullo_epi32(ag, w), round), 8), mask);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_or_si256(r, _mm256_slli_epi32(a, 8)));
    }
    for (; i < count; i++) out[i] = scale_color(color, weight(hx[i] * vj));
}

// Why 16-bit lanes give scale_color's bytes: with w <= 256 and each byte b <= 255, b·w + 128
// <= 65408 < 2^16, so the 32-bit (c & 0x00FF00FF)·w + 0x00800080 never carries from its low
// 16 bits into its high 16 bits; each half is b·w + 128 on its own, which vpmullw/vpaddw
// compute exactly (vpmullw's low 16 bits are the whole product). The 32-bit ">> 8, & 0x00FF00FF"
// is then the 16-bit ">> 8", and "(ag >> 8 & 0x00FF00FF) << 8" is "ag & 0xFF00FF00". One 1-uop
// vpmullw replaces a 2-uop, 10-cycle vpmulld per channel pair.
__attribute__((target("avx2")))
void lamina_avx2_shadow_weights_row(uint32_t *out, const uint16_t *weights, ptrdiff_t count, uint32_t color) {
    const __m256i rb = _mm256_set1_epi32((int)(color & 0x00FF00FFu));
    const __m256i ag = _mm256_set1_epi32((int)((color >> 8) & 0x00FF00FFu));
    const __m256i round = _mm256_set1_epi16(0x80), high = _mm256_set1_epi16((short)0xFF00);
    ptrdiff_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i w = _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)(weights + i)));
        w = _mm256_or_si256(w, _mm256_slli_epi32(w, 16)); // the weight in both 16-bit halves
        __m256i r = _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(rb, w), round), 8);
        __m256i a = _mm256_and_si256(_mm256_add_epi16(_mm256_mullo_epi16(ag, w), round), high);
        _mm256_storeu_si256((__m256i *)(out + i), _mm256_or_si256(r, a));
    }
    for (; i < count; i++) out[i] = scale_color(color, weights[i]);
}

#else

void lamina_avx2_shadow_color_row(uint32_t *out, const float *hx, float vj, ptrdiff_t count, uint32_t color) {
    for (ptrdiff_t i = 0; i < count; i++) out[i] = scale_color(color, weight(hx[i] * vj));
}

void lamina_avx2_shadow_weights_row(uint32_t *out, const uint16_t *weights, ptrdiff_t count, uint32_t color) {
    for (ptrdiff_t i = 0; i < count; i++) out[i] = scale_color(color, weights[i]);
}

#endif

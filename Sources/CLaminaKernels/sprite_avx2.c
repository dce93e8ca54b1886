// The particle sprite kernel (`SpriteBlitter.draw` in LaminaRaster/Paint/SpriteBlit.swift) in
// AVX2, a whole sprite per call, eight pixels per step, byte for byte the Swift loop's result:
//
//   u = u0 + k·du, v = v0 + k·dv          (Float, k = x − bx0; a multiply then an add, no FMA)
//   skip unless uMin < u < uMax and vMin < v < vMax
//   taps t[i], t[i+1], t[i+stride], t[i+stride+1] at i = (⌊v⌋ − ly0 + 1)·stride + (⌊u⌋ − lx0 + 1)
//   weights wu = trunc((u − ⌊u⌋)·256 + 0.5), wv likewise (0…256)
//   bilinear per channel: (p·(256 − w) + q·w + 128) >> 8, across then down
//   tint per channel: (c·k + 128) >> 8 (k 0…256), clamped to the tinted alpha unless uniform
//   clip: (c·f + 128) >> 8 with f = m + (m >> 7) for the clip byte m
//   source-over: s + div255(d·(255 − sa)); additive: min(255, s + d) per channel
//
// Every step is an exact integer or the same IEEE single operation in the same order, so the
// bytes equal the Swift definitions' (SpriteBlitKernelTests compare them on random sprites).
// Lanes whose sample is skipped keep the destination: they gather a 2×2 block of transparent
// texels (`zeroIndex`), so their source is 0, and both blends return d for s = 0
// (div255(d·255) = d). Taps are gathered in horizontal pairs (vpgatherdq) from the sprite's
// bordered texture.
#include "CLaminaKernels.h"
#include "blend_avx2.h"
#include <math.h>

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(__i386__)

// (p·(256 − w) + q·w + 128) >> 8 per 16-bit lane (w: each pixel's weight in its four lanes).
AVX2_INLINE __m256i lerp16(__m256i p, __m256i q, __m256i w) {
    __m256i g = _mm256_sub_epi16(_mm256_set1_epi16(256), w);
    __m256i s = _mm256_add_epi16(_mm256_mullo_epi16(p, g), _mm256_mullo_epi16(q, w));
    return _mm256_srli_epi16(_mm256_add_epi16(s, _mm256_set1_epi16(128)), 8);
}

// (c·k + 128) >> 8 per 16-bit lane.
AVX2_INLINE __m256i scale16(__m256i c, __m256i k) {
    return _mm256_srli_epi16(_mm256_add_epi16(_mm256_mullo_epi16(c, k), _mm256_set1_epi16(128)), 8);
}

// Per-pixel 32-bit weights (≤ 256) → 16-bit lanes laid out as unpacklo/hi_epi8 lays out pixels.
AVX2_INLINE void spread_weights(__m256i w, __m256i *lo, __m256i *hi) {
    __m256i w2 = _mm256_or_si256(w, _mm256_slli_epi32(w, 16));
    *lo = _mm256_unpacklo_epi32(w2, w2);
    *hi = _mm256_unpackhi_epi32(w2, w2);
}

AVX2_INLINE void sprite_row(uint32_t *row, ptrdiff_t x0, ptrdiff_t x1, ptrdiff_t wx0, ptrdiff_t wx1, ptrdiff_t bx0,
                            float u0, float v0, float du, float dv,
                            float uMin, float vMin, float uMax, float vMax,
                            const uint32_t *texels, ptrdiff_t stride, int32_t lx0, int32_t ly0, int32_t zeroIndex,
                            const uint16_t tint[4], int clampToAlpha,
                            const uint8_t *clip, int additive) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i zeros = _mm256_set1_epi32(zeroIndex);
    const __m256 vu0 = _mm256_set1_ps(u0), vv0 = _mm256_set1_ps(v0);
    const __m256 vdu = _mm256_set1_ps(du), vdv = _mm256_set1_ps(dv);
    const __m256 umin = _mm256_set1_ps(uMin), vmin = _mm256_set1_ps(vMin);
    const __m256 umax = _mm256_set1_ps(uMax), vmax = _mm256_set1_ps(vMax);
    const __m256 k256 = _mm256_set1_ps(256.0f), half = _mm256_set1_ps(0.5f);
    const __m256i vstride = _mm256_set1_epi32((int)stride);
    const __m256i origin = _mm256_set1_epi32(1 - lx0 + (1 - ly0) * (int)stride);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i tint16 = _mm256_setr_epi16((short)tint[0], (short)tint[1], (short)tint[2], (short)tint[3],
                                             (short)tint[0], (short)tint[1], (short)tint[2], (short)tint[3],
                                             (short)tint[0], (short)tint[1], (short)tint[2], (short)tint[3],
                                             (short)tint[0], (short)tint[1], (short)tint[2], (short)tint[3]);
    const int *t = (const int *)texels;
    // Chunks start at multiples of 8 pixels of the row where the write bounds allow: sprites
    // overlap, and a load of pixels that the previous sprite has just stored at another offset
    // or width cannot be forwarded from the store buffer (a stall that was a quarter of the
    // kernel). Lanes outside x0 ..< x1 keep their pixel.
    ptrdiff_t start = x0 & ~(ptrdiff_t)7;
    if (start < wx0) start = x0;
    for (ptrdiff_t x = start; x < x1; x += 8) {
        ptrdiff_t end = x + 8 <= wx1 ? x + 8 : (x1 > x + 8 ? x + 8 : x1);
        ptrdiff_t n = end - x;
        __m256i kk = _mm256_add_epi32(_mm256_set1_epi32((int)(x - bx0)), lanes);
        __m256 k = _mm256_cvtepi32_ps(kk);
        __m256 u = _mm256_add_ps(vu0, _mm256_mul_ps(k, vdu));
        __m256 v = _mm256_add_ps(vv0, _mm256_mul_ps(k, vdv));
        __m256 ok = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(u, umin, _CMP_GT_OQ), _mm256_cmp_ps(v, vmin, _CMP_GT_OQ)),
                                  _mm256_and_ps(_mm256_cmp_ps(u, umax, _CMP_LT_OQ), _mm256_cmp_ps(v, vmax, _CMP_LT_OQ)));
        __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32((int)(x1 - x)), lanes),
                                          _mm256_cmpgt_epi32(lanes, _mm256_set1_epi32((int)(x0 - x) - 1)));
        __m256i valid = _mm256_and_si256(_mm256_castps_si256(ok), inside);
        if (_mm256_testz_si256(valid, valid)) continue;
        __m256 fu = _mm256_floor_ps(u), fv = _mm256_floor_ps(v);
        __m256i iu = _mm256_cvttps_epi32(fu), iv = _mm256_cvttps_epi32(fv);
        __m256i i = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(iv, vstride), iu), origin);
        // Skipped lanes read a block of transparent texels: their source is 0.
        i = _mm256_blendv_epi8(zeros, i, valid);
        __m256i wu = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(u, fu), k256), half));
        __m256i wv = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(v, fv), k256), half));
        // Each tap pair (t[i], t[i+1]) is one 64-bit element: four gathers of four instead of
        // four of eight. Pixels 0, 1, 4, 5 go to the first gather and 2, 3, 6, 7 to the second,
        // so that splitting pairs with shufps (per 128-bit lane) gives pixels 0…7 in order.
        __m256i ip = _mm256_permutevar8x32_epi32(i, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
        __m128i ia = _mm256_castsi256_si128(ip), ib = _mm256_extracti128_si256(ip, 1);
        const long long *top = (const long long *)t, *bottom = (const long long *)(t + stride);
        __m256 a0 = _mm256_castsi256_ps(_mm256_i32gather_epi64(top, ia, 4));
        __m256 a1 = _mm256_castsi256_ps(_mm256_i32gather_epi64(top, ib, 4));
        __m256 b0 = _mm256_castsi256_ps(_mm256_i32gather_epi64(bottom, ia, 4));
        __m256 b1 = _mm256_castsi256_ps(_mm256_i32gather_epi64(bottom, ib, 4));
        __m256i t00 = _mm256_castps_si256(_mm256_shuffle_ps(a0, a1, 0x88));
        __m256i t01 = _mm256_castps_si256(_mm256_shuffle_ps(a0, a1, 0xDD));
        __m256i t10 = _mm256_castps_si256(_mm256_shuffle_ps(b0, b1, 0x88));
        __m256i t11 = _mm256_castps_si256(_mm256_shuffle_ps(b0, b1, 0xDD));
        // Every tap transparent (a sprite's clear corners; skipped lanes read transparent
        // texels): every source is 0 and both blends leave the destination as it is.
        __m256i any = _mm256_or_si256(_mm256_or_si256(_mm256_castps_si256(a0), _mm256_castps_si256(a1)),
                                      _mm256_or_si256(_mm256_castps_si256(b0), _mm256_castps_si256(b1)));
        if (_mm256_testz_si256(any, any)) continue;
        __m256i wulo, wuhi, wvlo, wvhi;
        spread_weights(wu, &wulo, &wuhi);
        spread_weights(wv, &wvlo, &wvhi);
        __m256i slo = lerp16(lerp16(_mm256_unpacklo_epi8(t00, z), _mm256_unpacklo_epi8(t01, z), wulo),
                             lerp16(_mm256_unpacklo_epi8(t10, z), _mm256_unpacklo_epi8(t11, z), wulo), wvlo);
        __m256i shi = lerp16(lerp16(_mm256_unpackhi_epi8(t00, z), _mm256_unpackhi_epi8(t01, z), wuhi),
                             lerp16(_mm256_unpackhi_epi8(t10, z), _mm256_unpackhi_epi8(t11, z), wuhi), wvhi);
        slo = scale16(slo, tint16);
        shi = scale16(shi, tint16);
        if (clampToAlpha) {
            slo = _mm256_min_epu16(slo, broadcast_alpha(slo));
            shi = _mm256_min_epu16(shi, broadcast_alpha(shi));
        }
        if (clip) {
            // Clip bytes of lanes x0 ..< min(x1, x + 8) (the others are not valid).
            ptrdiff_t c0 = x < x0 ? x0 - x : 0, c1 = x1 - x < 8 ? x1 - x : 8;
            __m256i m = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)(coverage_bytes(clip + (x + c0 - x0), c1 - c0) << (8 * c0))));
            __m256i f = _mm256_add_epi32(m, _mm256_srli_epi32(m, 7));
            __m256i flo, fhi;
            spread_weights(f, &flo, &fhi);
            slo = scale16(slo, flo);
            shi = scale16(shi, fhi);
        }
        uint32_t *p = row + x;
        __m256i d = n == 8 ? _mm256_loadu_si256((const __m256i *)p) : load_partial(p, n);
        __m256i out;
        if (additive) {
            out = _mm256_adds_epu8(_mm256_packus_epi16(slo, shi), d);
        } else {
            out = _mm256_packus_epi16(over16(slo, _mm256_unpacklo_epi8(d, z)), over16(shi, _mm256_unpackhi_epi8(d, z)));
        }
        if (n == 8) _mm256_storeu_si256((__m256i *)p, out);
        else store_partial(p, n, out);
    }
}

// One of the row-narrowing tests: c = c0 + k·step (c0 the row's first sample) must lie in
// (cMin, cMax). `inverse` is 1/step, or 0 when the test narrows nothing (a step under 1/64
// texel a pixel, or bounds beyond 2^16 texels, whose rounding divided by the step is not
// small): `SpriteBlitter.rowSpan`'s rule.
typedef struct { double inverse, cMin, cMax; } sprite_bound;

static inline sprite_bound sprite_bound_make(float step, float cMin, float cMax) {
    sprite_bound b = { 0, cMin, cMax };
    if (fabsf(step) >= 1.0f / 64 && fabsf(cMin) < 65536 && fabsf(cMax) < 65536) b.inverse = 1.0 / (double)step;
    return b;
}

// Narrows [*lo, *hi] (pixel offsets k from the box's left column) to where the test can pass,
// widened by 2 pixels for Float rounding (the product by the inverse instead of a division
// moves the ends by far less).
static inline void sprite_narrow(double *lo, double *hi, float c0, sprite_bound b) {
    if (b.inverse == 0 || !(fabsf(c0) < 65536)) return;
    double p = (b.cMin - (double)c0) * b.inverse, q = (b.cMax - (double)c0) * b.inverse;
    double mn = p < q ? p : q, mx = p < q ? q : p;
    if (mn - 2 > *lo) *lo = mn - 2;
    if (mx + 2 < *hi) *hi = mx + 2;
}

AVX2 void lamina_avx2_sprite(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                             ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *s,
                             const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY) {
    const float du = (float)s->a, dv = (float)s->b;
    const ptrdiff_t bx0 = s->bx0;
    const double px = (double)bx0 + 0.5;
    const sprite_bound bu = sprite_bound_make(du, s->cuMin, s->cuMax), bv = sprite_bound_make(dv, s->cvMin, s->cvMax);
    const sprite_bound bs = sprite_bound_make(du + dv, s->csMin, s->csMax), bd = sprite_bound_make(du - dv, s->cdMin, s->cdMax);
    for (ptrdiff_t y = y0; y < y1; y++) {
        // The row's first sample as `SpriteBlitter.draw` computes it: the map in double (no
        // FMA), rounded to float, minus half a texel.
        double py = (double)y + 0.5;
        float u0 = (float)(s->a * px + s->c * py + s->tx) - 0.5f;
        float v0 = (float)(s->b * px + s->d * py + s->ty) - 0.5f;
        double lo = (double)(x0 - bx0), hi = (double)(x1 - 1 - bx0);
        sprite_narrow(&lo, &hi, u0, bu);
        sprite_narrow(&lo, &hi, v0, bv);
        // The diagonals sum two rounded coordinates: narrowed only where their rounding
        // stays far below the two pixels' slack.
        if (fabsf(u0) < 16384 && fabsf(v0) < 16384) {
            sprite_narrow(&lo, &hi, u0 + v0, bs);
            sprite_narrow(&lo, &hi, u0 - v0, bd);
        }
        if (!(lo <= hi)) continue;
        ptrdiff_t from = bx0 + (ptrdiff_t)floor(lo), to = bx0 + (ptrdiff_t)ceil(hi) + 1;
        if (from < x0) from = x0;
        if (to > x1) to = x1;
        if (to <= from) continue;
        const uint8_t *clipRow = clip ? clip + (y - clipY) * clipStride + (from - clipX) : NULL;
        sprite_row(pixels + y * rowWords, from, to, wx0, wx1, bx0, u0, v0, du, dv, s->uMin, s->vMin, s->uMax, s->vMax,
                   s->texels, s->stride, s->lx0, s->ly0, s->zeroIndex, s->tint, s->clampToAlpha, clipRow, s->additive);
    }
}

#else

void lamina_avx2_sprite(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                        ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *s,
                        const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY) {
    (void)pixels; (void)rowWords; (void)x0; (void)y0; (void)x1; (void)y1; (void)wx0; (void)wx1; (void)s;
    (void)clip; (void)clipStride; (void)clipX; (void)clipY;
}

#endif

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
// bordered texture, or, for a white texture, as one word of 2×2 alphas a pixel (vpgatherdd)
// filtered as one channel (SpriteListKernelTests). The lerps, tint and clip are pmulhrsw with
// 128·w, which gives those formulas exactly for w ≤ 255 (a weight of 256 takes the next texel).
// `lamina_avx2_sprite_list` draws a tile's sprites in order, prefetching ahead.
#include "CLaminaKernels.h"
#include "blend_avx2.h"
#include <math.h>

#pragma clang fp contract(off)

#if defined(__x86_64__) || defined(__i386__)

// (p·(256 − w) + q·w + 128) >> 8 per 16-bit lane, for w in 0…255 given as m = 128·w: the
// same as p + ((q − p)·w + 128) >> 8 (arithmetic shift; 256·p is a multiple of 256), and
// pmulhrsw's (a·m + 2^14) >> 15 is exactly ((q − p)·w + 128) >> 8 for a = q − p. Weights of 256
// are folded into the next texel before this (lerp(p, q, 256) = q = lerp(q, r, 0)).
AVX2_INLINE __m256i lerp16(__m256i p, __m256i q, __m256i m) {
    return _mm256_add_epi16(p, _mm256_mulhrs_epi16(_mm256_sub_epi16(q, p), m));
}

// (c·k + 128) >> 8 per 16-bit lane (c ≤ 255, k ≤ 256), with the factor given as `factor16(k)`:
// pmulhrsw gives (c·128k + 2^14) >> 15 = (c·k + 128) >> 8 for k ≤ 255, and for k = 256 the
// factor 32767 gives (32768·c − c + 2^14) >> 15 = c = (256·c + 128) >> 8.
AVX2_INLINE __m256i scale16(__m256i c, __m256i m) {
    return _mm256_mulhrs_epi16(c, m);
}

static inline int16_t factor16(uint16_t k) { return k >= 256 ? 32767 : (int16_t)(k << 7); }

// Per-pixel 32-bit values (< 2^16) → 16-bit lanes laid out as unpacklo/hi_epi8 lays out pixels.
AVX2_INLINE void spread_weights(__m256i w, __m256i *lo, __m256i *hi) {
    __m256i w2 = _mm256_or_si256(w, _mm256_slli_epi32(w, 16));
    *lo = _mm256_unpacklo_epi32(w2, w2);
    *hi = _mm256_unpackhi_epi32(w2, w2);
}

// What a row of one sprite draws with (constant along the sprite).
typedef struct {
    const int *texels;          // the bordered RGBA texture
    const int *alpha;           // its 2×2 alpha blocks, or NULL (see lamina_sprite.alphaBlocks)
    __m256i tint16;             // factor16 of r, g, b, a, four times
    int stride, origin, zeroIndex;
    float uMin, vMin, uMax, vMax;
    int clampToAlpha, additive;
} sprite_consts;

// The source of 8 pixels as 16-bit lanes, pixels 0, 1, 4, 5 in *lo and 2, 3, 6, 7 in *hi
// (the order of unpacklo/hi_epi8 on 8 pixels), bilinear across then down and tinted, for the
// texel index i (the top-left tap; skipped lanes at a transparent block) and the weights wu,
// wv as 128·w (w in 0…255). Returns 0 when every tap is transparent (then *lo, *hi are unset
// and the pixels are unchanged by either blend).
AVX2_INLINE int sprite_source(const sprite_consts *k, __m256i i, __m256i wu, __m256i wv, __m256i *lo, __m256i *hi) {
    const __m256i z = _mm256_setzero_si256();
    if (k->alpha) {
        // A white texture (every texel's four bytes equal): one gather of each pixel's 2×2
        // alpha block — bytes top-left, top-right, bottom-left, bottom-right — and the
        // bilinear on that one channel; every colour channel's bilinear is the same number.
        // (No test for all-transparent blocks here: its branch waits for the gather, and the
        // octagon narrowing leaves few such chunks; a source of 0 leaves the pixels as they are.)
        __m256i g = _mm256_i32gather_epi32(k->alpha, i, 4);
        const __m256i low = _mm256_set1_epi32(0x00FF00FF);
        __m256i left = _mm256_and_si256(g, low);                         // (tl, bl) per pixel
        __m256i right = _mm256_and_si256(_mm256_srli_epi32(g, 8), low);  // (tr, br)
        __m256i across = lerp16(left, right, _mm256_or_si256(wu, _mm256_slli_epi32(wu, 16)));
        __m256i top = _mm256_and_si256(across, _mm256_set1_epi32(0xFFFF));
        __m256i bottom = _mm256_srli_epi32(across, 16);
        __m256i s = lerp16(top, bottom, wv); // 0…255 in each pixel's low 16 bits
        // Each pixel's value in its four channel lanes, then the tint per channel.
        const __m256i plo = _mm256_setr_epi8(0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1,
                                             0, -1, 0, -1, 0, -1, 0, -1, 4, -1, 4, -1, 4, -1, 4, -1);
        const __m256i phi = _mm256_setr_epi8(8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1,
                                             8, -1, 8, -1, 8, -1, 8, -1, 12, -1, 12, -1, 12, -1, 12, -1);
        *lo = scale16(_mm256_shuffle_epi8(s, plo), k->tint16);
        *hi = scale16(_mm256_shuffle_epi8(s, phi), k->tint16);
    } else {
        // Each tap pair (t[i], t[i+1]) is one 64-bit element: four gathers of four instead of
        // four of eight. Pixels 0, 1, 4, 5 go to the first gather and 2, 3, 6, 7 to the second,
        // so that splitting pairs with shufps (per 128-bit lane) gives pixels 0…7 in order.
        __m256i ip = _mm256_permutevar8x32_epi32(i, _mm256_setr_epi32(0, 1, 4, 5, 2, 3, 6, 7));
        __m128i ia = _mm256_castsi256_si128(ip), ib = _mm256_extracti128_si256(ip, 1);
        const long long *top = (const long long *)k->texels, *bottom = (const long long *)(k->texels + k->stride);
        __m256 a0 = _mm256_castsi256_ps(_mm256_i32gather_epi64(top, ia, 4));
        __m256 a1 = _mm256_castsi256_ps(_mm256_i32gather_epi64(top, ib, 4));
        __m256 b0 = _mm256_castsi256_ps(_mm256_i32gather_epi64(bottom, ia, 4));
        __m256 b1 = _mm256_castsi256_ps(_mm256_i32gather_epi64(bottom, ib, 4));
        // Every tap transparent (a sprite's clear corners; skipped lanes read transparent
        // texels): every source is 0 and both blends leave the destination as it is.
        __m256i any = _mm256_or_si256(_mm256_or_si256(_mm256_castps_si256(a0), _mm256_castps_si256(a1)),
                                      _mm256_or_si256(_mm256_castps_si256(b0), _mm256_castps_si256(b1)));
        if (_mm256_testz_si256(any, any)) return 0;
        __m256i t00 = _mm256_castps_si256(_mm256_shuffle_ps(a0, a1, 0x88));
        __m256i t01 = _mm256_castps_si256(_mm256_shuffle_ps(a0, a1, 0xDD));
        __m256i t10 = _mm256_castps_si256(_mm256_shuffle_ps(b0, b1, 0x88));
        __m256i t11 = _mm256_castps_si256(_mm256_shuffle_ps(b0, b1, 0xDD));
        __m256i wulo, wuhi, wvlo, wvhi;
        spread_weights(wu, &wulo, &wuhi);
        spread_weights(wv, &wvlo, &wvhi);
        __m256i slo = lerp16(lerp16(_mm256_unpacklo_epi8(t00, z), _mm256_unpacklo_epi8(t01, z), wulo),
                             lerp16(_mm256_unpacklo_epi8(t10, z), _mm256_unpacklo_epi8(t11, z), wulo), wvlo);
        __m256i shi = lerp16(lerp16(_mm256_unpackhi_epi8(t00, z), _mm256_unpackhi_epi8(t01, z), wuhi),
                             lerp16(_mm256_unpackhi_epi8(t10, z), _mm256_unpackhi_epi8(t11, z), wuhi), wvhi);
        *lo = scale16(slo, k->tint16);
        *hi = scale16(shi, k->tint16);
    }
    if (k->clampToAlpha) {
        *lo = _mm256_min_epu16(*lo, broadcast_alpha(*lo));
        *hi = _mm256_min_epu16(*hi, broadcast_alpha(*hi));
    }
    return 1;
}

AVX2_INLINE void sprite_row(uint32_t *row, ptrdiff_t x0, ptrdiff_t x1, ptrdiff_t wx0, ptrdiff_t wx1, ptrdiff_t bx0,
                            float u0, float v0, float du, float dv, const sprite_consts *k, const uint8_t *clip) {
    const __m256i z = _mm256_setzero_si256();
    const __m256i zeros = _mm256_set1_epi32(k->zeroIndex);
    const __m256 vu0 = _mm256_set1_ps(u0), vv0 = _mm256_set1_ps(v0);
    const __m256 vdu = _mm256_set1_ps(du), vdv = _mm256_set1_ps(dv);
    const __m256 umin = _mm256_set1_ps(k->uMin), vmin = _mm256_set1_ps(k->vMin);
    const __m256 umax = _mm256_set1_ps(k->uMax), vmax = _mm256_set1_ps(k->vMax);
    const __m256 k256 = _mm256_set1_ps(256.0f), half = _mm256_set1_ps(0.5f);
    const __m256i vstride = _mm256_set1_epi32(k->stride);
    const __m256i origin = _mm256_set1_epi32(k->origin);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i w256 = _mm256_set1_epi32(256);
    // Chunks start at the span's first pixel. (Starting them at multiples of 8 pixels, so
    // that a load never straddles another sprite's recent store, paid when the destination
    // was not prefetched; with `lamina_avx2_sprite_list`'s prefetching the extra chunks cost
    // more: 12.1 against 10.8 ms for the benchmark's sprites.) A last chunk may run on past
    // x1 up to wx1: those lanes keep their pixel.
    (void)wx0;
    for (ptrdiff_t x = x0; x < x1; x += 8) {
        ptrdiff_t end = x + 8 <= wx1 ? x + 8 : (x1 > x + 8 ? x + 8 : x1);
        ptrdiff_t n = end - x;
        __m256i kk = _mm256_add_epi32(_mm256_set1_epi32((int)(x - bx0)), lanes);
        __m256 kf = _mm256_cvtepi32_ps(kk);
        __m256 u = _mm256_add_ps(vu0, _mm256_mul_ps(kf, vdu));
        __m256 v = _mm256_add_ps(vv0, _mm256_mul_ps(kf, vdv));
        __m256 ok = _mm256_and_ps(_mm256_and_ps(_mm256_cmp_ps(u, umin, _CMP_GT_OQ), _mm256_cmp_ps(v, vmin, _CMP_GT_OQ)),
                                  _mm256_and_ps(_mm256_cmp_ps(u, umax, _CMP_LT_OQ), _mm256_cmp_ps(v, vmax, _CMP_LT_OQ)));
        __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(_mm256_set1_epi32((int)(x1 - x)), lanes),
                                          _mm256_cmpgt_epi32(lanes, _mm256_set1_epi32((int)(x0 - x) - 1)));
        __m256i valid = _mm256_and_si256(_mm256_castps_si256(ok), inside);
        if (_mm256_testz_si256(valid, valid)) continue;
        __m256 fu = _mm256_floor_ps(u), fv = _mm256_floor_ps(v);
        __m256i iu = _mm256_cvttps_epi32(fu), iv = _mm256_cvttps_epi32(fv);
        // Weights trunc(frac·256 + 0.5) in 0…256; a weight of 256 takes the next texel's
        // weight 0 instead (the same value: lerp(p, q, 256) = q).
        __m256i wu = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(u, fu), k256), half));
        __m256i wv = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(_mm256_sub_ps(v, fv), k256), half));
        __m256i fullU = _mm256_cmpeq_epi32(wu, w256), fullV = _mm256_cmpeq_epi32(wv, w256);
        __m256i i = _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(iv, vstride), iu), origin);
        i = _mm256_sub_epi32(_mm256_add_epi32(i, _mm256_and_si256(fullV, vstride)), fullU);
        wu = _mm256_slli_epi32(_mm256_andnot_si256(fullU, wu), 7);
        wv = _mm256_slli_epi32(_mm256_andnot_si256(fullV, wv), 7);
        // Skipped lanes read a block of transparent texels: their source is 0.
        i = _mm256_blendv_epi8(zeros, i, valid);
        __m256i slo, shi;
        if (!sprite_source(k, i, wu, wv, &slo, &shi)) continue;
        if (clip) {
            // Clip bytes of lanes x0 ..< min(x1, x + 8) (the others are not valid), as factors
            // f = m + (m >> 7) in 0…256 for scale16 (128·f, 256 as 32767).
            ptrdiff_t c0 = x < x0 ? x0 - x : 0, c1 = x1 - x < 8 ? x1 - x : 8;
            __m256i m = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)(coverage_bytes(clip + (x + c0 - x0), c1 - c0) << (8 * c0))));
            __m256i f = _mm256_slli_epi32(_mm256_add_epi32(m, _mm256_srli_epi32(m, 7)), 7);
            f = _mm256_min_epi32(f, _mm256_set1_epi32(32767));
            __m256i flo, fhi;
            spread_weights(f, &flo, &fhi);
            slo = scale16(slo, flo);
            shi = scale16(shi, fhi);
        }
        uint32_t *p = row + x;
        __m256i d = n == 8 ? _mm256_loadu_si256((const __m256i *)p) : load_partial(p, n);
        __m256i out;
        if (k->additive) {
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

// Narrows [*lo, *hi] (pixel offsets k from the box's left column; four rows, one a lane) to
// where the test can pass, widened by 2 pixels for Float rounding (the product by the inverse
// instead of a division moves the ends by far less). Lanes outside `use` (all-ones lanes) or
// whose c0 is not below 2^16 in magnitude are left as they are.
AVX2_INLINE void sprite_narrow4(__m256d *lo, __m256d *hi, __m128 c0, __m128 use, sprite_bound b) {
    if (b.inverse == 0) return;
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    __m128 ok = _mm_and_ps(use, _mm_cmplt_ps(_mm_and_ps(c0, absMask), _mm_set1_ps(65536.0f)));
    __m256d m = _mm256_castsi256_pd(_mm256_cvtepi32_epi64(_mm_castps_si128(ok)));
    __m256d c = _mm256_cvtps_pd(c0), inv = _mm256_set1_pd(b.inverse), two = _mm256_set1_pd(2);
    __m256d p = _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(b.cMin), c), inv);
    __m256d q = _mm256_mul_pd(_mm256_sub_pd(_mm256_set1_pd(b.cMax), c), inv);
    __m256d mn = _mm256_sub_pd(_mm256_min_pd(p, q), two), mx = _mm256_add_pd(_mm256_max_pd(p, q), two);
    // Finite lanes only reach the max/min (c0 below 2^16, the bounds and inverse finite).
    *lo = _mm256_blendv_pd(*lo, _mm256_max_pd(*lo, mn), m);
    *hi = _mm256_blendv_pd(*hi, _mm256_min_pd(*hi, mx), m);
}

AVX2 void lamina_avx2_sprite(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                             ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *s,
                             const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY) {
    const float du = (float)s->a, dv = (float)s->b;
    const ptrdiff_t bx0 = s->bx0;
    const double px = (double)bx0 + 0.5;
    const sprite_bound bu = sprite_bound_make(du, s->cuMin, s->cuMax), bv = sprite_bound_make(dv, s->cvMin, s->cvMax);
    const sprite_bound bs = sprite_bound_make(du + dv, s->csMin, s->csMax), bd = sprite_bound_make(du - dv, s->cdMin, s->cdMax);
    sprite_consts k;
    k.texels = (const int *)s->texels;
    k.alpha = (const int *)s->alphaBlocks;
    const int16_t tr = factor16(s->tint[0]), tg = factor16(s->tint[1]), tb = factor16(s->tint[2]), ta = factor16(s->tint[3]);
    k.tint16 = _mm256_setr_epi16(tr, tg, tb, ta, tr, tg, tb, ta, tr, tg, tb, ta, tr, tg, tb, ta);
    k.stride = (int)s->stride;
    k.origin = 1 - s->lx0 + (1 - s->ly0) * (int)s->stride;
    k.zeroIndex = s->zeroIndex;
    k.uMin = s->uMin; k.vMin = s->vMin; k.uMax = s->uMax; k.vMax = s->vMax;
    k.clampToAlpha = s->clampToAlpha;
    k.additive = s->additive;
    // Rows four at a time: each lane computes what the row needs — its first sample as
    // `SpriteBlitter.draw` computes it (the map in double, no FMA, rounded to float, minus half
    // a texel) and its span narrowed to the visible octagon (`SpriteBlitter.rowSpan`'s tests
    // on u and v, and on u ± v) — the same IEEE operations as one row at a time.
    const __m256d apx = _mm256_set1_pd(s->a * px), bpx = _mm256_set1_pd(s->b * px);
    const __m256d vc = _mm256_set1_pd(s->c), vd = _mm256_set1_pd(s->d), vtx = _mm256_set1_pd(s->tx), vty = _mm256_set1_pd(s->ty);
    const __m128 halfTexel = _mm_set1_ps(0.5f), absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7FFFFFFF));
    const __m128 all = _mm_castsi128_ps(_mm_set1_epi32(-1));
    for (ptrdiff_t y = y0; y < y1; y += 4) {
        __m256d py = _mm256_add_pd(_mm256_set1_pd((double)y), _mm256_setr_pd(0.5, 1.5, 2.5, 3.5));
        __m128 u0 = _mm_sub_ps(_mm256_cvtpd_ps(_mm256_add_pd(_mm256_add_pd(apx, _mm256_mul_pd(vc, py)), vtx)), halfTexel);
        __m128 v0 = _mm_sub_ps(_mm256_cvtpd_ps(_mm256_add_pd(_mm256_add_pd(bpx, _mm256_mul_pd(vd, py)), vty)), halfTexel);
        __m256d lo = _mm256_set1_pd((double)(x0 - bx0)), hi = _mm256_set1_pd((double)(x1 - 1 - bx0));
        sprite_narrow4(&lo, &hi, u0, all, bu);
        sprite_narrow4(&lo, &hi, v0, all, bv);
        // The diagonals sum two rounded coordinates: narrowed only where their rounding
        // stays far below the two pixels' slack.
        const __m128 small = _mm_set1_ps(16384.0f);
        __m128 near = _mm_and_ps(_mm_cmplt_ps(_mm_and_ps(u0, absMask), small), _mm_cmplt_ps(_mm_and_ps(v0, absMask), small));
        sprite_narrow4(&lo, &hi, _mm_add_ps(u0, v0), near, bs);
        sprite_narrow4(&lo, &hi, _mm_sub_ps(u0, v0), near, bd);
        // lo and hi stay within the first span, so small integers, where lo ≤ hi.
        int ok = _mm256_movemask_pd(_mm256_cmp_pd(lo, hi, _CMP_LE_OQ));
        if (!ok) continue;
        int from[4], to[4];
        float us[4], vs[4];
        _mm_storeu_si128((__m128i *)from, _mm256_cvttpd_epi32(_mm256_floor_pd(_mm256_min_pd(lo, hi))));
        _mm_storeu_si128((__m128i *)to, _mm256_cvttpd_epi32(_mm256_ceil_pd(_mm256_max_pd(lo, hi))));
        _mm_storeu_ps(us, u0);
        _mm_storeu_ps(vs, v0);
        ptrdiff_t rows = y1 - y < 4 ? y1 - y : 4;
        for (ptrdiff_t r = 0; r < rows; r++) {
            if (!(ok >> r & 1)) continue;
            ptrdiff_t f = bx0 + from[r], t = bx0 + to[r] + 1;
            if (f < x0) f = x0;
            if (t > x1) t = x1;
            if (t <= f) continue;
            const uint8_t *clipRow = clip ? clip + (y + r - clipY) * clipStride + (f - clipX) : NULL;
            sprite_row(pixels + (y + r) * rowWords, f, t, wx0, wx1, bx0, us[r], vs[r], du, dv, &k, clipRow);
        }
    }
}

AVX2 void lamina_avx2_sprite_list(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                                  ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *sprites, const int32_t *order, ptrdiff_t count,
                                  const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY) {
    // Two sprites ahead, the record and the destination rows of the sprite are prefetched
    // (for writing): a sprite is a few hundred pixels, so by the time it is drawn its rows are
    // in L1 instead of each costing a wait on the first load of the line; a tile's first
    // touch of the frame's lines (drawn over, not yet in cache) was the kernel's largest stall.
    enum { ahead = 2 };
    for (ptrdiff_t m = 0; m < count && m < ahead; m++) _mm_prefetch((const char *)&sprites[order[m]], _MM_HINT_T0);
    for (ptrdiff_t m = 0; m < count; m++) {
        if (m + ahead < count) {
            const lamina_sprite *n = &sprites[order[m + ahead]];
            _mm_prefetch((const char *)n, _MM_HINT_T0);
            _mm_prefetch((const char *)n + 64, _MM_HINT_T0);
            _mm_prefetch((const char *)n + sizeof(lamina_sprite) - 1, _MM_HINT_T0);
        }
        if (m + 1 < count) {
            // The next sprite's rows within the rectangle: its record is in cache by now.
            const lamina_sprite *n = &sprites[order[m + 1]];
            ptrdiff_t px0 = n->bx0 > x0 ? n->bx0 : x0, px1 = n->bx1 < x1 ? n->bx1 : x1;
            ptrdiff_t py0 = n->by0 > y0 ? n->by0 : y0, py1 = n->by1 < y1 ? n->by1 : y1;
            if (px0 < px1) {
                for (ptrdiff_t y = py0; y < py1; y++) {
                    _mm_prefetch((const char *)(pixels + y * rowWords + px0), _MM_HINT_T0);
                    _mm_prefetch((const char *)(pixels + y * rowWords + px1 - 1), _MM_HINT_T0);
                }
            }
        }
        const lamina_sprite *s = &sprites[order[m]];
        ptrdiff_t sx0 = s->bx0 > x0 ? s->bx0 : x0, sx1 = s->bx1 < x1 ? s->bx1 : x1;
        ptrdiff_t sy0 = s->by0 > y0 ? s->by0 : y0, sy1 = s->by1 < y1 ? s->by1 : y1;
        if (sx0 >= sx1 || sy0 >= sy1) continue;
        lamina_avx2_sprite(pixels, rowWords, sx0, sy0, sx1, sy1, wx0, wx1, s, clip, clipStride, clipX, clipY);
    }
}

#else

void lamina_avx2_sprite(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                        ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *s,
                        const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY) {
    (void)pixels; (void)rowWords; (void)x0; (void)y0; (void)x1; (void)y1; (void)wx0; (void)wx1; (void)s;
    (void)clip; (void)clipStride; (void)clipX; (void)clipY;
}

void lamina_avx2_sprite_list(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                             ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *sprites, const int32_t *order, ptrdiff_t count,
                             const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY) {
    (void)pixels; (void)rowWords; (void)x0; (void)y0; (void)x1; (void)y1; (void)wx0; (void)wx1; (void)sprites;
    (void)order; (void)count; (void)clip; (void)clipStride; (void)clipX; (void)clipY;
}

#endif

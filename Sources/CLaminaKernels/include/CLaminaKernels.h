// Hot pixel loops of LaminaRaster compiled for AVX2, chosen at run time.
//
// Why C: SwiftPM packages cannot pass -mavx2 without `unsafeFlags`, which would stop other
// packages from depending on Lamina. A C function can still be compiled for AVX2 alone with
// `__attribute__((target("avx2")))`; the package stays baseline x86-64 and Swift calls these
// only after `lamina_kernels_have_avx2()` said yes. The portable path is LaminaRaster's
// Swift SIMD code (`PixelKernels`), which every kernel here matches byte for byte (tests run
// both against the scalar `ReferenceKernels`).
//
// Pixels are premultiplied RGBA8 read as little-endian 0xAABBGGRR words. Arithmetic: per
// channel x·k/255 rounded to nearest, exactly ((t + 128) + ((t + 128) >> 8)) >> 8; source-over
// is s' + d·(255 − s'.a)/255 with the sum kept to 8 bits (wrapping), like the Swift kernels.
//
// On machines or builds without AVX2 (non-x86 targets) the entry points exist but must not be
// called: `lamina_kernels_have_avx2()` returns 0 there.
#ifndef CLAMINA_KERNELS_H
#define CLAMINA_KERNELS_H

#include <stddef.h>
#include <stdint.h>

/// 1 when the CPU (and OS) support AVX2 and this build contains the AVX2 kernels.
int lamina_kernels_have_avx2(void);

/// Set once at load time: lamina_kernels_have_avx2() unless LAMINA_KERNELS=portable.
extern int lamina_kernels_use_avx2_;

/// 1 when drawing should use the AVX2 kernels (a plain load: no lazy-initialisation check
/// on every span, which a Swift `static let` costs).
static inline int lamina_kernels_use_avx2(void) { return lamina_kernels_use_avx2_; }

/// 1 when the CPU (and OS) support AVX-512 F, BW and VL.
int lamina_kernels_have_avx512(void);

/// Set once at load time: the solid span entry points below (`lamina_avx2_fill_over`,
/// `_span_over`, `_edges_over`, `_cells_over`, `_cell_edges_over`) run their AVX-512VL build —
/// the same bytes, spans' last 1–7 pixels moved under a lane mask instead of by a branch on
/// the length — when use_avx2 is set, the CPU has AVX-512VL and LAMINA_KERNELS is not `avx2`.
extern int lamina_kernels_use_avx512_;
static inline int lamina_kernels_use_avx512(void) { return lamina_kernels_use_avx512_; }

/// dst[i] = color + dst[i]·(255 − color.a)/255 for i < count (constant colour, full coverage).
void lamina_avx2_fill_over(uint32_t *dst, ptrdiff_t count, uint32_t color);

/// dst[i] = over(color·cov[i]/255, dst[i]) for i < count.
void lamina_avx2_span_over(uint32_t *dst, ptrdiff_t count, uint32_t color, const uint8_t *cov);

/// One row of a convex fill in one call: span_over(dst, n0, color, cov0), then
/// fill_over(dst + n0, runCount, runColor), then span_over(dst + n0 + runCount, n1, color, cov1)
/// — the left edge cells, the interior run and the right edge cells, without three calls'
/// setup (S1 draws some 55,000 such rows a frame).
void lamina_avx2_edges_over(uint32_t *dst, const uint8_t *cov0, ptrdiff_t n0, ptrdiff_t runCount,
                            uint32_t runColor, const uint8_t *cov1, ptrdiff_t n1, uint32_t color);

/// The two builds of the solid span kernels, which the entry points above and in
/// cell_accumulation.h choose between (tests compare them; call the `avx512` ones only when
/// `lamina_kernels_have_avx512()`).
void lamina_avx2_plain_fill_over(uint32_t *dst, ptrdiff_t count, uint32_t color);
void lamina_avx2_plain_span_over(uint32_t *dst, ptrdiff_t count, uint32_t color, const uint8_t *cov);
void lamina_avx2_plain_edges_over(uint32_t *dst, const uint8_t *cov0, ptrdiff_t n0, ptrdiff_t runCount,
                                  uint32_t runColor, const uint8_t *cov1, ptrdiff_t n1, uint32_t color);
int32_t lamina_avx2_plain_cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int32_t sum, int evenOdd, uint32_t color);
int32_t lamina_avx2_plain_cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,
                                          int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color);
void lamina_avx512_fill_over(uint32_t *dst, ptrdiff_t count, uint32_t color);
void lamina_avx512_span_over(uint32_t *dst, ptrdiff_t count, uint32_t color, const uint8_t *cov);
void lamina_avx512_edges_over(uint32_t *dst, const uint8_t *cov0, ptrdiff_t n0, ptrdiff_t runCount,
                              uint32_t runColor, const uint8_t *cov1, ptrdiff_t n1, uint32_t color);
int32_t lamina_avx512_cells_over(uint32_t *dst, int32_t *acc, ptrdiff_t count, int32_t sum, int evenOdd, uint32_t color);
void lamina_avx2_plain_sweep_strip(uint32_t *dst, ptrdiff_t dstStride, int32_t *acc, ptrdiff_t stride,
                                   uint64_t *bits, ptrdiff_t words, ptrdiff_t rows, ptrdiff_t w0, ptrdiff_t w1,
                                   ptrdiff_t width, ptrdiff_t denseWindow, ptrdiff_t clusterGap, int evenOdd,
                                   uint32_t color, ptrdiff_t *extents);
void lamina_avx512_sweep_strip(uint32_t *dst, ptrdiff_t dstStride, int32_t *acc, ptrdiff_t stride,
                               uint64_t *bits, ptrdiff_t words, ptrdiff_t rows, ptrdiff_t w0, ptrdiff_t w1,
                               ptrdiff_t width, ptrdiff_t denseWindow, ptrdiff_t clusterGap, int evenOdd,
                               uint32_t color, ptrdiff_t *extents);
int32_t lamina_avx512_cell_edges_over(uint32_t *dst, int32_t *cells0, ptrdiff_t n0, ptrdiff_t runCount,
                                      int32_t *cells1, ptrdiff_t n1, int evenOdd, uint32_t color);

/// A particle sprite ready to draw (`SpritePlan` in LaminaRaster/Paint/SpriteBlit.swift): its
/// bordered texture, the map from surface pixel coordinates to the mip level's texels
/// (u = a·x + c·y + tx, v = b·x + d·y + ty), the open range of samples with a tap in the source
/// rectangle, the ranges of u, v, u + v and u − v outside which every tap is a transparent
/// texel (an octagon around the sprite's visible texels: rows are narrowed to it), the device
/// box's left column, the tint and the blend.
typedef struct lamina_sprite {
    const uint32_t *texels;
    /// NULL, or for a texture whose every texel is white (its four bytes equal: premultiplied
    /// white at some alpha), each texel's 2×2 block of alphas as one word — bytes texel i,
    /// i + 1, i + stride, i + stride + 1 — over the texture's `texels` count: the kernel then
    /// gathers one word a pixel instead of four texels (the same bytes).
    const uint32_t *alphaBlocks;
    ptrdiff_t stride;
    int32_t lx0, ly0;
    /// A texel index whose 2×2 block is transparent (skipped lanes gather it).
    int32_t zeroIndex;
    double a, b, c, d, tx, ty;
    float uMin, vMin, uMax, vMax;
    float cuMin, cuMax, cvMin, cvMax, csMin, csMax, cdMin, cdMax;
    /// The device box (surface pixels, half-open, not clipped to the surface): the pixels the
    /// sprite can change. Samples are taken from its left column `bx0` whatever part is drawn.
    ptrdiff_t bx0, by0, bx1, by1;
    uint16_t tint[4];
    int32_t clampToAlpha, additive;
} lamina_sprite;

/// The rows y0 ..< y1, pixels x0 ..< x1, of a sprite in the surface `pixels` (`rowWords`
/// pixels a row): each row's span narrowed as `SpriteBlitter.rowSpan` does (to the visible
/// octagon rather than the rectangle: the pixels left out would sample transparent texels
/// only, which change nothing), then drawn eight pixels at a time: pixel x samples texel
/// position (u0 + (x − bx0)·du, v0 + (x − bx0)·dv) when it is inside the rectangle's range;
/// bilinear, times `tint` (r, g, b, a in 0…256; colours clamped to the alpha when
/// `clampToAlpha`), times the clip byte, blended source-over or (`additive`) saturating-added.
/// Pixels of wx0 ..< wx1 (a range around x0 ..< x1 the caller owns) may be rewritten unchanged
/// (eight-pixel chunks may run past x1 within them). Every texel index must fit in an int32. `clip` (NULL for none; `clipStride` bytes a row, its byte (0, 0) over
/// pixel (clipX, clipY)) must cover the rectangle. Byte for byte `SpriteBlitter`'s Swift loop.
void lamina_avx2_sprite(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                        ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *s,
                        const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY);

/// The sprites `sprites[order[0]]`, …, `sprites[order[count − 1]]`, in that order, each
/// drawn by `lamina_avx2_sprite` over its device box within x0 ..< x1 × y0 ..< y1 (a tile of
/// the surface, inside the surface and the clip), pixels wx0 ..< wx1 of each row owned by the
/// call. The same bytes as drawing them one after another; faster, because each next sprite's
/// rows are prefetched while one is drawn.
void lamina_avx2_sprite_list(uint32_t *pixels, ptrdiff_t rowWords, ptrdiff_t x0, ptrdiff_t y0, ptrdiff_t x1, ptrdiff_t y1,
                             ptrdiff_t wx0, ptrdiff_t wx1, const lamina_sprite *sprites, const int32_t *order, ptrdiff_t count,
                             const uint8_t *clip, ptrdiff_t clipStride, ptrdiff_t clipX, ptrdiff_t clipY);

/// dst[i] = over(src[i]·alpha/255, dst[i]) for i < count.
void lamina_avx2_row_over(uint32_t *dst, const uint32_t *src, ptrdiff_t count, uint8_t alpha);

/// dst[i] = over(src[i]·(cov[i]·alpha/255)/255, dst[i]) for i < count.
void lamina_avx2_row_over_coverage(uint32_t *dst, const uint32_t *src, ptrdiff_t count,
                                   const uint8_t *cov, uint8_t alpha);

/// Bilinear samples of an affine map (40.24 coordinates u + i·dU, v + i·dV) whose four taps
/// are all inside the texels (caller-checked); the bottom taps are `below` words after the
/// top ones (stride, or 0 on a clamped edge row). Equal to TexelKernels.blend4 byte for byte.
void lamina_avx2_bilinear_affine(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                 ptrdiff_t below, ptrdiff_t count, int64_t u, int64_t dU,
                                 int64_t v, int64_t dV);

/// What the perspective kernels do with a sample that has a tap outside the image: stop there
/// (the caller samples it), or sample it as TexelKernels.bilinear does under ImageEdgeMode
/// .clamp (the nearest edge texel) or .transparent (0).
enum { LAMINA_EDGE_STOP = 0, LAMINA_EDGE_CLAMP = 1, LAMINA_EDGE_TRANSPARENT = 2 };

/// The forward-difference state of one interpolated-perspective segment (see
/// lamina_avx2_bilinear_parabola): numerators nu, nv and their first differences du, dv.
typedef struct { int64_t nu, du, nv, dv; } lamina_parabola;

/// Bilinear samples along a segment of PerspectiveSampling.interpolated: pixel k samples at
/// 16.16 texel-centre U = u0 + (nu >> shift2), V = v0 + (nv >> shift2), then nu += du,
/// du += ddu (v likewise). Writes pixels while all four taps are inside (texel i < maxI and
/// j < maxJ, unsigned), or every pixel with `edge` CLAMP or TRANSPARENT (the image is maxI + 1
/// by maxJ + 1 texels), and returns how many; `state` is left at the first pixel not written.
/// `clear` (or NULL) are the image's ClearTiles flags, `clearStride` blocks a row: a pixel
/// whose 8x8 block is flagged is written as 0 without loading texels. Equal to
/// TexelKernels.blend4 byte for byte.
ptrdiff_t lamina_avx2_bilinear_parabola(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                        ptrdiff_t count, int64_t u0, int64_t v0, int64_t ddu,
                                        int64_t ddv, int shift2, uint64_t maxI, uint64_t maxJ,
                                        const uint8_t *clear, ptrdiff_t clearStride, int edge,
                                        lamina_parabola *state);

/// PerspectiveSampling.interpolated with bilinear filtering over columns x ..< x + count of
/// row y (absolute surface pixels), the whole definition in one call: the exact source points
/// at three columns per 16 (double divide, TexelKernels.fixed) and the parabola between.
/// `m` is the inverse map m00, m01, m02, m10, m11, m12, m20, m21, m22 (PaintProjective's
/// order); the image is `width` x `height` texels, `stride` words a row; `clear` as above.
/// Returns how many pixels from x it wrote: it stops at the first pixel whose taps are not
/// all inside when `edge` is STOP, or at the start of a segment where w ≤ minW at one of its
/// three columns — the caller does the rest of that 16-column segment and calls again.
ptrdiff_t lamina_avx2_perspective_bilinear_row(uint32_t *out, const uint32_t *texels, ptrdiff_t stride,
                                               ptrdiff_t width, ptrdiff_t height, const uint8_t *clear,
                                               ptrdiff_t clearStride, int edge, const double *m, double minW,
                                               ptrdiff_t y, ptrdiff_t x, ptrdiff_t count);

/// The bounds [lo, hi] the row kernel assumes for every U(k), 0 ≤ k ≤ 16, of a segment with
/// exact points u0, um, u1 (16.16): it skips a segment when the blocks of that box are clear.
/// Exposed so tests can check it against every k (x86 builds only).
void lamina_segment_range(int64_t u0, int64_t um, int64_t u1, int64_t *lo, int64_t *hi);

/// Whether ClearTiles blocks bx0...bx1 x by0...by1 (`clear`, `clearStride` blocks a row; the
/// box inside the flags) are all clear — the test both sampling paths use to skip a run of
/// pixels whose taps lie in that box. Boxes of more than 8 blocks are not worth checking and
/// answer 0.
static inline int lamina_clear_blocks(const uint8_t *clear, ptrdiff_t clearStride, int64_t bx0, int64_t bx1,
                                      int64_t by0, int64_t by1) {
    if ((bx1 - bx0 + 1) * (by1 - by0 + 1) > 8) return 0;
    for (int64_t by = by0; by <= by1; by++) {
        const uint8_t *row = clear + by * clearStride;
        for (int64_t bx = bx0; bx <= bx1; bx++) if (!row[bx]) return 0;
    }
    return 1;
}

/// How many (multiplier, byte) pairs the AVX2 kernels' constant-multiplier table gets wrong
/// (0 expected; tests check it).
int lamina_kernels_check_magic(void);

/// out[n] = color × weight(hx[n]·vj) for n < count: a blurred rect's shadow row without corner
/// arcs (`BlurredRoundedRectShader`), the weight being the coverage clamped to [0, 1] as
/// 0...256 rounded half up, the colour scaled per channel as `MaskColorShader.scale` does.
void lamina_avx2_shadow_color_row(uint32_t *out, const float *hx, float vj, ptrdiff_t count, uint32_t color);

/// out[n] = color × weights[n]/256 per channel, rounded (`MaskColorShader.scale`), for
/// n < count: a row of a cached shadow table (`BlurredRoundedRectWeightsShader`). Every
/// weight must be in 0...256 (the tables' range); larger ones give other bytes than Swift's.
void lamina_avx2_shadow_weights_row(uint32_t *out, const uint16_t *weights, ptrdiff_t count, uint32_t color);

/// sin(x) and cos(x) in one call (the C library's sincos: glibc computes both from one
/// argument reduction and gives the numbers of its sin and cos, which `SinCosTests` checks).
static inline void lamina_sincos(double x, double *s, double *c) { __builtin_sincos(x, s, c); }

/// Hints that the cache line holding `p` will be read and written soon (no effect on results).
static inline void lamina_prefetch(const void *p) { __builtin_prefetch(p, 1, 3); }

#include "cell_accumulation.h"
#include "curve_flattening.h"

#endif

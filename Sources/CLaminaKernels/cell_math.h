// Cell arithmetic shared by the C rasterizer kernels (cell_accumulation.c, coverage_sweep_avx2.c):
// the exact Swift definitions of PolygonRasterizer's rounding, accumulation and coverage, so
// every kernel gives the bytes the Swift code gives. Private to CLaminaKernels (not in include/).
#ifndef CLAMINA_CELL_MATH_H
#define CLAMINA_CELL_MATH_H

#include <stdint.h>
#include <string.h>

// The Swift definition has no fused multiply-adds; neither may this file.
#pragma clang fp contract(off)

/// v rounded half-to-even to an integer, for |v| < 2^51 (the same bits as Swift's `roundToInt`).
static inline int64_t round_to_int(double v) {
    const double magic = 6755399441055744.0; // 1.5 · 2^52
    double t = v + magic;
    uint64_t tb, mb;
    memcpy(&tb, &t, 8);
    memcpy(&mb, &magic, 8);
    return (int64_t)(tb - mb);
}

static inline int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static inline void add_cell(int32_t *acc, int64_t c, int32_t dy, int32_t area) {
    acc[c] = (int32_t)((uint32_t)acc[c] + (uint32_t)dy * 512u - (uint32_t)area);
    acc[c + 1] = (int32_t)((uint32_t)acc[c + 1] + (uint32_t)area);
}

/// Marks cell c as touched.
static inline void mark(uint64_t *bits, int64_t c) { bits[c >> 6] |= (uint64_t)1 << (c & 63); }

/// Marks cells c and c + 1 (one OR unless they straddle a word).
static inline void mark2(uint64_t *bits, int64_t c) {
    if ((c & 63) != 63) bits[c >> 6] |= (uint64_t)3 << (c & 63);
    else { mark(bits, c); mark(bits, c + 1); }
}

/// One row piece (xa, ya) → (xb, yb), yb > ya within one pixel row, x in [0, width·256]:
/// `PolygonRasterizer.accumulate`, marking the touched cells in `bits` (never NULL: only the
/// strip kernel uses this; the monotone path accumulates in Swift). Pieces within one cell
/// (steep edges) and across two (the commonest walk) are written out; longer ones walk the
/// cells.
__attribute__((always_inline)) static inline void accumulate(int32_t *acc, uint64_t *bits, int64_t xa, int64_t ya, int64_t xb, int64_t yb,
                              int32_t dir) {
    int64_t ca = xa >> 8, cb = xb >> 8;
    if (ca == cb) {
        int32_t dy = dir * (int32_t)(yb - ya);
        int32_t area = dy * (int32_t)(xa + xb - ca * 512);
        add_cell(acc, ca, dy, area);
        mark2(bits, ca);
        return;
    }
    // Walk the cells from the piece's left end to its right end.
    int64_t xl, yl, xr, yr;
    if (xa < xb) { xl = xa; yl = ya; xr = xb; yr = yb; } else { xl = xb; yl = yb; xr = xa; yr = ya; }
    double dydx = (double)(yr - yl) / (double)(xr - xl);
    int64_t c = xl >> 8, cx = xl, cy = yl;
    const int64_t last = xr >> 8;
    if (last == c + 1) {
        int64_t bx = last * 256;
        int64_t ny = yl + round_to_int((double)(bx - xl) * dydx);
        int32_t dy0 = dir * (int32_t)(ny > yl ? ny - yl : yl - ny);
        int32_t area0 = dy0 * (int32_t)(xl - c * 256 + 256);
        int32_t dy1 = dir * (int32_t)(yr > ny ? yr - ny : ny - yr);
        int32_t area1 = dy1 * (int32_t)(bx + xr - last * 512);
        acc[c] = (int32_t)((uint32_t)acc[c] + (uint32_t)dy0 * 512u - (uint32_t)area0);
        acc[c + 1] = (int32_t)((uint32_t)acc[c + 1] + (uint32_t)area0 + (uint32_t)dy1 * 512u - (uint32_t)area1);
        acc[c + 2] = (int32_t)((uint32_t)acc[c + 2] + (uint32_t)area1);
        mark2(bits, c);
        mark(bits, c + 2);
        return;
    }
    while (c < last) {
        int64_t bx = (c + 1) * 256;
        int64_t ny = yl + round_to_int((double)(bx - xl) * dydx);
        int32_t dy = dir * (int32_t)(ny > cy ? ny - cy : cy - ny);
        int32_t area = dy * (int32_t)(cx - c * 256 + 256);
        add_cell(acc, c, dy, area);
        mark(bits, c);
        cx = bx; cy = ny; c++;
    }
    int32_t dy = dir * (int32_t)(yr > cy ? yr - cy : cy - yr);
    int32_t area = dy * (int32_t)(cx + xr - c * 512);
    add_cell(acc, c, dy, area);
    mark2(bits, c);
}

/// The coverage 0...255 of an accumulated signed area (2^17 = one full pixel), non-zero or
/// even-odd: `PolygonRasterizer.coverage`.
static inline uint8_t cell_coverage(int32_t s, int evenOdd) {
    uint32_t a = s < 0 ? 0u - (uint32_t)s : (uint32_t)s;
    if (evenOdd) {
        a &= (1u << 18) - 1;
        if (a > (1u << 17)) a = (1u << 18) - a;
    } else if (a > (1u << 17)) {
        a = 1u << 17;
    }
    return (uint8_t)((a * 255u + (1u << 16)) >> 17);
}

#endif

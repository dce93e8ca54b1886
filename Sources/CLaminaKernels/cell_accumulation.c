// See cell_accumulation.h. Portable C (no SIMD): the loop is bound by dependent integer work
// per row piece, not by width.
//
// Integer overflow: every product below is bounded by construction (a piece's dy ≤ 256 and its
// x distance within a cell ≤ 512, so an area ≤ 2^17), but the running sums in `acc` may wrap
// for absurd windings, as the Swift code's wrapping adds do: they are done in uint32_t.
#include "CLaminaKernels.h"
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

static inline void mark(uint64_t *bits, int64_t c) { bits[c >> 6] |= (uint64_t)1 << (c & 63); }

/// Marks cells c and c + 1 (one OR unless they straddle a word).
static inline void mark2(uint64_t *bits, int64_t c) {
    if ((c & 63) != 63) bits[c >> 6] |= (uint64_t)3 << (c & 63);
    else { mark(bits, c); mark(bits, c + 1); }
}

/// One row piece (xa, ya) → (xb, yb), yb > ya within one pixel row, x in [0, width·256]:
/// `PolygonRasterizer.accumulate` with its bitset. Pieces within one cell (steep edges) and
/// across two (the commonest walk) are written out; longer ones walk the cells.
static inline void accumulate(int32_t *acc, uint64_t *bits, int64_t xa, int64_t ya, int64_t xb, int64_t yb,
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

ptrdiff_t lamina_accumulate_strip(const LaminaEdge *edges, int32_t *active, ptrdiff_t activeCount,
                                  int64_t top, int64_t bottom, int64_t width,
                                  int32_t *acc, ptrdiff_t stride, uint64_t *bits, ptrdiff_t words,
                                  int64_t *extent) {
    const int64_t fy1 = bottom * 256, maxX = width * 256;
    ptrdiff_t keep = 0;
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (ptrdiff_t k = 0; k < activeCount; k++) {
        const int32_t index = active[k];
        const LaminaEdge *e = edges + index;
        const int64_t x0 = e->x0, y0 = e->y0, x1 = e->x1, y1 = e->y1;
        const double slope = e->slope;
        const int32_t dir = e->dir;
        if (y1 > fy1) active[keep++] = index;
        const int64_t r0 = max64(top, y0 >> 8), r1 = min64(bottom - 1, (y1 - 1) >> 8);
        if (r0 > r1) continue;
        // A row's bottom crossing is the next row's top crossing (the same expression), so
        // each is computed once.
        int64_t r = r0, ya = max64(y0, r0 * 256);
        int64_t xa = min64(maxX, max64(0, ya == y0 ? x0 : x0 + round_to_int((double)(ya - y0) * slope)));
        const int64_t xFirst = xa;
        int32_t *accRow = acc + (r0 - top) * stride;
        uint64_t *bitsRow = bits + (r0 - top) * words;
        for (;;) {
            const int64_t yb = min64(y1, (r + 1) * 256);
            const int64_t xb = min64(maxX, max64(0, yb == y1 ? x1 : x0 + round_to_int((double)(yb - y0) * slope)));
            accumulate(accRow, bitsRow, xa, ya, xb, yb, dir);
            if (r == r1) {
                // x is monotone along an edge: its pieces here span xFirst...xb.
                lo = min64(lo, min64(xFirst, xb)); hi = max64(hi, max64(xFirst, xb));
                break;
            }
            xa = xb; ya = yb;
            accRow += stride; bitsRow += words;
            r++;
        }
    }
    extent[0] = lo;
    extent[1] = hi;
    return keep;
}

// See cell_accumulation.h. Portable C (no SIMD): the loop is bound by dependent integer work
// per row piece, not by width.
//
// Integer overflow: every product below is bounded by construction (a piece's dy ≤ 256 and its
// x distance within a cell ≤ 512, so an area ≤ 2^17), but the running sums in `acc` may wrap
// for absurd windings, as the Swift code's wrapping adds do: they are done in uint32_t.
#include "CLaminaKernels.h"

#include "cell_math.h"

/// One edge's row pieces in pixel rows top..<bottom (nothing when it has none there), widening
/// *lo/*hi to their 24.8 x extent: the body of lamina_accumulate_strip, shared with
/// lamina_accumulate_polygon so that both give the same cells.
__attribute__((always_inline)) static inline void accumulate_edge(int64_t x0, int64_t y0, int64_t x1, int64_t y1, double slope,
                                                                  int32_t dir, int64_t top, int64_t bottom, int64_t maxX,
                                                                  int32_t *acc, ptrdiff_t stride, uint64_t *bits,
                                                                  ptrdiff_t words, int64_t *lo, int64_t *hi) {
    const int64_t r0 = max64(top, y0 >> 8), r1 = min64(bottom - 1, (y1 - 1) >> 8);
    if (r0 > r1) return;
    // A row's bottom crossing is the next row's top crossing (the same expression), so
    // each is computed once.
    int64_t r = r0, ya = max64(y0, r0 * 256);
    int32_t *accRow = acc + (r0 - top) * stride;
    uint64_t *bitsRow = bits + (r0 - top) * words;
    if ((uint64_t)x0 <= (uint64_t)maxX && (uint64_t)x1 <= (uint64_t)maxX) {
        // Both ends inside the clip columns (every stroke edge of a frame-sized clip): every
        // crossing lies between x0 and x1 (|(y − y0)·slope| rounds to at most |x1 − x0|), so
        // no clamp can change one. Rows above the last one end on a row boundary below
        // y0, the last one at min(y1, its bottom): peeled off the loop.
        int64_t xa = ya == y0 ? x0 : x0 + round_to_int((double)(ya - y0) * slope);
        const int64_t xFirst = xa;
        for (; r < r1; r++) {
            const int64_t yb = (r + 1) * 256;
            const int64_t xb = x0 + round_to_int((double)(yb - y0) * slope);
            accumulate(accRow, bitsRow, xa, ya, xb, yb, dir);
            xa = xb; ya = yb;
            accRow += stride; bitsRow += words;
        }
        const int64_t yb = min64(y1, (r + 1) * 256);
        const int64_t xb = yb == y1 ? x1 : x0 + round_to_int((double)(yb - y0) * slope);
        accumulate(accRow, bitsRow, xa, ya, xb, yb, dir);
        *lo = min64(*lo, min64(xFirst, xb)); *hi = max64(*hi, max64(xFirst, xb));
        return;
    }
    int64_t xa = min64(maxX, max64(0, ya == y0 ? x0 : x0 + round_to_int((double)(ya - y0) * slope)));
    const int64_t xFirst = xa;
    for (;;) {
        const int64_t yb = min64(y1, (r + 1) * 256);
        const int64_t xb = min64(maxX, max64(0, yb == y1 ? x1 : x0 + round_to_int((double)(yb - y0) * slope)));
        accumulate(accRow, bitsRow, xa, ya, xb, yb, dir);
        if (r == r1) {
            // x is monotone along an edge: its pieces here span xFirst...xb.
            *lo = min64(*lo, min64(xFirst, xb)); *hi = max64(*hi, max64(xFirst, xb));
            return;
        }
        xa = xb; ya = yb;
        accRow += stride; bitsRow += words;
        r++;
    }
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
        if (e->y1 > fy1) active[keep++] = index;
        accumulate_edge(e->x0, e->y0, e->x1, e->y1, e->slope, e->dir, top, bottom, maxX, acc, stride, bits, words, &lo, &hi);
    }
    extent[0] = lo;
    extent[1] = hi;
    return keep;
}

/// Whether every point of a subpath lies in the clip columns [left, right] and strictly inside
/// ±yLimit (false for NaN: every comparison with NaN is false).
static inline int points_inside(const double *points, ptrdiff_t count, double left, double right, double yLimit) {
    int ok = 1;
    for (ptrdiff_t i = 0; i < count; i++) {
        const double x = points[2 * i], y = points[2 * i + 1];
        ok &= (x >= left) & (x <= right) & (y < yLimit) & (y > -yLimit);
    }
    return ok;
}

ptrdiff_t lamina_accumulate_polygon(const double *points, ptrdiff_t count, double left, double right, double yLimit,
                                    int64_t top, int64_t bottom, int64_t width,
                                    int32_t *acc, ptrdiff_t stride, uint64_t *bits, ptrdiff_t words,
                                    int64_t *extent) {
    if (!points_inside(points, count, left, right, yLimit)) return -1;
    const int64_t maxX = width * 256, fy0 = top * 256, fy1 = bottom * 256;
    int64_t lo = extent[0], hi = extent[1];
    int64_t px = round_to_int((points[2 * count - 2] - left) * 256), py = round_to_int(points[2 * count - 1] * 256);
    for (ptrdiff_t i = 0; i < count; i++) {
        const int64_t x = round_to_int((points[2 * i] - left) * 256), y = round_to_int(points[2 * i + 1] * 256);
        // The edge lamina_build_edges makes of this segment, taken straight to the cells when
        // it reaches the strip's rows (the slope is only needed then).
        if (py < y) {
            if (y > fy0 && py < fy1)
                accumulate_edge(px, py, x, y, (double)(x - px) / (double)(y - py), 1, top, bottom, maxX,
                                acc, stride, bits, words, &lo, &hi);
        } else if (py > y) {
            if (py > fy0 && y < fy1)
                accumulate_edge(x, y, px, py, (double)(px - x) / (double)(py - y), -1, top, bottom, maxX,
                                acc, stride, bits, words, &lo, &hi);
        }
        px = x; py = y;
    }
    extent[0] = lo;
    extent[1] = hi;
    return 0;
}

// PolygonRasterizer.buildEdges for a closed subpath whose points all lie within the clip
// columns and far inside ±yLimit (see the header): each point to 24.8 once, an edge per
// non-horizontal segment, exactly Swift's `roundToInt` and `addFixed`.
ptrdiff_t lamina_build_edges(const double *points, ptrdiff_t count, double left, double right, double yLimit,
                             LaminaEdge *out) {
    if (!points_inside(points, count, left, right, yLimit)) return -1;
    ptrdiff_t n = 0;
    int64_t px = round_to_int((points[2 * count - 2] - left) * 256), py = round_to_int(points[2 * count - 1] * 256);
    for (ptrdiff_t i = 0; i < count; i++) {
        const int64_t x = round_to_int((points[2 * i] - left) * 256), y = round_to_int(points[2 * i + 1] * 256);
        if (py < y) {
            out[n].x0 = px; out[n].y0 = py; out[n].x1 = x; out[n].y1 = y; out[n].dir = 1;
            out[n].slope = (double)(x - px) / (double)(y - py);
            n++;
        } else if (py > y) {
            out[n].x0 = x; out[n].y0 = y; out[n].x1 = px; out[n].y1 = py; out[n].dir = -1;
            out[n].slope = (double)(px - x) / (double)(py - y);
            n++;
        }
        px = x; py = y;
    }
    return n;
}

void lamina_bucket_edges(const LaminaEdge *edges, ptrdiff_t count, int64_t firstRow, int64_t endRow, int stripShift,
                         ptrdiff_t strips, ptrdiff_t *bucketStart, int32_t *byStrip) {
    const int64_t fy0 = firstRow * 256, fy1 = endRow * 256;
    memset(bucketStart, 0, (size_t)(strips + 1) * sizeof(ptrdiff_t));
    for (ptrdiff_t i = 0; i < count; i++) {
        const LaminaEdge *e = edges + i;
        if (e->y1 > fy0 && e->y0 < fy1) bucketStart[(max64(0, (e->y0 >> 8) - firstRow) >> stripShift) + 1]++;
    }
    for (ptrdiff_t b = 0; b < strips; b++) bucketStart[b + 1] += bucketStart[b];
    for (ptrdiff_t i = 0; i < count; i++) {
        const LaminaEdge *e = edges + i;
        if (e->y1 > fy0 && e->y0 < fy1) byStrip[bucketStart[max64(0, (e->y0 >> 8) - firstRow) >> stripShift]++] = (int32_t)i;
    }
}

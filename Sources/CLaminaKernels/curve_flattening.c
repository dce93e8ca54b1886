// See curve_flattening.h. Portable C: the steps are placed, evaluated and checked in batches,
// each a loop without branches that the compiler vectorises for the baseline target.
//
// The bound (why a chord fits). For a step [t0, t1] of length h with chord from B(t0) = p to
// B(t1) = q and any unit vector n, f(s) = n · (B(s) − L(s)) (L the chord's linear
// interpolation) vanishes at both ends and f'' = n · B'', so |f| ≤ h²/8 · max |n · B''| over
// the step; B'' is linear in s (constant for a quad), so that maximum is at an end. With n the
// chord's normal this bounds the distance from the chord's line. If, in addition, the curve's
// projection onto the chord runs forward (B'(s) · chord ≥ 0 on the step), no point passes an
// end of the chord, so the distance to the chord *segment* is the distance to the line, and
// each chord point has a curve point at that distance. With n unrestricted (the whole of B''),
// the chord point L(s) itself is within the bound of B(s), which needs no other test.
#include "curve_flattening.h"

#include <math.h>

// sqrt without errno: every argument here is ≥ 0 or NaN, and the library call that sets errno
// for negative ones kept the loops from overlapping their roots.
#if defined(__has_builtin) && __has_builtin(__builtin_elementwise_sqrt)
#define ROOT(x) __builtin_elementwise_sqrt(x)
#else
#define ROOT(x) sqrt(x)
#endif

typedef struct { double x, y; } vec2;

typedef struct {
    vec2 c0, c1, c2, c3; // B(t) = c0 + t·(c1 + t·(c2 + t·c3)); c3 = 0 for a quad
} power_curve;

static inline double dot(vec2 a, vec2 b) { return a.x * b.x + a.y * b.y; }
static inline double cross(vec2 a, vec2 b) { return a.x * b.y - a.y * b.x; }
static inline double larger(double a, double b) { return a > b ? a : b; }

static inline vec2 point_at(const power_curve *c, double t) {
    return (vec2){ c->c0.x + t * (c->c1.x + t * (c->c2.x + t * c->c3.x)),
                   c->c0.y + t * (c->c1.y + t * (c->c2.y + t * c->c3.y)) };
}

static inline vec2 d1_at(const power_curve *c, double t) {
    return (vec2){ c->c1.x + t * (2 * c->c2.x + 3 * t * c->c3.x), c->c1.y + t * (2 * c->c2.y + 3 * t * c->c3.y) };
}

static inline vec2 d2_at(const power_curve *c, double t) {
    return (vec2){ 2 * c->c2.x + 6 * t * c->c3.x, 2 * c->c2.y + 6 * t * c->c3.y };
}

/// The normal part of B'' at t, |B' × B''| / |B'|: how fast the curve turns from its tangent
/// (NaN at a cusp, where B' = 0).
static inline double bend_at(const power_curve *c, double t) {
    const vec2 v = d1_at(c, t);
    return fabs(cross(v, d2_at(c, t))) / ROOT(dot(v, v));
}

/// Whether the chord from B(t0) = p to B(t1) = q keeps the curve between them within the
/// tolerance (limit = 8·tolerance): see the file comment. Every test is evaluated and combined
/// with bitwise operators, since which one decides varies unpredictably from step to step.
static inline int chord_fits(const power_curve *c, double t0, double t1, vec2 p, vec2 q, double limit) {
    const double h = t1 - t0, h2 = h * h, l2 = limit * limit;
    const vec2 a = d2_at(c, t0), b = d2_at(c, t1);
    const int whole = h2 * h2 * larger(dot(a, a), dot(b, b)) <= l2;
    const vec2 chord = { q.x - p.x, q.y - p.y };
    // h²·|chord × B''| / |chord| ≤ limit at both ends, squared.
    const double across = h2 * larger(fabs(cross(chord, a)), fabs(cross(chord, b)));
    const int near = across * across <= l2 * dot(chord, chord);
    // B'(s) · chord = k0 + k1·s + k2·s² ≥ 0 on [t0, t1]: at both ends, and at its minimum
    // k0 − k1²/4k2 when it has one inside (k2 > 0, t0 < −k1/2k2 < t1).
    const double k0 = dot(c->c1, chord), k1 = 2 * dot(c->c2, chord), k2 = 3 * dot(c->c3, chord);
    const int ends = (k0 + t0 * (k1 + t0 * k2) >= 0) & (k0 + t1 * (k1 + t1 * k2) >= 0);
    const int inside = (k2 > 0) & (-k1 > 2 * k2 * t0) & (-k1 < 2 * k2 * t1);
    const int forward = ends & (!inside | (4 * k0 * k2 >= k1 * k1));
    return whole | (near & forward);
}

/// A step [t0, t1] from p to q that does not fit, halved until every piece fits or is no
/// longer than hMin (which always fits): writes the pieces' ends in order, q included unless
/// t1 = 1, and returns the new count. Rare (under one step per curve on bench scene S4).
static ptrdiff_t split_until_fits(const power_curve *c, double t0, double t1, vec2 p, vec2 q, double limit, double hMin,
                                  double *out, ptrdiff_t count) {
    const double tm = 0.5 * (t0 + t1);
    const vec2 m = point_at(c, tm);
    if (tm - t0 <= hMin || chord_fits(c, t0, tm, p, m, limit)) {
        out[2 * count] = m.x; out[2 * count + 1] = m.y; count++;
    } else {
        count = split_until_fits(c, t0, tm, p, m, limit, hMin, out, count);
    }
    if (t1 - tm <= hMin || chord_fits(c, tm, t1, m, q, limit)) {
        if (t1 < 1) { out[2 * count] = q.x; out[2 * count + 1] = q.y; count++; }
    } else {
        count = split_until_fits(c, tm, t1, m, q, limit, hMin, out, count);
    }
    return count;
}

/// Moves each interior vertex outward (away from the centre of curvature) by a quarter of the
/// sagittas of its two chords, from the circle through it and its neighbours: the chords then
/// straddle the curve (vertices outside, midpoints inside, by about half a sagitta each)
/// instead of lying wholly on its inner side. Without this a stroke of a flattened curve sits
/// inward by up to the whole tolerance mid-chord (2/3 of it on average), which on bench scene
/// S4 tripled the pixels more than 8 levels away from Cairo's and Blend2D's renders. Each shift
/// is capped at `cap` (half the tolerance), so with every chord within the tolerance of the
/// curve before the shift, every point stays within it after. Sequential: each vertex uses its
/// neighbours' positions before their shifts.
static void centre_vertices(double *out, ptrdiff_t count, vec2 first, vec2 last, double cap) {
    vec2 a = first;
    for (ptrdiff_t i = 0; i < count; i++) {
        const vec2 v = { out[2 * i], out[2 * i + 1] };
        const vec2 b = i + 1 < count ? (vec2){ out[2 * i + 2], out[2 * i + 3] } : last;
        const vec2 u = { v.x - a.x, v.y - a.y }, w = { b.x - v.x, b.y - v.y }, c = { b.x - a.x, b.y - a.y };
        const double uu = dot(u, u), ww = dot(w, w), cc = dot(c, c), turn = cross(u, w);
        // The circle through a, v, b has radius R = |u||w||c| / 2|turn|; a chord of length l
        // has sagitta l²/8R, so the shift (s_u + s_w)/4 is |turn|·(|u|² + |w|²) / 16|u||w||c|,
        // along c's unit normal, away from the turn: `scale`·c's normal, with the sign of turn.
        // One root and one division; the cap (shift² = scale²·|c|² > cap²) is rare.
        const double d = 16 * ROOT(uu * ww) * cc;
        double scale = d > 0 ? turn * (uu + ww) / d : 0;
        if (!(scale * scale * cc <= cap * cap)) scale = scale == scale && cc > 0 ? copysign(cap / ROOT(cc), scale) : 0;
        // c's left normal is (−c.y, c.x); a left turn (turn > 0) has its centre on the left.
        out[2 * i] = v.x + scale * c.y;
        out[2 * i + 1] = v.y - scale * c.x;
        a = v;
    }
}

/// Pieces of [0, 1] over which the step density is taken as constant.
#define PIECES 16
/// Steps placed and checked per pass (the arrays below live on the stack).
#define BATCH 64

ptrdiff_t lamina_flatten_curve(double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3,
                               int degree, double tolerance, ptrdiff_t uniformSteps, double *out, ptrdiff_t capacity) {
    const vec2 p0 = { x0, y0 }, p1 = { x1, y1 }, p2 = { x2, y2 };
    power_curve c;
    c.c0 = p0;
    vec2 end;
    if (degree == 3) {
        const vec2 p3 = { x3, y3 };
        c.c1 = (vec2){ 3 * (p1.x - p0.x), 3 * (p1.y - p0.y) };
        c.c2 = (vec2){ 3 * (p0.x - 2 * p1.x + p2.x), 3 * (p0.y - 2 * p1.y + p2.y) };
        c.c3 = (vec2){ p3.x - p0.x + 3 * (p1.x - p2.x), p3.y - p0.y + 3 * (p1.y - p2.y) };
        end = p3;
    } else {
        c.c1 = (vec2){ 2 * (p1.x - p0.x), 2 * (p1.y - p0.y) };
        c.c2 = (vec2){ p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y };
        c.c3 = (vec2){ 0, 0 };
        end = p2;
    }
    const ptrdiff_t n = uniformSteps;
    ptrdiff_t count = 0;
    if (n <= 8) {
        // Few uniform steps: each fits, and sampling the density would cost more.
        if (n - 1 > capacity) return -1;
        for (ptrdiff_t i = 1; i < n; i++) {
            const vec2 q = point_at(&c, (double)i / (double)n);
            out[2 * count] = q.x; out[2 * count + 1] = q.y; count++;
        }
        centre_vertices(out, count, p0, end, 0.5 * tolerance);
        return count;
    }
    const double limit = 8 * tolerance, hMin = 1 / (double)n, cap = (double)n;
    // The step density √(bend / limit) at the PIECES + 1 sample points (a loop the compiler
    // vectorises: the divisions and roots overlap), then per piece the larger of its ends',
    // capped at the uniform bound's (which NaN takes: `<` is false for it), floored so that
    // 1/density is finite.
    double rho[PIECES + 1], density[PIECES], inverse[PIECES], start[PIECES + 1];
    for (int i = 0; i <= PIECES; i++) {
        const double t = (double)i / PIECES;
        const vec2 v = d1_at(&c, t), a = d2_at(&c, t);
        rho[i] = ROOT(fabs(cross(v, a)) / (ROOT(dot(v, v)) * limit));
    }
    for (int i = 0; i < PIECES; i++) {
        const int capped = !(rho[i] < cap) | !(rho[i + 1] < cap);
        density[i] = capped ? cap : larger(larger(rho[i], rho[i + 1]), 1e-9);
        inverse[i] = 1 / density[i];
    }
    double total = 0;
    for (int i = 0; i < PIECES; i++) { start[i] = total; total += density[i] / PIECES; }
    start[PIECES] = total;
    const double want = ceil(1.05 * total);
    const ptrdiff_t k = want < cap ? (want >= 1 ? (ptrdiff_t)want : 1) : n;
    // Step j (1...k) ends where the integral reaches j/k of the total (t = 1 for j = k).
    // Batches of steps: place them, evaluate their ends, check every chord (loops without
    // branches, vectorised), then emit, halving the rare chord that does not fit.
    double ts[BATCH + 1], xs[BATCH + 1], ys[BATCH + 1];
    int fits[BATCH];
    ts[0] = 0; xs[0] = p0.x; ys[0] = p0.y;
    int piece = 0;
    const double stride = total / (double)k;
    for (ptrdiff_t j0 = 1; j0 <= k; j0 += BATCH) {
        const int m = (int)(k - j0 + 1 < BATCH ? k - j0 + 1 : BATCH);
        for (int b = 1; b <= m; b++) {
            const ptrdiff_t j = j0 + b - 1;
            double t = 1;
            if (j < k) {
                const double target = stride * (double)j;
                while (piece < PIECES - 1 && start[piece + 1] < target) piece++;
                t = (double)piece / PIECES + (target - start[piece]) * inverse[piece];
                t = t < 1 ? (t > ts[b - 1] ? t : ts[b - 1]) : 1;
            }
            ts[b] = t;
        }
        for (int b = 1; b <= m; b++) {
            const vec2 q = point_at(&c, ts[b]);
            xs[b] = q.x; ys[b] = q.y;
        }
        if (ts[m] == 1) { xs[m] = end.x; ys[m] = end.y; }
        for (int b = 0; b < m; b++) {
            fits[b] = (ts[b + 1] - ts[b] <= hMin)
                | chord_fits(&c, ts[b], ts[b + 1], (vec2){ xs[b], ys[b] }, (vec2){ xs[b + 1], ys[b + 1] }, limit);
        }
        for (int b = 0; b < m; b++) {
            // A step halved down to pieces of hMin (no shorter than hMin/2) writes at most
            // 2·(its length)·n + 1 points.
            if (count + (fits[b] ? 1 : 2 * (ptrdiff_t)((ts[b + 1] - ts[b]) * (double)n) + 2) > capacity) return -1;
            if (!fits[b]) {
                count = split_until_fits(&c, ts[b], ts[b + 1], (vec2){ xs[b], ys[b] }, (vec2){ xs[b + 1], ys[b + 1] },
                                         limit, hMin, out, count);
            } else if (ts[b + 1] < 1) {
                out[2 * count] = xs[b + 1]; out[2 * count + 1] = ys[b + 1]; count++;
            }
        }
        ts[0] = ts[m]; xs[0] = xs[m]; ys[0] = ys[m];
    }
    centre_vertices(out, count, p0, end, 0.5 * tolerance);
    return count;
}

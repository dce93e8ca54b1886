// Adaptive flattening of one quadratic or cubic Bézier (CoreGraphics' path flattening).
//
// Why C: the step search runs once per output vertex and every stroke and fill of a curve goes
// through it. Written in Swift (as a large inlined function of SIMD2 values) it compiled to
// about 220 instructions a vertex, with `SIMD.sum`, `abs` and `max` left as calls and the
// tests as branches; this is a few dozen, branch-free where the outcome is unpredictable.
#ifndef CLAMINA_CURVE_FLATTENING_H
#define CLAMINA_CURVE_FLATTENING_H

#include <stddef.h>
#include <stdint.h>

/// The interior vertices of the curve with control points (x0, y0) … (x3, y3) — a quad when
/// `degree` is 2 (x3, y3 ignored), a cubic when 3 — flattened within `tolerance` (> 0, the same
/// units): points near B(t) for 0 < t < 1 in order, so that every point of the curve lies
/// within `tolerance` of the polyline through the start, these points and the end, and every
/// point of that polyline within `tolerance` of the curve. The points are first placed on the
/// curve, then each is moved outward (away from the centre of curvature) by about half the
/// sagitta of its chords, at most tolerance/2, so that the chords straddle the curve. Written to `out` as (x, y) pairs; returns
/// how many, or −1 when they might not fit in `capacity` points (then `out` holds nothing
/// useful; fewer than 3n points always fit).
///
/// `uniformSteps` is n ≥ 2, the number of uniform parameter steps that the bound
/// max|B''|·h²/8 ≤ tolerance gives (`BezierSegment.flatteningSteps`): any step of at most 1/n
/// fits, so no step is halved below about half of that (at most n − 1 steps are placed, and
/// halving makes pieces longer than 1/2n).
///
/// Method (see curve_flattening.c for the bound): the step density √(bend / (8·tolerance))
/// — bend = |B' × B''| / |B'|, the normal part of B'' — is sampled at 17 parameters; the steps
/// are spread evenly over its piecewise constant integral (each sixteenth at the larger value
/// of its ends, 5% more, one rounding up), and each step's chord is checked against the
/// rigorous bound (the part of B'' across the chord at both ends, and the curve's projection
/// onto the chord running forward) and halved until it fits.
ptrdiff_t lamina_flatten_curve(double x0, double y0, double x1, double y1, double x2, double y2, double x3, double y3,
                               int degree, double tolerance, ptrdiff_t uniformSteps, double *out, ptrdiff_t capacity);

#endif

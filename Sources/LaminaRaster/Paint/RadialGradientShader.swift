/// A two-point conical gradient, as CGContext.drawRadialGradient draws it: the circles
/// C(t) = c0 + t·(c1 − c0) with radius r(t) = r0 + t·(r1 − r0), painted in increasing t, so a
/// point takes the colour of the *largest* t whose circle passes through it, among the t that
/// are drawn: [0, 1], plus t < 0 when `extend.padStart`, plus t > 1 when `extend.padEnd`, and
/// only where r(t) ≥ 0. Points on no drawn circle stay transparent.
///
/// Centres and radii are in gradient space; `inverse` maps destination pixels to gradient space,
/// which is also how the elliptical CAGradientLayer .radial variant is made (`elliptical`).
///
/// Per pixel: the quadratic |p − c0 − t·dc|² = (r0 + t·dr)² in t, i.e.
/// a·t² − 2·b·t + c = 0 with a = dc·dc − dr², b = (p − c0)·dc + r0·dr, c = |p − c0|² − r0².
/// The position is affine in the column (row terms hoisted); one sqrt per pixel.
///
/// Degenerate input paints nothing: both radii 0 at one centre, negative or non-finite radii,
/// non-finite centres or transform.
package struct RadialGradientShader: SpanShader {
    package let table: GradientColorTable
    private let inverse: PaintAffine
    private let c0x: Double, c0y: Double, r0: Double, dcx: Double, dcy: Double, dr: Double
    private let a: Double
    private let valid: Bool
    package let isOpaque: Bool

    package init(startCenter: (x: Double, y: Double), startRadius: Double,
                 endCenter: (x: Double, y: Double), endRadius: Double,
                 table: GradientColorTable, inverse: PaintAffine = .identity) {
        self.table = table
        self.inverse = inverse
        c0x = startCenter.x; c0y = startCenter.y; r0 = startRadius
        dcx = endCenter.x - startCenter.x; dcy = endCenter.y - startCenter.y; dr = endRadius - startRadius
        a = dcx * dcx + dcy * dcy - dr * dr
        let finite = [c0x, c0y, r0, dcx, dcy, dr, a].allSatisfy { $0.isFinite } && inverse.isFinite
        valid = finite && startRadius >= 0 && endRadius >= 0 && !(dcx == 0 && dcy == 0 && dr == 0) && !table.isEmpty
        // Concentric circles with both ends padded cover the whole plane.
        isOpaque = valid && table.isOpaque && dcx == 0 && dcy == 0
    }

    /// CAGradientLayer's .radial type: an ellipse centred at `center` with semi-axes `radiusX`
    /// and `radiusY` (gradient space, axis-aligned there), t = 0 at the centre and 1 on the
    /// ellipse. Built as the unit-circle gradient under the extra scale; zero radii paint nothing.
    package static func elliptical(center: (x: Double, y: Double), radiusX: Double, radiusY: Double,
                                   table: GradientColorTable, inverse: PaintAffine = .identity) -> RadialGradientShader {
        // gradient space → unit space: translate by −centre, scale by 1/radius.
        let toUnit = PaintAffine(a: 1 / radiusX, b: 0, c: 0, d: 1 / radiusY,
                                 tx: -center.x / radiusX, ty: -center.y / radiusY)
        let valid = radiusX != 0 && radiusY != 0
        return RadialGradientShader(startCenter: (0, 0), startRadius: 0, endCenter: (0, 0), endRadius: valid ? 1 : 0,
                                    table: table, inverse: inverse.concatenating(toUnit))
    }

    /// The gradient parameter at a pixel-space point, or nil when no drawn circle passes through it.
    package func parameter(x: Double, y: Double) -> Double? {
        guard valid else { return nil }
        let q = inverse.apply(x, y)
        let px = q.x - c0x, py = q.y - c0y
        let b = px * dcx + py * dcy + r0 * dr
        let c = px * px + py * py - r0 * r0
        return solve(b: b, c: c)
    }

    /// The largest admissible root of a·t² − 2·b·t + c = 0, or nil.
    @inline(__always) private func solve(b: Double, c: Double) -> Double? {
        let lo = table.extend.padStart ? -Double.infinity : 0
        let hi = table.extend.padEnd ? Double.infinity : 1
        @inline(__always) func ok(_ t: Double) -> Bool { t >= lo && t <= hi && r0 + t * dr >= 0 }
        if a == 0 {
            // One circle tangent inside the other: a single root c / (2b).
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return ok(t) ? t : nil
        }
        let disc = b * b - a * c
        guard disc >= 0 else { return nil }
        let s = disc.squareRoot()
        let t1 = (b + s) / a, t2 = (b - s) / a
        let big = max(t1, t2), small = min(t1, t2)
        if ok(big) { return big }
        if ok(small) { return small }
        return nil
    }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard valid else { out.update(repeating: 0, count: count); return }
        let m = inverse
        // Gradient-space position relative to c0 is affine in the column: p = rowP + X·s.
        let fy = Double(y) + 0.5
        let rowX = m.c * fy + m.tx - c0x, rowY = m.d * fy + m.ty - c0y
        let sx = m.a, sy = m.b, r0dr = r0 * dr, r0sq = r0 * r0
        let before = table.before, after = table.after
        table.entries.withUnsafeBufferPointer { buf in
            let lut = buf.baseAddress!
            for i in 0..<count {
                // Evaluated from the absolute column (not stepped) so any split of a row gives
                // the same bytes.
                let fx = Double(x + i) + 0.5
                let px = rowX + sx * fx, py = rowY + sy * fx
                let b = px * dcx + py * dcy + r0dr
                let c = px * px + py * py - r0sq
                if let t = solve(b: b, c: c) {
                    out[i] = GradientColorTable.lookup(lut, t, before: before, after: after)
                } else {
                    out[i] = 0
                }
            }
        }
    }
}

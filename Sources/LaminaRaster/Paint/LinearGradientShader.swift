/// An axial (linear) gradient: t = 0 at `start`, t = 1 at `end`, constant along lines
/// perpendicular to start→end (CGContext.drawLinearGradient, CAGradientLayer .axial).
///
/// `start` and `end` are in gradient space; `inverse` maps destination pixel space to gradient
/// space (the inverse of the CTM the gradient is drawn under). Since t is an affine function of
/// the pixel position, a span costs one multiply-add and one table lookup per pixel.
///
/// Degenerate input paints nothing (transparent): start == end, or non-finite geometry.
package struct LinearGradientShader: SpanShader {
    package let table: GradientColorTable
    /// t at pixel centre (x + 0.5, y + 0.5) is `tx·(x + 0.5) + ty·(y + 0.5) + t0`.
    private let tx: Double, ty: Double, t0: Double
    private let valid: Bool

    package init(start: (x: Double, y: Double), end: (x: Double, y: Double), table: GradientColorTable,
                 inverse: PaintAffine = .identity) {
        self.table = table
        let dx = end.x - start.x, dy = end.y - start.y
        let len2 = dx * dx + dy * dy
        // t(q) = (q − start)·d / |d|², with q = inverse(p): compose into pixel coefficients.
        let gx = dx / len2, gy = dy / len2
        let m = inverse
        let a = m.a * gx + m.b * gy, b = m.c * gx + m.d * gy
        let c = (m.tx - start.x) * gx + (m.ty - start.y) * gy
        valid = len2 > 0 && len2.isFinite && m.isFinite && a.isFinite && b.isFinite && c.isFinite && !table.isEmpty
        tx = valid ? a : 0; ty = valid ? b : 0; t0 = valid ? c : 0
    }

    package var isOpaque: Bool { valid && table.isOpaque }

    /// The gradient parameter at a pixel-space point (for tests and hit-testing).
    package func parameter(x: Double, y: Double) -> Double { tx * x + ty * y + t0 }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard valid else { out.update(repeating: 0, count: count); return }
        let before = table.before, after = table.after
        let rowT = ty * (Double(y) + 0.5) + t0, step = tx
        table.entries.withUnsafeBufferPointer { buf in
            let lut = buf.baseAddress!
            for i in 0..<count {
                // From the absolute column, so the result cannot depend on how a row is split.
                let t = step * (Double(x + i) + 0.5) + rowT
                out[i] = GradientColorTable.lookup(lut, t, before: before, after: after)
            }
        }
    }
}

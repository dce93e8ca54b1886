import Foundation

/// A conic (angular) gradient, CAGradientLayer's .conic: around `center`, t = 0 along the
/// direction `startAngle` (radians, measured from +x toward +y in gradient space) and growing
/// with the angle to t → 1 after a full turn, where it wraps (a hard seam along the start
/// direction). `inverse` maps destination pixels to gradient space. The extend modes do not
/// apply (every t is in [0, 1)); the centre itself takes t = 0 relative to +x.
///
/// The angle comes from `fastAtan2`, a polynomial with a measured maximum error below 1e-7
/// radians (far below one table entry, 1/1023 of a turn) — see its doc comment.
/// Non-finite geometry paints nothing.
package struct ConicGradientShader: SpanShader {
    package let table: GradientColorTable
    private let inverse: PaintAffine
    private let cx: Double, cy: Double, startAngle: Double
    private let valid: Bool
    /// Every table entry opaque (the extend modes do not apply to a conic gradient). Stored:
    /// the blitter asks per span, and scanning 1024 entries each time cost more than the span.
    package let isOpaque: Bool

    package init(center: (x: Double, y: Double), startAngle: Double, table: GradientColorTable,
                 inverse: PaintAffine = .identity) {
        self.table = table
        self.inverse = inverse
        cx = center.x; cy = center.y
        valid = center.x.isFinite && center.y.isFinite && startAngle.isFinite && inverse.isFinite && !table.isEmpty
        // Reduce once so per-pixel wrapping needs at most one correction either way.
        self.startAngle = valid ? startAngle - (startAngle / (2 * .pi)).rounded(.down) * 2 * .pi : 0
        isOpaque = valid && table.entries.allSatisfy { $0 >> 24 == 255 }
    }

    /// The gradient parameter in [0, 1) at a pixel-space point.
    package func parameter(x: Double, y: Double) -> Double {
        let q = inverse.apply(x, y)
        return turn(q.x - cx, q.y - cy)
    }

    @inline(__always) private func turn(_ dx: Double, _ dy: Double) -> Double {
        var t = (ConicGradientShader.fastAtan2(dy, dx) - startAngle) * (0.5 / .pi)
        if t < 0 { t += 1 }
        if t < 0 { t += 1 }
        if t >= 1 { t -= 1 }
        return t
    }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        guard valid else { out.update(repeating: 0, count: count); return }
        let m = inverse, fy = Double(y) + 0.5
        let rowX = m.c * fy + m.tx - cx, rowY = m.d * fy + m.ty - cy, sx = m.a, sy = m.b
        let lut = table.entries
        lut.withUnsafeBufferPointer { buf in
            let p = buf.baseAddress!
            let last = Double(GradientColorTable.count - 1)
            for i in 0..<count {
                let fx = Double(x + i) + 0.5 // absolute column: split-invariant
                let t = turn(rowX + sx * fx, rowY + sy * fx)
                // t ∈ [0, 1): guard NaN from non-finite positions anyway.
                out[i] = t >= 0 && t <= 1 ? p[Int(t * last + 0.5)] : 0
            }
        }
    }

    /// atan2(y, x) in (−π, π] from an odd degree-17 minimax polynomial for atan on [0, 1]
    /// (Abramowitz & Stegun 4.4.49 coefficients, stated |error| ≤ 2e-8) plus octant folding.
    /// Measured maximum error against Foundation's atan2: < 1e-7 rad (dense grid in the tests).
    /// atan2(0, 0) = 0; NaN in → NaN out.
    @inline(__always) package static func fastAtan2(_ y: Double, _ x: Double) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        let ax = abs(x), ay = abs(y)
        let big = max(ax, ay), small = min(ax, ay)
        guard big > 0 else { return 0 }
        let z = big.isInfinite ? (small.isInfinite ? 1 : 0) : small / big
        let z2 = z * z
        var p = 0.0028662257
        p = p * z2 - 0.0161657367
        p = p * z2 + 0.0429096138
        p = p * z2 - 0.0752896400
        p = p * z2 + 0.1065626393
        p = p * z2 - 0.1420889944
        p = p * z2 + 0.1999355085
        p = p * z2 - 0.3333314528
        var r = z * (1 + p * z2)
        if ay > ax { r = .pi / 2 - r }
        if x < 0 { r = .pi - r }
        return y < 0 ? -r : r
    }
}

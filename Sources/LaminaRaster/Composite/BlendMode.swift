/// The blend modes Core Graphics exposes (CGBlendMode), as the raster knows them.
///
/// All formulas work on premultiplied colour in [0, 1] (`s` source, `d` destination,
/// `sa`/`da` their alphas). Porter-Duff modes: result = s·Fa + d·Fb. Separable and
/// non-separable modes (W3C Compositing and Blending Level 1, §5.8–5.9):
/// co = s·(1 − da) + d·(1 − sa) + sa·da·B(Cb, Cs) with unpremultiplied Cs = s/sa, Cb = d/da;
/// αo = sa + da − sa·da.
///
/// How coverage and global alpha apply (as CG does): global alpha scales the source first;
/// then the result is lerped between the destination and B(source, destination) by coverage.
/// For bounded modes (every mode but the unbounded Porter-Duff ones) that equals scaling the
/// source by coverage, because those formulas are linear in a scaled source; for `copy`,
/// `sourceIn`, `sourceOut`, `destinationIn`, `destinationAtop` and `clear` it means the
/// destination outside the shape (coverage 0) is left alone.
package enum BlendMode: Sendable, Hashable, CaseIterable {
    case normal // source-over
    case multiply, screen, overlay, darken, lighten, colorDodge, colorBurn
    case softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity
    case clear, copy, sourceIn, sourceOut, sourceAtop
    case destinationOver, destinationIn, destinationOut, destinationAtop
    case xor, plusDarker, plusLighter

    /// Premultiplied RGBA in [0, 1] (r, g, b, a).
    package typealias Color = SIMD4<Float>

    /// The composite of `s` over `d` under this mode (premultiplied, components in [0, 1]).
    /// plusDarker is Apple's R = max(0, 1 − ((1 − D) + (1 − S))) generalised to premultiplied
    /// colour: αo = min(1, sa + da), co = max(0, αo − ((sa − s) + (da − d))); it reduces to
    /// Apple's formula for opaque pixels and leaves the destination alone where sa = 0.
    package func apply(_ s: Color, _ d: Color) -> Color {
        let sa = s.w, da = d.w
        switch self {
        case .normal: return s + d * (1 - sa)
        case .clear: return .zero
        case .copy: return s
        case .sourceIn: return s * da
        case .sourceOut: return s * (1 - da)
        case .sourceAtop: return s * da + d * (1 - sa)
        case .destinationOver: return s * (1 - da) + d
        case .destinationIn: return d * sa
        case .destinationOut: return d * (1 - sa)
        case .destinationAtop: return s * (1 - da) + d * sa
        case .xor: return s * (1 - da) + d * (1 - sa)
        case .plusLighter: return (s + d).clamped(lowerBound: .zero, upperBound: .one)
        case .plusDarker:
            let ao = min(1, sa + da)
            var r = Color(repeating: ao) - ((Color(repeating: sa) - s) + (Color(repeating: da) - d))
            r = r.clamped(lowerBound: .zero, upperBound: Color(repeating: ao))
            r.w = ao
            return r
        case .hue, .saturation, .color, .luminosity:
            return mixed(s, d, nonSeparable(unpremultiply(s), unpremultiply(d)))
        default:
            let cs = unpremultiply(s), cb = unpremultiply(d)
            var b = Color.zero
            for i in 0..<3 { b[i] = separable(cb[i], cs[i]) }
            return mixed(s, d, b)
        }
    }

    /// Whether drawing transparent black with this mode leaves the destination unchanged
    /// (so empty source pixels can be skipped).
    package var isBounded: Bool {
        switch self {
        case .clear, .copy, .sourceIn, .sourceOut, .destinationIn, .destinationAtop: return false
        default: return true
        }
    }

    private func unpremultiply(_ c: Color) -> Color {
        c.w > 0 ? Color(min(1, c.x / c.w), min(1, c.y / c.w), min(1, c.z / c.w), c.w) : .zero
    }

    /// co = s(1 − da) + d(1 − sa) + sa·da·B, αo = sa + da − sa·da (B's rgb; its w is ignored).
    private func mixed(_ s: Color, _ d: Color, _ b: Color) -> Color {
        let sa = s.w, da = d.w
        var r = s * (1 - da) + d * (1 - sa) + b * (sa * da)
        r.w = sa + da - sa * da
        return r.clamped(lowerBound: .zero, upperBound: .one)
    }

    private func separable(_ cb: Float, _ cs: Float) -> Float {
        switch self {
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return Self.hardLight(cs: cb, cb: cs)
        case .darken: return min(cb, cs)
        case .lighten: return max(cb, cs)
        case .colorDodge:
            if cb == 0 { return 0 }
            if cs >= 1 { return 1 }
            return min(1, cb / (1 - cs))
        case .colorBurn:
            if cb >= 1 { return 1 }
            if cs <= 0 { return 0 }
            return 1 - min(1, (1 - cb) / cs)
        case .hardLight: return Self.hardLight(cs: cs, cb: cb)
        case .softLight:
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let dcb = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (dcb - cb)
        case .difference: return abs(cb - cs)
        case .exclusion: return cb + cs - 2 * cb * cs
        default: return cs
        }
    }

    private static func hardLight(cs: Float, cb: Float) -> Float {
        cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    }

    // W3C non-separable helpers, on unpremultiplied rgb.
    private func nonSeparable(_ cs: Color, _ cb: Color) -> Color {
        switch self {
        case .hue: return Self.setLum(Self.setSat(cs, Self.sat(cb)), Self.lum(cb))
        case .saturation: return Self.setLum(Self.setSat(cb, Self.sat(cs)), Self.lum(cb))
        case .color: return Self.setLum(cs, Self.lum(cb))
        default: return Self.setLum(cb, Self.lum(cs)) // luminosity
        }
    }

    private static func lum(_ c: Color) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func clipColor(_ c0: Color) -> Color {
        var c = c0
        let l = lum(c)
        let n = min(c.x, c.y, c.z), x = max(c.x, c.y, c.z)
        if n < 0 {
            let k = l - n
            for i in 0..<3 { c[i] = k > 0 ? l + (c[i] - l) * l / k : l }
        }
        if x > 1 {
            let k = x - l
            for i in 0..<3 { c[i] = k > 0 ? l + (c[i] - l) * (1 - l) / k : l }
        }
        return c
    }

    private static func setLum(_ c: Color, _ l: Float) -> Color {
        let d = l - lum(c)
        return clipColor(Color(c.x + d, c.y + d, c.z + d, 0))
    }

    private static func sat(_ c: Color) -> Float { max(c.x, c.y, c.z) - min(c.x, c.y, c.z) }

    private static func setSat(_ c: Color, _ s: Float) -> Color {
        let mx = max(c.x, c.y, c.z), mn = min(c.x, c.y, c.z)
        guard mx > mn else { return Color(0, 0, 0, 0) }
        var r = Color.zero
        for i in 0..<3 { r[i] = (c[i] - mn) * s / (mx - mn) }
        return r
    }
}

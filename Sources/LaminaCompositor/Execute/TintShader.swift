// Colour modulation of a paint by a replicator instance's colour.
import LaminaRaster

/// Multiplies each premultiplied colour channel of `base` by a factor in [0, 1] (alpha is
/// modulated by the blitter's global alpha instead). Scaling premultiplied colour keeps
/// colour ≤ alpha.
struct TintShader: SpanShader {
    let base: any SpanShader
    /// Factors in 0...256 (fixed point, 256 = 1).
    let r: UInt32, g: UInt32, b: UInt32

    init(base: any SpanShader, tint: RenderTint) {
        self.base = base
        r = UInt32((tint.red * 256).rounded()); g = UInt32((tint.green * 256).rounded()); b = UInt32((tint.blue * 256).rounded())
    }

    var isOpaque: Bool { base.isOpaque }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        base.shade(y: y, x: x, count: count, into: out)
        for i in 0..<count {
            let p = out[i]
            let pr = ((p & 0xFF) * r + 128) >> 8, pg = (((p >> 8) & 0xFF) * g + 128) >> 8
            let pb = (((p >> 16) & 0xFF) * b + 128) >> 8
            out[i] = (p & 0xFF00_0000) | (pb << 16) | (pg << 8) | pr
        }
    }

    /// `paint` modulated by `tint`'s colour (its alpha is the caller's business).
    static func tinted(_ paint: Paint, _ tint: RenderTint) -> Paint {
        guard !tint.isColorNeutral else { return paint }
        switch paint {
        case let .solid(c):
            func m(_ v: UInt8, _ f: Double) -> UInt8 { UInt8((Double(v) * f).rounded()) }
            return .solid(PremultipliedRGBA8(r: m(c.r, tint.red), g: m(c.g, tint.green), b: m(c.b, tint.blue), a: c.a))
        case let .shader(s):
            return .shader(TintShader(base: s, tint: tint))
        }
    }
}

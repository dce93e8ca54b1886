// Paint modifiers: hard edges for layers without edge anti-aliasing, and colour modulation
// for replicator instances.
import LaminaRaster

/// allowsEdgeAntialiasing = false: a transformed layer's straight edges are hard, as on iOS where
/// rotated layers show stair steps unless they allow edge antialiasing. Forwards coverage
/// thresholded at one half: a pixel is fully in (255) or out (0).
struct SnapSink<Base: CoverageSink>: CoverageSink {
    var base: Base

    mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        var i = 0
        while i < count {
            // Runs of in-pixels become constant full-coverage runs.
            while i < count && coverage[i] < 128 { i += 1 }
            let start = i
            while i < count && coverage[i] >= 128 { i += 1 }
            if i > start { base.blendRun(y: y, x: x + start, count: i - start, coverage: 255) }
        }
    }

    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        if coverage >= 128 { base.blendRun(y: y, x: x, count: count, coverage: 255) }
    }
}

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

import Foundation
@testable import LaminaRaster

/// Helpers shared by the paint and blur tests.
enum PaintTestSupport {
    /// One span of `count` pixels from a shader.
    static func span<S: SpanShader>(_ s: S, x: Int, y: Int, count: Int) -> [UInt32] {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count)
        out.withUnsafeMutableBufferPointer { s.shade(y: y, x: x, count: count, into: $0.baseAddress!) }
        return out
    }

    static func pixel<S: SpanShader>(_ s: S, _ x: Int, _ y: Int) -> PremultipliedRGBA8 {
        PremultipliedRGBA8(packed: span(s, x: x, y: y, count: 1)[0])
    }

    /// Largest per-channel difference between two packed pixels.
    static func diff(_ a: UInt32, _ b: UInt32) -> Int {
        var worst = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let ca = Int((a >> UInt32(shift)) & 0xFF), cb = Int((b >> UInt32(shift)) & 0xFF)
            worst = max(worst, abs(ca - cb))
        }
        return worst
    }

    /// The straight colour of a stop list at t (independent reference: stable sort, last stop
    /// at an offset wins, clamped ends), premultiplied and packed after rounding.
    static func reference(_ stops: [GradientStop], _ t: Double) -> UInt32 {
        let s = stops.enumerated().sorted { $0.element.offset != $1.element.offset ? $0.element.offset < $1.element.offset : $0.offset < $1.offset }.map(\.element)
        let tt = min(1, max(0, t))
        var c = (s[0].red, s[0].green, s[0].blue, s[0].alpha)
        for k in 0..<s.count where s[k].offset <= tt {
            c = (s[k].red, s[k].green, s[k].blue, s[k].alpha)
            if k + 1 < s.count && s[k + 1].offset > tt {
                let f = (tt - s[k].offset) / (s[k + 1].offset - s[k].offset)
                c = (s[k].red + (s[k + 1].red - s[k].red) * f, s[k].green + (s[k + 1].green - s[k].green) * f,
                     s[k].blue + (s[k + 1].blue - s[k].blue) * f, s[k].alpha + (s[k + 1].alpha - s[k].alpha) * f)
            }
        }
        return PremultipliedRGBA8(straightRed: c.0, green: c.1, blue: c.2, alpha: c.3).packed
    }

    static func stop(_ o: Double, _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) -> GradientStop {
        GradientStop(offset: o, red: r, green: g, blue: b, alpha: a)
    }

    /// Writes a PNG (8-bit RGBA, straight alpha from premultiplied) of the given pixels when the
    /// environment variable LAMINA_PAINT_DUMP names a directory; otherwise does nothing.
    static func dump(_ name: String, width: Int, height: Int, rgbaPremultiplied: [UInt8]) {
        guard let dir = ProcessInfo.processInfo.environment["LAMINA_PAINT_DUMP"] else { return }
        let raw = URL(fileURLWithPath: dir).appendingPathComponent("\(name)_\(width)x\(height).rgba")
        try? Data(rgbaPremultiplied).write(to: raw)
    }
}

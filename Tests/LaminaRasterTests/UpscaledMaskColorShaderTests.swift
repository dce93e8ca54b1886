import Testing
@testable import LaminaRaster

@Suite struct UpscaledMaskColorShaderTests {
    /// A mask with a deterministic ramp-and-noise pattern.
    static func pattern(_ w: Int, _ h: Int) throws -> AlphaMask {
        let m = try AlphaMask(width: w, height: h)
        for y in 0..<h { for x in 0..<w { m[x, y] = UInt8((x * 37 + y * 91 + (x * y) % 13) % 256) } }
        return m
    }

    /// The shaded alpha of one destination pixel (colour opaque white, so alpha = mask value).
    static func alpha(_ s: UpscaledMaskColorShader, _ x: Int, _ y: Int) -> Int {
        var px: UInt32 = 0
        s.shade(y: y, x: x, count: 1, into: &px)
        return Int(px >> 24)
    }

    /// Every destination pixel matches a direct evaluation of the documented definition:
    /// bilinear at (p + ½)/f − ½ mask pixels, zero outside the mask, within one level.
    @Test func matchesTheBilinearDefinition() throws {
        let mask = try Self.pattern(7, 5)
        for f in [1, 2, 4] {
            let s = UpscaledMaskColorShader(mask: mask, originX: 3, originY: -2, factor: f, color: 0xFFFF_FFFF)
            var worst = 0
            for y in -8..<(5 * f + 4) {
                for x in -6..<(7 * f + 10) {
                    func m(_ i: Int, _ j: Int) -> Double {
                        i >= 0 && i < 7 && j >= 0 && j < 5 ? Double(mask[i, j]) : 0
                    }
                    let u = (Double(x - 3) + 0.5) / Double(f) - 0.5, v = (Double(y + 2) + 0.5) / Double(f) - 0.5
                    let i0 = Int(u.rounded(.down)), j0 = Int(v.rounded(.down))
                    let fx = u - Double(i0), fy = v - Double(j0)
                    let top = m(i0, j0) * (1 - fx) + m(i0 + 1, j0) * fx
                    let bottom = m(i0, j0 + 1) * (1 - fx) + m(i0 + 1, j0 + 1) * fx
                    let expected = Int((top * (1 - fy) + bottom * fy).rounded())
                    worst = max(worst, abs(Self.alpha(s, x, y) - expected))
                }
            }
            #expect(worst <= 1, "factor \(f): worst \(worst)")
        }
    }

    /// A span agrees with pixel-by-pixel shading, including where it starts and ends outside
    /// the mask; factors that are not powers of two are taken down to one.
    @Test func spansMatchSinglePixels() throws {
        let mask = try Self.pattern(9, 6)
        let s = UpscaledMaskColorShader(mask: mask, originX: 5, originY: 4, factor: 3, color: 0x8040_2010)
        #expect(s.factor == 2)
        var row = [UInt32](repeating: 7, count: 40)
        row.withUnsafeMutableBufferPointer { s.shade(y: 9, x: -3, count: 40, into: $0.baseAddress!) }
        for (k, v) in row.enumerated() {
            var one: UInt32 = 0
            s.shade(y: 9, x: -3 + k, count: 1, into: &one)
            #expect(v == one, "column \(k - 3)")
        }
        #expect(row[0] == 0)
    }
}

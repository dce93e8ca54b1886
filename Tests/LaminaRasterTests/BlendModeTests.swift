import Testing
@testable import LaminaRaster

/// Each blend mode on chosen premultiplied pixels against the W3C / Porter-Duff formulas
/// evaluated here in Double. Tolerance: 1/255 per channel (8-bit rounding).
@Suite struct BlendModeTests {
    typealias C = (r: Double, g: Double, b: Double, a: Double)

    static func unpack(_ p: UInt32) -> C {
        (Double(p & 255) / 255, Double((p >> 8) & 255) / 255, Double((p >> 16) & 255) / 255, Double(p >> 24) / 255)
    }

    static func pd(_ s: C, _ d: C, _ fa: Double, _ fb: Double) -> C {
        (s.r * fa + d.r * fb, s.g * fa + d.g * fb, s.b * fa + d.b * fb, s.a * fa + d.a * fb)
    }

    static func separable(_ f: @escaping (Double, Double) -> Double) -> (C, C) -> C {
        { s, d in
            func ch(_ sc: Double, _ dc: Double) -> Double {
                let cs = s.a > 0 ? sc / s.a : 0, cb = d.a > 0 ? dc / d.a : 0
                return sc * (1 - d.a) + dc * (1 - s.a) + s.a * d.a * f(cb, cs)
            }
            return (ch(s.r, d.r), ch(s.g, d.g), ch(s.b, d.b), s.a + d.a - s.a * d.a)
        }
    }

    static func lum(_ c: [Double]) -> Double { 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2] }
    static func clip(_ c: [Double]) -> [Double] {
        let l = lum(c), n = c.min()!, x = c.max()!
        var c = c
        if n < 0 { c = c.map { l + ($0 - l) * l / (l - n) } }
        if x > 1 { c = c.map { l + ($0 - l) * (1 - l) / (x - l) } }
        return c
    }
    static func setLum(_ c: [Double], _ l: Double) -> [Double] { let d = l - lum(c); return clip(c.map { $0 + d }) }
    static func sat(_ c: [Double]) -> Double { c.max()! - c.min()! }
    static func setSat(_ c: [Double], _ s: Double) -> [Double] {
        let mx = c.max()!, mn = c.min()!
        return mx > mn ? c.map { ($0 - mn) * s / (mx - mn) } : [0, 0, 0]
    }
    static func nonSeparable(_ f: @escaping ([Double], [Double]) -> [Double]) -> (C, C) -> C {
        { s, d in
            let cs = s.a > 0 ? [s.r / s.a, s.g / s.a, s.b / s.a] : [0, 0, 0]
            let cb = d.a > 0 ? [d.r / d.a, d.g / d.a, d.b / d.a] : [0, 0, 0]
            let b = f(cs, cb)
            let sc = [s.r, s.g, s.b], dc = [d.r, d.g, d.b]
            let o = (0..<3).map { sc[$0] * (1 - d.a) + dc[$0] * (1 - s.a) + s.a * d.a * b[$0] }
            return (o[0], o[1], o[2], s.a + d.a - s.a * d.a)
        }
    }

    static func hardLight(_ cb: Double, _ cs: Double) -> Double { cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1) }

    static func reference(_ mode: BlendMode) -> (C, C) -> C {
        switch mode {
        case .normal: return { s, d in pd(s, d, 1, 1 - s.a) }
        case .clear: return { s, d in pd(s, d, 0, 0) }
        case .copy: return { s, d in pd(s, d, 1, 0) }
        case .sourceIn: return { s, d in pd(s, d, d.a, 0) }
        case .sourceOut: return { s, d in pd(s, d, 1 - d.a, 0) }
        case .sourceAtop: return { s, d in pd(s, d, d.a, 1 - s.a) }
        case .destinationOver: return { s, d in pd(s, d, 1 - d.a, 1) }
        case .destinationIn: return { s, d in pd(s, d, 0, s.a) }
        case .destinationOut: return { s, d in pd(s, d, 0, 1 - s.a) }
        case .destinationAtop: return { s, d in pd(s, d, 1 - d.a, s.a) }
        case .xor: return { s, d in pd(s, d, 1 - d.a, 1 - s.a) }
        case .plusLighter: return { s, d in (min(1, s.r + d.r), min(1, s.g + d.g), min(1, s.b + d.b), min(1, s.a + d.a)) }
        case .plusDarker: return { s, d in
            let a = min(1, s.a + d.a)
            func ch(_ sc: Double, _ dc: Double) -> Double { min(a, max(0, a - ((s.a - sc) + (d.a - dc)))) }
            return (ch(s.r, d.r), ch(s.g, d.g), ch(s.b, d.b), a)
        }
        case .multiply: return separable { $0 * $1 }
        case .screen: return separable { $0 + $1 - $0 * $1 }
        case .overlay: return separable { cb, cs in hardLight(cs, cb) }
        case .darken: return separable { min($0, $1) }
        case .lighten: return separable { max($0, $1) }
        case .colorDodge: return separable { cb, cs in cb == 0 ? 0 : (cs >= 1 ? 1 : min(1, cb / (1 - cs))) }
        case .colorBurn: return separable { cb, cs in cb >= 1 ? 1 : (cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)) }
        case .hardLight: return separable { cb, cs in hardLight(cb, cs) }
        case .softLight: return separable { cb, cs in
            if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
            let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            return cb + (2 * cs - 1) * (d - cb)
        }
        case .difference: return separable { abs($0 - $1) }
        case .exclusion: return separable { $0 + $1 - 2 * $0 * $1 }
        case .hue: return nonSeparable { cs, cb in setLum(setSat(cs, sat(cb)), lum(cb)) }
        case .saturation: return nonSeparable { cs, cb in setLum(setSat(cb, sat(cs)), lum(cb)) }
        case .color: return nonSeparable { cs, cb in setLum(cs, lum(cb)) }
        case .luminosity: return nonSeparable { cs, cb in setLum(cb, lum(cs)) }
        }
    }

    static let pixels: [UInt32] = [
        0xFF20_80E0, 0x8040_2010, 0xFFFF_FFFF, 0x0000_0000, 0xC0C0_0060, 0x4010_2030, 0xFF00_0000, 0x80_80_80_80,
        0xFF_33_CC_66, 0x20_05_10_1A,
    ]

    @Test(arguments: BlendMode.allCases)
    func modeMatchesFormula(_ mode: BlendMode) {
        let f = Self.reference(mode)
        var worst = 0.0
        for sp in Self.pixels {
            for dp in Self.pixels {
                var dst = dp
                let src = sp
                withUnsafeMutablePointer(to: &dst) { d in
                    withUnsafePointer(to: src) { s in
                        Blitter.blendGeneral(d, s, count: 1, coverage: nil, constant: 255, alpha: 255, mode: mode)
                    }
                }
                let e = f(Self.unpack(sp), Self.unpack(dp))
                let got = Self.unpack(dst)
                for (g, x) in [(got.r, e.r), (got.g, e.g), (got.b, e.b), (got.a, e.a)] {
                    let x = min(1, max(0, x))
                    worst = max(worst, abs(g - x) * 255)
                }
            }
        }
        #expect(worst <= 1.0001, "\(mode): worst channel error \(worst)/255")
    }

    @Test func coverageLerpsAndAlphaScales() {
        // copy at coverage 128: halfway between destination and source.
        var d: UInt32 = 0xFF00_00FF
        let s: UInt32 = 0xFFFF_0000
        withUnsafeMutablePointer(to: &d) { dp in
            withUnsafePointer(to: s) { Blitter.blendGeneral(dp, $0, count: 1, coverage: nil, constant: 128, alpha: 255, mode: .copy) }
        }
        #expect(d == 0xFF80_007F)
        // copy with global alpha 0.5 at full coverage: the source at half alpha replaces.
        var e: UInt32 = 0xFF00_00FF
        withUnsafeMutablePointer(to: &e) { dp in
            withUnsafePointer(to: s) { Blitter.blendGeneral(dp, $0, count: 1, coverage: nil, constant: 255, alpha: 128, mode: .copy) }
        }
        #expect(e == 0x8080_0000)
        // Coverage 0 leaves even unbounded modes alone.
        var z: UInt32 = 0x1234_5678 & 0xFF7F_7F7F
        let before = z
        withUnsafeMutablePointer(to: &z) { dp in
            withUnsafePointer(to: s) { Blitter.blendGeneral(dp, $0, count: 1, coverage: nil, constant: 0, alpha: 255, mode: .clear) }
        }
        #expect(z == before)
    }
}

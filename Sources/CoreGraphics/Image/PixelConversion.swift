import LaminaRaster

/// Conversions between Lamina's premultiplied RGBA8 and the straight (non-premultiplied)
/// RGBA8 that PNG and the codecs use. Both directions round to nearest, so a straight colour
/// survives premultiply → unpremultiply within ±1 per channel for any alpha > 0 (exactly for
/// alpha 255).
package enum PixelConversion {
    /// Straight → premultiplied, in place: c' = round(c·a / 255).
    package static func premultiplyInPlace(_ surface: Surface) {
        for y in 0..<surface.height {
            let p = surface.row(y)
            for x in 0..<surface.width {
                let q = p + x * 4
                let a = UInt32(q[3])
                if a == 255 { continue }
                q[0] = UInt8(truncatingIfNeeded: (UInt32(q[0]) &* a &+ 127) / 255)
                q[1] = UInt8(truncatingIfNeeded: (UInt32(q[1]) &* a &+ 127) / 255)
                q[2] = UInt8(truncatingIfNeeded: (UInt32(q[2]) &* a &+ 127) / 255)
            }
        }
    }

    /// Whether every pixel has alpha 255.
    package static func isOpaque(_ surface: Surface) -> Bool {
        for y in 0..<surface.height {
            let p = surface.row(y)
            for x in 0..<surface.width where p[x * 4 + 3] != 255 { return false }
        }
        return true
    }

    /// Premultiplied → straight, tightly packed, 4 (RGBA) or 3 (RGB, alpha dropped) bytes a
    /// pixel: c = round(c'·255 / a), clamped to 255; fully transparent pixels become 0, 0, 0, 0.
    package static func straightBytes(_ surface: Surface, channels: Int) -> [UInt8] {
        precondition(channels == 3 || channels == 4, "channels must be 3 or 4")
        var out = [UInt8](repeating: 0, count: surface.width * surface.height * channels)
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var o = base
            for y in 0..<surface.height {
                let p = surface.row(y)
                for x in 0..<surface.width {
                    let q = p + x * 4
                    let a = UInt32(q[3])
                    if a == 255 {
                        o[0] = q[0]; o[1] = q[1]; o[2] = q[2]
                    } else if a > 0 {
                        o[0] = UInt8(min(255, (UInt32(q[0]) * 255 + a / 2) / a))
                        o[1] = UInt8(min(255, (UInt32(q[1]) * 255 + a / 2) / a))
                        o[2] = UInt8(min(255, (UInt32(q[2]) * 255 + a / 2) / a))
                    }
                    if channels == 4 { o[3] = q[3] }
                    o += channels
                }
            }
        }
        return out
    }
}

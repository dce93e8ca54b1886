// Gradient colour stops → a premultiplied lookup table.
//
// Interpolation space: Core Graphics and Core Animation interpolate gradient colours in
// *unpremultiplied* (straight) components — the well-known symptom is that a CAGradientLayer
// from opaque white to `UIColor.clear` (transparent *black*) turns grey in the middle. We do
// the same: interpolate straight R, G, B, A linearly between stops, then premultiply each
// table entry. (Interpolating premultiplied colours would hide that grey; it is not what
// Apple draws.)

/// One colour stop: `offset` along the gradient in [0, 1] and a straight (not premultiplied)
/// RGBA colour with components in [0, 1].
package struct GradientStop: Hashable, Sendable {
    package var offset: Double
    package var red: Double, green: Double, blue: Double, alpha: Double

    package init(offset: Double, red: Double, green: Double, blue: Double, alpha: Double) {
        self.offset = offset; self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

/// What a gradient paints for parameters t outside [0, 1] (CGGradientDrawingOptions):
/// `padStart` = drawsBeforeStartLocation (t < 0 takes the first colour, else transparent),
/// `padEnd` = drawsAfterEndLocation (t > 1 takes the last colour, else transparent).
package struct GradientExtend: Hashable, Sendable {
    package var padStart: Bool
    package var padEnd: Bool

    package init(padStart: Bool, padEnd: Bool) { self.padStart = padStart; self.padEnd = padEnd }

    /// Both ends extended (CAGradientLayer's behaviour).
    package static let pad = GradientExtend(padStart: true, padEnd: true)
    /// Nothing outside [0, 1] (CGContext with no options).
    package static let none = GradientExtend(padStart: false, padEnd: false)
}

/// A premultiplied colour lookup table for a gradient parameter t ∈ [0, 1], plus what to paint
/// outside that range.
///
/// Entry i holds the colour at t = i / (count − 1), rounded to nearest 8-bit premultiplied;
/// lookups round t to the nearest entry, so with `count` = 1024 a stop lands within 1/2046 of
/// the gradient length of where it should (sub-pixel for gradients shorter than ~2000 px) and
/// a colour error from the table is at most 1/8 of a level beyond the final 8-bit rounding.
///
/// Stops: non-finite offsets are dropped; offsets are clamped to [0, 1]; components are clamped
/// to [0, 1] (NaN → 0); stops are sorted by offset, keeping the given order among equal offsets,
/// so two stops at the same offset make a hard edge (at exactly that t the later stop wins).
/// Before the first stop the first colour holds, after the last the last colour holds. No stops
/// at all paint nothing (transparent).
package struct GradientColorTable: Sendable {
    package static let count = 1024
    /// `count` premultiplied 0xAABBGGRR pixels.
    package let entries: [UInt32]
    package let extend: GradientExtend
    /// True when every entry is opaque and both ends pad (nothing transparent can come out).
    package let isOpaque: Bool
    /// True when there is nothing to paint (no usable stops).
    package let isEmpty: Bool

    package init(stops input: [GradientStop], extend: GradientExtend) {
        func clamp01(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        let stops = input.enumerated()
            .filter { $0.element.offset.isFinite }
            .map { (i, s) in
                (i, GradientStop(offset: clamp01(s.offset), red: clamp01(s.red), green: clamp01(s.green),
                                 blue: clamp01(s.blue), alpha: clamp01(s.alpha)))
            }
            .sorted { $0.1.offset != $1.1.offset ? $0.1.offset < $1.1.offset : $0.0 < $1.0 }
            .map(\.1)
        self.extend = extend
        isEmpty = stops.isEmpty
        let n = GradientColorTable.count
        var table = [UInt32](repeating: 0, count: n)
        if !stops.isEmpty {
            var k = 0 // stops[k] is the last stop with offset ≤ t
            for i in 0..<n {
                let t = Double(i) / Double(n - 1)
                while k + 1 < stops.count && stops[k + 1].offset <= t { k += 1 }
                let s0 = stops[k]
                var r = s0.red, g = s0.green, b = s0.blue, a = s0.alpha
                if t >= s0.offset, k + 1 < stops.count {
                    let s1 = stops[k + 1]
                    let f = (t - s0.offset) / (s1.offset - s0.offset) // s1.offset > t ≥ s0.offset
                    r += (s1.red - r) * f; g += (s1.green - g) * f
                    b += (s1.blue - b) * f; a += (s1.alpha - a) * f
                }
                table[i] = PremultipliedRGBA8(straightRed: r, green: g, blue: b, alpha: a).packed
            }
        }
        entries = table
        isOpaque = !stops.isEmpty && extend.padStart && extend.padEnd && table.allSatisfy { $0 >> 24 == 255 }
    }

    /// What t < 0 paints (the first entry when padding, else transparent).
    package var before: UInt32 { extend.padStart ? entries[0] : 0 }
    /// What t > 1 paints (the last entry when padding, else transparent).
    package var after: UInt32 { extend.padEnd ? entries[GradientColorTable.count - 1] : 0 }

    /// The premultiplied pixel for gradient parameter t (any Double; NaN → transparent).
    package func color(at t: Double) -> UInt32 {
        entries.withUnsafeBufferPointer { GradientColorTable.lookup($0.baseAddress!, t, before: before, after: after) }
    }

    /// Table lookup for hot loops: `lut` is `entries`' storage, `before`/`after` what t < 0 and
    /// t > 1 paint. NaN paints transparent.
    @inline(__always)
    package static func lookup(_ lut: UnsafePointer<UInt32>, _ t: Double, before: UInt32, after: UInt32) -> UInt32 {
        if t >= 0 {
            return t <= 1 ? lut[Int(t * Double(count - 1) + 0.5)] : after
        }
        return t < 0 ? before : 0
    }
}

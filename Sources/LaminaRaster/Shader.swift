/// The paint interface between the blitter (which knows coverage and blend modes) and paint
/// sources (solid colours, gradients, image samplers), which know only what colour a pixel is.
///
/// The blitter asks for one horizontal span at a time, after coverage is known, so a shader
/// only ever computes pixels that will be drawn. Contract:
///
/// - `shade(y:x:count:into:)` writes exactly `count` premultiplied pixels (0xAABBGGRR words,
///   i.e. bytes R, G, B, A in memory, colour ≤ alpha) to `into[0..<count]`: pixel `i` is the
///   paint evaluated at the pixel centre (x + i + 0.5, y + 0.5) in the destination surface's
///   pixel space (origin top-left, y down). Any transform (CTM, layer placement) is the
///   shader's business; the blitter passes plain destination pixel coordinates.
/// - `count` is at least 1 and at most the destination width; `x`, `y` may be anywhere the
///   surface has pixels (0 ≤ x, x + count ≤ width, 0 ≤ y < height).
/// - It must be safe to call concurrently from several threads for different spans (the worker
///   pool renders disjoint bands at once), so a shader holds no mutable state; any per-call
///   scratch lives on the stack or in `into`. It must not read a clock or allocate per call.
/// - The result must depend only on (x + i, y): never on `count` or on how a row was split
///   into spans, so output is byte-identical for any band size or thread count.
/// - Global alpha and coverage are applied by the blitter afterwards; a shader does not
///   know about them.
///
/// This interface is stable: the paint helper (gradients, image sampling) builds on it.
package protocol SpanShader: Sendable {
    /// True when every pixel this shader can produce has alpha 255. Lets the blitter turn
    /// full-coverage source-over spans into plain copies.
    var isOpaque: Bool { get }

    /// Writes `count` premultiplied pixels for the pixel centres (x + i + 0.5, y + 0.5).
    func shade(y: Int, x: Int, count: Int, into: UnsafeMutablePointer<UInt32>)
}

/// A constant colour as a shader. The blitter has its own faster path for solid colours
/// (`Paint.solid`); this type exists so shader-generic code and tests can use a colour too.
package struct SolidShader: SpanShader {
    package var color: PremultipliedRGBA8

    package init(_ color: PremultipliedRGBA8) { self.color = color }

    package var isOpaque: Bool { color.a == 255 }

    package func shade(y: Int, x: Int, count: Int, into: UnsafeMutablePointer<UInt32>) {
        into.update(repeating: color.packed, count: count)
    }
}

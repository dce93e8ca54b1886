// A kept class box for a shader that is too large for an existential's inline buffer, so that
// handing it to the painter as `Paint.shader(any SpanShader)` does not allocate a box per draw.
import LaminaRaster

/// Holds one `Shader` value and shades through it. `Paint.shader` stores `any SpanShader`: a
/// value of more than three words (an `ImageShader` is about twenty) is copied into a fresh heap
/// box every time it becomes that existential — one malloc per image draw, per frame. A class
/// reference fits the existential's inline buffer, so a box kept by its owner (a
/// `PieceRasterizer`, one thread at a time) and refilled per draw costs nothing in the steady
/// state. The shading is the held shader's, call for call: the same bytes.
///
/// Reuse is only safe while no earlier paint still refers to the box: `paint(_:)` refills it
/// only when its owner holds the sole reference, and otherwise starts a new box (so a paint
/// kept past its draw keeps its shader).
final class SpanShaderBox<Shader: SpanShader>: SpanShader, @unchecked Sendable {
    /// The shader of the current draw (nil between draws, so no image is held past them).
    private(set) var shader: Shader?

    init() {}

    var isOpaque: Bool { shader?.isOpaque ?? false }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard let shader else { out.update(repeating: 0, count: count); return }
        shader.shade(y: y, x: x, count: count, into: out)
    }

    /// `shader` as a paint, through the box `box` (replaced by a new one when something other
    /// than `box` itself still refers to it).
    static func paint(_ shader: Shader, in box: inout SpanShaderBox<Shader>) -> Paint {
        .shader(holding(shader, in: &box))
    }

    /// `box` holding `shader` (a new box when something other than `box` itself still refers
    /// to the old one), to be used as `any SpanShader` without a heap box.
    static func holding(_ shader: Shader, in box: inout SpanShaderBox<Shader>) -> SpanShaderBox<Shader> {
        if !isKnownUniquelyReferenced(&box) { box = SpanShaderBox() }
        box.shader = shader
        return box
    }

    /// Lets go of the held shader (and the image it samples) once its draws are done — unless
    /// a paint still refers to `box`, whose shader is then left alone.
    static func clear(_ box: inout SpanShaderBox<Shader>) {
        if isKnownUniquelyReferenced(&box) { box.shader = nil }
    }
}

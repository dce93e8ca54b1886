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
final class SpanShaderBox: SpanShader, @unchecked Sendable {
    /// The one shader type boxed (image draws). Not generic: a generic class's conformance is
    /// shaded through unspecialized witnesses that copied the shader — with its image's retain
    /// and release — and looked up type metadata for every span (bench-layers +5 %).
    typealias Shader = ImageShader

    /// The shader of the current draw, in memory of its own: shading reads it in place through
    /// the pointer (an optional stored property was copied out — with its image's retain and
    /// release, through the generic value witnesses — for every span shaded).
    private let storage = UnsafeMutablePointer<Shader>.allocate(capacity: 1)
    /// Whether `storage` holds a shader (false between draws, so no image is held past them).
    private var holds = false

    init() {}

    deinit {
        if holds { storage.deinitialize(count: 1) }
        storage.deallocate()
    }

    /// The held shader (nil between draws).
    var shader: Shader? { holds ? storage.pointee : nil }

    var isOpaque: Bool { holds && storage.pointee.isOpaque }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard holds else { out.update(repeating: 0, count: count); return }
        storage.pointee.shade(y: y, x: x, count: count, into: out)
    }

    private func hold(_ shader: Shader) {
        if holds { storage.pointee = shader } else { storage.initialize(to: shader); holds = true }
    }

    private func release() {
        if holds { storage.deinitialize(count: 1); holds = false }
    }

    /// `shader` as a paint, through the box `box` (replaced by a new one when something other
    /// than `box` itself still refers to it).
    static func paint(_ shader: Shader, in box: inout SpanShaderBox) -> Paint {
        .shader(holding(shader, in: &box))
    }

    /// `box` holding `shader` (a new box when something other than `box` itself still refers
    /// to the old one), to be used as `any SpanShader` without a heap box.
    static func holding(_ shader: Shader, in box: inout SpanShaderBox) -> SpanShaderBox {
        if !isKnownUniquelyReferenced(&box) { box = SpanShaderBox() }
        box.hold(shader)
        return box
    }

    /// Lets go of the held shader (and the image it samples) once its draws are done — unless
    /// a paint still refers to `box`, whose shader is then left alone.
    static func clear(_ box: inout SpanShaderBox) {
        if isKnownUniquelyReferenced(&box) { box.release() }
    }
}

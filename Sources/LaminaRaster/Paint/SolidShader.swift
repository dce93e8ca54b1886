/// Paints one premultiplied colour everywhere (0xAABBGGRR).
package struct SolidShader: Sendable {
    package var color: UInt32

    package init(color: UInt32) { self.color = color }
    package init(_ color: PremultipliedRGBA8) { self.color = color.packed }

    package var isOpaque: Bool { color >> 24 == 255 }

    /// Writes `count` copies of the colour (the span's position does not matter).
    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        out.update(repeating: color, count: count)
    }
}

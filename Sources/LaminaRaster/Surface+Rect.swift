extension Surface {
    /// Sets the pixels of `rect` (clipped to the surface) to `color` — no blending. For
    /// clearing damaged regions and initialising offscreen surfaces.
    package func fill(_ color: PremultipliedRGBA8, in rect: PixelRect) {
        let r = rect.intersection(PixelRect(self))
        guard !r.isEmpty else { return }
        let v = color.packed
        for y in r.y0..<r.y1 { (row32(y) + r.x0).update(repeating: v, count: r.width) }
    }

    /// Sets the pixels of `rect` (clipped) to transparent black.
    package func clear(_ rect: PixelRect) { fill(.transparent, in: rect) }

    /// Source-over of a constant colour on the pixels of `rect` (clipped), with the SIMD kernel.
    package func blend(_ color: PremultipliedRGBA8, in rect: PixelRect) {
        let r = rect.intersection(PixelRect(self))
        guard !r.isEmpty else { return }
        for y in r.y0..<r.y1 { PixelKernels.fillOver(row32(y) + r.x0, count: r.width, color: color.packed) }
    }
}

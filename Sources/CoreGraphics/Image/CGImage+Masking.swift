import LaminaRaster

extension CGImage {
    /// Apple's `masking(_:)`: this image with `mask` applied as coverage.
    ///
    /// An image mask (`isMask`) lets paint through where its samples are 0 (alpha 1 − S); a
    /// gray image without alpha acts as alpha directly (alpha S). A mask of another size is
    /// stretched over the image with nearest-neighbour sampling (Apple scales it too; the
    /// filter it uses is not documented). Nil when this image is itself a mask or `mask` is
    /// neither kind. The result is a premultiplied RGBA8 image.
    public func masking(_ mask: CGImage) -> CGImage? {
        guard !isMask else { return nil }
        let isImageMask = mask.isMask
        guard isImageMask || (mask.colorSpace?.model == .monochrome && mask.isOpaqueByLayout) else { return nil }
        let source = premultipliedRGBA8
        let coverage = mask.premultipliedRGBA8
        guard let out = try? Surface(width: width, height: height) else { return nil }
        // An image mask's alpha is already 1 − S; a gray image's coverage is its gray level.
        let channel = isImageMask ? 3 : 0
        for y in 0..<height {
            let my = y * coverage.height / height
            let src = source.row(y), dst = out.row(y), m = coverage.row(my)
            for x in 0..<width {
                let mx = x * coverage.width / width
                let c = UInt32(m[mx * 4 + channel])
                for i in 0..<4 {
                    dst[x * 4 + i] = UInt8(truncatingIfNeeded: (UInt32(src[x * 4 + i]) * c + 127) / 255)
                }
            }
        }
        return CGImage(surface: out, shouldInterpolate: shouldInterpolate, intent: renderingIntent, colorSpace: colorSpace)
    }
}

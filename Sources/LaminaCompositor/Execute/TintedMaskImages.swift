// The images wide shadows are sampled from — their blurred quarter-resolution masks tinted with
// the shadow colour — kept by a rasterizer from plane to plane and frame to frame.
import LaminaRaster

/// Kept images of tinted masks (`MaskColorShader.tint`) for the wide shadows of the direct
/// masked plane being drawn: one per wide shadow, lent by `tinted(_:color:)` and taken back
/// together by `releaseAll()` once the plane's fills are painted (the plane's fills are built
/// first and painted after, so two shadows of one plane must not share an image).
///
/// Why: a shadow's mask changes size every frame while a page turns, and a surface plus a
/// `SampledImage` made for each shadow cost about six mallocs a shadow a frame. A kept image's
/// surface is at least the mask's size (grown with a quarter to spare in each direction), and
/// every texel outside the mask's width × height is transparent: sampled with `.transparent`
/// edges (the only way wide shadows are sampled), its bilinear taps beyond the mask read 0
/// exactly as they would beyond the edge of a surface of the mask's exact size, so the paint is
/// the same bytes (`TintedMaskImageTests`). The shader's sampling rectangle and the shadow's
/// extent come from the mask's size, never from the image's.
///
/// Private to one rasterizer (one thread). A lent image is rewritten when it is lent again, so
/// everything sampling it must be done by `releaseAll()`. Its `isOpaque` (found while the
/// surface was blank: false) means nothing: `ImageShader` ignores it with `.transparent` edges.
final class TintedMaskImages {
    /// One kept image: its surface (`image.levels[0]`) and the extent (pixels, from its
    /// top-left) that the last mask written covered — the only texels that may be non-zero.
    final class Kept {
        let image: SampledImage
        var used: (width: Int, height: Int) = (0, 0)
        init(_ image: SampledImage) { self.image = image }
    }

    /// The kept images, the first `lent` of them in use by the plane being drawn.
    private(set) var kept: [Kept] = []
    private var lent = 0

    /// At most this many images are kept (a plane with more wide shadows makes the rest anew).
    static let maxKept = 4
    /// An image whose surface is larger than this (bytes) is not kept (let go after its plane).
    static let maxKeptBytes = 16 << 20

    init() { kept.reserveCapacity(Self.maxKept) }

    /// `mask` tinted with `color` (premultiplied 0xAABBGGRR) as an image whose texels
    /// (0..<mask.width, 0..<mask.height) are `MaskColorShader.tinted(mask, color:)`'s pixels
    /// and every other texel is transparent. Valid until `releaseAll()`.
    func tinted(_ mask: AlphaMask, color: UInt32) throws -> SampledImage {
        if lent < kept.count {
            let k = kept[lent]
            if k.image.width >= mask.width, k.image.height >= mask.height {
                lent += 1
                Self.clear(k.image.levels[0], outside: mask.width, mask.height, was: k.used)
                MaskColorShader.tint(mask, color: color, into: k.image.levels[0])
                k.used = (mask.width, mask.height)
                return k.image
            }
        }
        // A new image with room to spare, so a mask growing a little each frame fits next time.
        let surface: Surface
        if let roomy = try? Surface(width: mask.width + mask.width / 4, height: mask.height + mask.height / 4) {
            surface = roomy
        } else {
            surface = try Surface(width: mask.width, height: mask.height)
        }
        let image = SampledImage(surface)  // while blank: not opaque
        MaskColorShader.tint(mask, color: color, into: surface)
        guard lent < Self.maxKept, surface.bytesPerRow * surface.height <= Self.maxKeptBytes else {
            return image
        }
        let k = Kept(image)
        k.used = (mask.width, mask.height)
        if lent < kept.count { kept[lent] = k } else { kept.append(k) }
        lent += 1
        return image
    }

    /// Takes back every lent image (their samplers are done).
    func releaseAll() { lent = 0 }

    /// Zeroes the texels of `surface` that the previous mask (`was`) covered outside
    /// `width` × `height`, the new mask's extent (which the tint then overwrites whole).
    static func clear(_ surface: Surface, outside width: Int, _ height: Int, was: (width: Int, height: Int)) {
        for y in 0..<was.height {
            let from = y < height ? width : 0
            guard was.width > from else { continue }
            (surface.row32(y) + from).update(repeating: 0, count: was.width - from)
        }
    }
}

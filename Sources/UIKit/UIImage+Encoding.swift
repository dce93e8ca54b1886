import QuartzCore

// Encoding a UIImage, UIKit's way. The stored pixels are encoded as they are: the
// orientation is not applied to them (as UIKit's pngData(), which is why PNGs of portrait
// photos come out turned) and, unlike UIKit's jpegData, no EXIF orientation is written.

extension UIImage {
    /// The image as PNG data (8-bit RGBA, or RGB when every pixel is opaque); nil for an
    /// empty image.
    public func pngData() -> Data? {
        try? cgImage?.pngData()
    }

    /// The image as baseline JPEG data at `compressionQuality` (0 the smallest, 1 the best;
    /// values outside 0…1 are clamped, NaN is taken as UIKit's usual 0.8); translucent pixels
    /// are flattened over black, as UIKit does. Nil for an empty image.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        let q = compressionQuality.isNaN ? 0.8 : min(max(compressionQuality, 0), 1)
        return try? cgImage?.jpegData(quality: max(1, Int((q * 100).rounded())))
    }
}

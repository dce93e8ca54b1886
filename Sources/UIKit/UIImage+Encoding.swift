import ImageIO
import QuartzCore

// Encoding a UIImage, UIKit's way, through ImageIO's public `CGImageDestination` (as an app
// would). The stored pixels are encoded as they are: the orientation is not applied to them
// (as UIKit's pngData(), which is why PNGs of portrait photos come out turned) and, unlike
// UIKit's jpegData, no EXIF orientation is written.

extension UIImage {
    /// The image as PNG data (8-bit RGBA, or RGB when every pixel is opaque); nil for an
    /// empty image.
    public func pngData() -> Data? {
        cgImage.flatMap { UIImage.encode($0, as: "public.png", options: nil) }
    }

    /// The image as baseline JPEG data at `compressionQuality` (0 the smallest, 1 the best;
    /// values outside 0…1 are clamped, NaN is taken as UIKit's usual 0.8); translucent pixels
    /// are flattened over black, as UIKit does. Nil for an empty image.
    public func jpegData(compressionQuality: CGFloat) -> Data? {
        let q = compressionQuality.isNaN ? 0.8 : min(max(compressionQuality, 0), 1)
        // libjpeg's quality 1 is its lowest: 0 asks for the same.
        let quality = max(0.01, q)
        return cgImage.flatMap {
            UIImage.encode($0, as: "public.jpeg", options: [kCGImageDestinationLossyCompressionQuality: quality] as CFDictionary)
        }
    }

    /// The file's bytes of `image` in `type` ("public.png", "public.jpeg"), or nil.
    static func encode(_ image: CGImage, as type: String, options: CFDictionary?) -> Data? {
        let data = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(data, type as CFString, 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, image, options)
        return CGImageDestinationFinalize(destination) ? data as Data : nil
    }
}

import Foundation
import LaminaRaster

/// The pixel work behind thumbnails, subsampling and the destination's size limit and
/// background colour: scaling through a CoreGraphics bitmap context (high-quality, mip-mapped
/// minification) and exact orientation remaps. Results keep the source's opacity: an opaque
/// image stays `noneSkipLast`.
enum ImageResampling {
    /// `image` scaled to `width` × `height` pixels (the same image when the size is unchanged;
    /// nil when a context of that size cannot be made).
    static func scaled(_ image: CGImage, width: Int, height: Int) -> CGImage? {
        if width == image.width, height == image.height { return image }
        guard let context = makeContext(width: width, height: height) else { return nil }
        context.interpolationQuality = .high
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        return finish(context, opaque: image.isOpaqueImage)
    }

    /// `image` scaled down so that its longer side is at most `maxPixelSize` (rounded down to
    /// whole pixels, at least 1), keeping its aspect ratio; never enlarged.
    static func fitting(_ image: CGImage, maxPixelSize: Double) -> CGImage? {
        guard let (w, h) = fittedSize(width: image.width, height: image.height, maxPixelSize: maxPixelSize) else { return image }
        return scaled(image, width: w, height: h)
    }

    /// The size `fitting` scales a `width` × `height` image to; nil when it is left as it is.
    static func fittedSize(width: Int, height: Int, maxPixelSize: Double) -> (width: Int, height: Int)? {
        let longer = max(width, height)
        let limit = Int(min(maxPixelSize.rounded(.down), Double(Int32.max)))
        guard limit >= 1, limit < longer else { return nil }
        let s = Double(limit) / Double(longer)
        let w = width >= height ? limit : max(1, Int((Double(width) * s).rounded()))
        let h = height > width ? limit : max(1, Int((Double(height) * s).rounded()))
        return (w, h)
    }

    /// `image` composited over an opaque `color` (for formats without alpha).
    static func flattened(_ image: CGImage, over color: CGColor) -> CGImage? {
        guard let context = makeContext(width: image.width, height: image.height) else { return nil }
        context.setFillColor(color.copy(alpha: 1) ?? color)
        context.fill(CGRect(x: 0, y: 0, width: image.width, height: image.height))
        context.draw(image, in: CGRect(x: 0, y: 0, width: image.width, height: image.height))
        return finish(context, opaque: true)
    }

    /// The stored pixels of `image` turned upright by its EXIF `orientation` (sides swapped for
    /// the quarter turns 5–8). Each output pixel is one input pixel: no resampling.
    static func oriented(_ image: CGImage, _ orientation: CGImagePropertyOrientation) -> CGImage {
        let source = image.premultipliedRGBA8
        let w = source.width, h = source.height
        let swaps = orientation.rawValue >= 5
        guard let out = try? Surface(width: swaps ? h : w, height: swaps ? w : h) else { return image }
        for y in 0..<out.height {
            let row = out.row32(y)
            for x in 0..<out.width {
                // Where the displayed pixel (x, y) is stored.
                let (sx, sy): (Int, Int)
                switch orientation {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (w - 1 - x, y)
                case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                case .downMirrored: (sx, sy) = (x, h - 1 - y)
                case .leftMirrored: (sx, sy) = (y, x)
                case .right: (sx, sy) = (y, h - 1 - x)
                case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                case .left: (sx, sy) = (w - 1 - y, x)
                }
                row[x] = source.row32(sy)[sx]
            }
        }
        return CGImage(surface: out, isOpaque: image.isOpaqueImage)
    }

    private static func makeContext(width: Int, height: Int) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
    }

    private static func finish(_ context: CGContext, opaque: Bool) -> CGImage? {
        guard let drawn = context.makeImage() else { return nil }
        return CGImage(surface: drawn.premultipliedRGBA8, isOpaque: opaque)
    }
}

extension CGImage {
    /// Whether the image has no alpha channel (`none`, `noneSkipFirst`, `noneSkipLast`).
    var isOpaqueImage: Bool { [.none, .noneSkipFirst, .noneSkipLast].contains(alphaInfo) }
}

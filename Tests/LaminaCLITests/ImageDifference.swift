import CoreGraphics
import Foundation

/// Straight 8-bit RGB pixels of an image, for loose comparisons between frames that went
/// through different routes (a window on an X server, a video encoder) and the offline render.
struct RGBImage {
    let width: Int
    let height: Int
    /// `width * height * 3` bytes, rows top to bottom.
    var rgb: [UInt8]

    init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// `image` drawn over black (the frames compared are opaque; black is what the window and
    /// the offline renderer put behind a scene).
    init(_ image: CGImage) throws {
        width = image.width
        height = image.height
        guard let context = CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: width * 4,
                                      space: CGColorSpaceCreateDeviceRGB(),
                                      bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue),
              let data = context.data else { throw ImageDifferenceError("cannot make a \(width) x \(height) bitmap") }
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: width, height: height))
        context.draw(image, in: CGRect(x: 0, y: 0, width: width, height: height))
        let bytes = data.assumingMemoryBound(to: UInt8.self)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for i in 0..<(width * height) {
            rgb[i * 3] = bytes[i * 4]
            rgb[i * 3 + 1] = bytes[i * 4 + 1]
            rgb[i * 3 + 2] = bytes[i * 4 + 2]
        }
        self.rgb = rgb
    }

    /// A PNG file's image.
    init(png url: URL) throws {
        let data = try Data(contentsOf: url)
        guard let provider = CGDataProvider(data: data as CFData),
              let image = CGImage(pngDataProviderSource: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { throw ImageDifferenceError("\(url.path) is not a PNG") }
        try self.init(image)
    }

    /// The image as an opaque CGImage (for writing as PNG).
    func cgImage() throws -> CGImage {
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for i in 0..<(width * height) {
            rgba[i * 4] = rgb[i * 3]
            rgba[i * 4 + 1] = rgb[i * 3 + 1]
            rgba[i * 4 + 2] = rgb[i * 3 + 2]
        }
        guard let provider = CGDataProvider(data: Data(rgba) as CFData),
              let image = CGImage(width: width, height: height, bitsPerComponent: 8, bitsPerPixel: 32, bytesPerRow: width * 4,
                                  space: CGColorSpaceCreateDeviceRGB(),
                                  bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.noneSkipLast.rawValue),
                                  provider: provider, decode: nil, shouldInterpolate: false, intent: .defaultIntent)
        else { throw ImageDifferenceError("cannot make a \(width) x \(height) image") }
        return image
    }

    /// Mean absolute difference per channel (0…255) over the area both images cover.
    func meanAbsoluteDifference(to other: RGBImage) -> Double {
        let w = min(width, other.width), h = min(height, other.height)
        guard w > 0, h > 0 else { return 255 }
        var sum = 0
        for y in 0..<h {
            for x in 0..<w {
                let a = (y * width + x) * 3, b = (y * other.width + x) * 3
                for c in 0..<3 { sum += abs(Int(rgb[a + c]) - Int(other.rgb[b + c])) }
            }
        }
        return Double(sum) / Double(w * h * 3)
    }

    /// |self - other| per channel, scaled ×4 so small differences show (for a failure's files).
    func difference(to other: RGBImage) -> RGBImage {
        let w = min(width, other.width), h = min(height, other.height)
        var out = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let a = (y * width + x) * 3, b = (y * other.width + x) * 3, o = (y * w + x) * 3
                for c in 0..<3 { out[o + c] = UInt8(min(255, 4 * abs(Int(rgb[a + c]) - Int(other.rgb[b + c])))) }
            }
        }
        return RGBImage(width: w, height: h, rgb: out)
    }

    /// Straight RGB of an XWD dump (`xwd -id … -silent`) of a TrueColor window (24 or 32 bits a pixel): a
    /// big-endian header of CARD32s (its size first), the window name, the colour map (12
    /// bytes an entry), then the rows. (The X11 dump format; SDLDisplayTests reads it too.)
    init(xwd data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 100 else { throw ImageDifferenceError("an XWD dump of \(bytes.count) bytes") }
        func card32(_ i: Int) -> Int {
            let o = i * 4
            return Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        let headerSize = card32(0), width = card32(4), height = card32(5), byteOrder = card32(7)
        let bitsPerPixel = card32(11), bytesPerLine = card32(12)
        let masks = (card32(14), card32(15), card32(16)), colours = card32(19)
        guard bitsPerPixel == 32 || bitsPerPixel == 24 else {
            throw ImageDifferenceError("an XWD dump of \(bitsPerPixel) bits a pixel (24 or 32 expected)")
        }
        let size = bitsPerPixel / 8
        let start = headerSize + colours * 12
        guard width > 0, height > 0, bytes.count >= start + bytesPerLine * height else {
            throw ImageDifferenceError("a truncated XWD dump")
        }
        func channel(_ v: Int, _ mask: Int) -> UInt8 {
            mask == 0 ? 0 : UInt8(truncatingIfNeeded: (v & mask) >> mask.trailingZeroBitCount)
        }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * size
                var v = 0
                for b in 0..<size { v |= Int(bytes[o + b]) << (byteOrder == 0 ? 8 * b : 8 * (size - 1 - b)) }
                let i = (y * width + x) * 3
                rgb[i] = channel(v, masks.0)
                rgb[i + 1] = channel(v, masks.1)
                rgb[i + 2] = channel(v, masks.2)
            }
        }
        self.init(width: width, height: height, rgb: rgb)
    }
}

struct ImageDifferenceError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

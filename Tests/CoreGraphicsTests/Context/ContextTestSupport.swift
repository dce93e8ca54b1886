import CoreGraphics
import LaminaRaster

/// Helpers for the CGContext tests.
enum ContextTest {
    static let rgba = CGImageAlphaInfo.premultipliedLast.rawValue

    /// A zeroed premultiplied RGBA8 context (y-up, identity CTM).
    static func make(_ width: Int, _ height: Int) -> CGContext {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba)!
    }

    /// The pixel whose square is [x, x+1) × [y, y+1) in the context's *device* space (y up).
    static func pixel(_ c: CGContext, _ x: Int, _ y: Int) -> PremultipliedRGBA8 {
        c.surface[x, c.height - 1 - y]
    }

    static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
    static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
    static let clear = PremultipliedRGBA8.transparent

    /// Number of pixels equal to `color`.
    static func count(_ c: CGContext, _ color: PremultipliedRGBA8) -> Int {
        var n = 0
        for y in 0..<c.height { for x in 0..<c.width where c.surface[x, y] == color { n += 1 } }
        return n
    }
}

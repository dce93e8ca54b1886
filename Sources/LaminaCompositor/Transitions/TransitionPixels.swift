// Per-pixel helpers for the raster transitions (page curl, bars swipe, fade): premultiplied
// colours as Float vectors, bilinear reads of a surface, and writing a pixel back.
import LaminaRaster

/// A premultiplied RGBA colour with channels in 0...255 (Float, for blending and shading).
typealias PixelColor = SIMD4<Float>

enum TransitionPixels {
    @inline(__always) static func unpack(_ v: UInt32) -> PixelColor {
        PixelColor(Float(v & 255), Float((v >> 8) & 255), Float((v >> 16) & 255), Float(v >> 24))
    }

    /// Rounds to nearest and clamps so colour ≤ alpha (a valid premultiplied pixel).
    @inline(__always) static func pack(_ c: PixelColor) -> UInt32 {
        let a = min(255, max(0, c.w)).rounded()
        let r = min(a, max(0, c.x)).rounded(), g = min(a, max(0, c.y)).rounded(), b = min(a, max(0, c.z)).rounded()
        return UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// Source-over of premultiplied colours.
    @inline(__always) static func over(_ s: PixelColor, _ d: PixelColor) -> PixelColor {
        s + d * (1 - s.w / 255)
    }

    /// Bilinear sample of `s` at pixel-space point (x, y) (pixel (i, j) is centred at
    /// (i + 0.5, j + 0.5)); outside the surface is transparent, so edges fade over half a
    /// pixel like an anti-aliased edge.
    static func bilinear(_ s: Surface, _ x: Double, _ y: Double) -> PixelColor {
        guard x.isFinite, y.isFinite else { return .zero }
        let fx = x - 0.5, fy = y - 0.5
        guard fx > -1, fy > -1, fx < Double(s.width), fy < Double(s.height) else { return .zero }
        let i = Int(fx.rounded(.down)), j = Int(fy.rounded(.down))
        let tx = Float(fx - Double(i)), ty = Float(fy - Double(j))
        @inline(__always) func texel(_ a: Int, _ b: Int) -> PixelColor {
            guard a >= 0, b >= 0, a < s.width, b < s.height else { return .zero }
            return unpack(s.row32(b)[a])
        }
        let top = texel(i, j) * (1 - tx) + texel(i + 1, j) * tx
        let bottom = texel(i, j + 1) * (1 - tx) + texel(i + 1, j + 1) * tx
        return top * (1 - ty) + bottom * ty
    }

    /// The pixel (x, y) of `s` as a colour.
    @inline(__always) static func read(_ s: Surface, _ x: Int, _ y: Int) -> PixelColor {
        unpack(s.row32(y)[x])
    }

    /// Calls `body(y)` for every row 0..<height, in bands of 16 rows over `pool`'s workers
    /// when given (bodies must write only their own row), else in order on this thread.
    static func forEachRow(_ height: Int, _ pool: WorkerPool?, _ body: (Int) -> Void) {
        guard let pool, pool.workerCount > 1, height > 16 else {
            for y in 0..<height { body(y) }
            return
        }
        pool.forEachBand(height: height, bandHeight: 16) { rows, _ in
            for y in rows { body(y) }
        }
    }

    @inline(__always) static func write(_ s: Surface, _ x: Int, _ y: Int, _ c: PixelColor) {
        s.row32(y)[x] = pack(c)
    }
}

extension AlphaMask {
    /// Multiplies this mask by `other` (value·other/255, rounded), `other`'s pixel (0, 0)
    /// lying over this mask's pixel (dx, dy); pixels `other` does not reach become 0.
    /// This is how clip paths intersect (CGContext clip after clip).
    package func intersect(with other: AlphaMask, dx: Int = 0, dy: Int = 0) {
        for y in 0..<height {
            let row = self.row(y)
            let oy = y - dy
            guard oy >= 0, oy < other.height else { row.update(repeating: 0, count: width); continue }
            let lo = min(width, max(0, dx)), hi = max(lo, min(width, dx + other.width))
            if lo > 0 { row.update(repeating: 0, count: lo) }
            if hi < width { (row + hi).update(repeating: 0, count: width - hi) }
            let o = other.row(oy) + (lo - dx)
            for x in lo..<hi { row[x] = mul255(row[x], o[x - lo]) }
        }
    }

    /// The bounding rect of the non-zero pixels, or `.empty` when every pixel is 0.
    package var coveredBounds: PixelRect {
        var r = PixelRect.empty
        for y in 0..<height {
            let row = self.row(y)
            var x0 = -1, x1 = -1
            for x in 0..<width where row[x] != 0 { if x0 < 0 { x0 = x }; x1 = x }
            if x0 >= 0 { r = r.union(PixelRect(x0: x0, y0: y, x1: x1 + 1, y1: y + 1)) }
        }
        return r
    }
}

extension Blitter {
    /// A global alpha in [0, 1] as the blitter's 0...255 (rounded; NaN → 0, clamped).
    package static func alpha8(_ a: Double) -> UInt8 {
        a.isNaN ? 0 : UInt8(min(255, max(0, a * 255 + 0.5)))
    }
}

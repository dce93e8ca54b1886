// Checking a region render against a whole-frame render: inside the region the bytes must be
// those of the whole frame, outside them those the surface held before.
import LaminaRaster

package enum RegionCheck {
    /// Nil when `result` equals `full` inside `region` and `before` outside it, byte for
    /// byte; otherwise how many pixels differ inside and outside and the first of each.
    package static func mismatch(result: Surface, full: Surface, before: Surface, region: PixelRect) -> String? {
        guard result.width == full.width, result.height == full.height,
              before.width == full.width, before.height == full.height else { return "sizes differ" }
        var inside = 0, outside = 0
        var firstInside: (Int, Int, PremultipliedRGBA8, PremultipliedRGBA8)?
        var firstOutside: (Int, Int)?
        for y in 0..<full.height {
            for x in 0..<full.width {
                let r = result[x, y]
                if region.contains(x: x, y: y) {
                    let f = full[x, y]
                    if r != f { inside += 1; if firstInside == nil { firstInside = (x, y, r, f) } }
                } else if r != before[x, y] {
                    outside += 1
                    if firstOutside == nil { firstOutside = (x, y) }
                }
            }
        }
        guard inside > 0 || outside > 0 else { return nil }
        var s = "region \(region.x0),\(region.y0)-\(region.x1),\(region.y1): \(inside) pixel(s) differ inside"
        if let (x, y, r, f) = firstInside { s += " (first (\(x), \(y)): \(r) instead of \(f))" }
        s += ", \(outside) changed outside"
        if let (x, y) = firstOutside { s += " (first (\(x), \(y)))" }
        return s
    }

    /// A surface of `width` × `height` filled with a deterministic pattern no render makes
    /// (what a region render must leave alone outside its region).
    package static func junk(width: Int, height: Int, seed: UInt64) -> Surface {
        let s = try! Surface(width: width, height: height)
        var rng = SplitMix64(seed)
        for y in 0..<height {
            for x in 0..<width {
                let a = rng.byte()
                s[x, y] = PremultipliedRGBA8(r: rng.byte() & a, g: rng.byte() & a, b: rng.byte() & a, a: a)
            }
        }
        return s
    }

    /// A random rectangle of odd width and height within a `width` × `height` frame (at least
    /// 1 × 1), drawn from `rng`.
    package static func oddRect(width: Int, height: Int, rng: inout SplitMix64) -> PixelRect {
        func span(_ n: Int) -> (Int, Int) {
            var len = 1 + Int(rng.uniform() * Double(max(1, n - 1)))
            if len % 2 == 0 { len -= 1 }
            let start = Int(rng.uniform() * Double(n - len + 1))
            return (start, start + len)
        }
        let (x0, x1) = span(width), (y0, y1) = span(height)
        return PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
    }
}

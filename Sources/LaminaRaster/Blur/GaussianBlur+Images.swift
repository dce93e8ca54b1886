/// Blurring whole masks and surfaces. `sigma` is the Gaussian standard deviation in pixels;
/// see `GaussianBlur` for the method per sigma, the edge rule and bad-input handling.
extension GaussianBlur {
    /// The blur of `mask` on a canvas grown by `margin(sigma:)` on every side: the input's
    /// pixel (x, y) corresponds to the output's (x + margin, y + margin). Throws when the grown
    /// size exceeds the surface limits. `method` overrides the automatic choice (tests).
    /// `buffers` lends the working planes (new ones when nil); `makeMask` makes the result's
    /// mask (every byte of it is written; a new `AlphaMask` when nil).
    package static func blurred(_ mask: AlphaMask, sigma: Double, method: Method? = nil, buffers: BlurScratch? = nil,
                                makeMask: ((Int, Int) throws -> AlphaMask)? = nil) throws -> AlphaMask {
        let m = margin(sigma: sigma)
        let w = mask.width + 2 * m, h = mask.height + 2 * m
        let out = try makeMask?(w, h) ?? AlphaMask(width: w, height: h)
        var plane = BlurPlane(width: out.width, height: out.height, scratch: buffers)
        defer { plane.recycle(into: buffers) }
        let pw = plane.width
        plane.values.withUnsafeMutableBufferPointer { values in
            for y in 0..<mask.height {
                let src = mask.row(y), dst = values.baseAddress! + (y + m) * pw + m
                for x in 0..<mask.width { dst[x] = Int32(src[x]) << 8 }
            }
        }
        blur(&plane, sigma: sigma, method: method ?? self.method(forSigma: sigma), buffers: buffers)
        plane.values.withUnsafeBufferPointer { values in
            for y in 0..<out.height {
                let dst = out.row(y), src = values.baseAddress! + y * pw
                for x in 0..<out.width { dst[x] = toByte(src[x]) }
            }
        }
        return out
    }

    /// Blurs `mask` keeping its size; whatever spreads past the edges is lost.
    package static func blurInPlace(_ mask: AlphaMask, sigma: Double, method: Method? = nil) {
        var plane = BlurPlane(width: mask.width, height: mask.height)
        for i in 0..<(mask.width * mask.height) { plane.values[i] = Int32(mask.base[i]) << 8 }
        blur(&plane, sigma: sigma, method: method ?? self.method(forSigma: sigma))
        for i in 0..<(mask.width * mask.height) { mask.base[i] = toByte(plane.values[i]) }
    }

    /// The blur of a premultiplied surface on a canvas grown by `margin(sigma:)` on every
    /// side (as for masks). Each premultiplied channel is blurred alike, so colour ≤ alpha
    /// holds up to rounding (results are clamped to it).
    package static func blurred(_ surface: Surface, sigma: Double, method: Method? = nil) throws -> Surface {
        let m = margin(sigma: sigma)
        let out = try Surface(width: surface.width + 2 * m, height: surface.height + 2 * m)
        let chosen = method ?? self.method(forSigma: sigma)
        var plane = BlurPlane(width: out.width, height: out.height)
        for ch in 0..<4 {
            if ch > 0 { plane.values.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
            for y in 0..<surface.height {
                let src = surface.row(y)
                for x in 0..<surface.width { plane.values[(y + m) * plane.width + x + m] = Int32(src[4 * x + ch]) << 8 }
            }
            var p = plane
            blur(&p, sigma: sigma, method: chosen)
            for y in 0..<out.height {
                let dst = out.row(y)
                for x in 0..<out.width { dst[4 * x + ch] = toByte(p.values[y * p.width + x]) }
            }
        }
        // Independent rounding per channel can leave a colour one level above alpha.
        for y in 0..<out.height {
            let r = out.row(y)
            for x in 0..<out.width {
                let a = r[4 * x + 3]
                r[4 * x] = min(r[4 * x], a); r[4 * x + 1] = min(r[4 * x + 1], a); r[4 * x + 2] = min(r[4 * x + 2], a)
            }
        }
        return out
    }
}

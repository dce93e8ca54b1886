// Blurring only the part of a mask's blur that is needed. A shadow cast by a layer much
// larger than the view (a 10,000-point layer, or one scaled up so its blur reaches 769 px)
// used to be blurred whole while a 24-pixel window showed; the window here is computed from
// the smallest plane that gives the same bytes.
extension GaussianBlur {
    /// How far (pixels) an output pixel of `blurred(_:sigma:)` can depend on input pixels:
    /// beyond this distance, input changes (or the plane's edge) leave it unchanged.
    /// - exact kernel: its radius ⌈3σ⌉ (one pass per axis);
    /// - three boxes: 3(r + 1), each pass reaching r + 1;
    /// - downsampled by f: f·(L + 3), where L is the reduced plane's reach in reduced pixels
    ///   (its blur, plus one reduced pixel for the box reduction and one each side for the
    ///   bilinear enlargement).
    package static func dependencyReach(sigma: Double) -> Int {
        let s = sanitized(sigma)
        switch method(forSigma: s) {
        case .identity: return 0
        case .exactKernel: return margin(sigma: s)
        case .threeBox: return 3 * (extendedBox(sigma: s).radius + 1)
        case .downsampled(let f):
            let ff = Double(f * f)
            let small = max(0.5, (s * s - (ff - 1) / 12 - ff / 6).squareRoot() / Double(f))
            let low = small < exactKernelLimit ? margin(sigma: small) : 3 * (extendedBox(sigma: small).radius + 1)
            return f * (low + 3)
        }
    }

    /// The rectangle of the output plane (the coordinates of `blurred(_:sigma:)`'s result for
    /// a `width` × `height` input) that must be blurred so that `window` comes out exactly as
    /// the whole blur gives it: `window` grown by `dependencyReach`, aligned to the reduction
    /// grid when the method downsamples (blocks start at multiples of f from the plane's
    /// origin), within the plane. Empty when `window` misses the plane.
    package static func windowPlane(width: Int, height: Int, sigma: Double, window: PixelRect) -> PixelRect {
        let m = margin(sigma: sigma)
        let plane = PixelRect(x: 0, y: 0, width: width + 2 * m, height: height + 2 * m)
        let w = window.intersection(plane)
        guard !w.isEmpty else { return .empty }
        let d = dependencyReach(sigma: sigma)
        var c = PixelRect(x0: w.x0 - d, y0: w.y0 - d, x1: w.x1 + d, y1: w.y1 + d).intersection(plane)
        if case .downsampled(let f) = method(forSigma: sigma) {
            // Both ends on the grid (or at the plane's own end, whose partial block the whole
            // blur has too).
            c = PixelRect(x0: c.x0 / f * f, y0: c.y0 / f * f,
                          x1: min(plane.x1, (c.x1 + f - 1) / f * f), y1: min(plane.y1, (c.y1 + f - 1) / f * f))
        }
        return c
    }

    /// The pixels `window` (output-plane coordinates) of `blurred(input, sigma:)`, where the
    /// input is `width` × `height` and `part` holds its pixels from (`partX`, `partY`) on
    /// (input coordinates); input pixels outside `part` are taken as transparent, so `part`
    /// must cover every pixel within `dependencyReach` of the window that is not. The result
    /// is byte-identical to that window of the whole blur, at a cost proportional to
    /// `windowPlane`'s area. Returns the mask and its output-plane rectangle (`window` within
    /// the plane), or nil when the window misses the plane.
    /// `buffers` lends the working planes (new ones when nil); `makeMask` makes the result's
    /// mask (zeroed, of the size asked; a new `AlphaMask` when nil).
    package static func blurredWindow(_ part: AlphaMask, at partX: Int, _ partY: Int, width: Int, height: Int,
                                      sigma: Double, window: PixelRect, buffers: BlurScratch? = nil,
                                      makeMask: ((Int, Int) throws -> AlphaMask)? = nil) throws -> (mask: AlphaMask, rect: PixelRect)? {
        let m = margin(sigma: sigma)
        let c = windowPlane(width: width, height: height, sigma: sigma, window: window)
        let w = window.intersection(PixelRect(x: 0, y: 0, width: width + 2 * m, height: height + 2 * m))
        guard !c.isEmpty, !w.isEmpty else { return nil }
        let out = try makeMask?(w.width, w.height) ?? AlphaMask(width: w.width, height: w.height)
        var plane = BlurPlane(width: c.width, height: c.height, scratch: buffers)
        defer { plane.recycle(into: buffers) }
        // The part's pixels, in plane coordinates: input (x, y) is output-plane (x + m, y + m).
        let src = PixelRect(x: partX + m, y: partY + m, width: part.width, height: part.height).intersection(c)
        if !src.isEmpty {
            let pw = plane.width
            plane.values.withUnsafeMutableBufferPointer { values in
                for y in src.y0..<src.y1 {
                    let s = part.row(y - partY - m) + (src.x0 - partX - m)
                    let d = values.baseAddress! + (y - c.y0) * pw + (src.x0 - c.x0)
                    for x in 0..<src.width { d[x] = Int32(s[x]) << 8 }
                }
            }
        }
        blur(&plane, sigma: sigma, method: method(forSigma: sigma), buffers: buffers)
        plane.values.withUnsafeBufferPointer { values in
            for y in w.y0..<w.y1 {
                let s = values.baseAddress! + (y - c.y0) * plane.width + (w.x0 - c.x0), d = out.row(y - w.y0)
                for x in 0..<w.width { d[x] = toByte(s[x]) }
            }
        }
        return (out, w)
    }
}

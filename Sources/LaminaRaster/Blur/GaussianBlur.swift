/// Gaussian blur of A8 masks and premultiplied RGBA8 surfaces.
///
/// `sigma` everywhere is the Gaussian's standard deviation in pixels of the image being
/// blurred (CA's shadowRadius maps to it in the compositor, not here).
///
/// Method, by sigma (see `method(forSigma:)`):
/// - σ = 0: identity.
/// - 0 < σ < 2 (`exactKernelLimit`): the exact separable kernel, radius ⌈3σ⌉, whose weights
///   are the Gaussian *integrated over each pixel* (Φ((k+½)/σ) − Φ((k−½)/σ)), normalised to
///   exactly 1 in 16-bit fixed point. With that kernel a blurred step edge is Φ of the
///   distance from the edge to each pixel centre, which is also what the analytic shadow
///   profiles compute. Below σ = 2 a box approximation is visibly wrong (few, wide boxes).
/// - 2 ≤ σ ≤ 8: three successive box blurs per axis. Plain odd-width boxes (the standard
///   n = 3 formula, `boxWidths`) can only hit σ² to within about ±1 px², i.e. 5–9% off in σ
///   at σ = 2–3; we use *extended* boxes instead (Gwosdek et al. 2011: width 2r + 1 plus a
///   fractional weight α on the two next taps), three identical passes whose variance is
///   exactly σ²/3 each. Cost per pixel is independent of σ. The tests bound a step edge's
///   profile within 3/255 of Φ (measured ≤ 2.9, the known ±2% lobes of a
///   three-box kernel).
/// - σ > 8 (`downsampleAbove`): box-downsample by f (2 for σ ≤ 32, else 4), three-box blur
///   with σ' = √(σ² − (f² − 1)/12 − f²/6)/f (removing the variance the box reduction and the
///   bilinear re-expansion add), bilinear upsample. Cost falls by ~f²; accuracy within ~3/255
///   of the full-resolution three-box result on smooth input (tests bound it).
///
/// Edges: everything outside the input is transparent. (Three extended boxes reach
/// 3(r + 1) ≤ 3σ + 1.5 px; the part beyond the ⌈3σ⌉ margin carries < 1e-4 of the mass and is
/// dropped.) `blurred(_:sigma:)` returns an output
/// larger by `margin(sigma:)` = ⌈3σ⌉ pixels on every side (the blurred input sits at offset
/// (margin, margin)), so no mass is lost; `blurredInPlace` keeps the size and loses what spreads
/// past the edges.
///
/// Bad sigma: NaN, negative or −∞ means no blur (σ = 0); σ above `maxSigma` (including +∞) is
/// clamped to `maxSigma` = 256 px, a blur wider than any surface edge we care about that
/// keeps margins bounded (768 px). Output larger than `Surface.maxDimension` throws the
/// surface-size error.
package enum GaussianBlur {
    package static let maxSigma = 256.0
    package static let exactKernelLimit = 2.0
    package static let downsampleAbove = 8.0

    package enum Method: Hashable, Sendable {
        case identity
        case exactKernel
        case threeBox
        /// Downsample by `factor`, three-box blur, upsample.
        case downsampled(factor: Int)
    }

    /// NaN / negative / −∞ → 0; above `maxSigma` (and +∞) → `maxSigma`.
    package static func sanitized(_ sigma: Double) -> Double {
        guard sigma > 0 else { return 0 } // NaN fails the comparison too
        return min(sigma, maxSigma)
    }

    /// The method used for a sigma (after `sanitized`).
    package static func method(forSigma sigma: Double) -> Method {
        let s = sanitized(sigma)
        if s == 0 { return .identity }
        if s < exactKernelLimit { return .exactKernel }
        if s <= downsampleAbove { return .threeBox }
        return .downsampled(factor: s <= 32 ? 2 : 4)
    }

    /// ⌈3σ⌉ for the sanitized sigma: the border `blurred` adds on every side (beyond it the
    /// Gaussian's remaining mass is 0.13% per side, under half an 8-bit level).
    package static func margin(sigma: Double) -> Int {
        Int((3 * sanitized(sigma)).rounded(.up))
    }

    /// The extended box (radius r, edge weight α) whose variance is σ²/`passes`, so `passes`
    /// successive passes have variance exactly σ² (`sigma` in px): r is the largest radius
    /// whose plain box variance r(r+1)/3 does not exceed the target, α solves for the rest.
    package static func extendedBox(sigma: Double, passes n: Int = 3) -> (radius: Int, alpha: Double) {
        let s = sanitized(sigma)
        let v = s * s / Double(max(1, n))
        var r = max(0, Int(((1 + 12 * v).squareRoot() - 1) / 2))
        if Double(r * (r + 1)) / 3 > v { r -= 1 } // guard the square root's rounding
        if Double((r + 1) * (r + 2)) / 3 <= v { r += 1 }
        let rr = Double(r)
        let alpha = (v * (2 * rr + 1) - rr * (rr + 1) * (2 * rr + 1) / 3) / (2 * (rr + 1) * (rr + 1) - 2 * v)
        return (r, min(max(alpha, 0), 1))
    }

    /// The variance in px² of one extended box pass (for tests and documentation).
    package static func variance(ofBoxRadius r: Int, alpha: Double) -> Double {
        let rr = Double(r)
        return (rr * (rr + 1) * (2 * rr + 1) / 3 + 2 * alpha * (rr + 1) * (rr + 1)) / (2 * rr + 1 + 2 * alpha)
    }

    /// Odd box widths of the standard formula for n successive plain box blurs approximating a
    /// Gaussian of `sigma` px (kept for comparison; the blur itself uses `extendedBox`).
    package static func boxWidths(sigma: Double, passes n: Int = 3) -> [Int] {
        let s = sanitized(sigma)
        let ideal = (12 * s * s / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        wl = max(wl, 1)
        let wu = wl + 2
        let mIdeal = (12 * s * s - Double(n * wl * wl) - 4 * Double(n * wl) - 3 * Double(n)) / Double(-4 * wl - 4)
        let m = min(n, max(0, Int(mIdeal.rounded())))
        return (0..<n).map { $0 < m ? wl : wu }
    }

    /// The exact kernel for `sigma` px: pixel-integrated Gaussian weights for offsets
    /// −⌈3σ⌉...⌈3σ⌉ in 16-bit fixed point, summing to exactly 65536.
    package static func kernel(sigma: Double) -> [Int32] {
        let s = sanitized(sigma)
        guard s > 0 else { return [65536] }
        let r = margin(sigma: s)
        let w = (-r...r).map { k in NormalCDF.exact((Double(k) + 0.5) / s) - NormalCDF.exact((Double(k) - 0.5) / s) }
        let total = w.reduce(0, +)
        var out = w.map { Int32(($0 / total * 65536).rounded()) }
        out[r] += 65536 - out.reduce(0, +)
        return out
    }

    /// Blurs one plane (in place, via a scratch plane) with the method for `sigma`; the
    /// working planes come from `buffers` and go back to it (new ones when nil).
    static func blur(_ plane: inout BlurPlane, sigma: Double, method: Method, buffers: BlurScratch? = nil) {
        if case .identity = method { return }
        var scratch = BlurPlane(width: plane.width, height: plane.height, scratch: buffers)
        defer { scratch.recycle(into: buffers) }
        switch method {
        case .identity:
            return
        case .exactKernel:
            let k = BlurPlane.Pass.kernel(kernel(sigma: sigma))
            plane.horizontal(k, into: &scratch)
            scratch.vertical(k, into: &plane, scratch: buffers)
        case .threeBox:
            threeBox(&plane, &scratch, sigma: sanitized(sigma), buffers: buffers)
        case .downsampled(let f):
            let s = sanitized(sigma)
            let ff = Double(f * f)
            let small = max(0.5, (s * s - (ff - 1) / 12 - ff / 6).squareRoot() / Double(f))
            var low = plane.downsampled(by: f, scratch: buffers)
            var lowScratch = BlurPlane(width: low.width, height: low.height, scratch: buffers)
            defer { low.recycle(into: buffers); lowScratch.recycle(into: buffers) }
            if small < exactKernelLimit {
                let k = BlurPlane.Pass.kernel(kernel(sigma: small))
                low.horizontal(k, into: &lowScratch)
                lowScratch.vertical(k, into: &low, scratch: buffers)
            } else {
                threeBox(&low, &lowScratch, sigma: small, buffers: buffers)
            }
            let up = low.upsampled(by: f, width: plane.width, height: plane.height, scratch: buffers)
            plane.recycle(into: buffers)
            plane = up
        }
    }

    private static func threeBox(_ plane: inout BlurPlane, _ scratch: inout BlurPlane, sigma: Double, buffers: BlurScratch?) {
        let (r, alpha) = extendedBox(sigma: sigma)
        let box = BlurPlane.Pass.box(radius: r, alpha: alpha)
        // Horizontal passes ping-pong plane → scratch → plane → scratch; then back for vertical.
        plane.horizontal(box, into: &scratch)
        scratch.horizontal(box, into: &plane)
        plane.horizontal(box, into: &scratch)
        scratch.vertical(box, into: &plane, scratch: buffers)
        plane.vertical(box, into: &scratch, scratch: buffers)
        scratch.vertical(box, into: &plane, scratch: buffers)
    }

    @inline(__always) static func toByte(_ v: Int32) -> UInt8 {
        UInt8(clamping: (Int(v) + 128) >> 8)
    }
}

import CLaminaKernels

/// The coverage of a rectangle or rounded rectangle blurred by a Gaussian, computed
/// analytically — for layer shadows whose shadowPath is a rect or rounded rect, so no mask is
/// rasterized and no blur pass runs.
///
/// Geometry is in destination pixel space (origin top-left, y down): the shape is
/// [x0, x1] × [y0, y1] with circular corners of radius `cornerRadius` (clamped to
/// [0, min(width, height)/2]; NaN → 0). `sigma` is the Gaussian standard deviation in pixels
/// (NaN/negative → 0, above `GaussianBlur.maxSigma` clamped). Coverage is the continuous
/// blurred shape point-sampled at pixel centres (x + ½, y + ½); for σ < 0.25 the Gaussian is
/// replaced by the exact pixel-area coverage of the sharp shape so hard shadows stay
/// anti-aliased.
///
/// Rect: separable, coverage(x, y) = (F(x − x0) − F(x − x1)) · (F(y − y0) − F(y − y1)),
/// F(d) = Φ(d/σ). Exact up to Φ's table (error < 1e-6).
///
/// Rounded rect: the shape is split into horizontal bands. In the middle band [y0 + r, y1 − r]
/// every row spans [x0, x1], so its blurred contribution is separable as above. The two arc
/// bands (height r each) are cut into K thin cells of height h = σ/5 (≤ 1 px); inside
/// cell k the row extent [l_k, r_k] is taken at the cell's middle and the cell's vertical
/// Gaussian weight is integrated exactly, so
///   coverage = hx(x)·vm(y) + Σ_k E_k(x) · G_k(y),
///   E_k(x) = F(x − l_k) − F(x − r_k),  G_k(y) = F(y − a_k) − F(y − b_k) (top and bottom cell).
/// This is the exact blur of the shape whose arcs are staircases of height h (midpoint rule,
/// O(h²)); against a brute-force blur on a 1/8-px grid the tests measure ≤ 1.4/255 (≤ 0.6/255
/// for σ ≥ 3, where the brute force itself is most accurate). K is capped
/// at 1024 cells per arc band and at `maxArcTableSize` table entries (large radii with small σ
/// get taller cells). Corners are circular
/// (cornerCurve .circular), not continuous.
package struct BlurredRoundedRect: Sendable {
    package let x0: Double, y0: Double, x1: Double, y1: Double
    package let radius: Double
    package let sigma: Double
    /// The integer pixel box (⌈3σ⌉ + 1 px beyond the shape) outside which coverage is below
    /// Φ(−3) ≈ 0.00135, under half an 8-bit level.
    package let boundsX: Int, boundsY: Int, boundsWidth: Int, boundsHeight: Int

    /// Horizontal rect profile per column of the bounds, and vertical middle-band profile per row.
    private let hx: [Float], vm: [Float]
    /// Arc cells: E[k * boundsWidth + column], G[row * cells + k].
    private let cells: Int
    private let e: [Float], g: [Float]
    /// For each row, whether any arc cell weight is non-negligible there.
    private let rowHasArcs: [Bool]

    /// Default clip: three surface-sizes square around the origin, so tables stay bounded
    /// (≤ 98304 entries a side) whatever the shape's size.
    package static let defaultClip = PixelRect(x0: -Surface.maxDimension, y0: -Surface.maxDimension,
                                               x1: 2 * Surface.maxDimension, y1: 2 * Surface.maxDimension)
    /// Arc tables hold at most this many cells × columns; larger shapes get taller cells.
    package static let maxArcTableSize = 8_000_000

    /// Tables cover only the shape's blurred bounds ∩ `clip` (pass the destination's bounds);
    /// coverage outside is reported as 0. An empty shape (non-finite or inverted edges,
    /// coordinates beyond ±1e7 px) or an empty intersection has zero coverage and empty bounds.
    package init(x0: Double, y0: Double, x1: Double, y1: Double, cornerRadius: Double, sigma: Double,
                 clip: PixelRect = BlurredRoundedRect.defaultClip) {
        let ok = x0.isFinite && y0.isFinite && x1.isFinite && y1.isFinite && x1 > x0 && y1 > y0
            && abs(x0) < 1e7 && abs(x1) < 1e7 && abs(y0) < 1e7 && abs(y1) < 1e7
        self.x0 = ok ? x0 : 0; self.y0 = ok ? y0 : 0; self.x1 = ok ? x1 : 0; self.y1 = ok ? y1 : 0
        let s = GaussianBlur.sanitized(sigma)
        self.sigma = s
        let rMax = ok ? min(x1 - x0, y1 - y0) / 2 : 0
        let r = cornerRadius.isNaN ? 0 : min(max(cornerRadius, 0), rMax)
        radius = r
        guard ok else {
            boundsX = 0; boundsY = 0; boundsWidth = 0; boundsHeight = 0
            hx = []; vm = []; cells = 0; e = []; g = []; rowHasArcs = []
            return
        }
        let pad = (3 * s).rounded(.up) + 1
        let full = PixelRect(x0: Int((x0 - pad).rounded(.down)), y0: Int((y0 - pad).rounded(.down)),
                             x1: Int((x1 + pad).rounded(.up)), y1: Int((y1 + pad).rounded(.up)))
        let b = full.intersection(clip)
        let bx = b.x0, by = b.y0, bw = b.width, bh = b.height
        boundsX = bx; boundsY = by; boundsWidth = bw; boundsHeight = bh
        guard bw > 0, bh > 0 else {
            hx = []; vm = []; cells = 0; e = []; g = []; rowHasArcs = []
            return
        }

        let F = BlurredRoundedRect.profile(sigma: s)
        let cx = (0..<bw).map { Double(bx + $0) + 0.5 }, cy = (0..<bh).map { Double(by + $0) + 0.5 }
        hx = cx.map { Float(F($0 - x0) - F($0 - x1)) }
        vm = cy.map { Float(F($0 - (y0 + r)) - F($0 - (y1 - r))) }

        guard r > 0 else { cells = 0; e = []; g = []; rowHasArcs = [Bool](repeating: false, count: bh); return }
        let h = BlurredRoundedRect.cellHeight(sigma: s)
        let wanted = Int(min(1e6, (r / h).rounded(.up)))
        let k = max(2, min(1024, BlurredRoundedRect.maxArcTableSize / max(bw, bh), wanted))
        let ch = r / Double(k)
        cells = k
        var e = [Float](repeating: 0, count: k * bw)
        var g = [Float](repeating: 0, count: k * bh)
        for c in 0..<k {
            // Cell c of the top band spans [y0 + c·ch, y0 + (c+1)·ch]; its middle is dy above
            // the arc centre line y0 + r. The bottom band mirrors it.
            let dy = r - (Double(c) + 0.5) * ch
            let half = (r * r - dy * dy).squareRoot()
            let l = x0 + r - half, rr = x1 - r + half
            for i in 0..<bw { e[c * bw + i] = Float(F(cx[i] - l) - F(cx[i] - rr)) }
            let ta = y0 + Double(c) * ch, tb = ta + ch
            let ba = y1 - Double(c + 1) * ch, bb = ba + ch
            for j in 0..<bh {
                g[j * k + c] = Float(F(cy[j] - ta) - F(cy[j] - tb) + F(cy[j] - ba) - F(cy[j] - bb))
            }
        }
        self.e = e; self.g = g
        rowHasArcs = (0..<bh).map { j in (0..<k).contains { g[j * k + $0] > 1e-7 } }
    }

    /// Height in px of the arc cells: σ/5, at most 1 px (the blur hides steps much smaller
    /// than σ), at least 1/64 px.
    static func cellHeight(sigma s: Double) -> Double { min(1, max(s / 5, 1.0 / 64)) }

    /// F(d): the blurred half-plane's coverage at signed distance d inside its edge.
    private static func profile(sigma s: Double) -> (Double) -> Double {
        if s < 0.25 { return { d in min(1, max(0, d + 0.5)) } }
        let inv = 1 / s
        return { d in NormalCDF.phi(d * inv) }
    }

    /// Coverage in [0, 1] at the centre of pixel (x, y); 0 outside the bounds.
    package func coverage(x: Int, y: Int) -> Double {
        let i = x - boundsX, j = y - boundsY
        guard i >= 0, i < boundsWidth, j >= 0, j < boundsHeight else { return 0 }
        return Double(coverageInBounds(i, j))
    }

    @inline(__always) private func coverageInBounds(_ i: Int, _ j: Int) -> Float {
        var c = hx[i] * vm[j]
        if cells > 0 && rowHasArcs[j] {
            e.withUnsafeBufferPointer { ep in
                g.withUnsafeBufferPointer { gp in
                    let grow = gp.baseAddress! + j * cells
                    for k in 0..<cells { c += ep[k * boundsWidth + i] * grow[k] }
                }
            }
        }
        return min(1, max(0, c))
    }

    /// The coverage over the bounds as an A8 mask (rounded to nearest); its pixel (0, 0) is
    /// destination pixel (boundsX, boundsY). Nil for an empty shape.
    package func makeMask() -> AlphaMask? {
        guard boundsWidth > 0, boundsHeight > 0,
              let mask = try? AlphaMask(width: boundsWidth, height: boundsHeight) else { return nil }
        var acc = [Float](repeating: 0, count: boundsWidth)
        for j in 0..<boundsHeight {
            let row = mask.row(j)
            if cells > 0 && rowHasArcs[j] {
                // Arc rows: accumulate cell by cell so the E table is walked row-major.
                let vj = vm[j]
                for i in 0..<boundsWidth { acc[i] = hx[i] * vj }
                for k in 0..<cells {
                    let gk = g[j * cells + k]
                    if gk <= 1e-7 { continue }
                    let base = k * boundsWidth
                    for i in 0..<boundsWidth { acc[i] += e[base + i] * gk }
                }
                for i in 0..<boundsWidth { row[i] = UInt8(min(255, max(0, acc[i] * 255 + 0.5))) }
            } else {
                let vj = vm[j]
                for i in 0..<boundsWidth { row[i] = UInt8(min(255, max(0, hx[i] * vj * 255 + 0.5))) }
            }
        }
        return mask
    }

    /// A shader painting premultiplied `color` (0xAABBGGRR) times this coverage, evaluated
    /// per pixel from the tables: one multiply per pixel for a plain rect, K more in arc rows
    /// (for rounded shapes drawn often, cache `makeMask()` and use `MaskColorShader`).
    package func shader(color: UInt32) -> BlurredRoundedRectShader { BlurredRoundedRectShader(shape: self, color: color) }

    /// Coverage for columns i ..< i + count of the bounds, row j, as 0...256 weights. The
    /// running sums live in `out` as Float bit patterns so arc rows are walked cell by cell,
    /// contiguously (vectorisable), without scratch memory.
    func weights(row j: Int, from i: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let vj = vm[j]
        hx.withUnsafeBufferPointer { h in
            for n in 0..<count { out[n] = (h[i + n] * vj).bitPattern }
        }
        if cells > 0 && rowHasArcs[j] {
            e.withUnsafeBufferPointer { ep in
                g.withUnsafeBufferPointer { gp in
                    for k in 0..<cells {
                        let gk = gp[j * cells + k]
                        if gk <= 1e-7 { continue }
                        let row = ep.baseAddress! + k * boundsWidth + i
                        for n in 0..<count { out[n] = (Float(bitPattern: out[n]) + row[n] * gk).bitPattern }
                    }
                }
            }
        }
        for n in 0..<count { out[n] = UInt32(min(1, max(0, Float(bitPattern: out[n]))) * 256 + 0.5) }
    }

    var hasArcs: Bool { cells > 0 }

    /// For row j without corner arcs: writes `color` times the coverage of columns
    /// i ..< i + count (the weights and the colour scaling in one AVX2 pass, the same bytes)
    /// and returns true; false for an arc row.
    func shadeStraightRow(_ j: Int, from i: Int, count: Int, color: UInt32, into out: UnsafeMutablePointer<UInt32>) -> Bool {
        if cells > 0 && rowHasArcs[j] { return false }
        hx.withUnsafeBufferPointer { h in lamina_avx2_shadow_color_row(out, h.baseAddress! + i, vm[j], count, color) }
        return true
    }
}

/// Paints a colour times a `BlurredRoundedRect`'s coverage (transparent outside its bounds).
package struct BlurredRoundedRectShader: SpanShader {
    package let shape: BlurredRoundedRect
    package let color: UInt32

    package var isOpaque: Bool { false }

    package func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard count > 0 else { return }
        out.update(repeating: 0, count: count)
        let j = y - shape.boundsY
        guard j >= 0, j < shape.boundsHeight else { return }
        let i0 = max(x, shape.boundsX), i1 = min(x + count, shape.boundsX + shape.boundsWidth)
        guard i1 > i0 else { return }
        let dst = out + (i0 - x)
        if lamina_kernels_use_avx2() != 0 && shape.shadeStraightRow(j, from: i0 - shape.boundsX, count: i1 - i0, color: color, into: dst) {
            return
        }
        shape.weights(row: j, from: i0 - shape.boundsX, count: i1 - i0, into: dst)
        let c = color
        for n in 0..<(i1 - i0) { dst[n] = MaskColorShader.scale(c, dst[n]) }
    }
}

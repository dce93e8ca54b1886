/// One channel of an image being blurred: `width × height` values in 8.8 fixed point
/// (an 8-bit sample v is stored as v·256), row-major. Passes write into a second plane so
/// nothing is blurred in place; the 8 fraction bits keep the rounding of three successive
/// box passes below 1/100 of an output level.
///
/// Everything outside the plane is zero (transparent): windows and kernels are clipped at the
/// plane's edges, so mass that would leave the plane is lost — callers who want it kept
/// allocate the plane with a margin (see `GaussianBlur.margin(sigma:)`).
struct BlurPlane {
    var values: [Int32]
    let width: Int, height: Int

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        values = [Int32](repeating: 0, count: width * height)
    }

    /// A plane over `values` (`width · height` of them).
    init(width: Int, height: Int, values: [Int32]) {
        self.width = width; self.height = height
        self.values = values
    }

    /// One separable pass along one axis.
    enum Pass {
        /// Weights for offsets −radius...radius, summing to exactly 65536.
        case kernel([Int32])
        /// An extended box: weight 1 on offsets −r...r and `alpha` (0 ≤ alpha < 1) on ±(r + 1),
        /// normalised; its variance can hit any target exactly (Gwosdek et al. 2011).
        case box(radius: Int, alpha: Double)

        /// 32-bit fixed-point weights (inner, outer) of an extended box.
        static func boxWeights(_ r: Int, _ alpha: Double) -> (Int, Int) {
            let c = Double(2 * r + 1) + 2 * alpha
            return (Int((0x1p32 / c).rounded()), Int((alpha * 0x1p32 / c).rounded()))
        }
    }

    // MARK: Horizontal

    func horizontal(_ pass: Pass, into out: inout BlurPlane) {
        let w = width
        values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let s = src.baseAddress! + y * w, d = dst.baseAddress! + y * w
                    switch pass {
                    case .kernel(let k): BlurPlane.kernelLine(s, d, w, k)
                    case let .box(r, alpha): BlurPlane.boxLine(s, d, w, r, alpha)
                    }
                }
            }
        }
    }

    /// out[i] = Σ k[j]·in[i + j − R], clipped to the line, rounded from 16 fraction bits.
    private static func kernelLine(_ s: UnsafePointer<Int32>, _ d: UnsafeMutablePointer<Int32>, _ n: Int,
                                   _ k: [Int32]) {
        let r = k.count / 2
        k.withUnsafeBufferPointer { kp in
            for i in 0..<n {
                let j0 = max(0, r - i), j1 = min(k.count, n - i + r)
                var acc = 0
                var j = j0
                while j < j1 {
                    acc &+= Int(kp[j]) &* Int(s[i + j - r])
                    j += 1
                }
                d[i] = Int32(truncatingIfNeeded: (acc &+ 32768) >> 16)
            }
        }
    }

    /// Running-sum extended box along a contiguous line (window clipped to the line).
    private static func boxLine(_ s: UnsafePointer<Int32>, _ d: UnsafeMutablePointer<Int32>, _ n: Int,
                                _ r: Int, _ alpha: Double) {
        let (inner, outer) = Pass.boxWeights(r, alpha)
        @inline(__always) func at(_ i: Int) -> Int { i >= 0 && i < n ? Int(s[i]) : 0 }
        var sum = 0
        for i in 0..<min(r, n) { sum &+= Int(s[i]) }
        // Pixels whose whole window (−r − 1 ... r + 1) is inside need no bounds checks.
        let lo = min(n, r + 1), hi = max(lo, n - r - 1)
        @inline(__always) func step(_ i: Int, _ add: Int, _ edge: Int, _ sub: Int) {
            sum &+= add
            d[i] = Int32(truncatingIfNeeded: (sum &* inner &+ edge &* outer &+ (1 << 31)) >> 32)
            sum &-= sub
        }
        for i in 0..<lo { step(i, at(i + r), at(i - r - 1) &+ at(i + r + 1), at(i - r)) }
        for i in lo..<hi { step(i, Int(s[i + r]), Int(s[i - r - 1]) &+ Int(s[i + r + 1]), Int(s[i - r])) }
        for i in hi..<n { step(i, at(i + r), at(i - r - 1) &+ at(i + r + 1), at(i - r)) }
    }

    // MARK: Vertical (row-major, so memory is walked in order)

    /// `scratch` lends the column sums and the zero row (new arrays when nil).
    func vertical(_ pass: Pass, into out: inout BlurPlane, scratch: BlurScratch? = nil) {
        let w = width, h = height
        var acc = scratch?.takeSums(w) ?? [Int](repeating: 0, count: w)
        defer { scratch?.keepSums(&acc) }
        let zeros = scratch?.zeros(row: w) ?? [Int32](repeating: 0, count: w) // stands in for rows outside the plane
        values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                acc.withUnsafeMutableBufferPointer { accp in
                    let a = accp.baseAddress!, sp = src.baseAddress!, dp = dst.baseAddress!
                    switch pass {
                    case .kernel(let k):
                        let r = k.count / 2
                        for y in 0..<h {
                            a.update(repeating: 0, count: w)
                            for j in max(0, r - y)..<min(k.count, h - y + r) {
                                let wgt = Int(k[j]), row = sp + (y + j - r) * w
                                for x in 0..<w { a[x] &+= wgt &* Int(row[x]) }
                            }
                            let o = dp + y * w
                            for x in 0..<w { o[x] = Int32(truncatingIfNeeded: (a[x] &+ 32768) >> 16) }
                        }
                    case let .box(r, alpha):
                        let (inner, outer) = Pass.boxWeights(r, alpha)
                        a.update(repeating: 0, count: w)
                        for y in 0..<min(r, h) {
                            let row = sp + y * w
                            for x in 0..<w { a[x] &+= Int(row[x]) }
                        }
                        for y in 0..<h {
                            if y + r < h {
                                let row = sp + (y + r) * w
                                for x in 0..<w { a[x] &+= Int(row[x]) }
                            }
                            let o = dp + y * w
                            zeros.withUnsafeBufferPointer { z in
                                let above = y - r - 1 >= 0 ? sp + (y - r - 1) * w : z.baseAddress!
                                let below = y + r + 1 < h ? sp + (y + r + 1) * w : z.baseAddress!
                                for x in 0..<w {
                                    let edge = Int(above[x]) &+ Int(below[x])
                                    o[x] = Int32(truncatingIfNeeded: (a[x] &* inner &+ edge &* outer &+ (1 << 31)) >> 32)
                                }
                            }
                            if y - r >= 0 {
                                let row = sp + (y - r) * w
                                for x in 0..<w { a[x] &-= Int(row[x]) }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: Resampling for the large-sigma path

    /// The f×f box average (blocks past the edge count as zeros), rounded.
    func downsampled(by f: Int, scratch: BlurScratch? = nil) -> BlurPlane {
        var out = BlurPlane(width: (width + f - 1) / f, height: (height + f - 1) / f, scratch: scratch)
        let area = f * f, w = width, ow = out.width
        // Column sums of each block row, then one division per output value.
        var sums = scratch?.takeSums(ow) ?? [Int](repeating: 0, count: ow)
        defer { scratch?.keepSums(&sums) }
        values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                sums.withUnsafeMutableBufferPointer { acc in
                    let sp = src.baseAddress!, dp = dst.baseAddress!, a = acc.baseAddress!
                    for j in 0..<out.height {
                        for i in 0..<ow { a[i] = 0 }
                        for y in (j * f)..<min(height, j * f + f) {
                            let row = sp + y * w
                            var x = 0
                            for i in 0..<ow {
                                var sum = 0
                                let x1 = min(w, x + f)
                                while x < x1 { sum &+= Int(row[x]); x += 1 }
                                a[i] &+= sum
                            }
                        }
                        let o = dp + j * ow
                        for i in 0..<ow { o[i] = Int32(truncatingIfNeeded: (a[i] + area / 2) / area) }
                    }
                }
            }
        }
        return out
    }

    /// Bilinear upsampling by f onto a `width × height` plane: output pixel centre x + 0.5 reads
    /// this plane at (x + 0.5)/f, whose texel centres are at i + 0.5 (indices clamped).
    func upsampled(by f: Int, width w: Int, height h: Int, scratch: BlurScratch? = nil) -> BlurPlane {
        var out = BlurPlane(width: w, height: h, scratch: scratch)
        // Per-axis taps and 8-bit weights, shared by all rows/columns.
        // (In kept arrays when `scratch` lends them.)
        func taps(_ n: Int, _ limit: Int) -> [(Int, Int, Int)] {
            var out = scratch?.takeTaps() ?? []
            out.reserveCapacity(n)
            for x in 0..<n {
                let p = (Double(x) + 0.5) / Double(f) - 0.5
                let i0 = Int(p.rounded(.down))
                let wt = Int(((p - Double(i0)) * 256).rounded())
                out.append((min(max(i0, 0), limit - 1), min(max(i0 + 1, 0), limit - 1), wt))
            }
            return out
        }
        var tx = taps(w, width), ty = taps(h, height)
        let sw = width
        defer { scratch?.keepTaps(&tx); scratch?.keepTaps(&ty) }
        values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                tx.withUnsafeBufferPointer { txp in
                    let sp = src.baseAddress!
                    for y in 0..<h {
                        let (j0, j1, wy) = ty[y]
                        let r0 = sp + j0 * sw, r1 = sp + j1 * sw, o = dst.baseAddress! + y * w
                        for x in 0..<w {
                            let (i0, i1, wx) = txp[x]
                            let top = Int(r0[i0]) &* (256 &- wx) &+ Int(r0[i1]) &* wx
                            let bot = Int(r1[i0]) &* (256 &- wx) &+ Int(r1[i1]) &* wx
                            o[x] = Int32(truncatingIfNeeded: (top &* (256 &- wy) &+ bot &* wy &+ 32768) >> 16)
                        }
                    }
                }
            }
        }
        return out
    }
}

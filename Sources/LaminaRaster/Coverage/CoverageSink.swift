/// Where coverage goes: the rasterizers (general polygons, analytic rects, rounded rects)
/// produce rows of coverage as spans and hand them to a sink — usually a `Blitter`, which
/// composites paint through them, so a solid fill never allocates a full-size mask.
///
/// Coverage is 0 (outside) … 255 (fully inside). Calls for one row come in increasing x and
/// never overlap; rows come in increasing y. A sink never sees pixels outside the clip rect
/// the rasterizer was given, and never sees a run of coverage 0.
package protocol CoverageSink {
    /// Per-pixel coverage for pixels x..<x+count of row y (count ≥ 1). Entries may be 0.
    mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>)
    /// The constant coverage `coverage` (1...255) for pixels x..<x+count of row y (count ≥ 1).
    mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8)
}

/// A sink that writes coverage into an A8 mask (replacing what was there), e.g. to build
/// clip masks or to test the rasterizers. Mask pixel (x, y) receives surface pixel (x, y).
package struct MaskWriterSink: CoverageSink {
    package let mask: AlphaMask

    package init(_ mask: AlphaMask) { self.mask = mask }

    package mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        guard y >= 0, y < mask.height else { return }
        let lo = max(0, x), hi = min(mask.width, x + count)
        guard hi > lo else { return }
        (mask.row(y) + lo).update(from: coverage + (lo - x), count: hi - lo)
    }

    package mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        guard y >= 0, y < mask.height else { return }
        let lo = max(0, x), hi = min(mask.width, x + count)
        guard hi > lo else { return }
        (mask.row(y) + lo).update(repeating: coverage, count: hi - lo)
    }
}

/// Clips coverage by an A8 mask: forwards coverage × mask / 255 (rounded) to `base`.
/// Mask pixel (mx, my) lies over destination pixel (mx + originX, my + originY); destination
/// pixels the mask does not reach get coverage 0 (nothing drawn there).
package struct MaskClipSink<Base: CoverageSink>: CoverageSink {
    package var base: Base
    package let mask: AlphaMask
    package let originX: Int, originY: Int
    /// One row of scratch coverage, at least as wide as the widest span.
    private let scratch: UnsafeMutablePointer<UInt8>
    private let scratchCount: Int

    /// `scratch` (≥ 1 byte; spans longer than it are sent in pieces) must stay valid while
    /// this sink is used. The `coverage` row of the base blitter's `ScanlineScratch` is fine
    /// (a blitter only uses its `pixels` row).
    package init(base: Base, mask: AlphaMask, originX: Int = 0, originY: Int = 0,
                 scratch: UnsafeMutablePointer<UInt8>, scratchCount: Int) {
        self.base = base; self.mask = mask; self.originX = originX; self.originY = originY
        self.scratch = scratch; self.scratchCount = max(1, scratchCount)
    }

    package mutating func blendSpan(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let my = y - originY
        guard my >= 0, my < mask.height else { return }
        let lo = max(x, originX), hi = min(x + count, originX + mask.width)
        var start = lo
        while start < hi { // in chunks of the scratch row
            let n = min(hi - start, scratchCount)
            let m = mask.row(my) + (start - originX), c = coverage + (start - x)
            for i in 0..<n { scratch[i] = mul255(c[i], m[i]) }
            base.blendSpan(y: y, x: start, count: n, coverage: scratch)
            start += n
        }
    }

    package mutating func blendRun(y: Int, x: Int, count: Int, coverage: UInt8) {
        let my = y - originY
        guard my >= 0, my < mask.height else { return }
        let lo = max(x, originX), hi = min(x + count, originX + mask.width)
        var start = lo
        while start < hi {
            let n = min(hi - start, scratchCount)
            let m = mask.row(my) + (start - originX)
            if coverage == 255 {
                base.blendSpan(y: y, x: start, count: n, coverage: m)
            } else {
                for i in 0..<n { scratch[i] = mul255(coverage, m[i]) }
                base.blendSpan(y: y, x: start, count: n, coverage: scratch)
            }
            start += n
        }
    }
}

/// a·b/255 rounded to nearest, exact for all bytes (the (t + 128 + ((t + 128) >> 8)) >> 8 trick).
@inline(__always) package func mul255(_ a: UInt8, _ b: UInt8) -> UInt8 {
    let t = UInt32(a) &* UInt32(b) &+ 128
    return UInt8(truncatingIfNeeded: (t &+ (t >> 8)) >> 8)
}

/// t/255 rounded to nearest for 0 ≤ t ≤ 255·255.
@inline(__always) package func div255(_ t: UInt32) -> UInt32 {
    let u = t &+ 128
    return (u &+ (u >> 8)) >> 8
}

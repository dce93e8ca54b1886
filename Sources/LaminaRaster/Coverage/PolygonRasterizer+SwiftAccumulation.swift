// PolygonRasterizer: the Swift definitions of the cell accumulation (the reference the C
// kernels of cell_accumulation.c are tested against, and the monotone path's accumulator).

extension PolygonRasterizer {
    /// The Swift definition of `lamina_accumulate_strip` (cell_accumulation.h): accumulates the
    /// row pieces of the active edges in rows top..<bottom, compacts `active` to the edges that
    /// continue below, and widens lo/hi to the 24.8 x extent of the pieces. Used when
    /// `cellKernel` is false (tests compare the two).
    func accumulateStrip(_ edgeBase: UnsafeMutablePointer<Edge>, active: UnsafeMutablePointer<Int32>,
                         activeCount: inout Int, top: Int, bottom: Int, width: Int, stride: Int, words: Int,
                         lo stripLoX: inout Int, hi stripHiX: inout Int) {
        let acc = self.acc, bits = self.bits, fy1 = bottom << 8
        var keep = 0
        for k in 0..<activeCount {
            let e = edgeBase[Int(active[k])]
            if e.y1 > fy1 { active[keep] = active[k]; keep &+= 1 }
            let r0 = max(top, e.y0 >> 8), r1 = min(bottom - 1, (e.y1 - 1) >> 8)
            if r0 > r1 { continue }
            // Wrapping arithmetic from here on: every value is bounded by construction
            // (x within the clip columns, y within ±2^34 in 24.8).
            // x is within [0, maxX] by construction; the clamp guards rounding at the ends.
            let maxX = width &<< 8
            var r = r0
            var ya = max(e.y0, r0 &<< 8)
            // A row's bottom crossing is the next row's top crossing (same expression, same
            // value: below the first row ya is (r << 8) > y0), so each is computed once.
            var xa = min(maxX, max(0, ya == e.y0 ? e.x0 : e.x0 &+ roundToInt(Double(ya &- e.y0) * e.slope)))
            var loX = xa, hiX = xa
            var accRow = acc + (r0 &- top) &* stride, bitsRow = bits + (r0 &- top) &* words
            while true {
                let yb = min(e.y1, (r &+ 1) &<< 8)
                let xb = min(maxX, max(0, yb == e.y1 ? e.x1 : e.x0 &+ roundToInt(Double(yb &- e.y0) * e.slope)))
                Self.accumulate(accRow, bitsRow, xa: xa, ya: ya, xb: xb, yb: yb, dir: e.dir)
                loX = min(loX, xb); hiX = max(hiX, xb)
                if r == r1 { break }
                xa = xb; ya = yb
                accRow += stride; bitsRow += words
                r &+= 1
            }
            stripLoX = min(stripLoX, loX); stripHiX = max(stripHiX, hiX)
        }
        activeCount = keep
    }

    /// Adds one row piece (xa, ya) → (xb, yb) (24.8, yb > ya, within one row, x within
    /// [0, width << 8]) to the cells.
    @inline(__always)
    static func accumulate(_ acc: UnsafeMutablePointer<Int32>, _ bits: UnsafeMutablePointer<UInt64>?,
                           xa: Int, ya: Int, xb: Int, yb: Int, dir: Int32) {
        let ca = xa &>> 8, cb = xb &>> 8
        if ca == cb {
            let dy = dir &* Int32(truncatingIfNeeded: yb &- ya)
            let area = dy &* Int32(truncatingIfNeeded: xa &+ xb &- (ca &<< 9))
            acc[ca] &+= (dy &<< 9) &- area
            acc[ca &+ 1] &+= area
            if let bits { mark(bits, ca); mark(bits, ca &+ 1) }
            return
        }
        // Walk cells from the left end to the right end of the piece.
        let (xl, yl, xr, yr) = xa < xb ? (xa, ya, xb, yb) : (xb, yb, xa, ya)
        let dydx = Double(yr &- yl) / Double(xr &- xl)
        var c = xl &>> 8, cx = xl, cy = yl
        let last = xr &>> 8
        if last == c &+ 1 {
            // Two cells (the commonest walk): the loop below with one step, written out.
            let bx = last &<< 8
            let ny = yl &+ roundToInt(Double(bx &- xl) * dydx)
            let dy0 = dir &* Int32(truncatingIfNeeded: ny > yl ? ny &- yl : yl &- ny)
            let area0 = dy0 &* Int32(truncatingIfNeeded: xl &- (c &<< 8) &+ 256)
            let dy1 = dir &* Int32(truncatingIfNeeded: yr > ny ? yr &- ny : ny &- yr)
            let area1 = dy1 &* Int32(truncatingIfNeeded: bx &+ xr &- (last &<< 9))
            acc[c] &+= (dy0 &<< 9) &- area0
            acc[c &+ 1] &+= area0 &+ (dy1 &<< 9) &- area1
            acc[c &+ 2] &+= area1
            if let bits { mark(bits, c); mark(bits, c &+ 1); mark(bits, c &+ 2) }
            return
        }
        while c < last {
            let bx = (c &+ 1) &<< 8
            let ny = yl &+ roundToInt(Double(bx &- xl) * dydx)
            let dy = dir &* Int32(truncatingIfNeeded: ny > cy ? ny &- cy : cy &- ny)
            let area = dy &* Int32(truncatingIfNeeded: cx &- (c &<< 8) &+ 256)
            acc[c] &+= (dy &<< 9) &- area
            acc[c &+ 1] &+= area
            if let bits { mark(bits, c) }
            cx = bx; cy = ny; c &+= 1
        }
        let dy = dir &* Int32(truncatingIfNeeded: yr > cy ? yr &- cy : cy &- yr)
        let area = dy &* Int32(truncatingIfNeeded: cx &+ xr &- (c &<< 9))
        acc[c] &+= (dy &<< 9) &- area
        acc[c &+ 1] &+= area
        if let bits { mark(bits, c); mark(bits, c &+ 1) }
    }

    /// Marks cell c as touched.
    @inline(__always) static func mark(_ bits: UnsafeMutablePointer<UInt64>, _ c: Int) {
        bits[c &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: c & 63)
    }
}

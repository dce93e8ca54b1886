#if canImport(Glibc)
import Glibc // asin
#elseif canImport(Darwin)
import Darwin
#endif

// Exact rounded-rect coverage along one pixel row, the same doubles as `Shape.coverage(px:py:)`
// (the reference) at a fraction of the cost: what depends only on the row — the covered
// height, each corner's vertical span and where its arc crosses the row's top and bottom
// (two square roots) — is computed once per row; corners whose box the pixel misses are
// skipped before any division; and the arc integral G(u) = (u·√(1 − u²) + asin u) / 2 is
// remembered at its last two arguments, because neighbouring pixels share a column edge
// (the right edge of one is the left edge of the next), which halves the asin calls. Every
// value is computed by the same operations in the same order as the reference, so the bytes
// are identical (tested).
extension AnalyticCoverage.Shape {
    /// One corner's constants for one row, in its unit quadrant (see `cutout`).
    struct CornerRow {
        var active = false
        var cx = 0.0, rx = 0.0, ry = 0.0
        var right = false
        var v0 = 0.0, v1 = 0.0, ua = 0.0, ub = 0.0
        // G at the last two arguments (NaN: none yet).
        var argA = Double.nan, valA = 0.0, argB = Double.nan, valB = 0.0

        init() {}

        /// The corner centred at (cx, cy) with radii r, extending right (sx > 0) or left and
        /// down (sy > 0) or up, on the covered rows [ay0, ay1].
        init(ay0: Double, ay1: Double, cx: Double, cy: Double, r: RoundedRect.Radii, sx: Double, sy: Double) {
            guard r.rx > 0, r.ry > 0 else { return }
            // The reference's v1 > v0 test needs cy on the far side of the row's near edge.
            guard sy > 0 ? ay1 > cy : ay0 < cy else { return }
            var v0 = (sy > 0 ? ay0 - cy : cy - ay1) / r.ry, v1 = (sy > 0 ? ay1 - cy : cy - ay0) / r.ry
            v0 = max(0, v0); v1 = min(1, v1)
            guard v1 > v0 else { return }
            active = true
            self.cx = cx; rx = r.rx; ry = r.ry; right = sx > 0
            self.v0 = v0; self.v1 = v1
            ua = (max(0, 1 - v1 * v1)).squareRoot(); ub = (max(0, 1 - v0 * v0)).squareRoot()
        }

        @inline(__always) mutating func g(_ u: Double) -> Double {
            if u == argA { return valA }
            if u == argB { return valB }
            let w = min(1, u)
            let v = (w * max(0, 1 - w * w).squareRoot() + asin(w)) * 0.5
            argB = argA; valB = valA
            argA = u; valA = v
            return v
        }

        /// The reference's `cutout` for the columns [ax0, ax1].
        @inline(__always) mutating func cutout(_ ax0: Double, _ ax1: Double) -> Double {
            // Necessary for u1 > u0 below (the pixel reaches into the corner's columns).
            guard right ? ax1 > cx : ax0 < cx else { return 0 }
            var u0 = (right ? ax0 - cx : cx - ax1) / rx, u1 = (right ? ax1 - cx : cx - ax0) / rx
            u0 = max(0, u0); u1 = min(1, u1)
            guard u1 > u0 else { return 0 }
            let box = (u1 - u0) * (v1 - v0)
            // quarterDiskArea(u0, u1, v0, v1) with the row's crossings ua, ub.
            var a = 0.0
            let f0 = u0, f1 = min(u1, ua)
            if f1 > f0 { a += (f1 - f0) * (v1 - v0) }
            let p0 = max(u0, ua), p1 = min(u1, ub)
            if p1 > p0 {
                let gb = g(p1), ga = g(p0)
                a += (gb - ga) - v0 * (p1 - p0)
            }
            return (box - a) * rx * ry
        }
    }

    /// The coverage of the pixels of row `py`, left to right or in any order. The corners'
    /// row constants live in caller-owned scratch for four `CornerRow`s (one per shape being
    /// filled, reused row after row), so making a row costs a few stores and no copies.
    struct Row {
        let x0: Double, x1: Double, ay0: Double, ay1: Double
        let valid: Bool
        /// Bit k set: corner k (tl, tr, br, bl) cuts this row; its constants are corners[k].
        let active: UInt8
        let corners: UnsafeMutablePointer<CornerRow>

        init(_ s: AnalyticCoverage.Shape, py: Int, scratch corners: UnsafeMutablePointer<CornerRow>) {
            x0 = s.x0; x1 = s.x1
            ay0 = max(Double(py), s.y0); ay1 = min(Double(py + 1), s.y1)
            valid = ay1 > ay0
            self.corners = corners
            // A corner can only cut a row that reaches past its centre line (CornerRow.init).
            guard valid, ay0 < s.y0 + max(s.tl.ry, s.tr.ry) || ay1 > s.y1 - max(s.bl.ry, s.br.ry) else {
                active = 0
                return
            }
            let ay0 = ay0, ay1 = ay1
            corners[0] = CornerRow(ay0: ay0, ay1: ay1, cx: s.x0 + s.tl.rx, cy: s.y0 + s.tl.ry, r: s.tl, sx: -1, sy: -1)
            corners[1] = CornerRow(ay0: ay0, ay1: ay1, cx: s.x1 - s.tr.rx, cy: s.y0 + s.tr.ry, r: s.tr, sx: 1, sy: -1)
            corners[2] = CornerRow(ay0: ay0, ay1: ay1, cx: s.x1 - s.br.rx, cy: s.y1 - s.br.ry, r: s.br, sx: 1, sy: 1)
            corners[3] = CornerRow(ay0: ay0, ay1: ay1, cx: s.x0 + s.bl.rx, cy: s.y1 - s.bl.ry, r: s.bl, sx: -1, sy: 1)
            var m: UInt8 = 0
            for k in 0..<4 where corners[k].active { m |= 1 << k }
            active = m
        }

        /// Exact area of pixel (px, py) inside the shape, in [0, 1]: `Shape.coverage(px:py:)`.
        @inline(__always) func coverage(px: Int) -> Double {
            let ax0 = max(Double(px), x0), ax1 = min(Double(px + 1), x1)
            guard valid, ax1 > ax0 else { return 0 }
            var a = (ax1 - ax0) * (ay1 - ay0)
            if active != 0 {
                if active & 1 != 0 { a -= corners[0].cutout(ax0, ax1) }
                if active & 2 != 0 { a -= corners[1].cutout(ax0, ax1) }
                if active & 4 != 0 { a -= corners[2].cutout(ax0, ax1) }
                if active & 8 != 0 { a -= corners[3].cutout(ax0, ax1) }
            }
            return min(1, max(0, a))
        }
    }

    /// Runs `body` with scratch for one shape's `Row`s (stack memory, no allocation).
    static func withRowScratch<R>(_ body: (UnsafeMutablePointer<CornerRow>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: CornerRow.self, capacity: 4) { buf in
            let p = buf.baseAddress!
            p.initialize(repeating: CornerRow(), count: 4)
            return body(p)
        }
    }
}

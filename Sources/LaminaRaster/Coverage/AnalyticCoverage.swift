#if canImport(Glibc)
import Glibc // asin
#elseif canImport(Darwin)
import Darwin
#endif

/// An axis-aligned rounded rectangle in pixel space: the rect [x0, x1] × [y0, y1] with an
/// elliptical quarter cut at each corner (radii rx horizontal, ry vertical; circular when
/// equal). Radii that do not fit are scaled down together as CSS and Core Animation do
/// (so that adjacent radii on a side sum to at most its length); negative or NaN radii are 0.
package struct RoundedRect: Sendable, Hashable {
    package struct Radii: Sendable, Hashable {
        package var rx: Double, ry: Double
        package init(_ r: Double) { rx = r; ry = r }
        package init(rx: Double, ry: Double) { self.rx = rx; self.ry = ry }
        package static let zero = Radii(0)
    }

    package var x0: Double, y0: Double, x1: Double, y1: Double
    package var topLeft: Radii, topRight: Radii, bottomRight: Radii, bottomLeft: Radii

    package init(x0: Double, y0: Double, x1: Double, y1: Double,
                 topLeft: Radii, topRight: Radii, bottomRight: Radii, bottomLeft: Radii) {
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }

    /// Every corner with the same circular radius.
    package init(x0: Double, y0: Double, x1: Double, y1: Double, radius: Double) {
        let r = Radii(radius)
        self.init(x0: x0, y0: y0, x1: x1, y1: y1, topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
    }

    /// Radii made valid: non-negative, finite, and scaled to fit the sides.
    package var fittedRadii: (tl: Radii, tr: Radii, br: Radii, bl: Radii) {
        func clean(_ r: Radii) -> Radii {
            Radii(rx: r.rx.isFinite ? max(0, r.rx) : 0, ry: r.ry.isFinite ? max(0, r.ry) : 0)
        }
        let tl = clean(topLeft), tr = clean(topRight), br = clean(bottomRight), bl = clean(bottomLeft)
        let w = x1 - x0, h = y1 - y0
        var f = 1.0
        func fit(_ side: Double, _ a: Double, _ b: Double) { if a + b > side { f = min(f, side / (a + b)) } }
        fit(w, tl.rx, tr.rx); fit(w, bl.rx, br.rx); fit(h, tl.ry, bl.ry); fit(h, tr.ry, br.ry)
        func s(_ r: Radii) -> Radii { Radii(rx: r.rx * f, ry: r.ry * f) }
        return (s(tl), s(tr), s(br), s(bl))
    }
}

/// Analytic coverage for axis-aligned rects and rounded rects: exact area per pixel, computed
/// only for edge and corner pixels; interiors are constant runs. No cell accumulation, no
/// mask. Rows are independent, so any band split gives the same bytes.
package enum AnalyticCoverage {
    /// Fills the rect [x0, x1] × [y0, y1] (pixel space), exact: a pixel's coverage is its
    /// overlapping area × 255, rounded. NaN or inverted input draws nothing.
    package static func fillRect<S: CoverageSink>(x0: Double, y0: Double, x1: Double, y1: Double,
                                                  clip: PixelRect, generic sink: inout S) {
        let r = RoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, radius: 0)
        fillRoundedRect(r, clip: clip, generic: &sink)
    }

    /// Fills a rounded rect with exact per-pixel area coverage (closed-form integral of the
    /// corner ellipse), rounded to 1/255. NaN or inverted rects draw nothing.
    package static func fillRoundedRect<S: CoverageSink>(_ rr: RoundedRect, clip: PixelRect, generic sink: inout S) {
        guard rr.x0 < rr.x1, rr.y0 < rr.y1 else { return } // also false for NaN
        let area = PixelRect.covering(minX: rr.x0, minY: rr.y0, maxX: rr.x1, maxY: rr.y1).intersection(clip).intersection(.drawable)
        guard !area.isEmpty else { return }
        let shape = Shape(rr)
        // A small fixed buffer (stays on the stack): exact-area spans are sent in chunks of it.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.chunk) { buf in
          Shape.withRowScratch { scratch in
            guard let cov = buf.baseAddress else { return }
            for py in area.y0..<area.y1 {
                guard let p = shape.profile(py: py, columns: area.x0..<area.x1) else { continue }
                // Per-pixel edge/corner parts and the constant interior between them.
                let row = Shape.Row(shape, py: py, scratch: scratch)
                exactSpan(p.start..<p.exactEnd, py: py, cov: cov, into: &sink) { row.coverage(px: $0) }
                if p.runEnd > p.exactEnd {
                    let v = quantize(p.ycov)
                    if v != 0 { sink.blendRun(y: py, x: p.exactEnd, count: p.runEnd - p.exactEnd, coverage: v) }
                }
                exactSpan(p.runEnd..<p.end, py: py, cov: cov, into: &sink) { row.coverage(px: $0) }
            }
          }
        }
    }

    /// How one row of a rounded rect is made: columns start..<exactEnd and runEnd..<end need
    /// exact area; exactEnd..<runEnd are inside for the row's whole covered height (coverage
    /// `ycov`); everything else is outside.
    struct RowProfile {
        var start: Int, exactEnd: Int, runEnd: Int, end: Int
        var ycov: Double

        /// The area of column x when it is not in an exact part.
        func constant(_ x: Int) -> Double? {
            if x < start || x >= end { return 0 }
            if x >= exactEnd && x < runEnd { return ycov }
            return nil
        }
    }

    static let chunk = 256

    static func exactSpan<S: CoverageSink>(_ cols: Range<Int>, py: Int, cov: UnsafeMutablePointer<UInt8>,
                                           into sink: inout S, area: (Int) -> Double) {
        var x = cols.lowerBound
        while x < cols.upperBound {
            let n = min(chunk, cols.upperBound - x)
            for i in 0..<n { cov[i] = quantize(area(x + i)) }
            sink.blendSpan(y: py, x: x, count: n, coverage: cov)
            x += n
        }
    }

    @inline(__always) static func quantize(_ a: Double) -> UInt8 {
        UInt8(min(255, max(0, a * 255 + 0.5))) // truncation of x + 0.5: round half up, no libm call
    }

    static func pixelCeil(_ v: Double) -> Int { Int(min(Double(1 << 30), max(-Double(1 << 30), v)).rounded(.up)) }
    static func pixelFloor(_ v: Double) -> Int { Int(min(Double(1 << 30), max(-Double(1 << 30), v)).rounded(.down)) }

    /// The rounded rect with fitted radii and coordinates clamped far outside any surface.
    struct Shape {
        let x0: Double, y0: Double, x1: Double, y1: Double
        let tl: RoundedRect.Radii, tr: RoundedRect.Radii, br: RoundedRect.Radii, bl: RoundedRect.Radii

        init(_ rr: RoundedRect) {
            let lim = Double(1 << 32)
            func c(_ v: Double) -> Double { min(lim, max(-lim, v)) }
            x0 = c(rr.x0); y0 = c(rr.y0); x1 = c(rr.x1); y1 = c(rr.y1)
            let r = RoundedRect(x0: x0, y0: y0, x1: x1, y1: y1, topLeft: rr.topLeft, topRight: rr.topRight,
                                bottomRight: rr.bottomRight, bottomLeft: rr.bottomLeft).fittedRadii
            tl = r.tl; tr = r.tr; br = r.br; bl = r.bl
        }

        /// The row's layout within `columns`, or nil when the row misses the shape.
        func profile(py: Int, columns: Range<Int>) -> RowProfile? {
            let fy0 = Double(py), fy1 = fy0 + 1
            let cy0 = max(fy0, y0), cy1 = min(fy1, y1)
            guard cy1 > cy0, !columns.isEmpty else { return nil }
            // Columns right of the left boundary's rightmost point in this row (and left of the
            // right boundary's leftmost) are inside for the row's whole covered height. The
            // boundary is monotone within each corner, so its extremes are at the ends of the
            // covered y range — except that it is valley-shaped overall, so its minimum is the
            // rect side when the row reaches both a top and a bottom corner zone.
            let lo = columns.lowerBound, hi = columns.upperBound
            let leftMost = max(leftBoundary(cy0), leftBoundary(cy1))
            let rightMost = min(rightBoundary(cy0), rightBoundary(cy1))
            let exactEnd = min(hi, max(lo, AnalyticCoverage.pixelCeil(leftMost)))
            let runEnd = max(exactEnd, min(hi, max(lo, AnalyticCoverage.pixelFloor(rightMost))))
            let spansLeftZones = cy0 < y0 + tl.ry && cy1 > y1 - bl.ry
            let spansRightZones = cy0 < y0 + tr.ry && cy1 > y1 - br.ry
            let leftLeast = spansLeftZones ? x0 : min(leftBoundary(cy0), leftBoundary(cy1))
            let rightGreatest = spansRightZones ? x1 : max(rightBoundary(cy0), rightBoundary(cy1))
            let start = min(exactEnd, max(lo, AnalyticCoverage.pixelFloor(leftLeast)))
            let end = max(runEnd, min(hi, AnalyticCoverage.pixelCeil(rightGreatest)))
            return RowProfile(start: start, exactEnd: exactEnd, runEnd: runEnd, end: end, ycov: cy1 - cy0)
        }

        /// x of the left edge at height y (y0 ≤ y ≤ y1): the rect side, or a corner's arc.
        func leftBoundary(_ y: Double) -> Double {
            var x = x0
            if tl.ry > 0 && y < y0 + tl.ry { x = max(x, x0 + tl.rx * Self.inset((y0 + tl.ry - y) / tl.ry)) }
            if bl.ry > 0 && y > y1 - bl.ry { x = max(x, x0 + bl.rx * Self.inset((y - (y1 - bl.ry)) / bl.ry)) }
            return x
        }

        /// x of the right edge at height y (y0 ≤ y ≤ y1).
        func rightBoundary(_ y: Double) -> Double {
            var x = x1
            if tr.ry > 0 && y < y0 + tr.ry { x = min(x, x1 - tr.rx * Self.inset((y0 + tr.ry - y) / tr.ry)) }
            if br.ry > 0 && y > y1 - br.ry { x = min(x, x1 - br.rx * Self.inset((y - (y1 - br.ry)) / br.ry)) }
            return x
        }

        /// 1 − √(1 − v²): how far a unit quarter-circle is inset at height v from its centre.
        private static func inset(_ v: Double) -> Double { 1 - max(0, 1 - v * v).squareRoot() }

        /// Exact area of pixel (px, py) inside the shape, in [0, 1]. The reference for `Row`,
        /// which the fills use (AnalyticCoverage+Row.swift).
        func coverage(px: Int, py: Int) -> Double {
            let ax0 = max(Double(px), x0), ax1 = min(Double(px + 1), x1)
            let ay0 = max(Double(py), y0), ay1 = min(Double(py + 1), y1)
            guard ax1 > ax0, ay1 > ay0 else { return 0 }
            var a = (ax1 - ax0) * (ay1 - ay0)
            // Each corner removes (its box ∩ pixel) minus (quarter ellipse ∩ pixel).
            a -= cutout(ax0, ax1, ay0, ay1, cx: x0 + tl.rx, cy: y0 + tl.ry, r: tl, sx: -1, sy: -1)
            a -= cutout(ax0, ax1, ay0, ay1, cx: x1 - tr.rx, cy: y0 + tr.ry, r: tr, sx: 1, sy: -1)
            a -= cutout(ax0, ax1, ay0, ay1, cx: x1 - br.rx, cy: y1 - br.ry, r: br, sx: 1, sy: 1)
            a -= cutout(ax0, ax1, ay0, ay1, cx: x0 + bl.rx, cy: y1 - bl.ry, r: bl, sx: -1, sy: 1)
            return min(1, max(0, a))
        }

        /// Area of [ax0, ax1] × [ay0, ay1] inside the corner box (centre (cx, cy), extending
        /// rx, ry in directions sx, sy) but outside the ellipse.
        private func cutout(_ ax0: Double, _ ax1: Double, _ ay0: Double, _ ay1: Double,
                            cx: Double, cy: Double, r: RoundedRect.Radii, sx: Double, sy: Double) -> Double {
            guard r.rx > 0, r.ry > 0 else { return 0 }
            // Unit-quadrant coordinates u, v in [0, 1] (distance from the centre outwards).
            var u0 = (sx > 0 ? ax0 - cx : cx - ax1) / r.rx, u1 = (sx > 0 ? ax1 - cx : cx - ax0) / r.rx
            var v0 = (sy > 0 ? ay0 - cy : cy - ay1) / r.ry, v1 = (sy > 0 ? ay1 - cy : cy - ay0) / r.ry
            u0 = max(0, u0); u1 = min(1, u1); v0 = max(0, v0); v1 = min(1, v1)
            guard u1 > u0, v1 > v0 else { return 0 }
            let box = (u1 - u0) * (v1 - v0)
            return (box - quarterDiskArea(u0, u1, v0, v1)) * r.rx * r.ry
        }
    }

    /// Area of [u0, u1] × [v0, v1] (within the unit square) inside the unit disk.
    static func quarterDiskArea(_ u0: Double, _ u1: Double, _ v0: Double, _ v1: Double) -> Double {
        // Where the arc v = √(1 − u²) crosses v1 and v0.
        let ua = (max(0, 1 - v1 * v1)).squareRoot(), ub = (max(0, 1 - v0 * v0)).squareRoot()
        var a = 0.0
        let f0 = u0, f1 = min(u1, ua)
        if f1 > f0 { a += (f1 - f0) * (v1 - v0) }
        let p0 = max(u0, ua), p1 = min(u1, ub)
        if p1 > p0 { a += integralOfArc(p0, p1) - v0 * (p1 - p0) }
        return a
    }

    /// ∫ √(1 − u²) du from a to b (0 ≤ a ≤ b ≤ 1).
    static func integralOfArc(_ a: Double, _ b: Double) -> Double {
        func g(_ u: Double) -> Double { let u = min(1, u); return (u * max(0, 1 - u * u).squareRoot() + asin(u)) * 0.5 }
        return g(b) - g(a)
    }
}

extension AnalyticCoverage {
    /// Fills the ring between two rounded rects — a layer border with `cornerRadius` — with
    /// exact area: coverage = area(outer) − area(inner) per pixel, so the inside and outside
    /// edges are both exact and no path is flattened. `inner` must lie inside `outer` (true
    /// for a border: inner = outer inset by the border width, radii reduced by it, clamped at
    /// 0); where it does not, coverage is clamped at 0. An empty or NaN inner fills `outer`.
    package static func fillRoundedRectRing<S: CoverageSink>(outer: RoundedRect, inner: RoundedRect,
                                                             clip: PixelRect, generic sink: inout S) {
        guard inner.x0 < inner.x1, inner.y0 < inner.y1 else {
            fillRoundedRect(outer, clip: clip, generic: &sink)
            return
        }
        guard outer.x0 < outer.x1, outer.y0 < outer.y1 else { return }
        let area = PixelRect.covering(minX: outer.x0, minY: outer.y0, maxX: outer.x1, maxY: outer.y1).intersection(clip).intersection(.drawable)
        guard !area.isEmpty else { return }
        let o = Shape(outer), i = Shape(inner)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: chunk) { buf in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: 8) { pointBuf in
           Shape.withRowScratch { outerScratch in
            Shape.withRowScratch { innerScratch in
            guard let cov = buf.baseAddress, let points = pointBuf.baseAddress else { return }
            for py in area.y0..<area.y1 {
                guard let p = o.profile(py: py, columns: area.x0..<area.x1) else { continue }
                let outerRow = Shape.Row(o, py: py, scratch: outerScratch)
                guard let q = i.profile(py: py, columns: area.x0..<area.x1) else {
                    exactSpan(p.start..<p.exactEnd, py: py, cov: cov, into: &sink) { outerRow.coverage(px: $0) }
                    if p.runEnd > p.exactEnd {
                        let v = quantize(p.ycov)
                        if v != 0 { sink.blendRun(y: py, x: p.exactEnd, count: p.runEnd - p.exactEnd, coverage: v) }
                    }
                    exactSpan(p.runEnd..<p.end, py: py, cov: cov, into: &sink) { outerRow.coverage(px: $0) }
                    continue
                }
                let innerRow = Shape.Row(i, py: py, scratch: innerScratch)
                // Walk the segments between both profiles' breakpoints: constant where both
                // are constant, exact difference elsewhere.
                points[0] = p.start; points[1] = p.exactEnd; points[2] = p.runEnd; points[3] = p.end
                points[4] = q.start; points[5] = q.exactEnd; points[6] = q.runEnd; points[7] = q.end
                for j in 0..<8 { // clamp to the outer's extent, insertion sort (8 values, no allocation)
                    let v = min(p.end, max(p.start, points[j]))
                    var m = j
                    while m > 0 && points[m - 1] > v { points[m] = points[m - 1]; m -= 1 }
                    points[m] = v
                }
                var k = 0
                while k + 1 < 8 {
                    let a = points[k], b = points[k + 1]
                    k += 1
                    guard b > a else { continue }
                    if let pc = p.constant(a), let qc = q.constant(a) {
                        let v = quantize(max(0, pc - qc))
                        if v != 0 { sink.blendRun(y: py, x: a, count: b - a, coverage: v) }
                    } else {
                        exactSpan(a..<b, py: py, cov: cov, into: &sink) { x in
                            max(0, (p.constant(x) ?? outerRow.coverage(px: x)) - (q.constant(x) ?? innerRow.coverage(px: x)))
                        }
                    }
                }
            }
            }
           }
          }
        }
    }
}

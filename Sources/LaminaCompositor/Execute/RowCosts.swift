// Where a frame's work lies, row by row: the bands a frame is split into for several threads
// are cut where each gets the same estimated work, not the same number of rows.
//
// Why: bands of equal height leave one thread idle while the other finishes the half of the
// frame where the layers crowd (bench-layers on two threads: the main thread 55 % of the
// samples, the worker 45 %). What a band draws does not change its pixels (every band size
// gives the same bytes, ParallelRenderTests), so the estimate only has to be cheap and
// roughly right: each drawing is charged its device extent's area, a 3D plane twice (a
// perspective sample costs about twice an affine one), every pixel of the frame once (the
// background fill and the walk). Particles are not charged: their extent is known only by
// evaluating them, which costs more than the estimate saves.
import CoreGraphics

/// Estimated drawing work per device row of a frame (arbitrary units: about one per pixel
/// drawn).
package struct RowCosts {
    /// The first row the costs describe, and the cost of each row from there.
    private var y0 = 0
    private var perRow: [Double] = []
    /// Working buffers, kept with the costs (a frame stream keeps one `RowCosts` and measures
    /// each frame in it: no allocation per frame once grown).
    private var diff: [Double] = []
    private var cumulative: [Double] = []

    /// No costs yet (every row costs 0 until `measure`).
    package init() {}

    /// The costs of `list`'s drawings in rows y0..<y1 of its frame.
    package init(_ list: DrawList, rows: Range<Int>) {
        measure(list, rows: rows)
    }

    /// Replaces the costs with those of `list`'s drawings in rows `rows` of its frame, in the
    /// buffers already held.
    package mutating func measure(_ list: DrawList, rows: Range<Int>) {
        let first = rows.lowerBound
        y0 = first
        let n = max(0, rows.count)
        // A difference array: a drawing over rows a..<b adds its width at a and removes it at b.
        diff.removeAll(keepingCapacity: true)
        diff.append(contentsOf: repeatElement(0, count: n + 1))
        func charge(_ box: PixelBox?, weight: Double) {
            guard let box, !box.isEmpty else { return }
            let a = max(box.y0, rows.lowerBound) - first, b = min(box.y1, rows.upperBound) - first
            guard a < b else { return }
            let w = weight * Double(box.width)
            diff[a] += w
            diff[b] -= w
        }
        for command in list.commands {
            switch command {
            case let .draw(item):
                if case .particles = item.piece { continue }
                charge(DamageExtent.item(item), weight: 1)
            case let .drawPlaneDirect(p):
                charge(DamageExtent.plane(p.plane), weight: 2)
            case let .drawMaskedPlaneDirect(p):
                charge(DamageExtent.plane(p.plane), weight: 2)
            case let .beginProjective(spec):
                charge(DamageExtent.plane(spec), weight: 2)
            default:
                break
            }
        }
        var running = 0.0
        perRow.removeAll(keepingCapacity: true)
        for i in 0..<n {
            running += diff[i]
            perRow.append(running)
        }
    }

    /// `box` cut into `count` bands of whole rows (top to bottom, covering it) whose estimated
    /// work — its rows' costs plus `box.width` per row — is as even as whole rows allow; fewer
    /// bands when it has fewer rows.
    package func bands(of box: PixelBox, count: Int) -> [PixelBox] {
        var scratch = self
        var out: [PixelBox] = []
        scratch.appendBands(of: box, count: count, to: &out)
        return out
    }

    /// `bands(of:count:)` appended to `out`, summed in this value's kept buffer.
    package mutating func appendBands(of box: PixelBox, count: Int, to out: inout [PixelBox]) {
        guard !box.isEmpty else { return }
        let n = min(box.height, max(1, count))
        guard n > 1 else { out.append(box); return }
        cumulative.removeAll(keepingCapacity: true)
        cumulative.append(contentsOf: repeatElement(0, count: box.height + 1))
        for y in box.y0..<box.y1 {
            let i = y - y0
            let c = i >= 0 && i < perRow.count ? max(0, perRow[i]) : 0
            cumulative[y - box.y0 + 1] = cumulative[y - box.y0] + c + Double(box.width)
        }
        let total = cumulative[box.height]
        var start = 0
        for k in 1..<n {
            // The first row boundary at or past k/n of the work, leaving at least a row to
            // each band still to come.
            let goal = total * Double(k) / Double(n)
            var cut = start + 1
            while cut < box.height - (n - k), cumulative[cut] < goal { cut += 1 }
            out.append(PixelBox(x0: box.x0, y0: box.y0 + start, x1: box.x1, y1: box.y0 + cut))
            start = cut
        }
        out.append(PixelBox(x0: box.x0, y0: box.y0 + start, x1: box.x1, y1: box.y1))
    }
}

// Which regions to redraw for a frame's damage, chosen by what a region render costs.
//
// A region render (RegionRendering.swift) draws the whole width of the region's rows, and
// computes some work over its whole-frame extent whatever the region: 3D plane surfaces
// (and direct plane draws, which walk the plane's whole quad), transitions' two surfaces and
// path shadows' blurs. So for regions R₁…Rₙ the cost is about
//     Σ rows(Rᵢ) × frame width  +  n × (whole-extent work of the list).
// Two consequences:
// - Rectangles whose rows overlap are better drawn as one region: their bounding box has no
//   more rows than the two together, and the shared rows are drawn once instead of twice.
// - When the list has whole-extent work, every extra region repeats all of it (measured: the
//   page fold while it animates damaged 3–5 rectangles and cost about twice a full redraw),
//   so the damage is drawn as one region, its bounding box.
// The result is what the renderer redraws; the pixels are the same for any choice (every
// region is exact), only the time differs.
import LaminaRaster

extension FrameDamage {
    /// The regions to redraw for this damage: at most `limit` rectangles as
    /// `coalesced(limit:)` gives, then rectangles whose rows overlap merged into their
    /// bounding box (so the result's rectangles have disjoint rows, in top-to-bottom order),
    /// and everything merged into one box when `wholeExtentWork` (see the note at the top of
    /// RedrawRegions.swift). Covers at least the same pixels.
    package func redrawRegions(limit: Int, wholeExtentWork: Bool) -> FrameDamage {
        var d = self
        d.formRedrawRegions(limit: limit, wholeExtentWork: wholeExtentWork)
        return d
    }

    /// `redrawRegions(limit:wholeExtentWork:)` in place, in `rects`' own buffer (a frame
    /// stream keeps it: no allocation per frame).
    package mutating func formRedrawRegions(limit: Int, wholeExtentWork: Bool) {
        coalesce(limit: limit)
        guard rects.count > 1 else { return }
        if wholeExtentWork {
            let b = bounds
            rects.removeAll(keepingCapacity: true)
            rects.append(b)
        } else {
            Self.mergeSharedRows(&rects)
        }
    }

    /// `boxes` without the empty ones, those whose rows overlap merged into their bounding box
    /// until no two share a row, top to bottom. A region render draws whole rows, so this never
    /// draws more rows than drawing the boxes one after the other, and the result's boxes can
    /// be drawn at once.
    package static func mergingSharedRows(_ boxes: [PixelBox]) -> [PixelBox] {
        var out = boxes
        mergeSharedRows(&out)
        return out
    }

    /// `mergingSharedRows(_:)` in place (no allocation when `boxes` is not shared).
    package static func mergeSharedRows(_ boxes: inout [PixelBox]) {
        if boxes.contains(where: \.isEmpty) { boxes.removeAll(where: \.isEmpty) }
        // Stably by top row: an insertion sort, in place (a frame has a handful of boxes;
        // the library's sort may take a buffer).
        if boxes.count > 1 {
            for i in 1..<boxes.count {
                let b = boxes[i]
                var j = i
                while j > 0, boxes[j - 1].y0 > b.y0 { boxes[j] = boxes[j - 1]; j -= 1 }
                if j != i { boxes[j] = b }
            }
        }
        var kept = 0
        for k in boxes.indices {
            let r = boxes[k]
            if kept > 0, r.y0 < boxes[kept - 1].y1 {
                let last = boxes[kept - 1]
                boxes[kept - 1] = PixelBox(x0: min(last.x0, r.x0), y0: last.y0, x1: max(last.x1, r.x1), y1: max(last.y1, r.y1))
            } else {
                if kept != k { boxes[kept] = r }  // an unchanged box is not written (no copy)
                kept += 1
            }
        }
        if kept < boxes.count { boxes.removeLast(boxes.count - kept) }
    }
}

extension DrawList {
    /// Whether the list holds work a region render computes over its whole-frame extent
    /// whatever the region: a 3D plane (surface or direct draw), a transition, or a path
    /// shadow's blur (see RegionRendering.swift).
    package var hasWholeExtentWork: Bool {
        commands.contains { c in
            switch c {
            case .beginProjective, .drawPlaneDirect, .drawMaskedPlaneDirect, .beginTransition: return true
            case .draw(let item):
                if case .shadow = item.piece { return true }
                return false
            default: return false
            }
        }
    }
}

extension DamageExtent {
    /// Whether drawing `item` straight on the output surface can change a pixel of `limit`
    /// (device pixels): false when the item's extent — the conservative box damage is
    /// computed from — misses it, so a region render skips the item (exactly: it could only
    /// have drawn outside the limit, where nothing is written). Particles are always drawn
    /// (their extent costs an evaluation).
    static func mayChange(_ item: DrawItem, within limit: PixelRect) -> Bool {
        if case .particles = item.piece { return true }
        guard let box = Self.item(item) else { return true }
        return box.x0 < limit.x1 && limit.x0 < box.x1 && box.y0 < limit.y1 && limit.y0 < box.y1
    }
}

extension DrawCommand {
    /// `DamageExtent.mayChange(_:within:)` for a draw, true for any other command. A method,
    /// so a command read in place (a buffer's element) is tested without copying it out.
    func drawMayChange(within limit: PixelRect) -> Bool {
        guard case let .draw(item) = self else { return true }
        return DamageExtent.mayChange(item, within: limit)
    }
}

// Occlusion culling on the finished draw list: a draw whose every pixel a later opaque
// rectangle in the same target overwrites is removed before anything is rasterized (as
// Chromium's cc skips quads under opaque ones). In the page fold the full-screen sketch image
// lies under the opaque curtain: resampling it was ~15 % of the frame for no pixel.
//
// Only the output surface is culled (its pixel box is known when the list is made), and only
// within a run of plain draws: any other command (clip, group, plane, mask, transition)
// between the covered draw and the cover stops the search, so both draw under the same clip
// into the same surface. The cover must paint its whole-pixel interior with full coverage and
// an opaque colour, source-over: those pixels then hold that colour whatever was below.
import CoreGraphics

//
// The list is walked once, backwards: within a run, the covers met so far are the opaque
// rects drawn *after* the current draw, so a draw is hidden when one of them contains it.
// Covers are kept in a grid of 64-pixel tiles (a cover is listed in every tile it overlaps; a
// rect it contains has its centre in one of them), and a tile keeps at most
// `CoverGrid.perTile` covers, the largest, so a frame of n layers costs at most n · perTile
// comparisons, not n²/2 (a root with 10,000 small sublayers took 17 s). Keeping fewer covers
// only culls less: every removal is still justified by one cover. A draw that is itself
// hidden is not kept as a cover: the covers that hide it hide whatever it would.
enum OcclusionCulling {
    /// `commands` without the top-level draws hidden by a later opaque rect. `output` is the
    /// output surface's pixel box.
    static func cull(_ commands: [DrawCommand], output: PixelBox) -> [DrawCommand] {
        var probes = 0
        return cull(commands, output: output, probes: &probes)
    }

    /// `cull(_:output:)`, counting in `probes` the cover rects compared with a draw (what a
    /// test of the cost reads).
    static func cull(_ commands: [DrawCommand], output: PixelBox, probes: inout Int) -> [DrawCommand] {
        var out = commands
        cullInPlace(&out, output: output, probes: &probes)
        return out
    }

    /// `cull(_:output:)` in place: the kept commands are moved down over the culled ones, so
    /// the array keeps its buffer (a frame's draw list reuses the last one's capacity).
    static func cullInPlace(_ commands: inout [DrawCommand], output: PixelBox) {
        var probes = 0
        cullInPlace(&commands, output: output, probes: &probes)
    }

    /// `cullInPlace(_:output:)` for a list whose buffer something else holds too (a frame
    /// stream's retained preparation keeps the list before culling): when draws are culled, the
    /// kept ones are copied into `spare`'s buffer (emptied first), which is swapped with
    /// `commands` — moving them down in place copied the whole shared buffer into a new one.
    /// `spare` then holds the old buffer.
    static func cull(_ commands: inout [DrawCommand], output: PixelBox, into spare: inout [DrawCommand]) {
        var probes = 0
        scratches.lend { scratch in
            guard mark(commands, output: output, probes: &probes, scratch: scratch) else { return }
            spare.removeAll(keepingCapacity: true)
            for i in commands.indices where !scratch.removed[i] { spare.append(commands[i]) }
            swap(&commands, &spare)
        }
    }

    private static func cullInPlace(_ commands: inout [DrawCommand], output: PixelBox, probes: inout Int) {
        scratches.lend { scratch in cullInPlace(&commands, output: output, probes: &probes, scratch: scratch) }
    }

    /// The grids' cells and the removal flags, kept between frames (`CoverGridScratch`).
    /// Which scratch a pass gets does not change what it culls: `CoverGrid` empties the cells.
    static let scratches = ScratchPool { CoverGridScratch() }

    private static func cullInPlace(_ commands: inout [DrawCommand], output: PixelBox, probes: inout Int,
                                    scratch: CoverGridScratch) {
        guard mark(commands, output: output, probes: &probes, scratch: scratch) else { return }
        var kept = 0
        for i in commands.indices where !scratch.removed[i] {
            if kept != i { commands.swapAt(kept, i) }
            kept += 1
        }
        commands.removeLast(commands.count - kept)
    }

    /// Marks the culled commands in `scratch.removed`; whether there is any.
    private static func mark(_ commands: [DrawCommand], output: PixelBox, probes: inout Int, scratch: CoverGridScratch) -> Bool {
        let outputRect = CGRect(x: output.x0, y: output.y0, width: output.width, height: output.height)
        scratch.removed.removeAll(keepingCapacity: true)
        scratch.removed.append(contentsOf: repeatElement(false, count: commands.count))
        var anyRemoved = false
        var covers = CoverGrid(bounds: outputRect, scratch: scratch)
        var depth = 0 // groups, planes and transitions open at this point, walking backwards
        for i in commands.indices.reversed() {
            switch commands[i] {
            case let .draw(item):
                guard depth == 0 else { continue }
                let r = LayerPieces.deviceRect(item.piece, transform: item.transform)
                if !r.isNull, covers.hasCover {
                    let visible = r.intersection(outputRect)
                    if visible.isNull || visible.isEmpty || covers.contains(visible, probes: &probes) {
                        scratch.removed[i] = true
                        anyRemoved = true
                        continue
                    }
                }
                if let cover = opaqueInterior(item) { covers.insert(cover) }
            case .endGroup, .endProjective, .endTransition:
                depth += 1
                covers.removeAll()
            case .beginGroup, .beginProjective, .beginTransition, .pushPolygonClip:
                depth -= 1
                covers.removeAll()
            case .pushClip, .popClip, .beginMask, .beginTransitionLive, .drawPlaneDirect, .drawMaskedPlaneDirect:
                covers.removeAll()
            }
        }
        return anyRemoved
    }

    /// Opaque cover rects (device pixels) bucketed by the 64-pixel tiles of the output they
    /// overlap. Rects are clipped to the output first: only visible pixels are ever asked about.
    /// The cells live in a `CoverGridScratch` kept between frames, so a steady-state frame
    /// allocates none (one array per tile was 510 allocations a 1080p frame).
    struct CoverGrid {
        static let tile: CGFloat = 64
        /// Covers kept per tile (the largest by area).
        static let perTile = 24
        let bounds: CGRect
        private let columns: Int
        private let rows: Int
        private let scratch: CoverGridScratch
        /// Whether a cover was met in this run (even one outside the output: a draw with no
        /// visible pixels goes once anything opaque follows it).
        private(set) var hasCover = false

        /// An empty grid over `bounds` in `scratch`'s cells (emptied here, capacity kept).
        init(bounds: CGRect, scratch: CoverGridScratch = CoverGridScratch()) {
            self.bounds = bounds
            self.scratch = scratch
            columns = max(1, Int((bounds.width / Self.tile).rounded(.up)))
            rows = max(1, Int((bounds.height / Self.tile).rounded(.up)))
            scratch.reset(cellCount: columns * rows)
        }

        private func column(_ x: CGFloat) -> Int { min(columns - 1, max(0, Int(((x - bounds.minX) / Self.tile).rounded(.down)))) }
        private func row(_ y: CGFloat) -> Int { min(rows - 1, max(0, Int(((y - bounds.minY) / Self.tile).rounded(.down)))) }

        mutating func insert(_ cover: CGRect) {
            hasCover = true
            let c = cover.intersection(bounds)
            guard !c.isNull, !c.isEmpty else { return }
            let area = c.width * c.height
            for y in row(c.minY)...row(c.maxY) {
                for x in column(c.minX)...column(c.maxX) {
                    let i = y * columns + x
                    if scratch.cells[i].count < Self.perTile {
                        scratch.cells[i].append(c)
                    } else if let smallest = scratch.cells[i].indices.min(by: { scratch.cells[i][$0].width * scratch.cells[i][$0].height < scratch.cells[i][$1].width * scratch.cells[i][$1].height }),
                              scratch.cells[i][smallest].width * scratch.cells[i][smallest].height < area {
                        scratch.cells[i][smallest] = c
                    }
                }
            }
        }

        /// Whether one kept cover contains all of `rect` (which lies inside `bounds`).
        func contains(_ rect: CGRect, probes: inout Int) -> Bool {
            for cover in scratch.cells[row(rect.midY) * columns + column(rect.midX)] {
                probes += 1
                if cover.contains(rect) { return true }
            }
            return false
        }

        mutating func removeAll() {
            guard hasCover else { return }
            scratch.emptyCells()
            hasCover = false
        }
    }

    /// The device pixels (whole pixels, as a rect) an opaque axis-aligned rectangle draw
    /// paints with full coverage and an opaque colour; nil for any other draw.
    static func opaqueInterior(_ item: DrawItem) -> CGRect? {
        guard case let .background(shape, color) = item.piece, shape.isRect, item.alpha >= 1, item.tint == .none,
              color.premultiplied.a == 255 else { return nil }
        let t = item.transform
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0 else { return nil }
        let d = shape.rect.standardized.applying(t)
        guard d.minX.isFinite, d.minY.isFinite, d.maxX.isFinite, d.maxY.isFinite else { return nil }
        let x0 = d.minX.rounded(.up), y0 = d.minY.rounded(.up), x1 = d.maxX.rounded(.down), y1 = d.maxY.rounded(.down)
        guard x1 > x0, y1 > y0 else { return nil }
        return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// The working memory of one occlusion pass: the cover grid's cells (each keeps the capacity
/// it grew to, at most `CoverGrid.perTile` rects) and the per-command removal flags. Not
/// thread-safe: one pass uses it at a time (`OcclusionCulling.scratches` lends it).
final class CoverGridScratch {
    /// Cover rects per tile, row-major; the first `cellCount` of `reset` are the grid's.
    fileprivate(set) var cells: [[CGRect]] = []
    /// Whether each command of the list being culled goes.
    var removed: [Bool] = []

    init() {}

    /// Makes `cellCount` empty cells, keeping the arrays (and their capacity) already made.
    func reset(cellCount: Int) {
        emptyCells()
        if cells.count > cellCount {
            cells.removeLast(cells.count - cellCount)
        } else {
            cells.append(contentsOf: repeatElement([], count: cellCount - cells.count))
        }
    }

    /// Empties every cell, keeping its capacity.
    func emptyCells() {
        for i in cells.indices where !cells[i].isEmpty { cells[i].removeAll(keepingCapacity: true) }
    }

    /// Rects the cells can hold without allocating (tests read that a second pass allocates
    /// no cell).
    var cellCapacity: Int { cells.reduce(0) { $0 + $1.capacity } }
}

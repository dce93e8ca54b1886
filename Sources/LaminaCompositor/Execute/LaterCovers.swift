// Pixels of the output that a later command of the draw list overwrites, whatever they hold
// then: a drawing before it need not paint them. In the page fold the full-frame curtain (its
// colour, then its linen image) is drawn first and the two pages, opaque, cover most of it
// right after: painting the curtain only around the pages saves resampling ~2/3 of a frame.
//
// Exact: the pixels are those a later masked page (`.drawMaskedPlaneDirect`) paints at full
// coverage with its opaque paint (`recordOpaqueCovers`: its own fill rasterized into a
// recorder), which the blitter shades straight into the surface without reading it. Only
// within a run of plain draws on the output (draws and direct planes: no clip, group, plane
// surface or transition between), so the cover is drawn on the same surface, unclipped, after
// everything it hides; what is drawn between lands on those pixels and is overwritten too.
// The shaders give every pixel its own value (any split of a row gives the same bytes), so the
// pixels around the skipped ones come out as before.
//
// A direct masked plane is such a drawing too (`skip(forPlaneAt:)`): the fold's left page casts
// a wide shadow (σ 100 points) that reaches far under the right page, drawn next; leaving out
// what the right page covers took 4.7 % (1920×1080) and 6.3 % (3840×2160) of the frame's
// instructions (callgrind, one thread).
import CoreGraphics
import LaminaRaster

/// The later covers of one executor's run over its output, found lazily and kept for the run.
final class LaterCovers {
    /// Drawings smaller than this (device pixels) are painted whole: cutting them costs more
    /// than it saves (and takes solid fills off their fused kernels).
    static let minimumPixels = 128 * 128

    /// Cover commands (indices) of the run of plain draws being drawn, and where it ends.
    private var segmentCovers: [Int] = []
    private var segmentEnd = -1
    /// The draw the segment was scanned from (covers after it are listed).
    private var segmentStart = -1
    /// Each cover's recorded runs this run, by command index.
    private var recorded: [(index: Int, runs: PixelRuns)] = []
    /// Run storage kept between frames.
    private var spare: [PixelRuns] = []
    /// The union of the covers from `unionFrom` on.
    private let union = PixelRuns()
    private var unionFrom = -1

    /// Forgets the last run's covers (their storage is kept).
    func reset() {
        for r in recorded { spare.append(r.runs) }
        recorded.removeAll(keepingCapacity: true)
        segmentCovers.removeAll(keepingCapacity: true)
        segmentEnd = -1
        segmentStart = -1
        unionFrom = -1
    }

    /// The pixels of `target` (surface pixels) that commands after `index`, up to the end of
    /// its run of plain draws, overwrite with opaque paint; nil when there are none or the
    /// drawing `item` is small. `target` is the output, drawn with no clip.
    func skip(forDrawAt index: Int, _ item: DrawItem, _ commands: [DrawCommand], _ range: Range<Int>,
              target: RasterTarget, pieces: PieceRasterizer) -> PixelRuns? {
        skip(forDrawAt: index, large: Self.isLarge(item), commands, range, target: target, pieces: pieces)
    }

    /// As `skip(forDrawAt:_:…)` for the direct masked plane at `index` (`.drawMaskedPlaneDirect`):
    /// a later page hides part of this one's wide shadow and page. In the page fold the left
    /// page's shadow (σ 100 points) reaches far under the right page, which is drawn after it:
    /// about a third of the shadow's resampled pixels at 3840×2160 were painted only to be
    /// overwritten. Nil for a plane smaller than `minimumPixels` (its plane-surface bounds).
    func skip(forPlaneAt index: Int, _ plane: DirectMaskedPlane, _ commands: [DrawCommand], _ range: Range<Int>,
              target: RasterTarget, pieces: PieceRasterizer) -> PixelRuns? {
        let b = plane.plane.bounds
        let large = Double(b.width) * Double(b.height) >= Double(Self.minimumPixels)
        return skip(forDrawAt: index, large: large, commands, range, target: target, pieces: pieces)
    }

    private func skip(forDrawAt index: Int, large: Bool, _ commands: [DrawCommand], _ range: Range<Int>,
                      target: RasterTarget, pieces: PieceRasterizer) -> PixelRuns? {
        guard target.clips.isEmpty, let surface = target.surface else { return nil }
        if index >= segmentEnd || index < segmentStart {
            segmentStart = index
            unionFrom = -1
            segmentCovers.removeAll(keepingCapacity: true)
            var j = index + 1
            scan: while j < range.upperBound {
                switch commands[j] {
                case .draw, .drawPlaneDirect: break
                case let .drawMaskedPlaneDirect(plane):
                    if plane.steps.contains(where: { if case .masked = $0 { return true } else { return false } }) {
                        segmentCovers.append(j)
                    }
                default: break scan
                }
                j += 1
            }
            segmentEnd = j
        }
        guard let first = segmentCovers.first(where: { $0 > index }), large else { return nil }
        if unionFrom != first {
            var area = PixelRect(surface)
            if let limit = target.limit { area = area.intersection(limit) }
            union.reset(top: area.y0, rows: area.height)
            for j in segmentCovers where j >= first {
                union.formUnion(runs(of: j, commands, target: target, area: area, pieces: pieces))
            }
            unionFrom = first
        }
        return union.isEmpty ? nil : union
    }

    /// Whether `item` reaches at least `minimumPixels` device pixels.
    private static func isLarge(_ item: DrawItem) -> Bool {
        let r = LayerPieces.deviceRect(item.piece, transform: item.transform)
        return !r.isNull && Double(r.width) * Double(r.height) >= Double(minimumPixels)
    }

    /// The recorded runs of cover command `j` (recorded once a run).
    private func runs(of j: Int, _ commands: [DrawCommand], target: RasterTarget, area: PixelRect,
                      pieces: PieceRasterizer) -> PixelRuns {
        if let r = recorded.first(where: { $0.index == j }) { return r.runs }
        let runs = spare.popLast() ?? PixelRuns()
        runs.reset(top: area.y0, rows: area.height)
        if case let .drawMaskedPlaneDirect(plane) = commands[j] {
            pieces.recordOpaqueCovers(plane, into: target, runs: runs)
        }
        recorded.append((j, runs))
        return runs
    }
}

// The page curl (our extension for the private "pageCurl" / "pageUnCurl" types): a sheet
// lying flat over the revealed content rolls up from one edge around a cylinder.
//
// Model, in pixels along the curl direction (s = distance from the starting edge): the sheet
// leaves the table at the tangent line s = c; paper at arc length t = c − s from it wraps a
// cylinder of radius r (centre at height r above the tangent line), seen from above at
// s' = c − r·sin(t/r) and height r(1 − cos(t/r)); after half a turn (t > πr) it lies flat on
// top, upside down, at s' = c + (t − πr). From above one sees, bottom to top: the revealed
// content (with the curl's soft shadow), the flat part of the sheet (s ≥ c, shaded where the
// flap's edge casts a shadow), the lower half of the cylinder (the page's front, darkening
// toward vertical), the upper half and the flap (the page's underside: a pale, shaded
// see-through of the content). c runs from 0 to L + 2r so the curl ends off the page.
// Anti-aliasing: 4 samples per pixel along s (the only direction anything bends). The
// geometry depends on s only, so it is computed once per column; columns whose samples all
// see the same flat layers (all but the cylinder and the layer boundaries) are composited
// once with the samples' mean shades, which is exact because shading and source-over are
// linear in the shade.
import Foundation
import LaminaRaster

package enum PageCurlTransition {
    /// Cylinder radius as a fraction of the page's extent along the curl.
    package static let radiusFraction = 0.12
    /// How much of the underside is white (the rest shows the content through the page).
    package static let undersideWhite: Float = 0.72

    /// What one sample along the curl axis sees, bottom to top (computed once per column).
    struct Sample {
        /// Shade of the revealed content (the curl's shadow), 1 where unshaded.
        var tableShade: Float = 1
        /// Whether the flat sheet covers the sample, and its shade (the flap's shadow).
        var flat = false
        var flatShade: Float = 1
        /// Paper positions (distance from the edge) on the lower and upper cylinder halves and
        /// the flap, NaN where there is none, with the shades of the two halves.
        var lower = Double.nan, lowerShade: Float = 1
        var upper = Double.nan, upperShade: Float = 1
        var flap = Double.nan
    }

    /// How a whole pixel column resolves, so most pixels skip the per-sample work.
    enum Column {
        /// Every sample sees the same flat layers (content, maybe the flat sheet, maybe the
        /// flap): composited once with the samples' mean shades (exact: shading and
        /// source-over are linear in the shade, and flat layers are read at the pixel).
        case uniform(table: Float, flat: Float?, flap: Bool)
        /// The cylinder, or layers changing within the pixel: per-sample compositing.
        case mixed
    }

    /// Samples along the curl axis for the pixel whose centre is `sCentre` from the edge.
    static let sampleOffsets = [-0.375, -0.125, 0.125, 0.375]

    /// The per-sample geometry of a curl at tangent line c with radius r over a page of
    /// extent L (pixels), for the sample at distance s from the edge.
    static func sample(s: Double, c: Double, r: Double, L: Double, shadowStrength: Float) -> Sample {
        var out = Sample()
        let flapEnd = 2 * c - Double.pi * r
        if s < c - r {
            let e = (c - r) - s
            out.tableShade = 1 - 0.45 * shadowStrength * Float(exp(-e / (0.6 * r)))
        }
        if s >= c && s <= L {
            out.flat = true
            if flapEnd > c && s > flapEnd {
                out.flatShade = 1 - 0.35 * shadowStrength * Float(exp(-(s - flapEnd) / (0.5 * r)))
            }
        }
        if s >= c - r && s < c {
            let th1 = asin(min(1, (c - s) / r))
            let sp1 = c - r * th1
            if sp1 >= 0 && sp1 <= L { out.lower = sp1; out.lowerShade = 1 - 0.35 * Float(sin(th1)) }
            let th2 = Double.pi - th1
            let sp2 = c - r * th2
            if sp2 >= 0 && sp2 <= L { out.upper = sp2; out.upperShade = 0.72 + 0.28 * Float(-cos(th2)) }
        }
        if s >= c {
            let sp = flapEnd - s
            if sp >= 0 && sp <= L { out.flap = sp }
        }
        return out
    }

    /// Renders the sheet `paper` curled up by `progress` (0 flat … 1 gone) from `edge` over
    /// `table` into `out`. All three surfaces must have the same size (the caller checks).
    /// With `pool`, row bands render in parallel (the same bytes: each pixel depends only on
    /// its own inputs).
    static func render(paper: Surface, table: Surface, progress p: Double, from edge: TransitionSubtype, into out: Surface,
                       pool: WorkerPool? = nil) {
        let W = out.width, H = out.height
        let horizontal = edge.isHorizontal
        let n = horizontal ? W : H
        let L = Double(n)
        let r = max(1, radiusFraction * L)
        let c = p * (L + 2 * r)
        // Shadows fade in over the first radius of travel and out over the last, so progress
        // 0 is exactly the page and 1 exactly the revealed content.
        let shadowStrength = Float(max(0, min(1, c / r, (L + 2 * r - c) / r)))
        let flapEnd = 2 * c - Double.pi * r
        let k = sampleOffsets.count
        let unshaded: Float = 1 - 0.5 / 255

        // Geometry depends only on the position along the axis: one profile per column.
        var samples: [Sample] = []
        samples.reserveCapacity(n * k)
        var columns: [Column] = []
        columns.reserveCapacity(n)
        for i in 0..<n {
            let sCentre = edge == .fromLeft || edge == .fromTop ? Double(i) + 0.5 : Double(n - i) - 0.5
            let col = sampleOffsets.map { sample(s: sCentre + $0, c: c, r: r, L: L, shadowStrength: shadowStrength) }
            samples.append(contentsOf: col)
            let curved = col.contains { !$0.lower.isNaN || !$0.upper.isNaN }
            let same = col.allSatisfy { $0.flat == col[0].flat && $0.flap.isNaN == col[0].flap.isNaN }
            if curved || !same {
                columns.append(.mixed)
            } else {
                let mean = { (f: (Sample) -> Float) in col.map(f).reduce(0, +) / Float(k) }
                columns.append(.uniform(table: mean { $0.tableShade }, flat: col[0].flat ? mean { $0.flatShade } : nil, flap: !col[0].flap.isNaN))
            }
        }

        /// The paper's colour at distance sp from the edge on line q (pixel-space centre).
        func paperAt(_ sp: Double, _ q: Double) -> PixelColor {
            switch edge {
            case .fromLeft: return TransitionPixels.bilinear(paper, sp, q)
            case .fromRight: return TransitionPixels.bilinear(paper, Double(W) - sp, q)
            case .fromTop: return TransitionPixels.bilinear(paper, q, sp)
            case .fromBottom: return TransitionPixels.bilinear(paper, q, Double(H) - sp)
            }
        }
        @inline(__always) func shade(_ c: PixelColor, _ k: Float) -> PixelColor { PixelColor(c.x * k, c.y * k, c.z * k, c.w) }
        @inline(__always) func underside(_ c: PixelColor, _ k: Float) -> PixelColor {
            let a = c.w
            let pale = PixelColor(a, a, a, a) * undersideWhite + c * (1 - undersideWhite)
            return shade(pale, k)
        }
        TransitionPixels.forEachRow(H, pool) { y in
            for x in 0..<W {
                let i = horizontal ? x : y
                // The flat part is not distorted: it is read at the pixel itself (exact at
                // progress 0); the samples only decide where it is covered.
                let q = horizontal ? Double(y) + 0.5 : Double(x) + 0.5
                // The flap is flat too (mirrored about its fold): one read at the pixel centre.
                let flapSp = flapEnd - (edge == .fromLeft || edge == .fromTop ? Double(i) + 0.5 : Double(n - i) - 0.5)
                if case let .uniform(t, f, flap) = columns[i] {
                    // Unshaded content or an opaque unshaded sheet: a plain copy (the same
                    // bytes the float path gives: a shade within 0.5/255 of 1 rounds away).
                    if !flap && t > unshaded {
                        if f == nil { out.row32(y)[x] = table.row32(y)[x]; continue }
                        let v = paper.row32(y)[x]
                        if let f, f > unshaded, v >> 24 == 255 { out.row32(y)[x] = v; continue }
                    }
                    var col = shade(TransitionPixels.read(table, x, y), t)
                    if let f { col = TransitionPixels.over(shade(TransitionPixels.read(paper, x, y), f), col) }
                    if flap { col = TransitionPixels.over(underside(paperAt(flapSp, q), 1), col) }
                    TransitionPixels.write(out, x, y, col)
                    continue
                }
                let base = TransitionPixels.read(table, x, y)
                let flat = TransitionPixels.read(paper, x, y)
                var flapColor: PixelColor?
                var sum = PixelColor.zero
                for j in 0..<k {
                    let sm = samples[i * k + j]
                    var col = shade(base, sm.tableShade)
                    if sm.flat { col = TransitionPixels.over(shade(flat, sm.flatShade), col) }
                    if !sm.lower.isNaN { col = TransitionPixels.over(shade(paperAt(sm.lower, q), sm.lowerShade), col) }
                    if !sm.upper.isNaN { col = TransitionPixels.over(underside(paperAt(sm.upper, q), sm.upperShade), col) }
                    if !sm.flap.isNaN {
                        if flapColor == nil { flapColor = underside(paperAt(flapSp, q), 1) }
                        col = TransitionPixels.over(flapColor!, col)
                    }
                    sum += col
                }
                TransitionPixels.write(out, x, y, sum * (1 / Float(k)))
            }
        }
    }
}

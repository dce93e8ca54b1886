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
// Anti-aliasing: 4 samples per pixel along s (the only direction anything bends).
import Foundation
import LaminaRaster

package enum PageCurlTransition {
    /// Cylinder radius as a fraction of the page's extent along the curl.
    package static let radiusFraction = 0.12
    /// How much of the underside is white (the rest shows the content through the page).
    package static let undersideWhite: Float = 0.72

    /// Renders the sheet `paper` curled up by `progress` (0 flat … 1 gone) from `edge` over
    /// `table` into `out`. All three surfaces must have the same size (the caller checks).
    static func render(paper: Surface, table: Surface, progress p: Double, from edge: TransitionSubtype, into out: Surface) {
        let W = out.width, H = out.height
        let horizontal = edge.isHorizontal
        let L = Double(horizontal ? W : H)
        let r = max(1, radiusFraction * L)
        let c = p * (L + 2 * r)
        let flapEnd = 2 * c - Double.pi * r
        // Shadows fade in over the first radius of travel and out over the last, so progress
        // 0 is exactly the page and 1 exactly the revealed content.
        let shadowStrength = Float(max(0, min(1, c / r, (L + 2 * r - c) / r)))
        let offsets = [-0.375, -0.125, 0.125, 0.375]

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
        for y in 0..<H {
            for x in 0..<W {
                let base = TransitionPixels.read(table, x, y)
                let sCentre: Double, q: Double
                switch edge {
                case .fromLeft: sCentre = Double(x) + 0.5; q = Double(y) + 0.5
                case .fromRight: sCentre = Double(W - x) - 0.5; q = Double(y) + 0.5
                case .fromTop: sCentre = Double(y) + 0.5; q = Double(x) + 0.5
                case .fromBottom: sCentre = Double(H - y) - 0.5; q = Double(x) + 0.5
                }
                // The flat part is not distorted: sampled once, at the pixel centre (exact at
                // progress 0); the samples along s only decide where it is covered.
                let flat = sCentre <= L + 0.5 ? paperAt(sCentre, q) : .zero
                var sum = PixelColor.zero
                for o in offsets {
                    let s = sCentre + o
                    var col = base
                    // The curl's shadow on the revealed content, beyond the silhouette.
                    if s < c - r {
                        let e = (c - r) - s
                        col = shade(col, 1 - 0.45 * shadowStrength * Float(exp(-e / (0.6 * r))))
                    }
                    // Flat part of the sheet.
                    if s >= c && s <= L {
                        var f = flat
                        if flapEnd > c && s > flapEnd {
                            f = shade(f, 1 - 0.35 * shadowStrength * Float(exp(-(s - flapEnd) / (0.5 * r))))
                        }
                        col = TransitionPixels.over(f, col)
                    }
                    // The cylinder: lower (front of the page), then upper (underside).
                    if s >= c - r && s < c {
                        let th1 = asin(min(1, (c - s) / r))
                        let sp1 = c - r * th1
                        if sp1 >= 0 && sp1 <= L {
                            col = TransitionPixels.over(shade(paperAt(sp1, q), 1 - 0.35 * Float(sin(th1))), col)
                        }
                        let th2 = Double.pi - th1
                        let sp2 = c - r * th2
                        if sp2 >= 0 && sp2 <= L {
                            col = TransitionPixels.over(underside(paperAt(sp2, q), 0.72 + 0.28 * Float(-cos(th2))), col)
                        }
                    }
                    // The flap lying on top, upside down.
                    if s >= c {
                        let sp = flapEnd - s
                        if sp >= 0 && sp <= L {
                            col = TransitionPixels.over(underside(paperAt(sp, q), 1), col)
                        }
                    }
                    sum += col
                }
                TransitionPixels.write(out, x, y, sum * 0.25)
            }
        }
    }
}

// Bars swipe (our version of Core Image's CIBarsSwipeTransition, seed 003 example 5-2: angle
// 3.14, width 30, barOffset 10): "transitions from one image to another by swiping
// rectangular portions of the foreground image to disclose the target image".
//
// Model, in pixels: d = (cos angle, sin angle) (bounds space, y down) is the direction the
// bars move and their long side; the old rendering is cut across d into bars `width` wide
// (counted from the layer's centre line). Bar k slides along d by
// max(0, p·(T + barOffset) − lag_k), where T is the layer's extent along d and lag_k is
// barOffset for odd k and 0 for even k, so at p = 1 every bar has left the layer. The new
// rendering shows only where the bars have moved away: a bar shows the old rendering as it is,
// transparent parts included (a Core Image transition outputs its input image at time 0, so a
// layer appearing from hidden starts invisible rather than already showing its new content).
// Anti-aliasing: 2x2 samples per pixel pick the bars.
import Foundation
import LaminaRaster

package enum BarsSwipeTransition {
    /// Renders one frame. `widthPx` and `barOffsetPx` are in pixels; a width ≤ 0 or not finite
    /// counts as the whole layer (one bar). All three surfaces have the same size.
    static func render(old: Surface, new: Surface, progress p: Double, angle a0: Double, widthPx w0: Double, barOffsetPx o0: Double,
                       into out: Surface, pool: WorkerPool? = nil) {
        let W = Double(out.width), H = Double(out.height)
        let angle = a0.isFinite ? a0 : 0
        let dx = cos(angle), dy = sin(angle)
        let barOffset = o0.isFinite ? max(0, o0) : 0
        let extent = abs(W * dx) + abs(H * dy)
        let barWidth = w0.isFinite && w0 > 0 ? w0 : max(W, H) * 4
        let travel = p * (extent + barOffset)
        let cx = W / 2, cy = H / 2
        let offsets = [0.25, 0.75]
        /// The pixel's colour as seen through bar `k`: the old rendering shifted with that bar
        /// and sampled at the pixel centre (exact at progress 0), and the new one in the part of
        /// the pixel the shifted bar no longer covers.
        func through(_ k: Int, _ x: Int, _ y: Int, _ under: PixelColor) -> PixelColor {
            let lag = k & 1 == 0 ? 0 : barOffset
            let shift = max(0, travel - lag)
            let sx = Double(x) + 0.5 - shift * dx, sy = Double(y) + 0.5 - shift * dy
            return TransitionPixels.bilinear(old, sx, sy) + under * Float(1 - coverage(sx, sy))
        }
        /// The fraction of the pixel centred at (sx, sy) inside the old rendering's rectangle
        /// (the bar's extent), per axis over one pixel's width.
        func coverage(_ sx: Double, _ sy: Double) -> Double {
            let cx = (min(sx, W - sx) + 0.5).clamped(0, 1), cy = (min(sy, H - sy) + 0.5).clamped(0, 1)
            return cx * cy
        }
        func bar(_ px: Double, _ py: Double) -> Int {
            // Across coordinate (perpendicular to d) picks the bar.
            let across = -(px - cx) * dy + (py - cy) * dx
            return Int((across / barWidth).rounded(.down).clamped(-1e9, 1e9))
        }
        TransitionPixels.forEachRow(out.height, pool) { y in
            for x in 0..<out.width {
                let under = TransitionPixels.read(new, x, y)
                let k00 = bar(Double(x) + offsets[0], Double(y) + offsets[0]), k10 = bar(Double(x) + offsets[1], Double(y) + offsets[0])
                let k01 = bar(Double(x) + offsets[0], Double(y) + offsets[1]), k11 = bar(Double(x) + offsets[1], Double(y) + offsets[1])
                // Usually all four samples fall in one bar: one read. Otherwise each sample
                // takes its bar's colour (the samples decide which bar covers how much).
                if k00 == k10 && k00 == k01 && k00 == k11 {
                    TransitionPixels.write(out, x, y, through(k00, x, y, under))
                } else {
                    let sum = through(k00, x, y, under) + through(k10, x, y, under) + through(k01, x, y, under) + through(k11, x, y, under)
                    TransitionPixels.write(out, x, y, sum * 0.25)
                }
            }
        }
    }
}

extension Double {
    fileprivate func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(hi, Swift.max(lo, self)) }
}

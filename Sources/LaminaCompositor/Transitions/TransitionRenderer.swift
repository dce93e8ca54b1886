// One frame of a transition as pixels: the old and new renderings of a layer (same size, the
// layer's bounds space at some pixels per point) in, the composited frame out (same size).
// The planar types go through `PlanarTransition.draws` and `ProjectiveDrawing`, so a
// compositor that draws those planes itself gets the same picture (minus the clip to the
// layer's bounds this surface imposes); the curls and the bars swipe are raster effects.
import CoreGraphics
import LaminaRaster

package enum TransitionRenderer {
    package enum Error: Swift.Error, CustomStringConvertible, Equatable {
        case sizeMismatch(old: String, new: String, target: String)
        case badScale(Double)
        case targetIsASource

        package var description: String {
            switch self {
            case let .sizeMismatch(o, n, t):
                return "transition surfaces must have one size: old \(o), new \(n), target \(t)"
            case let .badScale(s):
                return "transition pixelsPerPoint must be finite and positive, got \(s)"
            case .targetIsASource:
                return "the transition target must be a surface other than the old and new renderings"
            }
        }
    }

    /// Replaces `target`'s pixels with the frame of `style` at `progress` (clamped to [0, 1],
    /// NaN → 0; already mapped through startProgress/endProgress and the timing function).
    /// `pixelsPerPoint` converts the bars swipe's width and offset (points) to pixels; the
    /// geometry of the other types is relative to the layer's size. Throws when the three
    /// surfaces differ in size, the scale is not positive, or `target` is `old` or `new`.
    /// `sampled`: the two renderings prepared once for the whole transition (e.g.
    /// `SampledImage(old, mipmapped: true)` so cube and flip faces are mip-mapped where they
    /// shrink); used by the planar types, which otherwise sample `old`/`new` bilinearly.
    /// `pool`: row bands of the raster types (fade, curls, bars) render in parallel, with
    /// the same bytes as without.
    package static func render(_ style: TransitionStyle, old: Surface, new: Surface, progress p0: Double,
                               pixelsPerPoint: Double = 1, into target: Surface, drawing: ProjectiveDrawing? = nil,
                               sampled: (old: SampledImage, new: SampledImage)? = nil, pool: WorkerPool? = nil) throws {
        func size(_ s: Surface) -> String { "\(s.width)x\(s.height)" }
        guard old.width == new.width, old.height == new.height, old.width == target.width, old.height == target.height else {
            throw Error.sizeMismatch(old: size(old), new: size(new), target: size(target))
        }
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { throw Error.badScale(pixelsPerPoint) }
        guard target !== old, target !== new else { throw Error.targetIsASource }
        let p = p0.isNaN ? 0 : min(1, max(0, p0))
        switch style.type {
        case .fade:
            crossFade(old, new, p, into: target, pool: pool)
        case .pageCurl:
            PageCurlTransition.render(paper: old, table: new, progress: p, from: style.subtype, into: target, pool: pool)
        case .pageUnCurl:
            PageCurlTransition.render(paper: new, table: old, progress: 1 - p, from: style.subtype, into: target, pool: pool)
        case let .barsSwipe(angle, width, offset):
            BarsSwipeTransition.render(old: old, new: new, progress: p, angle: angle, widthPx: width * pixelsPerPoint,
                                       barOffsetPx: offset * pixelsPerPoint, into: target, pool: pool)
        case .push, .moveIn, .reveal, .cube, .oglFlip:
            // Planes in pixel space: the bounds are the surface's pixels, so the draws'
            // transforms are already device transforms (their perspective is relative).
            let bounds = CGRect(x: 0, y: 0, width: target.width, height: target.height)
            guard let draws = PlanarTransition.draws(style, progress: p, bounds: bounds) else { return }
            target.clear()
            let d = drawing ?? ProjectiveDrawing()
            // Prepared images are reused across frames when the caller keeps them (a mip chain
            // of a full-screen rendering costs more than drawing it); else plain bilinear.
            let images = (old: sampled?.old ?? SampledImage(old), new: sampled?.new ?? SampledImage(new))
            for draw in draws {
                let m = CATransform3DConcat(draw.transform, LayerGeometry.flatten)
                guard let plane = ProjectedPlane(bounds: bounds, transform: m), plane.isVisible(doubleSided: draw.doubleSided) else { continue }
                d.drawImage(draw.source == .old ? images.old : images.new, plane: plane, into: ProjectiveTarget(target), opacity: draw.opacity)
            }
        }
    }

    /// old·(1 − p) + new·p per premultiplied channel, p quantised to 1/255.
    static func crossFade(_ old: Surface, _ new: Surface, _ p: Double, into out: Surface, pool: WorkerPool? = nil) {
        let k = UInt32((p * 255).rounded()), ik = 255 - k
        TransitionPixels.forEachRow(out.height, pool) { y in
            let a = old.row32(y), b = new.row32(y), o = out.row32(y)
            for x in 0..<out.width {
                let u = a[x], v = b[x]
                var r: UInt32 = 0
                for shift in stride(from: 0 as UInt32, to: 32, by: 8) {
                    let c = ((u >> shift) & 255) * ik + ((v >> shift) & 255) * k
                    r |= ((c + 127) / 255) << shift
                }
                o[x] = r
            }
        }
    }
}

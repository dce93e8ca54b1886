// A perspective plane whose content is only a background and/or one contents image, drawn
// straight through its homography onto the surface below instead of flat into a plane
// surface that is then projected: one resampling instead of two, and no plane-sized
// surface to allocate, clear and sample (the 200 image layers of bench-perspective).
//
// Each item keeps its own anti-aliased edge (Core Animation draws a layer's pieces one after
// the other too); inside the shapes the colours are those of the two-step path with one
// bilinear resampling fewer.
import CoreGraphics
import LaminaRaster

/// Whether, and how, a plane's items can skip the plane surface.
enum DirectPlaneDrawing {
    /// The items of a plane when the commands after its `beginProjective` at `start` are only
    /// `.draw`s of backgrounds and single-slice contents, closed by its `endProjective`, and
    /// every item's rectangle lies inside the plane box (so the surface would not have cut
    /// it). Nil otherwise (the caller uses the plane surface). Cached planes
    /// (shouldRasterize) never qualify: their surface is what is reused.
    static func items(of spec: ProjectiveSpec, in commands: [DrawCommand], after start: Int) -> [DrawItem]? {
        guard spec.cacheKey == nil, !spec.bounds.isEmpty else { return nil }
        let box = CGRect(x: spec.bounds.x0, y: spec.bounds.y0, width: spec.bounds.width, height: spec.bounds.height)
        var items: [DrawItem] = []
        var i = start + 1
        // A plane of a background and a contents image is 3–4 commands; a longer body is not simple.
        while i < commands.count, items.count <= 2 {
            switch commands[i] {
            case let .endProjective(layer) where layer == spec.layer:
                return items.isEmpty ? nil : items
            case let .draw(item):
                // Edge by edge within 1e-6: Foundation's `contains` compares a recomputed union,
                // which rounding can make unequal for a rect that is inside.
                guard let r = rect(of: item), DirectMaskedPlane.contains(box, r.applying(item.transform)) else { return nil }
                items.append(item)
            default:
                return nil
            }
            i += 1
        }
        return nil
    }

    /// The bounds-space rectangle an item paints, when it is one this path draws.
    static func rect(of item: DrawItem) -> CGRect? {
        switch item.piece {
        case let .background(shape, _): return shape.rect.standardized
        case let .contents(c) where c.slices.count == 1: return c.slices[0].destination.standardized
        default: return nil
        }
    }

    /// How to sample a plane mapped by `h` from `rect`: `.interpolated` (a parabola between
    /// exact divides every 16 px, ~1.5x faster) while w varies by at most 2x over the rect,
    /// `.exact` otherwise — near the eye plane (w → 0) the parabola would miss the hyperbola.
    static func sampling(_ h: Homography, over rect: CGRect) -> PerspectiveSampling {
        let w = ProjectiveLayer.corners(rect).map { h.apply(Double($0.x), Double($0.y)).w }
        guard let lo = w.min(), let hi = w.max(), lo > 0, hi.isFinite else { return .exact }
        return hi <= 2 * lo ? .interpolated : .exact
    }

    /// Bounds points → `parent`'s local pixels for an item of the plane `spec`.
    static func forward(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> Homography {
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let toSurface = Homography([1, 0, Double(-spec.bounds.x0), 0, 1, Double(-spec.bounds.y0), 0, 0, 1])
        return toLocal.after(spec.surfaceToDevice).after(toSurface).after(.affine(item.transform))
    }
}

extension PieceRasterizer {
    /// Draws the items (from `DirectPlaneDrawing.items`) of plane `spec` onto `parent`
    /// through the plane's homography, source-over through the parent's clip. Returns false,
    /// having drawn nothing, when some item's map is degenerate (the caller then uses the
    /// plane surface, which handles those cases).
    func drawDirect(_ items: [DrawItem], spec: ProjectiveSpec, into parent: RasterTarget) -> Bool {
        var jobs: [(Polygon, Paint, Double)] = []
        for item in items {
            let f = DirectPlaneDrawing.forward(item, spec: spec, parent: parent)
            guard f.isFinite, let h = PaintProjective(rowMajor: f.m) else { return false }
            let alpha = item.alpha * item.tint.alpha
            switch item.piece {
            case let .background(shape, color):
                guard let plane = ProjectedPlane(bounds: shape.rect.standardized, homography: h) else { return false }
                let poly = shape.isRect ? Polygon([plane.polygon]) : ProjectiveDrawing.projectedPolygon(of: shape.path(), plane: plane)
                jobs.append((poly, TintShader.tinted(.solid(color.premultiplied), item.tint), alpha))
            case let .contents(c):
                let d = c.slices[0].destination.standardized
                guard let job = contentsJob(c, h, tint: item.tint, sampling: DirectPlaneDrawing.sampling(f, over: d)) else { return false }
                jobs.append((job.0, job.1, alpha))
            default:
                return false
            }
        }
        for (poly, paint, alpha) in jobs {
            painter.fill(poly, rule: .nonZero, into: parent, paint: paint, alpha: alpha)
        }
        return true
    }

    /// The coverage (w-clipped projected destination) and the image paint of a single-slice
    /// contents under `h` (bounds points → local pixels).
    private func contentsJob(_ c: ContentsDrawing, _ h: PaintProjective, tint: RenderTint,
                             sampling: PerspectiveSampling) -> (Polygon, Paint)? {
        guard let (poly, shader) = contentsShader(c, h, sampling: sampling) else { return nil }
        return (poly, TintShader.tinted(.shader(shader), tint))
    }

    /// The coverage and the image shader of a single-slice contents under `h`.
    func contentsShader(_ c: ContentsDrawing, _ h: PaintProjective, sampling: PerspectiveSampling) -> (Polygon, any SpanShader)? {
        let s = c.slices[0].source.standardized, d = c.slices[0].destination.standardized
        guard s.width > 0, s.height > 0, d.width > 0, d.height > 0,
              let plane = ProjectedPlane(bounds: d, homography: h), let inverse = h.inverted() else { return nil }
        // Bounds space → image pixels (the affine path's `toImage`).
        let sx = Double(s.width / d.width), sy = Double(s.height / d.height)
        let toImage = c.flipped
            ? Homography([sx, 0, Double(s.minX) - Double(d.minX) * sx, 0, -sy, Double(s.maxY) + Double(d.minY) * sy, 0, 0, 1])
            : Homography([sx, 0, Double(s.minX) - Double(d.minX) * sx, 0, sy, Double(s.minY) - Double(d.minY) * sy, 0, 0, 1])
        let inv = Homography([inverse.m00, inverse.m01, inverse.m02, inverse.m10, inverse.m11, inverse.m12,
                              inverse.m20, inverse.m21, inverse.m22])
        guard let map = PaintProjective(rowMajor: toImage.after(inv).m) else { return nil }
        // Device pixels per image pixel, smallest over the plane: below 1 is minification.
        let perTexel = plane.minimumScale * min(Double(d.width) / Double(s.width), Double(d.height) / Double(s.height))
        let minifying = perTexel < 1 - 1e-9
        let filter = minifying ? c.minificationFilter : c.magnificationFilter
        let image = images.sampled(c.image, mipmapped: filter == .trilinear && minifying)
        let shader = ImageShader(image: image, inverse: map, filter: Self.imageFilter(filter), edge: .clamp, perspective: sampling)
        return (Polygon([plane.polygon]), shader)
    }
}

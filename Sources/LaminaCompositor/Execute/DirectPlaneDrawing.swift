// Executes `.drawPlaneDirect`: a perspective plane whose body prepare found to be one or two
// backgrounds or single-slice images (`DirectPlaneChoice`), drawn straight through its
// homography onto the surface below instead of flat into a plane surface that is then
// projected: one resampling instead of two, and no plane-sized surface to allocate, clear
// and sample (the 200 image layers of bench-perspective).
//
// Each item keeps its own anti-aliased edge (Core Animation draws a layer's pieces one after
// the other too); inside the shapes the colours are those of the two-step path with one
// bilinear resampling fewer.
import CoreGraphics
import LaminaRaster

/// The maps a direct plane's pieces are drawn through.
enum DirectPlaneDrawing {
    /// How to sample a plane mapped by `h` from `rect`: `.interpolated` (a parabola between
    /// exact divides every 16 px, ~1.5x faster) while w varies by at most 2x over the rect,
    /// `.exact` otherwise — near the eye plane (w → 0) the parabola would miss the hyperbola.
    static func sampling(_ h: Homography, over rect: CGRect) -> PerspectiveSampling {
        // The corners' w, smallest and largest as `min()` and `max()` take them (each later
        // value replaces the running one only when it compares below / above it), no array.
        let corners = ProjectiveLayer.corners(rect)
        var lo = h.apply(Double(corners[0].x), Double(corners[0].y)).w, hi = lo
        for c in corners.dropFirst() {
            let w = h.apply(Double(c.x), Double(c.y)).w
            if w < lo { lo = w }
            if hi < w { hi = w }
        }
        guard lo > 0, hi.isFinite else { return .exact }
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
    /// Draws `plane`'s items onto `parent` through the plane's homography, source-over
    /// through the parent's clip. Prepare checked every map in device pixels; one that is
    /// degenerate in `parent`'s pixels all the same (a rounding threshold: the maps differ by
    /// the parent's whole-pixel origin) draws nothing.
    func drawDirect(_ plane: DirectPlane, into parent: RasterTarget) {
        for item in plane.items {
            guard let (poly, paint, alpha) = directFill(item, spec: plane.plane, parent: parent) else { continue }
            painter.fill(poly, rule: .nonZero, into: parent, paint: paint, alpha: alpha)
            recycle(poly)
        }
        SpanShaderBox.clear(&imageShaderBox)
    }

    /// A plain item's coverage outline in `parent`'s pixels, its paint (tinted) and alpha.
    func directFill(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (Polygon, Paint, Double)? {
        guard let (poly, shader) = directPaint(item, spec: spec, parent: parent) else { return nil }
        let paint: Paint
        if case let .background(_, color) = item.piece { paint = .solid(color.premultiplied) } else { paint = .shader(shader) }
        return (poly, TintShader.tinted(paint, item.tint), item.alpha * item.tint.alpha)
    }

    /// The paint of a plain item's surface-free drawing (a background colour or an image
    /// through the plane), with the item's coverage outline in `parent`'s pixels.
    func directPaint(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (Polygon, any SpanShader)? {
        let f = DirectPlaneDrawing.forward(item, spec: spec, parent: parent)
        guard f.isFinite else { return nil }
        let h = f.paintMap
        switch item.piece {
        case let .background(shape, color):
            // The polygon in the kept buffers (hand it back with `recycle`): a rect's quad is
            // the plane's polygon, a rounded outline `projectedPolygon`'s vertices.
            guard let plane = ProjectedPlane(bounds: shape.rect.standardized, homography: h, reusing: keptVertexBuffer()) else { return nil }
            if shape.isRect { return (keptPolygon(plane.polygon), SolidShader(color.premultiplied)) }
            let poly = keptProjectedPolygon(of: outline(of: shape), plane: plane)
            giveBack(vertices: (consume plane).takePolygon())
            return (poly, SolidShader(color.premultiplied))
        case let .contents(c):
            let d = c.slices[0].destination.standardized
            return contentsShader(c, h, sampling: DirectPlaneDrawing.sampling(f, over: d))
        default:
            return nil
        }
    }

    /// The coverage and the image shader of a single-slice contents under `h`.
    func contentsShader(_ c: ContentsDrawing, _ h: PaintProjective, sampling: PerspectiveSampling) -> (Polygon, any SpanShader)? {
        let s = c.slices[0].source.standardized, d = c.slices[0].destination.standardized
        guard s.width > 0, s.height > 0, d.width > 0, d.height > 0,
              let plane = ProjectedPlane(bounds: d, homography: h, reusing: keptVertexBuffer()),
              let inverse = h.inverted() else { return nil }
        // Bounds space → image pixels (the affine path's `toImage`).
        let sx = Double(s.width / d.width), sy = Double(s.height / d.height)
        let toImage = c.flipped
            ? Homography([sx, 0, Double(s.minX) - Double(d.minX) * sx, 0, -sy, Double(s.maxY) + Double(d.minY) * sy, 0, 0, 1])
            : Homography([sx, 0, Double(s.minX) - Double(d.minX) * sx, 0, sy, Double(s.minY) - Double(d.minY) * sy, 0, 0, 1])
        let inv = Homography([inverse.m00, inverse.m01, inverse.m02, inverse.m10, inverse.m11, inverse.m12,
                              inverse.m20, inverse.m21, inverse.m22])
        let map = toImage.after(inv).paintMap
        // Device pixels per image pixel, smallest over the plane: below 1 is minification.
        let perTexel = plane.minimumScale * min(Double(d.width) / Double(s.width), Double(d.height) / Double(s.height))
        let minifying = perTexel < 1 - 1e-9
        let filter = minifying ? c.minificationFilter : c.magnificationFilter
        let image = images.sampled(c.image, mipmapped: filter == .trilinear && minifying)
        let shader = ImageShader(image: image, inverse: map, filter: Self.imageFilter(filter), edge: .clamp, perspective: sampling)
        // Through the kept box (SpanShaderBox.swift): no heap box per plane per frame.
        // The polygon and the shader in kept buffers (recycled by `drawDirect`): no heap
        // allocation per plane per frame.
        return (keptPolygon(plane.polygon), SpanShaderBox.holding(shader, in: &imageShaderBox))
    }
}

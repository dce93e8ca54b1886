// Drawing through a perspective map: a layer's offscreen rendering (or its contents) sampled
// perspective-correctly, and solid shapes (backgrounds, borders) flattened at the projected
// scale and then projected, so both stay crisp under perspective.
//
// Coverage always comes from the exact-area polygon rasterizer on the w-clipped projected
// outline (anti-aliased edges); colour comes from `ImageShader` with the plane's inverse
// homography (per-pixel divide, bilinear, or trilinear when the image is minified and has
// mips). Affine layers should stay on the compositor's affine path: this is for layers whose
// `LayerGeometry.affine(_:)` is nil.
import CoreGraphics
import LaminaRaster

/// Where a target surface sits on the device and what it may touch: its pixel (0, 0) is
/// device pixel (originX, originY); `clip` (device pixels) limits drawing further.
package struct ProjectiveTarget {
    package let surface: Surface
    package var originX: Int
    package var originY: Int
    package var clip: PixelRect?

    package init(_ surface: Surface, originX: Int = 0, originY: Int = 0, clip: PixelRect? = nil) {
        self.surface = surface; self.originX = originX; self.originY = originY; self.clip = clip
    }

    /// The surface-pixel rect to rasterize in.
    var localArea: PixelRect {
        var a = PixelRect(surface)
        if let c = clip { a = a.intersection(c.offsetBy(dx: -originX, dy: -originY)) }
        return a
    }
}

/// Draws planes through homographies. Holds a rasterizer and scratch rows, so use one per
/// thread (like the executor's painter); every method is otherwise a pure function of its
/// arguments.
package final class ProjectiveDrawing {
    package let rasterizer = PolygonRasterizer()
    package let scratch = ScanlineScratch()

    /// Curve flattening tolerance in device pixels (the compositor's fill tolerance).
    package static let deviceTolerance = 0.2

    package init() {}

    // MARK: Paint and coverage, for callers with their own sinks (the executor's clip masks)

    /// The shader painting `image` placed on `imageRect` (bounds points; default the plane's
    /// bounds) of the plane, for device pixels shifted by `originX/Y` (the target's device
    /// origin). `sourceRect` (image pixels; default the whole image) is the part of the image
    /// that lands on `imageRect` — a contentsRect or nine-slice piece. `filter` nil chooses:
    /// trilinear when the image has mips and the plane shows it smaller than 1 device pixel
    /// per image pixel anywhere, else bilinear. Nil when either rect is empty or not finite.
    package static func imageShader(_ image: SampledImage, imageRect: CGRect? = nil, sourceRect: CGRect? = nil, plane: ProjectedPlane,
                                    originX: Int = 0, originY: Int = 0, filter: ImageFilter? = nil) -> ImageShader? {
        let r = (imageRect ?? plane.bounds).standardized
        let src = (sourceRect ?? CGRect(x: 0, y: 0, width: image.width, height: image.height)).standardized
        guard r.width > 0, r.height > 0, r.minX.isFinite, r.minY.isFinite, r.width.isFinite, r.height.isFinite,
              src.width > 0, src.height > 0, src.minX.isFinite, src.minY.isFinite, src.width.isFinite, src.height.isFinite else { return nil }
        let sx = Double(src.width) / Double(r.width), sy = Double(src.height) / Double(r.height)
        let i = plane.inverse
        let ox = Double(originX), oy = Double(originY)
        // Local pixel → device pixel (shift), → bounds points (inverse), → image pixels
        // (u = src.minX + (x − minX)·sx, applied to the homogeneous numerators).
        let m02 = i.m00 * ox + i.m01 * oy + i.m02, m12 = i.m10 * ox + i.m11 * oy + i.m12, m22 = i.m20 * ox + i.m21 * oy + i.m22
        let bx = Double(src.minX) - sx * Double(r.minX), by = Double(src.minY) - sy * Double(r.minY)
        let map = PaintProjective(
            m00: sx * i.m00 + bx * i.m20, m01: sx * i.m01 + bx * i.m21, m02: sx * m02 + bx * m22,
            m10: sy * i.m10 + by * i.m20, m11: sy * i.m11 + by * i.m21, m12: sy * m12 + by * m22,
            m20: i.m20, m21: i.m21, m22: m22)
        let minified = isMinified(imageWidth: Int(src.width.rounded(.up)), imageRect: r, plane: plane)
        let chosen = filter ?? (minified && image.levels.count > 1 ? .trilinear : .bilinear)
        return ImageShader(image: image, inverse: map, filter: chosen, edge: .clamp)
    }

    /// True when somewhere on the plane one image pixel covers less than one device pixel,
    /// i.e. sampling minifies and a mip chain helps.
    package static func isMinified(imageWidth: Int, imageRect: CGRect, plane: ProjectedPlane) -> Bool {
        guard imageWidth > 0, imageRect.width > 0 else { return false }
        let pointsPerTexel = Double(imageRect.width) / Double(imageWidth)
        return plane.minimumScale * pointsPerTexel < 1 - 1e-9
    }

    /// The device polygon (shifted by the origin) of a closed bounds-space outline.
    package static func coverage(of outline: [CGPoint], plane: ProjectedPlane, originX: Int = 0, originY: Int = 0) -> Polygon {
        let pts = plane.deviceOutline(of: outline)
        return Polygon([pts.map { RasterPoint($0.x - Double(originX), $0.y - Double(originY)) }])
    }

    /// A bounds-space path flattened finely enough for the plane's largest magnification
    /// (`deviceTolerance` device pixels, never finer than 1/1000 point), each subpath clipped
    /// to w > ε and projected: the coverage outline of a background, border or shape under
    /// perspective.
    package static func projectedPolygon(of path: CGPath, plane: ProjectedPlane, originX: Int = 0, originY: Int = 0) -> Polygon {
        let scale = plane.maximumScale
        let tolerance = scale > 0 && scale.isFinite ? max(1e-3, deviceTolerance / scale) : deviceTolerance
        var poly = Polygon()
        for sp in path.flattened(tolerance: CGFloat(tolerance)) where sp.points.count >= 3 {
            let pts = plane.deviceOutline(of: sp.points)
            if pts.count >= 3 {
                poly.addSubpath(pts.map { RasterPoint($0.x - Double(originX), $0.y - Double(originY)) })
            }
        }
        return poly
    }

    // MARK: Drawing into a surface

    /// Draws `image` (premultiplied; its `sourceRect`, default all of it, covering `imageRect`
    /// of the plane's bounds space, default the whole bounds) through the plane, source-over, scaled by `opacity`, within
    /// `coverage` (device pixels, e.g. `ContextFragment.coverage`) when given, else within
    /// `outline` (a bounds-space polygon), else within `imageRect`, else the bounds rect.
    package func drawImage(_ image: SampledImage, imageRect: CGRect? = nil, sourceRect: CGRect? = nil, plane: ProjectedPlane,
                           outline: [CGPoint]? = nil, coverage: [RasterPoint]? = nil,
                           into target: ProjectiveTarget, opacity: Double = 1, filter: ImageFilter? = nil) {
        let alpha = Blitter.alpha8(opacity)
        guard alpha > 0, let shader = Self.imageShader(image, imageRect: imageRect, sourceRect: sourceRect, plane: plane,
                                                      originX: target.originX, originY: target.originY, filter: filter) else { return }
        let poly: Polygon
        if let c = coverage {
            poly = Polygon([c.map { RasterPoint($0.x - Double(target.originX), $0.y - Double(target.originY)) }])
        } else if let o = outline ?? imageRect.map({ r in
            [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)]
        }) {
            poly = Self.coverage(of: o, plane: plane, originX: target.originX, originY: target.originY)
        } else {
            poly = Polygon([plane.polygon.map { RasterPoint($0.x - Double(target.originX), $0.y - Double(target.originY)) }])
        }
        fill(poly, rule: .nonZero, paint: .shader(shader), alpha: alpha, into: target)
    }

    /// Draws a layer's offscreen rendering: `surface` holds bounds space from `origin`
    /// (points) at `pixelsPerPoint`, so it covers origin ..< origin + size / pixelsPerPoint.
    /// Builds the mip chain only when the plane minifies the surface somewhere. For repeated
    /// frames, build the `SampledImage` once and call `drawImage` instead.
    package func drawSurface(_ surface: Surface, pixelsPerPoint: Double, origin: CGPoint? = nil, plane: ProjectedPlane,
                             coverage: [RasterPoint]? = nil, into target: ProjectiveTarget, opacity: Double = 1) {
        guard pixelsPerPoint.isFinite, pixelsPerPoint > 0 else { return }
        let o = origin ?? plane.bounds.origin
        let rect = CGRect(x: o.x, y: o.y, width: CGFloat(Double(surface.width) / pixelsPerPoint),
                          height: CGFloat(Double(surface.height) / pixelsPerPoint))
        let mips = Self.isMinified(imageWidth: surface.width, imageRect: rect, plane: plane)
        drawImage(SampledImage(surface, mipmapped: mips), imageRect: rect, plane: plane, coverage: coverage, into: target, opacity: opacity)
    }

    /// Fills a bounds-space path (e.g. `LayerShape.path()`, a rounded-rect background) with a
    /// solid colour under the plane's perspective.
    package func fillPath(_ path: CGPath, plane: ProjectedPlane, color: PremultipliedRGBA8, rule: FillRule = .nonZero,
                          into target: ProjectiveTarget, opacity: Double = 1) {
        let alpha = Blitter.alpha8(opacity)
        guard alpha > 0 else { return }
        let poly = Self.projectedPolygon(of: path, plane: plane, originX: target.originX, originY: target.originY)
        fill(poly, rule: rule, paint: .solid(color), alpha: alpha, into: target)
    }

    /// The border ring of a rounded rect (bounds space): the outer outline and the outline
    /// inset by `width` (radius reduced by `width`), filled even-odd under the plane.
    package func strokeBorder(rect: CGRect, cornerRadius: CGFloat, width: CGFloat, plane: ProjectedPlane,
                              color: PremultipliedRGBA8, into target: ProjectiveTarget, opacity: Double = 1) {
        guard width > 0, width.isFinite else { return }
        let r = rect.standardized
        let outer = Self.roundedRectPath(r, radius: cornerRadius)
        let inset = r.insetBy(dx: min(width, r.width / 2), dy: min(width, r.height / 2))
        let path = CGMutablePath()
        path.addPath(outer)
        if inset.width > 0 && inset.height > 0 {
            path.addPath(Self.roundedRectPath(inset, radius: max(0, Self.clampedRadius(r, cornerRadius) - width)))
        }
        fillPath(path, plane: plane, color: color, rule: .evenOdd, into: target, opacity: opacity)
    }

    /// A rounded rect outline with circular corners, radius clamped to half the shorter side
    /// (NaN or negative: square corners).
    package static func roundedRectPath(_ rect: CGRect, radius: CGFloat) -> CGPath {
        let r = clampedRadius(rect, radius)
        return CGPath(roundedRect: rect, cornerWidth: r, cornerHeight: r, transform: nil)
    }

    static func clampedRadius(_ rect: CGRect, _ radius: CGFloat) -> CGFloat {
        guard radius.isFinite, radius > 0 else { return 0 }
        return min(radius, min(rect.width, rect.height) / 2)
    }

    /// Rasterizes `poly` (target-local pixels) into the target with the paint.
    private func fill(_ poly: Polygon, rule: FillRule, paint: Paint, alpha: UInt8, into target: ProjectiveTarget) {
        let area = target.localArea
        guard !area.isEmpty, !poly.subpaths.isEmpty else { return }
        var blitter = Blitter(surface: target.surface, paint: paint, alpha: alpha, scratch: scratch)
        rasterizer.fill(poly, rule: rule, clip: area, into: &blitter)
    }
}

// The page-fold plane without a plane surface: a perspective layer whose body is wide path
// shadows (σ ≥ 32 px), plain backgrounds/images, and one masked group of backgrounds and an
// image under an opaque shape mask (a page with rounded outer corners) is drawn straight
// through its homography, like `DirectPlaneDrawing`'s simple planes:
//
// - a wide shadow's quarter-resolution blurred mask (as `quarterResolutionShadow` makes it)
//   is tinted and projected from the small mask by one bilinear resampling, instead of being
//   enlarged into the plane surface and resampled again by its projection;
// - the masked group is one fill whose coverage is the projected mask path and whose paint is
//   the group's pieces composited per pixel (`UnderlayShader`), so the group, its mask and
//   their composite need no surfaces.
//
// Without the plane surface (a plane-sized allocation, clear, and resampling of every pixel
// of it, shadow margins included) the page fold's frame costs about half. The pixels differ
// from the two-step path by one bilinear resampling fewer (sharper page, exact mask edge).
import CoreGraphics
import LaminaRaster

enum DirectMaskedPlane {
    enum Job {
        case item(DrawItem)
        case wideShadow(DrawItem)
        case masked(pieces: [DrawItem], mask: DrawItem)
    }

    /// `inner` lies in `outer` within 1e-6 (compared edge by edge: Foundation's
    /// `CGRect.contains` compares a recomputed union, which rounding can make unequal).
    static func contains(_ outer: CGRect, _ inner: CGRect) -> Bool {
        let e = 1e-6
        return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e && inner.maxX <= outer.maxX + e && inner.maxY <= outer.maxY + e
    }

    /// Most commands a plane body may have to be drawn this way.
    static let maxCommands = 24

    /// The jobs of the plane whose `beginProjective` is at `start` and the index of its
    /// `endProjective`, when its body qualifies (and holds a wide shadow or a masked group:
    /// the rest is `DirectPlaneDrawing`'s); nil otherwise.
    static func jobs(of spec: ProjectiveSpec, in commands: [DrawCommand], after start: Int) -> (jobs: [Job], end: Int)? {
        guard spec.cacheKey == nil, !spec.bounds.isEmpty else { return nil }
        let box = CGRect(x: spec.bounds.x0, y: spec.bounds.y0, width: spec.bounds.width, height: spec.bounds.height)
        func simple(_ item: DrawItem) -> Bool {
            guard let r = DirectPlaneDrawing.rect(of: item) else { return false }
            return contains(box, r.applying(item.transform))
        }
        var jobs: [Job] = []
        var i = start + 1
        let limit = min(commands.count, start + 1 + maxCommands)
        while i < limit {
            switch commands[i] {
            case let .endProjective(layer) where layer == spec.layer:
                let special = jobs.contains { if case .item = $0 { return false } else { return true } }
                return special ? (jobs, i) : nil
            case let .draw(item):
                if case let .shadow(_, sigma, _) = item.piece, sigma >= PieceRasterizer.quarterResolutionSigma {
                    jobs.append(.wideShadow(item))
                } else if simple(item) {
                    jobs.append(.item(item))
                } else {
                    return nil
                }
                i += 1
            case let .beginGroup(g):
                guard g.reasons == .mask, g.hasMask, g.opacity >= 1, g.shadow == nil else { return nil }
                var pieces: [DrawItem] = []
                i += 1
                while i < limit, case let .draw(item) = commands[i] {
                    guard simple(item), item.alpha >= 1, item.tint == .none else { return nil }
                    pieces.append(item)
                    i += 1
                }
                guard !pieces.isEmpty, i + 2 < limit, case let .beginMask(ml) = commands[i], ml == g.layer,
                      case let .draw(mask) = commands[i + 1], case let .endGroup(el) = commands[i + 2], el == g.layer,
                      case let .shapeFill(path, color, _) = mask.piece, color.premultiplied.a == 255,
                      mask.alpha >= 1, mask.tint == .none else { return nil }
                // The mask must lie inside every piece, so its outline alone is the coverage.
                let m = path.boundingBoxOfPath.applying(mask.transform)
                guard !m.isNull, m.width > 0, m.height > 0,
                      pieces.allSatisfy({ contains(DirectPlaneDrawing.rect(of: $0)!.applying($0.transform), m) })
                else { return nil }
                jobs.append(.masked(pieces: pieces, mask: mask))
                i += 3
            default:
                return nil
            }
        }
        return nil
    }
}

extension PieceRasterizer {
    /// Draws `jobs` (from `DirectMaskedPlane.jobs`) of plane `spec` onto `parent`, in order.
    /// Returns false, having drawn nothing, when some map is degenerate (the caller then uses
    /// the plane surface).
    func drawDirectMasked(_ jobs: [DirectMaskedPlane.Job], spec: ProjectiveSpec, into parent: RasterTarget) throws -> Bool {
        var fills: [(Polygon, Paint, Double, FillRule)] = []
        for (k, job) in jobs.enumerated() {
            switch job {
            case let .item(item):
                guard let fill = directFill(item, spec: spec, parent: parent) else { return false }
                fills.append((fill.0, fill.1, fill.2, .nonZero))
            case let .wideShadow(item):
                // The opaque page drawn right after hides the shadow's middle: not shaded.
                var hole: CGRect?
                if k + 1 < jobs.count, case let .masked(pieces, mask) = jobs[k + 1] {
                    hole = opaqueInterior(pieces, mask: mask, spec: spec, parent: parent)
                }
                switch try directWideShadow(item, spec: spec, parent: parent, hole: hole) {
                case .nothing: continue
                case .degenerate: return false
                case let .fill(poly, paint, alpha, rule): fills.append((poly, paint, alpha, rule))
                }
            case let .masked(pieces, mask):
                guard let fill = directMasked(pieces, mask: mask, spec: spec, parent: parent) else { return false }
                fills.append((fill.0, fill.1, 1, fill.2 < 0 ? .evenOdd : .nonZero))
            }
        }
        for (poly, paint, alpha, rule) in fills {
            painter.fill(poly, rule: rule, into: parent, paint: paint, alpha: alpha)
        }
        return true
    }

    /// The paint of a plain item's surface-free drawing (a background colour or an image
    /// through the plane), with the item's coverage outline in `parent`'s pixels.
    private func directPaint(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (Polygon, any SpanShader)? {
        let f = DirectPlaneDrawing.forward(item, spec: spec, parent: parent)
        guard f.isFinite, let h = PaintProjective(rowMajor: f.m) else { return nil }
        switch item.piece {
        case let .background(shape, color):
            guard let plane = ProjectedPlane(bounds: shape.rect.standardized, homography: h) else { return nil }
            let poly = shape.isRect ? Polygon([plane.polygon]) : ProjectiveDrawing.projectedPolygon(of: shape.path(), plane: plane)
            return (poly, SolidShader(color.premultiplied))
        case let .contents(c):
            let d = c.slices[0].destination.standardized
            guard let job = contentsShader(c, h, sampling: DirectPlaneDrawing.sampling(f, over: d)) else { return nil }
            return job
        default:
            return nil
        }
    }

    private func directFill(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (Polygon, Paint, Double)? {
        guard let (poly, shader) = directPaint(item, spec: spec, parent: parent) else { return nil }
        let paint: Paint
        if case let .background(_, color) = item.piece { paint = .solid(color.premultiplied) } else { paint = .shader(shader) }
        return (poly, TintShader.tinted(paint, item.tint), item.alpha * item.tint.alpha)
    }

    /// The masked group as one fill: coverage = the projected mask path, paint = the pieces
    /// composited source-over per pixel.
    private func directMasked(_ pieces: [DrawItem], mask: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (Polygon, Paint, Double)? {
        guard case let .shapeFill(path, _, rule) = mask.piece else { return nil }
        var layers: [any SpanShader] = []
        for p in pieces {
            guard let (_, shader) = directPaint(p, spec: spec, parent: parent) else { return nil }
            layers.append(shader)
        }
        let f = DirectPlaneDrawing.forward(mask, spec: spec, parent: parent)
        let box = path.boundingBoxOfPath
        guard f.isFinite, let h = PaintProjective(rowMajor: f.m), let plane = ProjectedPlane(bounds: box, homography: h) else { return nil }
        let poly = ProjectiveDrawing.projectedPolygon(of: path, plane: plane)
        let paint: Paint = layers.count == 1 ? .shader(layers[0]) : .shader(UnderlayShader(layers: layers))
        return (poly, paint, rule == .evenOdd ? -1 : 1)
    }

    private enum WideShadowFill {
        case nothing, degenerate
        case fill(Polygon, Paint, Double, FillRule)
    }

    /// A rectangle (plane-surface pixels) that a masked group fills with full coverage and an
    /// opaque colour, at least 3 device pixels inside its mask outline; nil when none is found.
    /// The group's first piece must be an opaque background (it covers the mask, checked by
    /// `DirectMaskedPlane.jobs`); the mask outline one convex subpath, which then contains
    /// the rectangle when it contains its corners.
    private func opaqueInterior(_ pieces: [DrawItem], mask: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> CGRect? {
        guard let first = pieces.first, case let .background(shape, color) = first.piece, shape.isRect,
              color.premultiplied.a == 255, first.alpha >= 1, case let .shapeFill(path, _, _) = mask.piece else { return nil }
        let subpaths = path.flattened(tolerance: 0.05)
        guard subpaths.count == 1, let outline = subpaths.first?.points, Self.isConvex(outline) else { return nil }
        let box = path.boundingBoxOfPath
        let f = DirectPlaneDrawing.forward(mask, spec: spec, parent: parent)
        guard f.isFinite, let h = PaintProjective(rowMajor: f.m), let plane = ProjectedPlane(bounds: box, homography: h) else { return nil }
        let scale = plane.minimumScale
        guard scale > 1e-6, scale.isFinite else { return nil }
        let margin = CGFloat(3 / scale) // bounds points
        for fraction: CGFloat in [0.04, 0.1, 0.2, 0.3] {
            let r = box.insetBy(dx: fraction * min(box.width, box.height), dy: fraction * min(box.width, box.height))
            let grown = r.insetBy(dx: -margin, dy: -margin)
            guard r.width > 0, r.height > 0 else { return nil }
            let corners = [CGPoint(x: grown.minX, y: grown.minY), CGPoint(x: grown.maxX, y: grown.minY),
                           CGPoint(x: grown.maxX, y: grown.maxY), CGPoint(x: grown.minX, y: grown.maxY)]
            if corners.allSatisfy({ path.contains($0) }) {
                // Bounds points → plane-surface pixels.
                let t = mask.transform.concatenating(CGAffineTransform(translationX: CGFloat(-spec.bounds.x0), y: CGFloat(-spec.bounds.y0)))
                return r.applying(t)
            }
        }
        return nil
    }

    /// True when the closed polygon turns one way only (collinear steps allowed).
    static func isConvex(_ p: [CGPoint]) -> Bool {
        var sign = 0.0
        let n = p.count
        guard n >= 3 else { return false }
        for i in 0..<n {
            let a = p[i], b = p[(i + 1) % n], c = p[(i + 2) % n]
            let cross = Double((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x))
            if abs(cross) < 1e-9 { continue }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return sign != 0
    }

    /// A wide shadow projected from its quarter-resolution blurred mask.
    /// `hole` (plane-surface pixels): a rectangle an opaque fill drawn next covers, left out
    /// of the shadow's coverage when it lies inside the shadow's rectangle.
    private func directWideShadow(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget, hole: CGRect?) throws -> WideShadowFill {
        guard case let .shadow(path, sigma, color) = item.piece else { return .degenerate }
        // Plane-surface pixels, as if the plane surface (uncropped) were the target.
        let t = item.transform.concatenating(CGAffineTransform(translationX: CGFloat(-spec.bounds.x0), y: CGFloat(-spec.bounds.y0)))
        let poly = Self.polygon(path, t)
        guard let b = poly.bounds else { return .nothing }
        let margin = Int(ShadowMapping.spread(sigma: sigma).rounded(.up))
        let reach = PixelRect(x0: 0, y0: 0, x1: spec.bounds.width, y1: spec.bounds.height)
        let box = PixelRect.covering(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
            .intersection(PixelRect(x0: reach.x0 - margin, y0: reach.y0 - margin, x1: reach.x1 + margin, y1: reach.y1 + margin))
        guard !box.isEmpty else { return .nothing }
        let small = try quarterResolutionMask(poly, box: box, sigma: sigma)
        let tinted = try MaskColorShader.tinted(small.mask, color: color.premultiplied.packed)
        // Mask texel coordinates → plane-surface pixels (×4 from the mask's origin) → parent.
        let fd = Double(small.factor)
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let forward = toLocal.after(spec.surfaceToDevice).after(Homography([fd, 0, Double(small.originX), 0, fd, Double(small.originY), 0, 0, 1]))
        let rect = CGRect(x: 0, y: 0, width: tinted.width, height: tinted.height)
        let quad = forward.projectClipped(ProjectiveLayer.corners(rect))
        guard forward.isFinite, let map = PaintProjective(rowMajor: forward.m), let inverse = map.inverted() else { return .degenerate }
        guard quad.count >= 3 else { return .nothing }
        let shader = ImageShader(image: SampledImage(tinted), inverse: inverse, filter: .bilinear, edge: .transparent,
                                 perspective: DirectPlaneDrawing.sampling(forward, over: rect))
        var coverage = Polygon([quad.map { RasterPoint(Double($0.x), Double($0.y)) }])
        var rule = FillRule.nonZero
        let extent = CGRect(x: Double(small.originX), y: Double(small.originY), width: fd * Double(tinted.width), height: fd * Double(tinted.height))
        if let hole, DirectMaskedPlane.contains(extent, hole) {
            // Through the same map as the shadow's rectangle, so it stays inside the quad.
            let toPlane = toLocal.after(spec.surfaceToDevice)
            let cut = toPlane.projectClipped(ProjectiveLayer.corners(hole))
            // Unclipped by the eye plane, both quads keep their containment.
            if quad.count == 4, cut.count == 4 {
                coverage.addSubpath(cut.map { RasterPoint(Double($0.x), Double($0.y)) })
                rule = .evenOdd
            }
        }
        return .fill(coverage, TintShader.tinted(.shader(shader), item.tint), item.alpha * item.tint.alpha, rule)
    }
}

/// Pieces of a group composited source-over per pixel, bottom first: what the group's surface
/// would hold at that pixel, without the surface.
struct UnderlayShader: SpanShader {
    let layers: [any SpanShader]

    var isOpaque: Bool { layers.contains { $0.isOpaque } }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard let first = layers.first else { out.update(repeating: 0, count: count); return }
        first.shade(y: y, x: x, count: count, into: out)
        guard layers.count > 1 else { return }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: count) { buf in
            guard let tmp = buf.baseAddress else { return }
            for layer in layers.dropFirst() {
                layer.shade(y: y, x: x, count: count, into: tmp)
                PixelKernels.rowOver(out, tmp, count: count, alpha: 255)
            }
        }
    }
}

// Executes `.drawMaskedPlaneDirect`: the page-fold plane without a plane surface. Prepare
// (`DirectPlaneChoice`) found a perspective layer whose body is wide path shadows (σ ≥ 32 px),
// plain backgrounds/images, and masked groups of backgrounds, an image and a rect border under
// an opaque shape mask (a page with rounded outer corners); here it is drawn straight through its
// homography, like `.drawPlaneDirect`'s simple planes:
//
// - a wide shadow's quarter-resolution blurred mask (as `quarterResolutionShadow` makes it)
//   is tinted and projected from the small mask by one bilinear resampling, instead of being
//   enlarged into the plane surface and resampled again by its projection;
// - the masked group is one fill whose coverage is the projected mask path and whose paint is
//   the group's pieces composited per pixel (`UnderlayShader`), so the group, its mask and
//   their composite need no surfaces. A border is a paint layer of that fill
//   (`ProjectedBorderShader`): the mask lies inside its outer edge, so only its inner edge
//   shows.
//
// Without the plane surface (a plane-sized allocation, clear, and resampling of every pixel
// of it, shadow margins included) the page fold's frame costs about half. The pixels differ
// from the two-step path by one bilinear resampling fewer (sharper page, exact mask edge).
import CoreGraphics
import LaminaRaster

extension PieceRasterizer {
    /// Draws `plane`'s steps onto `parent`, in order. Prepare checked every map in device
    /// pixels; a step whose map is degenerate in `parent`'s pixels all the same (a rounding
    /// threshold: the maps differ by the parent's whole-pixel origin) draws nothing.
    func drawDirectMasked(_ plane: DirectMaskedPlane, into parent: RasterTarget) throws {
        let spec = plane.plane
        // (The last element: whether the fill's polygon is a kept one.) The array is kept
        // from plane to plane (`directFills`), emptied after each.
        var fills: [DirectFill] = []
        swap(&fills, &directFills)
        fills.removeAll(keepingCapacity: true)
        // The wide shadows' images are lent until the fills below are painted.
        defer { tintedMasks.releaseAll() }
        for step in plane.steps {
            switch step {
            case let .item(item):
                guard let fill = directFill(item, spec: spec, parent: parent) else { continue }
                fills.append((fill.0, fill.1, fill.2, .nonZero, true))
            case let .wideShadow(item, hole):
                switch try directWideShadow(item, spec: spec, parent: parent, hole: hole) {
                case .nothing, .degenerate: continue
                case let .fill(poly, paint, alpha, rule):
                    fills.append((poly, paint, alpha, rule, true))
                }
            case let .masked(pieces, mask):
                guard let fill = directMasked(pieces, mask: mask, spec: spec, parent: parent) else { continue }
                fills.append((fill.0, fill.1, 1, fill.2 < 0 ? .evenOdd : .nonZero, true))
            }
        }
        for (poly, paint, alpha, rule, _) in fills {
            painter.fill(poly, rule: rule, into: parent, paint: paint, alpha: alpha)
        }
        // Every fill's coverage is built in the rasterizer's kept buffers (`keptProjectedPolygon`,
        // `keptPolygon`): handed back for the next plane, each moved out of `fills` first (a
        // polygon still held by `fills` shares its array of subpaths, which the next
        // `recycle` would then copy to empty).
        while let fill = fills.popLast() { if fill.4 { recycle(fill.0) } }
        releaseUnderlays()
        fills.removeAll(keepingCapacity: true)
        if fills.capacity <= 64 { directFills = fills }
    }

    /// One fill of a direct masked plane: coverage, paint, alpha, rule, and whether the
    /// polygon is in the kept buffers.
    typealias DirectFill = (Polygon, Paint, Double, FillRule, Bool)

    /// Records in `runs` the pixels of `parent` this plane's masked groups will overwrite with
    /// opaque paint at full coverage when it is drawn (`drawDirectMasked`, same fills, same
    /// clip rect): what drawings before it need not paint (LaterCovers.swift). Nothing for a
    /// clipped target.
    func recordOpaqueCovers(_ plane: DirectMaskedPlane, into parent: RasterTarget, runs: PixelRuns) {
        guard let surface = parent.surface, parent.clips.isEmpty else { return }
        var area = PixelRect(surface)
        if let limit = parent.limit { area = area.intersection(limit) }
        guard !area.isEmpty else { return }
        for step in plane.steps {
            guard case let .masked(pieces, mask) = step, let fill = directMasked(pieces, mask: mask, spec: plane.plane, parent: parent),
                  case let .shader(shader) = fill.1, shader.isOpaque else { continue }
            var recorder = OpaqueRunRecorder(runs: runs)
            painter.rasterizer.fill(fill.0, rule: fill.2 < 0 ? .evenOdd : .nonZero, clip: area, into: &recorder)
            recycle(fill.0)
        }
        releaseUnderlays()
    }

    /// The masked group as one fill: coverage = the projected mask path, paint = the pieces
    /// composited source-over per pixel.
    private func directMasked(_ pieces: [DrawItem], mask: DrawItem, spec: ProjectiveSpec, parent: RasterTarget) -> (Polygon, Paint, Double)? {
        guard case let .shapeFill(path, _, rule) = mask.piece else { return nil }
        let layers = underlay()
        for p in pieces {
            if case .border = p.piece {
                guard let shader = directBorderPaint(p, spec: spec, parent: parent) else { return nil }
                layers.append(border: shader)
                continue
            }
            guard let (outline, shader) = directPaint(p, spec: spec, parent: parent) else { return nil }
            recycle(outline) // (the mask's outline is the group's coverage: a kept buffer, given back)
            layers.append(shader)
        }
        let f = DirectPlaneDrawing.forward(mask, spec: spec, parent: parent)
        let box = path.boundingBoxOfPath
        guard f.isFinite, let plane = ProjectedPlane(bounds: box, homography: f.paintMap, reusing: keptVertexBuffer()) else { return nil }
        let poly = keptProjectedPolygon(of: path, plane: plane)
        giveBack(vertices: (consume plane).takePolygon())
        // One plain layer is painted by itself (as it always was); else the kept underlay.
        if layers.layers.count == 1, case let .shader(only) = layers.layers[0] { return (poly, .shader(only), rule == .evenOdd ? -1 : 1) }
        return (poly, .shader(layers), rule == .evenOdd ? -1 : 1)
    }

    private enum WideShadowFill {
        case nothing, degenerate
        case fill(Polygon, Paint, Double, FillRule)
    }

    /// A wide shadow projected from its quarter-resolution blurred mask.
    /// `hole` (plane-surface pixels): a rectangle an opaque fill drawn next covers, left out
    /// of the shadow's coverage when it lies inside the shadow's rectangle.
    private func directWideShadow(_ item: DrawItem, spec: ProjectiveSpec, parent: RasterTarget, hole: CGRect?) throws -> WideShadowFill {
        guard case let .shadow(path, sigma, color) = item.piece else { return .degenerate }
        // Plane-surface pixels, as if the plane surface (uncropped) were the target.
        let t = item.transform.concatenating(CGAffineTransform(translationX: CGFloat(-spec.bounds.x0), y: CGFloat(-spec.bounds.y0)))
        // The shadow's outline and the quads in kept buffers (each was an array a frame).
        let poly = keptPolygon(path, t)
        defer { recycle(poly) }
        guard let b = poly.bounds else { return .nothing }
        let margin = Int(ShadowMapping.spread(sigma: sigma).rounded(.up))
        let reach = PixelRect(x0: 0, y0: 0, x1: spec.bounds.width, y1: spec.bounds.height)
        let box = PixelRect.covering(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
            .intersection(PixelRect(x0: reach.x0 - margin, y0: reach.y0 - margin, x1: reach.x1 + margin, y1: reach.y1 + margin))
        guard !box.isEmpty else { return .nothing }
        // The small mask's geometry (quarterResolutionMask), known before it is made.
        let grow = GaussianBlur.margin(sigma: Self.quarterSigma(sigma))
        let maskWidth = (box.width + 3) / 4 + 2 * grow, maskHeight = (box.height + 3) / 4 + 2 * grow
        let originX = box.x0 - 4 * grow, originY = box.y0 - 4 * grow
        // Mask texel coordinates → plane-surface pixels (×4 from the mask's origin) → parent.
        let fd = 4.0
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let forward = toLocal.after(spec.surfaceToDevice).after(Homography([fd, 0, Double(originX), 0, fd, Double(originY), 0, 0, 1]))
        let rect = CGRect(x: 0, y: 0, width: maskWidth, height: maskHeight)
        forward.projectClipped(ProjectiveLayer.corners(rect), into: &shadowQuad)
        let quad = shadowQuad
        guard forward.isFinite, let inverse = forward.paintMap.inverted() else { return .degenerate }
        guard quad.count >= 3 else { return .nothing }
        let rows = parent.limit.flatMap { Self.maskRows(quad: quad, limit: $0, inverse: inverse) }
        let small = try quarterResolutionMask(poly, box: box, sigma: sigma, rows: rows)
        // A kept image at least the mask's size, transparent beyond it (TintedMaskImages.swift),
        // lent until the plane's fills are painted; `rect` and `extent` are the mask's size.
        let image = try tintedMasks.tinted(small.mask, color: color.premultiplied.packed)
        allocator?.recycle(small.mask)
        let shader = ImageShader(image: image, inverse: inverse, filter: .bilinear, edge: .transparent,
                                 perspective: DirectPlaneDrawing.sampling(forward, over: rect))
        var vertices = keptVertexBuffer()
        for q in quad { vertices.append(RasterPoint(Double(q.x), Double(q.y))) }
        var coverage = keptPolygon(vertices)
        var rule = FillRule.nonZero
        let extent = CGRect(x: Double(originX), y: Double(originY), width: fd * Double(maskWidth), height: fd * Double(maskHeight))
        if let hole, DirectPlaneChoice.contains(extent, hole) {
            // Through the same map as the shadow's rectangle, so it stays inside the quad.
            let toPlane = toLocal.after(spec.surfaceToDevice)
            toPlane.projectClipped(ProjectiveLayer.corners(hole), into: &shadowCut)
            // Unclipped by the eye plane, both quads keep their containment.
            if quad.count == 4, shadowCut.count == 4 {
                var cut = keptVertexBuffer()
                for q in shadowCut { cut.append(RasterPoint(Double(q.x), Double(q.y))) }
                coverage.addSubpath(cut)
                rule = .evenOdd
            }
        }
        return .fill(coverage, TintShader.tinted(.shader(shader), item.tint), item.alpha * item.tint.alpha, rule)
    }
    /// The rows of a wide shadow's small mask that a region render's rows `limit` (parent
    /// pixels) can read through `inverse` (parent pixels → mask texels): the part of the
    /// shadow's quad within those rows, grown by 2 pixels for anti-aliased edge pixels, mapped
    /// to the mask, plus 3 texel rows for the bilinear taps and the interpolated perspective's
    /// error. Nil (blur every row) when a point maps behind the eye.
    static func maskRows(quad: [CGPoint], limit: PixelRect, inverse: PaintProjective) -> Range<Int>? {
        let top = Double(limit.y0) - 2, bottom = Double(limit.y1) + 2
        // The quad clipped to top ≤ y ≤ bottom (convex, so two half-plane clips), inline
        // (`ClipPolygon`: the arrays were five mallocs per wide shadow per region).
        var corners = ClipPolygon()
        for q in quad { corners.append((Double(q.x), Double(q.y))) }
        let part = corners.clipped { _, y in y - top }.clipped { _, y in bottom - y }
        guard !part.overflowed else { return nil }
        guard !part.isEmpty else { return 0..<0 }
        var vMin = Double.infinity, vMax = -Double.infinity
        let offsets: InlineArray<4, (Double, Double)> = [(-2.0, -2.0), (2, -2), (-2, 2), (2, 2)]
        for i in 0..<part.count {
            let p = part[i]
            for k in offsets.indices {
                let (dx, dy) = offsets[k]
                guard let t = inverse.apply(p.0 + dx, p.1 + dy), t.y.isFinite else { return nil }
                vMin = min(vMin, t.y); vMax = max(vMax, t.y)
            }
        }
        guard vMin > -1e9, vMax < 1e9 else { return nil }
        return (Int(vMin.rounded(.down)) - 3)..<(Int(vMax.rounded(.up)) + 3)
    }
}

/// Pieces of a group composited source-over per pixel, bottom first: what the group's surface
/// would hold at that pixel, without the surface.
///
/// A class, kept by the rasterizer and refilled for each masked group (`PieceRasterizer.underlay()`):
/// as a struct, made per fill, its layer array, its row scratch and the existential box it
/// took as a `Paint` (and the border shader's box, another) were five mallocs per masked page
/// per region per frame. A class reference needs no box; the border is held as its own
/// value, not as `any SpanShader`.
final class UnderlayShader: SpanShader, @unchecked Sendable {
    /// One layer: a shader, or a page's border (kept unboxed; `ProjectedBorderShader.zeroRun`).
    enum Layer {
        case shader(any SpanShader)
        case border(ProjectedBorderShader)
    }

    private(set) var layers: [Layer] = []
    /// The upper layers' row, kept for the shader's life: `withUnsafeTemporaryAllocation`
    /// went to the heap for every span wider than a few hundred pixels (~1,300 mallocs a
    /// frame of the page fold). A shader is used for one fill at a time on one thread.
    private let scratch = RowScratch()

    init() {}

    /// The layers `layers`, bottom first (a `ProjectedBorderShader` among them is held as a border).
    convenience init(layers: [any SpanShader]) {
        self.init()
        for l in layers {
            if let b = l as? ProjectedBorderShader { append(border: b) } else { append(l) }
        }
    }

    func append(_ shader: any SpanShader) { layers.append(.shader(shader)) }
    func append(border: ProjectedBorderShader) { layers.append(.border(border)) }

    /// Drops the layers (and what they sample), keeping the array's room.
    func removeAll() { layers.removeAll(keepingCapacity: true) }

    var isOpaque: Bool {
        layers.contains { if case let .shader(s) = $0 { return s.isOpaque } else { return false } }
    }

    private static func shade(_ layer: Layer, y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch layer {
        case let .shader(s): s.shade(y: y, x: x, count: count, into: out)
        case let .border(b): b.shade(y: y, x: x, count: count, into: out)
        }
    }

    func shade(y: Int, x: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard let first = layers.first else { out.update(repeating: 0, count: count); return }
        Self.shade(first, y: y, x: x, count: count, into: out)
        guard layers.count > 1, count > 0 else { return }
        let tmp = scratch.pixels(count)
        for i in 1..<layers.count {
            // A border's run of 0 is neither shaded nor blended: a 0 source leaves the
            // destination as it is, so skipping it gives the same bytes.
            if case let .border(border) = layers[i] {
                let zero = border.zeroRun(y: y, x: x, count: count)
                if !zero.isEmpty {
                    let left = zero.lowerBound - x, right = x + count - zero.upperBound
                    if left > 0 {
                        border.shade(y: y, x: x, count: left, into: tmp)
                        PixelKernels.rowOver(out, tmp, count: left, alpha: 255)
                    }
                    if right > 0 {
                        border.shade(y: y, x: zero.upperBound, count: right, into: tmp)
                        PixelKernels.rowOver(out + (zero.upperBound - x), tmp, count: right, alpha: 255)
                    }
                    continue
                }
            }
            Self.shade(layers[i], y: y, x: x, count: count, into: tmp)
            PixelKernels.rowOver(out, tmp, count: count, alpha: 255)
        }
    }
}

/// A growable row of premultiplied pixels for one thread's use at a time (see
/// `UnderlayShader`); freed with the object.
final class RowScratch: @unchecked Sendable {
    private var buffer: UnsafeMutablePointer<UInt32>?
    private var capacity = 0

    /// Room for `count` pixels (contents undefined), valid until the next call.
    func pixels(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        if let buffer, count <= capacity { return buffer }
        buffer?.deallocate()
        capacity = max(count, 2 * capacity, 256)
        let b = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        buffer = b
        return b
    }

    deinit { buffer?.deallocate() }
}

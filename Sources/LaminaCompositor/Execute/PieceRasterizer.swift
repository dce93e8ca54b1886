// Draws one draw item into a target: shapes analytically when the transform keeps axes
// (exact rounded-rect coverage), as flattened paths otherwise; contents through the image
// shader; gradients through the gradient shaders; shadows from the analytic blurred profile
// or a blurred mask.
import CoreGraphics
import LaminaRaster

/// Device flattening tolerance for fills, in pixels.
private let fillTolerance: CGFloat = 0.2

final class PieceRasterizer {
    let painter = TargetPainter()
    /// Contents images prepared for sampling (kept between frames by the compositor).
    let images: ImageCache.Reader
    /// Rounded-rect shadow weights (kept between frames by the compositor).
    let shadows: ShadowCache.Reader
    /// The particle buffers, reused emitter after emitter.
    let particleEvaluator = ParticleEvaluator()
    /// The particle drawing buffers (planned sprites, tile lists), reused likewise.
    let particleScratch = ParticleScratch()
    /// The pixels later commands cover, for the executor drawing with this rasterizer.
    let laterCovers = LaterCovers()
    /// The box `contents` hands its image shaders to the painter in (SpanShaderBox.swift):
    /// kept, so an image draw does not box its shader anew.
    var imageShaderBox = SpanShaderBox()
    /// The subpath buffers of the last `keptPolygon`, and spare ones (PieceRasterizer.swift).
    private var polygonSubpaths: [[RasterPoint]] = []
    private var spareSubpaths: [[RasterPoint]] = []
    /// The bounds-space vertices of the subpath `keptProjectedPolygon` is flattening.
    private var outlinePoints: [CGPoint] = []
    /// The fills of the direct masked plane being drawn, emptied between planes (kept).
    var directFills: [DirectFill] = []
    /// A wide shadow's projected quad and its hole's (`directWideShadow`), kept.
    var shadowQuad: [CGPoint] = []
    var shadowCut: [CGPoint] = []
    /// The wide shadows' tinted mask images (TintedMaskImages.swift), kept.
    let tintedMasks = TintedMaskImages()
    /// The frame's allocator while an executor draws with this rasterizer (set and cleared by
    /// the executor): shadow masks come from its pool.
    var allocator: SurfaceAllocator? {
        // Its executor is done: the caches get this thread's counts of what the frame used.
        didSet { if allocator == nil { flushCacheUse() } }
    }

    init(images: ImageCache = ImageCache(), shadows: ShadowCache = ShadowCache(), coverage: CoverageCache? = nil) {
        self.images = images.reader()
        self.shadows = shadows.reader()
        painter.coverage = coverage?.reader()
        // The spare lists' room up front (`recycle`): growing, they were a malloc now and then.
        spareSubpaths.reserveCapacity(Self.maxSpareSubpaths)
        spareOuters.reserveCapacity(Self.maxSpareOuters)
    }

    /// Hands the caches this rasterizer's counts of the entries its draws used first in the
    /// frame (FrameScopedStore.swift); before the frame ends.
    func flushCacheUse() {
        images.flush()
        shadows.flush()
        painter.coverage?.flush()
    }

    func draw(_ item: DrawItem, into target: RasterTarget) throws {
        guard target.surface != nil else { return }
        let t = item.transform.concatenating(target.toLocal)
        let alpha = item.alpha * item.tint.alpha
        let tint = item.tint
        // Without edge anti-aliasing, a transformed layer's straight edges are hard.
        let snap = !item.antialiasEdges && !t.isAxisAligned
        switch item.piece {
        case let .background(shape, color):
            fill(shape, t, into: target, paint: TintShader.tinted(.solid(color.premultiplied), tint), alpha: alpha, snap: snap && shape.isRect)
        case let .border(shape, width, color):
            border(shape, width: width, t, into: target, paint: TintShader.tinted(.solid(color.premultiplied), tint), alpha: alpha, snap: snap && shape.isRect)
        case let .gradient(shape, g, bounds):
            guard let inverse = Self.paintAffine(t).inverted(), let shader = GradientPaint.shader(g, bounds: bounds, inverse: inverse) else { return }
            fill(shape, t, into: target, paint: TintShader.tinted(.shader(shader), tint), alpha: alpha, snap: snap && shape.isRect)
        case let .contents(c):
            contents(c, t, into: target, alpha: alpha, snap: snap, tint: tint)
        case let .shapeFill(path, color, rule):
            // Curves wholly outside the target become chords (CurveCulling: the same pixels).
            let polygon = keptPolygon(path, t, visible: PixelRect(target.surface!))
            painter.fill(polygon, rule: rule == .evenOdd ? .evenOdd : .nonZero, into: target,
                         paint: TintShader.tinted(.solid(color.premultiplied), tint), alpha: alpha)
            recycle(polygon)
        case let .shapeStroke(outline, color):
            let polygon = keptPolygon(outline, t)
            painter.fill(polygon, rule: .nonZero, into: target, paint: TintShader.tinted(.solid(color.premultiplied), tint), alpha: alpha)
            recycle(polygon)
        case let .shadowRoundedRect(shape, sigma, color):
            if t.isAxisAligned && abs(abs(t.a) - abs(t.d)) < 1e-9 && shape.curve == .circular && (shape.isRect || shape.corners == .all) {
                let r = shape.rect.applying(t)
                // The weights table for this exact geometry, kept between frames; the same
                // bytes as painting `BlurredRoundedRect.shader` directly.
                guard let weights = shadows.weights(x0: Double(r.minX), y0: Double(r.minY), x1: Double(r.maxX), y1: Double(r.maxY),
                                                    radius: Double(shape.effectiveRadius) * abs(t.a), sigma: sigma,
                                                    clip: target.wholeLocalBox) else {
                    try blurredRoundedRect(r, radius: Double(shape.effectiveRadius) * abs(t.a), sigma: sigma, color: color,
                                           into: target, alpha: alpha, tint: tint)
                    return
                }
                paintPixelBox(TintShader.tinted(.shader(weights.shader(color: color.premultiplied.packed)), tint),
                              x: weights.boundsX, y: weights.boundsY, width: weights.boundsWidth,
                              height: weights.boundsHeight, into: target, alpha: alpha)
            } else {
                try blurredShadow(shape.path(), sigma: sigma, color: color, t, into: target, alpha: alpha, tint: tint)
            }
        case let .shadow(path, sigma, color):
            try blurredShadow(path, sigma: sigma, color: color, t, into: target, alpha: alpha, tint: tint)
        case let .particles(e):
            particles(e.value, t, into: target, alpha: alpha, tint: tint) // PieceRasterizer+Particles.swift
        }
    }

    /// A rounded-rect shadow too large to cache: painted from the analytic shader.
    private func blurredRoundedRect(_ r: CGRect, radius: Double, sigma: Double, color: CGColor, into target: RasterTarget,
                                    alpha: Double, tint: RenderTint) throws {
        let blurred = BlurredRoundedRect(x0: r.minX, y0: r.minY, x1: r.maxX, y1: r.maxY, cornerRadius: radius, sigma: sigma,
                                         clip: target.wholeLocalBox)
        guard blurred.boundsWidth > 0, blurred.boundsHeight > 0 else { return }
        paintPixelBox(TintShader.tinted(.shader(blurred.shader(color: color.premultiplied.packed)), tint),
                      x: blurred.boundsX, y: blurred.boundsY, width: blurred.boundsWidth,
                      height: blurred.boundsHeight, into: target, alpha: alpha)
    }

    /// Paints `paint` over the whole-pixel box at (`x`, `y`) of `width` × `height` device
    /// pixels (a shadow's bounds; the paint is transparent outside what it shades).
    private func paintPixelBox(_ paint: Paint, x: Int, y: Int, width: Int, height: Int, into target: RasterTarget,
                               alpha: Double) {
        let x0 = Double(x), y0 = Double(y), x1 = Double(x + width), y1 = Double(y + height)
        painter.paint(target, paint, alpha: alpha, blit: { s, area in
            AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s)
        }, clipped: { s, area in
            AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s)
        })
    }

    // MARK: Shapes

    static func paintAffine(_ t: CGAffineTransform) -> PaintAffine {
        PaintAffine(a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx), ty: Double(t.ty))
    }

    /// `path` mapped by `t` and flattened for a fill; with `visible` (the pixels the fill may
    /// change), curves wholly outside it on one side are passed as their chords.
    static func polygon(_ path: CGPath, _ t: CGAffineTransform, visible: PixelRect? = nil) -> Polygon {
        let cull = visible.map { v in CurveCulling(visible: CGRect(x: v.x0, y: v.y0, width: v.width, height: v.height)) }
        // The vertices of `flattened(…)`, streamed straight into the polygon's subpaths: the
        // intermediate subpath arrays and their mapped copies were several heap allocations
        // per shape per frame.
        var subpaths: [[RasterPoint]] = []
        var points: [RasterPoint] = []
        path.flatten(tolerance: fillTolerance, transform: t, cull: cull, begin: { start in
            let expected = max(16, points.count)
            points = []
            points.reserveCapacity(expected)
            points.append(RasterPoint(Double(start.x), Double(start.y)))
        }, point: { p, _ in
            points.append(RasterPoint(Double(p.x), Double(p.y)))
        }, end: { _, _ in
            subpaths.append(points)
        })
        return Polygon(subpaths)
    }

    /// `Self.polygon(path, t, visible:)` (the same vertices) built in this rasterizer's kept
    /// subpath buffers: each fill of a shape layer made a subpath array and the polygon's
    /// array of subpaths per frame. Hand the polygon back with `recycle(_:)` once it is drawn
    /// (a polygon not handed back is only a lost reuse; one still shared when the next is built
    /// is copied, never overwritten).
    func keptPolygon(_ path: CGPath, _ t: CGAffineTransform, visible: PixelRect? = nil) -> Polygon {
        let cull = visible.map { v in CurveCulling(visible: CGRect(x: v.x0, y: v.y0, width: v.width, height: v.height)) }
        var subpaths = takeOuter()
        // Subpath `n` is being built; it counts once its end comes (as `polygon`'s does).
        var n = 0
        path.flatten(tolerance: fillTolerance, transform: t, cull: cull, begin: { start in
            if n == subpaths.count { subpaths.append(spareSubpaths.popLast() ?? []) }
            subpaths[n].removeAll(keepingCapacity: true)
            subpaths[n].append(RasterPoint(Double(start.x), Double(start.y)))
        }, point: { p, _ in
            subpaths[n].append(RasterPoint(Double(p.x), Double(p.y)))
        }, end: { _, _ in
            n += 1
        })
        while subpaths.count > n { spareSubpaths.append(subpaths.removeLast()) }
        return Polygon(subpaths)
    }

    /// `ProjectiveDrawing.projectedPolygon(of: path, plane: plane)` (the same vertices: each
    /// flattened subpath of 3 or more points clipped to w ≥ ε and divided, kept when 3 or more
    /// remain) built in this rasterizer's kept buffers: the flattened subpaths, their projected
    /// copies and the polygon's arrays were a dozen mallocs per masked page per frame.
    /// `recycle(_:)` it likewise.
    func keptProjectedPolygon(of path: CGPath, plane: ProjectedPlane) -> Polygon {
        let scale = plane.maximumScale
        let deviceTolerance = ProjectiveDrawing.deviceTolerance
        let tolerance = scale > 0 && scale.isFinite ? max(1e-3, deviceTolerance / scale) : deviceTolerance
        var subpaths = takeOuter()
        var points = outlinePoints
        outlinePoints = []
        let h = plane.homography, minimumW = plane.minimumW
        // Subpath `n` is the next to keep (earlier ones have 3 or more projected vertices).
        var n = 0
        path.flatten(tolerance: CGFloat(tolerance), begin: { start in
            points.removeAll(keepingCapacity: true)
            points.append(start)
        }, point: { p, _ in
            points.append(p)
        }, end: { _, _ in
            guard points.count >= 3 else { return }
            if n == subpaths.count { subpaths.append(spareSubpaths.popLast() ?? []) }
            var buffer: [RasterPoint] = []
            swap(&buffer, &subpaths[n])
            // A spare with room when this one is short (the kept buffers also serve planes'
            // four-vertex polygons), else room to spare: the vertex count follows the page's
            // scale from frame to frame.
            let need = points.count + 2
            if buffer.capacity < need, let k = spareSubpaths.firstIndex(where: { $0.capacity >= need }) {
                swap(&buffer, &spareSubpaths[k])
            }
            if buffer.capacity < need { buffer.reserveCapacity(2 * need) }
            subpaths[n] = ProjectedPlane.clipAndDivide(count: points.count, { (Double(points[$0].x), Double(points[$0].y)) },
                                                       h, minimumW: minimumW, reusing: consume buffer)
            if subpaths[n].count >= 3 { n += 1 }
        })
        outlinePoints = points
        while subpaths.count > n { spareSubpaths.append(subpaths.removeLast()) }
        return Polygon(subpaths)
    }

    /// A one-subpath polygon of `points` in the kept array of subpaths (the earlier subpaths
    /// go to the spares); `recycle(_:)` it likewise.
    func keptPolygon(_ points: [RasterPoint]) -> Polygon {
        var subpaths = takeOuter()
        while let extra = subpaths.popLast() { spareSubpaths.append(extra) }
        subpaths.append(points)
        return Polygon(subpaths)
    }

    /// An empty vertex buffer with a kept subpath buffer's capacity, for vertices computed
    /// elsewhere (a projected plane's polygon) that then go into `keptPolygon(_:)`.
    func keptVertexBuffer() -> [RasterPoint] {
        var buffer = polygonSubpaths.popLast() ?? spareSubpaths.popLast() ?? []
        buffer.removeAll(keepingCapacity: true)
        return buffer
    }

    /// Takes back a polygon made by `keptPolygon`, its buffers to be refilled by the next —
    /// unless they hold more than `keptPolygonCapacity` vertices (a huge path's buffers are
    /// let go, not held for the frames after it).
    func recycle(_ polygon: consuming Polygon) {
        let subpaths = polygon.subpaths
        var vertices = 0
        for s in subpaths { vertices += s.capacity }
        for s in spareSubpaths { vertices += s.capacity }
        if vertices > Self.keptPolygonCapacity {
            polygonSubpaths = []
            spareSubpaths.removeAll(keepingCapacity: true)
        } else {
            // The buffers of a polygon handed back earlier and not taken since go to the
            // spares (replaced, they were lost, and rebuilt the next frame).
            // (At most `maxSpareSubpaths`: polygons made elsewhere and handed back too would
            // otherwise pile up frame after frame.)
            while let earlier = polygonSubpaths.popLast() {
                if earlier.capacity > 0, spareSubpaths.count < Self.maxSpareSubpaths { spareSubpaths.append(earlier) }
            }
            // Its emptied array of subpaths too (a plane's several polygons each need one).
            if polygonSubpaths.capacity > 0, spareOuters.count < Self.maxSpareOuters { spareOuters.append(polygonSubpaths) }
            polygonSubpaths = subpaths
        }
    }

    /// The kept array of subpaths (emptied arrays of subpaths when it is lent out), for a
    /// polygon built in the kept buffers.
    private func takeOuter() -> [[RasterPoint]] {
        var subpaths = polygonSubpaths
        polygonSubpaths = []
        if subpaths.capacity == 0, let spare = spareOuters.popLast() { subpaths = spare }
        return subpaths
    }

    /// Emptied arrays of subpaths of recycled polygons, and the most kept.
    private var spareOuters: [[[RasterPoint]]] = []
    static let maxSpareOuters = 4

    /// `poly` with every vertex mapped by `map`, in the kept buffers (`recycle(_:)` it): the
    /// same vertices as `Polygon(poly.subpaths.map { $0.map(map) })`.
    func keptMapped(_ poly: Polygon, _ map: (RasterPoint) -> RasterPoint) -> Polygon {
        var subpaths = takeOuter()
        while let extra = subpaths.popLast() { if spareSubpaths.count < Self.maxSpareSubpaths { spareSubpaths.append(extra) } }
        for source in poly.subpaths {
            var buffer = spareSubpaths.popLast() ?? []
            buffer.removeAll(keepingCapacity: true)
            for p in source { buffer.append(map(p)) }
            subpaths.append(buffer)
        }
        return Polygon(subpaths)
    }

    /// Gives back a vertex buffer taken with `keptVertexBuffer()` whose polygon was not
    /// handed to `keptPolygon(_:)` (e.g. a `ProjectedPlane` made only for its map): to the
    /// spares, unless they are full or it holds more than `keptPolygonCapacity` vertices.
    func giveBack(vertices buffer: consuming [RasterPoint]) {
        guard buffer.capacity > 0, buffer.capacity <= Self.keptPolygonCapacity, spareSubpaths.count < Self.maxSpareSubpaths else { return }
        spareSubpaths.append(buffer)
    }

    /// A kept `UnderlayShader`, emptied, for the next masked group's paint: one per masked
    /// group of the plane being drawn (they are painted after all are made), reused plane
    /// after plane and frame after frame unless a paint still refers to it. Let go of their
    /// layers with `releaseUnderlays()` once the plane is drawn.
    func underlay() -> UnderlayShader {
        defer { underlaysUsed += 1 }
        if underlaysUsed < underlays.count, isKnownUniquelyReferenced(&underlays[underlaysUsed]) {
            underlays[underlaysUsed].removeAll()
            return underlays[underlaysUsed]
        }
        let u = UnderlayShader()
        if underlaysUsed < underlays.count { underlays[underlaysUsed] = u } else if underlays.count < Self.maxUnderlays { underlays.append(u) }
        return u
    }

    /// Empties the underlays handed out since the last call (no image is held past the draw).
    func releaseUnderlays() {
        for i in 0..<min(underlaysUsed, underlays.count) { underlays[i].removeAll() }
        underlaysUsed = 0
    }

    /// Underlays kept by `underlay()`, and how many the plane being drawn took.
    private(set) var underlays: [UnderlayShader] = []
    private var underlaysUsed = 0
    static let maxUnderlays = 8

    /// The most spare subpath buffers kept.
    static let maxSpareSubpaths = 16

    /// The most vertices (16 bytes each) the kept polygon buffers hold between draws: 1 MB.
    static let keptPolygonCapacity = 65_536

    /// The shape as an analytic rounded rect in local pixels, when the transform keeps axes
    /// and the corners are circular (or absent); nil otherwise.
    static func analytic(_ shape: LayerShape, _ t: CGAffineTransform) -> RoundedRect? {
        guard t.isAxisAligned, shape.isRect || shape.curve == .circular else { return nil }
        let r = shape.rect.applying(t)
        guard r.width > 0, r.height > 0 else { return nil }
        let radius = shape.effectiveRadius
        let rx = Double(radius * abs(t.a)), ry = Double(radius * abs(t.d))
        func radii(_ corner: RenderCornerMask) -> RoundedRect.Radii {
            shape.corners.contains(corner) ? RoundedRect.Radii(rx: rx, ry: ry) : .zero
        }
        // Which bounds corner lands on each device corner (a mirror swaps sides).
        func corner(left: Bool, top: Bool) -> RoundedRect.Radii {
            let minX = left == (t.a > 0), minY = top == (t.d > 0)
            switch (minX, minY) {
            case (true, true): return radii(.minXMinY)
            case (false, true): return radii(.maxXMinY)
            case (true, false): return radii(.minXMaxY)
            case (false, false): return radii(.maxXMaxY)
            }
        }
        return RoundedRect(x0: Double(r.minX), y0: Double(r.minY), x1: Double(r.maxX), y1: Double(r.maxY),
                           topLeft: corner(left: true, top: true), topRight: corner(left: false, top: true),
                           bottomRight: corner(left: false, top: false), bottomLeft: corner(left: true, top: false))
    }

    func fill(_ shape: LayerShape, _ t: CGAffineTransform, into target: RasterTarget, paint: Paint, alpha: Double, snap: Bool = false) {
        if let rr = Self.analytic(shape, t) {
            painter.fill(rr, into: target, paint: paint, alpha: alpha)
        } else if t.a.isFinite, t.b.isFinite, t.c.isFinite, t.d.isFinite, t.tx.isFinite, t.ty.isFinite {
            let poly = keptPolygon(outline(of: shape), t)
            painter.fill(poly, rule: .nonZero, into: target, paint: paint, alpha: alpha, snap: snap)
            recycle(poly)
        } else {
            painter.fill(Self.polygon(shape.path(transform: t), .identity), rule: .nonZero, into: target, paint: paint, alpha: alpha, snap: snap)
        }
    }

    /// `shape`'s outline in bounds space, remembered for the last `keptOutlines` shapes: a
    /// turning layer fills the same shape through a new transform every frame, and building
    /// its path through the transform (`shape.path(transform:)`) was a dozen mallocs a frame.
    /// Flattened through `t` (`keptPolygon(_:_:)`), it gives the vertices of the path built
    /// through `t`: the builder maps each bounds-space point by `t` as the flattener maps each
    /// segment's points (finite transforms; others keep the old way).
    func outline(of shape: LayerShape) -> CGPath {
        if let kept = outlines.first(where: { $0.shape == shape }) { return kept.path }
        let path = shape.path()
        if outlines.count == Self.keptOutlines { outlines.removeFirst() }
        outlines.append((shape, path))
        return path
    }

    /// Outlines kept by `outline(of:)`, oldest first.
    private var outlines: [(shape: LayerShape, path: CGPath)] = []
    static let keptOutlines = 8

    /// The border: the ring between the shape and the shape inset by `width`.
    func border(_ shape: LayerShape, width: CGFloat, _ t: CGAffineTransform, into target: RasterTarget, paint: Paint, alpha: Double,
                snap: Bool = false) {
        let inner = shape.inset(by: width)
        if let o = Self.analytic(shape, t) {
            let i = Self.analytic(inner, t) ?? RoundedRect(x0: 0, y0: 0, x1: 0, y1: 0, radius: 0)
            painter.fillRing(outer: o, inner: i, into: target, paint: paint, alpha: alpha)
        } else {
            var poly = Self.polygon(shape.path(transform: t), .identity)
            if inner.rect.width > 0 && inner.rect.height > 0 {
                poly.subpaths += Self.polygon(inner.path(transform: t), .identity).subpaths
            }
            painter.fill(poly, rule: .evenOdd, into: target, paint: paint, alpha: alpha, snap: snap)
        }
    }

    // MARK: Contents

    static func imageFilter(_ f: RenderFilter) -> ImageFilter {
        switch f {
        case .nearest: return .nearest
        case .linear: return .bilinear
        case .trilinear: return .trilinear
        }
    }

    func contents(_ c: ContentsDrawing, _ t: CGAffineTransform, into target: RasterTarget, alpha: Double, snap: Bool = false,
                  tint: RenderTint = .none) {
        guard let inverse = Self.paintAffine(t).inverted() else { return }
        // A nine-slice's cells meet inside the drawing: on a fractional pixel, each cell's
        // anti-aliased edge covers part of it and the two draws leave a light seam. Under an
        // axis-aligned map the inner cell edges are moved to the nearest pixel edge (by under
        // half a pixel; neighbours round the same value alike), so the cells abut exactly.
        defer { SpanShaderBox.clear(&imageShaderBox) }
        let outer = c.slices.count > 1 && t.isAxisAligned
            ? c.slices.reduce(CGRect.null) { $0.union($1.destination) }.applying(t) : .null
        for slice in c.slices {
            let s = slice.source, d = slice.destination
            // Bounds space → image pixels for this slice.
            let sx = Double(s.width / d.width), sy = Double(s.height / d.height)
            let toImage = c.flipped
                ? PaintAffine(a: sx, b: 0, c: 0, d: -sy, tx: Double(s.minX) - Double(d.minX) * sx, ty: Double(s.maxY) + Double(d.minY) * sy)
                : PaintAffine(a: sx, b: 0, c: 0, d: sy, tx: Double(s.minX) - Double(d.minX) * sx, ty: Double(s.minY) - Double(d.minY) * sy)
            // Device pixels per image pixel along each axis: below 1 is minification.
            let perTexelX = hypot(Double(t.a), Double(t.b)) / sx, perTexelY = hypot(Double(t.c), Double(t.d)) / sy
            let minifying = min(perTexelX, perTexelY) < 1 - 1e-9
            let filter = minifying ? c.minificationFilter : c.magnificationFilter
            let image = images.sampled(c.image, mipmapped: filter == .trilinear && minifying)
            let map = inverse.concatenating(toImage)
            // Texels exactly on pixels (unit scale, whole-pixel offset): every filter gives the
            // texel itself, and nearest is the cheapest way to get it.
            let aligned = map.a == 1 && map.d == 1 && map.b == 0 && map.c == 0
                && map.tx == map.tx.rounded() && map.ty == map.ty.rounded()
            let shader = TintShader.tinted(SpanShaderBox.paint(ImageShader(image: image, inverse: map,
                                                                           filter: aligned ? .nearest : Self.imageFilter(filter), edge: .clamp),
                                                               in: &imageShaderBox), tint)
            if t.isAxisAligned {
                let r = d.applying(t)
                func inner(_ v: CGFloat, _ lo: CGFloat, _ hi: CGFloat) -> Double {
                    outer.isNull || v == lo || v == hi ? Double(v) : Double(v).rounded()
                }
                painter.fill(RoundedRect(x0: inner(r.minX, outer.minX, outer.maxX), y0: inner(r.minY, outer.minY, outer.maxY),
                                         x1: inner(r.maxX, outer.minX, outer.maxX), y1: inner(r.maxY, outer.minY, outer.maxY),
                                         radius: 0),
                             into: target, paint: shader, alpha: alpha)
            } else {
                let q = [CGPoint(x: d.minX, y: d.minY), CGPoint(x: d.maxX, y: d.minY), CGPoint(x: d.maxX, y: d.maxY), CGPoint(x: d.minX, y: d.maxY)]
                    .map { $0.applying(t) }.map { RasterPoint(Double($0.x), Double($0.y)) }
                painter.fillQuad(q, into: target, paint: shader, alpha: alpha, snap: snap)
            }
        }
    }

    // MARK: Shadows

    /// A shadow of any path: its coverage rasterized into a mask, blurred, painted in `color`.
    func blurredShadow(_ path: CGPath, sigma: Double, color: CGColor, _ t: CGAffineTransform, into target: RasterTarget, alpha: Double,
                       tint: RenderTint = .none) throws {
        guard target.surface != nil else { return }
        let poly = Self.polygon(path, t)
        guard let b = poly.bounds else { return }
        let margin = Int(ShadowMapping.spread(sigma: sigma).rounded(.up))
        // Only the part that can reach the surface matters — the surface of a whole-frame
        // render, so that the blur's plane (and its reduction grid) is that render's.
        let reach = target.wholeLocalBox
        let box = PixelRect.covering(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
            .intersection(PixelRect(x0: reach.x0 - margin, y0: reach.y0 - margin, x1: reach.x1 + margin, y1: reach.y1 + margin))
        guard !box.isEmpty else { return }
        if sigma >= Self.quarterResolutionSigma {
            try quarterResolutionShadow(poly, box: box, sigma: sigma, color: color, into: target, alpha: alpha, tint: tint)
            return
        }
        let mask = try scratchMask(width: box.width, height: box.height)
        defer { allocator?.recycle(mask) }
        var sink = MaskWriterSink(mask)
        let shifted = Polygon(poly.subpaths.map { $0.map { RasterPoint($0.x - Double(box.x0), $0.y - Double(box.y0)) } })
        painter.rasterizer.fill(shifted, rule: .nonZero, clip: PixelRect(mask), into: &sink)
        // A region render (a band of the frame or of a plane surface) blurs only the rows it
        // draws: destination row y shows mask row y − oy (WideShadow.swift's note).
        let shift = GaussianBlur.margin(sigma: sigma) - box.y0
        let rows = target.limit.map { ($0.y0 + shift)..<($0.y1 + shift) }
        let blurred = sigma > 0 ? try blurredRows(mask, sigma: sigma, rows: rows) : mask
        defer { if blurred !== mask { allocator?.recycle(blurred) } }
        let grow = (blurred.width - mask.width) / 2
        let ox = box.x0 - grow, oy = box.y0 - grow
        let shader = MaskColorShader(mask: blurred, originX: ox, originY: oy, color: color.premultiplied.packed)
        let x0 = Double(ox), y0 = Double(oy), x1 = Double(ox + blurred.width), y1 = Double(oy + blurred.height)
        painter.paint(target, TintShader.tinted(.shader(shader), tint), alpha: alpha,
                      blit: { s, area in AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s) },
                      clipped: { s, area in AnalyticCoverage.fillRect(x0: x0, y0: y0, x1: x1, y1: y1, clip: area, into: &s) })
    }
}

extension PieceRasterizer {
    /// A zeroed mask for a shadow's coverage or blur, from the frame's pool when there is one
    /// with room (hand it back to `allocator`), else a new one, uncharged as such scratch
    /// always was.
    func scratchMask(width: Int, height: Int) throws -> AlphaMask {
        if let allocator, let m = try? allocator.mask(width: width, height: height, for: RenderNodeID(0), .shadow) { return m }
        return try AlphaMask(width: width, height: height)
    }
}

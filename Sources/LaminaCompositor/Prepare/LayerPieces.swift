// What one layer draws of its own (not its sublayers), as draw pieces in its bounds space,
// and the device rectangles those pieces may touch (for group bounds and overlap tests).
import CoreGraphics

package enum LayerPieces {
    /// Device flattening tolerance for stroke outlines, in pixels.
    static let strokeTolerance: Double = 0.1

    static func isVisible(_ c: CGColor?) -> Bool { c.map { $0.clampedRGBA.a > 0 } ?? false }

    /// The layer's shadow when its shape is known without compositing the layer: its
    /// shadowPath, or — with no shadowPath — the outline of an opaque background when nothing
    /// else can change the layer's composited alpha (`impliedShadowShape`). Nil otherwise
    /// (no visible shadow, or a shadow cast by the composited alpha: the group's business).
    /// `payloads`: a frame stream's kept offset paths (the same path offset the same way as
    /// in the last frame is that frame's path, not a new copy); nil copies.
    package static func pathShadow(_ n: RenderNode, transform t: CGAffineTransform, payloads: PreparationPayloads? = nil) -> DrawPiece? {
        if case .transformLayer = n.kind { return nil }
        guard let color = ShadowMapping.effectiveColor(of: n) else { return nil }
        let sigma = ShadowMapping.sigma(shadowRadius: n.shadowRadius, deviceScale: t.meanScale)
        let dx = n.shadowOffset.width.isFinite ? n.shadowOffset.width : 0
        let dy = n.shadowOffset.height.isFinite ? n.shadowOffset.height : 0
        var shape: LayerShape?
        var path: CGPath?
        if let p = n.shadowPath {
            guard !p.isEmpty else { return nil }
            shape = ShadowShapeRecognizer.shape(of: p)
            path = p
        } else {
            guard let implied = impliedShadowShape(n) else { return nil }
            if implied.curve == .circular && (implied.isRect || implied.corners == .all) { shape = implied } else { path = implied.path() }
        }
        if var s = shape {
            s.rect = s.rect.offsetBy(dx: dx, dy: dy)
            return .shadowRoundedRect(s, sigma: sigma, color: color)
        }
        guard let p = path else { return nil }
        let offset = payloads?.offsetPath(p, dx: dx, dy: dy, layer: n.id)
            ?? p.copy(applying: CGAffineTransform(translationX: dx, y: dy))
        return .shadow(path: offset, sigma: sigma, color: color)
    }

    /// When a layer without shadowPath composites to exactly its background's outline — an
    /// opaque background, no sublayers, no shape path, contents (if any) inside the bounds —
    /// its alpha shadow is the shadow of that outline, drawn without an offscreen surface.
    /// (Border, gradient and contents lie inside an opaque background and add no alpha.)
    package static func impliedShadowShape(_ n: RenderNode) -> LayerShape? {
        guard n.shadowPath == nil, n.children.isEmpty, let bg = n.backgroundColor, bg.clampedRGBA.a >= 1 else { return nil }
        switch n.kind {
        case .plain, .gradient, .text: break
        default: return nil
        }
        let shape = LayerShape(boundsOf: n)
        guard shape.rect.width > 0, shape.rect.height > 0 else { return nil }
        if case let .image(image) = n.contents {
            let inside = shape.rect.insetBy(dx: -1e-9, dy: -1e-9)
            // Contents outside a rounded corner also add alpha: only a plain rect may hold them.
            // (Slice by slice, without their array: a malloc per call, twice a frame a page.)
            var any = false
            let allInside = ContentsLayout.forEachSlice(for: n, pixelSize: CGSize(width: image.width, height: image.height),
                                                        flipped: false) { slice in
                any = true
                return inside.contains(slice.destination)
            }
            guard allInside, shape.isRect || !any else { return nil }
        }
        return shape
    }

    /// Background, gradient, contents and shape pieces, in Apple's order (reference §3.1).
    /// `strokeScratch`: the stroker's working buffers to reuse (see `strokeOutline`).
    /// `visible`: the device pixels (through `t`) the pieces can change, when the caller knows
    /// them; a shape layer's stroke then passes the curves whose stroke cannot reach them as
    /// chords (`CurveCulling`). The pieces are then valid only where they are drawn through `t`
    /// into `visible`.
    package static func body(_ n: RenderNode, transform t: CGAffineTransform, contentsFlipped: Bool,
                             strokeScratch: StrokeScratch? = nil, visible: CGRect? = nil,
                             culledCurves: CullCounter? = nil, payloads: PreparationPayloads? = nil) -> [DrawPiece] {
        var out: [DrawPiece] = []
        body(n, transform: t, contentsFlipped: contentsFlipped, strokeScratch: strokeScratch, visible: visible,
             culledCurves: culledCurves, payloads: payloads, into: &out)
        return out
    }

    /// `body(_:transform:contentsFlipped:strokeScratch:visible:culledCurves:)` into `out`,
    /// emptied first and filled in its own buffer (a preparer hands in the arrays of the last
    /// frame's bodies: a layer whose node changes every frame, as a spinner's, rebuilt its
    /// array from empty every frame — one or two mallocs). `payloads`: where an emitter's
    /// particles are boxed (a frame stream's recycled boxes), nil for a new box.
    package static func body(_ n: RenderNode, transform t: CGAffineTransform, contentsFlipped: Bool,
                             strokeScratch: StrokeScratch? = nil, visible: CGRect? = nil,
                             culledCurves: CullCounter? = nil, payloads: PreparationPayloads? = nil,
                             into out: inout [DrawPiece]) {
        out.removeAll(keepingCapacity: true)
        if case .transformLayer = n.kind { return }
        // Room for the usual pieces at the first: grown piece by piece, a layer with a
        // background and contents reallocated its array.
        func add(_ piece: DrawPiece) {
            if out.capacity == 0 { out.reserveCapacity(3) }
            out.append(piece)
        }
        let shape = LayerShape(boundsOf: n)
        if let c = n.backgroundColor, isVisible(c) { add(.background(shape, color: c)) }
        if case let .gradient(g) = n.kind, !g.colors.isEmpty {
            add(.gradient(shape, g, bounds: n.bounds.standardized))
        }
        if case let .image(image) = n.contents {
            let size = CGSize(width: image.width, height: image.height)
            let slices = payloads?.slices(for: n, pixelSize: size, flipped: contentsFlipped)
                ?? ContentsLayout.slices(for: n, pixelSize: size, flipped: contentsFlipped)
            if !slices.isEmpty {
                add(.contents(ContentsDrawing(image: image, slices: slices, flipped: contentsFlipped,
                                              minificationFilter: n.minificationFilter,
                                              magnificationFilter: n.magnificationFilter)))
            }
        }
        if case let .emitter(e) = n.kind, !e.cells.isEmpty { add(.particles(payloads?.particles.boxed(e) ?? Boxed(e))) }
        if case let .shape(s) = n.kind, let path = s.path, !path.isEmpty {
            if let fill = s.fillColor, isVisible(fill) { add(.shapeFill(path, color: fill, rule: s.fillRule)) }
            if let stroke = strokeOutline(s, path: path, transform: t, scratch: strokeScratch, visible: visible,
                                          culledCurves: culledCurves),
               let color = s.strokeColor {
                add(.shapeStroke(outline: stroke, color: color))
            }
        }
    }

    /// The border piece, drawn after the sublayers.
    package static func border(_ n: RenderNode) -> DrawPiece? {
        if case .transformLayer = n.kind { return nil }
        guard n.borderWidth.isFinite, n.borderWidth > 0, let c = n.borderColor, isVisible(c) else { return nil }
        return .border(LayerShape(boundsOf: n), width: n.borderWidth, color: c)
    }

    /// The stroke of a shape layer as an outline to fill: the path trimmed to
    /// strokeStart...strokeEnd, then dashed (the dash pattern measured from strokeStart), then
    /// stroked. Nil when nothing is stroked (no colour, zero width, empty trim). `scratch`: the
    /// stroker's buffers, lent by the caller so that stroking many layers does not allocate
    /// them for each (one scratch per thread: the preparer's, see `StrokeScratchPool`); nil
    /// strokes with buffers of its own. The outline is the same either way.
    ///
    /// `visible`: the device pixels the outline can change (drawn through `t`); curves whose
    /// stroke lies wholly outside them are stroked as their chords (`CurveCulling`: the same
    /// pixels), so a stroke blown up to 1e300 by an animation does not flatten every curve to
    /// the flattener's cap. Trimming and dashing still measure every curve (the dash pattern
    /// depends on the curves' lengths). nil strokes every curve as it is.
    static func strokeOutline(_ s: ShapeContent, path: CGPath, transform t: CGAffineTransform,
                              scratch: StrokeScratch? = nil, visible: CGRect? = nil,
                              culledCurves: CullCounter? = nil) -> CGPath? {
        guard isVisible(s.strokeColor), s.lineWidth.isFinite, s.lineWidth > 0 else { return nil }
        var p = path
        if !(s.strokeStart <= 0 && s.strokeEnd >= 1) { p = p.trimmed(from: s.strokeStart, to: s.strokeEnd) }
        guard !p.isEmpty else { return nil }
        if let dashes = s.lineDashPattern, !dashes.isEmpty,
           dashes.allSatisfy({ $0.isFinite && $0 >= 0 }), dashes.reduce(0, +) > 0 {
            p = p.copy(dashingWithPhase: s.lineDashPhase.isFinite ? s.lineDashPhase : 0, lengths: dashes)
        }
        let scale = max(hypot(t.a, t.b), hypot(t.c, t.d))
        let tolerance = scale > 0 && scale.isFinite ? strokeTolerance / Double(scale) : 0.05
        let cull = visible.flatMap { v in
            inverse(of: t).flatMap { toPath in
                CurveCulling.stroke(visiblePixels: v, pixelToUser: toPath, halfWidth: s.lineWidth / 2,
                                    lineCap: s.lineCap, lineJoin: s.lineJoin, miterLimit: s.miterLimit,
                                    tolerance: tolerance, counter: culledCurves)
            }
        }
        let outline = p.strokeOutline(width: s.lineWidth, lineCap: s.lineCap, lineJoin: s.lineJoin,
                                      miterLimit: s.miterLimit, tolerance: tolerance, scratch: scratch, cull: cull)
        return outline.isEmpty ? nil : outline
    }

    /// The inverse of `t`, also when its determinant overflows (a scale of 1e290 has the
    /// inverse 1e-290 though its determinant is infinite): the linear part is divided by its
    /// largest entry before it is inverted. Nil when `t` is singular or not finite.
    static func inverse(of t: CGAffineTransform) -> CGAffineTransform? {
        let k = max(max(abs(t.a), abs(t.b)), max(abs(t.c), abs(t.d)))
        guard k > 0, k.isFinite, t.tx.isFinite, t.ty.isFinite else { return nil }
        let a = t.a / k, b = t.b / k, c = t.c / k, d = t.d / k
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        // t(p) = k·L(p) + T, so t⁻¹(q) = L⁻¹((q − T) / k).
        let linearInverse = CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det, tx: 0, ty: 0)
        let inverse = CGAffineTransform(translationX: -t.tx, y: -t.ty)
            .concatenating(CGAffineTransform(scaleX: 1 / k, y: 1 / k))
            .concatenating(linearInverse)
        guard inverse.a.isFinite, inverse.b.isFinite, inverse.c.isFinite, inverse.d.isFinite,
              inverse.tx.isFinite, inverse.ty.isFinite else { return nil }
        return inverse
    }

    /// The bounds-space rectangle `piece` may touch (before blur spread, see `deviceRect`).
    static func localRect(_ piece: DrawPiece) -> CGRect {
        switch piece {
        case let .shadow(path, _, _): return path.boundingBoxOfPath
        case let .shadowRoundedRect(s, _, _): return s.rect
        case let .background(s, _), let .gradient(s, _, _), let .border(s, _, _): return s.rect
        case let .contents(c): return c.slices.reduce(CGRect.null) { $0.union($1.destination) }
        case let .shapeFill(p, _, _): return p.boundingBoxOfPath
        case let .shapeStroke(p, _): return p.boundingBoxOfPath
        // Particles fly anywhere: where they are now (ParticleBounds.swift).
        case let .particles(e): return ParticleEvaluator.coveredRect(e.value)
        }
    }

    /// The device rectangle `piece` may touch under `t`, blur spread included.
    package static func deviceRect(_ piece: DrawPiece, transform t: CGAffineTransform) -> CGRect {
        let r = localRect(piece)
        guard !r.isNull else { return .null }
        var d = r.applying(t)
        switch piece {
        case let .shadow(_, sigma, _), let .shadowRoundedRect(_, sigma, _):
            let s = ShadowMapping.spread(sigma: sigma)
            d = d.insetBy(dx: -s, dy: -s)
        default:
            d = d.insetBy(dx: -1, dy: -1) // anti-aliased edges and filter taps
        }
        return d
    }
}

// Prepare's choice between a plane surface and drawing a perspective layer straight through
// its homography. `FramePreparer.emitPlane` first emits the plane bracketed
// (`beginProjective` … body … `endProjective`); when the body qualifies, the bracket is
// replaced by one `.drawPlaneDirect` or `.drawMaskedPlaneDirect` command carrying the body's
// pieces, so the draw list says which way the plane is drawn and the executor only executes.
//
// Why it pays: the plane surface costs a plane-sized allocation, clear, and a second bilinear
// resampling of every pixel (shadow margins included) — half a page-fold frame, and the 200
// image layers of bench-perspective. Why the picture stays the same: a direct piece is painted
// by the same shaders the plane surface's contents would be painted with, composed with the
// plane's homography, so only the second resampling goes (a slightly sharper image, exact
// edges). That holds only when the surface adds nothing of its own to the pixels:
//
// - not cached: a shouldRasterize plane's surface is what is reused between frames;
// - every piece lies inside the plane box (within 1e-6 px), so the surface would not have
//   cut it (the box is clamped to `ProjectiveLayer.maxSide`);
// - only pieces with a projective shader exist: backgrounds (rect or rounded) and contents of
//   one slice (a nine-part contentsCenter image is nine draws with seams the surface hides);
//   borders (except a page's, below), gradients, shapes, path shadows below σ 32 need the
//   surface;
// - no clip (masksToBounds), group opacity, alpha shadow or nested plane in the body: those
//   composite a whole surface, which has no per-piece equivalent;
// - a masked group qualifies only as a page: opacity 1, no alpha shadow, untinted pieces
//   (backgrounds, single-slice images, square-cornered borders), and a mask that is one opaque
//   shape fill lying inside every piece — then the mask outline alone is the group's coverage
//   and the pieces composited per pixel are its paint (a border's outer edge is never inside
//   the mask, so only its inner edge is painted: `ProjectedBorderShader`);
// - every map through the plane is invertible and leaves a visible polygon (checked here in
//   device pixels: the executor's maps differ only by its target's whole-pixel origin).
//
// A plain body of one or two pieces is a `DirectPlane`; a body with a wide shadow or a masked
// group (at most `maxCommands` commands) a `DirectMaskedPlane`. Longer plain bodies keep the
// surface: drawn piece by piece, each projected edge would be anti-aliased against the one
// below rather than the surface's flat composite.
import CoreGraphics
import LaminaRaster

enum DirectPlaneChoice {
    /// Most commands a plane body (its `endProjective` included) may have to be a `DirectMaskedPlane`.
    static let maxCommands = 24
    /// Most pieces of a `DirectPlane`.
    static let maxPlainItems = 2

    /// The command that draws plane `spec` whose body (the commands between its
    /// `beginProjective` and `endProjective`) is `body` without a plane surface, or nil when
    /// the plane keeps its surface.
    static func command(for spec: ProjectiveSpec, body: ArraySlice<DrawCommand>) -> DrawCommand? {
        var scratch: [RasterPoint] = []
        return command(for: spec, body: body, scratch: &scratch)
    }

    /// `command(for:body:)`, its planes' polygons (built only to check a map leaves a visible
    /// one) made in `scratch`, which the caller keeps from plane to plane and frame to frame:
    /// each check's polygon was a malloc, a dozen per page fold frame. `payloads`: a frame
    /// stream's recycled boxes and arrays a masked plane is built in (nil: new ones).
    static func command(for spec: ProjectiveSpec, body: ArraySlice<DrawCommand>, scratch: inout [RasterPoint],
                        payloads: PreparationPayloads? = nil) -> DrawCommand? {
        guard spec.cacheKey == nil, !spec.bounds.isEmpty else { return nil }
        if let items = plainItems(spec, body, &scratch) { return .drawPlaneDirect(DirectPlane(layer: spec.layer, plane: spec, items: items)) }
        var steps = payloads?.takeSteps() ?? []
        guard maskedSteps(spec, body, &scratch, payloads, into: &steps) else {
            payloads?.giveBack(steps: &steps)
            return nil
        }
        guard let payloads else { return .drawMaskedPlaneDirect(DirectMaskedPlane(layer: spec.layer, plane: spec, steps: steps)) }
        return .drawMaskedPlaneDirect(payloads.maskedPlane(layer: spec.layer, plane: spec, steps: &steps))
    }

    /// Whether `ProjectedPlane(bounds: r, homography: h)` exists (and `body` of it, when
    /// given), its polygon built in `scratch` and left there for the next check.
    private static func projects(_ r: CGRect, _ h: PaintProjective, _ scratch: inout [RasterPoint],
                                 _ body: (ProjectedPlane) -> Bool = { _ in true }) -> Bool {
        var buffer: [RasterPoint] = []
        swap(&buffer, &scratch)
        // (Consumed: a copy still held here made the plane's emptying of it a malloc.)
        guard let plane = ProjectedPlane(bounds: r, homography: h, reusing: consume buffer) else { return false }
        let answer = body(plane)
        scratch = (consume plane).takePolygon()
        return answer
    }

    /// One or two plain pieces and nothing else.
    private static func plainItems(_ spec: ProjectiveSpec, _ body: ArraySlice<DrawCommand>, _ scratch: inout [RasterPoint]) -> [DrawItem]? {
        guard !body.isEmpty, body.count <= maxPlainItems else { return nil }
        var items: [DrawItem] = []
        for c in body {
            guard case let .draw(item) = c, isPlain(item, spec, &scratch) else { return nil }
            items.append(item)
        }
        return items
    }

    /// Wide shadows, plain pieces and page-like masked groups, with at least one of the first
    /// or last (a body of plain pieces alone is `plainItems`' or the surface's).
    /// Built into `steps` (empty), its groups' pieces in arrays from `payloads`; false when
    /// the body does not qualify.
    private static func maskedSteps(_ spec: ProjectiveSpec, _ body: ArraySlice<DrawCommand>, _ scratch: inout [RasterPoint],
                                    _ payloads: PreparationPayloads?, into steps: inout [DirectMaskedPlane.Step]) -> Bool {
        guard body.count + 1 <= maxCommands else { return false }
        let c = body // (indexed in place: a copy into an array was a malloc per plane per frame)
        var i = c.startIndex
        while i < c.endIndex {
            switch c[i] {
            case let .draw(item):
                if case let .shadow(_, sigma, _) = item.piece, sigma >= PieceRasterizer.quarterResolutionSigma {
                    guard projectsInvertibly(spec) else { return false }
                    steps.append(.wideShadow(item, hole: nil))
                } else if isPlain(item, spec, &scratch) {
                    steps.append(.item(item))
                } else {
                    return false
                }
                i += 1
            case let .beginGroup(g):
                guard g.reasons == .mask, g.hasMask, g.opacity >= 1, g.shadow == nil else { return false }
                var pieces = payloads?.takePieces() ?? []
                i += 1
                while i < c.endIndex, case let .draw(item) = c[i] {
                    guard isPlain(item, spec, &scratch) || isPageBorder(item, spec), item.alpha >= 1, item.tint == .none else {
                        payloads?.giveBack(pieces: pieces)
                        return false
                    }
                    pieces.append(item)
                    i += 1
                }
                guard !pieces.isEmpty, i + 2 < c.endIndex, case let .beginMask(ml) = c[i], ml == g.layer,
                      case let .draw(mask) = c[i + 1], case let .endGroup(el) = c[i + 2], el == g.layer,
                      isOutline(mask, inside: pieces, spec, &scratch) else {
                    payloads?.giveBack(pieces: pieces)
                    return false
                }
                steps.append(.masked(pieces: pieces, mask: mask))
                i += 3
            default:
                return false
            }
        }
        guard steps.contains(where: { if case .item = $0 { return false } else { return true } }) else { return false }
        // A wide shadow right under an opaque page is not shaded where the page covers it.
        for k in steps.indices.dropLast() {
            guard case let .wideShadow(shadow, _) = steps[k], case let .masked(pieces, mask) = steps[k + 1] else { continue }
            steps[k] = .wideShadow(shadow, hole: opaqueInterior(pieces, mask: mask, spec: spec, scratch: &scratch))
        }
        return true
    }

    // MARK: Pieces

    /// The bounds-space rectangle a plain piece paints (a background or a single-slice
    /// contents), nil for any other piece.
    static func rect(of item: DrawItem) -> CGRect? {
        switch item.piece {
        case let .background(shape, _): return shape.rect.standardized
        case let .contents(c) where c.slices.count == 1: return c.slices[0].destination.standardized
        default: return nil
        }
    }

    /// The bounds-space rectangle a piece of a masked group covers: a plain piece's, or a
    /// border's outer edge.
    private static func pieceRect(_ item: DrawItem) -> CGRect? {
        if case let .border(shape, _, _) = item.piece { return shape.rect.standardized }
        return rect(of: item)
    }

    /// A plain piece inside the plane box whose projective paint can be made.
    private static func isPlain(_ item: DrawItem, _ spec: ProjectiveSpec, _ scratch: inout [RasterPoint]) -> Bool {
        guard let r = rect(of: item), contains(box(spec), r.applying(item.transform)) else { return false }
        guard let h = deviceMap(item, spec) else { return false }
        switch item.piece {
        case let .background(shape, _):
            return projects(shape.rect.standardized, h, &scratch)
        case let .contents(c):
            let s = c.slices[0].source.standardized
            return s.width > 0 && s.height > 0 && projects(r, h, &scratch) && h.inverted() != nil
        default:
            return false
        }
    }

    /// A border of square corners inside the plane box, whose map through the plane can be
    /// inverted: inside a masked group (whose mask `isOutline` checks lies within the border's
    /// outer edge) only its inner edge shows, which `ProjectedBorderShader` paints per pixel.
    /// Rounded borders keep the surface (their inner corners are not a box edge).
    private static func isPageBorder(_ item: DrawItem, _ spec: ProjectiveSpec) -> Bool {
        guard case let .border(shape, width, _) = item.piece, shape.isRect, width.isFinite, width > 0 else { return false }
        let r = shape.rect.standardized
        guard r.width > 0, r.height > 0, contains(box(spec), r.applying(item.transform)),
              let h = deviceMap(item, spec) else { return false }
        return h.inverted() != nil
    }

    /// A mask that is one opaque, untinted shape fill inside every piece of its group, so its
    /// outline alone is the group's coverage.
    private static func isOutline(_ mask: DrawItem, inside pieces: [DrawItem], _ spec: ProjectiveSpec,
                                  _ scratch: inout [RasterPoint]) -> Bool {
        guard case let .shapeFill(path, color, _) = mask.piece, color.premultiplied.a == 255,
              mask.alpha >= 1, mask.tint == .none else { return false }
        let m = path.boundingBoxOfPath.applying(mask.transform)
        guard !m.isNull, m.width > 0, m.height > 0,
              pieces.allSatisfy({ p in pieceRect(p).map { contains($0.applying(p.transform), m) } ?? false }),
              let h = deviceMap(mask, spec) else { return false }
        return projects(path.boundingBoxOfPath, h, &scratch)
    }

    /// Whether the plane's surface → device map can be inverted (a wide shadow's small mask is
    /// sampled through its inverse).
    private static func projectsInvertibly(_ spec: ProjectiveSpec) -> Bool {
        spec.surfaceToDevice.isFinite && spec.surfaceToDevice.paintMap.inverted() != nil
    }

    // MARK: Geometry

    /// The plane box in plane pixels.
    private static func box(_ spec: ProjectiveSpec) -> CGRect {
        CGRect(x: spec.bounds.x0, y: spec.bounds.y0, width: spec.bounds.width, height: spec.bounds.height)
    }

    /// Bounds points of `item` → device pixels, through the plane; nil when not finite.
    static func deviceMap(_ item: DrawItem, _ spec: ProjectiveSpec) -> PaintProjective? {
        let toSurface = Homography([1, 0, Double(-spec.bounds.x0), 0, 1, Double(-spec.bounds.y0), 0, 0, 1])
        let f = spec.surfaceToDevice.after(toSurface).after(.affine(item.transform))
        return f.isFinite ? f.paintMap : nil
    }

    /// `inner` lies in `outer` within 1e-6 (compared edge by edge: Foundation's
    /// `CGRect.contains` compares a recomputed union, which rounding can make unequal).
    static func contains(_ outer: CGRect, _ inner: CGRect) -> Bool {
        let e = 1e-6
        return inner.minX >= outer.minX - e && inner.minY >= outer.minY - e && inner.maxX <= outer.maxX + e && inner.maxY <= outer.maxY + e
    }

    /// A rectangle (plane pixels relative to the plane box's origin) that a masked group fills
    /// with full coverage and an opaque colour, at least 3 device pixels inside its mask
    /// outline; nil when none is found. The group's first piece must be an opaque rect
    /// background (it covers the mask, checked by `isOutline`); the mask outline one convex
    /// subpath, which then contains the rectangle when it contains its corners.
    static func opaqueInterior(_ pieces: [DrawItem], mask: DrawItem, spec: ProjectiveSpec) -> CGRect? {
        var scratch: [RasterPoint] = []
        return opaqueInterior(pieces, mask: mask, spec: spec, scratch: &scratch)
    }

    /// `opaqueInterior(_:mask:spec:)` with its plane's polygon built in `scratch`.
    static func opaqueInterior(_ pieces: [DrawItem], mask: DrawItem, spec: ProjectiveSpec, scratch: inout [RasterPoint]) -> CGRect? {
        guard let first = pieces.first, case let .background(shape, color) = first.piece, shape.isRect,
              color.premultiplied.a == 255, first.alpha >= 1, case let .shapeFill(path, _, _) = mask.piece else { return nil }
        // One convex subpath, tested as it is flattened (the flattened polyline is not kept).
        var scan = ConvexityScan(), subpaths = 0
        path.flatten(tolerance: 0.05, begin: { start in
            subpaths += 1
            scan = ConvexityScan()
            scan.add(start)
        }, point: { p, _ in scan.add(p) }, end: { _, _ in })
        guard subpaths == 1, scan.isConvex else { return nil }
        let box = path.boundingBoxOfPath
        var scale = 0.0
        guard let h = deviceMap(mask, spec), projects(box, h, &scratch, { scale = $0.minimumScale; return true }) else { return nil }
        guard scale > 1e-6, scale.isFinite else { return nil }
        let margin = CGFloat(3 / scale) // bounds points
        for fraction: CGFloat in [0.04, 0.1, 0.2, 0.3] {
            let r = box.insetBy(dx: fraction * min(box.width, box.height), dy: fraction * min(box.width, box.height))
            let grown = r.insetBy(dx: -margin, dy: -margin)
            guard r.width > 0, r.height > 0 else { return nil }
            if path.contains(CGPoint(x: grown.minX, y: grown.minY)), path.contains(CGPoint(x: grown.maxX, y: grown.minY)),
               path.contains(CGPoint(x: grown.maxX, y: grown.maxY)), path.contains(CGPoint(x: grown.minX, y: grown.maxY)) {
                // Bounds points → plane pixels relative to the box origin.
                let t = mask.transform.concatenating(CGAffineTransform(translationX: CGFloat(-spec.bounds.x0), y: CGFloat(-spec.bounds.y0)))
                return r.applying(t)
            }
        }
        return nil
    }

    /// True when the closed polygon turns one way only (collinear steps allowed).
    static func isConvex(_ p: [CGPoint]) -> Bool {
        var scan = ConvexityScan()
        for v in p { scan.add(v) }
        return scan.isConvex
    }

    /// `isConvex` of a closed polygon fed vertex by vertex, without keeping it: the turns at
    /// each vertex in the same order (the last two, which wrap around to the first two
    /// vertices, when asked), so the same answer.
    struct ConvexityScan {
        private var first = CGPoint.zero, second = CGPoint.zero
        private var a = CGPoint.zero, b = CGPoint.zero
        private var count = 0
        private var sign = 0.0
        private var turnsBothWays = false

        mutating func add(_ p: CGPoint) {
            if count == 0 { first = p } else if count == 1 { second = p } else { turn(a, b, p) }
            a = b
            b = p
            count += 1
        }

        private mutating func turn(_ a: CGPoint, _ b: CGPoint, _ c: CGPoint) {
            let cross = Double((b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x))
            if abs(cross) < 1e-9 { return }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { turnsBothWays = true }
        }

        /// Whether the polygon fed so far, closed, turns one way only.
        var isConvex: Bool {
            guard count >= 3 else { return false }
            var s = self
            s.turn(a, b, first)
            s.turn(b, first, second)
            return !s.turnsBothWays && s.sign != 0
        }
    }
}

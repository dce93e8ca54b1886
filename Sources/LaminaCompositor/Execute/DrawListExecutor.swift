// Runs a draw list on LaminaRaster: a stack of targets (the output, then one per open
// group), clips per target, and the finishing of groups — alpha shadow, mask, opacity —
// composited through the clip of the surface below. Every choice (plane surface or direct
// drawing, group or not) was made by prepare and is a command: nothing here inspects later
// commands to choose how to draw (a cached plane's body is only skipped when its surface is
// reused).
import CoreGraphics
import LaminaRaster

/// Errors the compositor reports instead of crashing.
package enum CompositorError: Error, CustomStringConvertible, Equatable {
    /// The output size is not positive or exceeds the surface limits.
    case invalidOutputSize(width: Int, height: Int)
    /// The draw list's groups do not nest (a bug in whoever built it).
    case unbalancedDrawList(String)
    /// An offscreen surface could not be made (its size exceeds the surface limits).
    case offscreenTooLarge(layer: RenderNodeID, width: Int, height: Int)
    /// A surface of the frame would take the pixel-memory budget past its limit.
    case memoryBudgetExceeded(BudgetOverrun)

    /// The layer the error is about, if any (callers that know the layers name it better).
    package var layer: RenderNodeID? {
        switch self {
        case let .offscreenTooLarge(l, _, _): return l
        case let .memoryBudgetExceeded(o): return o.layer
        default: return nil
        }
    }

    package var description: String { description(layer: { "layer \($0)" }) }

    /// The message with the layer named by `name` (e.g. its name and index path in the tree).
    package func description(layer name: (RenderNodeID) -> String) -> String {
        switch self {
        case let .invalidOutputSize(w, h): return "invalid output size \(w)x\(h) (must be positive and within surface limits)"
        case let .unbalancedDrawList(s): return "draw list is not balanced: \(s)"
        case let .offscreenTooLarge(l, w, h): return "offscreen surface \(w)x\(h) for \(name(l)) exceeds the surface limits"
        case let .memoryBudgetExceeded(o): return o.description(layer: name(o.layer))
        }
    }
}

final class DrawListExecutor {
    private let pieces: PieceRasterizer
    private var stack: [RasterTarget] = []
    private let cache: RasterCache?
    private let images: ImageCache
    /// While a cached plane surface is reused, the commands that would redraw it are skipped
    /// up to this layer's `endProjective`.
    private var skippingTo: RenderNodeID?
    private let transitions: TransitionExecution // TransitionExecution.swift

    private let shadows: ShadowCache
    private let coverage: CoverageCache?

    /// Where every offscreen surface of the frame comes from and goes back to (one budget,
    /// the compositor's pool): each is handed back where its target is popped.
    private let allocator: SurfaceAllocator
    /// The frame's large planes drawn in bands on the worker pool (nil: each drawn here); set
    /// for each frame by `DrawListExecutorPool` when the executor is kept between frames.
    var planes: PlaneBands?

    /// Where this executor's surfaces come from (a region render saves pixels in one).
    var surfaceAllocator: SurfaceAllocator { allocator }

    /// The budget this executor's surfaces are charged to.
    var budget: PixelMemoryBudget { allocator.budget }

    /// Where `pieces` came from and goes back to when this executor is freed (nil: its own).
    private let scratch: PieceRasterizerPool?
    /// The pool that lent this executor (nil: made for one use), which lends the executors of
    /// a banded plane's bands too. Unowned: the pool holds its idle executors, and lent ones
    /// are given back before the frame ends.
    unowned(safe) var lender: DrawListExecutorPool?

    init(cache: RasterCache? = nil, images: ImageCache = ImageCache(), shadows: ShadowCache = ShadowCache(),
         coverage: CoverageCache? = nil, allocator: SurfaceAllocator, planes: PlaneBands? = nil,
         scratch: PieceRasterizerPool? = nil) {
        self.allocator = allocator
        self.planes = planes
        self.scratch = scratch
        transitions = TransitionExecution(allocator: allocator)
        self.cache = cache
        self.images = images
        self.shadows = shadows
        self.coverage = coverage
        // A pooled rasterizer draws with the pool's caches: the compositor's, as passed here.
        pieces = scratch?.take() ?? PieceRasterizer(images: images, shadows: shadows, coverage: coverage)
        pieces.allocator = allocator
    }

    deinit {
        pieces.allocator = nil
        scratch?.giveBack(pieces)
    }

    /// Draws `list` over `output` (its pixel (0, 0) is device pixel (0, 0)), changing only
    /// the pixels of `region` (device pixels; nil: all) — those exactly as drawing it all
    /// would (RegionRendering.swift). `endsFrame`: the caches drop what this run did not use
    /// (false for one region of several, whose caller ends the frame once).
    ///
    /// `kept`: the device pixels of `region` whose result the caller keeps (the rest of the
    /// region's rows are put back afterwards, RegionRendering.swift), nil: all of `region`.
    /// An item drawn on the output whose extent misses them is skipped: it could change only
    /// pixels the caller puts back.
    func run(_ list: DrawList, into output: Surface, region: PixelRect? = nil, kept: PixelRect? = nil,
             endsFrame: Bool = true) throws {
        let out: RasterTarget
        if let r = outputTarget {
            r.retarget(output)
            out = r
        } else {
            out = RasterTarget(surface: output, originX: 0, originY: 0, group: nil)
            outputTarget = out
        }
        out.limit = region
        keptPixels = kept
        defer {
            out.release()
            keptPixels = nil
            if endsFrame { endFrame() }
        }
        try run(list.commands, 0..<list.commands.count, on: out)
    }

    /// See `run(_:into:region:kept:endsFrame:)`.
    private var keptPixels: PixelRect?
    /// The output's target, kept between runs (it holds no surface between them).
    private var outputTarget: RasterTarget?

    /// Runs `commands[range]`, which must balance, over `root`.
    private func run(_ commands: [DrawCommand], _ range: Range<Int>, on root: RasterTarget) throws {
        // The stack's buffer is kept between runs (an executor is reused, DrawListExecutorPool);
        // emptied after each run, even a failed one, so no target (or surface) outlives it.
        stack.removeAll(keepingCapacity: true)
        stack.append(root)
        skippingTo = nil
        defer {
            stack.removeAll(keepingCapacity: true)
            transitions.reset()
        }
        pieces.laterCovers.reset()
        // Read once, not per command (a region render of a spinner frame walks ~1,000 draws
        // and draws ~15): whether the root is the output itself (no group, no plane), and the
        // pixels a draw on it must reach to be drawn. Neither changes during the run.
        let rootIsOutput = root.group == nil && root.projective == nil
        let outputLimit = rootIsOutput ? keptPixels ?? root.deviceLimit : nil
        var index = range.lowerBound
        while index < range.upperBound {
            // A draw on the output that cannot reach the kept pixels is passed over before the
            // command is copied out (read in place: a region render of a spinner frame passes
            // over ~1,000 draws, and copying each — its payload retained and released — cost
            // about as much as testing its extent).
            if let limit = outputLimit, stack.count == 1, skippingTo == nil,
               !commands.withUnsafeBufferPointer({ $0[index].drawMayChange(within: limit) }) {
                index += 1
                continue
            }
            let command = commands[index]
            index += 1
            guard let top = stack.last else { throw CompositorError.unbalancedDrawList("group ended twice") }
            if let skip = skippingTo {
                guard case let .endProjective(layer) = command, layer == skip else { continue }
                skippingTo = nil
            }
            switch command {
            case let .draw(item):
                // A region render skips what cannot reach the pixels it keeps (items on the
                // output only).
                let onOutput = rootIsOutput && stack.count == 1
                // (Draws on the output that cannot reach `outputLimit` were passed over above.)
                // On the output, what later commands overwrite is left out (LaterCovers.swift).
                if onOutput {
                    top.skipRuns = pieces.laterCovers.skip(forDrawAt: index - 1, item, commands, range, target: top, pieces: pieces)
                }
                defer { top.skipRuns = nil }
                try pieces.draw(item, into: top)
            case let .pushClip(layer, shape, transform):
                try pushClip(shape, transform, on: top, layer: layer)
            case .popClip:
                if !top.clips.isEmpty { allocator.recycle(top.clips.removeLast().mask) }
            case let .beginGroup(spec):
                try beginGroup(spec, over: top)
            case let .beginMask(layer):
                guard let g = top.group, g.layer == layer, !top.isMask else {
                    throw CompositorError.unbalancedDrawList("mask of \(layer) outside its group")
                }
                stack.append(try makeTarget(g, isMask: true, whole: top.wholeBox))
            case let .endGroup(layer):
                try endGroup(layer)
            case let .beginProjective(spec):
                let b = spec.bounds
                // A plane seen edge-on draws nothing: its body is skipped (PlaneRows.swift).
                if PlaneRows.coversNoPixel(spec, below: top) {
                    stack.append(RasterTarget(surface: nil, originX: b.x0, originY: b.y0, group: nil, projective: spec))
                    skippingTo = spec.layer
                    continue
                }
                if let key = spec.cacheKey, let cached = cache?.lookup(spec.layer, key: key, width: b.width, height: b.height) {
                    stack.append(RasterTarget(surface: cached, originX: b.x0, originY: b.y0, group: nil, projective: spec))
                    skippingTo = spec.layer
                    continue
                }
                // Only the part of the plane that lands on the surface below (PlaneCrop.swift) —
                // below as a whole-frame render has it, so the plane is that render's plane.
                let whole = top.wholeBox
                let plane = top.surface == nil || whole.isEmpty ? spec
                    : PlaneCrop.cropped(spec, targetOriginX: whole.x0, targetOriginY: whole.y0, width: whole.width, height: whole.height)
                let pb = plane.bounds
                // In a region render, only the surface rows the region's rows sample are drawn
                // (PlaneRows.swift); a cached surface is kept for later frames, so whole.
                let rows = spec.cacheKey == nil ? PlaneRows.sampled(plane, below: top) : nil
                if top.surface != nil, let planes, planes.wants(pb, rows: rows),
                   let banded = try drawBanded(plane, commands, bodyFrom: index, to: range.upperBound, rows: rows, planes) {
                    let target = RasterTarget(surface: banded, originX: pb.x0, originY: pb.y0, group: nil, projective: plane)
                    target.sharesSurface = true
                    stack.append(target)
                    skippingTo = spec.layer
                    continue
                }
                let surface = pb.isEmpty || rows?.isEmpty == true ? nil
                    : try allocator.surface(width: pb.width, height: pb.height, for: spec.layer, .plane)
                let target = RasterTarget(surface: surface, originX: pb.x0, originY: pb.y0, group: nil, projective: plane)
                if let rows { target.limit = PixelRect(x0: 0, y0: rows.lowerBound, x1: pb.width, y1: rows.upperBound) }
                stack.append(target)
            case let .endProjective(layer):
                try endProjective(layer)
            // Planes prepare chose to draw without their surface (DirectPlaneChoice.swift).
            case let .drawPlaneDirect(plane):
                pieces.drawDirect(plane, into: top)
            case let .drawMaskedPlaneDirect(plane):
                // On the output, what a later page overwrites is left out of this one's shadow
                // and page too (LaterCovers.swift).
                if rootIsOutput && stack.count == 1 {
                    top.skipRuns = pieces.laterCovers.skip(forPlaneAt: index - 1, plane, commands, range, target: top, pieces: pieces)
                }
                defer { top.skipRuns = nil }
                try pieces.drawDirectMasked(plane, into: top)
            // 3D contexts and transitions: ContextClipExecution.swift, TransitionExecution.swift.
            case let .pushPolygonClip(layer, polygon):
                try ContextClipExecution.push(polygon, on: top, painter: pieces.painter, allocator: allocator, layer: layer)
            case let .beginTransition(spec):
                stack.append(try transitions.begin(spec))
            case let .beginTransitionLive(layer):
                stack.append(try transitions.live(layer, old: stack.count >= 2 ? stack.removeLast() : nil))
            case let .endTransition(layer):
                try transitions.end(layer, new: stack.count >= 2 ? stack.removeLast() : nil, parent: stack.last, painter: pieces.painter)
            }
        }
        guard stack.count == 1 else { throw CompositorError.unbalancedDrawList("\(stack.count - 1) group(s) not ended") }
    }

    /// The surface of `plane` (its `beginProjective` is command `start - 1`) with its body
    /// drawn in bands shared with the frame's other executors (PlaneBands.swift); nil when
    /// its `endProjective` is missing or another executor banded that command with other
    /// bounds (it is then drawn here, as without bands). `rows`: the surface rows needed
    /// (nil: all), the only ones this caller makes sure are drawn.
    private func drawBanded(_ plane: ProjectiveSpec, _ commands: [DrawCommand], bodyFrom start: Int, to limit: Int,
                            rows: Range<Int>?, _ planes: PlaneBands) throws -> Surface? {
        guard let end = commands[start..<limit].firstIndex(where: {
            if case let .endProjective(layer) = $0 { return layer == plane.layer }
            return false
        }) else { return nil }
        let pb = plane.bounds
        let (cache, images, shadows, coverage, budget, pool, scratch, lender) =
            (cache, images, shadows, coverage, allocator.budget, allocator.pool, scratch, lender)
        return try planes.surface(command: start - 1, bounds: pb, rows: rows, allocate: {
            try allocator.surface(width: pb.width, height: pb.height, for: plane.layer, .plane)
        }, draw: { surface, rows in
            // A kept executor from this one's lender when it has one (no executor made per band).
            let band = lender?.take(budget: budget, planes: planes)
                ?? DrawListExecutor(cache: cache, images: images, shadows: shadows, coverage: coverage,
                                    allocator: SurfaceAllocator(budget: budget, pool: pool), planes: planes,
                                    scratch: scratch)
            defer { lender?.giveBack(band) }
            let target = RasterTarget(surface: surface, originX: pb.x0, originY: pb.y0, group: nil, projective: plane)
            target.limit = rows
            try band.run(commands, start..<end, on: target)
        })
    }

    /// Drops from the caches what the frame did not use.
    func endFrame() {
        pieces.flushCacheUse()
        cache?.endFrame(); images.endFrame(); shadows.endFrame(); coverage?.endFrame(); allocator.endFrame()
    }

    private func makeTarget(_ spec: GroupSpec, isMask: Bool, whole: PixelRect? = nil) throws -> RasterTarget {
        let b = spec.bounds
        guard !b.isEmpty else { return RasterTarget(surface: nil, originX: b.x0, originY: b.y0, group: spec, isMask: isMask) }
        let s = try allocator.surface(width: b.width, height: b.height, for: spec.layer, isMask ? .mask : .group)
        let t = RasterTarget(surface: s, originX: b.x0, originY: b.y0, group: spec, isMask: isMask)
        if let whole { t.wholeBox = whole }
        return t
    }

    private func beginGroup(_ spec: GroupSpec, over top: RasterTarget) throws {
        // Nothing of a group outside the surface below and its clip can show, except what
        // casts a shadow into it (ShadowWindow.swift): skip drawing the rest. In a region
        // render (`RasterTarget.limit`) only the limit's rows of the surface below can change,
        // so only they are visible; `full` and the whole-frame extent come from the whole boxes,
        // so a group's pixels, its shadow's blur plane and what is drawn into it are those of
        // the whole frame (RegionRendering.swift).
        var s = spec
        let reach = spec.shadow?.reach ?? 0
        let whole = top.wholeBox
        let grown = whole.isEmpty ? whole : PixelRect(x0: whole.x0 - reach, y0: whole.y0 - reach, x1: whole.x1 + reach, y1: whole.y1 + reach)
        let full = PixelRect(x0: spec.bounds.x0, y0: spec.bounds.y0, x1: spec.bounds.x1, y1: spec.bounds.y1).intersection(grown)
        var wholeVisible = whole.intersection(full)
        var visible = top.deviceBox.intersection(full)
        if let clip = top.clips.last {
            visible = visible.intersection(clip.box)
            wholeVisible = wholeVisible.intersection(clip.wholeBox)
        }
        if let limit = top.deviceLimit { visible = visible.intersection(limit) }
        var window: ShadowWindow?
        var b = visible, wholeB = wholeVisible
        if let shadow = spec.shadow {
            window = ShadowWindow(full: full, visible: visible, shadow: shadow)
            b = window!.content
            wholeB = ShadowWindow(full: full, visible: wholeVisible, shadow: shadow).content
        }
        s.bounds = b.isEmpty ? .empty : PixelBox(x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1)
        let target = try makeTarget(s, isMask: false, whole: wholeB)
        target.shadowWindow = window
        stack.append(target)
    }

    /// Intersects the target's clip with the shape.
    private func pushClip(_ shape: LayerShape, _ t: CGAffineTransform, on target: RasterTarget, layer: RenderNodeID) throws {
        let deviceRect = shape.rect.applying(t)
        let shapeBox = PixelRect.covering(minX: Double(deviceRect.minX), minY: Double(deviceRect.minY),
                                          maxX: Double(deviceRect.maxX), maxY: Double(deviceRect.maxY))
        var box = shapeBox.intersection(target.deviceBox)
        var whole = shapeBox.intersection(target.wholeBox)
        if let outer = target.clips.last { box = box.intersection(outer.box); whole = whole.intersection(outer.wholeBox) }
        guard !box.isEmpty else {
            // Everything is clipped away: an empty 1x1 mask far from nothing visible.
            let m = try allocator.mask(width: 1, height: 1, for: layer, .mask)
            // In a region render the clip may show in the whole frame all the same (`whole`).
            target.clips.append(DeviceClip(mask: m, x: target.originX, y: target.originY, wholeBox: whole.isEmpty ? nil : whole))
            return
        }
        guard let clip = try pieces.painter.mask(covering: box, allocator: allocator, layer: layer, draw: { shift, sink, area in
            let local = t.concatenating(shift)
            if let rr = PieceRasterizer.analytic(shape, local) {
                AnalyticCoverage.fillRoundedRect(rr, clip: area, into: &sink)
            } else {
                pieces.painter.rasterizer.fill(PieceRasterizer.polygon(shape.path(transform: local), .identity),
                                               rule: .nonZero, clip: area, into: &sink)
            }
        }) else { return }
        if let outer = target.clips.last {
            clip.mask.intersect(with: outer.mask, dx: outer.x - clip.x, dy: outer.y - clip.y)
        }
        target.clips.append(DeviceClip(mask: clip.mask, x: clip.x, y: clip.y, wholeBox: whole))
    }

    /// Projects a finished perspective layer's surface onto the surface below: the surface's
    /// rectangle mapped by the homography and clipped to w > ε is the coverage; the image
    /// shader samples the surface through the inverse map (transparent outside it).
    private func endProjective(_ layer: RenderNodeID) throws {
        guard stack.count >= 2, let top = stack.popLast(), let spec = top.projective, spec.layer == layer else {
            throw CompositorError.unbalancedDrawList("end of projective layer \(layer) without its begin")
        }
        let parent = stack[stack.count - 1]
        // A plane's surface goes back to the pool once drawn, unless the raster cache keeps it
        // or other threads share it (a banded plane: freed when the frame's bands end).
        defer { if spec.cacheKey == nil, !top.sharesSurface { allocator.recycle(top.surface) } }
        guard let surface = top.surface, parent.surface != nil else { return }
        if let key = spec.cacheKey { cache?.store(layer, key: key, surface: surface) }
        let toLocal = Homography([1, 0, Double(-parent.originX), 0, 1, Double(-parent.originY), 0, 0, 1])
        let forward = toLocal.after(spec.surfaceToDevice)
        let quad = forward.projectClipped(ProjectiveLayer.corners(CGRect(x: 0, y: 0, width: surface.width, height: surface.height)))
        guard quad.count >= 3, let inverse = forward.paintMap.inverted() else { return }
        // Drawn at about device resolution: bilinear keeps it sharp (trilinear blurs foreshortened parts).
        let sampling = DirectPlaneDrawing.sampling(forward, over: CGRect(x: 0, y: 0, width: surface.width, height: surface.height))
        let shader = ImageShader(image: SampledImage(surface), inverse: inverse, filter: .bilinear, edge: .transparent,
                                 perspective: sampling)
        let polygon = Polygon([quad.map { RasterPoint(Double($0.x), Double($0.y)) }])
        pieces.painter.fill(polygon, rule: .nonZero, into: parent, paint: .shader(shader), alpha: 1)
    }

    private func endGroup(_ layer: RenderNodeID) throws {
        var maskTarget: RasterTarget?
        if let top = stack.last, top.isMask { maskTarget = stack.removeLast() }
        guard stack.count >= 2, let content = stack.popLast(), let spec = content.group, spec.layer == layer else {
            throw CompositorError.unbalancedDrawList("end of group \(layer) without its begin")
        }
        let parent = stack[stack.count - 1]
        defer { allocator.recycle(content.surface); allocator.recycle(maskTarget?.surface) }
        guard let surface = content.surface, let parentSurface = parent.surface else { return }
        var result = surface, resultX = content.originX, resultY = content.originY
        defer { if result !== surface { allocator.recycle(result) } }
        if let shadow = spec.shadow, let window = content.shadowWindow {
            guard let shadowed = try GroupEffects.withAlphaShadow(surface, window: window, shadow: shadow, layer: layer,
                                                                  painter: pieces.painter, allocator: allocator) else { return }
            (result, resultX, resultY) = shadowed
        }
        // The mask's alpha, then the clip of the surface below, both in device pixels.
        var mask: DeviceClip?
        if let m = maskTarget?.surface {
            let alpha = try GroupEffects.alpha(of: m, layer: layer, allocator: allocator)
            mask = DeviceClip(mask: alpha, x: content.originX, y: content.originY)
        } else if spec.hasMask {
            return // the mask drew nothing: the layer is fully masked out
        }
        defer { if maskTarget != nil, let m = mask { allocator.recycle(m.mask) } }
        if let clip = parent.clips.last {
            if let m = mask {
                m.mask.intersect(with: clip.mask, dx: clip.x - m.x, dy: clip.y - m.y)
            } else {
                mask = clip
            }
        }
        let alpha = Blitter.alpha8(spec.opacity)
        let dx = resultX - parent.originX, dy = resultY - parent.originY
        if let m = mask {
            parentSurface.composite(result, dx: dx, dy: dy, alpha: alpha, clip: parent.limit, mask: m.mask,
                                    maskX: m.x - parent.originX, maskY: m.y - parent.originY)
        } else {
            parentSurface.composite(result, dx: dx, dy: dy, alpha: alpha, clip: parent.limit)
        }
    }
}

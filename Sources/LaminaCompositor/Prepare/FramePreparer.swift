// Prepare: walks the render tree once per frame and produces the draw list — accumulated
// transforms, per-layer pieces in Apple's order, clips, and the offscreen groups the single
// predicate asks for (reference §3.1: shadow, background, contents, sublayers by zPosition,
// border; clipping by masksToBounds and mask; opacity last).
import CoreGraphics
import LaminaRaster

/// Builds the draw list of one frame. Each node is visited at most once per frame (a node
/// reached again — cycle, shared child, mask that is also a sublayer — is skipped with a
/// diagnostic), and recursion stops at `maxDepth`.
package struct FramePreparer {
    package static let maxDepth = 128
    /// Above this many pieces in a subtree the overlap test assumes overlap.
    package static let overlapTestLimit = 24

    let tree: RenderTree
    let scale: Double
    var output: PixelBox
    var list: DrawList
    var visited = VisitedNodes()
    var bodyCache: [BodyKey: [DrawPiece]] = [:]
    /// Emptied piece arrays of earlier bodies, filled by the next bodies made (with
    /// `retained`, the last frame's: `RetainedPreparation.takeBackStorage`).
    var spareBodies: [[DrawPiece]] = []
    /// Emptied arrays for the resolved sublayer ids of the layers being walked (one a level),
    /// reused layer after layer; with `retained`, frame after frame too.
    var spareIDLists: [[RenderNodeID]] = []
    /// The ancestors set an extent walk (`subtreeExtent`) carries, emptied and reused by the
    /// next one (a set made for each group or plane measured was a malloc each).
    var spareAncestors: Set<RenderNodeID> = []
    /// The vertex buffer `DirectPlaneChoice` builds its check polygons in, kept from plane to
    /// plane (and, lent by `retained`, frame to frame).
    var planeVertices: [RasterPoint] = []
    /// The projected bounds of the plane being emitted (`emitPlane`), kept likewise.
    var planeQuad: [CGPoint] = []
    /// The boxes of payloads too large for a command, recycled frame to frame (a frame
    /// stream's: `RetainedPreparation.payloads`); nil boxes every payload anew.
    var payloads: PreparationPayloads?
    /// The delayed replicator instances being walked, outermost first (see
    /// `ReplicatorInstanceNodes`), and the variant of the tree's instance nodes they select
    /// (nil: the frame's own nodes).
    private var instancePath: [ReplicatorInstanceStep] = []
    var instanceVariant: Int?
    /// The colour modulation of the replicator instance being emitted.
    var tint = RenderTint.none
    /// Layers being drawn into their own plane surface right now (perspective, shouldRasterize).
    var planeLayers: Set<RenderNodeID> = []
    /// Most instances a replicator draws (bad input beyond is clamped). Nested replicators
    /// share the budget: the product of the instance counts on the way down never exceeds
    /// it, so four nested replicators of 100 draw 4096 copies, not 100 million.
    package static let maxInstances = 4096
    /// The product of the instance counts of the replicators being walked (see `maxInstances`).
    var replication = 1
    /// How far (device pixels) content outside the visible pixels can still show, as the
    /// shadows of the alpha-shadow groups being walked: the sum of their reaches.
    var shadowReach = 0
    /// Whether shape layers' strokes pass curves that cannot reach the visible pixels as
    /// chords (`CurveCulling`; the same pixels). Tests turn it off to compare.
    package var cullsStrokeCurves = true
    /// Whether planes whose surface would add nothing are drawn straight through their
    /// homography (`DirectPlaneChoice`). Tests turn it off to compare with the plane surface.
    package var drawsPlanesDirectly = true
    /// Counts the stroke curves culled (tests count work with it); nil counts nothing.
    package var culledStrokeCurves: CullCounter?
    /// The stroker's working buffers for shape layers' outlines, reused layer after layer.
    /// Only this preparer's thread uses it while it prepares (the compositor lends each
    /// frame its own, `StrokeScratchPool`).
    let strokeScratch: StrokeScratch
    /// The last frame's list by subtree, for a frame stream that prepares only what changed
    /// (RetainedPreparation.swift); nil prepares every layer.
    package var retained: RetainedPreparation?
    /// > 0 inside 3D rendering contexts and transitions, where segments are neither reused
    /// nor recorded (their walks repeat subtrees and change the output box).
    var retainBlock = 0
    /// The layer whose sublayer loop is running (nil at the root): the superlayer segments
    /// opened now are recorded under (RetainedPreparation.swift).
    var sublayerParent: RenderNodeID?

    /// `width` × `height` device pixels; `scale` device pixels per point (the root's
    /// superlayer space, in points, maps to the device by this uniform scale). `strokeScratch`:
    /// stroker buffers to reuse, used by no other thread until `prepare()` has returned.
    package init(tree: RenderTree, width: Int, height: Int, scale: Double, strokeScratch: StrokeScratch = StrokeScratch()) {
        self.tree = tree
        self.strokeScratch = strokeScratch
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        output = PixelBox(x0: 0, y0: 0, x1: max(0, width), y1: max(0, height))
        list = DrawList(width: max(0, width), height: max(0, height))
    }

    package mutating func prepare() -> DrawList {
        guard let rootID = tree.rootID, let root = tree[rootID] else { return list }
        if let key = retainedFrameKey { retained?.begin(tree: tree, key: key) } // RetainedPreparation.swift
        retained?.lendStorage(to: &self)
        visited.insert(rootID)
        if !emitTransformLayerContext(root, parentSublayer: CATransform3DIdentity, parentToDevice: CATransform3DMakeScale(CGFloat(scale), CGFloat(scale), 1),
                                      alpha: 1, clipBox: output, flipped: false, depth: 0) { // TransformLayerContext.swift
            let rm = LayerGeometry.rootMatrix(root, scale: scale)
            emitRetained(root.projectingParticles(matrix: rm, depthSpace: LayerGeometry.placement(of: root)), // ParticleProjection.swift
                         matrix: rm, alpha: 1, clipBox: output, flipped: false, depth: 0)
        }
        retained?.finish(commands: list.commands, visited: &visited, diagnostics: list.diagnostics)
        retained?.takeBackStorage(from: &self)
        if let retained, retained.isRecording {
            // The retained preparation holds the list before culling: culled into its spare
            // buffer, not by a copy of the shared one (OcclusionCulling.swift).
            retained.cull(&list.commands, output: output)
        } else {
            OcclusionCulling.cullInPlace(&list.commands, output: output) // OcclusionCulling.swift
        }
        return list
    }

    // MARK: Walking

    static func sanitizedOpacity(_ o: Float) -> Double { o.isNaN ? 0 : min(1, max(0, Double(o))) }

    /// The node `id` as drawn on the instance path being walked: a delayed replicator
    /// instance's own node when it has one, else the frame's.
    func node(_ id: RenderNodeID) -> RenderNode? {
        if let v = instanceVariant, let n = tree.instanceNodes.node(id, in: v) { return n }
        return tree[id]
    }

    /// Where the walk was before `enterInstance`.
    struct InstanceScope {
        fileprivate var pushed: Bool
        fileprivate var variant: Int?
    }

    /// Enters instance `k` of `n`'s sublayers: instance k ≥ 1 of a delayed replicator adds a
    /// step to the instance path, so its descendants resolve to the nodes evaluated k·delay
    /// earlier. Pair with `leaveInstance`.
    mutating func enterInstance(_ k: Int, of n: RenderNode) -> InstanceScope {
        let scope = InstanceScope(pushed: false, variant: instanceVariant)
        guard k > 0, !tree.instanceNodes.isEmpty, case let .replicator(r) = n.kind, r.shiftsInstances else { return scope }
        instancePath.append(ReplicatorInstanceStep(replicator: n.id, index: k))
        instanceVariant = tree.instanceNodes.variant(at: instancePath)
        return InstanceScope(pushed: true, variant: scope.variant)
    }

    mutating func leaveInstance(_ scope: InstanceScope) {
        if scope.pushed { instancePath.removeLast() }
        instanceVariant = scope.variant
    }

    /// Resolves `id` as a child (or mask) of `parent`, reporting dangling and repeated ids.
    mutating func resolve(_ id: RenderNodeID, parent: RenderNodeID) -> RenderNode? {
        resolves(id, parent: parent) ? node(id) : nil
    }

    /// Calls `body` with node `id` as the instance path being walked draws it: a delayed
    /// replicator instance's own node when it has one, else the frame's, read in place.
    /// Static, with the tree and variant passed in, so `body` may mutate the preparer.
    @inline(__always)
    static func withNode<R>(_ id: RenderNodeID, in tree: RenderTree, variant: Int?, _ body: (RenderNode) -> R) -> R? {
        if let v = variant, let n = tree.instanceNodes.node(id, in: v) { return body(n) }
        return tree.withNode(id, body)
    }

    /// `resolve` without copying the node out: whether `id` resolves as a child (or mask) of
    /// `parent` (reported when dangling or repeated), marked visited when it does.
    mutating func resolves(_ id: RenderNodeID, parent: RenderNodeID) -> Bool {
        let exists = instanceVariant.map { tree.instanceNodes.node(id, in: $0) != nil } == true || tree.contains(id)
        guard exists else {
            list.diagnostics.append(.tree(.danglingReference(parent: parent, missing: id)))
            return false
        }
        guard !visited.contains(id) else {
            list.diagnostics.append(.tree(.repeatedNode(parent: parent, node: id)))
            return false
        }
        visited.insert(id)
        return true
    }

    /// `ids` (resolved children) in drawing order: sublayer order, stably sorted by zPosition
    /// (NaN as 0), as `sortedChildren` orders nodes.
    func sortedChildIDs(_ ids: [RenderNodeID]) -> [RenderNodeID] {
        let tree = self.tree, variant = instanceVariant
        return Self.zOrdered(ids) { Self.withNode($0, in: tree, variant: variant) { $0.zPosition } ?? 0 }
    }

    /// Whether `ids` are already in drawing order (`sortedChildIDs` would return them as they are).
    static func isZOrdered(_ ids: [RenderNodeID], in tree: RenderTree, variant: Int?) -> Bool {
        func z(_ id: RenderNodeID) -> CGFloat {
            let v = withNode(id, in: tree, variant: variant) { $0.zPosition } ?? 0
            return v.isNaN ? 0 : v
        }
        guard ids.count > 1 else { return true }
        var previous = z(ids[0])
        for i in 1..<ids.count {
            let v = z(ids[i])
            if v < previous { return false }
            previous = v
        }
        return true
    }

    /// The children in drawing order: sublayer order, stably sorted by zPosition (NaN as 0).
    func sortedChildren(_ nodes: [RenderNode]) -> [RenderNode] { Self.sortedChildren(nodes) }

    /// Sublayers already in z order — nearly always: all at z 0 — are returned as they are
    /// after one pass of comparisons. Sorting them anyway copied every RenderNode twice per
    /// frame (the enumerated pairs and the mapped result: 200,000 node copies, with their
    /// retains, for a layer with 100,000 sublayers).
    static func sortedChildren(_ nodes: [RenderNode]) -> [RenderNode] { zOrdered(nodes) { $0.zPosition } }

    /// `items` stably sorted by `zPosition(item)` (NaN as 0): the one ordering of sublayers,
    /// for nodes and for ids. Items already in order come back as they are after one pass.
    static func zOrdered<T>(_ items: [T], zPosition: (T) -> CGFloat) -> [T] {
        func z(_ item: T) -> CGFloat {
            let v = zPosition(item)
            return v.isNaN ? 0 : v
        }
        var inOrder = true
        for i in items.indices.dropFirst() where z(items[i]) < z(items[i - 1]) {
            inOrder = false
            break
        }
        if inOrder { return items }
        return items.map { ($0, z($0)) }.enumerated().sorted { a, b in
            a.element.1 != b.element.1 ? a.element.1 < b.element.1 : a.offset < b.offset
        }.map(\.element.0)
    }

    /// The nodes `resolved` (children of `n` that resolved) as the instance path being walked
    /// draws them, in drawing order.
    private func delayedChildren(of n: RenderNode, resolved: [RenderNodeID]) -> [RenderNodeID] {
        var pending = Set(resolved)
        return sortedChildIDs(n.children.filter { id in pending.remove(id) != nil && node(id) != nil })
    }

    /// A body in the cache: a node's id, the instance variant its node came from (-1: the
    /// frame's own node), and the visible box its stroke was culled to (nil: not culled, valid
    /// wherever it is drawn, as extents need).
    struct BodyKey: Hashable {
        var id: RenderNodeID
        var variant: Int
        var visible: PixelBox? = nil
    }

    /// `visible`: the device pixels the body can change where it is being drawn (see
    /// `strokeCullBox`), nil when unknown. A shape layer whose path reaches beyond them
    /// strokes the curves that cannot reach them as chords, cached apart from the uncut body.
    private mutating func body(_ n: RenderNode, _ t: CGAffineTransform, flipped: Bool, visible: PixelBox? = nil) -> [DrawPiece] {
        var key = BodyKey(id: n.id, variant: -1)
        if let v = instanceVariant, tree.instanceNodes.node(n.id, in: v) != nil { key.variant = v }
        var cullRect: CGRect?
        if let visible, Self.strokeMayLeave(n, t, visible) {
            key.visible = visible
            cullRect = CGRect(x: visible.x0, y: visible.y0, width: visible.width, height: visible.height)
        }
        // A depth-preserving emitter's particles are placed for this draw (instances differ).
        if case let .emitter(e) = n.kind, e.projection != nil {
            return LayerPieces.body(n, transform: t, contentsFlipped: flipped, strokeScratch: strokeScratch, payloads: payloads)
        }
        if let cached = bodyCache[key] { return cached }
        // In an array of an earlier body when one is spare (`spareBodies`).
        var b = spareBodies.popLast() ?? []
        LayerPieces.body(n, transform: t, contentsFlipped: flipped, strokeScratch: strokeScratch,
                         visible: cullRect, culledCurves: culledStrokeCurves, payloads: payloads, into: &b)
        bodyCache[key] = b
        return b
    }

    /// Whether `n` strokes a path whose control box, through `t`, is not wholly inside
    /// `visible` (only then can culling change its outline; a stroke inside keeps the shared
    /// cache entry).
    private static func strokeMayLeave(_ n: RenderNode, _ t: CGAffineTransform, _ visible: PixelBox) -> Bool {
        guard case let .shape(s) = n.kind, s.strokeColor != nil, let path = s.path, !path.isEmpty else { return false }
        let box = path.boundingBox.applying(t)
        guard box.minX.isFinite, box.minY.isFinite, box.maxX.isFinite, box.maxY.isFinite else { return true }
        return !CGRect(x: visible.x0, y: visible.y0, width: visible.width, height: visible.height).contains(box)
    }

    /// The device pixels a layer drawn now under `clipBox` can change: the output within the
    /// clip box, grown by the reach of the alpha shadows being drawn around it (content just
    /// outside what shows can cast its shadow into view). Nil inside replicator instances,
    /// whose bodies are drawn again under other transforms, or when culling is turned off.
    private func strokeCullBox(_ clipBox: PixelBox) -> PixelBox? {
        guard cullsStrokeCurves, replication == 1 else { return nil }
        return output.intersection(clipBox).outset(by: shadowReach)
    }

    mutating func emit(_ n: RenderNode, matrix m: CATransform3D, alpha: Double, clipBox: PixelBox, flipped: Bool, depth: Int) {
        guard depth < Self.maxDepth else { list.diagnostics.append(.tooDeep(n.id)); return }
        if n.transition != nil { emitTransition(n, matrix: m, alpha: alpha, flipped: flipped, depth: depth); return } // TransitionPreparation.swift
        guard !n.isHidden else { return }
        let opacity = Self.sanitizedOpacity(n.opacity)
        guard opacity > 0 else { return }
        guard m.isFinite else { list.diagnostics.append(.degenerateTransform(n.id)); return }
        let outerShadowReach = shadowReach
        defer { shadowReach = outerShadowReach }
        let affine = LayerGeometry.affine(m)
        if !planeLayers.contains(n.id) && (affine == nil || n.shouldRasterize) {
            emitPlane(n, matrix: m, alpha: alpha, flipped: flipped, depth: depth)
            return
        }
        guard let t = affine else { return }
        guard t.determinant != 0 else { return } // edge-on: nothing visible
        // doubleSided = false: a layer whose back faces the viewer is not drawn (reference §2.9;
        // the sign of its projected area, geometry flips above it discounted).
        if !n.isDoubleSided && (t.determinant < 0) != flipped { return }

        // The walk recurses through the sublayers: what comes before and after them is in
        // functions of their own, so a level's stack frame holds only what the recursion needs
        // (a debug build's whole `emit` was ~55 KB a level; 128 levels overflowed a thread).
        // A depth-preserving emitter's particles behind its plane go under its sublayers, the
        // others over them (ParticleDepthRuns.swift); nil for every other layer.
        let split = particleDepthSplit(n)
        let opening = openLayer(n, matrix: m, transform: t, alpha: alpha, opacity: opacity, clipBox: clipBox, flipped: flipped, depth: depth,
                                particles: split)
        emitSublayers(n, matrix: m, alpha: opening.pieceAlpha, clipBox: opening.innerClip, flipped: flipped, depth: depth)
        if let front = split?.front { list.commands.append(drawCommand(n, .particles(Boxed(front)), t, alpha: opening.pieceAlpha)) }
        closeLayer(n, matrix: m, transform: t, opening, flipped: flipped, depth: depth)
    }

    /// What `openLayer` decided for the sublayers and `closeLayer`.
    struct LayerOpening {
        /// Alpha the layer's pieces and sublayers are drawn with (1 inside a group).
        var pieceAlpha: Double
        var innerClip: PixelBox
        var clipped: Bool
        var grouped: Bool
        /// The resolved mask layer, drawn when the group closes.
        var mask: RenderNodeID?
    }

    /// Everything of `n` drawn before its sublayers: the group it needs (OffscreenPredicate),
    /// its clip, its path shadow and body pieces. `t`: bounds → device. `particles`: a
    /// depth-preserving emitter's particles split by its plane; its body draws those behind.
    private mutating func openLayer(_ n: RenderNode, matrix m: CATransform3D, transform t: CGAffineTransform, alpha: Double, opacity: Double,
                                    clipBox: PixelBox, flipped: Bool, depth: Int, particles: ParticleDepthSplit? = nil) -> LayerOpening {
        let isTransformLayer: Bool = { if case .transformLayer = n.kind { return true }; return false }()
        var mask: RenderNodeID?
        if let maskID = n.mask, !isTransformLayer, resolves(maskID, parent: n.id) { mask = maskID }
        let shadowColor = isTransformLayer ? nil : ShadowMapping.effectiveColor(of: n)
        let shadowFromAlpha = shadowColor != nil && n.shadowPath == nil && LayerPieces.impliedShadowShape(n) == nil
        let needsExtent = (opacity < 1 && n.allowsGroupOpacity) || mask != nil || shadowFromAlpha || n.shouldRasterize
        var extent = Extent()
        if needsExtent {
            var path = takeAncestors(n.id)
            extent = subtreeExtent(n, transform: t, flipped: flipped, depth: depth, ancestors: &path)
            spareAncestors = path
        }
        let reasons = OffscreenPredicate.reasons(OffscreenInputs(
            opacity: opacity, allowsGroupOpacity: n.allowsGroupOpacity, piecesOverlap: extent.overlaps,
            hasMask: mask != nil, shadowFromAlpha: shadowFromAlpha, shouldRasterize: n.shouldRasterize,
            isTransformLayer: isTransformLayer))

        var pieceAlpha = alpha * opacity
        let clipped = n.masksToBounds && !isTransformLayer
        let shape = LayerShape(boundsOf: n)
        if !reasons.isEmpty {
            var shadow: AlphaShadow?
            if shadowFromAlpha, let color = shadowColor {
                let o = Self.deviceOffset(n, t)
                shadow = AlphaShadow(color: color, offset: CGVector(dx: o.width, dy: o.height),
                                     sigma: ShadowMapping.sigma(shadowRadius: n.shadowRadius, deviceScale: t.meanScale),
                                     clip: clipped ? shape : nil, clipTransform: t)
            }
            // Content just outside what shows can still cast its shadow into view.
            let reach = shadow.map { $0.reach } ?? 0
            shadowReach = min(1 << 40, shadowReach + reach)
            let bounds = PixelBox(covering: extent.union).intersection(output.intersection(clipBox).outset(by: reach))
            list.commands.append(.beginGroup(GroupSpec(layer: n.id, reasons: reasons, bounds: bounds, opacity: pieceAlpha,
                                                       shadow: shadow, hasMask: mask != nil)))
            pieceAlpha = 1
        }
        var innerClip = clipBox
        if clipped {
            list.commands.append(.pushClip(layer: n.id, shape: shape, transform: t))
            innerClip = innerClip.intersection(PixelBox(covering: shape.rect.applying(t)))
        }
        if let s = LayerPieces.pathShadow(n, transform: t, payloads: payloads) { list.commands.append(drawCommand(n, s, t, alpha: pieceAlpha)) }
        for p in body(n, t, flipped: flipped, visible: strokeCullBox(clipBox)) {
            var piece = p
            if let split = particles, case .particles = p {
                guard let behind = split.behind else { continue }
                piece = .particles(Boxed(behind))
            }
            list.commands.append(drawCommand(n, piece, t, alpha: pieceAlpha))
        }
        return LayerOpening(pieceAlpha: pieceAlpha, innerClip: innerClip, clipped: clipped, grouped: !reasons.isEmpty, mask: mask)
    }

    /// Piece `p` of `n` drawn under `t` with `alpha` and the walk's tint.
    private func drawCommand(_ n: RenderNode, _ p: DrawPiece, _ t: CGAffineTransform, alpha: Double) -> DrawCommand {
        .draw(DrawItem(layer: n.id, piece: p, transform: t, alpha: alpha, antialiasEdges: n.allowsEdgeAntialiasing, tint: tint))
    }

    /// `n`'s sublayers (each replicator instance of them), in drawing order. `m`: `n`'s
    /// bounds → device; `alpha` and `clipBox` as `openLayer` left them.
    private mutating func emitSublayers(_ n: RenderNode, matrix m: CATransform3D, alpha pieceAlpha: Double, clipBox innerClip: PixelBox,
                                        flipped: Bool, depth: Int) {
        // Ids, not nodes: each child is read in place where it is emitted (copying hundreds of
        // sublayers' nodes out of the tree was most of a retained frame's walk).
        // The resolved ids in a kept array (a filter made one per layer with sublayers, per
        // frame), given back emptied when the sublayers are done. Sorted (a new array) only
        // when out of z order.
        var children = spareIDLists.popLast() ?? []
        for id in n.children where resolves(id, parent: n.id) { children.append(id) }
        defer {
            children.removeAll(keepingCapacity: true)
            spareIDLists.append(children)
        }
        guard !children.isEmpty else { return }
        if !Self.isZOrdered(children, in: tree, variant: instanceVariant) { children = sortedChildIDs(children) }
        let sub = LayerGeometry.sublayerMatrix(of: n)
        let instances = Self.instances(of: n, replication: replication)
        // Replicator instances walk the same subtree again: each forgets what the one
        // before it reached; afterwards the subtree counts as reached by any of them.
        let mark = visited.mark
        var reached: [RenderNodeID] = []
        let outerTint = tint
        let outerReplication = replication
        replication = outerReplication * max(1, instances.count)
        defer { replication = outerReplication }
        for (k, instance) in instances.enumerated() {
            // Each replicator instance walks the same subtree again.
            if k > 0 {
                reached += visited.inserted(since: mark)
                visited.forget(since: mark)
            }
            let scope = enterInstance(k, of: n)
            defer { leaveInstance(scope) }
            // Delayed instances draw their own nodes of the children that resolved above
            // (same ids, same sublayer order; zPosition may differ).
            let children = scope.pushed ? delayedChildren(of: n, resolved: children) : children
            tint = outerTint.multiplied(by: instance.tint)
            let parentSub = CATransform3DConcat(instance.transform, sub)
            let childFlipped = flipped != n.isGeometryFlipped
            // A parent that emits its sublayers exactly as in the last frame (RetainedPreparation's
            // sublayer context) lets its clean children's segments be reused without computing
            // their matrices: their emission state is a function of their unchanged nodes and of
            // this context.
            let outerParent = sublayerParent
            sublayerParent = n.id
            defer { sublayerParent = outerParent }
            let sameContext = instances.count == 1 && retainedContextAllowed
                && retained?.sameSublayerContext(n.id, RetainedPreparation.SublayerContext(
                    state: RetainedPreparation.EmitState(matrix: m, alpha: pieceAlpha, clipBox: innerClip, flipped: childFlipped,
                                                         depth: depth + 1, shadowReach: shadowReach),
                    sublayer: parentSub)) == true
            for id in children {
                if sameContext, retained?.reuseChild(id, of: n.id, into: &list.commands, visited: &visited) == true { continue }
                _ = Self.withNode(id, in: tree, variant: instanceVariant) { c in
                    emitChild(c, parentSublayer: parentSub, parentToDevice: m, alpha: pieceAlpha, clipBox: innerClip,
                              flipped: childFlipped, depth: depth + 1)
                }
            }
        }
        for id in reached { visited.insert(id) }
        tint = outerTint
    }

    /// One sublayer `c` of a layer whose sublayer matrix (instance included) is
    /// `parentSublayer` and whose bounds → device matrix is `parentToDevice`.
    private mutating func emitChild(_ c: RenderNode, parentSublayer parentSub: CATransform3D, parentToDevice m: CATransform3D,
                                    alpha: Double, clipBox: PixelBox, flipped: Bool, depth: Int) {
        if emitTransformLayerContext(c, parentSublayer: parentSub, parentToDevice: m, alpha: alpha, clipBox: clipBox,
                                     flipped: flipped, depth: depth) { return } // TransformLayerContext.swift
        let cm = LayerGeometry.childMatrix(c, parentSublayer: parentSub, parentToDevice: m)
        if c.preservesParticleDepth { // ParticleProjection.swift
            let p = c.projectingParticles(matrix: cm, depthSpace: CATransform3DConcat(LayerGeometry.placement(of: c), parentSub))
            emitRetained(p, matrix: cm, alpha: alpha, clipBox: clipBox, flipped: flipped, depth: depth)
        } else {
            emitRetained(c, matrix: cm, alpha: alpha, clipBox: clipBox, flipped: flipped, depth: depth)
        }
    }

    /// Everything of `n` drawn after its sublayers: border, end of clip, the mask and the end
    /// of its group.
    private mutating func closeLayer(_ n: RenderNode, matrix m: CATransform3D, transform t: CGAffineTransform, _ opening: LayerOpening,
                                     flipped: Bool, depth: Int) {
        if let b = LayerPieces.border(n) { list.commands.append(drawCommand(n, b, t, alpha: opening.pieceAlpha)) }
        if opening.clipped { list.commands.append(.popClip(layer: n.id)) }
        guard opening.grouped else { return }
        if let maskID = opening.mask, let mask = node(maskID) {
            list.commands.append(.beginMask(layer: n.id))
            let outerTint = tint
            tint = .none // the mask's alpha is not modulated by replicator instances
            defer { tint = outerTint }
            var mm = CATransform3DConcat(LayerGeometry.placement(of: mask), LayerGeometry.flatten)
            mm = CATransform3DConcat(mm, m)
            emit(mask, matrix: mm, alpha: 1, clipBox: output, flipped: flipped, depth: depth + 1)
        }
        list.commands.append(.endGroup(layer: n.id))
    }

    /// A layer drawn flat into a surface in its own plane, then mapped to the device (see
    /// `ProjectiveSpec`), or straight through that map when the surface would add nothing
    /// (`DirectPlaneChoice`): layers with perspective, at about device resolution, and
    /// shouldRasterize layers, at rasterizationScale pixels per point (so a scale below the
    /// device's shows blurred, as on Apple's systems), cached between frames by content.
    private mutating func emitPlane(_ n: RenderNode, matrix m: CATransform3D, alpha: Double, flipped: Bool, depth: Int) {
        let h = Homography(plane: m)
        let b = n.bounds.standardized
        // (The quads in a kept buffer: two arrays per plane per frame.)
        h.projectClipped(ProjectiveLayer.corners(b), into: &planeQuad)
        guard h.isFinite, planeQuad.count >= 3 else { list.diagnostics.append(.nonAffineTransform(n.id)); return }
        if planeQuad.count == 4 && !n.isDoubleSided && (Homography.signedArea(planeQuad) < 0) != flipped { return }
        let r = n.rasterizationScale
        var s = n.shouldRasterize ? (r.isFinite && r > 0 ? min(64, max(1.0 / 64, Double(r))) : 1)
            : ProjectiveLayer.planeScale(h, bounds: b, fallback: scale, quad: &planeQuad)
        var path = takeAncestors(n.id)
        var box = PixelBox(covering: subtreeExtent(n, transform: CGAffineTransform(scaleX: s, y: s), flipped: flipped,
                                                    depth: depth, ancestors: &path).union)
        let side = max(box.width, box.height)
        if side > ProjectiveLayer.maxSide {
            s *= Double(ProjectiveLayer.maxSide) / Double(side)
            bodyCache[BodyKey(id: n.id, variant: -1)] = nil
            if let v = instanceVariant { bodyCache[BodyKey(id: n.id, variant: v)] = nil }
            path.removeAll(keepingCapacity: true)
            path.insert(n.id)
            box = PixelBox(covering: subtreeExtent(n, transform: CGAffineTransform(scaleX: s, y: s), flipped: flipped,
                                                    depth: depth, ancestors: &path).union)
                .intersection(PixelBox(x0: box.x0, y0: box.y0, x1: box.x0 + ProjectiveLayer.maxSide, y1: box.y0 + ProjectiveLayer.maxSide))
        }
        // Given back before the plane's own walk, whose groups take it again; moved, not
        // copied (a copy still held here made the next `takeAncestors`' emptying a malloc).
        spareAncestors = consume path
        guard !box.isEmpty else { return }
        // Surface pixel → plane pixel (shift by the box origin) → bounds points (÷ s) → device.
        let surfaceToPlane = Homography([1 / s, 0, Double(box.x0) / s, 0, 1 / s, Double(box.y0) / s, 0, 0, 1])
        var cacheKey: Int?
        if n.shouldRasterize {
            // Everything the surface depends on: the subtree's values, the plane scale and box,
            // the inherited alpha and tint, and the orientation of contents.
            var hasher = Hasher()
            for id in tree.subtree(of: n.id).order { hasher.combine(node(id)) }
            hasher.combine(s); hasher.combine(box); hasher.combine(alpha); hasher.combine(tint); hasher.combine(flipped)
            // A depth-preserving emitter's particles also move with its matrix (ParticleProjection.swift).
            if case let .emitter(e) = n.kind { hasher.combine(e.projection) }
            cacheKey = hasher.finalize()
        }
        let spec = ProjectiveSpec(layer: n.id, bounds: box, surfaceToDevice: h.after(surfaceToPlane), cacheKey: cacheKey)
        let begin = list.commands.count
        list.commands.append(.beginProjective(spec))
        let savedOutput = output
        output = box
        planeLayers.insert(n.id)
        emit(n, matrix: CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: s, y: s)), alpha: alpha, clipBox: box,
             flipped: flipped, depth: depth + 1)
        planeLayers.remove(n.id)
        output = savedOutput
        list.commands.append(.endProjective(layer: n.id))
        // A body the plane surface adds nothing to is drawn straight through the homography
        // instead: one command in place of the bracket (DirectPlaneChoice.swift).
        if drawsPlanesDirectly, let direct = DirectPlaneChoice.command(for: spec, body: list.commands[(begin + 1)..<(list.commands.count - 1)],
                                                                    scratch: &planeVertices, payloads: payloads) {
            list.commands.removeSubrange(begin...)
            list.commands.append(direct)
        }
    }

    /// The instances a layer draws its sublayers as: one plain instance, or for a
    /// CAReplicatorLayer `instanceCount` of them, instance k under instanceTransform^k applied
    /// about the centre of the replicator's bounds and tinted by instanceColor + k·offsets.
    /// `replication`: the product of the enclosing replicators' instance counts; the count is
    /// clamped so the product stays within `maxInstances` (at least one instance is drawn).
    static func instances(of n: RenderNode, replication: Int = 1) -> [(transform: CATransform3D, tint: RenderTint)] {
        guard case let .replicator(r) = n.kind else { return [(CATransform3DIdentity, .none)] }
        let count = min(max(r.instanceCount, 0), max(1, maxInstances / max(1, replication)))
        let base = r.instanceColor?.clampedRGBA ?? (r: 1, g: 1, b: 1, a: 1)
        let c = (x: Double(n.bounds.midX), y: Double(n.bounds.midY))
        var out: [(CATransform3D, RenderTint)] = []
        var power = CATransform3DIdentity
        for k in 0..<count {
            var about = CATransform3DConcat(LayerGeometry.translation(-c.x, -c.y, 0), power)
            about = CATransform3DConcat(about, LayerGeometry.translation(c.x, c.y, 0))
            let f = Double(k)
            let tint = RenderTint(red: base.r + f * Double(r.instanceRedOffset), green: base.g + f * Double(r.instanceGreenOffset),
                                  blue: base.b + f * Double(r.instanceBlueOffset), alpha: base.a + f * Double(r.instanceAlphaOffset))
            out.append((about, tint))
            power = CATransform3DConcat(power, r.instanceTransform)
        }
        return out
    }

    /// shadowOffset (bounds space) as a device vector.
    private static func deviceOffset(_ n: RenderNode, _ t: CGAffineTransform) -> CGSize {
        let dx = n.shadowOffset.width.isFinite ? n.shadowOffset.width : 0
        let dy = n.shadowOffset.height.isFinite ? n.shadowOffset.height : 0
        return CGSize(width: t.a * dx + t.c * dy, height: t.b * dx + t.d * dy)
    }

    // MARK: Extents

    /// The kept ancestors set, emptied, holding `id`: give it back to `spareAncestors` when
    /// the extent walk is done.
    mutating func takeAncestors(_ id: RenderNodeID) -> Set<RenderNodeID> {
        var path: Set<RenderNodeID> = []
        swap(&path, &spareAncestors)
        path.removeAll(keepingCapacity: true)
        path.insert(id)
        return path
    }

    /// Device rectangles of a subtree's pieces: their union, and whether any two overlap.
    /// The rectangles are kept inline (at most `overlapTestLimit`, the storage's size): an
    /// array grew for each extent measured, several mallocs per group or plane per frame.
    struct Extent {
        private var storage = InlineArray<24, CGRect>(repeating: .null)
        private(set) var count = 0
        var union: CGRect = .null
        var overflow = false

        mutating func add(_ r: CGRect) {
            guard !r.isNull, !r.isEmpty else { return }
            union = union.union(r)
            if count < FramePreparer.overlapTestLimit {
                storage[count] = r
                count += 1
            } else {
                overflow = true
            }
        }

        mutating func add(_ e: Extent, clip: CGRect?) {
            for i in 0..<e.count {
                let r = e.storage[i]
                add(clip.map { r.intersection($0) } ?? r)
            }
            if e.overflow { overflow = true; union = union.union(clip.map { e.union.intersection($0) } ?? e.union) }
        }

        /// True when two rectangles intersect with positive area (or there were too many to test).
        var overlaps: Bool {
            if overflow { return true }
            for i in 0..<count {
                for j in (i + 1)..<count {
                    let x = storage[i].intersection(storage[j])
                    if !x.isNull && x.width > 1e-9 && x.height > 1e-9 { return true }
                }
            }
            return false
        }
    }

    /// The extent of `n`'s subtree drawn under `t` (own pieces, descendants, the alpha shadow),
    /// clipped to the bounds when masksToBounds. Masks only shrink what is drawn; ignored.
    mutating func subtreeExtent(_ n: RenderNode, transform t: CGAffineTransform, flipped: Bool, depth: Int,
                                        ancestors: inout Set<RenderNodeID>) -> Extent {
        var e = Extent()
        if let s = LayerPieces.pathShadow(n, transform: t, payloads: payloads) { e.add(LayerPieces.deviceRect(s, transform: t)) }
        for p in body(n, t, flipped: flipped) { e.add(LayerPieces.deviceRect(p, transform: t)) }
        if let b = LayerPieces.border(n) { e.add(LayerPieces.deviceRect(b, transform: t)) }
        if depth + 1 < Self.maxDepth {
            let m = CATransform3DMakeAffineTransform(t)
            let instances = Self.instances(of: n, replication: replication)
            let outerReplication = replication
            replication = outerReplication * max(1, instances.count)
            defer { replication = outerReplication }
            for (k, instance) in instances.enumerated() {
            let scope = enterInstance(k, of: n)
            defer { leaveInstance(scope) }
            let sub = CATransform3DConcat(instance.transform, LayerGeometry.sublayerMatrix(of: n))
            for id in n.children {
                guard let c = node(id), !ancestors.contains(id), !c.isHidden, Self.sanitizedOpacity(c.opacity) > 0 else { continue }
                if case .transformLayer = c.kind { // TransformLayerContext.swift
                    e.add(contextExtent(c, parentSublayer: sub, parentToDevice: m, flipped: flipped != n.isGeometryFlipped, depth: depth + 1, ancestors: &ancestors), clip: nil)
                    continue
                }
                let cm = LayerGeometry.childMatrix(c, parentSublayer: sub, parentToDevice: m)
                guard let ct = LayerGeometry.affine(cm) else {
                    // Perspective child: its projected bounds (the whole output when partly behind the eye).
                    let q = Homography(plane: cm).projectClipped(ProjectiveLayer.corners(c.bounds.standardized))
                    let all = CGRect(x: output.x0, y: output.y0, width: output.width, height: output.height)
                    e.add(q.count == 4 ? q.reduce(CGRect.null) { $0.union(CGRect(origin: $1, size: .zero)) }.insetBy(dx: -1, dy: -1) : all)
                    continue
                }
                guard ct.determinant != 0 else { continue }
                let placed = c.projectingParticles(matrix: cm, depthSpace: CATransform3DConcat(LayerGeometry.placement(of: c), sub))
                ancestors.insert(id)
                e.add(subtreeExtent(placed, transform: ct, flipped: flipped != n.isGeometryFlipped, depth: depth + 1, ancestors: &ancestors), clip: nil)
                ancestors.remove(id)
            }
            }
        }
        if case .transformLayer = n.kind {} else if n.shadowPath == nil, LayerPieces.impliedShadowShape(n) == nil,
                                                 ShadowMapping.effectiveColor(of: n) != nil, !e.union.isNull {
            let o = Self.deviceOffset(n, t)
            let s = ShadowMapping.spread(sigma: ShadowMapping.sigma(shadowRadius: n.shadowRadius, deviceScale: t.meanScale))
            e.add(e.union.offsetBy(dx: o.width, dy: o.height).insetBy(dx: -s, dy: -s))
        }
        if n.masksToBounds {
            var clipped = Extent()
            clipped.add(e, clip: n.bounds.standardized.applying(t).insetBy(dx: -1, dy: -1))
            return clipped
        }
        return e
    }
}

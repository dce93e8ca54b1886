// CATransformLayer in the frame (reference §2.8.2, DESIGN.md §2): a transform layer draws
// nothing of its own — background, contents, border, mask, masksToBounds and shadow are
// ignored — and does not flatten. Its sublayers, and through nested transform layers their
// sublayers, share one 3D rendering context: each member is one plane (its own subtree
// flattened into it as usual), and the planes are sorted back to front with polygon
// splitting by `DepthSortedContext` (BSP), back faces culled when isDoubleSided is false.
// A transform layer's opacity multiplies each member separately (no group compositing).
// The particles of a member CAEmitterLayer that preserves depth are sorted among the planes
// and drawn in runs between them, never clipped to its plane's pieces (ParticleDepthRuns.swift).
//
// Spaces. For a context rooted at transform layer T in superlayer S, a member L has
// `toContext` = L's bounds → S's bounds space with no flattening on the way
// (placement(L) · sub(T) · … · placement(T) · sub(S)), and the context maps to the device by
// `contextToDevice` = flatten · (S's bounds → device). A member's device matrix is their
// product, which is exactly what the ordinary walk would give it without the flattening
// steps between the members.
import CoreGraphics

extension FramePreparer {
    /// One plane of a 3D rendering context.
    struct ContextMember {
        var node: RenderNode
        /// Member bounds → the context's space (no flatten), see the file comment.
        var toContext: CATransform3D
        /// Ancestors' alpha, transform layers' opacities included.
        var alpha: Double
        var flipped: Bool
        var depth: Int
    }

    /// Draws `t` as a CATransformLayer if it is one (and returns true); returns false for any
    /// other kind, leaving `t` to the ordinary walk. `t` must already be resolved (visited).
    /// `parentSublayer` and `parentToDevice` are those of `t`'s superlayer (for the root: the
    /// identity and the points → pixels scale).
    mutating func emitTransformLayerContext(_ t: RenderNode, parentSublayer: CATransform3D, parentToDevice: CATransform3D,
                                            alpha: Double, clipBox: PixelBox, flipped: Bool, depth: Int) -> Bool {
        guard case .transformLayer = t.kind else { return false }
        retainBlock += 1 // segments are not kept in 3D contexts (RetainedPreparation.swift)
        defer { retainBlock -= 1 }
        guard depth < Self.maxDepth else { list.diagnostics.append(.tooDeep(t.id)); return true }
        let toSuper = CATransform3DConcat(LayerGeometry.placement(of: t), parentSublayer)
        guard toSuper.isFinite, parentToDevice.isFinite else { list.diagnostics.append(.degenerateTransform(t.id)); return true }
        var members: [ContextMember] = []
        collectContextMembers(t, toContext: toSuper, alpha: alpha, flipped: flipped, depth: depth, into: &members)
        guard !members.isEmpty else { return true }
        let contextToDevice = CATransform3DConcat(LayerGeometry.flatten, parentToDevice)
        // Back faces are culled by the sign of the projected area; under a geometry flip the
        // device is mirrored, which does not turn a layer around, so such members are left to
        // `emit`'s own test (which discounts the flip) instead of being culled by the sort.
        let planes = members.enumerated().map { i, m in
            ContextPlane(id: i, bounds: Self.planeRect(of: m.node, in: tree), toContext: m.toContext,
                         isDoubleSided: m.node.isDoubleSided || m.flipped)
        }
        // Depth-preserving emitters' particles are sorted among the planes and drawn in runs
        // between them, apart from their emitter's plane (ParticleDepthRuns.swift).
        var particles = contextParticles(members, contextToDevice: contextToDevice)
        let (items, runs) = DepthSortedContext.items(planes, points: particles.points, contextToDevice: contextToDevice)
        particles.sorted(runs: runs)
        // A member split into pieces is drawn once per piece: its subtree must be walkable again.
        var subtreeOf: [Int: [RenderNodeID]] = [:]
        for item in items {
            guard case let .fragment(f) = item else {
                guard case let .points(run) = item else { continue }
                for i in particles.membersOf[run] ?? [] {
                    let m = members[i]
                    guard let n = particles.runNode(i, run: run) else { continue }
                    emit(n, matrix: CATransform3DConcat(m.toContext, contextToDevice), alpha: m.alpha, clipBox: clipBox,
                         flipped: m.flipped, depth: m.depth)
                }
                continue
            }
            let m = members[f.id]
            if let again = subtreeOf[f.id] { visited.forget(again) }
            let mark = visited.mark
            let split = f.outline != nil
            if split {
                list.commands.append(.pushPolygonClip(layer: m.node.id, polygon: f.coverage.map { CGPoint(x: $0.x, y: $0.y) }))
            }
            let dm = CATransform3DConcat(m.toContext, contextToDevice)
            emit(particles.planeNode(f.id) ?? m.node.projectingParticles(matrix: dm, depthSpace: m.toContext), matrix: dm,
                 alpha: m.alpha, clipBox: clipBox, flipped: m.flipped, depth: m.depth)
            if split { list.commands.append(.popClip(layer: m.node.id)) }
            if subtreeOf[f.id] == nil { subtreeOf[f.id] = visited.inserted(since: mark) }
        }
        return true
    }

    /// The members of the context below transform layer `t` (whose bounds → context matrix
    /// is `toContext`), in sublayer order sorted by zPosition: plain sublayers become planes,
    /// transform sublayers contribute their own sublayers. Hidden or fully transparent
    /// transform layers contribute nothing.
    private mutating func collectContextMembers(_ t: RenderNode, toContext: CATransform3D, alpha: Double, flipped: Bool, depth: Int,
                                                into members: inout [ContextMember]) {
        guard depth < Self.maxDepth else { list.diagnostics.append(.tooDeep(t.id)); return }
        guard !t.isHidden else { return }
        let a = alpha * Self.sanitizedOpacity(t.opacity)
        guard a > 0 else { return }
        let sub = LayerGeometry.sublayerMatrix(of: t)
        let childFlipped = flipped != t.isGeometryFlipped
        for c in sortedChildren(t.children.compactMap { resolve($0, parent: t.id) }) {
            let cm = CATransform3DConcat(CATransform3DConcat(LayerGeometry.placement(of: c), sub), toContext)
            guard cm.isFinite else { list.diagnostics.append(.degenerateTransform(c.id)); continue }
            if case .transformLayer = c.kind {
                collectContextMembers(c, toContext: cm, alpha: a, flipped: childFlipped, depth: depth + 1, into: &members)
            } else {
                members.append(ContextMember(node: c, toContext: cm, alpha: a, flipped: childFlipped, depth: depth + 1))
            }
        }
    }

    /// The device extent of the context below transform layer `t` (for group bounds and the
    /// overlap test): each member's subtree extent under its unflattened device matrix, or,
    /// for a member seen in perspective, its projected plane rect (the whole output when it
    /// is partly behind the eye). Does not mark nodes visited.
    mutating func contextExtent(_ t: RenderNode, parentSublayer: CATransform3D, parentToDevice: CATransform3D, flipped: Bool,
                                depth: Int, ancestors: inout Set<RenderNodeID>) -> Extent {
        var e = Extent()
        var members: [(node: RenderNode, toContext: CATransform3D, flipped: Bool)] = []
        var stack: [(RenderNode, CATransform3D, Bool, Int)] = [(t, CATransform3DConcat(LayerGeometry.placement(of: t), parentSublayer), flipped, depth)]
        var seen: Set<RenderNodeID> = ancestors.union([t.id])
        while let (node, toContext, fl, d) = stack.popLast() {
            guard d < Self.maxDepth, !node.isHidden, Self.sanitizedOpacity(node.opacity) > 0 else { continue }
            let sub = LayerGeometry.sublayerMatrix(of: node)
            for id in node.children {
                guard let c = self.node(id), seen.insert(id).inserted else { continue }
                let cm = CATransform3DConcat(CATransform3DConcat(LayerGeometry.placement(of: c), sub), toContext)
                guard cm.isFinite else { continue }
                if case .transformLayer = c.kind {
                    stack.append((c, cm, fl != node.isGeometryFlipped, d + 1))
                } else if !c.isHidden {
                    members.append((c, cm, fl != node.isGeometryFlipped))
                }
            }
        }
        let contextToDevice = CATransform3DConcat(LayerGeometry.flatten, parentToDevice)
        for m in members {
            let dm = CATransform3DConcat(m.toContext, contextToDevice)
            if let ct = LayerGeometry.affine(dm) {
                guard ct.determinant != 0 else { continue }
                ancestors.insert(m.node.id)
                e.add(subtreeExtent(m.node.projectingParticles(matrix: dm, depthSpace: m.toContext), transform: ct, flipped: m.flipped, depth: depth + 1, ancestors: &ancestors), clip: nil)
                ancestors.remove(m.node.id)
            } else {
                let q = Homography(plane: dm).projectClipped(ProjectiveLayer.corners(Self.planeRect(of: m.node, in: tree)))
                let all = CGRect(x: output.x0, y: output.y0, width: output.width, height: output.height)
                e.add(q.count == 4 ? q.reduce(CGRect.null) { $0.union(CGRect(origin: $1, size: .zero)) }.insetBy(dx: -1, dy: -1) : all)
            }
        }
        return e
    }

    /// The rect (member bounds space, points) that stands for a member's plane in the depth
    /// sort: its bounds, or — for a container with empty bounds — the union of its direct
    /// sublayers' frames (so its content is not dropped as a degenerate plane). Content of a
    /// split member outside this rect is clipped away with the piece.
    static func planeRect(of n: RenderNode, in tree: RenderTree) -> CGRect {
        let b = n.bounds.standardized
        if b.width > 0 && b.height > 0 { return b }
        let sub = LayerGeometry.sublayerMatrix(of: n)
        var r = CGRect.null
        for c in tree.children(of: n.id) where !c.isHidden {
            let m = CATransform3DConcat(LayerGeometry.placement(of: c), sub)
            let cb = c.bounds.standardized
            for (x, y) in [(cb.minX, cb.minY), (cb.maxX, cb.minY), (cb.maxX, cb.maxY), (cb.minX, cb.maxY)] {
                let h = m.transform(x: Double(x), y: Double(y))
                guard h.w > 1e-9, (h.x / h.w).isFinite, (h.y / h.w).isFinite else { continue }
                r = r.union(CGRect(x: h.x / h.w, y: h.y / h.w, width: 0, height: 0))
            }
        }
        return r.isNull ? b : r
    }
}

// CATransition in the frame (reference §10.4): a layer with a running transition is drawn as
// the transition's blend of two renderings of its subtree — the "before" snapshot tree and
// the live subtree — each drawn flat into a surface covering the layer's bounds rect at about
// device resolution, then blended by `TransitionRenderer` (or, for the planar types, drawn as
// planes) and placed through the layer's bounds → device map like a projective layer's
// surface. The layer's own properties (background, opacity, mask, shadow…) are inside both
// renderings, and the surfaces cover the layer's whole visual extent in either state (its
// shadow, sublayers outside an unclipped bounds), so nothing is cut mid-transition; the
// planar types still move by the bounds rect (`TransitionSpec.layerRect`).
import CoreGraphics

extension FramePreparer {
    /// Emits the transition bracket for `n` (which has a `transition`). `m` is `n`'s bounds →
    /// device matrix, `alpha` the ancestors' per-piece alpha.
    mutating func emitTransition(_ n: RenderNode, matrix m: CATransform3D, alpha: Double, flipped: Bool, depth: Int) {
        guard let transition = n.transition else { return }
        retainBlock += 1 // segments are not kept in transitions (RetainedPreparation.swift)
        defer { retainBlock -= 1 }
        // Checked here, not by the caller: the live layer may be hidden or transparent while
        // its "before" state is not (a transition that hides or shows a layer).
        guard m.isFinite else { list.diagnostics.append(.degenerateTransform(n.id)); return }
        var live = n
        live.transition = nil
        let b = n.bounds.standardized
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite, b.minX.isFinite, b.minY.isFinite else {
            // No rectangle to transition in: the live state, as if the transition were done.
            emit(live, matrix: m, alpha: alpha, clipBox: output, flipped: flipped, depth: depth)
            return
        }
        let h = Homography(plane: m)
        let quad = h.projectClipped(ProjectiveLayer.corners(b))
        guard h.isFinite, quad.count >= 3 else { list.diagnostics.append(.nonAffineTransform(n.id)); return }
        if quad.count == 4 && !n.isDoubleSided && (Homography.signedArea(quad) < 0) != flipped { return }
        var s = ProjectiveLayer.planeScale(h, bounds: b, fallback: scale)
        let longest = Double(max(b.width, b.height)) * s
        if longest > Double(ProjectiveLayer.maxSide) { s *= Double(ProjectiveLayer.maxSide) / longest }

        // The snapshot tree is walked by its own preparer (its ids repeat the live ones).
        let snapshot = transition.before.tree
        var beforeRoot = snapshot[n.id] ?? snapshot.rootID.flatMap({ snapshot[$0] })
        beforeRoot?.transition = nil
        var before = FramePreparer(tree: snapshot, width: list.width, height: list.height, scale: scale,
                                   strokeScratch: strokeScratch) // same thread, one stroke at a time

        // Both renderings' extents in plane pixels (bounds points × s), with the bounds rect. A
        // side grows only for what reaches more than the 1-pixel anti-aliasing margin of the
        // pieces' extents past it, so a layer drawn within its bounds keeps exactly its bounds.
        func extent(_ s: Double) -> CGRect {
            let t = CGAffineTransform(scaleX: s, y: s)
            let r = CGRect(x: Double(b.minX) * s, y: Double(b.minY) * s, width: Double(b.width) * s, height: Double(b.height) * s)
            var path: Set<RenderNodeID> = [live.id]
            var e = subtreeExtent(live, transform: t, flipped: flipped, depth: depth, ancestors: &path).union
            if let root = beforeRoot {
                var path: Set<RenderNodeID> = [root.id]
                e = e.union(before.subtreeExtent(root, transform: t, flipped: flipped, depth: depth, ancestors: &path).union)
            }
            guard !e.isNull, e.minX.isFinite, e.minY.isFinite, e.maxX.isFinite, e.maxY.isFinite else { return r }
            let margin = 1.0 + 1e-6
            let x0 = e.minX < r.minX - margin ? e.minX : r.minX, y0 = e.minY < r.minY - margin ? e.minY : r.minY
            let x1 = e.maxX > r.maxX + margin ? e.maxX : r.maxX, y1 = e.maxY > r.maxY + margin ? e.maxY : r.maxY
            return CGRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
        let cached = bodyCache
        var area = extent(s)
        let side = Double(max(area.width, area.height))
        if side > Double(ProjectiveLayer.maxSide) {
            // Pieces were measured (and cached) at the old scale: measure again at the smaller one.
            s *= Double(ProjectiveLayer.maxSide) / side
            bodyCache = cached
            before.bodyCache = [:]
            area = extent(s)
        }
        let box = PixelBox(covering: area)
        guard !box.isEmpty else { return }
        // Surface pixel → plane pixel (shift by the box origin) → bounds points (÷ s) → device.
        let surfaceToPlane = Homography([1 / s, 0, Double(box.x0) / s, 0, 1 / s, Double(box.y0) / s, 0, 0, 1])
        let layerRect = CGRect(x: Double(b.minX) * s - Double(box.x0), y: Double(b.minY) * s - Double(box.y0),
                               width: Double(b.width) * s, height: Double(b.height) * s)
        list.commands.append(.beginTransition(TransitionSpec(
            layer: n.id, style: transition.style, progress: transition.progress, bounds: box, layerRect: layerRect,
            pixelsPerPoint: s, surfaceToDevice: h.after(surfaceToPlane), opacity: alpha)))
        let planeMatrix = CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: s, y: s))

        // Before: the snapshot tree.
        if let root = beforeRoot {
            before.output = box
            before.visited = VisitedNodes([root.id])
            before.emit(root, matrix: planeMatrix, alpha: 1, clipBox: box, flipped: flipped, depth: depth + 1)
            list.commands.append(contentsOf: before.list.commands)
            list.diagnostics.append(contentsOf: before.list.diagnostics)
        }

        // After: the live subtree.
        list.commands.append(.beginTransitionLive(layer: n.id))
        let savedOutput = output
        output = box
        emit(live, matrix: planeMatrix, alpha: 1, clipBox: box, flipped: flipped, depth: depth + 1)
        output = savedOutput
        list.commands.append(.endTransition(layer: n.id))
    }
}

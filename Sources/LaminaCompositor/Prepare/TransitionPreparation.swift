// CATransition in the frame (reference §10.4): a layer with a running transition is drawn as
// the transition's blend of two renderings of its subtree — the "before" snapshot tree and
// the live subtree — each drawn flat into a surface covering the layer's bounds rect at about
// device resolution, then blended by `TransitionRenderer` (or, for the planar types, drawn as
// planes) and placed through the layer's bounds → device map like a projective layer's
// surface. The layer's own properties (background, opacity, mask, shadow…) are inside both
// renderings; what lies outside its bounds rect is not part of the transition.
import CoreGraphics

extension FramePreparer {
    /// Emits the transition bracket for `n` (which has a `transition`). `m` is `n`'s bounds →
    /// device matrix, `alpha` the ancestors' per-piece alpha.
    mutating func emitTransition(_ n: RenderNode, matrix m: CATransform3D, alpha: Double, flipped: Bool, depth: Int) {
        guard let transition = n.transition else { return }
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
        let box = PixelBox(covering: CGRect(x: Double(b.minX) * s, y: Double(b.minY) * s,
                                            width: Double(b.width) * s, height: Double(b.height) * s))
        guard !box.isEmpty else { return }
        // Surface pixel → plane pixel (shift by the box origin) → bounds points (÷ s) → device.
        let surfaceToPlane = Homography([1 / s, 0, Double(box.x0) / s, 0, 1 / s, Double(box.y0) / s, 0, 0, 1])
        list.commands.append(.beginTransition(TransitionSpec(
            layer: n.id, style: transition.style, progress: transition.progress, bounds: box, pixelsPerPoint: s,
            surfaceToDevice: h.after(surfaceToPlane), opacity: alpha)))
        let planeMatrix = CATransform3DMakeAffineTransform(CGAffineTransform(scaleX: s, y: s))

        // Before: the snapshot tree, walked by its own preparer (its ids repeat the live ones).
        let snapshot = transition.before.tree
        if var root = snapshot[n.id] ?? snapshot.rootID.flatMap({ snapshot[$0] }) {
            root.transition = nil
            var before = FramePreparer(tree: snapshot, width: list.width, height: list.height, scale: scale)
            before.output = box
            before.visited = [root.id]
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

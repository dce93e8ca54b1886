import Foundation
import LaminaCompositor
import LaminaRaster

extension CALayer {
    /// `render(in:)`: the model subtree, drawn by the compositor at the context's device
    /// resolution and composited through the context (so its clip, alpha and blend mode apply).
    ///
    /// The layer is placed so that its bounds space coincides with the context's user space;
    /// the context's CTM then maps it to device pixels. Device space of a bitmap context is
    /// y-up, the compositor's surfaces are y-down, hence the flip by the context height.
    ///
    /// Layers of the subtree marked as needing display (a text layer whose string was just
    /// set, a layer after `setNeedsDisplay()`) are displayed first, so a tree that was never
    /// committed still shows its drawn content.
    ///
    /// The pixels come through the pipeline every frame takes: the model subtree as it is now
    /// is committed, as plain data and with no animations (`render(in:)` draws model values,
    /// not presented ones), into a render server tree of its own, whose frame (`tree(at:)`)
    /// the compositor draws. Time plays no part: with no animations and identity clocks the
    /// frame at 0 is the snapshot itself (emitters at their time 0, as their nodes are made).
    package func renderModelTree(in ctx: CGContext) {
        let w = ctx.width, h = ctx.height
        guard w > 0, h > 0 else { return }
        displaySubtreeIfNeeded()
        var tree = CommittedRenderTree(tree: RenderTree(layer: self)).tree(at: 0)
        guard var rootNode = tree[renderNodeID] else { return }
        // Identity placement: position at the anchor point, no transform of its own.
        let b = rootNode.bounds
        rootNode.position = CGPoint(x: b.minX + rootNode.anchorPoint.x * b.width, y: b.minY + rootNode.anchorPoint.y * b.height)
        rootNode.zPosition = rootNode.anchorPointZ
        rootNode.transform = CATransform3DIdentity
        _ = tree.update(rootNode)
        let ctm = ctx.ctm
        // A singular CTM maps everything onto a line: nothing to draw.
        guard abs(ctm.a * ctm.d - ctm.b * ctm.c) > 1e-12 else { return }
        let toDevice = ctm.concatenating(CGAffineTransform(a: 1, b: 0, c: 0, d: -1, tx: 0, ty: CGFloat(h)))
        guard toDevice.a.isFinite, toDevice.b.isFinite, toDevice.c.isFinite, toDevice.d.isFinite,
              toDevice.tx.isFinite, toDevice.ty.isFinite else { return }
        let frameID = RenderNodeID(0)
        var frame = RenderNode(id: frameID, children: [renderNodeID])
        frame.bounds = CGRect(x: 0, y: 0, width: w, height: h)
        frame.anchorPoint = .zero
        frame.sublayerTransform = CATransform3DMakeAffineTransform(toDevice)
        _ = tree.update(frame)
        tree.rootID = frameID
        do {
            let surface = try Compositor().render(tree: tree, width: w, height: h, scale: 1)
            let image = CGImage(surface: surface)
            ctx.saveGState()
            ctx.concatenate(ctm.inverted())
            ctx.draw(image, in: CGRect(x: 0, y: 0, width: w, height: h))
            ctx.restoreGState()
        } catch {
            LayerDiagnostics.report(.renderFailed(reason: "render(in:): \(error)"))
        }
    }
}

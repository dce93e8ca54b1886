import Foundation
import LaminaCompositor

/// Stable render-tree identities for layers. Every layer gets one at creation; a presentation
/// copy answers its model layer's, so the frame built from presented values updates the same
/// nodes the model's commits do.
package enum RenderNodeIdentity {
    private static let counter = LockedValue<UInt64>(0)

    /// A fresh identity, never 0 and never reused in this process.
    package static func next() -> RenderNodeID {
        RenderNodeID(counter.withLock { value in
            value += 1
            return value
        })
    }
}

extension CALayer {
    /// This layer's node in the render tree (its model layer's, for a presentation copy).
    package var renderNodeID: RenderNodeID {
        if isPresentationCopy, let model = modelLayerStorage { return model.ownRenderNodeID }
        return ownRenderNodeID
    }
}

extension RenderTree {
    /// The render tree of the subtree under `root` (sublayers and masks), as its layers are
    /// now: the snapshot a commit makes of the model. Hidden subtrees are included (the
    /// compositor skips them), so showing them again is an update of one flag, not a rebuild.
    /// Time plays no part: running transitions and emitter clocks are the render server's
    /// (`CommittedRenderTree.tree(at:)` writes them into each frame).
    package init(layer root: CALayer) {
        self.init(layer: root) { RenderNode(layer: $0) }
    }

    /// The tree of `root`'s subtree (sublayers and masks, each layer once), with `node(layer)`
    /// as each layer's node: the one walk every render-tree builder shares.
    package init(layer root: CALayer, node: (CALayer) -> RenderNode) {
        self.init(rootID: root.renderNodeID)
        var stack: [CALayer] = [root]
        var seen = Set<ObjectIdentifier>()
        while let layer = stack.popLast() {
            // The model refuses cycles; this guard keeps a corrupted tree from looping here.
            guard seen.insert(ObjectIdentifier(layer)).inserted else { continue }
            _ = update(node(layer))
            stack.append(contentsOf: layer.sublayerStorage)
            if let mask = layer.maskStorage { stack.append(mask) }
        }
    }
}

extension RenderNode {
    /// `layer`'s node with its values read from `copy`, a detached copy of it holding other
    /// values (restored or presented ones): identity and structure stay `layer`'s.
    package init(layer: CALayer, drawnFrom copy: CALayer) {
        self.init(layer: copy)
        id = layer.renderNodeID
        children = layer.sublayerStorage.map(\.renderNodeID)
        mask = layer.maskStorage?.renderNodeID
        drawPresentedContents(of: copy, over: layer)
    }
}

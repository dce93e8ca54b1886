import Foundation
import LaminaCompositor

// The model side of a commit: walks the CALayers a transaction touched and puts their node
// snapshots (`RenderNode(layer:)`) and records (`CommittedNode(layer:)`, with the animations'
// committed plain forms) into the render server's `CommittedRenderTree`
// (LaminaCompositor/Server), which then holds no model object but the detached copies of
// layers whose animations write content only the model draws.

extension CommittedRenderTree {
    /// A full snapshot of the tree under `root` (model side).
    package convenience init(root: CALayer) {
        self.init(rootID: root.renderNodeID)
        commit(root: root, changed: [])
    }

    /// Brings the tree up to date with the model after a transaction that touched `changed`
    /// (layers of other trees are ignored): only those layers are snapshotted again; sublayers
    /// new to the tree are snapshotted with their subtrees, removed ones dropped with theirs.
    /// When it returns, the tree equals a full snapshot of the model. Called by the outermost
    /// `CATransaction` commit for trees that have one.
    package func commit(root: CALayer, changed: [CALayer]) {
        commit(rootID: root.renderNodeID) { update in
            var walk = LayerSnapshotWalk(update: update)
            if update.isFull {
                walk.snapshot(root)
                walk.drain()
            } else {
                for layer in changed where layer.treeRoot === root {
                    walk.snapshot(layer)
                    walk.drain()
                }
            }
        }
    }
}

/// One commit's walk over the model: which layers were snapshotted, and the new ones still to
/// snapshot (an explicit stack: deep trees must not overflow the call stack).
private struct LayerSnapshotWalk {
    let update: CommittedTreeUpdate
    var done = Set<ObjectIdentifier>()
    var pending: [CALayer] = []

    /// Snapshots `layer`, and queues its sublayers and mask that are new to the tree.
    mutating func snapshot(_ layer: CALayer) {
        guard done.insert(ObjectIdentifier(layer)).inserted else { return }
        let id = layer.renderNodeID
        update.put(RenderNode(layer: layer), CommittedNode(layer: layer))
        for child in layer.sublayerStorage where !update.adopt(child.renderNodeID, parent: id, isMask: false) {
            pending.append(child)
        }
        if let mask = layer.maskStorage, !update.adopt(mask.renderNodeID, parent: id, isMask: true) {
            pending.append(mask)
        }
    }

    /// Snapshots the pending new layers (and, through `snapshot`, their new sublayers).
    mutating func drain() {
        while let layer = pending.popLast() { snapshot(layer) }
    }
}

extension CALayer {
    /// The committed render tree of the tree rooted here, made on first use from the model as
    /// it is (call it right after a commit) and kept up to date by every outermost commit from
    /// then on, while this layer is the root of a tree attached to a host.
    package func committedRenderTree() -> CommittedRenderTree {
        if let tree = committedRenderTreeStorage { return tree }
        let tree = CommittedRenderTree(root: self)
        committedRenderTreeStorage = tree
        return tree
    }
}

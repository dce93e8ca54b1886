// CAReplicatorLayer.instanceDelay for frames built from the model: instance k of a delayed
// replicator draws its sublayer tree as it was at the replicator's local time − k·delay. The
// animated layers under each such instance are evaluated again at the shifted time, and the
// nodes that differ from the frame's go into the tree's `instanceNodes` (see
// `ReplicatorInstanceNodes` in the compositor). CommittedFrameSchedule+InstanceDelay.swift
// does the same for the committed tree; the two must agree.
import Foundation
import LaminaCompositor

extension PresentedRenderTree {
    /// Fills `tree.instanceNodes` for the delayed replicators among `replicators` (the frame's,
    /// at absolute media time `time`). Replicators without delay, or without animated layers
    /// under their sublayers, cost a walk of those sublayers at most.
    func addDelayedInstances(to tree: inout RenderTree, at time: CFTimeInterval) {
        var walk = DelayedInstanceWalk(tree: tree)
        for replicator in replicators {
            // Every delayed replicator at instance 0 of those around it; `expand` reaches the
            // paths through their later instances.
            walk.expand(replicator, replicatorTime: localTime(of: replicator, at: time), path: [], replication: 1)
        }
        tree = walk.tree
    }

    /// `layer`'s local time at absolute media time `time`, as the evaluator computes it (the
    /// root's parent time is the media time).
    private func localTime(of layer: CALayer, at time: CFTimeInterval) -> Double {
        var chain: [CALayer] = []
        var current: CALayer? = layer
        while let l = current {
            chain.append(l)
            if l === root { break }
            current = l.treeParent
        }
        var t = time
        for l in chain.reversed() { t = l.localTime(fromParent: t) }
        return t
    }
}

/// One frame's evaluation of delayed replicator instances into `tree.instanceNodes`.
private struct DelayedInstanceWalk {
    var tree: RenderTree
    var budget = ReplicatorInstanceNodes.evaluationBudget
    /// Reused for every evaluation.
    var entry: PresentedLayer?

    /// Evaluates instances 1… of `replicator` on instance path `path`, where its local time is
    /// `replicatorTime`. `replication`: product of the instance counts of the delayed
    /// replicators on `path` (counts are clamped as `FramePreparer` clamps them).
    mutating func expand(_ replicator: CALayer, replicatorTime: Double, path: [ReplicatorInstanceStep], replication: Int) {
        let id = replicator.renderNodeID
        guard let node = tree.instanceNodes.node(id, at: path) ?? tree[id], case let .replicator(r) = node.kind,
              r.shiftsInstances else { return }
        let count = min(r.instanceCount, max(1, FramePreparer.maxInstances / max(1, replication)))
        guard count > 1, replicator.sublayerStorage.contains(where: \.hasAnimationsInSubtree) else { return }
        for k in 1..<count {
            guard budget > 0 else { return }
            let shifted = replicatorTime - Double(k) * r.instanceDelay
            let instancePath = path + [ReplicatorInstanceStep(replicator: id, index: k)]
            for child in replicator.sublayerStorage {
                visit(child, parentTime: shifted, path: instancePath, replication: replication * count)
            }
        }
    }

    /// Evaluates `layer`'s subtree at parent time `parentTime` on instance path `path`.
    private mutating func visit(_ layer: CALayer, parentTime: Double, path: [ReplicatorInstanceStep], replication: Int) {
        let local = layer.localTime(fromParent: parentTime)
        if !layer.animationEntries.isEmpty, budget > 0 {
            budget -= 1
            evaluate(layer, at: local, path: path)
        }
        if let mask = layer.maskStorage { visit(mask, parentTime: local, path: path, replication: replication) }
        for child in layer.sublayerStorage { visit(child, parentTime: local, path: path, replication: replication) }
        if layer is CAReplicatorLayer { expand(layer, replicatorTime: local, path: path, replication: replication) }
    }

    /// Stores `layer`'s node at local time `local` on `path` when it differs from the frame's.
    private mutating func evaluate(_ layer: CALayer, at local: Double, path: [ReplicatorInstanceStep]) {
        let id = layer.renderNodeID
        guard let shown = tree[id] else { return }
        let plan = AnimationEngine.plan(for: layer)
        guard !plan.isEmpty else { return }
        var e = entry ?? PresentedLayer(layer)
        entry = nil
        e.begin(layer)
        let presents = AnimationEngine.applyAnimations(of: layer, plan: plan, to: &e, localTime: local)
        if presents {
            var drawn = PresentedRenderTree.node(of: layer, presenting: e)
            drawn.transition = shown.transition
            if drawn != shown { tree.instanceNodes.set(drawn, at: path) }
        }
        entry = e
    }
}

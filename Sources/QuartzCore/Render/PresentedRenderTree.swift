import Foundation
import LaminaCompositor

/// Builds a frame's render tree straight from the model tree and the animation engine's
/// presented values (`PresentationEvaluator`), without presentation copies: the renderer's
/// per-frame path. The result equals `RenderTree(layer: root.presentation())` — the same
/// values, evaluated by the same engine — except that a host's
/// `applyPresentationValues(to:model:)` adjustments (made on presentation copies) are not
/// applied.
///
/// Per frame: one evaluation (no allocation in a steady state), then one node per layer; a
/// layer with animated subclass properties (strokeEnd, colors, contents…) is the only kind
/// that costs a copy. Keep one per root and reuse it across frames.
package final class PresentedRenderTree {
    package let root: CALayer
    private let evaluator: PresentationEvaluator
    /// Layers with presented values this frame → their entry in the evaluator.
    private var entryOf: [ObjectIdentifier: Int] = [:]
    /// The replicator layers of the last frame's tree.
    var replicators: [CALayer] = []

    package init(root: CALayer) {
        self.root = root
        evaluator = PresentationEvaluator(root: root)
    }

    /// The render tree of the root's subtree as seen at absolute media time `time`
    /// (transitions running at that time included, and the nodes later instances of delayed
    /// replicators draw: PresentedRenderTree+InstanceDelay.swift).
    package func tree(at time: CFTimeInterval) -> RenderTree {
        evaluator.evaluate(at: time)
        entryOf.removeAll(keepingCapacity: true)
        replicators.removeAll(keepingCapacity: true)
        for i in 0..<evaluator.count { entryOf[ObjectIdentifier(evaluator[i].layer)] = i }
        var tree = RenderTree(layer: root) { layer in
            var node: RenderNode
            if let i = entryOf[ObjectIdentifier(layer)] {
                node = Self.node(of: layer, presenting: evaluator[i])
            } else {
                node = RenderNode(layer: layer)
            }
            if !layer.animationEntries.isEmpty { node.transition = RenderTransition(model: layer, at: time) }
            if layer is CAReplicatorLayer { replicators.append(layer) }
            return node
        }
        if !replicators.isEmpty { addDelayedInstances(to: &tree, at: time) }
        return tree
    }

    /// `layer`'s node with the presented values `entry` (evaluated for it), without a
    /// transition.
    static func node(of layer: CALayer, presenting entry: PresentedLayer) -> RenderNode {
        if entry.extras.isEmpty {
            var p = layer.props
            entry.values.store(into: &p)
            return RenderNode(layer: layer, properties: p)
        }
        // Subclass or custom properties are animated: draw from a copy holding them.
        let copy = type(of: layer).init(presentationCopyOf: layer)
        entry.store(into: copy)
        return RenderNode(layer: layer, drawnFrom: copy)
    }
}

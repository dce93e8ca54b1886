// The compositor's copy of the layer tree: render nodes by id plus the root. QuartzCore's
// commit updates it by id (only what changed); frames are produced from it without touching
// the model. Children may arrive before or after their parents, so the tree tolerates ids
// that do not (yet) resolve; traversal skips them and reports a diagnostic. A node reached a
// second time in one traversal (a cycle, a node with two parents, a mask that is also a
// sublayer or its own ancestor) is skipped the second time, never followed again.

/// Something wrong with the tree's structure, reported instead of crashing.
package enum RenderTreeDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// `parent` names a child or mask `missing` that is not in the tree.
    case danglingReference(parent: RenderNodeID, missing: RenderNodeID)
    /// `node` was reached again from `parent` during one traversal (cycle or shared node).
    case repeatedNode(parent: RenderNodeID, node: RenderNodeID)
    /// An update that names the node itself as its child or mask was refused.
    case selfReference(RenderNodeID)

    package var description: String {
        switch self {
        case let .danglingReference(p, m): return "render node \(p) refers to missing node \(m); ignored"
        case let .repeatedNode(p, n): return "render node \(n) reached again from \(p) (cycle or shared node); skipped"
        case let .selfReference(n): return "render node \(n) names itself as child or mask; update refused"
        }
    }
}

/// Render nodes by id and the root id.
package struct RenderTree: Sendable {
    package private(set) var nodes: [RenderNodeID: RenderNode] = [:]
    package var rootID: RenderNodeID?
    /// What the later instances of delayed replicators draw instead of these nodes
    /// (`CAReplicatorLayer.instanceDelay`); empty when no replicator shifts time.
    package var instanceNodes = ReplicatorInstanceNodes()
    /// What changed since the frame this tree was made from (nil: unknown). Every node write
    /// below records its id here (RenderTreeChanges.swift).
    package var changes: RenderTreeChanges?

    package init(rootID: RenderNodeID? = nil) { self.rootID = rootID }

    /// A tree holding `nodes`, rooted at `root` (or at the first node when `root` is nil).
    package init(root: RenderNodeID? = nil, nodes: [RenderNode]) {
        for n in nodes { _ = update(n) }
        rootID = root ?? nodes.first?.id
    }

    package subscript(id: RenderNodeID) -> RenderNode? { nodes[id] }

    package var count: Int { nodes.count }

    /// Calls `body` with node `id` read in place (no copy of the node and its references out
    /// of the tree, as `self[id]` makes); nil when there is no such node.
    @inline(__always)
    package func withNode<R>(_ id: RenderNodeID, _ body: (RenderNode) throws -> R) rethrows -> R? {
        guard let i = nodes.index(forKey: id) else { return nil }
        return try body(nodes.values[i])
    }

    /// Whether node `id` is in the tree.
    package func contains(_ id: RenderNodeID) -> Bool { nodes.index(forKey: id) != nil }

    /// Inserts or replaces `node`. A node naming itself as child or mask is refused (the tree
    /// is unchanged) and the diagnostic returned; longer cycles are caught at traversal.
    @discardableResult
    package mutating func update(_ node: RenderNode) -> RenderTreeDiagnostic? {
        if node.children.contains(node.id) || node.mask == node.id {
            return .selfReference(node.id)
        }
        nodes[node.id] = node
        changes?.ids.append(node.id)
        return nil
    }

    /// Changes node `id` in place (no copy of the node in and out); nothing when it is absent.
    /// `body` must keep the node's id, children and mask (use `update` to change structure).
    package mutating func modify(_ id: RenderNodeID, _ body: (inout RenderNode) -> Void) {
        guard let i = nodes.index(forKey: id) else { return }
        changes?.ids.append(id)
        body(&nodes.values[i])
    }

    /// Removes the node `id` (not its descendants: they may be re-parented by the same
    /// commit). Removing the root clears `rootID`.
    package mutating func remove(_ id: RenderNodeID) {
        nodes[id] = nil
        changes?.ids.append(id)
        if rootID == id { rootID = nil }
    }

    /// Removes `id` and every node reachable from it through children and masks.
    package mutating func removeSubtree(_ id: RenderNodeID) {
        for n in subtree(of: id).order { remove(n) }
    }

    /// The ids reachable from `start` through children and masks, depth first in drawing
    /// order (a node, its mask's subtree, then its children's subtrees in sublayer order),
    /// each at most once, and the diagnostics met on the way.
    package func subtree(of start: RenderNodeID) -> (order: [RenderNodeID], diagnostics: [RenderTreeDiagnostic]) {
        var order: [RenderNodeID] = []
        var diagnostics: [RenderTreeDiagnostic] = []
        var seen: Set<RenderNodeID> = []
        guard nodes[start] != nil else { return ([], []) }
        // Explicit stack: deep trees must not overflow the call stack.
        var stack: [RenderNodeID] = [start]
        seen.insert(start)
        while let id = stack.popLast() {
            order.append(id)
            guard let node = nodes[id] else { continue }
            var next: [RenderNodeID] = []
            for child in ([node.mask].compactMap { $0 } + node.children) {
                if nodes[child] == nil {
                    diagnostics.append(.danglingReference(parent: id, missing: child))
                } else if seen.contains(child) {
                    diagnostics.append(.repeatedNode(parent: id, node: child))
                } else {
                    seen.insert(child)
                    next.append(child)
                }
            }
            stack.append(contentsOf: next.reversed())
        }
        return (order, diagnostics)
    }

    /// The resolvable children of `id`, in sublayer order (dangling ids dropped).
    package func children(of id: RenderNodeID) -> [RenderNode] {
        (nodes[id]?.children ?? []).compactMap { nodes[$0] }
    }

    /// Structural problems of the whole tree seen from the root: dangling references,
    /// cycles and shared nodes. Empty for a well-formed tree.
    package func validate() -> [RenderTreeDiagnostic] {
        guard let root = rootID else { return [] }
        return subtree(of: root).diagnostics
    }
}

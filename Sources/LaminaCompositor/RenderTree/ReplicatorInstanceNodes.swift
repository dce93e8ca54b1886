// CAReplicatorLayer.instanceDelay in the frame: instance k of a replicator draws its sublayer
// tree as it was k·instanceDelay seconds earlier ("Specifies the delay, in seconds, between
// replicated copies"). Evaluating animations is QuartzCore's business, so the frame builder
// evaluates the replicated subtree at each shifted time and hands the compositor plain nodes:
// for each chain of delayed replicator instances ("instance path"), the descendants whose
// values differ there from the frame's own nodes. The preparer, walking instance k of a
// delayed replicator, resolves children through the path it is on and falls back to the
// frame's node — so a replicator without delay, or without animated descendants, costs
// nothing, and the compositor stays free of animation knowledge.

/// One step of an instance path: instance `index` (≥ 1; instance 0 is the frame itself) of
/// the delayed replicator `replicator`.
package struct ReplicatorInstanceStep: Hashable, Sendable {
    package var replicator: RenderNodeID
    package var index: Int

    package init(replicator: RenderNodeID, index: Int) {
        self.replicator = replicator
        self.index = index
    }
}

extension ReplicatorContent {
    /// Whether instances of this replicator draw their sublayers at different times: a finite,
    /// non-zero `instanceDelay` and more than one instance. Both the frame builders and the
    /// preparer ask this one predicate, so they agree on the instance paths. A NaN or
    /// infinite delay is treated as 0 (no shift); a negative one shifts the other way (later
    /// instances are ahead in time), which is what the arithmetic `t − k·delay` gives.
    package var shiftsInstances: Bool {
        instanceDelay.isFinite && instanceDelay != 0 && instanceCount > 1
    }
}

/// The nodes later instances of delayed replicators draw instead of the frame's own, by
/// instance path. A path lists, outermost first, the instances with index ≥ 1 of the delayed
/// replicators (`ReplicatorContent.shiftsInstances`) being walked; instances 0 and replicators
/// without delay add no step, since they shift nothing. Only descendants whose node differs
/// from the frame's are stored. Structure (children, mask) is always the frame's.
package struct ReplicatorInstanceNodes: Sendable {
    /// Most node evaluations a frame builder spends on delayed instances (instances past it
    /// draw the frame's own, undelayed nodes): bounds the work of huge instance counts and
    /// deep nesting, as `FramePreparer.maxInstances` bounds the drawing.
    package static let evaluationBudget = 16_384

    private var variantOf: [[ReplicatorInstanceStep]: Int] = [:]
    private var variants: [[RenderNodeID: RenderNode]] = []

    package init() {}

    /// No delayed instance has nodes of its own.
    package var isEmpty: Bool { variants.isEmpty }

    /// Number of instance paths with nodes of their own.
    package var pathCount: Int { variants.count }

    /// The variant index of instance path `path`, nil when no node differs there.
    package func variant(at path: [ReplicatorInstanceStep]) -> Int? {
        path.isEmpty ? nil : variantOf[path]
    }

    /// The node `id` draws as in variant `variant` (nil: the frame's own node).
    package func node(_ id: RenderNodeID, in variant: Int) -> RenderNode? {
        variants[variant][id]
    }

    /// The node `id` draws as at instance path `path` (nil: the frame's own node).
    package func node(_ id: RenderNodeID, at path: [ReplicatorInstanceStep]) -> RenderNode? {
        variant(at: path).flatMap { variants[$0][id] }
    }

    /// Records that at instance path `path` (not empty) node `node.id` draws as `node`.
    package mutating func set(_ node: RenderNode, at path: [ReplicatorInstanceStep]) {
        guard !path.isEmpty else { return }
        if let v = variantOf[path] {
            variants[v][node.id] = node
        } else {
            variantOf[path] = variants.count
            variants.append([node.id: node])
        }
    }

    package mutating func removeAll() {
        variantOf.removeAll(keepingCapacity: true)
        variants.removeAll(keepingCapacity: true)
    }
}
